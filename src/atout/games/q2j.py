"""Q Squared Joe (Q²J): a shedding game where Queens pair up and only a Jack ("Joe") answers them.

Read top to bottom: options, moves, events and the per-seat view (each declared once, typed),
the strength rule, the state with its legal moves (the one
source of legality: :meth:`Q2JState.refusal` only explains), apply and views, the game with its
declared view and its setup (the face-up deal). Its words are in :mod:`atout.games.q2j_text`.
The rules, with every decision taken where the French rulebook is silent or ambiguous, are
written out in full in ``docs/rules/q2j.md`` (French: ``docs/rules/q2j.fr.md``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache
from itertools import chain
from typing import Annotated, Any, Literal

import msgspec

from atout.cards import ACE, FACE_RANKS, JACK, QUEEN, Card, CardCode, card, deck_52
from atout.games import q2j_text as text
from atout.games.base import (
    Event,
    EventData,
    Game,
    IllegalMove,
    Options,
    Result,
    SimpleMove,
    State,
    View,
    shows,
)
from atout.games.common import (
    Discard,
    DiscardSize,
    Drawn,
    HandSizes,
    StockSize,
    cards_in_hand,
    code_spellings,
    deal_unknown,
    drawn,
    fewest_cards,
    unknown_move,
)
from atout.games.sentences import refuse

__all__ = [
    "EVENTS",
    "GAME",
    "Dealt",
    "Draw",
    "Drew",
    "GameOver",
    "Joe",
    "Move",
    "Passed",
    "Play",
    "Played",
    "Q2JOptions",
    "Q2JState",
    "Q2JView",
    "Reshuffled",
    "Reveal",
    "beats",
]

# --------------------------------------------------------------------------- options


class Q2JOptions(Options, frozen=True):
    face_on_ace: Annotated[
        bool,
        msgspec.Meta(
            description=(
                "Whether a Jack, Queen or King may be played on an Ace of another suit. "
                "Default false: a face card never goes on an Ace (numbers of another suit, "
                "being higher than the Ace, still do)."
            )
        ),
    ] = False
    q2_return: Annotated[
        Literal["free_lead", "beat_queen"],
        msgspec.Meta(
            description=(
                "When a Q² round comes back to the player who laid the Q²: 'free_lead' — that "
                "player leads any single card; 'beat_queen' — that player must beat a single "
                "Queen of either suit of the pair (or draw)."
            )
        ),
    ] = "free_lead"


# --------------------------------------------------------------------------- moves

_CODES = code_spellings(deck_52())


class Play(msgspec.Struct, frozen=True, tag="play", tag_field="type", forbid_unknown_fields=True):
    """Play one card, or two Queens together (a Q²)."""

    cards: tuple[CardCode, ...]

    def __post_init__(self) -> None:  # a Q² is a set: one spelling, one order
        cs = tuple(_CODES.get(c, c) for c in self.cards)
        if len(cs) == 2 and cs[0] > cs[1]:
            cs = (cs[1], cs[0])
        if cs != self.cards:
            msgspec.structs.force_setattr(self, "cards", cs)

    def __str__(self) -> str:
        return "play " + " ".join(self.cards)


class Draw(SimpleMove, tag="draw"):
    """Draw one card and end the turn (also: answer a Q² without a Jack)."""


Move = Play | Draw
DRAW = Draw()
#: The move that plays one card, for every card (built once: listed every turn).
PLAY_ONE = {c: Play((c.code,)) for c in deck_52()}
JACKS = frozenset(c for c in deck_52() if c.rank == JACK)


def pair_play(a: Card, b: Card) -> Play:
    """The move that lays the Queens ``a`` and ``b`` together."""
    return Play((a.code, b.code) if a.code < b.code else (b.code, a.code))


# --------------------------------------------------------------------------- events

DrawReason = Literal["draw", "equal_rank"]


class Reveal(msgspec.Struct, frozen=True, array_like=True):
    """A card a tied seat turned up to settle who starts: ``[seat, code]`` on the wire."""

    seat: int
    card: CardCode


class Dealt(EventData, tag="deal"):
    """The deal: each seat's face-up card (its last), the cards tied seats revealed in turn,
    who starts (``by_lot`` when every card tied) and the first discard."""

    face_up: list[CardCode]
    reveals: list[Reveal]
    first: int
    discard: CardCode
    by_lot: bool


class Played(EventData, tag="play"):
    """A seat played one card, or a Q² (two Queens)."""

    cards: list[CardCode]


class Joe(EventData, tag="joe"):
    """A Jack answered the Q²: its round is over."""

    cards: list[CardCode]


class Reshuffled(EventData, tag="reshuffle"):
    """The discard but its top unit became the new stock."""

    stock: int


class Passed(EventData, tag="pass"):
    """A seat had to draw (``reason``) but nothing was left to draw."""

    reason: DrawReason


class Drew(Drawn, tag="draw"):
    """A seat drew a card: as its move, or after playing a card of the top's rank."""

    reason: DrawReason


