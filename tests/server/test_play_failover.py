"""``atout play --url DOWN,A,B`` (the terminal client, driven by Textual's pilot) connects to the
first node that answers and says which on screen; when that node is SIGKILLed mid-game it
connects to the other and takes its seat back with its token, and the game is played to the end
by keys (issue 28, "clients that fail over without a proxy"). Two ``atout serve --node``
processes on the real PostgreSQL and Redis of the test setup. Before, the terminal client knew
one address and showed "Connection closed." for good."""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.server.test_bots_failover import start_node

from atout.tui.app import PlayApp
from atout.tui.session import PlayOptions

DOWN = "ws://127.0.0.1:1/ws"  # nothing listens there


async def until(pilot: Any, cond: Callable[[], bool], what: str, timeout: float = 30) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not cond():
        if loop.time() > end:
            raise AssertionError(f"not in time: {what}")
        await pilot.pause(0.02)


def test_the_terminal_client_takes_its_seat_back_on_the_other_node(
    pg_url: str, redis_url: str, tmp_path: Path
) -> None:
    a, url_a = start_node("a", pg_url, redis_url, tmp_path / "a.log")
    b, url_b = start_node("b", pg_url, redis_url, tmp_path / "b.log")
    opts = PlayOptions(
        url=f"{DOWN},{url_a},{url_b}",
        game="q2j",
        players=3,
        bots=[1, 2],
        bot_kind="heuristic",
        bot_delay=0.0,
        name="ann",
    )

    async def go() -> None:
        app = PlayApp(opts)
        async with app.run_test(size=(130, 45)) as pilot:
            s = app.session
            await until(pilot, lambda: bool(app.model.moves), "our first turn")
            assert s.client is not None and s.client.url == url_a
            assert f"connected to {url_a}" in app.sub_title
            table, first = s.table, app.model.version
            await pilot.press("enter")
            await until(pilot, lambda: len(s.sent) == 1 and not app.model.pending, "a move sent")
            a.send_signal(signal.SIGKILL)
            await asyncio.to_thread(a.wait)
            await until(pilot, lambda: s.client is not None and s.client.url == url_b, "on B")
            turns = 1
            while True:
                await until(
                    pilot,
                    lambda: bool(app.model.moves) or app.model.result is not None,
                    "our turn or the end",
                )
                if app.model.result is not None:
                    break
                sent = len(s.sent)
                await pilot.press("enter")
                await until(pilot, lambda sent=sent: len(s.sent) == sent + 1, "a move sent")
                turns += 1
            assert s.table == table and app.model.version > first
            assert f"connected to {url_b}" in app.sub_title
            assert s.refusals == [] and turns > 1
            await pilot.press("q")

    try:
        asyncio.run(asyncio.wait_for(go(), 120))
    finally:
        a.kill()
        b.send_signal(signal.SIGTERM)
        b.wait(timeout=20)
