"""The moves of Le Pouilleux (:mod:`atout.games.pouilleux`): draw blind, lay a special pair with
its effect, pick blind after the Jacks, end the turn."""

from __future__ import annotations

from typing import Literal

import msgspec

from atout.games.base import SimpleMove


class Draw(msgspec.Struct, frozen=True, tag="draw", tag_field="type", forbid_unknown_fields=True):
    """Draw the card at ``position`` (0-based) of the next player's re-randomised hand."""

    position: int

    def __str__(self) -> str:
        return f"draw {self.position}"


class Lay(
    msgspec.Struct,
    frozen=True,
    tag="lay",
    tag_field="type",
    forbid_unknown_fields=True,
    omit_defaults=True,
):
    """Lay one special pair (after the draw) with its effect's parameters.

    ``cards``: the two cards, in code order. ``colour`` for Aces ("red"/"black"); ``target`` for
    Jacks (the player to pick from; a :class:`Pick` follows); ``target`` and ``other`` for Kings
    (the two distinct seats, self allowed, lower first, that swap one card each).
    """

    cards: tuple[str, ...]
    colour: Literal["red", "black"] | None = None
    target: int | None = None
    other: int | None = None

    def __str__(self) -> str:
        out = "lay " + " ".join(self.cards)
        if self.colour is not None:
            out += " " + self.colour
        if self.other is not None:
            out += f" swap {self.target} {self.other}"
        elif self.target is not None:
            out += f" from {self.target}"
        return out


class Pick(msgspec.Struct, frozen=True, tag="pick", tag_field="type", forbid_unknown_fields=True):
    """After laying the Jacks: take the card at ``position`` of the target's re-randomised
    hand."""

    position: int

    def __str__(self) -> str:
        return f"pick {self.position}"


class End(SimpleMove, tag="end"):
    """End the turn without laying a special pair."""


Move = Draw | Lay | Pick | End
END = End()
DRAWS = [Draw(i) for i in range(51)]  # built once: listed every turn
PICKS = [Pick(i) for i in range(51)]
