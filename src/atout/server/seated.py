"""Seats the game master plays: bots made for a table, their searches in worker processes.

:meth:`Seated.move` gives a seat's move at once (a cheap bot, in the loop) or hands a search to
the process pool and returns None; the core asks :meth:`Seated.finished` on each tick for the
searches that are done and plays their moves if their table has not moved on. Bots see the
seat's view and legal moves only, never the state; their budget is capped by
:class:`~atout.server.limits.CoreLimits`.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Executor, Future
from typing import TYPE_CHECKING, Any

from atout.bots import make_bot
from atout.bots.pool import cap_budget, choose_move, new_pool
from atout.server import record as r
from atout.server.limits import CoreLimits

if TYPE_CHECKING:
    from atout.server.table import TableActor

MAX_SHIPPED = 20_000  # legal moves sent to a search's worker; beyond, the bot runs here (it
# asks its heuristic anyway past a few hundred)
JOB_POLL = 0.005  # seconds between two looks at the searches running in the pool


class Seated:
    """The bots of every table, and the pool their searches run in."""

    def __init__(self, limits: CoreLimits, executor: Executor | None = None) -> None:
        self.limits = limits
        self.executor = executor  # created at the first search when limits.bot_workers > 0
        self.jobs: dict[str, tuple[int, int, Future[Any]]] = {}  # table -> (version, seat, job)

    def move(self, t: TableActor, seat: int) -> Any:
        """The move of a seat the game master plays, or None when it was handed to the pool."""
        state = t.state
        assert state is not None
        lim = self.limits
        kind = t.seats[seat].bot or t.settings.bot_kind
        bot = t.bots.get(seat)
        if bot is None or getattr(bot, "name", kind) != kind:
            bot = make_bot(kind, r.bot_seed(t.seed, seat))
            bot = t.bots[seat] = cap_budget(bot, t.game.id, lim.bot_iterations, lim.bot_seconds)
        legal = state.legal_moves()
        if getattr(bot, "offload", False) and (self.executor is not None or lim.bot_workers > 0):
            if not isinstance(legal, list) and len(legal) <= MAX_SHIPPED:
                legal = list(legal)
            if isinstance(legal, list):
                if self.executor is None:
                    self.executor = new_pool(lim.bot_workers)
                job = self.executor.submit(
                    choose_move,
                    t.game.id,
                    kind,
                    r.bot_seed(t.seed, seat, t.version),
                    state.view(seat),
                    legal,
                    lim.bot_iterations,
                    lim.bot_seconds,
                )
                self.jobs[t.id] = (t.version, seat, job)
                return None
        view = state.view(seat) if getattr(bot, "needs_view", True) else {}
        return bot.choose(t.game, view, legal)

    def finished(self) -> Iterator[tuple[str, int, int, Future[Any]]]:
        """The searches that are done: (table, version, seat, job); forgotten once given."""
        for tid, (version, seat, job) in list(self.jobs.items()):
            if job.done():
                del self.jobs[tid]
                yield tid, version, seat, job

    def poll_at(self, now: float) -> float | None:
        """When to look at the pool again (None: no search running)."""
        return now + JOB_POLL if self.jobs else None

    def cancel(self, tid: str) -> None:
        self.jobs.pop(tid, None)

    def shutdown(self) -> None:
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)
            self.executor = None
            self.jobs.clear()
