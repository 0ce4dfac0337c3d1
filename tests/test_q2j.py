"""Q Squared Joe: one test (or more) per rule of docs/rules/q2j.md (every ruling restated there).

Positions come from stacked decks: ``deal`` lays out each seat's five cards (the fifth is the
face-up one), the first discard, then the stock in drawing order.
"""

from __future__ import annotations

import pytest

from atout.cards import card, deck_52
from atout.games.base import IllegalMove
from atout.games.q2j import GAME, Draw, Play, Q2JState, beats


def deal(
    hands: list[str], discard: str, stock: str = "", options: dict | None = None, seed: int = 0
) -> Q2JState:
    """A game dealt from a stacked deck: ``hands[s]`` is seat s's five cards in deal order."""
    n = len(hands)
    split = [h.split() for h in hands]
    assert all(len(h) == 5 for h in split)
    order = [split[s][k] for k in range(5) for s in range(n)] + [discard] + stock.split()
    rest = [c.code for c in deck_52() if c.code not in order]
    state = GAME.setup(n, options, seed, deck=order + rest)
    assert isinstance(state, Q2JState)
    return state


def play(state: Q2JState, *codes: str):
    return state.apply(state.current, Play(tuple(codes)))


def draw(state: Q2JState):
    return state.apply(state.current, Draw())


def refused(state: Q2JState, move, code: str) -> None:
    before = (state.view(None), [state.view(s) for s in range(state.num_players)])
    with pytest.raises(IllegalMove) as exc:
        state.apply(state.current, move)
    assert exc.value.code == code
    assert (state.view(None), [state.view(s) for s in range(state.num_players)]) == before


# --- players, deck, deal ------------------------------------------------------------------


@pytest.mark.parametrize("n", range(2, 11))
def test_two_to_ten_players_five_cards_each(n: int) -> None:
    assert (GAME.min_players, GAME.max_players) == (2, 10)  # refusals: test_conformance.py
    s = GAME.setup(n, None, 42)
    assert s.view(None)["hand_sizes"] == [5] * n
    assert s.view(None)["stock_size"] == 52 - 5 * n - 1
    assert len(s.view(None)["top"]) == 1


def test_play_passes_to_the_next_seat() -> None:
    s = deal(["2C 3C 4C 5C KH", "2D 3D 4D 5D 6D", "2S 3S 4S 5S 6S"], "9H")
    assert s.current == 0
    draw(s)
    assert s.current == 1
    draw(s)
    assert s.current == 2
    draw(s)
    assert s.current == 0


def test_highest_face_up_card_starts_ace_lowest_king_highest() -> None:
    s = deal(["2C 3C 4C 5C AH", "2D 3D 4D 5D KD", "2S 3S 4S 5S QS"], "9H")
    assert s.current == 1
    ev = s.start_events()[0]
    assert ev.data["face_up"] == ["AH", "KD", "QS"]
    assert ev.data["first"] == 1


def test_face_up_tie_reveals_next_cards_in_deal_order() -> None:
    # seats 0 and 2 tie on Kings; their first-dealt cards decide: 9 beats 7; seat 1 reveals nothing
    s = deal(["7C 3C 4C 5C KH", "2D 3D 4D 5D QD", "9S 3S 4S 5S KS"], "9H")
    assert s.current == 2
    ev = s.start_events()[0]
    assert ev.data["reveals"] == [[0, "7C"], [2, "9S"]]
    # revealed cards stay public knowledge: other seats see them in that hand
    assert s.view(1)["shown"]["0"] == ["7C", "KH"]
    assert "9S" in s.view(0)["shown"]["2"]


def test_full_tie_settled_by_lot_and_deterministic_from_seed() -> None:
    hands = ["2C 3C 4C 5C KH", "2D 3D 4D 5D KD"]
    firsts = {deal(hands, "9H", seed=seed).current for seed in range(30)}
    assert firsts == {0, 1}
    assert deal(hands, "9H", seed=7).current == deal(hands, "9H", seed=7).current
    assert deal(hands, "9H", seed=7).start_events()[0].data["by_lot"] is True


