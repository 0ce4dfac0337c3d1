"""What every game's reinforcement-learning codec provides: a fixed action space, a mask, an
observation.

A codec turns one seat's decision into numbers and back, and nothing else: the legal moves come
from the game's :meth:`State.legal_moves` (or, for Le Quinze's fifteens, from a completion index
the tests prove equal to it), and every move is applied by :meth:`State.apply`, which refuses
anything the rules would not list. A codec reads the seat's ``view`` for the observation, never
the state, so an observation cannot hold what the view hides.

Most actions *are* a move. Le Quinze also has *selection* actions, which add one card to a
fifteen being built and keep the turn (:data:`SELECT`); the environment keeps the cards selected
so far (``pending``) between them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any, ClassVar

import numpy as np

from atout.cards import Card
from atout.games.base import Options, State

#: The value an action maps to when it only extends a selection (the turn goes on).
SELECT = "select"

#: action -> the move it makes, or SELECT.
ActionTable = dict[int, Any]


class Codec:
    """One game's fixed action space and observation encoding, for a given player count.

    Subclasses set :attr:`num_actions`, build :attr:`meanings` (one short English text per
    action, the tables of docs/bots.md) and implement :meth:`actions`, :meth:`actions_for` and
    :meth:`observe`.
    """

    game_id: ClassVar[str]
    num_actions: ClassVar[int]
    #: Bounds of every observation entry.
    low: ClassVar[float] = 0.0
    high: ClassVar[float] = 1.0

    def __init__(self, players: int, options: Options) -> None:
        self.players = players
        self.options = options
        self.size = len(self.observe(self.blank_view(), ()))

    # -- actions -----------------------------------------------------------------------
    def actions(self, state: State[Any], pending: tuple[int, ...]) -> ActionTable:
        """Every legal action of the current seat and the move each makes (or :data:`SELECT`).
        Exactly one action per legal move (or per step towards one)."""
        raise NotImplementedError

    def actions_for(self, move: Any, seat: int) -> list[int]:
        """The actions that make ``move`` for ``seat`` from a decision with nothing selected:
        one action, or (Le Quinze's fifteens) the selections then the confirmation."""
        raise NotImplementedError

    def extend(self, pending: tuple[int, ...], action: int) -> tuple[int, ...]:
        """The selection after the selection action ``action``."""
        raise NotImplementedError(f"{self.game_id} has no selection actions")

    def meaning(self, action: int) -> str:
        """What ``action`` does, in words (relative seats: +1 is the next seat)."""
        raise NotImplementedError

    # -- observations ------------------------------------------------------------------
    def observe(self, view: dict[str, Any], pending: tuple[int, ...]) -> np.ndarray:
        """A float32 vector of :attr:`size` entries in [:attr:`low`, :attr:`high`], built from
        ``view`` (a seat's view) and the seat's own selection only."""
        raise NotImplementedError

    def blank_view(self) -> dict[str, Any]:
        """A view of any position, used once to measure the observation's size."""
        raise NotImplementedError

    def card_planes(self, obs: np.ndarray) -> set[str]:
        """The cards an observation places somewhere (hand, table, another hand…): the no-leak
        tests check none of them is secret to the seat."""
        raise NotImplementedError


# --------------------------------------------------------------------------- helpers


class Encoder:
    """Builds an observation vector segment by segment (so sizes are never counted by hand)."""

    __slots__ = ("buf",)

    def __init__(self) -> None:
        self.buf: list[float] = []

    def cards(self, index: dict[str, int], size: int, codes: Iterable[str]) -> None:
        """A plane: 1 at each card's index."""
        buf = self.buf
        base = len(buf)
        buf.extend(_zeros(size))
        for code in codes:
            buf[base + index[code]] = 1.0

    def one_hot(self, size: int, at: int | None) -> None:
        base = len(self.buf)
        self.buf.extend(_zeros(size))
        if at is not None:
            self.buf[base + at] = 1.0

    def values(self, xs: Iterable[float], lo: float = 0.0, hi: float = 1.0) -> None:
        self.buf.extend(lo if x < lo else hi if x > hi else float(x) for x in xs)

    def done(self) -> np.ndarray:
        return np.array(self.buf, dtype=np.float32)


@cache
def _zeros(size: int) -> list[float]:
    return [0.0] * size


def rel(seat: int | None, me: int | None, players: int) -> int | None:
    """``seat`` counted from ``me`` (0 is ``me``, 1 the next seat…); ``None`` stays ``None``."""
    if seat is None:
        return None
    return (seat - (me or 0)) % players


def by_rel(values: Sequence[Any], me: int | None, players: int) -> list[Any]:
    """Per-seat values reordered to start at ``me``."""
    m = me or 0
    return [values[(m + k) % players] for k in range(players)]


def card_index(deck: Sequence[Card]) -> dict[str, int]:
    return {c.code: i for i, c in enumerate(deck)}
