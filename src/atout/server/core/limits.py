"""What clients may cost the game master: the transport's :class:`Limits` (one socket, and all
of them together) and the game master's own :class:`CoreLimits` (rates, quotas, bots).

``atout serve`` builds both from its options (docs/ARCHITECTURE.md, "Limits", lists them) and
gives them to :func:`atout.server.app.start`: the Limits to the shell, the CoreLimits to the core.
"""

from __future__ import annotations

import dataclasses
import math
import re
import resource
import urllib.parse
from dataclasses import dataclass, field
from typing import Any

from atout.server.core.proxies import Network

MAX_DEPTH = 32  # nesting of arrays and objects in a client's frame (checked in the codec)
FD_RESERVE = 64  # descriptors kept for the database, the log, /health beyond the maximum


def default_max_connections() -> int:
    """1000, or fewer when the descriptor limit (``ulimit -n``) would not leave a reserve."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return 1000
    return max(16, min(1000, soft - FD_RESERVE))


def origin_of(url: str) -> str:
    """The origin (``scheme://host[:port]``, default port dropped) of a ``--public-url``.
    Raises ValueError with a one-line reason."""
    u = urllib.parse.urlsplit(url.strip())
    if u.scheme not in ("http", "https") or not u.hostname:
        raise ValueError(f"{url!r} is not an http(s) address such as https://cards.example")
    host = f"[{u.hostname}]" if ":" in u.hostname else u.hostname
    try:
        port = u.port
    except ValueError:
        raise ValueError(f"{url!r} has a bad port") from None
    default = {"http": 80, "https": 443}[u.scheme]
    return f"{u.scheme}://{host}" + ("" if port in (None, default) else f":{port}")


def _own(host: str, port: int) -> list[str]:
    """``host:port`` as a page's origin, both schemes (no port where it is the default)."""
    h = f"[{host}]" if ":" in host else host
    return [
        f"http://{h}" + ("" if port == 80 else f":{port}"),
        f"https://{h}" + ("" if port == 443 else f":{port}"),
    ]


WILDCARD_HOSTS = frozenset({"", "0.0.0.0", "::", "*"})


@dataclass(slots=True)
class Limits:
    """Transport limits; every field is an ``atout serve`` option of the same name."""

    max_message: int = 1 << 16
    """Bytes a client's message may have (all its fragments together); beyond: too_large, 1009."""
    max_connections: int = field(default_factory=default_max_connections)
    """Open sockets (WebSocket, HTTP, half-open); beyond, /ws answers 503 and /health still works."""
    sockets_per_address: int = 64
    """Open sockets from one remote address (not loopback, not a trusted proxy); beyond, a new one
    is closed at once: one host cannot take every socket (half-open handshakes included)."""
    conn_buffer: int = 1 << 20
    """Bytes queued to one client that does not read before it is closed (1008)."""
    send_buffer: int = 64 << 10
    """The kernel's send buffer of each socket (SO_SNDBUF; Linux doubles it): what a client that
    does not read can hold there before the game master feels it and stops reading from it."""
    stall_timeout: float = 15.0
    """Seconds a client may leave its output unread (writing paused) before it is closed (1008)."""
    total_buffer: int = 64 << 20
    """Bytes queued to all clients together; beyond, those holding more than their share go."""
    handshake_timeout: float = 10.0
    """Seconds a socket has to send a whole HTTP request."""
    idle_timeout: float = 120.0
    """Seconds of silence before a WebSocket is closed (1011), at most: it is pinged after
    ``CoreLimits.ping_every`` (or half of this, if sooner) and closed when nothing comes back
    within as long again."""
    close_timeout: float = 5.0
    """Seconds a closing socket has to finish the closing handshake before it is dropped."""
    request_timeout: float = 60.0
    """Seconds an /api/ request read whole may wait for its answer (a password check's queue)
    before it is answered 503; never swept as a dead handshake meanwhile."""
    allow_origins: tuple[str, ...] = ()
    """Origins accepted on /ws besides the server's own addresses ("*": any)."""
    public_urls: tuple[str, ...] = ()
    """The addresses players reach the server at (``--public-url``): their origins are its own."""
    trusted_proxies: tuple[Network, ...] = ()
    """Peers whose X-Forwarded-For/-Proto (or Forwarded) headers name the real client."""

    def origins(self, host: str, port: int) -> list[str | re.Pattern[str] | None] | None:
        """The ``Origin`` values accepted on /ws for a server listening on ``host:port``
        (None: no check at all, with ``--allow-origin '*'``).

        Never derived from a request's ``Host`` header (a DNS-rebinding page names its own host
        there): no Origin header (a program, not a page), a loopback page at this very port, the
        listening address if it is a specific one, every ``--public-url``, ``--allow-origin``."""
        if "*" in self.allow_origins:
            return None
        p = "" if port == 80 else f":{port}"
        loop = re.compile(rf"https?://(localhost|127(\.\d{{1,3}}){{3}}|\[::1\]){re.escape(p)}")
        allowed: list[str | re.Pattern[str] | None] = [None, loop]
        if host.lower() not in WILDCARD_HOSTS and host.lower() != "localhost":
            allowed += _own(host.lower(), port)
        allowed += [origin_of(u) for u in self.public_urls]
        allowed += [o.rstrip("/") for o in self.allow_origins]
        return allowed


#: Game-length options and the largest value a table may ask for (``atout serve --max-option``).
OPTION_MAXIMA: dict[str, dict[str, int]] = {
    "quinze": {"target": 500, "max_rounds": 100},
    "pouilleux": {"max_turns": 2000},
}


@dataclass(frozen=True, slots=True)
class CoreLimits:
    """What one game master allows; every field is an option of ``atout serve --limit``
    (docs/ARCHITECTURE.md lists them). :meth:`unlimited` is for scripted tests and documents."""

    # -- the event loop is never held
    min_bot_delay: float = 0.2  # seconds: a table's bot_delay is raised to this
    bot_iterations: int = 1000  # a server-seated search's iterations per decision, at most
    bot_seconds: float = 1.0  # and its seconds per decision
    bot_workers: int = 2  # worker processes for searches (0: in the loop, tests only)
    tick_moves: int = 16  # moves one tick makes before it yields to the loop
    option_maxima: dict[str, dict[str, int]] = field(default_factory=lambda: OPTION_MAXIMA)
    # -- rate limits and quotas (per remote address: not applied to loopback addresses)
    conn_rate: float = 100.0  # commands per second, per connection (token bucket)
    conn_burst: int = 200
    address_rate: float = 200.0  # commands per second, per remote address
    address_burst: int = 400
    create_rate: float = 0.5  # tables created per second, per connection and per address
    create_burst: int = 10
    tables_per_conn: int = 10  # open (waiting or playing) tables a connection created
    tables_per_address: int = 50
    page_size: int = 50  # tables in one list_tables reply, at most
    waiting_ttl: float = 1800.0  # seconds a table may wait for its start (0: forever)
    away_after: float = 60.0  # seconds a disconnected player has before a bot plays (0: never)
    abandon_after: float = 600.0  # seconds every player may be gone before the table closes
    bot_tables: int = 8  # all-bot tables open at once (0: refused)
    # -- logins and signups (every address, loopback included; shared by every node)
    login_free: int = 5  # attempts on one name from one address before the delays start
    login_delay: float = 1.0  # seconds: the first delay, doubled at each further attempt
    login_delay_max: float = 600.0  # seconds: the longest delay
    login_address_burst: int = 30  # logins from one address, whatever the names, at once
    login_address_every: float = 2.0  # then one every this many seconds
    signup_burst: int = 5  # accounts created from one address at once
    signup_every: float = 60.0  # then one every this many seconds
    password_threads: int = 2  # argon2 hashes at once, off the event loop
    password_queue: int = 64  # logins and signups waiting for them; beyond, 503 at once
    # -- keep-alive (the shell's sweep; here so that --limit sets it)
    ping_every: float = 10.0  # seconds of silence before a WebSocket is pinged; closed (1011)
    # when nothing comes back within as many more (at most idle_timeout / 2)

    @classmethod
    def unlimited(cls) -> CoreLimits:
        """No floor, no pool, no quota: what the scripted tests and the document generator use."""
        return cls(
            min_bot_delay=0.0,
            bot_iterations=1 << 30,
            bot_seconds=1e9,
            bot_workers=0,
            tick_moves=1 << 30,
            option_maxima={},
            conn_rate=1e12,
            conn_burst=1 << 30,
            address_rate=1e12,
            address_burst=1 << 30,
            create_rate=1e12,
            create_burst=1 << 30,
            tables_per_conn=1 << 30,
            tables_per_address=1 << 30,
            page_size=1 << 30,
            waiting_ttl=0.0,
            away_after=0.0,
            abandon_after=0.0,
            bot_tables=1 << 30,
            login_free=1 << 30,
            login_address_burst=1 << 30,
            login_address_every=1e-9,
            signup_burst=1 << 30,
            signup_every=1e-9,
            password_queue=1 << 30,
        )


LIMIT_HELP: dict[str, str] = {
    "min_bot_delay": "seconds: the least bot_delay a table gets",
    "bot_iterations": "iterations of a server-seated search per decision, at most",
    "bot_seconds": "seconds of a server-seated search per decision, at most",
    "bot_workers": "worker processes running the searches (0: in the event loop)",
    "tick_moves": "moves made before the loop serves its sockets again",
    "conn_rate": "commands per second per connection",
    "conn_burst": "commands a connection may send at once",
    "address_rate": "commands per second per remote address (not loopback)",
    "address_burst": "commands an address may send at once",
    "create_rate": "tables created per second per connection and per address",
    "create_burst": "tables created at once",
    "tables_per_conn": "open tables a connection created, at most",
    "tables_per_address": "open tables an address created, at most",
    "page_size": "tables in one list_tables reply, at most",
    "waiting_ttl": "seconds a table may wait for its start (0: forever)",
    "away_after": "seconds a disconnected player has before a bot plays for them (0: never)",
    "abandon_after": "seconds every player of a table may be gone before it closes (0: never)",
    "bot_tables": "tables of bots only open at once (0: refused)",
    "login_free": "login attempts on one name from one address before delays start",
    "login_delay": "seconds: the first delay after those, doubled at each further attempt",
    "login_delay_max": "seconds: the longest such delay",
    "login_address_burst": "logins one address may try at once, whatever the names",
    "login_address_every": "seconds between two more logins from one address after that",
    "signup_burst": "accounts one address may create at once",
    "signup_every": "seconds between two more signups from one address after that",
    "password_threads": "threads hashing passwords (argon2id) off the event loop",
    "password_queue": "logins and signups waiting for those threads; beyond, 503 at once",
    "ping_every": "seconds of silence before a WebSocket is pinged; no answer within as many "
    "more: closed",
}


#: Limits where 0 would stop the server doing its work (a tick that makes no move spins for ever,
#: a bucket of 0 refuses every command): they take a positive value.
POSITIVE = frozenset(
    {
        "bot_iterations",
        "bot_seconds",
        "tick_moves",
        "conn_rate",
        "conn_burst",
        "address_rate",
        "address_burst",
        "create_rate",
        "create_burst",
        "tables_per_conn",
        "tables_per_address",
        "page_size",
        "login_free",
        "login_delay",
        "login_address_burst",
        "login_address_every",
        "signup_burst",
        "signup_every",
        "password_threads",
        "password_queue",
        "ping_every",
    }
)


def limits_help() -> str:
    """Every limit with its default, for ``atout serve --help``."""
    d = CoreLimits()
    parts = [f"{k}={getattr(d, k)}" for k in LIMIT_HELP]
    maxima = [f"{g}.{o}={n}" for g, opts in OPTION_MAXIMA.items() for o, n in opts.items()]
    return ", ".join(parts) + "; game-length maxima: " + ", ".join(maxima) + "."


def parse_limits(pairs: list[str], base: CoreLimits | None = None) -> CoreLimits:
    """``name=value`` pairs (``min_bot_delay=0.5``, ``quinze.target=1000``) over ``base``.
    Raises ValueError with a one-line reason."""
    base = base or CoreLimits()
    changes: dict[str, Any] = {}
    maxima = {g: dict(o) for g, o in base.option_maxima.items()}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        name = name.strip().replace("-", "_")
        if not sep:
            raise ValueError(f"{pair!r}: expected name=value")
        if "." in name:
            game, _, opt = name.partition(".")
            if opt not in maxima.get(game, {}):
                known = ", ".join(f"{g}.{o}" for g, os in OPTION_MAXIMA.items() for o in os)
                raise ValueError(f"{name!r}: no such game-length option (known: {known})")
            maxima[game][opt] = _number(name, value, int)
            continue
        if name not in LIMIT_HELP:
            raise ValueError(f"{name!r}: no such limit (known: {', '.join(LIMIT_HELP)})")
        kind = type(getattr(base, name))
        changes[name] = _number(name, value, kind)
        if name in POSITIVE and not changes[name] > 0:
            raise ValueError(f"{name}: {value!r} must be more than 0")
    return dataclasses.replace(base, option_maxima=maxima, **changes)


def _number(name: str, value: str, kind: type) -> Any:
    try:
        x = kind(value)
    except ValueError:
        raise ValueError(f"{name}: {value!r} is not a {kind.__name__}") from None
    if not 0 <= x < math.inf:
        raise ValueError(f"{name}: {value!r} is not a number from 0")
    return x
