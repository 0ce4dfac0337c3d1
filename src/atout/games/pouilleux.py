"""Le Pouilleux with special pairs: pair off your cards by drawing blind from your neighbour;
the Jack of Spades (the "pouilleux") has no mate.

Read top to bottom: the options, the card tables (which card pairs with which), the moves, the
events and the per-seat view (declared once, typed), the state (turn flow, legal moves — the one source of legality: :meth:`PouilleuxState.refusal` only
explains —, apply with the special pairs' effects, what each seat knows, the views), then the
game with its declared view, its deal and the sampling of hidden cards. Its words are in
:mod:`atout.games.pouilleux_text`. The rules, with every choice this module makes where the
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
from collections.abc import Iterator
from typing import Annotated, Any, Literal

import msgspec

from atout.cards import ACE, JACK, KING, QUEEN, Card, CardCode, Colour, card, deck_51, rank_token
from atout.games import pouilleux_text as text
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
    private,
    shows,
)
from atout.games.common import Hand, Hands, HandSizes, deal_unknown, fewest_cards, phase_words
from atout.games.sentences import refuse

__all__ = [
    "ACT",
    "DECK",
    "DRAW",
    "EVENTS",
    "GAME",
    "MATE",
    "OVER",
    "PICK",
    "POUILLEUX",
    "SPECIAL_RANKS",
    "Dealt",
    "Draw",
    "Drew",
    "End",
    "GameOver",
    "Hand",
    "Known",
    "Laid",
    "Lay",
    "Lifted",
    "Move",
    "Paired",
    "Pick",
    "Picked",
    "PouilleuxDetail",
    "PouilleuxOptions",
    "PouilleuxState",
    "PouilleuxView",
    "Reversed",
    "Skipped",
    "Swapped",
    "TurnStarted",
    "deal_sizes",
]

# --------------------------------------------------------------------------- options


class PouilleuxOptions(Options, frozen=True):
    initial_special_pairs: Annotated[
        Literal["keep", "discard"],
        msgspec.Meta(
            description=(
                "Special pairs (10, J, Q, K, A) found in the dealt hands: 'keep' — they stay in "
                "hand and are laid later by choice, with their effect; 'discard' — they are laid "
                "at once with the normal pairs, without effect."
            )
        ),
    ] = "keep"
    max_turns: Annotated[
        int,
        msgspec.Meta(
            ge=1,
            description=(
                "Turn cap: when this many turns have been played the game stops and the fewest "
                "cards in hand wins (ties share). Stops games where nobody lays the last pairs."
            ),
        ),
    ] = 1000


# --------------------------------------------------------------------------- the cards

DECK: tuple[Card, ...] = tuple(deck_51())
POUILLEUX = card("JS")
SPECIAL_RANKS = frozenset({10, JACK, QUEEN, KING, ACE})
_OTHER_SUIT = {"H": "D", "D": "H", "S": "C", "C": "S"}


def _mate(c: Card) -> Card | None:
    """The card that pairs with ``c``: same rank, other suit of the same colour (JS has none)."""
    assert c.suit is not None
    m = card(c.code[:-1] + _OTHER_SUIT[c.suit.value])
    return m if m in DECK else None


MATE: dict[Card, Card | None] = {c: _mate(c) for c in DECK}
COLOUR: dict[Card, Colour] = {c: c.suit.colour for c in DECK if c.suit is not None}
#: Normal cards (2–9) -> mate; special cards -> mate, but only for the first card of the pair in
#: code order, so a scan of a hand finds each pair once.
NORMAL_MATE: dict[Card, Card] = {
    c: m for c, m in MATE.items() if m is not None and c.rank not in SPECIAL_RANKS
}
SPECIAL_FIRST: dict[Card, Card] = {
    c: m for c, m in MATE.items() if m is not None and c.rank in SPECIAL_RANKS and c.code < m.code
}
SORT_KEY = {c: (c.rank, c.code[-1]) for c in DECK}


def pair(a: Card, b: Card) -> tuple[Card, Card]:
    """The two cards in code order (how a pair is kept)."""
    return (a, b) if a.code < b.code else (b, a)


# --------------------------------------------------------------------------- moves


class Draw(msgspec.Struct, frozen=True, tag="draw", tag_field="type", forbid_unknown_fields=True):
    """Draw the card at ``position`` (0-based) of the next player's re-randomised hand."""

    position: int

    def __str__(self) -> str:
        return f"draw {self.position}"


