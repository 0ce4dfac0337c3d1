"""Le Quinze: draw, then shed cards in sets that add up to 15, using the public table.

Read top to bottom: the options, the moves, the events and the per-seat view (declared once, typed), the
state (its legal moves — the one source of legality:
:meth:`QuinzeState.refusal` only explains —, the deal cycle, apply and the views), then the game
with its declared view, its deal and the sampling of hidden cards. Its words are in
:mod:`atout.games.quinze_text`. The rules, with every choice this module makes where the French
rulebook is silent or ambiguous, are written out in full in ``docs/rules/quinze.md`` (French:
``docs/rules/quinze.fr.md``). Whether a set of cards is a fifteen, and which fifteens exist, is
decided only by :mod:`atout.games.fifteens`.

A table plays a match ("manche") of deals ("parties") by default; each deal is a phase of the
one game: ``play`` while the deal runs, then ``scoring`` (hands shown, points added) until the
next dealer deals with :class:`NextDeal`, and ``over`` at the end.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Annotated, Any, Literal

import msgspec

from atout.cards import FACE_RANKS, JOKER_RANK, Card, CardCode, card, deck_54, deck_108, rank_token
from atout.games import quinze_text as text
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
    Hand,
    Hands,
    HandSizes,
    StockSize,
    cards_in_hand,
    code_spellings,
    deal_unknown,
    drawn,
    phase_words,
    unknown_move,
)
from atout.games.fifteens import (
    ACE_HIGH,
    CLASS_POINTS,
    FIFTEEN,
    LOW_VALUE,
    FifteenIndex,
    LegalMoves,
    check_fifteen,
    fifteen_values,
    fifteens,
    is_legal_fifteen,
    points,
)
from atout.games.sentences import refuse

__all__ = [
    "EVENTS",
    "GAME",
    "LIST_LIMIT",
    "OVER",
    "PLAY",
    "SCORING",
    "DealOver",
    "DealScore",
    "Dealt",
    "Done",
    "Fifteen",
    "Fifteened",
    "GameOver",
    "Hand",
    "Laid",
    "Lay",
    "LegalMoves",
    "Move",
    "NextDeal",
    "NoDraw",
    "Pass",
    "Passed",
    "QuinzeDetail",
    "QuinzeOptions",
    "QuinzePhase",
    "QuinzeState",
    "QuinzeView",
    "Reshuffled",
    "TurnDone",
    "hand_size",
]

# --------------------------------------------------------------------------- options


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


# --------------------------------------------------------------------------- moves

_CODES = code_spellings(deck_108())  # "qh#2" -> "QH#2"


def _canonical(codes: tuple[str, ...]) -> tuple[str, ...]:
    """Card codes as a set: canonical spelling, sorted (duplicates kept, to be refused)."""
    get = _CODES.get
    return tuple(sorted(get(c, c) for c in codes))


class Fifteen(
    msgspec.Struct, frozen=True, tag="fifteen", tag_field="type", forbid_unknown_fields=True
):
    """Discard one fifteen: hand cards plus any table cards. The codes are a set: they are kept
    sorted, so any order names the same move; the Ace values are found by the game."""

    cards: tuple[CardCode, ...]

    def __post_init__(self) -> None:
        msgspec.structs.force_setattr(self, "cards", _canonical(self.cards))

    def __str__(self) -> str:
        return "fifteen " + "+".join(self.cards)


class Lay(msgspec.Struct, frozen=True, tag="lay", tag_field="type", forbid_unknown_fields=True):
    """Lay one card face up on the table, or two face cards of the same rank; ends the turn."""

    cards: tuple[CardCode, ...]

    def __post_init__(self) -> None:
        msgspec.structs.force_setattr(self, "cards", _canonical(self.cards))

    def __str__(self) -> str:
        return "lay " + " ".join(self.cards)


class Done(SimpleMove, tag="done"):
    """End the turn after making at least one fifteen."""


class Pass(SimpleMove, tag="pass"):
    """End the turn with nothing to do: no fifteen made and no card that may be laid."""


class NextDeal(SimpleMove, tag="deal"):
    """Between two deals of a match: the new dealer shuffles and deals."""


Move = Fifteen | Lay | Done | Pass | NextDeal
DONE, PASS, NEXT_DEAL = Done(), Pass(), NextDeal()
LAY_ONE = {c.code: Lay((c.code,)) for c in deck_108()}  # built once: lays are listed every turn

# --------------------------------------------------------------------------- very many fifteens

#: The most fifteens :meth:`QuinzeState.legal_moves` lists in a plain list.
LIST_LIMIT = 2000


def face_pairs(hand: list[Card]) -> list[tuple[str, str]]:
    """Every pair of same-rank face cards in ``hand``."""
    faces = [c for c in hand if c.rank in FACE_RANKS]
    out = []
    for i, a in enumerate(faces):
        for b in faces[i + 1 :]:
            if a.rank == b.rank:
                out.append((a.code, b.code))
    return out


# --------------------------------------------------------------------------- events

PLAY, SCORING, OVER = "play", "scoring", "over"
Phase = Literal["play", "scoring", "over"]
DealEnd = Literal["out", "turn_cap", "stock_out"]


class Dealt(EventData, tag="deal"):
    """A deal starts: its number, the dealer, who plays first, cards each, the stock left."""

    deal: int
    dealer: int
    first: int
    cards_each: int
    stock: int


class NoDraw(EventData, tag="no_draw"):
    """The stock and the discard were empty: the seat did not draw."""


class Reshuffled(EventData, tag="reshuffle"):
    """The discard (or, by the option, the table) was shuffled into a new stock."""

    from_: Literal["discard", "table"] = msgspec.field(name="from")
    stock: int


class Fifteened(EventData, tag="fifteen"):
    """A fifteen: its cards, the value each took (Aces 1 or 14), those from hand and table."""

    cards: list[CardCode]
    values: list[int]
    hand: list[CardCode]
    table: list[CardCode]


class Laid(EventData, tag="lay"):
    """Cards laid on the table; ``speed``: the speed variant's one card after a fifteen."""

    cards: list[CardCode]
    speed: bool