def test_first_discard_has_no_special_effect() -> None:
    # a Queen turned up is a plain single Queen: anything that beats a Queen is legal, no Jack needed
    s = deal(["KC 3D 4C 5C KH", "2D 3S 4S 5S 6S"], "QD")
    legal = s.legal_moves()
    assert Play(("KC",)) in legal and Play(("3D",)) in legal
    assert Play(("4C",)) not in legal
    assert not s.view(None)["q2_round"]


# --- "X beats top", in order ---------------------------------------------------------------


def test_rule1_on_a_q2_only_a_jack() -> None:
    s = deal(["QC 3C 4C 5C QH", "JD AD KD 2D 6D"], "5H")
    play(s, "QC", "QH")
    assert s.view(None)["q2_round"]
    refused(s, Play(("KD",)), "only_jack_on_q2")
    refused(s, Play(("AD",)), "only_jack_on_q2")
    assert s.legal_moves() == [Play(("JD",)), Draw()]
    play(s, "JD")
    assert s.view(None)["top"] == ["JD"] and not s.view(None)["q2_round"]


def test_rule2_q2_on_anything_but_jack_or_q2() -> None:
    s = deal(["QC 3C 4C 5C QH", "JD AD KD 2D 6D"], "AS")  # on an Ace: legal
    assert Play(("QC", "QH")) in s.legal_moves()
    s = deal(["QC 3C 4C 5C QH", "JD AD KD 2D 6D"], "JS")  # on a Jack: refused
    refused(s, Play(("QC", "QH")), "q2_on_jack")
    assert Play(("QC", "QH")) not in s.legal_moves()


def test_q2_on_q2_refused() -> None:
    s = deal(["QC 3C 4C 5C QH", "QD 2D 3D 4D QS"], "5H")
    play(s, "QC", "QH")
    refused(s, Play(("QD", "QS")), "only_jack_on_q2")


def test_q2_on_a_single_queen_costs_no_draw() -> None:
    s = deal(["QC 3C 4C 5C QH", "JD AD KD 2D 6D"], "QS")
    play(s, "QC", "QH")
    assert s.view(0)["hand"] == ["3C", "4C", "5C"]
    assert s.view(None)["stock_size"] == 52 - 10 - 1


def test_q2_in_either_order() -> None:
    s = deal(["QC 3C 4C 5C QH", "JD AD KD 2D 6D"], "5H")
    assert GAME.parse_move({"type": "play", "cards": ["QH", "QC"]}) == Play(("QC", "QH"))
    s.apply(0, GAME.parse_move({"type": "play", "cards": ["QH", "QC"]}))
    assert s.view(None)["q2_round"]


def test_rule3_same_rank_legal_then_draw_one() -> None:
    s = deal(["7C 3C 4C 5C KH", "2D 3D 4D 5D 6D"], "7H", stock="9S")
    events = play(s, "7C")
    assert s.view(0)["hand"] == ["3C", "4C", "5C", "KH", "9S"]
    assert [e.kind for e in events if e.visible_to(0)] == ["play", "draw"]
    assert s.current == 1


def test_rule4_ace_beats_any_face_card() -> None:
    for top in ("JS", "QS", "KS", "JC"):
        s = deal(["AC 3D 4D 5D KH", "2D 3H 4H 5H 6D"], top)
        assert beats(card("AC"), card(top))
        assert Play(("AC",)) in s.legal_moves()
    # the issue's example: an Ace on a Jack of another suit is accepted
    s = deal(["AC 3D 4D 5D KH", "2D 3H 4H 5H 6D"], "JH")
    play(s, "AC")
    assert s.view(None)["top"] == ["AC"]


def test_rule5_face_card_on_an_ace_refused() -> None:
    s = deal(["KS 3D 4D 5D KH", "2D 3H 4H 5H 6D"], "AH")
    refused(s, Play(("KS",)), "face_on_ace")
    # numbers of another suit are higher than the Ace: still legal
    assert Play(("3D",)) in s.legal_moves()


