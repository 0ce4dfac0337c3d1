"""The players' platform: accounts and sessions (argon2id), the rule for players' names and their
look-alikes, login and signup limits a stranger cannot turn against an owner, ratings per game,
and the JSON HTTP API (sans I/O) that serves them, with replays, to the page."""
