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

The observation is derived from the game's view (:mod:`atout.rl.observation`).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from atout.cards import ACE, JACK, QUEEN, card, deck_51
from atout.games.base import State
from atout.games.pouilleux import Draw, End, Lay, Pick
from atout.rl.codec import ActionTable, Codec

MAX_HAND = len(deck_51())
MAX_PLAYERS = 8
END = MAX_HAND
SEAT_PAIRS = list(combinations(range(MAX_PLAYERS), 2))
SEAT_PAIR_INDEX = {p: i for i, p in enumerate(SEAT_PAIRS)}
TENS, QUEENS, ACES, JACKS = 52, 54, 56, 60
KINGS = JACKS + MAX_PLAYERS - 1


COLOURS = ("black", "red")


def _is_red(code: str) -> bool:
    return code[-1] in "DH"


def _kings(k: int) -> str:
    p, q = SEAT_PAIRS[k % len(SEAT_PAIRS)]
    return f"lay the {COLOURS[k // len(SEAT_PAIRS)]} Kings, swap +{p} and +{q}"


class PouilleuxCodec(Codec):
    game_id = "pouilleux"
    num_actions = KINGS + 2 * len(SEAT_PAIRS)
    blocks = (
        (0, lambda k: f"take position {k} (draw, or pick after the Jacks)"),
        (END, lambda k: "end the turn"),
        (TENS, lambda k: f"lay the {COLOURS[k]} 10s"),
        (QUEENS, lambda k: f"lay the {COLOURS[k]} Queens"),
        (ACES, lambda k: f"lay the {COLOURS[k // 2]} Aces, impose {COLOURS[1 - k % 2]}"),
        (JACKS, lambda k: f"lay the red Jacks, pick from seat +{k + 1}"),
        (KINGS, _kings),
    )

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
