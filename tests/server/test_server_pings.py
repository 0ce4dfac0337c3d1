"""The server pings every WebSocket silent for ``ping_every`` (``--limit ping_every=…``, 10 s by
default) and drops one that does not answer within as long again: a dead client goes in ~20 s,
not at the 120 s idle time-out (issue 28, "heartbeats end to end")."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from tests.server.netutil import served, until
from tests.server.test_transport_ws import Raw, connect, run
from websockets.frames import Opcode

from atout.server.child import spawn
from atout.server.core.limits import Limits, parse_limits

EVERY = 0.3  # seconds: ping_every for these tests


async def _answering(c: Raw, pings: int) -> None:
    """Answer the server's pings with pongs, ``pings`` of them, saying nothing else."""
    for _ in range(pings):
        assert await c.next(5) == ("ping",)
        c.frame(Opcode.PONG, b"")


def test_a_silent_client_is_pinged_soon_and_dropped_when_it_does_not_answer():
    """Before: the first ping came after idle_timeout / 2 (60 s), the close after 120 s."""

    async def go():
        async with served(core_limits=parse_limits([f"ping_every={EVERY}"])) as server:
            shell = server.shell
            before = time.monotonic()  # the server's silence clock starts after this
            mute = await connect(server.port)  # says hello, then nothing: never answers pings
            alive = await connect(server.port)  # says nothing either, but answers pings
            assert await mute.next(5) == ("ping",)  # 5 s: not the 60 s of before
            assert time.monotonic() - before >= EVERY  # never sooner
            answers = asyncio.create_task(_answering(alive, 6))  # ~6 × EVERY: past 2 × EVERY
            assert (await mute.closed(5))[0] == 1011  # "keepalive ping timeout"
            assert time.monotonic() - before >= 2 * EVERY  # pinged, then as long again
            await answers  # pinged again and again, answered, kept
            alive.text(b'{"cmd":"ping","body":{},"id":2}')
            ev = await alive.next(5)
            while ev == ("ping",):
                alive.frame(Opcode.PONG, b"")
                ev = await alive.next(5)
            assert ev["cmd"] == "pong"
            assert shell.timeouts == 1 and len(shell.conns) == 1
            alive.close()
            await until(lambda: not shell.conns, "the live client's close")

    run(go())


def test_pings_never_come_sooner_than_idle_timeout_allows_nor_later():
    """``ping_every`` above half the idle time-out: the idle time-out's rule wins (pinged at
    half, dropped at the time-out), as before."""

    async def go():
        limits = Limits(idle_timeout=0.8)
        async with served(limits=limits, core_limits=parse_limits(["ping_every=30"])) as server:
            assert server.shell.ping_every == 0.4
            before = time.monotonic()  # the server's silence clock starts after this
            mute = await connect(server.port)
            assert await mute.next(5) == ("ping",)
            assert time.monotonic() - before >= 0.4  # half the idle time-out, not 30 s
            assert (await mute.closed(5))[0] == 1011
            assert time.monotonic() - before >= 0.8  # the idle time-out itself

    run(go())


def test_atout_serve_takes_ping_every_from_its_limit_option(tmp_path: Path):
    """``atout serve --limit ping_every=0.5``: what an operator types."""
    proc, url = spawn("--db", str(tmp_path / "gm.db"), "--limit", "ping_every=0.5")

    async def go():
        before = time.monotonic()  # the server's silence clock starts after this
        mute = await connect(int(url.rsplit(":", 1)[1].split("/")[0]))
        assert await mute.next(5) == ("ping",)  # 5 s: not the default 10 s
        assert time.monotonic() - before >= 0.5
        assert (await mute.closed(5))[0] == 1011
        assert time.monotonic() - before >= 1.0

    try:
        run(go())
    finally:
        proc.terminate()
        proc.wait(10)
