"""``atout bots --url ws://A/ws,ws://B/ws`` completes every game when node A is killed mid-run
(issue 28, "clients that fail over without a proxy"): two ``atout serve --node`` processes on the
real PostgreSQL and Redis of the test setup, the real command line in a child process, its lanes
spread over both nodes; A is SIGKILLed once its tables are being played. A's lanes connect to B,
resume their seats there once B has taken A's tables over, and every game ends, without an error.
Before, the bots knew one address only (and took the list for one malformed address)."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from atout.server.child import http_url, spawn

GAMES, PARALLEL = 12, 6
LIMITS = (
    "min_bot_delay=0",
    "conn_rate=1000",
    "conn_burst=1000",
    "create_rate=1000",
    "create_burst=1000",
)


def start_node(name: str, pg: str, bus: str, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    """``atout serve`` as node ``name``; its process and WebSocket URL (its log in ``log``)."""
    limits = [a for x in LIMITS for a in ("--limit", x)]
    return spawn("--db", pg, "--bus", bus, "--node", name, *limits, log=log)


def health(url: str) -> dict[str, Any]:
    with urllib.request.urlopen(http_url(url) + "health", timeout=5) as r:
        return json.loads(r.read())  # type: ignore[no-any-return]


def until(check: Any, what: str, seconds: float) -> None:
    """Poll ``check()`` every 50 ms until it holds; fail after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"not in time: {what}")
        time.sleep(0.05)


def test_bots_given_two_nodes_finish_every_game_when_one_is_killed(
    pg_url: str, redis_url: str, tmp_path: Path
) -> None:
    a, url_a = start_node("a", pg_url, redis_url, tmp_path / "a.log")
    b, url_b = start_node("b", pg_url, redis_url, tmp_path / "b.log")
    err = tmp_path / "bots.err"
    cli = [sys.executable, "-c", "from atout.cli import app; app()"]
    args = ["bots", "--url", f"{url_a},{url_b}", "--game", "pouilleux", "--players", "3"]
    args += ["--games", str(GAMES), "--parallel", str(PARALLEL), "--reconnect", "20", "--json"]
    with err.open("wb") as stderr:
        bots = subprocess.Popen([*cli, *args], stdout=subprocess.PIPE, stderr=stderr)
    try:
        # A's lanes are under way: moves made there and tables still playing (not yet killed)
        under_way = [False]

        def a_is_busy() -> bool:
            assert bots.poll() is None, err.read_text()
            h = health(url_a)
            under_way[0] = h["moves"] >= 40 and h["playing"] > 0
            return under_way[0]

        until(a_is_busy, "A's tables under way", 30)
        a.send_signal(signal.SIGKILL)
        a.wait()
        out, _ = bots.communicate(timeout=90)
        taken_over = health(url_b)["taken_over"]
    finally:
        bots.kill()
        a.kill()
        b.send_signal(signal.SIGTERM)
        b.wait(timeout=20)
    assert bots.returncode == 0, (bots.returncode, out, err.read_text()[-3000:])
    res = json.loads(out)
    assert res["completed"] == GAMES and res["errors"] == 0, res
    assert res["resumed"] > 0, res  # A's lanes took their seats back on B
    assert taken_over > 0  # where B had taken A's tables over
