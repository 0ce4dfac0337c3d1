"""What several games share besides the interface (:mod:`atout.games.base`): the precise
refusals of a move naming cards, the draw event, view fields declared once, the winners by fewest
cards and the dealing of hidden cards for :meth:`~atout.games.base.Game.determinize`."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Annotated, Any

from atout.cards import Card, CardCode, card
from atout.games.base import Event, EventData, IllegalMove, private, shows
from atout.games.sentences import refuse

# --------------------------------------------------------------------------- moves and refusals


def code_spellings(cards: Iterable[Card]) -> dict[str, str]:
    """Every spelling of these cards' codes a move may use, to its one code (``"qh"`` ->
    ``"QH"``): how a move's ``__post_init__`` makes its card codes canonical."""
    return {v: c.code for c in cards for v in (c.code, c.code.lower())}


def unknown_move() -> IllegalMove:
    """The refusal of something that is none of the game's move types."""
    return refuse("bad_move", "refused-unknown-move")


def cards_in_hand(codes: Sequence[str], hand: Sequence[Card]) -> list[Card]:
    """The cards named by ``codes``, each once and all in ``hand``; else the precise refusal
    (``duplicate_card``, ``unknown_card``, ``card_not_in_hand``)."""
    if len(set(codes)) != len(codes):
        raise refuse("duplicate_card", "refused-duplicate-card")
    out = []
    for code in codes:
        try:
            c = card(code)
        except ValueError:
            raise refuse("unknown_card", "refused-unknown-card", code=repr(code)) from None
        if c not in hand:
            raise refuse("card_not_in_hand", "refused-card-not-in-hand", card=c)
        out.append(c)
    return out


# --------------------------------------------------------------------------- events


class Hand(EventData, tag="hand"):
    """The cards dealt to a seat (sent to that seat only)."""

    cards: list[CardCode]


class Drawn(EventData, tag="draw"):
    """A seat drew ``card`` from the stock (``None`` to everyone but that seat)."""

    card: CardCode | None


def drawn(seat: int, c: Card, kind: type[Drawn] = Drawn, **data: Any) -> list[Event]:
    """``seat`` drew ``c``: the ``draw`` event (``kind``, with ``data``), the card shown to that
    seat only."""
    return private(kind(card=c.code, **data), kind(card=None, **data), seat, (seat,))


# --------------------------------------------------------------------------- view fields

#: Cards in each hand, by seat (hidden hands are only ever counted).
HandSizes = Annotated[list[int], shows("card_count", "view-hand-sizes", per_seat=True)]
StockSize = Annotated[int, shows("card_count", "view-stock-size")]
DiscardSize = Annotated[int, shows("card_count", "view-discard-size")]
Discard = Annotated[list[CardCode], shows("cards", "view-discard")]
#: Every hand, shown at the end (absent until then).
Hands = Annotated[list[list[CardCode]] | None, shows("cards", "view-hands", per_seat=True)]


def phase_words(game_id: str, phases: Iterable[str]) -> Any:
    """What the ``choice`` field naming a game's phase shows: ``phases``, each in the words of
    its message ``<game_id>-view-phase-<phase>``, then ``over``."""
    values = {p: f"{game_id}-view-phase-{p}" for p in phases}
    return shows("choice", "view-phase", values={**values, "over": "view-phase-over"})


# --------------------------------------------------------------------------- the end, sampling


def fewest_cards(hands: Sequence[Sequence[Card]]) -> tuple[int, ...]:
    """The seats holding the fewest cards (a shared win when several do)."""
    fewest = min(len(h) for h in hands)
    return tuple(i for i, h in enumerate(hands) if len(h) == fewest)


def deal_unknown(
    hands: list[list[Card]], sizes: Sequence[int], unknown: list[Card], rng: random.Random
) -> list[Card]:
    """Shuffle ``unknown`` with ``rng`` and deal from it until each hand holds as many cards as
    ``sizes`` says: a sample of what a view hides (:meth:`Game.determinize`). Returns the cards
    left over."""
    rng.shuffle(unknown)
    for i, hand in enumerate(hands):
        need = sizes[i] - len(hand)
        hand.extend(unknown[:need])
        del unknown[:need]
    return unknown
