"""Le Quinze: one test (or more) per rule of docs/rules/quinze.md, then
property tests over random games and matches.

Positions come from stacked decks: ``deal`` gives each seat's dealt cards (the first deal is
dealt one card at a time from seat 0, the dealer being the last seat), then the stock in drawing
order; unnamed cards are filled in from the highest ranks down, which never make a fifteen on
their own.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from atout.cards import card
from atout.games.base import BadOptions, Event, IllegalMove
from atout.games.fifteens import is_fifteen, points
from atout.games.quinze import (
    GAME,
    LIST_LIMIT,
    Done,
    Fifteen,
    Lay,
    LegalMoves,
    NextDeal,
    Pass,
    QuinzeState,
    hand_size,
)

# high cards first: two of them never make 15, so fillers stay out of the way
_DULL = {13: 0, 12: 1, 11: 2, 10: 3, 9: 4, 8: 5}


def deal(
    hands: list[str], stock: str = "", options: dict[str, Any] | None = None, seed: int = 0
) -> QuinzeState:
    n = len(hands)
    full = [c.code for c in GAME.deck(n, GAME.parse_options(options))]
    named = [h.split() for h in hands]
    top = stock.split()
    used = {c for h in named for c in h} | set(top)
    assert len(used) == sum(map(len, named)) + len(top), "a card named twice"
    rest = sorted((c for c in full if c not in used), key=lambda c: _DULL.get(card(c).rank, 9))
    k = hand_size(n)
    for h in named:
        while len(h) < k:
            h.append(rest.pop(0))
    order = [named[s][i] for i in range(k) for s in range(n)] + top + rest
    state = GAME.setup(n, options, seed, deck=order)
    assert isinstance(state, QuinzeState)
    return state


def act(state: QuinzeState, move: Any) -> list[Event]:
    return state.apply(state.current, move)


def fifteen(state: QuinzeState, codes: str) -> list[Event]:
    return act(state, Fifteen(tuple(codes.split())))


def lay(state: QuinzeState, codes: str) -> list[Event]:
    return act(state, Lay(tuple(codes.split())))


def hand(state: QuinzeState, seat: int | None = None) -> list[str]:
    return state.view(state.current if seat is None else seat)["hand"]


def snapshot(state: QuinzeState) -> str:
    views = [state.view(None)] + [state.view(s) for s in range(state.num_players)]
    return json.dumps(views, sort_keys=True)


def refused(state: QuinzeState, move: Any, code: str) -> None:
    before = snapshot(state)
    assert move not in state.legal_moves()
    with pytest.raises(IllegalMove) as exc:
        state.apply(state.current, move)
    assert exc.value.code == code
    assert snapshot(state) == before


def lay_first_or_pass(state: QuinzeState, keep: tuple[str, ...] = ()) -> list[Event]:
    """A player who never makes a fifteen: lay the first card (not one of ``keep``), else pass.
    (Uses ``apply`` alone: listing every fifteen on the big tables this builds is slow.)"""
    mine = [c for c in hand(state) if c not in keep]
    if mine:
        try:
            return act(state, Lay((mine[0],)))
        except IllegalMove:
            pass
    return act(state, _PASS)


_PASS, _DONE = Pass(), Done()


# --- players, decks, the deal --------------------------------------------------------------


@pytest.mark.parametrize("n", range(2, 9))
def test_decks_and_hand_sizes(n: int) -> None:
    assert (GAME.min_players, GAME.max_players) == (2, 8)  # refusals: test_conformance.py
    s = GAME.setup(n, None, 3)
    deck = GAME.deck(n, GAME.parse_options(None))
    assert len(deck) == (54 if n <= 4 else 108)
    assert len({c.code for c in deck}) == len(deck)  # unique ids, even with two decks
    assert sum(c.is_joker for c in deck) == (2 if n <= 4 else 4)
    k = 9 if n == 2 else 8
    # seat 0 plays first and has already drawn
    assert s.view(None)["hand_sizes"] == [k + 1] + [k] * (n - 1)
    assert s.view(None)["stock_size"] == len(deck) - k * n - 1
    assert s.current == 0


def test_bad_options_refused() -> None:
    for bad in ({"target": 0}, {"empty_stock": "nope"}, {"max_rounds": 0}, {"speed": "x"}):
        with pytest.raises(BadOptions):
            GAME.setup(2, bad, 1)


def test_stacked_deal_and_the_automatic_draw() -> None:
    s = deal(["2C 3C 4C 5C 6C 7C 8C 9C 10C", "2D 3D 4D 5D 6D 7D 8D 9D 10D"], stock="KS QS")
    assert hand(s, 0) == ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "KS"]
    assert hand(s, 1) == ["2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D"]
    kinds = [e.kind for e in s.start_events()]
    assert kinds == ["deal", "hand", "hand", "draw", "draw"]
    draws = [e for e in s.start_events() if e.kind == "draw"]
    assert draws[0].data == {"card": "KS"} and draws[0].to == (0,)
    assert draws[1].data == {"card": None} and draws[1].hide == (0,) and draws[1].visible_to(None)
    # no move draws: the game master draws for the next player when the turn passes
    assert {t.__name__ for t in GAME.move_types} == {"Fifteen", "Lay", "Done", "Pass", "NextDeal"}
    events = lay(s, "KS")
    assert [e.kind for e in events] == ["lay", "draw", "draw"]
    assert hand(s, 1)[-1] == "QS" and s.current == 1


# --- fifteens ---------------------------------------------------------------------------------


def test_the_published_card_values_add_up_as_the_solver_does() -> None:
    """``list_games`` publishes the values a client adds a selection up with (the page said them
    again in JavaScript): with them, a set is a fifteen exactly when the solver says it is."""
    facts = GAME.facts()
    values, high, target = facts["card_values"], facts["ace_high"], facts["fifteen"]
    rng = random.Random(7)
    deck = GAME.deck(8, GAME.parse_options(None))
    for _ in range(3000):
        cs = rng.sample(deck, rng.randint(2, 5))
        low = sum(values["JK" if c.is_joker else c.code.split("#")[0][:-1]] for c in cs)
        aces = sum(c.rank == 1 for c in cs)
        said = low == target or (aces > 0 and low + high - values["A"] == target)
        assert said == is_fifteen(cs), [c.code for c in cs]
    assert facts["card_points"] == {
        k: points(card("JK1" if k == "JK" else k + "S")) for k in facts["card_points"]
    }


def test_fifteen_with_hand_and_table_cards_and_ace_values() -> None:
    s = deal(["KH QD JC 10S 9H 8C 9D 10D KD", "KC QC JD 10H 9C 8D 9S 10C QH"], stock="AS AH")
    lay(s, "AS")  # seat 0 makes no fifteen (optional anyway) and lays the Ace
    assert s.view(None)["table"] == ["AS"]
    # seat 1 drew AH: K + A + A (13+1+1) and A + A (14+1) are both on offer
    legal = s.legal_moves()
    assert Fifteen(("KC", "AS", "AH")) in legal and Fifteen(("AH", "AS")) in legal
    assert Fifteen(("AS", "AH")) == Fifteen(("AH", "AS"))  # a set: any order
    events = fifteen(s, "AS AH")
    ev = events[0]
    assert ev.kind == "fifteen" and sorted(ev.data["values"]) == [1, 14]
    assert ev.data["hand"] == ["AH"] and ev.data["table"] == ["AS"]
    v = s.view(None)
    assert v["table"] == [] and v["discard"] == ["AH", "AS"] and v["last_fifteen"] == ["AH", "AS"]
    assert s.current == 1 and s.legal_moves()[-1] == _DONE  # more fifteens, or done


def test_fifteen_refusals_carry_the_solver_codes() -> None:
    s = deal(["7H 7C 8H 3S KH QD JC 10S 9H", ""], stock="KS")
    lay(s, "3S")
    lay(s, hand(s)[0])
    s2 = s  # seat 0 again, the table holds 3S and one of seat 1's cards
    refused(s2, Fifteen(("7H", "7C")), "not_fifteen")  # 14
    refused(s2, Fifteen(("7H", "8H", "3S")), "not_fifteen")  # 18
    refused(s2, Fifteen(("7H",)), "too_few_cards")
    refused(s2, Fifteen(("7H", "7H", "8H")), "card_reused")
    refused(s2, Fifteen(("7H", "8D")), "card_not_available")
    refused(s2, Fifteen(("7H", "XX")), "card_not_available")
    table = s2.view(None)["table"]
    assert len(table) == 2
    refused(s2, Fifteen(tuple(table)), "no_hand_card")
    fifteen(s2, "7H 8H")  # and a right one goes through


def test_table_only_set_is_not_a_fifteen() -> None:
    s = deal(["7H KH QD JC 10S 9H 9D 10D KD", "8C KC QC JD 10H 9C 9S 10C QH"], stock="QS JS")
    lay(s, "7H")
    lay(s, "8C")
    assert sorted(s.view(None)["table"]) == ["7H", "8C"]
    refused(s, Fifteen(("7H", "8C")), "no_hand_card")


def test_several_fifteens_in_one_turn_then_done() -> None:
    s = deal(["7H 8H 6C 9C 10S KH QD JC 9D", ""], stock="5S")
    fifteen(s, "7H 8H")
    fifteen(s, "6C 9C")
    fifteen(s, "10S 5S")
    assert s.view(None)["made"] == 3
    refused(s, Lay(("KH",)), "lay_after_fifteen")
    refused(s, _PASS, "turn_not_over")
    events = act(s, _DONE)
    assert events[0].data == {"fifteens": 3} and s.current == 1


# --- laying cards ------------------------------------------------------------------------------


def test_lay_one_card_or_two_same_rank_faces() -> None:
    s = deal(["KH KD QH JC 10S 10D 9H 9D 8C", ""], stock="QS")
    refused(s, _DONE, "no_fifteen_made")
    refused(s, _PASS, "must_lay")
    refused(s, Lay(("KH", "QH")), "not_a_face_pair")
    refused(s, Lay(("10S", "10D")), "not_a_face_pair")  # only faces go in twos
    refused(s, Lay(("KH", "KD", "QH")), "bad_card_count")
    refused(s, Lay(("KH", "KH")), "duplicate_card")
    refused(s, Lay(("KS",)), "card_not_in_hand")
    refused(s, Lay(("ZZ",)), "unknown_card")
    assert Lay(("QH", "QS")) in s.legal_moves() and Lay(("KD", "KH")) in s.legal_moves()
    events = lay(s, "KD KH")
    assert events[0].data == {"cards": ["KD", "KH"], "speed": False}
    assert sorted(s.view(None)["table"]) == ["KD", "KH"]
    assert s.current == 1


def test_face_pair_after_fifteens_and_draw() -> None:
    # seat 0 empties all but Q Q by fifteens in its first turn, then draws again
    s = deal(["7H 8H 7D 8D 7C 8C 6S 9S QH", "KC KD KH KS QC JC JD JH 10C"], stock="QD JS 10H")
    for f in ("7H 8H", "7D 8D", "7C 8C", "6S 9S"):
        fifteen(s, f)
    assert hand(s) == ["QH", "QD"]
    act(s, _DONE)
    lay(s, "KC")  # seat 1
    assert sorted(hand(s)) == ["10H", "QD", "QH"]
    assert Lay(("QD", "QH")) in s.legal_moves()  # one card stays
    refused(s, Lay(("10H", "QD", "QH")), "bad_card_count")


def test_never_lay_the_last_cards() -> None:
    """With no draw (stock and défausse empty), a pair or a single card that would empty the
    hand may not be laid: one goes out only by fifteens."""
    s = deal(["QH QD", ""], options={"match": False})
    while not (s.current == 0 and len(hand(s)) == 2 and s.view(None)["stock_size"] == 0):
        lay_first_or_pass(s, keep=("QH", "QD"))
    assert sorted(hand(s)) == ["QD", "QH"]
    refused(s, Lay(("QD", "QH")), "lay_would_empty_hand")
    lay(s, "QD")
    while s.current != 0:
        lay_first_or_pass(s)
    assert hand(s) == ["QH"]
    refused(s, Lay(("QH",)), "lay_would_empty_hand")
    assert [m for m in s.legal_moves() if not isinstance(m, Fifteen)] == [_PASS]


# --- the speed variant -------------------------------------------------------------------------


def test_speed_variant_lay_after_a_fifteen_using_the_table() -> None:
    hands = ["2C KH QD JC 10S 9H 9D 10D 6H", "KC QC JD 10H 9C 9S 10C QH JH"]
    s = deal(hands, stock="KD QS 8H", options={"speed": True})
    lay(s, "2C")
    lay(s, "KC")
    # seat 0 drew 8H: K + 2 (2 from the table) allows one more card on the table
    fifteen(s, "KH 2C")
    assert s.view(0)["can_speed_lay"]
    refused(s, Lay(("KD", "QD")), "speed_lay_one_card")
    events = lay(s, "QD")
    assert events[0].data == {"cards": ["QD"], "speed": True}
    assert s.current == 1  # the speed lay ends the turn


def test_speed_variant_needs_a_table_card_and_the_option() -> None:
    hands = ["KH 2C QD JC 10S 9H 9D 10D 6H", "KC QC JD 10H 9C 9S 10C QH JH"]
    s = deal(hands, stock="KD", options={"speed": True})
    fifteen(s, "KH 2C")  # hand only
    refused(s, Lay(("QD",)), "lay_after_fifteen")
    hands = ["2C KH QD JC 10S 9H 9D 10D 6H", "KC QC JD 10H 9C 9S 10C QH JH"]
    s = deal(hands, stock="KD QS 8H")  # no speed option
    lay(s, "2C")
    lay(s, "KC")
    fifteen(s, "KH 2C")
    refused(s, Lay(("QD",)), "lay_after_fifteen")


def test_speed_lay_never_the_last_card() -> None:
    hands = ["2C KH 7H 8H 6S 9S 7D 8D 5H", "KC QC JD 10H 9C 9D 10C QH JH"]
    s = deal(hands, stock="QS JS 10S", options={"speed": True})
    lay(s, "2C")
    lay(s, "KC")
    for f in ("7H 8H", "6S 9S", "7D 8D", "KH 2C", "5H 10S"):
        fifteen(s, f)
    assert hand(s) == ["QS"]
    refused(s, Lay(("QS",)), "lay_would_empty_hand")
    assert s.legal_moves() == [_DONE]


# --- going out, scoring, the match -------------------------------------------------------------


def test_out_on_own_first_turn_takes_minus_50_and_nobody_scores() -> None:
    s = deal(["7H 8H 7D 8D 7C 8C 6S 9S 10H", ""], stock="5H")
    for f in ("7H 8H", "7D 8D", "7C 8C", "6S 9S"):
        fifteen(s, f)
    events = fifteen(s, "10H 5H")
    over = events[-1]
    assert over.kind == "deal_over" and over.seat == 0
    assert over.data["first_turn"] and over.data["scores"] == [-50, 0]
    assert over.data["totals"] == [-50, 0] and over.data["hands"][0] == []
    v = s.view(None)
    assert v["phase"]["name"] == "scoring" and v["hands"][1] == over.data["hands"][1]
    # the next dealer (seat 0: dealers rotate from seat 1) deals; seat 1 then starts
    assert s.current == 0 and s.legal_moves() == [NextDeal()]
    refused(s, Fifteen(("7H", "8H")), "deal_pending")
    assert s.secret_cards(1) == set() and len(v["stock"]) == v["stock_size"]  # all face up
    twin = GAME.determinize(json.loads(json.dumps(s.view(1))), random.Random(1))
    assert snapshot(twin) == snapshot(s)
    events = act(s, NextDeal())
    assert events[0].kind == "deal" and events[0].data["dealer"] == 0
    assert events[0].data["first"] == 1 and s.current == 1
    assert s.view(None)["phase"]["deal"] == 2 and s.view(None)["phase"]["totals"] == [-50, 0]
    refused(s, NextDeal(), "deal_in_progress")


def test_out_later_wins_the_deal_and_the_others_score_their_hands() -> None:
    hands = ["7H 8H 7D 8D 7C 8C 6S 9S 10H", "JK1 AS KC QC 5C 2D 3D 4D 9D"]
    s = deal(hands, stock="KH QS 5H")
    lay(s, "KH")  # seat 0 could make fifteens but need not
    lay(s, "QS")  # seat 1 drew QS and lays it
    for f in ("7H 8H", "7D 8D", "7C 8C", "6S 9S"):
        fifteen(s, f)
    events = fifteen(s, "10H 5H")
    over = events[-1].data if events[-1].kind == "deal_over" else events[-2].data
    expected = sum(points(card(c)) for c in hands[1].split())
    assert expected == 10 + 1 + 10 + 10 + 5 + 2 + 3 + 4 + 9
    assert over["reason"] == "out" and not over["first_turn"]
    assert over["points"] == [0, expected] and over["scores"] == [0, expected]
    assert over["totals"] == [0, expected]


def test_single_deal_first_out_wins() -> None:
    s = deal(["7H 8H 7D 8D 7C 8C 6S 9S 10H", ""], stock="KH QS 5H", options={"match": False})
    lay(s, "KH")
    lay(s, "QS")
    for f in ("7H 8H", "7D 8D", "7C 8C", "6S 9S", "10H 5H"):
        events = fifteen(s, f)
    assert events[-1].kind == "game_over"
    r = s.result()
    assert r is not None and r.winners == (0,) and r.reason == "out"
    assert r.scores[0] == 0 and r.scores[1] > 0
    assert s.legal_moves() == [] and s.current is None


def test_match_plays_to_the_target_lowest_total_wins() -> None:
    rng = random.Random(4)
    s = GAME.setup(3, {"target": 60}, 9)
    dealers = []
    for e in s.start_events():
        if e.kind == "deal":
            dealers.append((e.data["dealer"], e.data["first"]))
    while not s.is_over:
        for e in act(s, rng.choice(s.legal_moves())):
            if e.kind == "deal":
                dealers.append((e.data["dealer"], e.data["first"]))
    r = s.result()
    assert r is not None and r.reason == "target"
    hist = r.detail["history"]
    assert len(hist) == len(dealers) >= 2
    # the dealer rotates from the last seat; the player after the dealer starts
    for i, (dealer, first) in enumerate(dealers):
        assert dealer == (2 + i) % 3 and first == (dealer + 1) % 3
        assert hist[i]["dealer"] == dealer
    totals = [sum(h["scores"][p] for h in hist) for p in range(3)]
    assert list(r.scores) == totals and max(totals) >= 60
    assert r.winners == tuple(p for p in range(3) if totals[p] == min(totals))
    running = [0, 0, 0]
    for h in hist[:-1]:
        running = [a + b for a, b in zip(running, h["scores"], strict=True)]
        assert max(running) < 60  # the match did not end earlier


def test_tied_lowest_totals_share_the_win() -> None:
    for seed in range(300):
        s = GAME.setup(2, {"target": 1, "max_rounds": 1}, seed)
        while not s.is_over:
            lay_or_deal(s)
        r = s.result()
        assert r is not None
        if r.scores[0] == r.scores[1]:
            assert r.winners == (0, 1)
            return
        assert len(r.winners) == 1
    pytest.fail("no tie found")


def lay_or_deal(s: QuinzeState) -> None:
    if s.legal_moves() == [NextDeal()]:
        act(s, NextDeal())
    else:
        lay_first_or_pass(s)


# --- turn cap and the empty stock --------------------------------------------------------------


def test_turn_cap_ends_the_deal_scored_as_it_stands() -> None:
    s = GAME.setup(3, {"max_rounds": 2, "match": False}, 5)
    turns = 0
    while not s.is_over:
        lay_first_or_pass(s)
        turns += 1
    assert turns == 6
    r = s.result()
    assert r is not None and r.reason == "turn_cap"
    hands = s.view(None)["hands"]
    pts = [sum(points(card(c)) for c in h) for h in hands]
    assert list(r.scores) == pts
    assert r.winners == tuple(p for p in range(3) if pts[p] == min(pts))


def play_until_stock_empty(s: QuinzeState) -> None:
    while s.view(None)["stock_size"] > 0:
        lay_first_or_pass(s)


def test_empty_stock_skip_draw() -> None:
    s = GAME.setup(2, {"match": False}, 2)
    play_until_stock_empty(s)
    sizes = s.view(None)["hand_sizes"]
    events = lay_first_or_pass(s)  # the next turn begins with no draw
    assert [e.kind for e in events] == ["lay", "no_draw"]
    assert s.view(None)["hand_sizes"][s.current] == sizes[s.current]


def test_empty_stock_reshuffles_the_discard_first() -> None:
    s = deal(["7H 8H KH QD JC 10S 9H 9D 10D", ""], stock="KS", options={"match": False})
    fifteen(s, "7H 8H")
    act(s, _DONE)
    play_until_stock_empty(s)
    table_before = list(s.view(None)["table"])
    events = lay_first_or_pass(s)
    kinds = [e.kind for e in events]
    assert kinds[1:] == ["reshuffle", "draw", "draw"]
    assert events[1].data == {"from": "discard", "stock": 2}
    v = s.view(None)
    assert v["discard_size"] == 0 and v["stock_size"] == 1 and v["last_fifteen"] == []
    assert set(table_before) <= set(v["table"])  # table cards stay


def test_empty_stock_reshuffle_table_option() -> None:
    s = GAME.setup(2, {"match": False, "empty_stock": "reshuffle_table"}, 2)
    play_until_stock_empty(s)
    events = lay_first_or_pass(s)
    n_table = len(events[0].data["cards"]) and len(s.view(None)["table"])
    assert [e.kind for e in events] == ["lay", "reshuffle", "draw", "draw"]
    assert events[1].data["from"] == "table" and n_table == 0
    assert s.view(None)["stock_size"] == events[1].data["stock"] - 1


def test_empty_stock_end_deal_option() -> None:
    s = GAME.setup(2, {"match": False, "empty_stock": "end_deal"}, 2)
    play_until_stock_empty(s)
    events = lay_first_or_pass(s)
    assert [e.kind for e in events] == ["lay", "deal_over", "game_over"]
    r = s.result()
    assert r is not None and r.reason == "stock_out"


# --- one source of legality, and random games ----------------------------------------------------


def candidate_moves(s: QuinzeState, rng: random.Random) -> list[Any]:
    """Moves of every type, legal or not, built from the cards of the position."""
    if s.current is None:
        return []
    cards_here = [card(c) for c in s.view(s.current)["hand"] + s.view(None)["table"]]
    out: list[Any] = [_DONE, _PASS, NextDeal()]
    for _ in range(6):
        k = rng.randint(1, min(5, len(cards_here))) if cards_here else 0
        out.append(Fifteen(tuple(c.code for c in rng.sample(cards_here, k))))
        out.append(Lay(tuple(c.code for c in rng.sample(cards_here, min(k, 2)))))
    return out


def check_agrees(s: QuinzeState, rng: random.Random) -> None:
    legal = s.legal_moves()
    assert len(legal) == len(set(legal)), "a move listed twice"
    for move in candidate_moves(s, rng):
        try:
            s.check(move)
        except IllegalMove as e:
            assert move not in legal, f"{move} listed but refused ({e.code})"
            assert e.code and e.message and e.message_fr
        else:
            assert move in legal, f"{move} accepted but not listed"


options_strategy = st.fixed_dictionaries(
    {},
    optional={
        "match": st.booleans(),
        "target": st.integers(20, 120),
        "empty_stock": st.sampled_from(["skip_draw", "reshuffle_table", "end_deal"]),
        "speed": st.booleans(),
        "max_rounds": st.integers(3, 60),
    },
)


@settings(max_examples=60)
@given(players=st.integers(2, 8), seed=st.integers(0, 2**32), options=options_strategy)
def test_random_matches(players: int, seed: int, options: dict[str, Any]) -> None:
    rng = random.Random(seed)
    s = GAME.setup(players, options, seed)
    want = Counter(c.code for c in GAME.deck(players, s.options))
    moves = []
    deal_overs = []
    while not s.is_over:
        assert len(moves) < 20_000
        assert Counter(c.code for c in s.all_cards()) == want
        if rng.random() < 0.15:
            check_agrees(s, rng)
        move = rng.choice(s.legal_moves())
        events = s.apply(s.current, move)
        moves.append(move)
        for e in events:
            for lang in ("en", "fr"):
                assert game_describes(e, lang)
            if e.kind == "deal_over":
                deal_overs.append(e.data)
    assert Counter(c.code for c in s.all_cards()) == want
    r = s.result()
    assert r is not None and r.winners
    # scores add up
    hist = r.detail["history"]
    assert len(hist) == len(deal_overs)
    for d in deal_overs:
        pts = [sum(points(card(c)) for c in h) for h in d["hands"]]
        assert d["points"] == pts
        if d["first_turn"] and s.options.match:
            assert d["scores"] == [-50 if p == d["out"] else 0 for p in range(players)]
        else:
            assert d["scores"] == pts
        if d["out"] is not None:
            assert pts[d["out"]] == 0
    if s.options.match:
        totals = [sum(d["scores"][p] for d in deal_overs) for p in range(players)]
        assert list(r.scores) == totals and max(totals) >= s.options.target
        assert r.winners == tuple(p for p in range(players) if totals[p] == min(totals))
    else:
        assert len(hist) == 1
    # determinism: the same seed and moves give the same game
    again = GAME.setup(players, options, seed)
    for m in moves:
        again.apply(again.current, m)
    assert snapshot(again) == snapshot(s)


def game_describes(e: Event, lang: str) -> str:
    text = GAME.describe(e, lang)
    assert text and not text.startswith(e.kind + " "), f"no sentence for {e.kind}"
    return text


@settings(max_examples=25)
@given(players=st.integers(2, 8), seed=st.integers(0, 2**32))
def test_illegal_moves_change_nothing(players: int, seed: int) -> None:
    rng = random.Random(seed)
    s = GAME.setup(players, {"match": False}, seed)
    steps = 0
    while not s.is_over and steps < 80:
        legal = s.legal_moves()
        for move in rng.sample(candidate_moves(s, rng), 5):
            if move not in legal:
                before = snapshot(s)
                with pytest.raises(IllegalMove):
                    s.apply(s.current, move)
                assert snapshot(s) == before
        s.apply(s.current, rng.choice(legal))
        steps += 1


def test_describe_in_both_languages() -> None:
    s = deal(["7H 8H 7D 8D 7C 8C 6S 9S 10H", ""], stock="5H")
    events = s.start_events()
    for f in ("7H 8H", "7D 8D", "7C 8C", "6S 9S", "10H 5H"):
        events += fifteen(s, f)
    events += act(s, NextDeal())
    fr = " ".join(GAME.describe(e, "fr") for e in events)
    en = " ".join(GAME.describe(e, "en") for e in events)
    assert "quinze" in fr and "pioche" in fr and "Partie 2" in fr and "Manche" in fr
    assert "−50" in fr and "fifteen" in en and "Deal 2" in en and "−50" in en
    assert "8♥ + 7♥ = 15" in en
    assert GAME.describe_move(Fifteen(("7H", "8H")), "fr") == "quinze : 7 de cœur + 8 de cœur"


def test_moves_round_trip_on_the_wire() -> None:
    for move in (Fifteen(("8H", "7H")), Lay(("KH", "KD")), Done(), Pass(), NextDeal()):
        data = msgspec.to_builtins(move)
        assert GAME.parse_move(data) == move
    assert GAME.parse_move({"type": "fifteen", "cards": ["8H", "7H"]}) == Fifteen(("7H", "8H"))
    # one spelling per card, so that a move the game accepts is always in legal_moves
    assert Fifteen(("qh#2", "3c")) == Fifteen(("3C", "QH#2")) and Lay(("kh",)) == Lay(("KH",))


def test_default_move_is_always_legal() -> None:
    rng = random.Random(1)
    for n in (2, 5, 8):
        s = GAME.setup(n, {"target": 40}, n)
        while not s.is_over:
            assert s.default_move() in s.legal_moves()
            s.apply(s.current, rng.choice(s.legal_moves()))


def test_big_tables_give_a_lazy_but_exact_list() -> None:
    """A table nobody takes from grows huge (here 8 players who only lay cards): the legal
    moves then come as a read-only sequence that is still exact and cheap."""
    s = GAME.setup(8, {"match": False, "max_rounds": 60}, 1)
    while len(s.view(None)["table"]) < 50:
        lay_first_or_pass(s)
    legal = s.legal_moves()
    assert isinstance(legal, LegalMoves) and len(legal) > LIST_LIMIT
    assert legal == s.legal_moves() and legal[-1] == legal[len(legal) - 1]
    first = list(itertools.islice(iter(legal), 50))
    assert first == legal[:50]
    rng = random.Random(2)
    check_agrees_lazily(s, legal, rng)
    move = rng.choice(legal)
    assert isinstance(move, Fifteen) and move in legal
    before = len(s.view(None)["table"])
    act(s, move)
    assert len(s.view(None)["table"]) < before


def check_agrees_lazily(s: QuinzeState, legal: LegalMoves, rng: random.Random) -> None:
    for move in candidate_moves(s, rng) + [legal[rng.randrange(len(legal))] for _ in range(20)]:
        try:
            s.check(move)
        except IllegalMove:
            assert move not in legal
        else:
            assert move in legal


# --- rulings pinned against mutation (bench/RESULTS.md, "Mutation testing") -----------------

# Seat 0 makes four fifteens on its first turn, keeps 5H and the drawn 5D, and goes out with the
# 5C on its second turn; seat 1 holds nine 10-point cards after laying the drawn JH: 90 points.
OUT_SECOND_TURN = (["7H 8H 7D 8D 7C 8C 6S 9S 5H", "KS KH KD KC QS QH QD QC JS"], "5D JH 5C")


def out_on_second_turn(options: dict[str, Any]) -> tuple[QuinzeState, list[Event]]:
    s = deal(OUT_SECOND_TURN[0], stock=OUT_SECOND_TURN[1], options=options)
    for f in ("7H 8H", "7D 8D", "7C 8C", "6S 9S"):
        fifteen(s, f)
    act(s, _DONE)
    lay(s, "JH")
    return s, fifteen(s, "5H 5D 5C")


def test_the_match_ends_when_a_total_reaches_the_target_exactly() -> None:
    s, events = out_on_second_turn({"target": 90})
    over = next(e for e in events if e.kind == "deal_over")
    assert not over.data["first_turn"] and over.data["scores"] == [0, 90]
    r = s.result()
    assert r is not None and r.reason == "target" and r.winners == (0,)
    assert r.scores == (0.0, 90.0)
    s, _ = out_on_second_turn({"target": 91})  # one short of it: the match goes on
    assert not s.is_over and s.view(None)["phase"]["name"] == "scoring"


def test_minus_50_is_for_the_players_own_first_turn_not_the_deals() -> None:
    """Seat 1 goes out on its own first turn, the deal's second: −50 all the same."""
    s = deal(["KS KH KD KC QS QH QD QC JS", "7H 8H 7D 8D 7C 8C 6S 9S 10H"], stock="JH 5H")
    lay(s, "JH")
    for f in ("7H 8H", "7D 8D", "7C 8C", "6S 9S"):
        fifteen(s, f)
    over = fifteen(s, "10H 5H")[-1]
    assert over.kind == "deal_over" and over.seat == 1
    assert over.data["first_turn"] and over.data["scores"] == [0, -50]
    assert over.data["totals"] == [0, -50]


