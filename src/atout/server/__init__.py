"""The game master: a sans-I/O core (:mod:`.core`), its SQLite store, a WebSocket shell."""