class Lay(
    msgspec.Struct,
    frozen=True,
    tag="lay",
    tag_field="type",
    forbid_unknown_fields=True,
    omit_defaults=True,
):
    """Lay one special pair (after the draw) with its effect's parameters.

    ``cards``: the two cards, in code order. ``colour`` for Aces ("red"/"black"); ``target`` for
    Jacks (the player to pick from; a :class:`Pick` follows); ``target`` and ``other`` for Kings
    (the two distinct seats, self allowed, lower first, that swap one card each).
    """

    cards: tuple[CardCode, ...]
    colour: Literal["red", "black"] | None = None
    target: int | None = None
    other: int | None = None

    def __str__(self) -> str:
        out = "lay " + " ".join(self.cards)
        if self.colour is not None:
            out += " " + self.colour
        if self.other is not None:
            out += f" swap {self.target} {self.other}"
        elif self.target is not None:
            out += f" from {self.target}"
        return out


class Pick(msgspec.Struct, frozen=True, tag="pick", tag_field="type", forbid_unknown_fields=True):
    """After laying the Jacks: take the card at ``position`` of the target's re-randomised
    hand."""

    position: int

    def __str__(self) -> str:
        return f"pick {self.position}"


class End(SimpleMove, tag="end"):
    """End the turn without laying a special pair."""


Move = Draw | Lay | Pick | End
END = End()
DRAWS = [Draw(i) for i in range(51)]  # built once: listed every turn
PICKS = [Pick(i) for i in range(51)]


# --------------------------------------------------------------------------- events

ColourName = Literal["red", "black"]
Ending = Literal["emptied_hand", "turn_cap"]
Pair = list[CardCode]  # two cards, in code order


class Dealt(EventData, tag="deal"):
    """The deal: how many cards each seat got (its normal pairs then laid: ``pairs``)."""

    sizes: list[int]


class Paired(EventData, tag="pairs"):
    """A seat laid normal pairs (or, at the deal, every pair when they are discarded)."""

    pairs: list[Pair]


class TurnStarted(EventData, tag="turn"):
    """A seat's turn begins: the ``turn``-th of the game."""

    turn: int


class _Blind(EventData):
    """A card taken blind at ``position`` of seat ``from``'s hand: ``card`` is shown to the two
    seats only (``None`` to the others)."""

    from_: int = msgspec.field(name="from")
    position: int
    card: CardCode | None


class Drew(_Blind, tag="draw"):
    """The turn's draw from the next player."""


class Picked(_Blind, tag="pick"):
    """The pick that follows laying the Jacks."""


class Laid(EventData, tag="lay"):
    """A special pair laid with the player's choice: the Aces' ``colour``, the Jacks' ``target``,
    the Kings' two players (``target``, ``other``). ``last``: it emptied the hand, so the game
    ends and the effect never happens."""

    cards: Pair
    rank: int
    colour: ColourName | None = None
    target: int | None = None
    other: int | None = None
    last: bool = False


class Skipped(EventData, tag="skip"):
    """The 10s: ``skipped`` loses a turn (two players: ``again``, the layer plays again)."""

    skipped: int
    again: bool


class Reversed(EventData, tag="reverse"):
    """The Queens: the direction of play is now ``direction`` (1 clockwise)."""

    direction: int


class Lifted(EventData, tag="lift"):
    """The Aces' imposed ``colour`` ends: its layer's turn has come round."""

    colour: ColourName


class Swapped(EventData, tag="swap"):
    """The Kings: ``players`` exchanged one card each, taken blind; ``cards`` (what each gave)
    shown to those two only (``None`` to the others)."""

    players: list[int]
    cards: list[CardCode] | None


class GameOver(EventData, tag="game_over"):
    """The end: the winners, the grand perdant among ``losers``, the pouilleux's holder and
    every hand."""

    winners: list[int]
    losers: list[int]
    reason: Ending
    pouilleux: int
    hands: list[list[CardCode]]


EVENTS = (Dealt, Hand, Paired, TurnStarted, Drew, Picked, Laid, Skipped, Reversed, Lifted)
EVENTS += (Swapped, GameOver)

