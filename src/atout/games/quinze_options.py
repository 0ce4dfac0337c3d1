"""The options of Le Quinze (:mod:`atout.games.quinze`): match or single deal, the target, what
an empty stock does, the speed variant, the turn cap."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from atout.games.base import Options


class QuinzeOptions(Options, frozen=True):
    match: Annotated[
        bool,
        msgspec.Meta(
            description=(
                "true: a match (manche) of deals scored until someone reaches the target, the "
                "lowest total wins; false: a single deal, the first player out wins."
            )
        ),
    ] = True
    target: Annotated[
        int,
        msgspec.Meta(
            ge=1,
            le=10_000,
            description="Match play: the match ends after the deal in which a total reaches this.",
        ),
    ] = 100
    empty_stock: Annotated[
        Literal["skip_draw", "reshuffle_table", "end_deal"],
        msgspec.Meta(
            description=(
                "When the stock is empty the défausse is shuffled into a new stock. If the "
                "défausse is empty too: 'skip_draw' — the player does not draw; "
                "'reshuffle_table' — the table cards are shuffled into the stock; "
                "'end_deal' — the deal ends and is scored as it stands."
            )
        ),
    ] = "skip_draw"
    speed: Annotated[
        bool,
        msgspec.Meta(
            description=(
                "Speed variant: after a fifteen that used a table card, the player may end the "
                "turn by laying one card on the table (never the last card in hand)."
            )
        ),
    ] = False
    max_rounds: Annotated[
        int,
        msgspec.Meta(
            ge=1,
            le=10_000,
            description=(
                "Turn cap: a deal still running after this many rounds (one turn per player) "
                "ends and is scored as it stands."
            ),
        ),
    ] = 40
