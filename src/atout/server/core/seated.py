"""Seats the game master plays: bots made for a table, their searches handed to the shell.

:meth:`Seated.move` gives a seat's move at once (a cheap bot, in the loop) or, for a search,
returns None and queues a :class:`Search`: an effect, which the shell runs off the event loop
(:class:`~atout.server.shell.ws.Shell` submits it to its worker processes) and whose move comes back
through :meth:`Core.searched <atout.server.core.router.Core.searched>`, played only if the table has not
moved on. The core never waits for a search and never polls one. Bots see the seat's view and
legal moves only, never the state; their budget is capped by
:class:`~atout.server.core.limits.CoreLimits`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from atout.bots import make_bot
from atout.bots.pool import cap_budget, choose_move
from atout.server.core.limits import CoreLimits
from atout.server.core.table import Table
from atout.server.storage import record as r

MAX_SHIPPED = 20_000  # legal moves sent to a search's worker; beyond, the bot runs here (it
# asks its heuristic anyway past a few hundred)


@dataclass(frozen=True, slots=True)
class Search:
    """A seated bot's search, to run off the event loop: ``run()`` (in a worker process,
    :func:`atout.bots.pool.choose_move`) gives the move as plain data for ``seat`` of ``table``
    at ``version``."""

    table: str
    version: int
    seat: int
    args: tuple[Any, ...]  # choose_move's

    @property
    def job(self) -> tuple[Callable[..., Any], tuple[Any, ...]]:
        return choose_move, self.args

    def run(self) -> Any:
        """The search, here and now (a test without a shell; the shell uses :attr:`job`)."""
        return choose_move(*self.args)


class Seated:
    """The bots of every table, and the searches waiting for the shell."""

    def __init__(self, limits: CoreLimits) -> None:
        self.limits = limits
        self.waiting: list[Search] = []  # made, not yet handed to the shell
        self.running: dict[str, Search] = {}  # table -> its search, until its move is back

    def move(self, t: Table, seat: int) -> Any:
        """The move of a seat the game master plays, or None when a search was queued."""
        state = t.state
        assert state is not None
        lim = self.limits
        kind = t.seats[seat].bot or t.settings.bot_kind
        made, bot = t.bots.get(seat, (None, None))
        if made != kind:  # the kind it was made as: a level's bot is named by what it plays
            bot = make_bot(kind, r.bot_seed(t.seed, seat))
            bot = cap_budget(bot, t.game.id, lim.bot_iterations, lim.bot_seconds)
            t.bots[seat] = (kind, bot)
        legal = state.legal_moves()
        offloads = getattr(bot, "offloads", None)  # a search (atout.bots.pool)
        if offloads is not None and lim.bot_workers > 0 and offloads(t.game.id, state.num_players):
            if not isinstance(legal, list) and len(legal) <= MAX_SHIPPED:
                legal = list(legal)
            if isinstance(legal, list):
                view = state.view(seat)
                observe = getattr(bot, "observe", None)  # an inferring bot's belief, kept here
                belief = observe(t.game, view) if observe is not None else None
                args = (
                    t.game.id,
                    kind,
                    r.bot_seed(t.seed, seat, t.version),
                    view,
                    legal,
                    lim.bot_iterations,
                    lim.bot_seconds,
                    belief,
                )
                search = Search(t.id, t.version, seat, args)
                self.running[t.id] = search
                self.waiting.append(search)
                return None
        view = state.view(seat) if getattr(bot, "needs_view", True) else {}
        return bot.choose(t.game, view, legal)

    def played(self, t: Table, seat: int, move: Any) -> None:
        """A search's move was played: the bot at the table remembers it (its belief)."""
        remember = getattr(t.bots.get(seat, (None, None))[1], "remember", None)
        if remember is not None:
            remember(move)

    def take(self) -> list[Search]:
        """The searches to start (each handed out once)."""
        out, self.waiting = self.waiting, []
        return out

    def done(self, search: Search) -> bool:
        """``search``'s move is back: True if it is still its table's current search."""
        if self.running.get(search.table) is search:
            del self.running[search.table]
            return True
        return False

    def cancel(self, tid: str) -> None:
        self.running.pop(tid, None)
