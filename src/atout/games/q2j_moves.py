"""The moves of Q Squared Joe (:mod:`atout.games.q2j`): play one card or a Q², or draw."""

from __future__ import annotations

import msgspec

from atout.cards import JACK, Card, deck_52
from atout.games.base import SimpleMove
from atout.games.common import code_spellings

_CODES = code_spellings(deck_52())


class Play(msgspec.Struct, frozen=True, tag="play", tag_field="type", forbid_unknown_fields=True):
    """Play one card, or two Queens together (a Q²)."""

    cards: tuple[str, ...]

    def __post_init__(self) -> None:  # a Q² is a set: one spelling, one order
        cs = tuple(_CODES.get(c, c) for c in self.cards)
        if len(cs) == 2 and cs[0] > cs[1]:
            cs = (cs[1], cs[0])
        if cs != self.cards:
            msgspec.structs.force_setattr(self, "cards", cs)

    def __str__(self) -> str:
        return "play " + " ".join(self.cards)


class Draw(SimpleMove, tag="draw"):
    """Draw one card and end the turn (also: answer a Q² without a Jack)."""


Move = Play | Draw
DRAW = Draw()
#: The move that plays one card, for every card (built once: listed every turn).
PLAY_ONE = {c: Play((c.code,)) for c in deck_52()}
JACKS = frozenset(c for c in deck_52() if c.rank == JACK)


def pair_play(a: Card, b: Card) -> Play:
    """The move that lays the Queens ``a`` and ``b`` together."""
    return Play((a.code, b.code) if a.code < b.code else (b.code, a.code))
