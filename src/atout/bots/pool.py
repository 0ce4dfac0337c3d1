"""Server-seated bots off the event loop: budgets capped, searches run in worker processes.

The game master calls :func:`cap_budget` on every bot it seats (a search never gets more than the
server's configured iterations and seconds) and, for bots whose ``offloads(game_id, players)``
says so (the searches: pure Python, so only another process keeps them from holding the event
loop; a level that plays the heuristic at that size stays in the loop), submits
:func:`choose_move` to a :class:`concurrent.futures.ProcessPoolExecutor` from :func:`new_pool`.
The worker sees what the seat may see (view, legal moves), like any bot.
"""

from __future__ import annotations

import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

import msgspec

from atout.bots.registry import Bot, make_bot
from atout.games import get_game


def cap_budget(bot: Bot, game_id: str, iterations: int, seconds: float) -> Bot:
    """``bot`` with its search budget capped at ``iterations`` and ``seconds`` per decision
    (bots without a budget are returned unchanged)."""
    if hasattr(bot, "time_cap") and hasattr(bot, "iterations"):
        from atout.bots.ismcts import DEFAULT_ITERATIONS, GAME_ITERATIONS

        budget = getattr(bot, "budget", None)  # a level's own budget per game
        own = budget(game_id) if budget else bot.iterations
        own = own or GAME_ITERATIONS.get(game_id, DEFAULT_ITERATIONS)
        bot.iterations = min(own, iterations)
        cap = getattr(bot, "time_cap", None)  # a level's own cap (expert: 0.5 s) stays
        bot.time_cap = seconds if cap is None else min(cap, seconds)
        if getattr(bot, "seconds", None) is not None:
            bot.seconds = min(bot.seconds, seconds)  # type: ignore[attr-defined]
    return bot


def choose_move(
    game_id: str,
    kind: str,
    seed: int,
    view: dict[str, Any],
    legal: list[Any],
    iterations: int,
    seconds: float,
    belief: Any = None,
) -> Any:
    """A worker's job: a fresh bot of ``kind`` chooses among ``legal``; the move as plain data.
    ``belief``: what the bot at the table inferred from the game so far (an expert's samples
    follow it), already fed this view."""
    game = get_game(game_id)
    bot = cap_budget(make_bot(kind, seed), game_id, iterations, seconds)
    if belief is not None and hasattr(bot, "choose_believing"):
        return msgspec.to_builtins(bot.choose_believing(belief, game, view, legal))
    return msgspec.to_builtins(bot.choose(game, view, legal))


def _warm() -> None:
    """Lower the worker's priority (the event loop comes first on a busy machine); import the
    games and bots once, before the first job."""
    import contextlib
    import os

    with contextlib.suppress(OSError):
        os.nice(10)
    from atout.bots.registry import bot_kinds
    from atout.games import all_games

    all_games()
    bot_kinds()


def new_pool(workers: int) -> Executor:
    """Worker processes for searches. Spawned (never forked from the server: its SQLite
    connection and event loop stay out of the children)."""
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_warm,
    )
