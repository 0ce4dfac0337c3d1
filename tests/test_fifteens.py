"""The fifteens solver: every rulebook example, every refusal code, and exactness against brute
force on random small hands and tables from one and two decks."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from atout.cards import Card, cards, deck_54, deck_108
from atout.games.base import IllegalMove
from atout.games.fifteens import (
    FifteenIndex,
    best_play,
    can_go_out,
    check_fifteen,
    check_fifteens,
    count_fifteens,
    fifteen_values,
    fifteens,
    has_fifteen,
    is_fifteen,
    points,
)

# The rulebook's examples, one physical card per name (Joker = JK1/JK2).
RULEBOOK = [
    "7H 8C",  # 7+8
    "9H 6C",  # 9+6
    "10H 5C",  # 10+5
    "JH 4C",  # Valet+4
    "QH 3C",  # Dame+3
    "KH 2C",  # Roi+2
    "AH AC",  # As+As
    "10H 3C 2D",  # 10+3+2
    "6H 4C 3D AH AC",  # 6+4+3+As+As
    "KH AH AC",  # Roi+As+As
    "KH 3C JK1",  # Roi+3+Joker
    "QH AH AC 2D JK1",  # Dame+As+As+2+Joker
    "JH 6C JK1 JK2",  # Valet+6+Joker+Joker
    "AH AC 2D JK1 JK2",  # As+As+2+Joker+Joker
]


@pytest.mark.parametrize("example", RULEBOOK)
def test_rulebook_examples_are_fifteens(example: str) -> None:
    cs = cards(example)
    values = fifteen_values(cs)
    assert values is not None and sum(values) == 15
    assert all(v in (1, 14) for c, v in zip(cs, values, strict=True) if c.rank == 1)
    # accepted whatever the split between hand and table, as long as one card is in hand
    for k in range(1, len(cs) + 1):
        hand, table = cs[:k], cs[k:]
        assert check_fifteen(hand, table, [c.code for c in reversed(cs)]) is not None
        assert frozenset(cs) in {frozenset(f) for f in fifteens(hand, table)}


def test_ace_values_are_found_by_the_solver() -> None:
    assert fifteen_values(cards("AH AC")) == (14, 1)
    assert fifteen_values(cards("KH AH AC")) == (13, 1, 1)
    assert fifteen_values(cards("AH 2C JK1")) == (14, 2, -1)
    assert fifteen_values(cards("AH AC AD AS 10H AH#2")) == (1, 1, 1, 1, 10, 1)


def _code(hand: str, table: str, fifteen: str) -> str:
    with pytest.raises(IllegalMove) as exc:
        check_fifteen(cards(hand), cards(table), fifteen.split())
    e = exc.value
    assert e.message and e.message_fr and e.message_fr != e.message
    return e.code


def test_refusals_have_clear_codes() -> None:
    assert _code("7H 7C", "", "7H 7C") == "not_fifteen"  # 14
    assert _code("8H 8C", "", "8H 8C") == "not_fifteen"  # 16
    assert _code("AH AC AD", "", "AH AC AD") == "not_fifteen"  # 3, 16 or 29
    assert _code("AH 2C", "", "AH 2C") == "not_fifteen"  # 3 or 16
    assert _code("KH 2C JK1", "", "KH 2C JK1") == "not_fifteen"  # 14
    assert _code("AH", "", "AH") == "too_few_cards"  # a single card (even an Ace at 14)
    assert _code("KH", "", "") == "too_few_cards"
    assert _code("KH", "2C", "2C") == "too_few_cards"
    assert _code("3H", "7C 8C", "7C 8C") == "no_hand_card"  # a table-only set
    assert _code("7H 8C", "", "7H 7H 8C") == "card_reused"
    assert _code("7H", "8C", "7H 8D") == "card_not_available"
    assert _code("7H", "8C", "7H ZZ") == "card_not_available"


def test_reuse_across_fifteens_is_refused() -> None:
    hand, table = cards("7H 7D 5C"), cards("8C 10S")
    assert len(check_fifteens(hand, table, [["7H", "8C"], ["5C", "10S"]])) == 2
    with pytest.raises(IllegalMove) as exc:
        check_fifteens(hand, table, [["7H", "8C"], ["7D", "8C"]])
    assert exc.value.code == "card_reused"


def test_points() -> None:
    assert [points(c) for c in cards("KH QH JH JK1 10C AS 2D 9S")] == [10, 10, 10, 10, 10, 1, 2, 9]


def test_best_play_examples() -> None:
    # going out: 10+5 and 7+8, using the table's 8
    p = best_play(cards("10H 5C 7D"), cards("8S"))
    assert p.goes_out and p.hand_cards == 3 and p.hand_points == 22
    assert can_go_out(cards("10H 5C 7D"), cards("8S"))
    # the two threes make either Q+3 or 9+3+3: tie on cards, the Queen (10 points) wins
    p = best_play(cards("QH 9D"), cards("3C 3S"))
    assert (p.hand_cards, p.hand_points, p.goes_out) == (1, 10, False)
    assert p.fifteens and {c.code for c in p.fifteens[0]} >= {"QH"}
    # nothing to do
    p = best_play(cards("KH QH"), cards("KS"))
    assert p == (tuple(), 0, 0, False)
    assert not has_fifteen(cards("KH QH"), cards("KS"))


def test_best_play_is_not_greedy() -> None:
    # 6+4+5 uses three cards at once, but 9+6 and 6+4+5 together empty the hand
    p = best_play(cards("6H 4D 5C 9S 6C"), [])
    assert p.goes_out and len(p.fifteens) == 2
    # the table-only 7+8 is never proposed; the hand's K+2 is
    p = best_play(cards("KH"), cards("2C 7D 8S"))
    assert [sorted(c.code for c in f) for f in p.fifteens] == [["2C", "KH"]]


# --------------------------------------------------------------------------- brute force


def brute_is_fifteen(cs: tuple[Card, ...]) -> bool:
    """Straight from the rulebook: try every value for every Ace."""
    if len(cs) < 2:
        return False
    base = sum(-1 if c.is_joker else c.rank for c in cs if c.rank != 1)
    aces = sum(1 for c in cs if c.rank == 1)
    return any(base + sum(v) == 15 for v in itertools.product((1, 14), repeat=aces))


def brute_fifteens(hand: list[Card], table: list[Card]) -> set[frozenset[Card]]:
    pool = hand + table
    return {
        frozenset(s)
        for n in range(2, len(pool) + 1)
        for s in itertools.combinations(pool, n)
        if any(c in hand for c in s) and brute_is_fifteen(s)
    }


def brute_best(hand: list[Card], table: list[Card]) -> tuple[int, int]:
    """The best (hand cards, hand points) over every set of disjoint fifteens."""
    found = sorted(brute_fifteens(hand, table), key=lambda f: sorted(c.code for c in f))
    in_hand = set(hand)
    best = (0, 0)

    def rec(i: int, used: frozenset[Card], cnt: int, pts: int) -> None:
        nonlocal best
        best = max(best, (cnt, pts))
        for j in range(i, len(found)):
            f = found[j]
            if not f & used:
                mine = [c for c in f if c in in_hand]
                rec(j + 1, used | f, cnt + len(mine), pts + sum(points(c) for c in mine))

    rec(0, frozenset(), 0, 0)
    return best


@st.composite
def positions(draw: st.DrawFn, most: int = 9) -> tuple[list[Card], list[Card]]:
    deck = draw(st.sampled_from([deck_54(), deck_108()]))
    # bias towards low cards and Jokers so that fifteens are plentiful
    pool = draw(
        st.lists(st.sampled_from(deck), min_size=1, max_size=most, unique=True)
        | st.lists(
            st.sampled_from([c for c in deck if c.rank <= 6]),
            min_size=1,
            max_size=most,
            unique=True,
        )
    )
    k = draw(st.integers(1, len(pool)))
    return pool[:k], pool[k:]


@settings(max_examples=150)
@given(positions(most=10))
def test_listing_is_exact(pos: tuple[list[Card], list[Card]]) -> None:
    hand, table = pos
    listed = fifteens(hand, table)
    as_sets = [frozenset(f) for f in listed]
    assert len(as_sets) == len(set(as_sets)), "a fifteen listed twice"
    assert set(as_sets) == brute_fifteens(hand, table)
    assert count_fifteens(hand, table) == len(listed)
    assert has_fifteen(hand, table) == bool(listed)


@settings(max_examples=150)
@given(positions(most=9), st.data())
def test_check_agrees_with_the_listing(
    pos: tuple[list[Card], list[Card]], data: st.DataObject
) -> None:
    hand, table = pos
    listed = {frozenset(f) for f in fifteens(hand, table)}
    subset = data.draw(st.lists(st.sampled_from(hand + table), max_size=6))
    codes = [c.code for c in subset]
    try:
        got = check_fifteen(hand, table, codes)
    except IllegalMove:
        assert len(set(subset)) != len(subset) or frozenset(subset) not in listed
    else:
        assert frozenset(got) in listed and len(got) == len(subset)


@settings(max_examples=150)
@given(positions(most=9))
def test_best_play_is_exact(pos: tuple[list[Card], list[Card]]) -> None:
    hand, table = pos
    p = best_play(hand, table)
    assert (p.hand_cards, p.hand_points) == brute_best(hand, table)
    assert p.goes_out == (p.hand_cards == len(hand))
    used: set[Card] = set()
    in_hand = set(hand)
    for f in p.fifteens:
        assert is_fifteen(f) and any(c in in_hand for c in f)
        assert not used & set(f) and set(f) <= set(hand) | set(table)
        used |= set(f)
    assert len(used & in_hand) == p.hand_cards
    assert sum(points(c) for c in used & in_hand) == p.hand_points
    # the play is accepted by the checker as one submission
    check_fifteens(hand, table, [[c.code for c in f] for f in p.fifteens])


def test_hard_position_is_solved() -> None:
    """14 in hand, 25 on the table, two decks, mostly low cards: solved (how fast is
    bench/quinze.py's business, not a test's)."""
    hand = cards("AC 7C 7H 5D#2 3H 4H 2H#2 6C#2 JK1 6H#2 4D 7S#2 4C#2 JK1#2")
    table = cards(
        "3S#2 7S 5S 6S 4S#2 2C 7D 4D#2 JK2#2 5S#2 2H JK2 AD 6S#2 6C 4S 6D AC#2 3S 3D#2 "
        "7C#2 4C 4H#2 2S#2 AH#2"
    )
    p = best_play(hand, table)
    assert p.goes_out


@settings(max_examples=100)
@given(positions(most=10))
def test_index_is_exact_and_addressable(pos: tuple[list[Card], list[Card]]) -> None:
    hand, table = pos
    index = FifteenIndex(hand, table)
    listed = list(index)
    assert len(index) == len(listed) == count_fifteens(hand, table)
    assert {frozenset(f) for f in listed} == brute_fifteens(hand, table)
    assert len({frozenset(f) for f in listed}) == len(listed)
    for i, f in enumerate(listed):
        assert index[i] == f
    if listed:
        assert index[-1] == listed[-1]
    with pytest.raises(IndexError):
        index[len(listed)]


def test_limit_gives_up_early_on_big_tables() -> None:
    deck = deck_108()
    hand, table = deck[:3], deck[3:90]
    assert fifteens(hand, table, limit=2000) is None  # gave up rather than listing them all
    index = FifteenIndex(hand, table)
    assert len(index) == count_fifteens(hand, table) > 10**5
    # random access: valid, distinct fifteens with a hand card
    picks = {index[i] for i in range(0, len(index), len(index) // 500)}
    assert len(picks) == len({frozenset(f) for f in picks})
    for f in picks:
        assert is_fifteen(f) and set(f) & set(hand)
        check_fifteen(hand, table, [c.code for c in f])
    small = fifteens(cards("7H 5C"), cards("8C 10D"), limit=2000)
    assert small is not None and len(small) == 2
