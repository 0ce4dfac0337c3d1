"""A client of a game master that stopped answering (a paused or partitioned node) is closed by
its keep-alive pings instead of waiting for ever (issue 28: the client library connected with
ping_interval=None)."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from pathlib import Path

from atout.client import Client
from atout.server.child import spawn


def test_a_paused_game_master_closes_its_clients_at_the_keepalive(tmp_path: Path) -> None:
    proc, url = spawn("--db", str(tmp_path / "gm.db"))

    async def go() -> None:
        c = await Client.connect(url, "ann", keepalive=0.5)
        assert await c.list_games()
        os.kill(proc.pid, signal.SIGSTOP)  # frozen: the socket stays open, nothing answers
        await asyncio.wait_for(c.closed.wait(), 20)  # within 0.5 s: a ping, its time-out, closed

    try:
        asyncio.run(go())
    finally:
        os.kill(proc.pid, signal.SIGCONT)
        proc.terminate()
        proc.wait(10)


def test_by_default_a_silent_game_master_is_noticed_within_ten_seconds(tmp_path: Path) -> None:
    """Issue 28, "heartbeats end to end": the default keep-alive (a ping every 4 s, 4 s for its
    pong, 2 s for the closing) closes the client of a frozen node within 10 s (it took 20 s to
    30 s: a ping every 20 s, 20 s for its pong, then websockets' 10 s close time-out)."""
    proc, url = spawn("--db", str(tmp_path / "gm.db"))

    async def go() -> float:
        c = await Client.connect(url, "ann")
        assert await c.list_games()
        os.kill(proc.pid, signal.SIGSTOP)
        frozen = time.monotonic()
        await asyncio.wait_for(c.closed.wait(), 45)
        return time.monotonic() - frozen

    try:
        took = asyncio.run(go())
    finally:
        os.kill(proc.pid, signal.SIGCONT)
        proc.terminate()
        proc.wait(10)
    assert took <= 11.0, f"noticed after {took:.1f} s"
