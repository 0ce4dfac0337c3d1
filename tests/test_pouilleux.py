"""Le Pouilleux: one test (or more) per rule of docs/rules/pouilleux.md, then
property tests over random games.

Positions come from stacked decks. ``deal`` takes the cards each seat keeps after the deal and
fills every hand up to its deal size with whole pairs (laid at once at the deal), so a test names
only the cards that matter. Blind picks are steered with ``take``: the hand is shuffled with the
state's rng before a pick, so a clone shows which position yields which card.
"""

from __future__ import annotations

import json
import random
from typing import Any

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from atout.cards import card, deck_51
from atout.games import get_game
from atout.games.base import BadOptions, Event, IllegalMove, events_for
from atout.games.pouilleux import (
    DECK,
    GAME,
    MATE,
    SPECIAL_RANKS,
    Draw,
    End,
    Lay,
    Pick,
    PouilleuxState,
    deal_sizes,
)

# --------------------------------------------------------------------------- helpers

DISCARD = {"initial_special_pairs": "discard"}
KEEP = {"initial_special_pairs": "keep"}


def deal(
    hands: list[str], options: dict | None = None, seed: int = 0, spare: int | None = None
) -> PouilleuxState:
    """A game from a stacked deck. ``hands[s]``: the cards seat s keeps (pairs among them are
    laid at the deal like any other). Every other card goes, pair by pair, to fill the hands up
    to their deal sizes, so it is laid at the deal. ``options`` default to
    ``initial_special_pairs=discard`` for that reason; with ``keep`` the unnamed special pairs
    stay in hand: they go to seat ``spare``."""
    options = DISCARD if options is None else options
    n = len(hands)
    held = [h.split() for h in hands]
    named = {c for h in held for c in h}
    discard = (options or {}).get("initial_special_pairs") == "discard"
    fillers: list[list[str]] = []
    for c in DECK:
        m = MATE[c]
        if c.code in named:
            continue
        assert m is not None, "name the seat holding JS"
        assert m.code not in named, f"name where {c.code} (the mate of {m.code}) goes"
        if c.code < m.code:
            if c.rank in SPECIAL_RANKS and not discard:
                assert spare is not None, f"special pair {c.code} {m.code} needs a spare seat"
                held[spare] += [c.code, m.code]
            else:
                fillers.append([c.code, m.code])
    order: list[str] = []
    for seat, size in enumerate(deal_sizes(n)):
        need = size - len(held[seat])
        assert need >= 0 and need % 2 == 0, f"seat {seat}: {len(held[seat])} cards for {size}"
        block = list(held[seat])
        for _ in range(need // 2):
            block += fillers.pop()
        order += block
    assert not fillers
    state = GAME.setup(n, options, seed, deck=order)
    assert isinstance(state, PouilleuxState)
    return state


def hand(state: PouilleuxState, seat: int) -> set[str]:
    return set(state.view(seat)["hand"])


def take(state: PouilleuxState, code: str) -> list[Event]:
    """Draw (or pick, after Jacks) the card ``code`` blind: find its position on a clone."""
    for move in state.legal_moves():
        trial = state.clone()
        events = trial.apply(trial.current, move)
        if any(e.kind in ("draw", "pick") and e.data.get("card") == code for e in events):
            return state.apply(state.current, move)
    raise AssertionError(f"{code} cannot be taken now")


def act(state: PouilleuxState, move: Any) -> list[Event]:
    return state.apply(state.current, move)


def refused(state: PouilleuxState, move: Any, code: str) -> None:
    before = snapshot(state)
    with pytest.raises(IllegalMove) as exc:
        state.apply(state.current, move)
    assert exc.value.code == code
    assert exc.value.message and exc.value.message_fr
    assert snapshot(state) == before


def snapshot(state: PouilleuxState) -> str:
    views = [state.view(None)] + [state.view(s) for s in range(state.num_players)]
    return json.dumps([views, state.rng.getstate()], sort_keys=True, default=str)


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def public(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind and e.to is None]


# --------------------------------------------------------------------------- players, cards, deal


def test_registered_for_2_to_8_players() -> None:
    assert get_game("pouilleux") is GAME
    assert (GAME.min_players, GAME.max_players) == (2, 8)  # refusals: tests/test_conformance.py


def test_51_cards_without_the_jack_of_clubs() -> None:
    deck = GAME.deck(4, GAME.parse_options(None))
    codes = {c.code for c in deck}
    assert len(deck) == 51 and len(codes) == 51
    assert "JC" not in codes and "JS" in codes
    assert MATE[card("JS")] is None  # the pouilleux has no mate


def test_a_pair_is_same_rank_and_same_colour_25_pairs() -> None:
    pairs = {tuple(sorted((c.code, m.code))) for c, m in MATE.items() if m is not None}
    assert len(pairs) == 25
    for a, b in pairs:
        ca, cb = card(a), card(b)
        assert ca.rank == cb.rank and ca.suit is not cb.suit
        assert ca.colour is cb.colour  # colour (red/black), never suit
    assert ("5D", "5H") in pairs and ("5C", "5S") in pairs and ("5H", "5S") not in pairs


@pytest.mark.parametrize(
    ("n", "sizes"),
    [
        (2, [25, 26]),
        (3, [17, 17, 17]),
        (4, [12, 13, 13, 13]),
        (5, [10, 10, 10, 10, 11]),
        (6, [8, 8, 8, 9, 9, 9]),
        (7, [7, 7, 7, 7, 7, 8, 8]),
        (8, [6, 6, 6, 6, 6, 7, 7, 7]),
    ],
)
def test_deal_sizes_extra_cards_to_the_last_seats(n: int, sizes: list[int]) -> None:
    assert deal_sizes(n) == sizes
    state = GAME.setup(n, None, 42)
    start = state.start_events()
    assert start[0].kind == "deal" and start[0].data["sizes"] == sizes
    # each seat is told its own dealt hand, and nobody else's
    for s in range(n):
        told = [e for e in events_for(start, s) if e.kind == "hand"]
        assert len(told) == 1 and told[0].seat == s and len(told[0].data["cards"]) == sizes[s]
    view = state.view(None)
    for s in range(n):
        assert view["hand_sizes"][s] + 2 * len(view["laid"][s]) == sizes[s]


def test_normal_pairs_laid_at_the_deal_as_many_as_formed() -> None:
    s = deal(["7H 7C 7S 3C 4C 2H 2D 9C 9S", "7D JS 3S 4S"])
    laid0 = s.view(None)["laid"][0]
    for p in (["7C", "7S"], ["2D", "2H"], ["9C", "9S"]):
        assert p in laid0
    assert hand(s, 0) == {"7H", "3C", "4C"}  # 7H and 7C: same rank, not the same colour
    pairs = [e for e in s.start_events() if e.kind == "pairs" and e.seat == 0]
    assert len(pairs) == 1 and ["2D", "2H"] in pairs[0].data["pairs"]


def test_special_pairs_kept_at_the_deal_by_default() -> None:
    s = deal(["QH QD 3C", "3S JS"], KEEP, spare=1)
    assert hand(s, 0) == {"QH", "QD", "3C"}
    assert s.view(None)["direction"] == 1


def test_option_discard_lays_initial_special_pairs_without_effect() -> None:
    s = deal(["QH QD 3C", "3S JS"])
    assert hand(s, 0) == {"3C"}
    assert ["QD", "QH"] in s.view(None)["laid"][0]
    assert s.view(None)["direction"] == 1  # no effect: the Queens did not reverse play
    assert s.current == 0 and s.view(None)["imposed"] is None


def test_seats_in_join_order_j1_starts_and_draws_from_j2() -> None:
    s = deal(["3C 4C 5C", "3S 4S 5S JS"])
    assert s.current == 0 and s.view(None)["draw_from"] == 1
    assert s.legal_moves() == [Draw(i) for i in range(4)]
    take(s, "3S")
    assert s.current == 1 and s.view(None)["draw_from"] == 0


# --------------------------------------------------------------------------- the turn


def test_a_drawn_card_completing_a_normal_pair_is_laid_at_once() -> None:
    s = deal(["3C 4C 5C", "3S 4S 5S JS"])
    events = take(s, "4S")
    assert ["4C", "4S"] in s.view(None)["laid"][0]
    assert public(events, "pairs")[0].data["pairs"] == [["4C", "4S"]]
    assert hand(s, 0) == {"3C", "5C"}
    # nothing left to decide: the turn ended by itself
    assert s.current == 1 and s.phase == "draw"


def test_special_pair_only_after_the_draw_then_one_per_turn() -> None:
    s = deal(["QH QD 10H 10D 3C", "3S JS"], KEEP, spare=1)
    assert all(isinstance(m, Draw) for m in s.legal_moves())
    refused(s, Lay(("QD", "QH")), "wrong_phase")
    take(s, "JS")
    legal = s.legal_moves()
    assert legal[0] == End()
    assert Lay(("QD", "QH")) in legal and Lay(("10D", "10H")) in legal
    act(s, Lay(("QD", "QH")))
    # one special pair per turn: laying it ended the turn
    assert s.current == 1
    assert {"10H", "10D"} <= hand(s, 0)


def test_end_keeps_the_special_pairs_for_later() -> None:
    s = deal(["QH QD 3C", "3S JS"], KEEP, spare=1)
    take(s, "JS")
    act(s, End())
    assert s.current == 1 and {"QH", "QD"} <= hand(s, 0)


def test_normal_pairs_cannot_be_laid_by_choice_and_js_never() -> None:
    s = deal(["QH QD JH 3C 4C", "3S 4S JS JD"], KEEP, spare=1)
    take(s, "JS")
    assert s.phase == "act"
    assert not any("JS" in m.cards for m in s.legal_moves() if isinstance(m, Lay))
    refused(s, Lay(("JH", "JS")), "pouilleux")
    refused(s, Lay(("3C", "QH")), "not_a_pair")
    refused(s, Lay(("3S", "4S")), "card_not_in_hand")
    refused(s, Lay(("QD", "QH"), colour="red"), "bad_effect")
    refused(s, Draw(0), "wrong_phase")


# --------------------------------------------------------------------------- effects


def test_ten_with_two_players_the_active_player_plays_again() -> None:
    s = deal(["10H 3C 4C", "10D 3S 4S JS"])
    take(s, "10D")
    events = act(s, Lay(("10D", "10H")))
    skip = public(events, "skip")[0]
    assert skip.data == {"skipped": 1, "again": True}
    assert s.current == 0 and s.phase == "draw"
    assert kinds(events)[-1] == "turn" and events[-1].seat == 0
    assert "rejoue" in GAME.describe(skip, "fr")


def test_ten_with_three_players_the_next_player_skips_a_turn() -> None:
    s = deal(["10H 5C 6C", "10D 3C 4C", "3S 4S 5S 6S JS"])
    take(s, "10D")
    events = act(s, Lay(("10D", "10H")))
    assert public(events, "skip")[0].data == {"skipped": 1, "again": False}
    assert s.current == 2 and s.view(None)["draw_from"] == 0


def test_queen_reverses_the_direction() -> None:
    s = deal(["QH 2C", "QD 2S 3C", "3S", "JS"])
    take(s, "QD")
    events = act(s, Lay(("QD", "QH")))
    assert public(events, "reverse")[0].data == {"direction": -1}
    assert "sens du jeu" in GAME.describe(public(events, "reverse")[0], "fr")
    # play goes to J4, who draws from J3, the next player in the new direction
    assert s.current == 3 and s.view(None)["direction"] == -1
    assert s.view(None)["draw_from"] == 2


def test_king_swaps_one_blind_card_between_two_named_players() -> None:
    s = deal(["KH 2C 3C", "KD 4C 5C 8C 9C", "2S 3S 4S 5S 8S 9S JS"])
    take(s, "KD")
    kings = [m for m in s.legal_moves() if isinstance(m, Lay)]
    # two distinct players, self allowed
    assert {(m.target, m.other) for m in kings} == {(0, 1), (0, 2), (1, 2)}
    refused(s, Lay(("KD", "KH"), target=1, other=1), "bad_effect")
    before = {i: hand(s, i) for i in range(3)}
    events = act(s, Lay(("KD", "KH"), target=1, other=2))
    full = [e for e in events if e.kind == "swap" and e.to == (1, 2)]
    masked = [e for e in events if e.kind == "swap" and e.hide == (1, 2)]
    assert len(full) == 1 and len(masked) == 1 and masked[0].data["cards"] is None
    from_j2, from_j3 = full[0].data["cards"]
    assert from_j2 in before[1] and from_j3 in before[2]
    assert card(from_j2) not in s.secret_cards(1) and card(from_j3) not in s.secret_cards(2)
    # J3 received, out of turn, the mate of a card it holds: the pair waits for J3's turn
    mate = MATE[card(from_j2)]
    assert mate is not None and {from_j2, mate.code} <= hand(s, 2)
    assert len(hand(s, 2)) == len(before[2])
    assert not [e for e in events if e.kind == "pairs" and e.seat == 2]
    # J2's turn starts at once: a pair its new card made is laid at that start
    assert s.current == 1
    assert from_j3 in hand(s, 1) or [e for e in events if e.kind == "pairs" and e.seat == 1]
    spare = next(c for c in sorted(hand(s, 2)) if c not in (from_j2, mate.code))
    events = take(s, spare)
    assert s.current == 2
    laid = [e for e in events if e.kind == "pairs" and e.seat == 2]
    assert laid and laid[0].data["pairs"] == [sorted([from_j2, mate.code])]


def test_king_naming_yourself_pairs_at_once() -> None:
    """J1 receives J3's only card, 9S, during its own turn: with 9C still in hand, it pairs."""
    checked = 0
    for seed in range(30):
        s = deal(["KH 9C 2C 3C 4C", "KD 2S 3S 4S JS", "9S"], seed=seed)
        take(s, "KD")
        events = act(s, Lay(("KD", "KH"), target=0, other=2))
        swap = next(e for e in events if e.kind == "swap" and e.to == (0, 2))
        given_away, received = swap.data["cards"]
        assert received == "9S"
        if given_away != "9C":
            pairs = [e for e in events if e.kind == "pairs" and e.seat == 0]
            assert pairs and pairs[0].data["pairs"] == [["9C", "9S"]]
            checked += 1
    assert checked


def test_jack_takes_one_blind_card_from_any_other_player() -> None:
    s = deal(["JH 2C 3C", "JD 4C 5C", "2S 3S 4S 5S JS"])
    take(s, "JD")
    jacks = [m for m in s.legal_moves() if isinstance(m, Lay)]
    assert {m.target for m in jacks} == {1, 2}  # never yourself
    refused(s, Lay(("JD", "JH"), target=0), "bad_effect")
    act(s, Lay(("JD", "JH"), target=2))
    assert s.phase == "pick" and s.current == 0 and s.view(None)["pick_from"] == 2
    assert s.legal_moves() == [Pick(i) for i in range(5)]
    events = take(s, "3S")
    assert [(e.to, e.hide) for e in events if e.kind == "pick"] == [((0, 2), ()), (None, (0, 2))]
    assert next(e for e in events if e.kind == "pick" and e.hide == (0, 2)).data["card"] is None
    # it is J1's own turn: the pair the card completes is laid at once
    assert ["3C", "3S"] in s.view(None)["laid"][0]
    assert s.current == 1


def colour_of(move: Lay) -> str:
    return str(card(move.cards[0]).colour)


def test_ace_imposes_a_colour_until_the_ace_players_next_turn() -> None:
    s = deal(["AH AD 6C", "QC QS 10H 10D 5C 6S 7C", "5S 7S JS"], KEEP, spare=2)
    take(s, "7C")
    act(s, Lay(("AD", "AH"), colour="red"))
    assert s.view(None)["imposed"] == "red" and s.view(None)["imposed_by"] == 0
    # J2 draws 5S: 5C 5S is a black pair, which must wait
    assert s.current == 1
    events = take(s, "5S")
    assert not [e for e in events if e.kind == "pairs"]
    assert {"5C", "5S"} <= hand(s, 1)
    legal = s.legal_moves()
    assert Lay(("10D", "10H")) in legal and Lay(("QC", "QS")) not in legal
    refused(s, Lay(("QC", "QS")), "imposed_colour")
    refused(s, Lay(("5C", "5S")), "normal_pair")
    act(s, End())
    # J3 too: 7C 7S waits, only red special pairs may be laid
    take(s, "7C")
    assert {"7C", "7S"} <= hand(s, 2)
    lays = [m for m in s.legal_moves() if isinstance(m, Lay)]
    assert lays and all(colour_of(m) == "red" for m in lays)
    act(s, End())
    # the restriction lifts at the start of J1's next turn
    assert s.current == 0 and s.view(None)["imposed"] is None
    take(s, "QC")
    # J2's waiting pair is laid at the start of J2's next turn
    assert s.current == 1
    assert ["5C", "5S"] in s.view(None)["laid"][1]


def test_ace_lift_event_and_pairs_at_the_next_turn() -> None:
    s = deal(["AH AD 6C", "QC QS 10H 10D 5C 6S 7C", "5S 7S JS"], KEEP, spare=2)
    take(s, "7C")
    act(s, Lay(("AD", "AH"), colour="red"))
    take(s, "5S")
    act(s, End())
    take(s, "7C")
    events = act(s, End())
    lift = [e for e in events if e.kind == "lift"]
    assert len(lift) == 1 and lift[0].seat == 0 and lift[0].data == {"colour": "red"}
    assert "levée" in GAME.describe(lift[0], "fr")
    events = take(s, "QC")
    starts = kinds(events)
    assert "pairs" in starts[starts.index("turn") :]
    laid = next(e for e in events if e.kind == "pairs" and e.seat == 1)
    assert laid.data["pairs"] == [["5C", "5S"]]


def test_a_new_ace_replaces_the_old_one() -> None:
    # J1 lays the red Aces imposing black; J2 may lay the black Aces and impose red
    s = deal(["AH AD 6C 10C 10S", "AC AS 7C 8C 9C", "6S 7S 8S 9S JS"], KEEP, spare=2)
    take(s, "8C")
    act(s, Lay(("AD", "AH"), colour="black"))
    take(s, "6S")  # J2 draws from J3
    assert Lay(("AC", "AS"), colour="red") in s.legal_moves()
    act(s, Lay(("AC", "AS"), colour="red"))
    assert s.view(None)["imposed"] == "red" and s.view(None)["imposed_by"] == 1
    # J3 is held to red now: its black pair 8C 8S waits
    take(s, "8C")
    assert {"8C", "8S"} <= hand(s, 2)
    act(s, End())
    # J1's next turn does not lift J2's Ace
    assert s.current == 0 and s.view(None)["imposed"] == "red"
    assert s.view(None)["imposed_by"] == 1


def test_ace_player_skipped_by_a_ten_keeps_the_restriction() -> None:
    s = deal(["AH AD 6C QC QS", "5C 6S 7C", "5S 7S JS"], KEEP, spare=2)
    take(s, "7C")
    act(s, Lay(("AD", "AH"), colour="red"))
    take(s, "5S")  # J2: the black pair 5C 5S waits; no special pair: the turn ends
    assert s.current == 2
    take(s, "6C")
    act(s, Lay(("10D", "10H")))  # J3 skips J1, the Ace player
    assert s.current == 1
    assert s.view(None)["imposed"] == "red" and s.view(None)["imposed_by"] == 0
    assert {"5C", "5S"} <= hand(s, 1)


# --------------------------------------------------------------------------- the end


def test_a_player_whose_last_card_is_drawn_wins_at_once() -> None:
    s = deal(["3C 4C JS", "3S", "4S"])
    events = act(s, Draw(0))
    result = s.result()
    assert result is not None and result.winners == (1,)
    assert result.reason == "emptied_hand"
    assert result.losers == (0,)  # J1 holds the pouilleux: grand perdant
    # the game ended before J1 could lay 3C 3S
    assert not [e for e in events if e.kind == "pairs"]
    assert s.current is None and s.legal_moves() == []
    over = public(events, "game_over")[0]
    assert "grand perdant" in GAME.describe(over, "fr")
    assert "pouilleux" in GAME.describe(over, "fr")


def test_emptying_the_hand_by_a_pair_wins() -> None:
    s = deal(["5C", "5S JS"])
    take(s, "5S")
    result = s.result()
    assert result is not None and result.winners == (0,) and result.reason == "emptied_hand"
    assert result.losers == ()  # 2 players: no grand perdant
    assert result.detail == {"pouilleux": 1}


def test_the_jacks_last_card_picked_wins_for_its_holder() -> None:
    s = deal(["JH 2C 3C", "JD 4C 5C 2S 3S 4S 5S", "JS"])
    take(s, "JD")
    act(s, Lay(("JD", "JH"), target=2))
    events = act(s, Pick(0))
    result = s.result()
    assert result is not None and result.winners == (2,) and result.reason == "emptied_hand"
    assert result.losers == (0,)  # J1 took the pouilleux
    assert kinds(events)[-1] == "game_over"


def test_laying_the_last_cards_as_a_special_pair_wins_without_effect() -> None:
    s = deal(["QH", "QD JS"])
    take(s, "QD")
    assert s.phase == "act"
    events = act(s, Lay(("QD", "QH")))
    assert s.result() is not None and s.result().winners == (0,)
    assert not public(events, "reverse")
    assert s.view(None)["direction"] == 1


def test_a_hand_emptied_at_the_deal_wins_at_once() -> None:
    s = deal(["", "", "", "", "", "JS", "9H", "9D"])
    result = s.result()
    assert result is not None and result.winners == (0, 1, 2, 3, 4)
    assert result.losers == (5,)
    assert s.current is None and s.legal_moves() == []


def test_turn_cap_fewest_cards_wins() -> None:
    s = deal(["3C 4C 5C", "3S 4S 5S JS"], options={**DISCARD, "max_turns": 1})
    events = take(s, "JS")
    result = s.result()
    assert result is not None and result.reason == "turn_cap"
    assert result.winners == (1,)  # 3 cards against 4
    assert "Limite de tours" in GAME.describe(public(events, "game_over")[0], "fr")


def test_turn_cap_ties_share_and_a_winning_pouilleux_is_no_loser() -> None:
    s = deal(["3C 4C 5C", "3S 4S 5S", "JS"], options={**DISCARD, "max_turns": 1})
    take(s, "3S")
    result = s.result()
    assert result is not None and result.reason == "turn_cap"
    assert result.winners == (2,) and result.losers == ()
    cap = {**DISCARD, "max_turns": 1}
    t = deal(["3C 4C 5C 8C", "3S 4S 5S 9C 10C", "6C 7C 2H", "6S 7S 8S 9S 10S JS 2D"], cap)
    take(t, "3S")
    r = t.result()
    assert r is not None and [len(h) for h in t.hands] == [3, 4, 3, 7]
    assert r.winners == (0, 2) and r.losers == (3,)


def test_turn_cap_default_and_validation() -> None:
    assert GAME.parse_options(None).max_turns == 1000
    assert GAME.parse_options(None).initial_special_pairs == "keep"
    for bad in ({"max_turns": 0}, {"initial_special_pairs": "maybe"}):
        with pytest.raises(BadOptions):
            GAME.setup(2, bad, 1)


# --------------------------------------------------------------------------- private information


def test_a_drawn_card_is_seen_by_the_two_players_only() -> None:
    s = deal(["3C 4C 5C", "6C 7C 8C", "3S 4S 5S 6S 7S 8S JS"])
    events = take(s, "7C")
    full = [e for e in events if e.kind == "draw" and e.data["card"] == "7C"]
    masked = [e for e in events if e.kind == "draw" and e.data["card"] is None]
    assert [e.to for e in full] == [(0, 1)] and [e.hide for e in masked] == [(0, 1)]
    assert masked[0].data["from"] == 1
    c = card("7C")
    assert c not in s.secret_cards(0)  # in J1's own hand
    assert c not in s.secret_cards(1)  # J2 knows J1 has it
    assert c in s.secret_cards(2) and c in s.secret_cards(None)
    assert ["7C", 0] in s.view(1)["known"]
    assert "7C" not in json.dumps(s.view(2)) and "7C" not in json.dumps(s.view(None))
    # J2 draws from J3: J2 still knows where 7C is
    take(s, "3S")
    assert c not in s.secret_cards(1)
    # J3 draws from J1 (not 7C): J2 can no longer be sure 7C is still in J1's hand
    take(s, "3C" if "3C" in hand(s, 0) else "4C")
    assert c in s.secret_cards(1)
    assert ["7C", 0] not in s.view(1)["known"]


def test_everyone_sees_sizes_pairs_direction_and_colour() -> None:
    s = deal(["3C 4C 5C", "3S 4S 5S JS"])
    for seat in (None, 0, 1):
        v = s.view(seat)
        for key in ("hand_sizes", "laid", "direction", "imposed", "draw_from", "turn"):
            assert key in v
    assert "hand" not in s.view(None)
    assert s.view(0)["hand"] == ["3C", "4C", "5C"]


def test_everything_is_shown_at_the_end() -> None:
    s = deal(["3C 4C JS", "3S", "4S"])
    events = act(s, Draw(0))
    over = public(events, "game_over")[0]
    assert over.data["hands"][0] and "JS" in over.data["hands"][0]
    assert s.secret_cards(2) == set() and s.view(2)["hands"][0]


def test_default_moves_for_a_timed_out_seat() -> None:
    s = deal(["JH QH QD 2C 3C", "JD 2S 3S JS"], KEEP, spare=1)
    assert s.default_move() == Draw(0)
    take(s, "JD")
    assert s.default_move() == End()
    act(s, Lay(("JD", "JH"), target=1))
    assert s.default_move() == Pick(0)


# --------------------------------------------------------------------------- moves on the wire


def test_moves_parse_to_one_canonical_form() -> None:
    m = GAME.parse_move({"type": "lay", "cards": ["KS", "KC"], "target": 2, "other": 0})
    assert m == Lay(("KC", "KS"), target=0, other=2)
    assert GAME.parse_move({"type": "draw", "position": 3}) == Draw(3)
    assert GAME.parse_move({"type": "end"}) == End()
    assert str(m) == "lay KC KS swap 0 2"
    assert msgspec.json.decode(msgspec.json.encode(Lay(("AD", "AH"), colour="red"))) == {
        "type": "lay",
        "cards": ["AD", "AH"],
        "colour": "red",
    }
    with pytest.raises(IllegalMove):
        GAME.parse_move({"type": "lay", "cards": ["AD", "AH"], "colour": "green"})
    assert "échanger" in GAME.describe_move(m, "fr") and "swap" in GAME.describe_move(m, "en")


def test_sentences_in_french_and_english() -> None:
    s = deal(["QH 2C", "QD 2S 3C", "3S", "JS"])
    events = s.start_events() + take(s, "QD") + act(s, Lay(("QD", "QH")))
    fr = " ".join(GAME.describe(e, "fr") for e in events)
    en = " ".join(GAME.describe(e, "en") for e in events)
    assert "paire" in fr and "sens du jeu" in fr and "J1 pioche" in fr
    assert "pair" in en and "direction" in en and "P1 draws" in en and "J1" not in en
    for text in (fr, en):
        assert "{" not in text


# --------------------------------------------------------------------------- property tests


def junk_moves(state: PouilleuxState, rng: random.Random) -> list[Any]:
    """Moves that are well-formed but (mostly) not legal now."""
    codes = [c.code for c in deck_51()]
    n = state.num_players
    return [
        Draw(rng.randint(-2, 55)),
        Pick(rng.randint(-2, 55)),
        End(),
        Lay(tuple(rng.sample(codes, 2))),
        Lay(("JH", "JS")),
        Lay(tuple(rng.sample(codes, rng.choice((1, 3))))),
        Lay(("AD", "AH"), colour=rng.choice(["red", "black"])),
        Lay(("JD", "JH"), target=rng.randint(-1, n)),
        Lay(("KC", "KS"), target=rng.randint(-1, n), other=rng.randint(-1, n)),
        Lay(("QD", "QH")),
        Lay(("10C", "10S"), colour="red"),
    ]


def play_random(n: int, seed: int, options: dict, check: bool) -> tuple[PouilleuxState, list]:
    """A random game, checking the invariants after every move when ``check``."""
    rng = random.Random(seed ^ 0x5EED)
    state = GAME.setup(n, options, seed)
    log: list[Any] = [("start", state.start_events())]
    if check:
        check_invariants(state, state.start_events())
    while not state.is_over:
        legal = state.legal_moves()
        assert legal
        seat = state.current
        if check and rng.random() < 0.3:
            for junk in junk_moves(state, rng):
                if junk in legal:
                    continue
                before = snapshot(state)
                with pytest.raises(IllegalMove):
                    state.apply(seat, junk)
                assert snapshot(state) == before
        move = rng.choice(legal)
        events = state.apply(seat, move)
        log.append((move, events))
        if check:
            check_invariants(state, events)
    return state, log


def check_invariants(state: PouilleuxState, events: list[Event]) -> None:
    n = state.num_players
    # 51 cards, each exactly once; laid pairs are real pairs; J♠ never laid
    codes = sorted(c.code for c in state.all_cards())
    assert codes == sorted(c.code for c in DECK)
    for ps in state.laid:
        for a, b in ps:
            assert MATE[a] is b and b is not None
    assert all(card("JS") not in p for ps in state.laid for p in ps)
    # no leak: a seat's view and events never name a card hidden from it
    for seat in [None, *range(n)]:
        secret = {c.code for c in state.secret_cards(seat)}
        shown = json.dumps(state.view(seat))
        shown += json.dumps([msgspec.to_builtins(e) for e in events_for(events, seat)])
        named = {tok for tok in shown.replace('"', " ").replace(",", " ").split()}
        named = {t.strip("[]{}:") for t in named}
        assert not (named & secret), (seat, named & secret)
        if seat is not None and not state.is_over:
            for code, holder in state.view(seat)["known"]:
                assert card(code) in state.hands[holder]  # what a seat "knows" is true
    for e in events:
        assert GAME.describe(e, "fr") and GAME.describe(e, "en")
    result = state.result()
    if result is not None:
        sizes = [len(h) for h in state.hands]
        holder = next(i for i, h in enumerate(state.hands) if card("JS") in h)
        assert result.reason in ("emptied_hand", "turn_cap")
        if result.reason == "emptied_hand":
            assert all(sizes[w] == 0 for w in result.winners)
        else:
            assert result.winners == tuple(i for i in range(n) if sizes[i] == min(sizes))
        if n > 2 and holder not in result.winners:
            assert result.losers == (holder,)
        else:
            assert result.losers == ()
        assert state.turns <= state.options.max_turns


OPTIONS = st.fixed_dictionaries(
    {
        "initial_special_pairs": st.sampled_from(["keep", "discard"]),
        "max_turns": st.sampled_from([1000, 1000, 40, 3]),
    }
)


@given(n=st.integers(2, 8), seed=st.integers(0, 2**32), options=OPTIONS)
def test_random_games_keep_every_invariant(n: int, seed: int, options: dict) -> None:
    state, _ = play_random(n, seed, options, check=True)
    assert state.result() is not None


@given(n=st.integers(2, 8), seed=st.integers(0, 2**32), options=OPTIONS)
def test_random_games_are_deterministic(n: int, seed: int, options: dict) -> None:
    a, log_a = play_random(n, seed, options, check=False)
    b, log_b = play_random(n, seed, options, check=False)
    assert log_a == log_b and snapshot(a) == snapshot(b)
    # and replaying the moves alone on a fresh deal gives the same game
    c = GAME.setup(n, options, seed)
    for move, events in log_a[1:]:
        assert c.apply(c.current, move) == events
    assert snapshot(c) == snapshot(a)


@given(n=st.integers(2, 8), seed=st.integers(0, 2**32))
def test_determinize_matches_the_view_of_the_seat_to_play(n: int, seed: int) -> None:
    rng = random.Random(seed)
    state = GAME.setup(n, None, seed)
    while not state.is_over:
        seat = state.current
        view = state.view(seat)
        sample = GAME.determinize(view, rng)
        assert sample.view(seat) == view
        assert sorted(c.code for c in sample.all_cards()) == sorted(c.code for c in DECK)
        assert sample.legal_moves() == state.legal_moves()
        state.apply(seat, rng.choice(state.legal_moves()))


def test_every_game_ends_default_options_many_seeds() -> None:
    for n in range(2, 9):
        for seed in range(40):
            state, _ = play_random(n, seed, {}, check=False)
            assert state.result() is not None
            assert state.turns < 1000  # random games end long before the cap


def test_a_blind_position_carries_no_information() -> None:
    """Whatever position is named, each card of the hand comes out about equally often."""
    for position in (0, 3):
        counts: dict[str, int] = {}
        for seed in range(800):
            s = deal(["3C 4C 5C", "3S 4S 5S JS"], seed=seed)
            drawn = next(e for e in act(s, Draw(position)) if e.to == (0, 1)).data["card"]
            counts[drawn] = counts.get(drawn, 0) + 1
        assert set(counts) == {"3S", "4S", "5S", "JS"}
        assert all(140 < k < 260 for k in counts.values()), counts


# --------------------------------------------------------------------------- pinned against mutation


def test_a_clone_keeps_the_imposed_colour() -> None:
    s = deal(["AH AD 6C", "QC QS 10H 10D 5C 6S 7C", "5S 7S JS"], KEEP, spare=2)
    take(s, "7C")
    act(s, Lay(("AD", "AH"), colour="red"))
    twin = s.clone()
    assert snapshot(twin) == snapshot(s) and twin.view(None)["imposed"] == "red"
    assert twin.legal_moves() == s.legal_moves()


def test_moves_read_as_text() -> None:
    assert str(Lay(("AD", "AH"), colour="red")) == "lay AD AH red"
    assert str(Lay(("JD", "JH"), target=2)) == "lay JD JH from 2"
    assert str(Lay(("KC", "KS"), target=0, other=2)) == "lay KC KS swap 0 2"
    assert (str(Draw(3)), str(Pick(1)), str(End())) == ("draw 3", "pick 1", "end")


def test_a_lay_is_two_cards_and_a_king_swap_says_both_players() -> None:
    s = deal(["KH 2C 3C", "KD 4C 5C 8C 9C", "2S 3S 4S 5S 8S 9S JS"])
    take(s, "KD")
    refused(s, Lay(("KD", "KH", "2C")), "not_a_pair")
    refused(s, Lay(("KD",)), "not_a_pair")
    refused(s, Lay(("KD", "XX")), "unknown_card")
    events = act(s, Lay(("KD", "KH"), target=1, other=2))
    lay = next(e for e in events if e.kind == "lay")
    assert lay.data == {"cards": ["KD", "KH"], "rank": 13, "target": 1, "other": 2}


def test_the_view_names_the_game_and_counts_the_turns() -> None:
    s = deal(["3C 4C 5C", "3S 4S 5S JS"])
    assert s.view(None)["game"] == "pouilleux" and s.view(None)["turns"] == 1
    while s.current == 0:
        act(s, s.default_move())
    assert s.view(None)["turns"] == 2 and not s.is_over


def test_a_pick_and_a_shared_win_in_words() -> None:
    s = deal(["JH 2C 3C", "JD 4C 5C 2S 3S 4S 5S", "JS"])
    take(s, "JD")
    act(s, Lay(("JD", "JH"), target=2))
    full, masked = [e for e in act(s, Pick(0)) if e.kind == "pick"]
    assert GAME.describe(full) == "P1 takes the J♠ from P3 (Jacks)."
    assert GAME.describe(masked, "fr") == "J1 prend une carte dans le jeu de J3 (Valets)."
    s = deal(["", "", "", "", "", "JS", "9H", "9D"])
    over = public(s.start_events(), "game_over")[0]
    assert GAME.describe(over).startswith("P1, P2, P3, P4 and P5 have no cards left and win! ")
    s = deal(["KH 2C 3C", "KD 4C 5C 8C 9C", "2S 3S 4S 5S 8S 9S JS"])
    with pytest.raises(IllegalMove) as exc:
        s.apply(0, Lay(("KD", "KH")))
    assert (exc.value.message, exc.value.message_fr) == (
        "Draw a card from the next player first.",
        "Piochez d'abord une carte.",
    )
    take(s, "KD")
    with pytest.raises(IllegalMove) as exc:
        s.apply(0, Lay(("ZZ", "KH")))
    assert exc.value.to_dict() == {
        "code": "unknown_card",
        "message": "Not a card.",
        "message_fr": "Ce n'est pas une carte.",
    }
