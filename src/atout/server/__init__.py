"""The game master, in layers whose imports only point down (checked by ``lint-imports``):

- :mod:`.shell`: the I/O shell — the asyncio loop, sockets, HTTP and WebSocket, timers, the group
  commit, metrics, searches off the loop;
- :mod:`.nodes`: several game masters as one — leases, routing, the Redis bus between nodes;
- :mod:`.core`: the sans-I/O game master — the router, the lobby, table actors and their members;
- :mod:`.accounts`: players' accounts, names, login limits, ratings and the platform's HTTP API;
- :mod:`.storage`: the database interface, its SQLite and PostgreSQL implementations, migrations,
  a table's record and its replay.

:mod:`.commands` (``atout serve`` and friends) and :mod:`.child` (a server in a child process, for
tests and benchmarks) sit on top.
"""
