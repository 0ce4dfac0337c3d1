"""The card tables of Le Pouilleux (:mod:`atout.games.pouilleux`): its 51 cards, which card pairs
with which (same rank, same colour), the special ranks and the pouilleux itself, built once."""

from __future__ import annotations

from atout.cards import ACE, JACK, KING, QUEEN, Card, Colour, card, deck_51

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
