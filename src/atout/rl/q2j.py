"""Q²J as numbers: 59 actions (play one of 52 cards, play one of the 6 Queen pairs, draw).

=========  ===========================================================================
action     move
=========  ===========================================================================
0–51       play the card ``deck_52()[a]`` alone (clubs A–K, diamonds, hearts, spades)
52–57      play a Q²: QC+QD, QC+QH, QC+QS, QD+QH, QD+QS, QH+QS
58         draw
=========  ===========================================================================

Observation (float32 in [0, 1], seats counted from the observer: 0 is the observer):
hand (52), top unit (52), discard pile (52), cards shown at the deal still in each hand
(players × 52), hand sizes (players, ÷52), stock and discard sizes (÷52), Q² round, free lead,
passes (÷players), the Q² owner (players, one-hot), the two options (face on Ace, beat-Queen
return).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import numpy as np

from atout.cards import QUEEN, deck_52
from atout.games.base import State
from atout.games.q2j import Draw, Play
from atout.rl.codec import ActionTable, Codec, Encoder, by_rel, card_index, rel

CARDS = deck_52()
INDEX = card_index(CARDS)
QUEENS = [c.code for c in CARDS if c.rank == QUEEN]
PAIRS = [tuple(sorted(p)) for p in combinations(QUEENS, 2)]
PAIR_ACTION = {p: 52 + i for i, p in enumerate(PAIRS)}
DRAW = 52 + len(PAIRS)


class Q2JCodec(Codec):
    game_id = "q2j"
    num_actions = DRAW + 1

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

    def meaning(self, action: int) -> str:
        if action < 52:
            return f"play {CARDS[action].code}"
        if action < DRAW:
            return "play Q² " + "+".join(PAIRS[action - 52])
        return "draw"

    def observe(self, view: dict[str, Any], pending: tuple[int, ...]) -> np.ndarray:
        n, me = self.players, view["seat"]
        e = Encoder()
        e.cards(INDEX, 52, view.get("hand", ()))
        e.cards(INDEX, 52, view["top"])
        e.cards(INDEX, 52, view["discard"])
        for s in by_rel(range(n), me, n):
            e.cards(INDEX, 52, view["shown"][str(s)])
        e.values([x / 52 for x in by_rel(view["hand_sizes"], me, n)])
        e.values([view["stock_size"] / 52, view["discard_size"] / 52])
        e.values([float(view["q2_round"]), float(view["free_lead"]), view["passes"] / n])
        e.one_hot(n, rel(view["q2_owner"], me, n))
        opts = view["options"]
        e.values([float(opts["face_on_ace"]), float(opts["q2_return"] == "beat_queen")])
        return e.done()

    def blank_view(self) -> dict[str, Any]:
        n = self.players
        return {
            "seat": 0,
            "top": [],
            "discard": [],
            "shown": {str(i): [] for i in range(n)},
            "hand_sizes": [0] * n,
            "stock_size": 0,
            "discard_size": 0,
            "q2_round": False,
            "free_lead": False,
            "passes": 0,
            "q2_owner": None,
            "options": {"face_on_ace": False, "q2_return": "free_lead"},
        }

    def card_planes(self, obs: np.ndarray) -> set[str]:
        planes = obs[: 52 * (3 + self.players)].reshape(-1, 52)
        return {CARDS[i].code for i in np.nonzero(planes.any(axis=0))[0]}
