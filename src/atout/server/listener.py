"""The listening sockets, with an accept loop that backs off when the process is out of
descriptors (asyncio's own logs every pending connection again and again)."""

from __future__ import annotations

import errno
import socket
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from atout.server.ws import Shell

ACCEPT_BACKOFF = 0.25  # seconds without accepting after the process ran out of descriptors


class Listener:
    """The listening sockets, with an accept loop that backs off when the process is out of
    descriptors (asyncio's own logs every pending connection again and again)."""

    def __init__(self, shell: Shell, sockets: list[socket.socket]) -> None:
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
