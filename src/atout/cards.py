"""Cards, suits, colours and the decks the three games use (their names in words are the
catalogue's, :mod:`atout.locales`).

Every physical card is one interned :class:`Card` object whose ``code`` is its compact notation:
``"QH"`` (Queen of Hearts), ``"10S"``, ``"AS"``, ``"JK1"`` (first Joker). When two decks are mixed,
cards of the second deck carry the suffix ``#2`` (``"QH#2"``, ``"JK1#2"``), so every physical card
has a unique id. Cards compare by identity, which keeps hands, sets and dicts of cards fast.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from enum import StrEnum
from functools import cache
from typing import Annotated

import msgspec

from atout.locales import say


class Suit(StrEnum):
    """A suit ("couleur" in Q²J). Its value is the notation letter."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOL[self]

    @property
    def colour(self) -> Colour:
        return Colour.RED if self in (Suit.HEARTS, Suit.DIAMONDS) else Colour.BLACK

    def name_in(self, lang: str = "en") -> str:
        """``Hearts`` / ``cœur``: the catalogue's words (``suit-name``)."""
        return say(lang, "suit-name", suit=self.value)


class Colour(StrEnum):
    """Red or black ("couleur" in Le Pouilleux). Distinct from :class:`Suit` on purpose."""

    RED = "red"
    BLACK = "black"

    def name_in(self, lang: str = "en") -> str:
        """``red`` / ``rouge``: the catalogue's words (``colour``)."""
        return say(lang, "colour", colour=self.value)


ACE, JACK, QUEEN, KING = 1, 11, 12, 13
JOKER_RANK = 0
RANKS: tuple[int, ...] = tuple(range(1, 14))
FACE_RANKS = (JACK, QUEEN, KING)

_SUIT_SYMBOL = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_RANK_TOKEN = {1: "A", 11: "J", 12: "Q", 13: "K"} | {r: str(r) for r in range(2, 11)}
_TOKEN_RANK = {v: k for k, v in _RANK_TOKEN.items()}


def rank_token(rank: int) -> str:
    """The notation of a rank: ``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``."""
    return _RANK_TOKEN[rank]


def rank_name(rank: int, lang: str = "en") -> str:
    """``Queen`` / ``Dame``: the catalogue's words (``rank-name``)."""
    return say(lang, "rank-name", rank=rank_token(rank))


class Card:
    """One physical card. Never build one directly: use :func:`card` or a deck builder."""

    __slots__ = ("code", "copy", "rank", "suit")

    rank: int
    suit: Suit | None
    copy: int
    code: str

    def __init__(self, rank: int, suit: Suit | None, copy: int) -> None:
        self.rank = rank
        self.suit = suit
        self.copy = copy
        if suit is None:
            # Jokers: copy is 1..4; JK1, JK2 in the first deck, JK1#2, JK2#2 in the second.
            deck_no, base = 1 + (copy - 1) // 2, f"JK{(copy - 1) % 2 + 1}"
        else:
            deck_no, base = copy, rank_token(rank) + suit.value
        self.code = base if deck_no == 1 else f"{base}#{deck_no}"

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def is_face(self) -> bool:
        return self.rank in FACE_RANKS

    @property
    def colour(self) -> Colour | None:
        return None if self.suit is None else self.suit.colour

    @property
    def label(self) -> str:
        """Short form with a Unicode suit symbol, e.g. ``Q♥``, ``10♠``, ``Joker``."""
        if self.suit is None:
            return "🃏"
        return rank_token(self.rank) + self.suit.symbol

    def name(self, lang: str = "en") -> str:
        """Full name: ``Queen of Hearts`` / ``Dame de cœur`` (the catalogue's ``card-name``)."""
        if self.suit is None:
            return say(lang, "card-joker")
        return say(lang, "card-name", rank=rank_token(self.rank), suit=self.suit.value)

    def __repr__(self) -> str:
        return f"card({self.code!r})"

    def __str__(self) -> str:
        return self.code

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (card, (self.code,))


_ALL: dict[str, Card] = {}


def _intern(rank: int, suit: Suit | None, copy: int) -> Card:
    c = Card(rank, suit, copy)
    return _ALL.setdefault(c.code, c)


for _deck in (1, 2):
    for _suit in Suit:
        for _rank in RANKS:
            _intern(_rank, _suit, _deck)
for _j in (1, 2, 3, 4):
    _intern(JOKER_RANK, None, _j)


def card(code: str) -> Card:
    """The card with this notation (case-insensitive). Raises ``ValueError`` if there is none."""
    found = _ALL.get(code) or _ALL.get(code.strip().upper())
    if found is None:
        raise ValueError(f"not a card: {code!r}")
    return found


#: Every card code and nothing else, as a regular expression without anchors that Python and
#: JavaScript read alike: ``QH``, ``10S``, ``AS``, ``JK1``, and ``#2`` after a second deck's card.
#: Published to clients (``list_games``' ``card_pattern``) so that none spells it again.
CODE_PATTERN = r"(?:10|[2-9AJQK])[CDHS](?:#2)?|JK[12](?:#2)?"

#: A card code in a typed view, event or move: a string that its JSON Schema checks with the
#: pattern. Decoding does not (a regular expression per code would cost more than the rest of a
#: view's decoding): :func:`card` refuses what is no card where a code is used.
CardCode = Annotated[str, msgspec.Meta(extra_json_schema={"pattern": f"^(?:{CODE_PATTERN})$"})]


def cards(codes: str | Iterable[str]) -> list[Card]:
    """Cards from codes: ``cards("QH QS 10C")`` or ``cards(["QH", "QS"])``."""
    if isinstance(codes, str):
        codes = codes.split()
    return [card(c) for c in codes]


def codes(cs: Iterable[Card]) -> list[str]:
    return [c.code for c in cs]


def is_card_code(code: str) -> bool:
    """Whether ``code`` is a card's code exactly as written (``"qh"`` is not: see :func:`card`)."""
    return code in _ALL


def _suited(deck_no: int, exclude: Sequence[str] = ()) -> list[Card]:
    suffix = "" if deck_no == 1 else f"#{deck_no}"
    return [
        _ALL[rank_token(r) + s.value + suffix]
        for s in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
        for r in RANKS
        if rank_token(r) + s.value not in exclude
    ]


@cache
def _deck(kind: str) -> tuple[Card, ...]:
    if kind == "52":
        return tuple(_suited(1))
    if kind == "51":
        return tuple(_suited(1, exclude=("JC",)))
    if kind == "54":
        return (*_suited(1), _ALL["JK1"], _ALL["JK2"])
    if kind == "108":
        return (*_deck("54"), *_suited(2), _ALL["JK1#2"], _ALL["JK2#2"])
    raise ValueError(kind)


def deck_52() -> list[Card]:
    """The standard 52-card deck (Q²J)."""
    return list(_deck("52"))


def deck_51() -> list[Card]:
    """52 cards without the Jack of Clubs (Le Pouilleux): the Jack of Spades has no mate."""
    return list(_deck("51"))


def deck_54() -> list[Card]:
    """52 cards and two Jokers (Le Quinze, 2–4 players)."""
    return list(_deck("54"))


def deck_108() -> list[Card]:
    """Two 54-card decks; the second deck's cards carry ``#2`` (Le Quinze, 5–8 players)."""
    return list(_deck("108"))


def shuffled(deck: Sequence[Card], rng: random.Random) -> list[Card]:
    out = list(deck)
    rng.shuffle(out)
    return out
