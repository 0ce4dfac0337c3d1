"""Cards: notation round-trips, decks have the right cards, suit and colour stay distinct."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from atout.cards import (
    Colour,
    Suit,
    card,
    cards,
    deck_51,
    deck_52,
    deck_54,
    deck_108,
    is_card_code,
)

ALL = deck_108()


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
