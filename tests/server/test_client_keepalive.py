"""A client of a game master that stopped answering (a paused or partitioned node) is closed by
its keep-alive pings instead of waiting for ever (issue 28: the client library connected with
ping_interval=None)."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

from tests.server.pgcluster import _free_port as free_port

from atout.client import Client

ROOT = Path(__file__).resolve().parents[2]


def test_a_paused_game_master_closes_its_clients_at_the_keepalive(tmp_path: Path) -> None:
    port = free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "atout.server",
            "serve",
            "--port",
            str(port),
            "--db",
            str(tmp_path / "gm.db"),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )

    async def go() -> None:
        for _ in range(200):
            try:
                c = await Client.connect(f"ws://127.0.0.1:{port}/ws", "ann", keepalive=0.5)
                break
            except OSError:
                await asyncio.sleep(0.05)
        assert await c.list_games()
        os.kill(proc.pid, signal.SIGSTOP)  # frozen: the socket stays open, nothing answers
        await asyncio.wait_for(c.closed.wait(), 20)  # about 1 s: a ping, then its time-out

    try:
        asyncio.run(go())
    finally:
        os.kill(proc.pid, signal.SIGCONT)
        proc.terminate()
        proc.wait(10)
