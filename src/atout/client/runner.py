"""Network bots: K complete games of N bot clients against a running game master (one node or
several: the lanes are spread over the addresses and move to another when theirs goes away)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Sequence
from typing import Any

from atout.bots import make_bot
from atout.client import (
    MOVING,
    UNREACHABLE,
    Chooser,
    Client,
    ClientError,
    addresses,
    bot_chooser,
)
from atout.games import get_game


def percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def latency_ms(xs: list[float]) -> dict[str, float]:
    """The median, 99th percentile and largest of latencies in seconds, in milliseconds."""
    return {
        "p50": round(percentile(xs, 0.50) * 1000, 2),
        "p99": round(percentile(xs, 0.99) * 1000, 2),
        "max": round(max(xs, default=0.0) * 1000, 2),
    }


async def run_bots(
    url: str | Sequence[str],
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
    ``url`` is one address or several (the nodes of one game master: a list, or one string
    separated by commas); lane k starts at the k-th, so that the lanes are spread over them.
    When a lane's node goes away mid-run, its bots try the other addresses (then that one) for
    ``reconnect`` seconds and resume their seats with their seat tokens (another node takes the
    table over; a game master restarted on the same database has it back). ``on_move`` is
    called with each move's latency. Returns a JSON-ready summary with games, completed,
    errors, moves, moves_per_s, latency and ``resumed`` (how many times a lane resumed its
    table). The first connections failing (every address) raise; a malformed address raises
    ``InvalidURI`` before anything is sent.
    """
    game = get_game(game_id)
    urls = addresses(url)
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

    async def connect_lane(k: int, start: int) -> list[Client]:
        """The lane's connections, all to the first address that answers from ``start``."""
        first = await Client.connect(urls, f"bot{k}.0", start=start)
        clients = [first]
        for i in range(1, players):
            clients.append(await Client.connect(urls, f"bot{k}.{i}", start=first.index))
        for c in clients:
            c.on_move = on_move
        return clients

    async def reconnect_lane(k: int, old: list[Client], deadline: float) -> list[Client] | None:
        """New connections for a lane whose node went away (the next address first, that one
        last), or None once ``deadline`` has passed."""
        for c in old:
            await c.close()
        retired.extend(old)
        start = old[0].index + 1
        while True:
            try:
                return await connect_lane(k, start)
            except UNREACHABLE:
                if time.monotonic() >= deadline:
                    return None
                await asyncio.sleep(0.25)

    lane_clients = await asyncio.gather(*(connect_lane(k, k % len(urls)) for k in range(lanes)))

    def failed(e: BaseException) -> None:
        summary["errors"] += 1
        if len(summary["error_samples"]) < 5:
            summary["error_samples"].append(f"{type(e).__name__}: {e}")

    def lost(e: BaseException, clients: list[Client]) -> bool:
        """Whether the lane lost its node (or its table is moving), not the game a bug."""
        if isinstance(e, ClientError):
            return e.code in MOVING
        return any(c.closed.is_set() for c in clients)

    async def lane(k: int) -> None:
        for g in todo:
            choosers = [
                bot_chooser(game, make_bot(bot, seed * 1_000_003 + g * 16 + i))
                for i in range(players)
            ]
            table: str | None = None
            tokens: list[Any] = []  # the seats to resume once connected again
            deadline: float | None = None  # when this outage is given up
            while True:
                clients = lane_clients[k]
                try:
                    if tokens:
                        for c, t in zip(clients, tokens, strict=True):
                            await c.resume(t.table, t.token)
                        summary["resumed"] += 1
                        tokens, deadline = [], None
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
                        deadline = None  # seated: a later outage has its own wait
                    ends = await asyncio.wait_for(_play_all(clients, table, choosers), timeout)
                    summary["completed"] += 1
                    summary["moves"] += ends[0].version
                    for c in clients:
                        c.feeds.pop(table, None)
                    break
                except Exception as e:  # reported, not hidden: counted and sampled
                    if not reconnect or not lost(e, clients):
                        failed(e)
                        break
                    if deadline is None:
                        deadline = time.monotonic() + reconnect
                    elif time.monotonic() >= deadline:
                        failed(e)
                        break
                    else:  # a resume refused while the table moves: not in a tight loop
                        await asyncio.sleep(0.25)
                    if not tokens:
                        tokens = [
                            c.feeds[table].joined if table in c.feeds else None for c in clients
                        ]
                    fresh = await reconnect_lane(k, clients, deadline)
                    if fresh is None:
                        failed(e)
                        break
                    lane_clients[k] = fresh
                    if table is None or any(t is None for t in tokens):
                        table, tokens = None, []  # not everyone was seated: start this game again

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
        "latency_ms": latency_ms(lat),
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