@pytest.mark.parametrize("empty_stock", ["skip_draw", "reshuffle_table", "end_deal"])
def test_the_discard_is_reshuffled_first_under_every_empty_stock_option(empty_stock: str) -> None:
    """``empty_stock`` applies only when the défausse is empty too."""
    options = {"match": False, "empty_stock": empty_stock}
    s = deal(["7H 8H KH QD JC 10S 9H 9D 10D", ""], stock="KS", options=options)
    fifteen(s, "7H 8H")
    act(s, _DONE)
    play_until_stock_empty(s)
    table_before = list(s.view(None)["table"])
    events = lay_first_or_pass(s)
    assert [e.kind for e in events][1:] == ["reshuffle", "draw", "draw"]
    assert events[1].data == {"from": "discard", "stock": 2}
    assert s.view(None)["table"][: len(table_before)] == table_before
    assert not s.is_over and s.view(None)["phase"]["name"] == "play"


def test_the_end_of_a_match_is_in_the_view_the_result_and_a_sampled_state() -> None:
    s, _ = out_on_second_turn({"target": 90})
    v = s.view(1)
    assert v["phase"]["name"] == "over" and s.result().detail["deals"] == 1
    twin = GAME.determinize(json.loads(json.dumps(v)), random.Random(0))
    assert twin.result() == s.result() and twin.is_over


