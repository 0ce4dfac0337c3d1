"""Le Quinze: draw, then shed cards in sets that add up to 15, using the public table.

This module is the game (its declared view, the deal, the sampling of hidden cards); the options
are in :mod:`atout.games.quinze_options`, the moves in :mod:`atout.games.quinze_moves`, the state
(legal moves, apply, views) in :mod:`atout.games.quinze_state` and the words in
:mod:`atout.games.quinze_text`. The rules, with every choice these modules make where the French
rulebook is silent or ambiguous, are written out in full in ``docs/rules/quinze.md`` (French:
``docs/rules/quinze.fr.md``). Whether a set of cards is a fifteen, and which fifteens exist, is
decided only by :mod:`atout.games.fifteens`.

A table plays a match ("manche") of deals ("parties") by default; each deal is a phase of the
one game: ``play`` while the deal runs, then ``scoring`` (hands shown, points added) until the
next dealer deals with :class:`NextDeal`, and ``over`` at the end.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import msgspec

from atout.cards import Card, card, deck_54, deck_108
from atout.games import quinze_text as text
from atout.games.base import Event, Field, Game, Result, ViewSpec
from atout.games.common import (
    DISCARD,
    DISCARD_SIZE,
    HAND_SIZES,
    HANDS,
    STOCK_SIZE,
    deal_unknown,
    phase_field,
)
from atout.games.quinze_moves import (
    LIST_LIMIT,
    Done,
    Fifteen,
    Lay,
    LegalMoves,
    Move,
    NextDeal,
    Pass,
)
from atout.games.quinze_options import QuinzeOptions
from atout.games.quinze_state import OVER, PLAY, SCORING, QuinzeState, hand_size

__all__ = [
    "GAME",
    "LIST_LIMIT",
    "OVER",
    "PLAY",
    "SCORING",
    "Done",
    "Fifteen",
    "Lay",
    "LegalMoves",
    "Move",
    "NextDeal",
    "Pass",
    "QuinzeOptions",
    "QuinzeState",
    "hand_size",
]

# --------------------------------------------------------------------------- the game

#: The phases' words, for the declared view.
PHASES = {
    PLAY: ("playing", "en jeu"),
    SCORING: ("scoring: the next dealer deals", "décompte : au donneur suivant"),
}


class QuinzeGame(Game[QuinzeOptions]):
    id = "quinze"
    titles: ClassVar[dict[str, str]] = {"en": "Le Quinze", "fr": "Le Quinze"}
    min_players = 2
    max_players = 8
    Options = QuinzeOptions
    move_types = (Fifteen, Lay, Done, Pass, NextDeal)
    view_spec = ViewSpec(
        (
            phase_field("phase.name", PHASES),
            Field("phase.deal", "number", "Deal", "Donne"),
            Field("phase.dealer", "seat", "Dealer", "Donneur"),
            Field("phase.turn", "number", "Turn", "Tour"),
            Field("phase.max_turns", "number", "Turn cap", "Tours maximum"),
            Field("phase.turns_taken", "number", "turns", "tours", per_seat=True),
            Field("phase.totals", "number", "total", "total", per_seat=True),
            Field("table", "cards", "On the table", "Sur la table"),
            STOCK_SIZE,
            DISCARD_SIZE,
            DISCARD,
            Field("last_fifteen", "cards", "Last fifteen", "Dernier quinze"),
            HAND_SIZES,
            Field("made", "number", "Fifteens this turn", "Quinzes ce tour"),
            Field("used_table", "flag", "Used the table", "A pris sur la table"),
            Field("can_speed_lay", "flag", "May lay one more card", "Peut poser une carte de plus"),
            Field("deals", "score_table", "Deal", "Donne"),
            HANDS,
            Field("stock", "cards", "Stock", "Pioche"),
        ),
        detail=(
            Field("deals", "number", "Deals played", "Donnes jouées"),
            Field("history", "score_table", "Deal", "Donne"),
        ),
    )
    text = text

    def deck(self, players: int, options: QuinzeOptions) -> list[Card]:
        """One 54-card deck (two Jokers) for 2–4 players, two (108, ids ``#2``) for 5–8."""
        return deck_54() if players <= 4 else deck_108()

    def _setup(
        self, players: int, options: QuinzeOptions, rng: random.Random, order: list[Card]
    ) -> QuinzeState:
        st = QuinzeState(players, options, rng, self.deck(players, options))
        events: list[Event] = []
        st._deal(order, events)
        st._start_events = events
        return st

    def determinize(self, view: dict[str, Any], rng: random.Random) -> QuinzeState:
        """Deal the cards ``view`` does not show at random; everything public stays put."""
        seat = view["seat"]
        n = view["players"]
        options = msgspec.convert(view["options"], QuinzeOptions)
        st = QuinzeState(n, options, random.Random(rng.random()), self.deck(n, options))
        phase = view["phase"]
        st.table = [card(c) for c in view["table"]]
        st.discard = [card(c) for c in view["discard"]]
        known = set(st.table) | set(st.discard)
        shown = view.get("hands")
        hands: list[list[Card]] = []
        for i in range(n):
            if shown is not None:
                hands.append([card(c) for c in shown[i]])
            elif i == seat:
                hands.append([card(c) for c in view["hand"]])
            else:
                hands.append([])
            known.update(hands[-1])
        unknown = [c for c in st.full_deck if c not in known]
        unknown = deal_unknown(hands, view["hand_sizes"], unknown, rng)
        st.hands = hands
        st.stock = [card(c) for c in view["stock"]] if "stock" in view else unknown
        st.seat = view["turn"] if view["turn"] is not None else 0
        st.dealer = phase["dealer"]
        st.deal_no = phase["deal"]
        st.turn_no = phase["turn"]
        st.turns_taken = list(phase["turns_taken"])
        st.totals = list(phase["totals"])
        st.phase = phase["name"]
        st.made = view["made"]
        st.used_table = view["used_table"]
        st.last_fifteen = tuple(view["last_fifteen"])
        st.history = list(view["deals"])
        st.move_count = view["move"]
        if "result" in view:
            st._result = msgspec.convert(view["result"], Result)
        return st


GAME = QuinzeGame()