def test_rule5_option_face_on_ace_true() -> None:
    s = deal(["KS 3D 4D 5D KH", "2D 3H 4H 5H 6D"], "AH", options={"face_on_ace": True})
    assert Play(("KS",)) in s.legal_moves()  # another suit: higher wins
    assert Play(("KH",)) not in s.legal_moves()  # same suit: the King is not lower than the Ace


def test_rule6_same_suit_lower_card_is_stronger() -> None:
    s = deal(["4C 9H 4D 5D KH", "2D 3H 4H 5H 6D"], "QC")
    assert Play(("4C",)) in s.legal_moves()  # ♣4 beats ♣Q
    s = deal(["9H 2S 4D 5D KS", "2D 3H 4H 5H 6D"], "10H")
    assert Play(("9H",)) in s.legal_moves()  # ♥9 beats ♥10
    s = deal(["KC 2S 4D 5D 6S", "2D 3H 4H 5H 6D"], "QC")
    refused(s, Play(("KC",)), "does_not_beat_top")


def test_rule7_other_suit_higher_card_is_stronger() -> None:
    s = deal(["JS 4C 9D 8D KS", "2D 3H 4H 5H 6D"], "10H")
    assert Play(("JS",)) in s.legal_moves()  # ♠J beats ♥10
    refused(s, Play(("4C",)), "does_not_beat_top")
    refused(s, Play(("9D",)), "does_not_beat_top")


def test_issue_example_king_on_ace_of_other_suit_refused() -> None:
    s = deal(["KS 3D 4D 5D 9C", "2D 3H 4H 5H 7D"], "AD")
    refused(s, Play(("KS",)), "face_on_ace")


@pytest.mark.parametrize("x", [c.code for c in deck_52()])
@pytest.mark.parametrize("top", ["AH", "5H", "10S", "JD", "QC", "KH"])
def test_beats_matches_the_stated_order(x: str, top: str) -> None:
    xc, tc = card(x), card(top)
    if xc.rank == tc.rank:
        want = True
    elif xc.rank == 1 and tc.rank >= 11:
        want = True
    elif tc.rank == 1 and xc.rank >= 11:
        want = False
    elif xc.suit is tc.suit:
        want = xc.rank < tc.rank
    else:
        want = xc.rank > tc.rank
    assert beats(xc, tc) is want


# --- drawing, the Q² round, the free lead --------------------------------------------------


def test_cannot_or_will_not_play_draws_one_and_turn_ends() -> None:
    s = deal(["2C 3C 4C 5C KH", "2D 3D 4D 5D 6D"], "9S", stock="AS")
    assert Play(("KH",)) in s.legal_moves()  # could play, chooses to draw
    events = draw(s)
    assert s.view(0)["hand"][-1] == "AS"
    assert s.current == 1
    assert s.view(None)["top"] == ["9S"]  # the drawn card is not played
    mine = [e for e in events if e.visible_to(0)]
    theirs = [e for e in events if e.visible_to(1)]
    assert mine[0].data["card"] == "AS" and theirs[0].data["card"] is None
    spectator = [e for e in events if e.visible_to(None)]
    assert [e.data["card"] for e in spectator] == [None]  # spectators see that a draw happened


def test_q2_round_each_player_jack_or_draw_then_free_lead() -> None:
    s = deal(["QC 3C 4C 5C QH", "2D 3D 4D 5D 6D", "2S 3S 4S 5S 6S"], "9H", stock="7H 8H 9C")
    play(s, "QC", "QH")
    assert s.current == 1 and s.legal_moves() == [Draw()]
    draw(s)
    assert s.current == 2 and s.legal_moves() == [Draw()]
    draw(s)
    # the round came back to the Q² player: any single card, no Q², even one that would not beat
    assert s.current == 0 and s.view(None)["free_lead"]
    assert set(s.legal_moves()) == {Play((c,)) for c in ("3C", "4C", "5C")} | {Draw()}
    play(s, "5C")
    assert s.view(None)["top"] == ["5C"] and not s.view(None)["free_lead"]
    assert Play(("6D",)) in s.legal_moves()  # normal play resumes: ♦6 beats ♣5


