"""Le Pouilleux as numbers: 123 actions, the same for 2 to 8 players.

Seats in actions are *relative* to the acting seat (+1 is the next seat clockwise, whatever the
direction of play), so one policy serves every seat; an action naming a seat the table does not
have is never legal.

=========  ===========================================================================
action     move
=========  ===========================================================================
0–50       take the card at position ``a`` (0-based) of the hand drawn from: the turn's
           draw from the next player, or the pick after laying the Jacks
51         end the turn without laying a special pair
52, 53     lay the 10s (black: 10C+10S; red: 10D+10H): the next player skips a turn
54, 55     lay the Queens (black, red): the direction reverses
56–59      lay the Aces and impose a colour: black Aces imposing red, black imposing
           black, red imposing red, red imposing black
60–66      lay the red Jacks (JD+JH) and pick from seat +1 … +7
67–94      lay the black Kings and swap a card between relative seats {p, q},
           p < q in 0–7, in the order (0,1), (0,2) … (0,7), (1,2) … (6,7)
95–122     lay the red Kings, the same 28 seat pairs
=========  ===========================================================================

Observation (float32 in [0, 1], seats counted from the observer): hand (51), every laid card
(51), the cards of each other hand this seat knows the holder of ((players−1) × 51), hand sizes
(÷51) and laid pairs (÷25) per seat, phase (draw, act, pick, over), direction, the seat drawn
from and the seat picked from (one-hot), the imposed colour (red, black) and who imposed it,
turns played (÷ the cap), and the option ``initial_special_pairs == "discard"``.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import numpy as np

from atout.cards import ACE, JACK, QUEEN, card, deck_51
from atout.games.base import State
from atout.games.pouilleux import Draw, End, Lay, Pick
from atout.rl.codec import ActionTable, Codec, Encoder, by_rel, card_index, rel

CARDS = deck_51()
INDEX = card_index(CARDS)
MAX_HAND = len(CARDS)
MAX_PLAYERS = 8
END = MAX_HAND
SEAT_PAIRS = list(combinations(range(MAX_PLAYERS), 2))
SEAT_PAIR_INDEX = {p: i for i, p in enumerate(SEAT_PAIRS)}
TENS, QUEENS, ACES, JACKS = 52, 54, 56, 60
KINGS = JACKS + MAX_PLAYERS - 1
PHASES = ("draw", "act", "pick", "over")


def _is_red(code: str) -> bool:
    return code[-1] in "DH"


class PouilleuxCodec(Codec):
    game_id = "pouilleux"
    num_actions = KINGS + 2 * len(SEAT_PAIRS)

    def action_of(self, move: Any, seat: int) -> int:
        if isinstance(move, Draw | Pick):
            return move.position
        if isinstance(move, End):
            return END
        assert isinstance(move, Lay)
        rank = card(move.cards[0]).rank
        red = _is_red(move.cards[0])
        n = self.players
        if rank == 10:
            return TENS + red
        if rank == QUEEN:
            return QUEENS + red
        if rank == ACE:
            return ACES + 2 * red + (move.colour == "black")
        if rank == JACK:
            assert move.target is not None
            return JACKS + (move.target - seat) % n - 1
        assert move.target is not None and move.other is not None
        p, q = sorted(((move.target - seat) % n, (move.other - seat) % n))
        return KINGS + len(SEAT_PAIRS) * red + SEAT_PAIR_INDEX[(p, q)]

    def actions(self, state: State[Any], pending: tuple[int, ...]) -> ActionTable:
        seat = state.current
        assert seat is not None
        return {self.action_of(m, seat): m for m in state.legal_moves()}

    def actions_for(self, move: Any, seat: int) -> list[int]:
        return [self.action_of(move, seat)]

    def meaning(self, action: int) -> str:
        if action < END:
            return f"take position {action} (draw, or pick after the Jacks)"
        if action == END:
            return "end the turn"
        if action < QUEENS:
            return f"lay the {'red' if action - TENS else 'black'} 10s"
        if action < ACES:
            return f"lay the {'red' if action - QUEENS else 'black'} Queens"
        if action < JACKS:
            k = action - ACES
            colour = ("red", "black")[k % 2]
            return f"lay the {'red' if k // 2 else 'black'} Aces, impose {colour}"
        if action < KINGS:
            return f"lay the red Jacks, pick from seat +{action - JACKS + 1}"
        k = action - KINGS
        p, q = SEAT_PAIRS[k % len(SEAT_PAIRS)]
        return f"lay the {'red' if k // len(SEAT_PAIRS) else 'black'} Kings, swap +{p} and +{q}"

    def observe(self, view: dict[str, Any], pending: tuple[int, ...]) -> np.ndarray:
        n, me = self.players, view["seat"]
        e = Encoder()
        e.cards(INDEX, MAX_HAND, view.get("hand", ()))
        e.cards(INDEX, MAX_HAND, [c for ps in view["laid"] for p in ps for c in p])
        known: list[list[str]] = [[] for _ in range(n)]
        for code, holder in view.get("known", ()):
            known[rel(holder, me, n) or 0].append(code)
        for k in range(1, n):
            e.cards(INDEX, MAX_HAND, known[k])
        e.values([x / MAX_HAND for x in by_rel(view["hand_sizes"], me, n)])
        e.values([len(ps) / 25 for ps in by_rel(view["laid"], me, n)])
        e.one_hot(len(PHASES), PHASES.index(view["phase"]))
        e.values([float(view["direction"] == 1)])
        e.one_hot(n, rel(view["draw_from"], me, n))
        e.one_hot(n, rel(view["pick_from"], me, n))
        imposed = view["imposed"]
        e.values([float(imposed == "red"), float(imposed == "black")])
        e.one_hot(n, rel(view["imposed_by"], me, n))
        opts = view["options"]
        e.values([view["turns"] / opts["max_turns"]])
        e.values([float(opts["initial_special_pairs"] == "discard")])
        return e.done()

    def blank_view(self) -> dict[str, Any]:
        n = self.players
        return {
            "seat": 0,
            "laid": [[] for _ in range(n)],
            "hand_sizes": [0] * n,
            "phase": "draw",
            "direction": 1,
            "draw_from": None,
            "pick_from": None,
            "imposed": None,
            "imposed_by": None,
            "turns": 0,
            "options": {"max_turns": 1, "initial_special_pairs": "keep"},
        }

    def card_planes(self, obs: np.ndarray) -> set[str]:
        planes = obs[: MAX_HAND * (1 + self.players)].reshape(-1, MAX_HAND)
        return {CARDS[i].code for i in np.nonzero(planes.any(axis=0))[0]}
