"""Determinization: a full state sampled from one seat's view, for search bots.

The game's own :meth:`Game.determinize` is used when the game defines it; otherwise a sampler
registered here by game id stands in (until it moves into the game module). Every sampler must
satisfy the same contract, checked by tests/test_bots.py: ``sample.view(seat) == view``, the
cards are conserved, and the hidden cards vary from one sample to the next.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from atout.games.base import Game, State, View

Sampler = Callable[[Game[Any], View, random.Random], State[Any]]
SAMPLERS: dict[str, Sampler] = {}


def has_own(game: Game[Any]) -> bool:
    """Whether the game module implements ``determinize`` itself."""
    return type(game).determinize is not Game.determinize


def sample(game: Game[Any], view: View, rng: random.Random) -> State[Any]:
    """A state consistent with ``view`` (the seat's typed view: the seat is ``view.seat``),
    hidden cards drawn with ``rng``."""
    if has_own(game):
        return game.determinize(view, rng)
    sampler = SAMPLERS.get(game.id)
    if sampler is None:
        raise NotImplementedError(f"no determinization for {game.id}")
    return sampler(game, view, rng)


def can_sample(game: Game[Any]) -> bool:
    return has_own(game) or game.id in SAMPLERS