class TurnDone(EventData, tag="done"):
    """A seat ended its turn after ``fifteens`` fifteens."""

    fifteens: int


class Passed(EventData, tag="pass"):
    """A seat ended its turn with nothing to do."""


class DealScore(msgspec.Struct, frozen=True):
    """One deal's end, as the score sheet keeps it: the points left in each hand and what each
    seat scored (``out`` went out, on its first turn: ``first_turn``)."""

    deal: int
    dealer: int
    reason: DealEnd
    out: int | None
    first_turn: bool
    points: list[int]
    scores: list[int]


class DealOver(EventData, tag="deal_over"):
    """A deal ends: its score (as :class:`DealScore`), every hand shown, the match's totals."""

    deal: int
    dealer: int
    reason: DealEnd
    out: int | None
    first_turn: bool
    points: list[int]
    scores: list[int]
    hands: list[list[CardCode]]
    totals: list[int]


class GameOver(EventData, tag="game_over"):
    """The end: a single deal's, or the match's once a total reaches the target."""

    winners: list[int]
    reason: Literal["out", "turn_cap", "stock_out", "target"]
    scores: list[float]


EVENTS = (Dealt, Hand, Drawn, NoDraw, Reshuffled, Fifteened, Laid, TurnDone, Passed, DealOver)
EVENTS += (GameOver,)

# --------------------------------------------------------------------------- the view

#: The phases' words.
PHASES = (PLAY, SCORING)


class QuinzePhase(msgspec.Struct, frozen=True):
    """Where the match stands: the deal and its turns, each seat's total."""

    name: Annotated[Phase, phase_words("quinze", PHASES)]
    deal: Annotated[int, shows("number", "quinze-view-deal")]
    dealer: Annotated[int, shows("seat", "quinze-view-dealer")]
    turn: Annotated[int, shows("number", "quinze-view-turn")]
    max_turns: Annotated[int, shows("number", "quinze-view-max-turns")]
    turns_taken: Annotated[list[int], shows("number", "quinze-view-turns-taken", per_seat=True)]
    totals: Annotated[list[int], shows("number", "quinze-view-totals", per_seat=True)]