# --------------------------------------------------------------------------- the view

DRAW, ACT, PICK, OVER = "draw", "act", "pick", "over"
Phase = Literal["draw", "act", "pick", "over"]

#: The phases' words.
PHASES = (DRAW, ACT, PICK)


class Known(msgspec.Struct, frozen=True, array_like=True):
    """A card the viewer has seen go into another hand: ``[code, seat]`` on the wire."""

    card: CardCode
    seat: int


class PouilleuxView(View):
    """What one seat sees of a Le Pouilleux table: the turn, the laid pairs, the cards it has
    seen go into other hands (``known``: ``[code, seat]``); other hands only as counts, until
    the end shows them all (``hands``)."""

    turns: Annotated[int, shows("number", "pouilleux-view-turns")]
    phase: Annotated[Phase, phase_words("pouilleux", PHASES)]
    direction: Annotated[int, shows("direction", "pouilleux-view-direction")]
    draw_from: Annotated[int | None, shows("seat", "pouilleux-view-draw-from")]
    pick_from: Annotated[int | None, shows("seat", "pouilleux-view-pick-from")]
    imposed: Annotated[ColourName | None, shows("colour", "pouilleux-view-imposed")]
    imposed_by: Annotated[int | None, shows("seat", "pouilleux-view-imposed-by")]
    hand_sizes: HandSizes
    laid: Annotated[list[list[Pair]], shows("card_groups", "pouilleux-view-laid", per_seat=True)]
    options: PouilleuxOptions
    hands: Hands = None
    result: Result | None = None
    hand: list[CardCode] | None = None
    known: Annotated[
        list[Known] | None,
        shows("card_seats", "pouilleux-view-known"),
    ] = None


class PouilleuxDetail(msgspec.Struct, frozen=True):
    """A finished game's ``result.detail``."""

    pouilleux: Annotated[int, shows("seat", "pouilleux-detail-pouilleux")]


# --------------------------------------------------------------------------- state