def test_first_jack_ends_the_q2_round() -> None:
    s = deal(["QC 3C 4C 5C QH", "2D 3D 4D 5D 6D", "JS 3S 4S 5S 6S"], "9H", stock="7H 8H")
    play(s, "QC", "QH")
    draw(s)
    events = play(s, "JS")
    assert any(e.kind == "joe" for e in events)
    assert s.current == 0 and not s.view(None)["free_lead"]
    assert s.view(None)["top"] == ["JS"]
    refused(s, Play(("3C",)), "does_not_beat_top")


def test_q2_return_option_beat_queen() -> None:
    s = deal(
        ["QC 3C KD 5C QH", "2D 3D 4D 5D 6D"], "9H", stock="7H", options={"q2_return": "beat_queen"}
    )
    play(s, "QC", "QH")
    draw(s)
    assert s.view(None)["free_lead"]
    legal = s.legal_moves()
    assert Play(("KD",)) in legal  # beats a Queen of another suit
    assert Play(("3C",)) in legal  # lower card of a Queen's suit (♣)
    assert Play(("5C",)) in legal
    s2 = deal(
        ["QC 3D KD 5S QH", "2D 3H 4D 5D 6D"], "9H", stock="7H", options={"q2_return": "beat_queen"}
    )
    play(s2, "QC", "QH")
    draw(s2)
    refused(s2, Play(("3D",)), "does_not_beat_top")


# --- winning -------------------------------------------------------------------------------


def test_emptying_the_hand_wins_at_once() -> None:
    s = deal(["2C 3C 4C 5C KH", "2D 3D 4D 5D 6D"], "9S")
    s.hands[0] = [card("KH")]  # a near-finished position, then the real rules
    events = play(s, "KH")
    assert s.is_over and s.result().winners == (0,)
    assert events[-1].kind == "game_over"
    assert s.legal_moves() == []
    refused_after = pytest.raises(IllegalMove)
    with refused_after as exc:
        s.apply(1, Draw())
    assert exc.value.code == "game_over"


def test_q2_as_the_last_two_cards_wins() -> None:
    s = deal(["QC 3C 4C 5C QH", "2D 3D 4D 5D 6D"], "9H")
    s.hands[0] = [card("QC"), card("QH")]
    play(s, "QC", "QH")
    assert s.is_over and s.result().winners == (0,) and s.result().reason == "emptied_hand"


def test_equal_rank_last_card_does_not_win_its_draw_follows() -> None:
    s = deal(["9C 3C 4C 5C KH", "2D 3D 4D 5D 6D"], "9H", stock="8S")
    s.hands[0] = [card("9C")]
    play(s, "9C")
    assert not s.is_over
    assert s.view(0)["hand"] == ["8S"]


# --- empty stock ---------------------------------------------------------------------------

TEN = [
    f"{r}{s}"
    for s in "CDHS"
    for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
]


def ten_players() -> list[str]:
    """Ten hands with the King of Spades face up in seat 0, so seat 0 starts."""
    cards = [c for c in TEN if c not in ("KS", "9H", "2H")]
    cards.insert(4, "KS")
    hands = [cards[i * 5 : i * 5 + 5] for i in range(10)]
    return [" ".join(h) for h in hands]


def test_empty_stock_reshuffles_discard_except_top() -> None:
    hands = ten_players()
    s = deal(hands, "9H", stock="2H")
    assert s.current == 0 and s.view(None)["stock_size"] == 1
    play(s, "KS")  # discard: 9H KS
    draw(s)  # seat 1 takes the last card
    events = draw(s)  # seat 2: reshuffle (9H back to the stock), then draw it
    kinds = [e.kind for e in events if e.to is None]
    assert kinds[0] == "reshuffle" and events[0].data["stock"] == 1
    assert s.view(None)["top"] == ["KS"]
    assert s.view(2)["hand"][-1] == "9H"


