"""Le Pouilleux with special pairs: pair off your cards by drawing blind from your neighbour;
the Jack of Spades (the "pouilleux") has no mate.

Read top to bottom: the options, the card tables (which card pairs with which), the moves, the
state (turn flow, legal moves — the one source of legality: :meth:`PouilleuxState.refusal` only
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
from typing import Annotated, Any, ClassVar, Literal

import msgspec

from atout.cards import ACE, JACK, KING, QUEEN, Card, Colour, card, deck_51
from atout.games import pouilleux_text as text
from atout.games.base import (
    Event,
    Field,
    Game,
    IllegalMove,
    Options,
    Result,
    SimpleMove,
    State,
    ViewSpec,
    private,
)
from atout.games.common import HAND_SIZES, HANDS, deal_unknown, fewest_cards, phase_field
from atout.games.sentences import refuse

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

    cards: tuple[str, ...]
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


# --------------------------------------------------------------------------- state

DRAW, ACT, PICK, OVER = "draw", "act", "pick", "over"


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
            c = self._take_blind(seat, src, move.position, "draw", events)
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
            c = self._take_blind(seat, src, move.position, "pick", events)
            self.target = None
            if not self.hands[src]:
                return self._finish(events, (src,), "emptied_hand")
            self._after_gain(seat, c, events)
            if self._result is None:
                self._advance(events)
        return events

    def _take_blind(self, seat: int, src: int, position: int, kind: str, ev: list[Event]) -> Card:
        """``seat`` takes the card at ``position`` of ``src``'s hand, re-randomised just before."""
        hand = self.hands[src]
        c = hand.pop((position + self.rng.randrange(len(hand))) % len(hand))  # cut, then take
        both = (1 << seat) | (1 << src)
        self._forget(both, src)
        self.hands[seat].append(c)
        self.seen[c] = both
        pair = (seat, src)
        seen = {"from": src, "position": position}
        ev.extend(private(kind, seat, {**seen, "card": c.code}, {**seen, "card": None}, pair))
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
        events.append(Event("pairs", seat, {"pairs": [[p[0].code, p[1].code]]}))
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
        data: dict[str, Any] = {"cards": list(move.cards), "rank": a.rank}
        if move.colour is not None:
            data["colour"] = move.colour
        if move.target is not None:
            data["target"] = move.target
        if move.other is not None:
            data["other"] = move.other
        if not hand:
            data["last"] = True  # the game ends at once: the effect never happens
        events.append(Event("lay", seat, data))
        if not hand:  # the game ends the moment a hand is empty: no effect
            self._finish(events, (seat,), "emptied_hand")
            return
        r = a.rank
        n = self.num_players
        if r == 10:
            skipped = (seat + self.direction) % n
            events.append(Event("skip", seat, {"skipped": skipped, "again": n == 2}))
            self._advance(events, skip=True)
        elif r == QUEEN:
            self.direction = -self.direction
            events.append(Event("reverse", seat, {"direction": self.direction}))
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
        pair = (p, q)
        events.extend(
            private(
                "swap",
                seat,
                {"players": [p, q], "cards": [cp.code, cq.code]},
                {"players": [p, q], "cards": None},
                pair,
            )
        )
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
            events.append(Event("lift", seat, {"colour": str(self.imposed)}))
            self.imposed = self.imposer = None
        events.append(Event("turn", seat, {"turn": self.turns}))
        if not self.pending >> seat & 1:
            return  # nothing received out of turn, no pair waiting: nothing to lay
        found = self._lay_normal_pairs(seat)
        if found:
            events.append(Event("pairs", seat, {"pairs": [[a.code, b.code] for a, b in found]}))
            if not self.hands[seat]:
                self._finish(events, (seat,), "emptied_hand")

    def _finish(self, events: list[Event], winners: tuple[int, ...], reason: str) -> list[Event]:
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
            detail={"pouilleux": holder},
        )
        self.phase = OVER
        self._legal = None
        events.append(
            Event(
                "game_over",
                None,
                {
                    "winners": list(winners),
                    "losers": list(losers),
                    "reason": reason,
                    "pouilleux": holder,
                    "hands": [[c.code for c in h] for h in self.hands],
                },
            )
        )
        return events

    # -- what each seat sees -------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        over = self._result is not None
        out = self.shared_view(seat, self._public_view)
        if seat is not None:
            out["hand"] = [c.code for c in sorted(self.hands[seat], key=SORT_KEY.__getitem__)]
            bit = 1 << seat
            out["known"] = [  # cards in other hands this seat has seen go there
                [c.code, i]
                for i, h in enumerate(self.hands)
                if i != seat and not over
                for c in sorted(h, key=SORT_KEY.__getitem__)
                if self.seen[c] & bit
            ]
        if over:
            out["hands"] = [[c.code for c in h] for h in self.hands]
        return self.view_result(out)

    def _public_view(self) -> dict[str, Any]:
        """Every seat's view but what the seat holds and knows: once per move."""
        out = self.view_head("pouilleux", None)
        out |= {
            "turns": self.turns,
            "phase": self.phase,
            "direction": self.direction,
            "draw_from": None if self._result is not None else self.next_seat,
            "pick_from": self.target,
            "imposed": None if self.imposed is None else str(self.imposed),
            "imposed_by": self.imposer,
            "hand_sizes": [len(h) for h in self.hands],
            "laid": [[[a.code, b.code] for a, b in ps] for ps in self.laid],
            "options": msgspec.to_builtins(self.options),
        }
        return out

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
