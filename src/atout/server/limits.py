"""The transport's limits: what one socket, and all of them together, may cost the game master.

One :class:`Limits` value is given to the :class:`~atout.server.ws.Shell`; ``atout serve`` builds
it from its options (docs/ARCHITECTURE.md, "Limits", lists them).
"""

from __future__ import annotations

import re
import resource
from dataclasses import dataclass, field

MAX_DEPTH = 32  # nesting of arrays and objects in a client's frame (checked in the codec)
FD_RESERVE = 64  # descriptors kept for the database, the log, /health beyond the maximum


def default_max_connections() -> int:
    """1000, or fewer when the descriptor limit (``ulimit -n``) would not leave a reserve."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return 1000
    return max(16, min(1000, soft - FD_RESERVE))


LOOPBACK_ORIGIN = re.compile(r"https?://(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d{1,5})?")


@dataclass(slots=True)
class Limits:
    """Transport limits; every field is an ``atout serve`` option of the same name."""

    max_message: int = 1 << 16
    """Bytes a client's message may have (all its fragments together); beyond: too_large, 1009."""
    max_connections: int = field(default_factory=default_max_connections)
    """Open sockets (WebSocket, HTTP, half-open); beyond, /ws answers 503 and /health still works."""
    conn_buffer: int = 1 << 20
    """Bytes queued to one client that does not read before it is closed (1008)."""
    total_buffer: int = 64 << 20
    """Bytes queued to all clients together; beyond, those holding more than their share go."""
    handshake_timeout: float = 10.0
    """Seconds a socket has to send a whole HTTP request."""
    idle_timeout: float = 120.0
    """Seconds of silence before a WebSocket is closed (1011); a ping goes out at half of it."""
    close_timeout: float = 5.0
    """Seconds a closing socket has to finish the closing handshake before it is dropped."""
    allow_origins: tuple[str, ...] = ()
    """Origins accepted on /ws besides the page's own and loopback ones ("*": any)."""

    def origins_for(self, host: str | None) -> list[str | re.Pattern[str] | None] | None:
        """The ``Origin`` values accepted on a request to ``host`` (None: no check at all).

        No Origin header (a program, not a browser page) is accepted, as are the server's own
        origin (the ``Host`` the request names), loopback pages, and ``allow_origins``."""
        if "*" in self.allow_origins:
            return None
        allowed: list[str | re.Pattern[str] | None] = [None, LOOPBACK_ORIGIN]
        if host:
            allowed += [f"http://{host}", f"https://{host}"]
        allowed += [o.rstrip("/") for o in self.allow_origins]
        return allowed
