"""Network bots: K complete games of N bot clients against a running game master."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from atout.bots import make_bot
from atout.client import Client, bot_chooser
from atout.games import get_game


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
) -> dict[str, Any]:
    """Play ``games`` games, ``parallel`` tables at a time, each with ``players`` connections.

    Every bot is an ordinary network client: it sees its updates only (view + legal moves).
    Returns a JSON-ready summary with games, completed, errors, moves, moves_per_s and latency.
    """
    game = get_game(game_id)
    lanes = max(1, min(parallel, games))
    todo = iter(range(games))
    summary: dict[str, Any] = {"completed": 0, "errors": 0, "moves": 0, "error_samples": []}

    async def connect_lane(k: int) -> list[Client]:
        return [await Client.connect(url, f"bot{k}.{i}") for i in range(players)]

    lane_clients = await asyncio.gather(*(connect_lane(k) for k in range(lanes)))

    async def lane(k: int, clients: list[Client]) -> None:
        for g in todo:
            try:
                info = await clients[0].create_table(
                    game_id, players, options=options or {}, turn_seconds=turn_seconds, private=True
                )
                for i, c in enumerate(clients):
                    await c.join(info.table, seat=i)
                choosers = [
                    bot_chooser(game, make_bot(bot, seed * 1_000_003 + g * 16 + i))
                    for i in range(players)
                ]
                ends = await asyncio.wait_for(
                    asyncio.gather(
                        *(c.play(info.table, ch) for c, ch in zip(clients, choosers, strict=True))
                    ),
                    timeout,
                )
                summary["completed"] += 1
                summary["moves"] += ends[0].version
                for c in clients:
                    c.feeds.pop(info.table, None)
            except Exception as e:  # reported, not hidden: counted and sampled
                summary["errors"] += 1
                if len(summary["error_samples"]) < 5:
                    summary["error_samples"].append(f"{type(e).__name__}: {e}")

    t0 = time.perf_counter()
    await asyncio.gather(*(lane(k, cs) for k, cs in enumerate(lane_clients)))
    seconds = time.perf_counter() - t0
    lat = [x for cs in lane_clients for c in cs for x in c.latencies]
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
        "latency_ms": {
            "p50": round(percentile(lat, 0.50) * 1000, 2),
            "p99": round(percentile(lat, 0.99) * 1000, 2),
            "max": round(max(lat, default=0.0) * 1000, 2),
        },
        "error_samples": summary["error_samples"],
    }