class GameOver(EventData, tag="game_over"):
    """The end: an empty hand, or every seat passing in a row (the fewest cards win)."""

    winners: list[int]
    reason: Literal["emptied_hand", "deadlock"]


EVENTS = (Dealt, Played, Joe, Reshuffled, Passed, Drew, GameOver)

# --------------------------------------------------------------------------- the view


class Q2JView(View):
    """What one seat sees of a Q²J table: every card on the pile, the face-up cards still in
    hand, the Q² round's state; other hands and the stock only as counts."""

    top: Annotated[list[CardCode], shows("cards", "q2j-view-top")]
    discard: Discard  # public: every card on it was seen
    discard_size: DiscardSize
    stock_size: StockSize
    hand_sizes: HandSizes
    shown: Annotated[dict[str, list[CardCode]], shows("cards", "q2j-view-shown", per_seat=True)]
    q2_owner: Annotated[int | None, shows("seat", "q2j-view-q2-owner")]
    q2_round: Annotated[bool, shows("flag", "q2j-view-q2-round")]
    free_lead: Annotated[bool, shows("flag", "q2j-view-free-lead")]
    passes: Annotated[int, shows("number", "q2j-view-passes")]
    options: Q2JOptions
    result: Result | None = None
    hand: list[CardCode] | None = None


# --------------------------------------------------------------------------- the strength rule


def beats(x: Card, top: Card, face_on_ace: bool = False) -> bool:
    """Whether a single card ``x`` may be played on a single ``top`` (rulings 3–7).

    Equal rank is legal (the player then draws); the Q² rules (1–2) are handled by the state,
    which knows whether the top is a pair.
    """
    xr, tr = x.rank, top.rank
    if xr == tr:
        return True
    if xr == ACE and tr in FACE_RANKS:
        return True
    if tr == ACE and xr in FACE_RANKS and not face_on_ace:
        return False
    if x.suit is top.suit:
        return xr < tr
    return xr > tr


@cache
def _seat_keys(players: int) -> tuple[str, ...]:
    return tuple(str(i) for i in range(players))


@cache
def _beaten_by(top: Card, face_on_ace: bool) -> frozenset[Card]:
    """Every card that beats a single ``top``: :func:`beats`, tabulated once."""
    return frozenset(x for x in deck_52() if beats(x, top, face_on_ace))


def refusal(x: Card, top: Card, face_on_ace: bool) -> IllegalMove:
    """Why ``x`` does not beat ``top``: the error for a refused single card."""
    if top.rank == ACE and x.rank in FACE_RANKS and not face_on_ace:
        return refuse("face_on_ace", text.REFUSALS["face_on_ace"], x=x)
    words = (
        text.REFUSALS["beat_same_suit"] if x.suit is top.suit else text.REFUSALS["beat_other_suit"]
    )
    return refuse("does_not_beat_top", words, x=x, top=top)