def test_pass_and_no_draw_name_their_seat() -> None:
    s = GAME.setup(2, {"match": False}, 2)
    play_until_stock_empty(s)
    seat = s.current
    events = lay_first_or_pass(s)
    assert [(e.kind, e.seat) for e in events] == [("lay", seat), ("no_draw", 1 - seat)]
    while events[0].kind != "pass":  # no more draws: the hands shrink to one card, then pass
        seat = s.current
        events = lay_first_or_pass(s)
    assert (events[0].kind, events[0].seat) == ("pass", seat)
    with pytest.raises(IllegalMove) as exc:
        s.check("pass")
    assert exc.value.code == "bad_move"


def test_moves_are_described_in_both_languages() -> None:
    moves = [Fifteen(("7H", "8C")), Lay(("KD", "KH")), _DONE, _PASS, NextDeal()]
    assert [GAME.describe_move(m) for m in moves] == [
        "fifteen: 7 of Hearts + 8 of Clubs",
        "lay King of Diamonds + King of Hearts",
        "end the turn",
        "pass",
        "deal",
    ]
    assert [GAME.describe_move(m, "fr") for m in moves] == [
        "quinze : 7 de cœur + 8 de trèfle",
        "poser Roi de carreau + Roi de cœur",
        "finir le tour",
        "passer",
        "distribuer",
    ]


def test_reshuffles_and_a_shared_win_in_words() -> None:
    from_discard = Event("reshuffle", None, {"from": "discard", "stock": 2})
    from_table = Event("reshuffle", None, {"from": "table", "stock": 5})
    assert GAME.describe(from_discard) == (
        "The stock is empty: the défausse is shuffled into a new stock (2 cards)."
    )
    assert GAME.describe(from_table, "fr") == (
        "Pioche et défausse vides : les cartes de la table sont mélangées pour faire la pioche "
        "(5 cartes)."
    )
    tie = Event("game_over", None, {"winners": [0, 1], "reason": "target", "scores": [12.0, 12.0]})
    assert GAME.describe(tie) == "The match is over: P1 and P2 win, tied with the fewest points."