class QuinzeView(View):
    """What one seat sees of a Le Quinze table: the table, the discard (every fifteen was
    shown), the turn's progress, the score sheet; other hands and the stock only as counts,
    until a deal ends and every card is turned face up (``hands``, ``stock``)."""

    phase: QuinzePhase
    table: Annotated[list[CardCode], shows("cards", "quinze-view-table")]
    stock_size: StockSize
    discard_size: DiscardSize
    discard: Discard
    last_fifteen: Annotated[list[CardCode], shows("cards", "quinze-view-last-fifteen")]
    hand_sizes: HandSizes
    made: Annotated[int, shows("number", "quinze-view-made")]
    used_table: Annotated[bool, shows("flag", "quinze-view-used-table")]
    can_speed_lay: Annotated[bool, shows("flag", "quinze-view-can-speed-lay")]
    deals: Annotated[list[DealScore], shows("score_table", "quinze-view-deals")]
    options: QuinzeOptions
    hands: Hands = None
    stock: Annotated[list[CardCode] | None, shows("cards", "quinze-view-stock")] = None
    result: Result | None = None
    hand: list[CardCode] | None = None


class QuinzeDetail(msgspec.Struct, frozen=True):
    """A finished match's ``result.detail``."""

    deals: Annotated[int, shows("number", "quinze-detail-deals")]
    history: Annotated[list[DealScore], shows("score_table", "quinze-detail-history")]


# --------------------------------------------------------------------------- state

FIRST_TURN_BONUS = -50


def hand_size(players: int) -> int:
    """9 cards each with 2 players, 8 with 3–8."""
    return 9 if players == 2 else 8


