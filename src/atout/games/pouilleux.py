"""Le Pouilleux with special pairs: pair off your cards by drawing blind from your neighbour;
the Jack of Spades (the "pouilleux") has no mate.

This module is the game (the deal, the declared view, the sampling of hidden cards); the options
are in :mod:`atout.games.pouilleux_options`, the moves in :mod:`atout.games.pouilleux_moves`, the
card tables (which card pairs with which) in :mod:`atout.games.pouilleux_pairs`, the state (turn
flow, legal moves, apply, knowledge, views) in :mod:`atout.games.pouilleux_state` and the words
in :mod:`atout.games.pouilleux_text`. The rules, with every choice these modules make where the
French rulebook is silent or ambiguous, are written out in full in ``docs/rules/pouilleux.md``
(French: ``docs/rules/pouilleux.fr.md``).

The state is the game master: it holds every hand and resolves every blind pick. The chooser
names a position in the hand; just before the pick the game master cuts that hand at a place
drawn with the state's ``rng`` (a uniform rotation: one random number, unlike a full shuffle),
so every position yields every card with the same probability whatever the history, and a
position carries no information.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import msgspec

from atout.cards import Card, Colour, card, deck_51
from atout.games import pouilleux_text as text
from atout.games.base import Event, Field, Game, ViewSpec
from atout.games.common import HAND_SIZES, HANDS, deal_unknown, phase_field
from atout.games.pouilleux_moves import Draw, End, Lay, Move, Pick
from atout.games.pouilleux_options import PouilleuxOptions
from atout.games.pouilleux_pairs import DECK, MATE, POUILLEUX, SPECIAL_RANKS
from atout.games.pouilleux_state import ACT, DRAW, OVER, PICK, PouilleuxState

__all__ = [
    "ACT",
    "DECK",
    "DRAW",
    "GAME",
    "MATE",
    "OVER",
    "PICK",
    "POUILLEUX",
    "SPECIAL_RANKS",
    "Draw",
    "End",
    "Lay",
    "Move",
    "Pick",
    "PouilleuxOptions",
    "PouilleuxState",
    "deal_sizes",
]

# --------------------------------------------------------------------------- the game


def deal_sizes(players: int) -> list[int]:
    """Cards dealt to each seat: 51 shared out, the extra ones to the last seats."""
    base, extra = divmod(len(DECK), players)
    return [base + (1 if i >= players - extra else 0) for i in range(players)]


#: The phases' words, for the declared view.
PHASES = {
    DRAW: ("draw from the next player", "piocher chez le suivant"),
    ACT: ("lay a special pair or end the turn", "poser une paire spéciale ou finir"),
    PICK: ("take a card (Jacks)", "prendre une carte (Valets)"),
}


class PouilleuxGame(Game[PouilleuxOptions]):
    id = "pouilleux"
    titles: ClassVar[dict[str, str]] = {
        "en": "Le Pouilleux (special pairs)",
        "fr": "Le Pouilleux (paires spéciales)",
    }
    min_players = 2
    max_players = 8
    Options = PouilleuxOptions
    move_types = (Draw, Lay, Pick, End)
    view_spec = ViewSpec(
        (
            Field("turns", "number", "Turns played", "Tours joués"),
            phase_field("phase", PHASES),
            Field("direction", "direction", "Direction", "Sens"),
            Field("draw_from", "seat", "Draws from", "Pioche chez"),
            Field("pick_from", "seat", "Picks from", "Prend chez"),
            Field("imposed", "colour", "Colour imposed", "Couleur imposée"),
            Field("imposed_by", "seat", "Imposed by", "Imposée par"),
            HAND_SIZES,
            Field("laid", "card_groups", "pairs", "paires", per_seat=True),
            Field(
                "known",
                "card_seats",
                "Cards you know in other hands",
                "Cartes connues chez les autres",
            ),
            HANDS,
        ),
        detail=(
            Field(
                "pouilleux", "seat", "The pouilleux (J♠) is held by", "Le pouilleux (V♠) est chez"
            ),
        ),
    )
    text = text

    def deck(self, players: int, options: PouilleuxOptions) -> list[Card]:
        return deck_51()

    def parse_move(self, data: Any) -> Any:
        move = super().parse_move(data)
        if isinstance(move, Lay):  # a pair and the King's two players are sets: canonical order
            cards, p, q = move.cards, move.target, move.other
            if len(cards) == 2 and cards[0] > cards[1]:
                cards = (cards[1], cards[0])
            if p is not None and q is not None and p > q:
                p, q = q, p
            if cards is not move.cards or p is not move.target:
                move = Lay(cards, colour=move.colour, target=p, other=q)
        return move

    def _setup(
        self, players: int, options: PouilleuxOptions, rng: random.Random, order: list[Card]
    ) -> PouilleuxState:
        """Deal in blocks: seat 0 gets the first cards of ``order``, then seat 1, and so on
        (so a stacked deck lists the hands one after the other). Then everyone lays their
        pairs and J1 starts."""
        st = PouilleuxState(players, options, rng)
        start = 0
        for seat, size in enumerate(deal_sizes(players)):
            st.hands[seat] = order[start : start + size]
            start += size
        events: list[Event] = [
            Event("deal", None, {"sizes": [len(h) for h in st.hands]}),
            *(
                Event("hand", s, {"cards": [c.code for c in h]}, to=(s,))
                for s, h in enumerate(st.hands)
            ),
        ]
        discard = options.initial_special_pairs == "discard"
        for seat in range(players):
            found = st._lay_normal_pairs(seat, specials_too=discard)
            if found:
                pairs = [[a.code, b.code] for a, b in found]
                events.append(Event("pairs", seat, {"pairs": pairs}))
        empty = tuple(s for s, h in enumerate(st.hands) if not h)
        if empty:
            st._finish(events, empty, "emptied_hand")
        else:
            st._start_turn(0, events)
        st._start_events = events
        return st

    def determinize(self, view: dict[str, Any], rng: random.Random) -> PouilleuxState:
        """Deal the cards ``view`` does not place at random among the other hands, keeping the
        seat's hand, the laid pairs and the cards it knows the holder of."""
        seat = view["seat"]
        n = view["players"]
        opts = msgspec.convert(view["options"], PouilleuxOptions)
        st = PouilleuxState(n, opts, random.Random(rng.random()))
        placed: set[Card] = set()
        for i, ps in enumerate(view["laid"]):
            st.laid[i] = [(card(a), card(b)) for a, b in ps]
            placed.update(c for p in st.laid[i] for c in p)
        if seat is not None:
            st.hands[seat] = [card(c) for c in view["hand"]]
            placed.update(st.hands[seat])
            for code, holder in view["known"]:
                c = card(code)
                st.hands[holder].append(c)
                st.seen[c] = 1 << seat
                placed.add(c)
        deal_unknown(st.hands, view["hand_sizes"], [c for c in DECK if c not in placed], rng)
        st.seat = view["turn"] if view["turn"] is not None else 0
        st.phase = view["phase"]
        st.direction = view["direction"]
        st.target = view["pick_from"]
        st.imposed = None if view["imposed"] is None else Colour(view["imposed"])
        st.imposer = view["imposed_by"]
        st.turns = view["turns"]
        st.move_count = view["move"]
        st.pending = (1 << n) - 1  # hidden hands may hold waiting pairs: look at every turn
        if st.phase == ACT:
            st.specials = st._special_pairs(st.seat)
        return st


GAME = PouilleuxGame()
