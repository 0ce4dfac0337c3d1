"""Cards: notation round-trips, decks have the right cards, suit and colour stay distinct."""

from __future__ import annotations

import pickle
import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from atout.cards import (
    CODE_PATTERN,
    JOKER_RANK,
    Card,
    Colour,
    Suit,
    _deck,
    _intern,
    card,
    cards,
    codes,
    deck_51,
    deck_52,
    deck_54,
    deck_108,
    is_card_code,
    shuffled,
)

ALL = deck_108()


def test_the_published_code_pattern_matches_every_card_code_and_nothing_else() -> None:
    """``CODE_PATTERN`` is what clients match card codes with (``list_games``' ``card_pattern``):
    every code of every deck, and none of the near misses, in any of its uses."""
    whole = re.compile(f"(?:{CODE_PATTERN})")
    assert all(whole.fullmatch(c.code) for c in ALL)
    ranks = ["A", "1", "2", "9", "10", "11", "J", "Q", "K", "JK", "X", ""]
    for text in {
        r + s + d
        for r in ranks
        for s in ["C", "D", "H", "S", "1", "2", "3", ""]
        for d in ["", "#1", "#2", "#3"]
    } | {"qh", "JK1#2 ", " QH"}:
        assert bool(whole.fullmatch(text)) == is_card_code(text), text


@given(st.sampled_from(ALL))
def test_notation_round_trips(c) -> None:
    assert card(c.code) is c
    assert card(c.code.lower()) is c
    assert pickle.loads(pickle.dumps(c)) is c
    assert is_card_code(c.code)


def test_notation_examples() -> None:
    assert card("QH").rank == 12 and card("QH").suit is Suit.HEARTS
    assert card("10S").rank == 10 and card("10S").suit is Suit.SPADES
    assert card("AS").rank == 1
    assert card("JK1").is_joker and card("JK2").is_joker
    assert card("QH#2") is not card("QH") and card("QH#2").rank == 12
    assert cards("QH 10S") == [card("QH"), card("10S")]


@pytest.mark.parametrize("bad", ["", "1H", "11S", "QX", "JK3", "QH#3", "ZZ"])
def test_bad_codes_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        card(bad)


def test_decks() -> None:
    assert len(deck_52()) == len({c.code for c in deck_52()}) == 52
    assert len(deck_51()) == 51 and card("JC") not in deck_51() and card("JS") in deck_51()
    assert len(deck_54()) == 54 and sum(c.is_joker for c in deck_54()) == 2
    d = deck_108()
    assert len(d) == len({c.code for c in d}) == 108
    assert sum(c.is_joker for c in d) == 4
    assert deck_52() == deck_52()  # same order every time, so stacked decks are stable


def test_suit_and_colour_are_distinct_notions() -> None:
    assert card("QH").colour is Colour.RED and card("QD").colour is Colour.RED
    assert card("QS").colour is Colour.BLACK and card("QC").colour is Colour.BLACK
    assert card("QH").suit is not card("QD").suit
    assert card("JK1").colour is None and card("JK1").suit is None


def test_names_in_french_and_english() -> None:
    assert card("QH").name() == "Queen of Hearts"
    assert card("QH").name("fr") == "Dame de cœur"
    assert card("AS").name("fr") == "As de pique"
    assert card("JC").name("fr") == "Valet de trèfle"
    assert card("KD").name("fr") == "Roi de carreau"
    assert card("10S").label == "10♠"
    assert card("JK1").name() == "Joker"


# --- pinned against mutation (bench/RESULTS.md): the tables built at import time --------------


def test_a_card_is_named_from_its_rank_suit_and_deck() -> None:
    """``Card`` builds the notation every interned card carries (it runs at import, so the
    test calls it again)."""
    assert (Card(12, Suit.HEARTS, 1).code, Card(12, Suit.HEARTS, 2).code) == ("QH", "QH#2")
    jokers = [Card(JOKER_RANK, None, k).code for k in (1, 2, 3, 4)]
    assert jokers == ["JK1", "JK2", "JK1#2", "JK2#2"]
    c = Card(10, Suit.SPADES, 2)
    assert (c.rank, c.suit, c.copy, c.code) == (10, Suit.SPADES, 2, "10S#2")
    assert _intern(12, Suit.HEARTS, 1) is card("QH")  # one object per physical card
    assert _intern(JOKER_RANK, None, 4) is card("JK2#2")


@pytest.mark.parametrize("kind", ["52", "51", "54", "108"])
def test_deck_order_is_part_of_a_seeds_deal(kind: str) -> None:
    """A seed's deal shuffles the deck in this order (clubs, diamonds, hearts, spades; Ace to
    King; the Jokers after each deck), so it must never change: rebuilt, it is the same."""
    assert _deck.__wrapped__(kind) == _deck(kind)
    order = codes(_deck(kind))
    assert (
        order[:14]
        == ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AD"]
        or kind == "51"
    )
    assert order[-1] == {"52": "KS", "51": "KS", "54": "JK2", "108": "JK2#2"}[kind]
    if kind == "108":
        assert order[53:56] == ["JK2", "AC#2", "2C#2"]


def test_suit_and_colour_names() -> None:
    assert [s.name_in() for s in Suit] == ["Clubs", "Diamonds", "Hearts", "Spades"]
    assert [s.name_in("fr") for s in Suit] == ["trèfle", "carreau", "cœur", "pique"]
    assert [s.symbol for s in Suit] == ["♣", "♦", "♥", "♠"]
    assert (Colour.RED.name_in(), Colour.BLACK.name_in()) == ("red", "black")
    assert (Colour.RED.name_in("fr"), Colour.BLACK.name_in("fr")) == ("rouge", "noir")
    assert card("7C").name() == "7 of Clubs" and card("JK2#2").name("fr") == "Joker"
    assert card("AH").name("fr") == "As de cœur" and card("JK1").label == "🃏"


def test_shuffled_is_a_seeded_copy() -> None:
    deck = deck_52()
    a = shuffled(deck, random.Random(1))
    assert a == shuffled(deck, random.Random(1)) != deck
    assert sorted(codes(a)) == sorted(codes(deck)) and deck == deck_52()  # the input is kept
