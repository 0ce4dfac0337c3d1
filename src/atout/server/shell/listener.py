"""The listening sockets, with an accept loop that backs off when the process is out of
descriptors (asyncio's own logs every pending connection again and again)."""

from __future__ import annotations

import asyncio
import errno
import socket
from collections.abc import Callable
from typing import Any, Protocol


class Accepting(Protocol):
    """What the accept loop asks of the shell: its loop, a new connection per socket, a warning."""

    loop: asyncio.AbstractEventLoop

    @property
    def new_connection(self) -> Callable[[], asyncio.Protocol]: ...
    def warn(self, kind: str, msg: str, *args: Any) -> None: ...


ACCEPT_BACKOFF = 0.25  # seconds without accepting after the process ran out of descriptors


class Listener:
    """The listening sockets, with an accept loop that backs off when the process is out of
    descriptors (asyncio's own logs every pending connection again and again)."""

    def __init__(self, shell: Accepting, sockets: list[socket.socket]) -> None:
        self.shell = shell
        self.loop = shell.loop
        self.sockets = sockets
        self.closed = False
        for s in sockets:
            self.loop.add_reader(s.fileno(), self._accept, s)

    def _accept(self, sock: socket.socket) -> None:
        for _ in range(64):
            try:
                conn, _addr = sock.accept()
            except (BlockingIOError, InterruptedError, ConnectionAbortedError):
                return
            except OSError as e:
                if e.errno in (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM):
                    self.shell.warn(
                        "accept",
                        "cannot accept connections (%s): retrying every %s s",
                        e.strerror,
                        ACCEPT_BACKOFF,
                    )
                    self.loop.remove_reader(sock.fileno())
                    self.loop.call_later(ACCEPT_BACKOFF, self._resume, sock)
                else:
                    self.shell.warn("accept", "accept failed: %s", e)
                return
            conn.setblocking(False)
            self.loop.create_task(self._adopt(conn))

    async def _adopt(self, conn: socket.socket) -> None:
        try:
            await self.loop.connect_accepted_socket(self.shell.new_connection, conn)
        except OSError:
            conn.close()

    def _resume(self, sock: socket.socket) -> None:
        if not self.closed:
            self.loop.add_reader(sock.fileno(), self._accept, sock)

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        for s in self.sockets:
            self.loop.remove_reader(s.fileno())
            s.close()


async def bind(loop: asyncio.AbstractEventLoop, host: str, port: int) -> list[socket.socket]:
    """Listening sockets on every address ``host`` names (with ``port`` 0, one free port for
    all), bound, non-blocking."""
    infos = await loop.getaddrinfo(
        host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )
    socks: list[socket.socket] = []
    seen: set[tuple[int, Any]] = set()
    try:
        for family, kind, proto, _, addr in infos:
            if (family, addr) in seen:
                continue
            seen.add((family, addr))
            s = socket.socket(family, kind, proto)
            socks.append(s)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:
                s.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            if port == 0 and len(socks) > 1:
                addr = (addr[0], socks[0].getsockname()[1], *addr[2:])
            try:
                s.bind(addr)
            except OSError as e:
                raise OSError(
                    e.errno,
                    f"error while attempting to bind on address {addr!r}: "
                    f"{(e.strerror or '').lower()}",
                ) from None
            s.listen(4096)
            s.setblocking(False)
    except BaseException:
        for s in socks:
            s.close()
        raise
    return socks