def test_reshuffle_keeps_a_top_q2() -> None:
    hands = [h.split() for h in ten_players()]
    # give seat 0 two Queens by swapping with whoever holds them
    for q, slot in (("QC", 0), ("QH", 1)):
        holder = next(i for i, h in enumerate(hands) if q in h)
        j = hands[holder].index(q)
        hands[holder][j], hands[0][slot] = hands[0][slot], hands[holder][j]
    s = deal([" ".join(h) for h in hands], "9H", stock="2H")
    assert s.current == 0
    play(s, "QC", "QH")  # discard: 9H QC QH, the Q² on top
    draw(s)  # seat 1 takes the last card
    events = draw(s)  # seat 2: only 9H goes back to the stock
    assert events[0].kind == "reshuffle" and events[0].data["stock"] == 1
    assert s.view(None)["top"] == ["QC", "QH"] and s.view(None)["q2_round"]
    assert s.view(2)["hand"][-1] == "9H"


def test_nothing_to_draw_passes_and_everyone_passing_ends_fewest_cards_win() -> None:
    s = deal(ten_players(), "9H", stock="2H")
    draw(s)  # seat 0 draws the last card: 6 cards
    for _ in range(9):
        events = draw(s)
        assert [e.kind for e in events] == ["pass"]
        assert not s.is_over
    events = draw(s)  # seat 0 passes too: the tenth pass in a row
    assert s.is_over
    r = s.result()
    assert r.reason == "deadlock" and r.winners == tuple(range(1, 10))


def test_a_play_or_a_draw_resets_the_pass_count() -> None:
    s = deal(["2C 3C 4C 5C KH", "2D 3D 4D 5D 10D"], "9H")
    s.stock.clear()  # a position with nothing left to draw
    draw(s)
    assert s.view(None)["passes"] == 1
    play(s, "10D")  # a play resets the count
    assert s.view(None)["passes"] == 0
    draw(s)  # 9H is shuffled back and drawn: a draw resets it too
    assert s.view(None)["passes"] == 0 and s.view(0)["hand"][-1] == "9H"
    draw(s)
    assert not s.is_over and s.view(None)["passes"] == 1
    draw(s)
    assert s.is_over and s.result().winners == (1,)


def test_hidden_cards_stay_hidden_but_shown_ones_are_public() -> None:
    s = deal(["2C 3C 4C 5C KH", "2D 3D 4D 5D 6D"], "9H")
    v1 = s.view(1)
    assert "hand" in v1 and v1["hand"] == ["2D", "3D", "4D", "5D", "6D"]
    assert v1["shown"]["0"] == ["KH"]  # face-up card, public
    spectator = s.view(None)
    assert "hand" not in spectator
    assert {c.code for c in s.secret_cards(1)} >= {"2C", "3C", "4C", "5C"}
    assert "KH" not in {c.code for c in s.secret_cards(1)}


# --- rulings pinned against mutation (bench/RESULTS.md, "Mutation testing") -----------------


def test_a_jack_on_a_q2_as_the_last_card_wins_at_once() -> None:
    s = deal(["QC 3C 4C 5C QH", "JD 3D 4D 5D 6D"], "9S", stock="7H 8H")
    s.hands[1] = [card("JD")]  # a near-finished position, then the real rules
    play(s, "QC", "QH")
    events = play(s, "JD")
    assert [e.kind for e in events] == ["play", "joe", "game_over"]
    r = s.result()
    assert s.is_over and r.winners == (1,) and r.reason == "emptied_hand"


def test_q2_return_defaults_to_free_lead() -> None:
    """By default the Q² player, when the round comes back, leads a card that beats no Queen."""
    assert GAME.parse_options(None).q2_return == "free_lead"
    s = deal(["QC 3C 4C 3D QH", "2S 3S 4S 5S 6S"], "9H", stock="7H 8H")
    play(s, "QC", "QH")
    draw(s)
    assert Play(("3D",)) in s.legal_moves()  # ♦3 beats neither ♣Q nor ♥Q
    events = play(s, "3D")
    assert [e.kind for e in events] == ["play"]  # no draw either
    assert s.view(None)["top"] == ["3D"] and s.current == 1


