"""A game that lives only in the tests: "Match" (suit or rank), to show that a game is one module
and its words, and that nothing else (server, terminal client, browser, bots, the reinforcement-
learning environment) needs to know it: its moves, events and view are declared once, as types.

Each player gets 3 of the 20 high cards (10, J, Q, K, A); one card starts the pile. On your turn
play a card of the top card's suit or rank, or draw one from the stock; once the stock is empty,
pass instead. The first empty hand wins; when every seat passes in a row, the fewest cards win.

Register it with ``atout.games.register(GAME)``: what is not code — its words
(``toygame_home/words/<lang>/toygame.ftl``) and its rules pages (``toygame_home/rules/``) — comes
from its ``home`` and joins atout's catalogue and pages then. This module is also its own words
module (``text``): it picks the catalogue's messages.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from itertools import chain
from pathlib import Path
from typing import Annotated, Any

import msgspec

from atout.cards import Card, CardCode, card, deck_52
from atout.games import base
from atout.games.base import Event, EventData, IllegalMove, Result, SimpleMove, View, shows
from atout.games.common import (
    Drawn,
    HandSizes,
    cards_in_hand,
    deal_unknown,
    drawn,
    fewest_cards,
    unknown_move,
)
from atout.games.sentences import name, refuse, seat, seats
from atout.locales import say


class MatchOptions(base.Options, frozen=True):
    """No options."""


class Play(msgspec.Struct, frozen=True, tag="play", tag_field="type", forbid_unknown_fields=True):
    card: CardCode

    def __str__(self) -> str:
        return f"play {self.card}"


class Draw(SimpleMove, tag="draw"):
    pass


class Pass(SimpleMove, tag="pass"):
    pass


class Played(EventData, tag="play"):
    card: CardCode


class Passed(EventData, tag="pass"):
    pass


class GameOver(EventData, tag="game_over"):
    winners: list[int]


class MatchView(View):
    """What a seat sees: the top of the pile, the counts, its hand."""

    top: Annotated[list[CardCode], shows("cards", "toygame-view-top")]
    stock_size: Annotated[int, shows("card_count", "toygame-view-stock-size")]
    hand_sizes: HandSizes
    passes: Annotated[int, shows("number", "toygame-view-passes")]
    options: MatchOptions
    result: Result | None = None
    hand: list[CardCode] | None = None


DECK = [c for c in deck_52() if c.rank >= 10 or c.rank == 1]
HAND = 3


class MatchState(base.State[MatchOptions]):
    def __init__(self, players: int, options: MatchOptions, rng: random.Random) -> None:
        super().__init__(players, options, rng)
        self.stock: list[Card] = []
        self.pile: list[Card] = []
        self.seat = self.passes = 0

    def legal_moves(self) -> list[Any]:
        if self._result:
            return []
        top = self.pile[-1]
        hand = self.hands[self.seat]
        moves: list[Any] = [Play(c.code) for c in hand if c.suit is top.suit or c.rank == top.rank]
        return [*moves, Draw() if self.stock else Pass()]

    def refusal(self, move: Any) -> IllegalMove:
        if isinstance(move, Play):
            c = cards_in_hand([move.card], self.hands[self.seat])[0]
            return refuse("no_match", "toygame-refused-no-match", c=c, top=self.pile[-1])
        if isinstance(move, Draw):
            return refuse("stock_empty", "toygame-refused-stock-empty")
        if isinstance(move, Pass):
            return refuse("must_draw", "toygame-refused-must-draw")
        return unknown_move()

    def _apply(self, move: Any) -> list[Event]:
        seat, hand = self.seat, self.hands[self.seat]
        events: list[Event] = []
        if isinstance(move, Play):
            c = card(move.card)
            hand.remove(c)
            self.pile.append(c)
            self.passes = 0
            events.append(Event.of(Played(c.code), seat))
        elif isinstance(move, Draw):
            c = self.stock.pop()
            hand.append(c)
            events += drawn(seat, c)
        else:
            self.passes += 1
            events.append(Event.of(Passed(), seat))
        if not hand or self.passes >= self.num_players:
            winners = fewest_cards(self.hands)
            self._result = Result(winners, "emptied_hand" if not hand else "deadlock")
            events.append(Event.of(GameOver(list(winners))))
        self.seat = (seat + 1) % self.num_players
        return events

    def public_view(self) -> MatchView:
        return MatchView(
            **self.head("match"),
            top=[self.pile[-1].code],
            stock_size=len(self.stock),
            hand_sizes=[len(h) for h in self.hands],
            passes=self.passes,
            options=self.options,
            result=self._result,
        )

    def secret_cards(self, seat: int | None) -> set[Card]:
        return {c for i, h in enumerate(self.hands) if i != seat for c in h} | set(self.stock)

    def all_cards(self) -> Iterator[Card]:
        return chain(self.stock, self.pile, *self.hands)

    def _clone(self) -> MatchState:
        new = self._copy()
        new.stock, new.pile = list(self.stock), list(self.pile)
        return new


# --------------------------------------------------------------------------- words


def describe_move(move: Any, lang: str) -> str:
    code = getattr(move, "card", None)
    kind = type(move).__struct_config__.tag
    return say(lang, f"toygame-move-{kind}", c=name(code, lang) if code else "")


def describe(e: Event, lang: str, you: int | None = None) -> str:
    """Every event said of its seat, even to that seat's player: a game may leave ``you`` out."""
    who, d = seat(e.seat, lang), e.data
    if e.kind == "game_over":
        return say(
            lang, "toygame-game-over", count=len(d["winners"]), winners=seats(d["winners"], lang)
        )
    if e.kind == "draw" and not d.get("card"):
        return say(lang, "toygame-draw-hidden", who=who)
    c = name(d["card"], lang) if d.get("card") else ""
    return say(lang, f"toygame-{e.kind}", who=who, c=c)


class MatchGame(base.Game[MatchOptions]):
    id = "match"
    min_players = 2
    max_players = 4
    Options = MatchOptions
    move_types = (Play, Draw, Pass)
    event_types = (Played, Drawn, Passed, GameOver)
    view_type = MatchView
    text = sys.modules[__name__]  # describe() and describe_move() below
    home = Path(__file__).parent / "toygame_home"

    def deck(self, players: int, options: MatchOptions) -> list[Card]:
        return list(DECK)

    def _setup(
        self, players: int, options: MatchOptions, rng: random.Random, order: list[Card]
    ) -> MatchState:
        st = MatchState(players, options, rng)
        for i in range(HAND * players):
            st.hands[i % players].append(order[i])
        st.pile = [order[HAND * players]]
        st.stock = order[HAND * players + 1 :]
        return st

    def determinize(self, view: MatchView | dict[str, Any], rng: random.Random) -> MatchState:
        """The other hands and the stock dealt from the cards the seat cannot see; the rest
        lie under the top of the pile."""
        v = self.as_view(view)
        assert isinstance(v, MatchView) and v.seat is not None
        st = MatchState(v.players, v.options, random.Random(rng.random()))
        st.hands[v.seat] = [card(c) for c in v.hand or ()]
        top = card(v.top[0])
        seen = {top, *st.hands[v.seat]}
        rest = deal_unknown(st.hands, v.hand_sizes, [c for c in DECK if c not in seen], rng)
        st.stock, st.pile = rest[: v.stock_size], [*rest[v.stock_size :], top]
        st.seat = v.turn if v.turn is not None else 0
        st.passes, st.move_count = v.passes, v.move
        return st


GAME = MatchGame()
