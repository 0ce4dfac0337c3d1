"""A client of a game master that stopped answering (a paused or partitioned node) is closed by
its keep-alive pings instead of waiting for ever (issue 28: the client library connected with
ping_interval=None)."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

from atout.client import Client
from atout.server.child import spawn


def test_a_paused_game_master_closes_its_clients_at_the_keepalive(tmp_path: Path) -> None:
    proc, url = spawn("--db", str(tmp_path / "gm.db"))

    async def go() -> None:
        c = await Client.connect(url, "ann", keepalive=0.5)
        assert await c.list_games()
        os.kill(proc.pid, signal.SIGSTOP)  # frozen: the socket stays open, nothing answers
        await asyncio.wait_for(c.closed.wait(), 20)  # about 1 s: a ping, then its time-out

    try:
        asyncio.run(go())
    finally:
        os.kill(proc.pid, signal.SIGCONT)
        proc.terminate()
        proc.wait(10)