class PouilleuxState(State[PouilleuxOptions]):
    """A Pouilleux table.

    ``seen[c]`` is a bit mask of the seats that know which hand holds ``c`` although it is not
    theirs; a seat always knows its own hand and every laid pair. ``imposed``/``imposer``: the
    Ace's colour and who laid it, until the start of that player's next turn.
    """

    __slots__ = (
        "_legal",
        "_result",
        "_start_events",
        "direction",
        "hands",
        "imposed",
        "imposer",
        "laid",
        "pending",
        "phase",
        "seat",
        "seen",
        "specials",
        "target",
        "turns",
    )

    def __init__(self, players: int, options: PouilleuxOptions, rng: random.Random) -> None:
        super().__init__(players, options, rng)
        self.laid: list[list[tuple[Card, Card]]] = [[] for _ in range(players)]
        self.seen: dict[Card, int] = dict.fromkeys(DECK, 0)
        self.seat = 0
        self.direction = 1
        self.phase = DRAW
        self.imposed: Colour | None = None
        self.imposer: int | None = None
        self.specials: list[tuple[Card, Card]] = []  # special pairs the active seat may lay now
        self.target: int | None = None  # the Jack's victim during the pick
        self.turns = 0
        self.pending = 0  # bit mask: seats whose hand may hold a pair not laid yet
        self._legal: list[Any] | None = None

    # -- whose turn, what is legal -------------------------------------------------------
    @property
    def next_seat(self) -> int:
        """The next player in the current direction: the one the active player draws from."""
        return (self.seat + self.direction) % self.num_players

    def _allowed(self, seat: int) -> Colour | None:
        """The only colour ``seat`` may lay now, or ``None`` for any (the Ace restriction)."""
        return None if self.imposer == seat else self.imposed

    def legal_moves(self) -> list[Any]:
        if self._legal is None:
            self._legal = self._moves()
        return list(self._legal)

    def _moves(self) -> list[Any]:
        phase = self.phase
        if phase == DRAW:
            return DRAWS[: len(self.hands[self.next_seat])]
        if phase == PICK:
            assert self.target is not None
            return PICKS[: len(self.hands[self.target])]
        if phase == OVER:
            return []
        moves: list[Any] = [END]
        n, me = self.num_players, self.seat
        for a, b in self.specials:
            cards = (a.code, b.code)
            r = a.rank
            if r == ACE:
                moves.append(Lay(cards, colour="red"))
                moves.append(Lay(cards, colour="black"))
            elif r == JACK:
                moves.extend(Lay(cards, target=t) for t in range(n) if t != me)
            elif r == KING:
                moves.extend(
                    Lay(cards, target=p, other=q) for p in range(n) for q in range(p + 1, n)
                )
            else:  # 10 and Queen: no parameter
                moves.append(Lay(cards))
        return moves

    def is_legal(self, move: Any) -> bool:
        if self._legal is None:
            self._legal = self._moves()
        return move in self._legal

    def refusal(self, move: Any) -> IllegalMove:
        """The most precise reason ``move`` is not in :meth:`legal_moves`."""
        phase = self.phase
        if phase == OVER:
            return refuse("game_over", text.REFUSALS["game_over"])
        wanted = {DRAW: Draw, PICK: Pick, ACT: (Lay, End)}[phase]
        if not isinstance(move, wanted):
            return refuse("wrong_phase", text.REFUSALS["wrong_phase"][phase])
        if isinstance(move, Draw | Pick):
            src = self.next_seat if phase == DRAW else self.target
            assert src is not None
            return refuse(
                "bad_position", text.REFUSALS["bad_position"], last=len(self.hands[src]) - 1
            )
        return self._lay_refusal(move)

    def _lay_refusal(self, move: Lay) -> IllegalMove:
        try:
            cs = [card(c) for c in move.cards]
        except ValueError:
            return refuse("unknown_card", text.REFUSALS["unknown_card"])
        if len(cs) != 2 or cs[0] is cs[1]:
            return refuse("not_a_pair", text.REFUSALS["two_cards"])
        hand = self.hands[self.seat]
        for c in cs:
            if c not in hand:
                return refuse("card_not_in_hand", text.REFUSALS["not_in_hand"], c=c)
        a, b = cs
        if a is POUILLEUX or b is POUILLEUX:
            return refuse("pouilleux", text.REFUSALS["pouilleux"])
        if MATE.get(a) is not b:
            return refuse("not_a_pair", text.REFUSALS["not_a_pair"])
        if a.rank not in SPECIAL_RANKS:
            return refuse("normal_pair", text.REFUSALS["normal_pair"])
        allowed = self._allowed(self.seat)
        if allowed is not None and COLOUR[a] is not allowed:
            return refuse("imposed_colour", text.REFUSALS["imposed_colour"], colour=allowed)
        return refuse("bad_effect", text.REFUSALS["bad_effect"])

    # -- changing the state --------------------------------------------------------------
    def _apply(self, move: Any) -> list[Event]:
        self._legal = None
        events: list[Event] = []
        seat = self.seat
        if isinstance(move, Draw):
            src = self.next_seat
            c = self._take_blind(seat, src, move.position, Drew, events)
            if not self.hands[src]:
                return self._finish(events, (src,), "emptied_hand")
            self._after_gain(seat, c, events)
            if self._result is not None:
                return events
            specials = self._special_pairs(seat)
            if specials:
                self.specials = specials
                self.phase = ACT
                return events
            self._advance(events)
        elif isinstance(move, End):
            self._advance(events)
        elif isinstance(move, Lay):
            self._lay_special(seat, move, events)
        else:  # Pick
            assert self.target is not None
            src = self.target
            c = self._take_blind(seat, src, move.position, Picked, events)
            self.target = None
            if not self.hands[src]:
                return self._finish(events, (src,), "emptied_hand")
            self._after_gain(seat, c, events)
            if self._result is None:
                self._advance(events)
        return events

    def _take_blind(
        self, seat: int, src: int, position: int, kind: type[_Blind], ev: list[Event]
    ) -> Card:
        """``seat`` takes the card at ``position`` of ``src``'s hand, re-randomised just before."""
        hand = self.hands[src]
        c = hand.pop((position + self.rng.randrange(len(hand))) % len(hand))  # cut, then take
        both = (1 << seat) | (1 << src)
        self._forget(both, src)
        self.hands[seat].append(c)
        self.seen[c] = both
        ev.extend(
            private(kind(src, position, c.code), kind(src, position, None), seat, (seat, src))
        )
        return c

    def _forget(self, keep: int, *srcs: int) -> None:
        """A card left these hands unseen by all but the ``keep`` seats (a bit mask): the others
        no longer know what remains there. Call after the card is removed (the caller then sets
        the moved card's mask)."""
        seen = self.seen
        for s in srcs:
            for d in self.hands[s]:
                if seen[d]:
                    seen[d] &= keep

    def _after_gain(self, seat: int, c: Card, events: list[Event]) -> None:
        """On its own turn a seat lays at once the normal pair a new card completes."""
        m = NORMAL_MATE.get(c)
        hand = self.hands[seat]
        if m is None or m not in hand:
            return
        allowed = self._allowed(seat)
        if allowed is not None and COLOUR[c] is not allowed:
            self.pending |= 1 << seat  # the pair waits for a turn without the Ace's restriction
            return
        hand.remove(c)
        hand.remove(m)
        p = pair(c, m)
        self.laid[seat].append(p)
        events.append(Event.of(Paired([[p[0].code, p[1].code]]), seat))
        if not hand:
            self._finish(events, (seat,), "emptied_hand")

    def _lay_normal_pairs(self, seat: int, specials_too: bool = False) -> list[tuple[Card, Card]]:
        """Remove and return every normal pair (and special ones if asked) ``seat`` may lay;
        note in ``pending`` whether a pair of the other colour must wait."""
        hand = self.hands[seat]
        held = set(hand)
        allowed = self._allowed(seat)
        found = []
        waiting = False
        for c in hand:
            m = NORMAL_MATE.get(c)
            if m is None and specials_too:
                m = SPECIAL_FIRST.get(c)
            if m is not None and c.code < m.code and m in held:
                if allowed is None or COLOUR[c] is allowed:
                    found.append((c, m))
                else:
                    waiting = True
        if waiting:
            self.pending |= 1 << seat
        else:
            self.pending &= ~(1 << seat)
        if found:
            gone = {x for p in found for x in p}
            hand[:] = [c for c in hand if c not in gone]
            self.laid[seat].extend(found)
        return found

    def _special_pairs(self, seat: int) -> list[tuple[Card, Card]]:
        hand = self.hands[seat]
        if len(hand) < 2:
            return []
        allowed = self._allowed(seat)
        out = []
        for c in hand:
            m = SPECIAL_FIRST.get(c)
            if m is not None and m in hand and (allowed is None or COLOUR[c] is allowed):
                out.append((c, m))
        if len(out) > 1:
            out.sort(key=lambda p: SORT_KEY[p[0]])  # the order of the rank, not of the hand
        return out

    def _lay_special(self, seat: int, move: Lay, events: list[Event]) -> None:
        a, b = card(move.cards[0]), card(move.cards[1])
        hand = self.hands[seat]
        hand.remove(a)
        hand.remove(b)
        self.laid[seat].append((a, b))
        self.specials = []
        laid = Laid(list(move.cards), a.rank, move.colour, move.target, move.other, not hand)
        events.append(Event.of(laid, seat))
        if not hand:  # the game ends the moment a hand is empty: no effect
            self._finish(events, (seat,), "emptied_hand")
            return
        r = a.rank
        n = self.num_players
        if r == 10:
            skipped = (seat + self.direction) % n
            events.append(Event.of(Skipped(skipped, n == 2), seat))
            self._advance(events, skip=True)
        elif r == QUEEN:
            self.direction = -self.direction
            events.append(Event.of(Reversed(self.direction), seat))
            self._advance(events)
        elif r == ACE:
            assert move.colour is not None
            self.imposed = Colour(move.colour)
            self.imposer = seat
            self._advance(events)
        elif r == KING:
            assert move.target is not None and move.other is not None
            self._swap(seat, move.target, move.other, events)
            if self._result is None:
                self._advance(events)
        else:  # Jack: the pick follows
            self.phase = PICK
            self.target = move.target

    def _swap(self, seat: int, p: int, q: int, events: list[Event]) -> None:
        """The King: one card taken blind (by the game master's rng) from each of p and q,
        and the two exchanged. Only p and q see the cards."""
        hp, hq = self.hands[p], self.hands[q]
        rng = self.rng
        cp = hp.pop(rng.randrange(len(hp)))
        cq = hq.pop(rng.randrange(len(hq)))
        both = (1 << p) | (1 << q)
        self._forget(both, p, q)
        hp.append(cq)
        hq.append(cp)
        self.seen[cp] = both
        self.seen[cq] = both
        shown, hidden = Swapped([p, q], [cp.code, cq.code]), Swapped([p, q], None)
        events.extend(private(shown, hidden, seat, (p, q)))
        # received out of turn: paired at that player's next turn; on one's own turn: at once
        self.pending |= both & ~(1 << seat)
        if seat == p:
            self._after_gain(seat, cq, events)
        elif seat == q:
            self._after_gain(seat, cp, events)

    def _advance(self, events: list[Event], skip: bool = False) -> None:
        """End the turn: the next player in the current direction starts (a 10 skips one)."""
        n, d = self.num_players, self.direction
        nxt = (self.seat + d) % n
        if skip:
            nxt = self.seat if n == 2 else (nxt + d) % n
        self._start_turn(nxt, events)

    def _start_turn(self, seat: int, events: list[Event]) -> None:
        """A turn starts: the cap, the end of this seat's Ace, the pairs waiting in its hand."""
        if self.turns >= self.options.max_turns:
            self._finish(events, fewest_cards(self.hands), "turn_cap")
            return
        self.turns += 1
        self.seat = seat
        self.phase = DRAW
        self.specials = []
        if self.imposer == seat:
            events.append(Event.of(Lifted(str(self.imposed)), seat))  # type: ignore[arg-type]
            self.imposed = self.imposer = None
        events.append(Event.of(TurnStarted(self.turns), seat))
        if not self.pending >> seat & 1:
            return  # nothing received out of turn, no pair waiting: nothing to lay
        found = self._lay_normal_pairs(seat)
        if found:
            events.append(Event.of(Paired([[a.code, b.code] for a, b in found]), seat))
            if not self.hands[seat]:
                self._finish(events, (seat,), "emptied_hand")

    def _finish(self, events: list[Event], winners: tuple[int, ...], reason: Ending) -> list[Event]:
        """The game ends: with more than 2 players the holder of J♠ is the grand perdant.
        Every hand is shown."""
        holder = next(i for i, h in enumerate(self.hands) if POUILLEUX in h)
        losers = (holder,) if self.num_players > 2 and holder not in winners else ()
        sizes = tuple(float(len(h)) for h in self.hands)
        self._result = Result(
            winners=winners,
            reason=reason,
            scores=sizes,
            losers=losers,
            detail=msgspec.to_builtins(PouilleuxDetail(holder)),
        )
        self.phase = OVER
        self._legal = None
        hands = [[c.code for c in h] for h in self.hands]
        events.append(Event.of(GameOver(list(winners), list(losers), reason, holder, hands)))
        return events

    # -- what each seat sees -------------------------------------------------------------
    def own_view(self, seat: int) -> dict[str, Any]:
        """The seat's hand, and the cards it has seen go into other hands."""
        over, bit, key = self._result is not None, 1 << seat, SORT_KEY.__getitem__
        known = [  # cards in other hands this seat has seen go there
            Known(c.code, i)
            for i, h in enumerate(self.hands)
            if i != seat and not over
            for c in sorted(h, key=key)
            if self.seen[c] & bit
        ]
        return {"hand": [c.code for c in sorted(self.hands[seat], key=key)], "known": known}

    def public_view(self) -> PouilleuxView:
        """Every seat's view but what the seat holds and knows (:meth:`own_view`): once per
        move."""
        over = self._result is not None
        return PouilleuxView(
            **self.head("pouilleux"),
            turns=self.turns,
            phase=self.phase,  # type: ignore[arg-type]
            direction=self.direction,
            draw_from=None if over else self.next_seat,
            pick_from=self.target,
            imposed=None if self.imposed is None else self.imposed.value,  # type: ignore[arg-type]
            imposed_by=self.imposer,
            hand_sizes=[len(h) for h in self.hands],
            laid=[[[a.code, b.code] for a, b in ps] for ps in self.laid],
            options=self.options,
            hands=[[c.code for c in h] for h in self.hands] if over else None,
            result=self._result,
        )

    def secret_cards(self, seat: int | None) -> set[Card]:
        """Cards in another hand whose holder ``seat`` cannot be sure of. A seat knows where a
        card is after seeing it move (it drew it, was drawn from, took part in the King's swap)
        until a card leaves that hand unseen by it. Everything is shown at the end."""
        if self._result is not None:
            return set()
        bit = 0 if seat is None else 1 << seat
        seen = self.seen
        return {c for i, h in enumerate(self.hands) if i != seat for c in h if not seen[c] & bit}

    def all_cards(self) -> Iterator[Card]:
        for h in self.hands:
            yield from h
        for ps in self.laid:
            for a, b in ps:
                yield a
                yield b

    def default_move(self) -> Any:
        """A seat out of time draws position 0, picks position 0, or ends the turn."""
        if self.phase == ACT:
            return END
        return self.legal_moves()[0]

    def _clone(self) -> PouilleuxState:
        new = self._copy()
        new.laid = [list(ps) for ps in self.laid]
        new.seen = dict(self.seen)
        new.specials = list(self.specials)
        new._legal = None
        return new


