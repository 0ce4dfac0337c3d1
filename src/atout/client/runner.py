"""Network bots: K complete games of N bot clients against a running game master."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from typing import Any

from websockets.exceptions import InvalidHandshake

from atout.bots import make_bot
from atout.client import Chooser, Client, ClientError, bot_chooser
from atout.games import get_game

UNREACHABLE = (OSError, TimeoutError, InvalidHandshake)  # connect() fails with these


def percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


async def run_bots(
    url: str,
    game_id: str,
    players: int,
    games: int,
    *,
    parallel: int = 1,
    options: dict[str, Any] | None = None,
    bot: str = "random",
    seed: int = 0,
    turn_seconds: float = 0.0,
    timeout: float = 300.0,
    reconnect: float = 0.0,
    on_move: Callable[[float], None] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games, ``parallel`` tables at a time, each with ``players`` connections.

    Every bot is an ordinary network client: it sees its updates only (view + legal moves).
    When the game master goes away mid-run, the bots try to connect again for ``reconnect``
    seconds and then resume their seats with their seat tokens (a game master restarted on the
    same database has the tables back). ``on_move`` is called with each move's latency.
    Returns a JSON-ready summary with games, completed, errors, moves, moves_per_s, latency and
    ``resumed`` (how many times a lane resumed its table). The first connection failing raises.
    """
    game = get_game(game_id)
    lanes = max(1, min(parallel, games))
    todo = iter(range(games))
    summary: dict[str, Any] = {
        "completed": 0,
        "errors": 0,
        "moves": 0,
        "resumed": 0,
        "error_samples": [],
    }
    retired: list[Client] = []  # closed clients, kept for their latencies

    async def connect_lane(k: int) -> list[Client]:
        clients = [await Client.connect(url, f"bot{k}.{i}") for i in range(players)]
        for c in clients:
            c.on_move = on_move
        return clients

    async def reconnect_lane(k: int, old: list[Client]) -> list[Client] | None:
        """New connections for a lane whose game master went away, or None after the wait."""
        for c in old:
            await c.close()
        retired.extend(old)
        deadline = time.monotonic() + reconnect
        while True:
            try:
                return await connect_lane(k)
            except UNREACHABLE:
                if time.monotonic() >= deadline:
                    return None
                await asyncio.sleep(0.25)

    lane_clients = await asyncio.gather(*(connect_lane(k) for k in range(lanes)))

    def failed(e: BaseException) -> None:
        summary["errors"] += 1
        if len(summary["error_samples"]) < 5:
            summary["error_samples"].append(f"{type(e).__name__}: {e}")

    async def lane(k: int) -> None:
        for g in todo:
            choosers = [
                bot_chooser(game, make_bot(bot, seed * 1_000_003 + g * 16 + i))
                for i in range(players)
            ]
            table: str | None = None
            while True:
                clients = lane_clients[k]
                try:
                    if table is None:
                        info = await clients[0].create_table(
                            game_id,
                            players,
                            options=options or {},
                            turn_seconds=turn_seconds,
                            private=True,
                        )
                        table = info.table
                        for i, c in enumerate(clients):
                            await c.join(table, seat=i)
                    ends = await asyncio.wait_for(_play_all(clients, table, choosers), timeout)
                    summary["completed"] += 1
                    summary["moves"] += ends[0].version
                    for c in clients:
                        c.feeds.pop(table, None)
                    break
                except Exception as e:  # reported, not hidden: counted and sampled
                    if not reconnect or not any(c.closed.is_set() for c in clients):
                        failed(e)
                        break
                    tokens = [c.feeds[table].joined if table in c.feeds else None for c in clients]
                    fresh = await reconnect_lane(k, clients)
                    if fresh is None:
                        failed(e)
                        break
                    lane_clients[k] = fresh
                    if table is None or any(t is None for t in tokens):
                        table = None  # not everyone was seated: start this game again
                        continue
                    try:
                        for c, t in zip(fresh, tokens, strict=True):
                            await c.resume(t.table, t.token)  # type: ignore[union-attr]
                        summary["resumed"] += 1
                    except ClientError as e2:
                        failed(e2)
                        break

    t0 = time.perf_counter()
    await asyncio.gather(*(lane(k) for k in range(lanes)))
    seconds = time.perf_counter() - t0
    lat = [x for c in [*retired, *(c for cs in lane_clients for c in cs)] for x in c.latencies]
    for cs in lane_clients:
        for c in cs:
            await c.close()
    return {
        "game": game_id,
        "players": players,
        "games": games,
        "parallel": lanes,
        "connections": lanes * players,
        "completed": summary["completed"],
        "errors": summary["errors"],
        "moves": summary["moves"],
        "seconds": round(seconds, 3),
        "moves_per_s": round(summary["moves"] / seconds, 1) if seconds else 0.0,
        "resumed": summary["resumed"],
        "latency_ms": {
            "p50": round(percentile(lat, 0.50) * 1000, 2),
            "p99": round(percentile(lat, 0.99) * 1000, 2),
            "max": round(max(lat, default=0.0) * 1000, 2),
        },
        "error_samples": summary["error_samples"],
    }


async def _play_all(clients: list[Client], table: str, choosers: list[Chooser]) -> list[Any]:
    """Every client plays its seat to the end; the first failure cancels the others."""
    tasks = [
        asyncio.ensure_future(c.play(table, ch)) for c, ch in zip(clients, choosers, strict=True)
    ]
    try:
        done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_EXCEPTION)
        for t in done:
            if t.exception() is not None:
                raise t.exception()  # type: ignore[misc]
        return [t.result() for t in tasks]
    finally:
        for t in tasks:
            t.cancel()
        for t in tasks:
            with contextlib.suppress(BaseException):
                await t