def test_a_shown_card_played_then_drawn_again_is_hidden_again() -> None:
    """Seat 0's face-up ♠K is played, covered, reshuffled and drawn by seat 3: nobody else
    may know where it went."""
    s = deal(ten_players(), "9H", stock="2H", seed=0)
    play(s, "KS")  # seat 0's shown card
    draw(s)  # seat 1 takes the last card
    play(s, "AC")  # seat 2: an Ace beats any face card
    draw(s)  # seat 3: 9H and KS reshuffled; seed 0 makes it draw KS
    assert s.view(3)["hand"][-1] == "KS"
    assert s.view(None)["shown"]["3"] == ["7D"]  # its own fifth card, not KS
    assert card("KS") in s.secret_cards(None) and card("KS") not in s.secret_cards(3)


def test_after_a_q2_round_a_q2_is_refused_single_card_only() -> None:
    s = deal(["QC QS QD 5C QH", "2S 3S 4S 5S 6S"], "9H", stock="7H 8H")
    play(s, "QC", "QH")
    draw(s)
    refused(s, Play(("QD", "QS")), "single_card_only")


def test_unknown_move_types_are_refused_bad_move() -> None:
    s = deal(["2C 3C 4C 5C KH", "2D 3D 4D 5D 6D"], "9S")
    with pytest.raises(IllegalMove) as exc:
        s.check("draw")
    assert exc.value.to_dict() == {
        "code": "bad_move",
        "message": "Unknown move.",
        "message_fr": "Coup inconnu.",
    }


def test_beat_queen_a_queen_led_on_return_draws() -> None:
    """With ``beat_queen`` a Queen led on the pair's return is an equal rank: its player draws."""
    s = deal(
        ["QC 3C QD 5C QH", "2S 3S 4S 5S 6S"],
        "9H",
        stock="7H 8H",
        options={"q2_return": "beat_queen"},
    )
    play(s, "QC", "QH")
    draw(s)  # seat 1 has no Jack: draws 7H
    events = play(s, "QD")
    assert [e.kind for e in events if e.visible_to(0)] == ["play", "draw"]
    assert events[1].data == {"card": "8H", "reason": "equal_rank"} and s.current == 1


def test_the_q2_player_who_draws_starts_a_new_jack_or_draw_round() -> None:
    s = deal(["QC 3C 4C 5C QH", "JD 3D 4D 5D 6D"], "9S", stock="7H 8H 9C")
    play(s, "QC", "QH")
    draw(s)  # seat 1 keeps its Jack
    draw(s)  # back to seat 0, who draws instead of leading
    v = s.view(None)
    assert not v["free_lead"] and v["q2_round"] and v["top"] == ["QC", "QH"]
    assert s.current == 1 and set(s.legal_moves()) == {Play(("JD",)), Draw()}


def test_a_player_with_nothing_to_draw_passes_saying_why() -> None:
    s = deal(ten_players(), "9H", stock="2H")
    draw(s)  # seat 0 takes the last card; the défausse is its top card alone
    events = draw(s)
    assert [(e.kind, e.seat, e.data) for e in events] == [("pass", 1, {"reason": "draw"})]


def test_view_names_the_game_and_the_result_once_over() -> None:
    s = deal(["2C 3C 4C 5C KH", "2D 3D 4D 5D 6D"], "9S")
    assert s.view(None)["game"] == "q2j" and "result" not in s.view(None)
    s.hands[0] = [card("KH")]
    play(s, "KH")
    assert list(s.view(1)["result"]["winners"]) == [0]


def test_moves_are_described_in_both_languages() -> None:
    assert GAME.describe_move(Draw()) == "draw" and GAME.describe_move(Draw(), "fr") == "piocher"
    both = Play(("QC", "QH"))
    assert GAME.describe_move(both) == "play Queen of Clubs + Queen of Hearts"
    assert GAME.describe_move(both, "fr") == "jouer Dame de trèfle + Dame de cœur"