# --------------------------------------------------------------------------- the game


def deal_sizes(players: int) -> list[int]:
    """Cards dealt to each seat: 51 shared out, the extra ones to the last seats."""
    base, extra = divmod(len(DECK), players)
    return [base + (1 if i >= players - extra else 0) for i in range(players)]


class PouilleuxGame(Game[PouilleuxOptions]):
    id = "pouilleux"
    min_players = 2
    max_players = 8
    Options = PouilleuxOptions
    move_types = (Draw, Lay, Pick, End)
    event_types = EVENTS
    view_type = PouilleuxView
    detail_type = PouilleuxDetail
    text = text

    def facts(self) -> dict[str, Any]:
        """The card with no mate, and the ranks whose pairs have an effect."""
        return {
            "pouilleux": POUILLEUX.code,
            "special_ranks": [rank_token(r) for r in sorted(SPECIAL_RANKS)],
        }

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
            Event.of(Dealt([len(h) for h in st.hands])),
            *(Event.of(Hand([c.code for c in h]), s, to=(s,)) for s, h in enumerate(st.hands)),
        ]
        discard = options.initial_special_pairs == "discard"
        for seat in range(players):
            found = st._lay_normal_pairs(seat, specials_too=discard)
            if found:
                events.append(Event.of(Paired([[a.code, b.code] for a, b in found]), seat))
        empty = tuple(s for s, h in enumerate(st.hands) if not h)
        if empty:
            st._finish(events, empty, "emptied_hand")
        else:
            st._start_turn(0, events)
        st._start_events = events
        return st

    def determinize(
        self, view: PouilleuxView | dict[str, Any], rng: random.Random
    ) -> PouilleuxState:
        """Deal the cards ``view`` does not place at random among the other hands, keeping the
        seat's hand, the laid pairs and the cards it knows the holder of."""
        v = self.as_view(view)
        assert isinstance(v, PouilleuxView)
        seat, n = v.seat, v.players
        st = PouilleuxState(n, v.options, random.Random(rng.random()))
        placed: set[Card] = set()
        for i, ps in enumerate(v.laid):
            st.laid[i] = [(card(a), card(b)) for a, b in ps]
            placed.update(c for p in st.laid[i] for c in p)
        if seat is not None:
            st.hands[seat] = [card(c) for c in v.hand or ()]
            placed.update(st.hands[seat])
            for k in v.known or ():
                c = card(k.card)
                st.hands[k.seat].append(c)
                st.seen[c] = 1 << seat
                placed.add(c)
        deal_unknown(st.hands, v.hand_sizes, [c for c in DECK if c not in placed], rng)
        st.seat = v.turn if v.turn is not None else 0
        st.phase = v.phase
        st.direction = v.direction
        st.target = v.pick_from
        st.imposed = None if v.imposed is None else Colour(v.imposed)
        st.imposer = v.imposed_by
        st.turns = v.turns
        st.move_count = v.move
        st.pending = (1 << n) - 1  # hidden hands may hold waiting pairs: look at every turn
        if st.phase == ACT:
            st.specials = st._special_pairs(st.seat)
        return st


GAME = PouilleuxGame()