# --------------------------------------------------------------------------- state


class Q2JState(State[Q2JOptions]):
    """A Q²J table. ``stock`` is kept with its next card last, so drawing is ``pop()``."""

    __slots__ = (
        "_result",
        "_start_events",
        "discard",
        "free_lead",
        "hands",
        "passes",
        "q2_owner",
        "seat",
        "shown",
        "stock",
        "top",
        "winners",
    )

    def __init__(self, players: int, options: Q2JOptions, rng: random.Random) -> None:
        super().__init__(players, options, rng)
        self.stock: list[Card] = []
        self.discard: list[Card] = []  # every card on the pile, the top unit last
        self.top: tuple[Card, ...] = ()  # the top unit: one card, or two Queens
        self.shown: set[Card] = set()  # cards revealed at the deal: public knowledge
        self.seat = 0
        self.q2_owner: int | None = None  # who laid the Q² while its Jack-or-draw round runs
        self.free_lead = False  # the Q² player's turn after a full round
        self.passes = 0  # consecutive turns with nothing to draw

    # -- whose turn, what is legal -------------------------------------------------------
    def legal_moves(self) -> list[Any]:
        if self._result is not None:
            return []
        hand = self.hands[self.seat]
        ok = self._playable()
        moves: list[Any] = [PLAY_ONE[c] for c in hand if ok is None or c in ok]
        if self._pair_allowed():
            queens = [c for c in hand if c.rank == QUEEN]
            for i, a in enumerate(queens):
                for b in queens[i + 1 :]:
                    moves.append(pair_play(a, b))
        moves.append(DRAW)
        return moves

    def _playable(self) -> frozenset[Card] | None:
        """The single cards legal now (``None``: any card). The one source of single-card
        legality: rule 1 on a Q², :func:`beats` otherwise, and the free lead."""
        top = self.top
        if self.free_lead:
            if self.options.q2_return == "free_lead":
                return None
            return _beaten_by(top[0], self.options.face_on_ace) | _beaten_by(
                top[1], self.options.face_on_ace
            )
        if len(top) == 2:  # rule 1: on a Q², only a Jack
            return JACKS
        return _beaten_by(top[0], self.options.face_on_ace)

    def _pair_allowed(self) -> bool:
        """Rule 2: a Q² goes on anything but a Jack or a Q²; never as a free lead."""
        return not self.free_lead and len(self.top) == 1 and self.top[0].rank != JACK

    def refusal(self, move: Any) -> IllegalMove:
        """Why ``move`` is not one of :meth:`legal_moves`: the first rule it breaks."""
        if not isinstance(move, Play):
            return unknown_move()
        if len(move.cards) not in (1, 2):
            return refuse("bad_card_count", text.REFUSALS["bad_card_count"])
        cs = cards_in_hand(move.cards, self.hands[self.seat])
        top = self.top
        if len(cs) == 1:
            if len(top) == 2 and not self.free_lead:
                return refuse("only_jack_on_q2", text.REFUSALS["only_jack_or_draw"])
            return refusal(cs[0], top[0] if self.free_lead else top[-1], self.options.face_on_ace)
        if cs[0].rank != QUEEN or cs[1].rank != QUEEN:
            return refuse("not_a_queen_pair", text.REFUSALS["not_a_queen_pair"])
        if self.free_lead:
            return refuse("single_card_only", text.REFUSALS["single_card_only"])
        if len(top) == 2:
            return refuse("only_jack_on_q2", text.REFUSALS["only_jack_on_q2"])
        return refuse("q2_on_jack", text.REFUSALS["q2_on_jack"])

    # -- changing the state --------------------------------------------------------------
    def _apply(self, move: Any) -> list[Event]:
        seat = self.seat
        if isinstance(move, Draw):
            return self._draw_and_end(seat)
        hand = self.hands[seat]
        cs = [card(code) for code in move.cards]
        old_top = self.top
        was_free = self.free_lead
        for c in cs:
            hand.remove(c)
            self.discard.append(c)
            self.shown.discard(c)
        self.top = tuple(cs)
        self.passes = 0
        self.free_lead = False
        events = [Event.of(Played(list(move.cards)), seat)]
        if len(cs) == 2:
            self.q2_owner = seat
        else:
            if self.q2_owner is not None and len(old_top) == 2 and not was_free:
                events.append(Event.of(Joe(list(move.cards)), seat))
            self.q2_owner = None
            equal = old_top and (
                (len(old_top) == 1 and old_top[0].rank == cs[0].rank)
                or (was_free and self.options.q2_return == "beat_queen" and cs[0].rank == QUEEN)
            )
            if equal:
                drawn = self._draw_one(seat, events, reason="equal_rank")
                if drawn is None and not hand:
                    pass  # nothing could be drawn: the empty hand wins below
                elif drawn is not None:
                    self._advance()
                    return events
        if not hand:
            return self._finish(events, (seat,), "emptied_hand")
        self._advance()
        return events

    def _draw_and_end(self, seat: int) -> list[Event]:
        events: list[Event] = []
        if self.free_lead:  # the Q² player draws instead of leading: the Q² round starts again
            self.free_lead = False
            self.q2_owner = seat
        drawn = self._draw_one(seat, events, reason="draw")
        if drawn is None:
            self.passes += 1
            if self.passes >= self.num_players:
                return self._finish(events, fewest_cards(self.hands), "deadlock")
        else:
            self.passes = 0
        self._advance()
        return events

    def _draw_one(self, seat: int, events: list[Event], reason: DrawReason) -> Card | None:
        """Draw for ``seat`` (reshuffling if needed) and record the events. ``None``: nothing left."""
        if not self.stock and len(self.discard) > len(self.top):
            keep = len(self.top)
            pile = self.discard[:-keep]
            del self.discard[:-keep]
            self.rng.shuffle(pile)
            self.stock = pile
            events.append(Event.of(Reshuffled(len(pile))))
        if not self.stock:
            events.append(Event.of(Passed(reason), seat))
            return None
        c = self.stock.pop()
        self.hands[seat].append(c)
        events.extend(drawn(seat, c, Drew, reason=reason))
        return c

    def _advance(self) -> None:
        nxt = (self.seat + 1) % self.num_players
        if self.q2_owner is not None and nxt == self.q2_owner:
            self.q2_owner = None
            self.free_lead = True
        self.seat = nxt

    def _finish(
        self,
        events: list[Event],
        winners: tuple[int, ...],
        reason: Literal["emptied_hand", "deadlock"],
    ) -> list[Event]:
        sizes = tuple(float(len(h)) for h in self.hands)
        self._result = Result(winners=winners, reason=reason, scores=sizes)
        events.append(Event.of(GameOver(list(winners), reason)))
        return events

    # -- what each seat sees -------------------------------------------------------------
    def public_view(self) -> Q2JView:
        """Every seat's view but its hand (:meth:`own_view`): built once per move."""
        face_up, keys = self.shown, _seat_keys(self.num_players)
        if face_up:
            hands = zip(keys, self.hands, strict=True)
            shown = {k: [c.code for c in h if c in face_up] for k, h in hands}
        else:  # once every card shown at the deal is played: most of a game
            shown = {k: [] for k in keys}
        return Q2JView(
            **self.head("q2j"),
            top=[c.code for c in self.top],
            discard=[c.code for c in self.discard],
            discard_size=len(self.discard),
            stock_size=len(self.stock),
            hand_sizes=[len(h) for h in self.hands],
            shown=shown,
            q2_owner=self.q2_owner,
            q2_round=len(self.top) == 2 and self.q2_owner is not None and not self.free_lead,
            free_lead=self.free_lead,
            passes=self.passes,
            options=self.options,
            result=self._result,
        )

    def secret_cards(self, seat: int | None) -> set[Card]:
        hidden = set(self.stock)
        for i, h in enumerate(self.hands):
            if i != seat:
                hidden.update(c for c in h if c not in self.shown)
        return hidden

    def all_cards(self) -> Iterator[Card]:
        return chain(self.stock, self.discard, *self.hands)

    def default_move(self) -> Any:
        """A seat out of time draws (always legal)."""
        return DRAW

    def _clone(self) -> Q2JState:
        new = self._copy()
        new.stock = list(self.stock)
        new.discard = list(self.discard)
        new.shown = set(self.shown)
        return new


