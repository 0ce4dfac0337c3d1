"""``atout bots`` clients resume their seats when the game master is killed and restarted on
the same database (issue 11, item 7): a real server process, SIGKILLed mid-game."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from atout.client.runner import run_bots


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int, db: Path) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, "-c", "from atout.cli import app; app()", "serve"]
    return subprocess.Popen(
        [*cmd, "--port", str(port), "--db", str(db), "--log-level", "warning"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def wait_health(port: int, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def test_network_bots_resume_after_a_restart(tmp_path: Path) -> None:
    port, db = free_port(), tmp_path / "atout.db"
    server = start_server(port, db)
    try:
        wait_health(port)

        async def main() -> dict:
            moves = 0
            half_way = asyncio.Event()

            def on_move(_: float) -> None:
                nonlocal moves
                moves += 1
                if moves == 30:
                    half_way.set()

            bots = asyncio.ensure_future(
                run_bots(
                    f"ws://127.0.0.1:{port}/ws",
                    "pouilleux",
                    3,
                    4,
                    parallel=2,
                    reconnect=30,
                    on_move=on_move,
                )
            )
            await half_way.wait()
            nonlocal server
            server.kill()  # a crash: no goodbye to the clients
            server.wait()
            await asyncio.sleep(0.5)  # the bots find no one for a while
            server = start_server(port, db)
            await asyncio.to_thread(wait_health, port)
            return await asyncio.wait_for(bots, 120)

        res = asyncio.run(main())
    finally:
        server.kill()
        server.wait()
    assert res["errors"] == 0, res["error_samples"]
    assert res["completed"] == 4
    assert res["resumed"] >= 1
