"""Q²J as numbers: 59 actions (play one of 52 cards, play one of the 6 Queen pairs, draw).

=========  ===========================================================================
action     move
=========  ===========================================================================
0–51       play the card ``deck_52()[a]`` alone (clubs A–K, diamonds, hearts, spades)
52–57      play a Q²: QC+QD, QC+QH, QC+QS, QD+QH, QD+QS, QH+QS
58         draw
=========  ===========================================================================

The observation is derived from the game's view (:mod:`atout.rl.observation`).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from atout.cards import QUEEN, deck_52
from atout.games.base import State
from atout.games.q2j import Draw, Play
from atout.rl.codec import ActionTable, Codec, card_index

CARDS = deck_52()
INDEX = card_index(CARDS)
QUEENS = [c.code for c in CARDS if c.rank == QUEEN]
PAIRS = [tuple(sorted(p)) for p in combinations(QUEENS, 2)]
PAIR_ACTION = {p: 52 + i for i, p in enumerate(PAIRS)}
DRAW = 52 + len(PAIRS)


class Q2JCodec(Codec):
    game_id = "q2j"
    num_actions = DRAW + 1
    blocks = (
        (0, lambda k: f"play {CARDS[k].code}"),
        (52, lambda k: "play Q² " + "+".join(PAIRS[k])),
        (DRAW, lambda k: "draw"),
    )

    def action_of(self, move: Any) -> int:
        if isinstance(move, Draw):
            return DRAW
        assert isinstance(move, Play)
        if len(move.cards) == 1:
            return INDEX[move.cards[0]]
        return PAIR_ACTION[tuple(sorted(move.cards))]

    def actions(self, state: State[Any], pending: tuple[int, ...]) -> ActionTable:
        return {self.action_of(m): m for m in state.legal_moves()}

    def actions_for(self, move: Any, seat: int) -> list[int]:
        return [self.action_of(move)]