class QuinzeState(State[QuinzeOptions]):
    """A Le Quinze table. ``stock`` keeps its next card last, so drawing is ``pop()``."""

    __slots__ = (
        "_moves",
        "_result",
        "_start_events",
        "deal_no",
        "dealer",
        "discard",
        "full_deck",
        "hands",
        "history",
        "last_fifteen",
        "made",
        "phase",
        "seat",
        "stock",
        "table",
        "totals",
        "turn_no",
        "turns_taken",
        "used_table",
    )

    def __init__(
        self, players: int, options: QuinzeOptions, rng: random.Random, full_deck: list[Card]
    ) -> None:
        super().__init__(players, options, rng)
        self.full_deck = tuple(full_deck)
        self.table: list[Card] = []  # public pool, in the order laid
        self.stock: list[Card] = []
        self.discard: list[Card] = []  # the défausse
        self.seat = 0
        self.dealer = players - 1  # so that seat 0 plays first in the first deal
        self.deal_no = 0
        self.turn_no = 0  # turns begun in this deal
        self.turns_taken = [0] * players  # own turns begun in this deal (first-turn bonus)
        self.made = 0  # fifteens made in this turn
        self.used_table = False  # a fifteen of this turn used a table card (speed variant)
        self.last_fifteen: tuple[str, ...] = ()
        self.phase = PLAY
        self.totals = [0] * players
        self.history: list[DealScore] = []
        self._moves: list[Any] | LegalMoves | None = None

    # -- whose turn, what is legal -------------------------------------------------------
    def legal_moves(self) -> list[Any]:
        """Every fifteen (as a set of cards, once each), then the lays, then done/pass.

        A plain list while there are at most :data:`LIST_LIMIT` fifteens; beyond (big tables),
        a read-only :class:`LegalMoves` sequence holding the same moves in the same order.
        """
        if self._moves is None:
            self._moves = self._legal()
        if isinstance(self._moves, LegalMoves):
            return self._moves  # type: ignore[return-value]
        return list(self._moves)

    def _legal(self) -> list[Any] | LegalMoves:
        if self._result is not None:
            return []
        if self.phase == SCORING:
            return [NEXT_DEAL]
        hand = self.hands[self.seat]
        extra = self.other_moves(hand)
        listed = fifteens(hand, self.table, limit=LIST_LIMIT)
        if listed is None:  # very many, or much work to find them: count them first
            index = FifteenIndex(hand, self.table)
            if len(index) > LIST_LIMIT:
                return LegalMoves(index, extra, tuple(hand), tuple(self.table), Fifteen)
            listed = list(index)
        moves: list[Any] = [Fifteen(tuple(c.code for c in f)) for f in listed]
        moves.extend(extra)
        return moves

    def other_moves(self, hand: list[Card]) -> list[Any]:
        """The legal moves that are not fifteens: lays, then done/pass (cheap to list; the
        playout policy uses them without listing the fifteens)."""
        moves: list[Any] = []
        if self.made == 0:
            if len(hand) >= 2:
                moves.extend(LAY_ONE[c.code] for c in hand)
            if len(hand) >= 3:
                moves.extend(Lay(pair) for pair in face_pairs(hand))
            if len(hand) <= 1:
                moves.append(PASS)
        else:
            moves.append(DONE)
            if self.options.speed and self.used_table and len(hand) >= 2:
                moves.extend(LAY_ONE[c.code] for c in hand)
        return moves

    def is_legal(self, move: Any) -> bool:
        """Whether :meth:`legal_moves` holds ``move``, without listing the fifteens: a fifteen
        is asked of the solver's checker, anything else of :meth:`other_moves`."""
        if self._result is not None:
            return False
        if self.phase == SCORING:
            return move == NEXT_DEAL
        hand = self.hands[self.seat]
        if isinstance(move, Fifteen):
            return is_legal_fifteen(hand, self.table, move.cards)
        return move in self.other_moves(hand)

    def refusal(self, move: Any) -> IllegalMove:
        """Why ``move`` is not one of :meth:`legal_moves`: the first rule it breaks."""
        if self.phase == SCORING:
            return refuse("deal_pending", text.REFUSALS["deal_pending"])
        hand = self.hands[self.seat]
        if isinstance(move, Fifteen):
            try:
                check_fifteen(hand, self.table, move.cards)
            except IllegalMove as e:
                return e
        if isinstance(move, Lay):
            return self._lay_refusal(hand, move.cards)
        if isinstance(move, Done):
            return refuse("no_fifteen_made", text.REFUSALS["no_fifteen_made"])
        if isinstance(move, Pass):
            if self.made:
                return refuse("turn_not_over", text.REFUSALS["turn_not_over"])
            return refuse("must_lay", text.REFUSALS["must_lay"])
        if isinstance(move, NextDeal):
            return refuse("deal_in_progress", text.REFUSALS["deal_in_progress"])
        return unknown_move()

    def _lay_refusal(self, hand: list[Card], codes: tuple[str, ...]) -> IllegalMove:
        if len(codes) not in (1, 2):
            return refuse("bad_card_count", text.REFUSALS["lay_count"])
        cs = cards_in_hand(codes, hand)
        if self.made:
            if not (self.options.speed and self.used_table):
                return refuse("lay_after_fifteen", text.REFUSALS["lay_after_fifteen"])
            if len(cs) != 1:
                return refuse("speed_lay_one_card", text.REFUSALS["speed_lay_one_card"])
        if len(cs) == 2 and not (cs[0].rank == cs[1].rank and cs[0].rank in FACE_RANKS):
            return refuse("not_a_face_pair", text.REFUSALS["not_a_face_pair"])
        return refuse("lay_would_empty_hand", text.REFUSALS["lay_would_empty_hand"])

    # -- changing the state --------------------------------------------------------------
    def _apply(self, move: Any) -> list[Event]:
        self._moves = None
        events: list[Event] = []
        if isinstance(move, NextDeal):
            self._deal(self._shuffled_deck(), events)
            return events
        seat = self.seat
        hand = self.hands[seat]
        if isinstance(move, Fifteen):
            cs = [card(code) for code in move.cards]
            values = fifteen_values(cs)
            from_hand, from_table = [], []
            for c in cs:
                if c in hand:
                    hand.remove(c)
                    from_hand.append(c.code)
                else:
                    self.table.remove(c)
                    from_table.append(c.code)
            self.discard.extend(cs)
            self.made += 1
            if from_table:
                self.used_table = True
            self.last_fifteen = move.cards
            made = Fifteened(list(move.cards), list(values or ()), from_hand, from_table)
            events.append(Event.of(made, seat))
            if not hand:
                self._end_deal(events, seat, "out")
            return events
        if isinstance(move, Lay):
            for code in move.cards:
                c = card(code)
                hand.remove(c)
                self.table.append(c)
            events.append(Event.of(Laid(list(move.cards), self.made > 0), seat))
        elif isinstance(move, Done):
            events.append(Event.of(TurnDone(self.made), seat))
        else:
            events.append(Event.of(Passed(), seat))
        self.seat = (seat + 1) % self.num_players
        self._start_turn(events)
        return events

    def _shuffled_deck(self) -> list[Card]:
        order = list(self.full_deck)
        self.rng.shuffle(order)
        return order

    def _deal(self, order: list[Card], events: list[Event]) -> None:
        """Start a deal from ``order``: one card at a time from the player after the dealer."""
        n = self.num_players
        if self.deal_no:
            self.dealer = (self.dealer + 1) % n
        self.deal_no += 1
        first = (self.dealer + 1) % n
        k = hand_size(n)
        hands: list[list[Card]] = [[] for _ in range(n)]
        for i in range(k * n):
            hands[(first + i) % n].append(order[i])
        self.hands = hands
        self.stock = order[k * n :][::-1]
        self.table = []
        self.discard = []
        self.last_fifteen = ()
        self.turn_no = 0
        self.turns_taken = [0] * n
        self.phase = PLAY
        self.seat = first
        events.append(Event.of(Dealt(self.deal_no, self.dealer, first, k, len(self.stock))))
        for s in range(n):
            events.append(Event.of(Hand([c.code for c in hands[s]]), s, to=(s,)))
        self._start_turn(events)

    def _start_turn(self, events: list[Event]) -> None:
        """The automatic part of a turn: the turn cap, then the draw (reshuffling if needed)."""
        if self.turn_no >= self.options.max_rounds * self.num_players:
            self._end_deal(events, None, "turn_cap")
            return
        seat = self.seat
        self.turn_no += 1
        self.turns_taken[seat] += 1
        self.made = 0
        self.used_table = False
        if not self.stock:
            if self.discard:
                self._restock(self.discard, "discard", events)
                self.discard = []
                self.last_fifteen = ()
            elif self.options.empty_stock == "reshuffle_table" and self.table:
                self._restock(self.table, "table", events)
                self.table = []
            elif self.options.empty_stock == "end_deal":
                self._end_deal(events, None, "stock_out")
                return
        if not self.stock:
            events.append(Event.of(NoDraw(), seat))
            return
        c = self.stock.pop()
        self.hands[seat].append(c)
        events.extend(drawn(seat, c))

    def _restock(
        self, pile: list[Card], source: Literal["discard", "table"], events: list[Event]
    ) -> None:
        new = list(pile)
        self.rng.shuffle(new)
        self.stock = new
        events.append(Event.of(Reshuffled(source, len(new))))

    def _end_deal(self, events: list[Event], out: int | None, reason: DealEnd) -> None:
        """Score the deal (hands are shown), then end the match or wait for the next deal."""
        n = self.num_players
        pts = [sum(points(c) for c in h) for h in self.hands]
        first_turn = out is not None and self.turns_taken[out] == 1
        if self.options.match:
            # out on one's own first turn: -50, and nobody else scores this deal
            scores = [FIRST_TURN_BONUS if s == out else 0 for s in range(n)] if first_turn else pts
            self.totals = [t + s for t, s in zip(self.totals, scores, strict=True)]
        else:
            scores = pts
        record = DealScore(self.deal_no, self.dealer, reason, out, first_turn, pts, scores)
        self.history.append(record)
        self.phase = SCORING
        hands = [[c.code for c in h] for h in self.hands]
        over = DealOver(**msgspec.structs.asdict(record), hands=hands, totals=list(self.totals))
        events.append(Event.of(over, out))
        if not self.options.match:
            if out is not None:
                winners: tuple[int, ...] = (out,)
            else:
                low = min(pts)
                winners = tuple(s for s in range(n) if pts[s] == low)
            self._finish(events, winners, reason, [float(p) for p in pts])
        elif max(self.totals) >= self.options.target:
            low = min(self.totals)
            winners = tuple(s for s in range(n) if self.totals[s] == low)
            self._finish(events, winners, "target", [float(t) for t in self.totals])
        else:
            self.seat = (self.dealer + 1) % n  # the next dealer deals

    def _finish(
        self,
        events: list[Event],
        winners: tuple[int, ...],
        reason: Literal["out", "turn_cap", "stock_out", "target"],
        scores: list[float],
    ) -> None:
        self.phase = OVER
        detail = QuinzeDetail(len(self.history), list(self.history))
        self._result = Result(
            winners=winners, reason=reason, scores=tuple(scores), detail=msgspec.to_builtins(detail)
        )
        events.append(Event.of(GameOver(list(winners), reason, list(scores))))

    # -- what each seat sees -------------------------------------------------------------
    def public_view(self) -> QuinzeView:
        """Every seat's view but its hand (:meth:`own_view`): once per move. Once a deal is over
        every card is turned face up for the scoring (``hands``, ``stock``)."""
        shown = self.phase != PLAY
        phase = QuinzePhase(
            self.phase,  # type: ignore[arg-type]
            self.deal_no,
            self.dealer,
            self.turn_no,
            self.options.max_rounds * self.num_players,
            list(self.turns_taken),
            list(self.totals),
        )
        return QuinzeView(
            **self.head("quinze"),
            phase=phase,
            table=[c.code for c in self.table],
            stock_size=len(self.stock),
            discard_size=len(self.discard),
            discard=[c.code for c in self.discard],  # every fifteen was shown: public
            last_fifteen=list(self.last_fifteen),
            hand_sizes=[len(h) for h in self.hands],
            made=self.made,
            used_table=self.used_table,
            can_speed_lay=(
                self.phase == PLAY and self.options.speed and self.used_table and self.made > 0
            ),
            deals=list(self.history),
            options=self.options,
            hands=[[c.code for c in h] for h in self.hands] if shown else None,
            stock=[c.code for c in self.stock] if shown else None,
            result=self._result,
        )

    def secret_cards(self, seat: int | None) -> set[Card]:
        if self.phase != PLAY:  # once a deal is over every card is shown for the scoring
            return set()
        hidden = set(self.stock)
        for i, h in enumerate(self.hands):
            if i != seat:
                hidden.update(h)
        return hidden

    def all_cards(self) -> Iterator[Card]:
        yield from self.stock
        yield from self.table
        yield from self.discard
        for h in self.hands:
            yield from h

    def default_move(self) -> Any:
        """A seat out of time: the next deal is dealt; a turn with a fifteen ends; otherwise the
        hand's highest-scoring card (first such in hand) is laid, or the seat passes."""
        if self.phase == SCORING:
            return NEXT_DEAL
        if self.made:
            return DONE
        hand = self.hands[self.seat]
        if len(hand) <= 1:
            return PASS
        worst = max(hand, key=points)
        return Lay((worst.code,))

    def _clone(self) -> QuinzeState:
        new = self._copy()  # the legal moves are shared: legal_moves() hands out copies
        new.table = list(self.table)
        new.stock = list(self.stock)
        new.discard = list(self.discard)
        new.turns_taken = list(self.turns_taken)
        new.totals = list(self.totals)
        new.history = list(self.history)
        return new