# --------------------------------------------------------------------------- the game


HAND_SIZE = 5


class Q2JGame(Game[Q2JOptions]):
    id = "q2j"
    min_players = 2
    max_players = 10
    Options = Q2JOptions
    move_types = (Play, Draw)
    event_types = EVENTS
    view_type = Q2JView
    text = text

    def deck(self, players: int, options: Q2JOptions) -> list[Card]:
        return deck_52()

    def _setup(
        self, players: int, options: Q2JOptions, rng: random.Random, order: list[Card]
    ) -> Q2JState:
        st = Q2JState(players, options, rng)
        it = iter(order)
        dealt: list[list[Card]] = [[] for _ in range(players)]
        for _ in range(HAND_SIZE):
            for seat in range(players):
                dealt[seat].append(next(it))
        first_discard = next(it)
        st.stock = list(it)[::-1]
        st.discard = [first_discard]
        st.top = (first_discard,)
        st.hands = dealt
        first, reveals, by_lot = _first_player(dealt, rng)
        st.seat = first
        st.shown = {dealt[s][HAND_SIZE - 1] for s in range(players)}
        st.shown.update(c for _, c in reveals)
        face_up = [h[HAND_SIZE - 1].code for h in dealt]
        shown = [Reveal(s, c.code) for s, c in reveals]
        deal = Dealt(face_up, shown, first, first_discard.code, by_lot)
        st._start_events = [Event.of(deal)]
        return st

    def determinize(self, view: Q2JView | dict[str, Any], rng: random.Random) -> Q2JState:
        """Deal the cards ``view`` does not show at random, keeping shown cards where they are."""
        v = self.as_view(view)
        assert isinstance(v, Q2JView)
        n = v.players
        st = Q2JState(n, v.options, random.Random(rng.random()))
        known: set[Card] = {card(c) for c in v.discard}
        hands: list[list[Card]] = []
        for i in range(n):
            codes = v.hand if i == v.seat and v.hand is not None else v.shown[str(i)]
            hands.append([card(c) for c in codes])
            known.update(hands[-1])
        unknown = [c for c in deck_52() if c not in known]
        st.hands = hands
        st.stock = deal_unknown(hands, v.hand_sizes, unknown, rng)
        st.discard = [card(c) for c in v.discard]
        st.top = tuple(card(c) for c in v.top)
        st.shown = {card(c) for i in range(n) for c in v.shown[str(i)]}
        st.seat = v.turn if v.turn is not None else 0
        st.q2_owner = v.q2_owner
        st.free_lead = v.free_lead
        st.passes = v.passes
        st.move_count = v.move
        return st


def _first_player(
    dealt: list[list[Card]], rng: random.Random
) -> tuple[int, list[tuple[int, Card]], bool]:
    """Highest face-up card starts; tied players reveal their cards in deal order; then lot."""
    tied = list(range(len(dealt)))
    reveals: list[tuple[int, Card]] = []
    order = [HAND_SIZE - 1, *range(HAND_SIZE - 1)]
    for round_no, idx in enumerate(order):
        if round_no > 0:
            reveals.extend((s, dealt[s][idx]) for s in tied)
        best = max(dealt[s][idx].rank for s in tied)
        tied = [s for s in tied if dealt[s][idx].rank == best]
        if len(tied) == 1:
            return tied[0], reveals, False
    return rng.choice(tied), reveals, True


GAME = Q2JGame()
