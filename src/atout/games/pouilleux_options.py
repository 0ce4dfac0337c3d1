"""The options of Le Pouilleux (:mod:`atout.games.pouilleux`): what the special pairs of the
deal do, the turn cap."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from atout.games.base import Options


class PouilleuxOptions(Options, frozen=True):
    initial_special_pairs: Annotated[
        Literal["keep", "discard"],
        msgspec.Meta(
            description=(
                "Special pairs (10, J, Q, K, A) found in the dealt hands: 'keep' — they stay in "
                "hand and are laid later by choice, with their effect; 'discard' — they are laid "
                "at once with the normal pairs, without effect."
            )
        ),
    ] = "keep"
    max_turns: Annotated[
        int,
        msgspec.Meta(
            ge=1,
            description=(
                "Turn cap: when this many turns have been played the game stops and the fewest "
                "cards in hand wins (ties share). Stops games where nobody lays the last pairs."
            ),
        ),
    ] = 1000