# --------------------------------------------------------------------------- the game


class QuinzeGame(Game[QuinzeOptions]):
    id = "quinze"
    min_players = 2
    max_players = 8
    Options = QuinzeOptions
    move_types = (Fifteen, Lay, Done, Pass, NextDeal)
    event_types = EVENTS
    view_type = QuinzeView
    detail_type = QuinzeDetail
    text = text

    def facts(self) -> dict[str, Any]:
        """Each rank's value in a sum (an Ace's low value; ``ace_high`` the other), the sum to
        make, and what a card left in hand scores: a client adds up a selection with these."""
        token = {r: "JK" if r == JOKER_RANK else rank_token(r) for r in range(14)}
        return {
            "card_values": {token[r]: LOW_VALUE[r] for r in token},
            "ace_high": ACE_HIGH,
            "fifteen": FIFTEEN,
            "card_points": {token[r]: CLASS_POINTS[r] for r in token},
        }

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

    def determinize(self, view: QuinzeView | dict[str, Any], rng: random.Random) -> QuinzeState:
        """Deal the cards ``view`` does not show at random; everything public stays put."""
        v = self.as_view(view)
        assert isinstance(v, QuinzeView)
        n = v.players
        st = QuinzeState(n, v.options, random.Random(rng.random()), self.deck(n, v.options))
        phase = v.phase
        st.table = [card(c) for c in v.table]
        st.discard = [card(c) for c in v.discard]
        known = set(st.table) | set(st.discard)
        hands: list[list[Card]] = []
        for i in range(n):
            if v.hands is not None:
                hands.append([card(c) for c in v.hands[i]])
            elif i == v.seat and v.hand is not None:
                hands.append([card(c) for c in v.hand])
            else:
                hands.append([])
            known.update(hands[-1])
        unknown = [c for c in st.full_deck if c not in known]
        unknown = deal_unknown(hands, v.hand_sizes, unknown, rng)
        st.hands = hands
        st.stock = [card(c) for c in v.stock] if v.stock is not None else unknown
        st.seat = v.turn if v.turn is not None else 0
        st.dealer = phase.dealer
        st.deal_no = phase.deal
        st.turn_no = phase.turn
        st.turns_taken = list(phase.turns_taken)
        st.totals = list(phase.totals)
        st.phase = phase.name
        st.made = v.made
        st.used_table = v.used_table
        st.last_fifteen = tuple(v.last_fifteen)
        st.history = list(v.deals)
        st.move_count = v.move
        st._result = v.result
        return st


GAME = QuinzeGame()
