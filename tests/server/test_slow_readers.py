"""Clients that never read, and floods over the rate limit, cost the game master little
(issue 27, 9): a client whose output stays unread is closed at the stall time-out, and a
connection over its rate is not read any more until its bucket refills (one refusal, not one per
frame)."""

from __future__ import annotations

import asyncio
import contextlib
import socket

from tests.server.test_transport_limits import _opened, _unread, wait_for
from tests.server.test_transport_ws import Raw, connect

from atout.server.core.limits import CoreLimits, Limits
from atout.server.shell.ws import start


def test_a_client_that_never_reads_is_closed_at_the_stall_timeout():
    """It used to stay, paused, until the idle time-out (120 s by default), holding its
    buffers; a normal client is served meanwhile and stays."""

    async def go() -> None:
        lim = Limits(stall_timeout=0.5, close_timeout=0.3, send_buffer=4096)
        server = await start("127.0.0.1", 0, limits=lim)
        shell = server.shell
        try:
            s = _unread(server.port)
            s.setblocking(False)
            await wait_for(lambda: _opened(shell, 1))
            normal = await connect(server.port)
            batch = b"".join(Raw.masked(b'{"cmd":"list_games","body":{}}') for _ in range(50))
            for _ in range(400):  # until the server no longer reads it
                with contextlib.suppress(BlockingIOError):
                    s.send(batch)
                await asyncio.sleep(0.005)
                if shell.slow_cut:
                    break
            await wait_for(lambda: shell.slow_cut == 1 and len(shell.conns) == 1, 10)
            normal.text(b'{"cmd":"ping","body":{},"id":7}')
            ev = await normal.next()
            while not (isinstance(ev, dict) and ev.get("cmd") == "pong"):
                ev = await normal.next()
            s.close()
            normal.close()
        finally:
            await server.close()

    asyncio.run(go())


def test_a_flood_over_the_rate_is_not_read_frame_by_frame():
    """2,000 pings at once from a client allowed 20: it gets a few refusals, not ~1,980 of
    them, and the frames it sent on wait in its socket, not in the game master."""

    async def go() -> None:
        core = CoreLimits(conn_rate=20.0, conn_burst=20)
        server = await start("127.0.0.1", 0, core_limits=core)
        try:
            r, w = await asyncio.open_connection("127.0.0.1", server.port)
            w.write(
                b"GET /ws HTTP/1.1\r\nHost: h\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
            )
            await r.readuntil(b"\r\n\r\n")
            hello = b'{"cmd":"hello","body":{"versions":[1],"name":"flood"},"id":1}'
            pings = [Raw.masked(b'{"cmd":"ping","body":{},"id":%d}' % i) for i in range(2, 2002)]
            w.write(Raw.masked(hello) + b"".join(pings))
            await w.drain()
            got: list[dict] = []
            decoder = Raw(r, w, b"")

            async def until_pongs(n: int) -> None:
                while sum(1 for m in got if m.get("cmd") == "pong") < n:
                    ev = await decoder.next(10)
                    if isinstance(ev, dict):
                        got.append(ev)

            await until_pongs(40)  # the burst (19 after the hello), then ~20 a second
            pongs = sum(1 for m in got if m.get("cmd") == "pong")
            refusals = [m for m in got if m.get("cmd") == "error"]
            # at most one refusal per command let through after the burst: what it costs is
            # bounded by its rate, not by what it sends (it used to be ~1,980 refusals)
            assert 1 <= len(refusals) <= pongs - 19 + 1, (len(refusals), pongs)
            assert all(m["body"]["code"] == "limit.rate" for m in refusals)
            assert server.shell.frames_in < 200  # the rest is still in its socket
            w.close()
        finally:
            await server.close()

    asyncio.run(go())


def test_the_kernel_send_buffer_is_bounded():
    async def go() -> None:
        server = await start("127.0.0.1", 0, limits=Limits(send_buffer=32 << 10))
        try:
            raw = await connect(server.port)
            (conn,) = server.shell.conns.values()
            sock = conn.transport.get_extra_info("socket")  # type: ignore[union-attr]
            assert sock.getsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF) <= 2 * (32 << 10)
            raw.close()
        finally:
            await server.close()

    asyncio.run(go())
