"""What several games share besides the interface (:mod:`atout.games.base`): the precise
refusals of a move naming cards, view fields declared once, the winners by fewest cards and the
dealing of hidden cards for :meth:`~atout.games.base.Game.determinize`."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from atout.cards import Card, card
from atout.games.base import Event, Field, IllegalMove, private

# --------------------------------------------------------------------------- moves and refusals


def code_spellings(cards: Iterable[Card]) -> dict[str, str]:
    """Every spelling of these cards' codes a move may use, to its one code (``"qh"`` ->
    ``"QH"``): how a move's ``__post_init__`` makes its card codes canonical."""
    return {v: c.code for c in cards for v in (c.code, c.code.lower())}


def unknown_move() -> IllegalMove:
    """The refusal of something that is none of the game's move types."""
    return IllegalMove("bad_move", "Unknown move.", "Coup inconnu.")


def cards_in_hand(codes: Sequence[str], hand: Sequence[Card]) -> list[Card]:
    """The cards named by ``codes``, each once and all in ``hand``; else the precise refusal
    (``duplicate_card``, ``unknown_card``, ``card_not_in_hand``)."""
    if len(set(codes)) != len(codes):
        raise IllegalMove("duplicate_card", "The same card twice.", "La même carte deux fois.")
    out = []
    for code in codes:
        try:
            c = card(code)
        except ValueError:
            raise IllegalMove(
                "unknown_card", f"{code!r} is not a card.", f"{code!r} n'est pas une carte."
            ) from None
        if c not in hand:
            raise IllegalMove(
                "card_not_in_hand",
                f"{c.name()} is not in your hand.",
                f"{c.name('fr')} n'est pas dans votre main.",
            )
        out.append(c)
    return out


# --------------------------------------------------------------------------- events


def drawn(seat: int, c: Card, **data: Any) -> list[Event]:
    """``seat`` drew ``c``: the ``draw`` event, the card shown to that seat only."""
    return private("draw", seat, {"card": c.code, **data}, {"card": None, **data}, (seat,))


# --------------------------------------------------------------------------- view fields

HAND_SIZES = Field("hand_sizes", "card_count", "cards", "cartes", per_seat=True)
STOCK_SIZE = Field("stock_size", "card_count", "Stock", "Pioche")
DISCARD_SIZE = Field("discard_size", "card_count", "Cards in the discard", "Cartes en défausse")
DISCARD = Field("discard", "cards", "Discard (latest last)", "Défausse (la dernière à droite)")
HANDS = Field("hands", "cards", "hand", "main", per_seat=True)  # every hand, shown at the end


def phase_field(key: str, phases: dict[str, tuple[str, str]]) -> Field:
    """The ``choice`` field naming a game's phase: ``phases`` (each with its English and French
    words), then ``over``."""
    return Field(key, "choice", "Phase", "Phase", values={**phases, "over": ("over", "terminée")})


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
