"""Le Quinze as numbers: 304 actions, fifteens built card by card.

A fifteen is a *set* of cards (hand and table), and a big table holds millions of them, so no
fixed action space can give each its own action. A fifteen is made instead by a short sequence:
*select* its cards one at a time **in increasing card index**, then *confirm*. Each fifteen has
exactly one such sequence, and the mask is exact at every step:

* "select card i" is legal iff some legal fifteen holds the cards already selected, card i, and
  otherwise only cards of higher index (so every selection can be completed: no dead end);
* "confirm" is legal iff the selection is itself a legal fifteen (the game's own check);
* once a card is selected, only selections and the confirmation are legal (the turn is
  committed to a fifteen); the selection is part of the observation.

Card indices are those of ``deck_108()`` (deck 1: clubs A–K, diamonds, hearts, spades, JK1, JK2;
then deck 2, the same with ``#2``); with 2–4 players only 0–53 occur.

=========  ===========================================================================
action     move
=========  ===========================================================================
0–107      select card ``a`` for the fifteen being built (keeps the turn)
108        confirm the selected fifteen
109–216    lay card ``a − 109`` on the table
217–300    lay two face cards of the same rank: the 28 pairs of the eight Jacks (in
           card-index order), then the Queens', then the Kings'
301        done (end the turn after a fifteen)
302        pass
303        deal (the next deal of a match)
=========  ===========================================================================

Which selections may be completed is found by a subset-sum over the cards not yet considered
(:func:`selectable`); the tests check, in thousands of random positions, that the fifteens the
mask can complete are exactly those of :meth:`QuinzeState.legal_moves`.

The observation is derived from the game's view (:mod:`atout.rl.observation`), with the cards
selected so far.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from atout.cards import FACE_RANKS, Card, deck_108
from atout.games.base import IllegalMove, State
from atout.games.fifteens import ACE_CLASS, LOW_VALUE
from atout.games.quinze import Done, Fifteen, Lay, NextDeal, Pass
from atout.rl.codec import SELECT, ActionTable, Codec, card_index

CARDS = deck_108()
INDEX = card_index(CARDS)
N = len(CARDS)
CONFIRM = N
LAY = N + 1
FACE_PAIRS = [
    (a.code, b.code)
    for r in sorted(FACE_RANKS)
    for a, b in combinations([c for c in CARDS if c.rank == r], 2)
]
LAY2 = LAY + N
PAIR_ACTION = {tuple(sorted(p)): LAY2 + i for i, p in enumerate(FACE_PAIRS)}
DONE = LAY2 + len(FACE_PAIRS)
PASS, DEAL = DONE + 1, DONE + 2

# --------------------------------------------------------------------------- completions

#: Subset sums are kept as bits ``sum + _OFF`` in [−4, 23]: four Jokers at most bring a sum
#: down by 4, and no fifteen needs the rest of its cards to add up to more than 19.
_OFF = 4
_WINDOW = (1 << 28) - 1


def selectable(hand: Sequence[Card], table: Sequence[Card], pending: Sequence[int]) -> list[int]:
    """The card indices ``i`` such that some fifteen (at least one hand card; the values of
    :mod:`atout.games.fifteens`) holds the ``pending`` cards, card ``i`` and otherwise only cards
    of index above ``i``; ``i`` is above every pending index."""
    in_hand = {INDEX[c.code] for c in hand}
    last = pending[-1] if pending else -1
    pool = sorted(i for i in (*in_hand, *(INDEX[c.code] for c in table)) if i > last)
    k0 = sum(LOW_VALUE[CARDS[i].rank] for i in pending)
    ace0 = any(CARDS[i].rank == ACE_CLASS for i in pending)
    hand0 = any(i in in_hand for i in pending)
    # reach[f]: the sums (as bits) of the subsets of the cards after the current one whose
    # flags are f = 2 * (holds an Ace) + (holds a hand card); the empty set sums to 0.
    reach = [1 << _OFF, 0, 0, 0]
    out = []
    for i in reversed(pool):
        rank = CARDS[i].rank
        v = LOW_VALUE[rank]
        k = k0 + v
        ace = ace0 or rank == ACE_CLASS
        has_hand = hand0 or i in in_hand
        for f in range(4):
            bits = reach[f]
            if not bits or not (has_hand or f & 1):
                continue
            t = 15 - k + _OFF
            if 0 <= t < 28 and bits >> t & 1:
                out.append(i)
                break
            t = 2 - k + _OFF
            if (ace or f & 2) and 0 <= t < 28 and bits >> t & 1:
                out.append(i)
                break
        fx = (2 if rank == ACE_CLASS else 0) | (1 if i in in_hand else 0)
        new = list(reach)
        for f in range(4):
            bits = reach[f]
            if bits:
                new[f | fx] |= (bits << v if v >= 0 else bits >> -v) & _WINDOW
        reach = new
    out.reverse()
    return out


# --------------------------------------------------------------------------- the codec


class QuinzeCodec(Codec):
    game_id = "quinze"
    num_actions = DEAL + 1
    selects = True
    blocks = (
        (0, lambda k: f"select {CARDS[k].code} for a fifteen"),
        (CONFIRM, lambda k: "confirm the fifteen"),
        (LAY, lambda k: f"lay {CARDS[k].code}"),
        (LAY2, lambda k: "lay " + "+".join(FACE_PAIRS[k])),
        (DONE, lambda k: "done"),
        (PASS, lambda k: "pass"),
        (DEAL, lambda k: "deal"),
    )

    def action_of(self, move: Any) -> int:
        if isinstance(move, Lay):
            if len(move.cards) == 1:
                return LAY + INDEX[move.cards[0]]
            return PAIR_ACTION[tuple(sorted(move.cards))]
        if isinstance(move, Done):
            return DONE
        if isinstance(move, Pass):
            return PASS
        assert isinstance(move, NextDeal)
        return DEAL

    def actions(self, state: State[Any], pending: tuple[int, ...]) -> ActionTable:
        phase = state.phase  # type: ignore[attr-defined]
        if phase != "play":
            return {self.action_of(m): m for m in state.legal_moves()}
        seat = state.current
        assert seat is not None
        hand = state.hands[seat]  # type: ignore[attr-defined]
        table = state.table  # type: ignore[attr-defined]
        out: ActionTable = {}
        if not pending:
            for m in state.other_moves(hand):  # type: ignore[attr-defined]
                out[self.action_of(m)] = m
        for i in selectable(hand, table, pending):
            out[i] = SELECT
        if len(pending) >= 2:
            move = Fifteen(tuple(CARDS[i].code for i in pending))
            try:
                state.check(move)
            except IllegalMove:
                pass
            else:
                out[CONFIRM] = move
        return out

    def selected(self, pending: tuple[int, ...]) -> list[str]:
        return [CARDS[i].code for i in pending]

    def actions_for(self, move: Any, seat: int) -> list[int]:
        if isinstance(move, Fifteen):
            return [*sorted(INDEX[c] for c in move.cards), CONFIRM]
        return [self.action_of(move)]
