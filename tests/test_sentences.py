"""The sentences players read: seat names per language, French rank letters, the time-out."""

from __future__ import annotations

import random
import re

import msgspec
import pytest

from atout.games import get_game, sentences
from atout.games.base import Event

GAMES = ("q2j", "quinze", "pouilleux")
EN_SEAT_AS_J = re.compile(r"\bJ\d")  # "J2" in an English sentence (P2 is right)
FR_SEAT_AS_P = re.compile(r"\bP\d")
EN_LETTER_IN_FR = re.compile(r"(?<![A-Za-z])[JQK][♣♦♥♠]")  # "Q♥" in French (D♥ is right)


def test_seat_names_and_labels() -> None:
    assert sentences.seat(1, "en") == "P2" and sentences.seat(1, "fr") == "J2"
    assert sentences.seat(None, "fr") == "le maître du jeu"
    assert [sentences.label(c, "fr") for c in ("QH", "JS", "KD", "AC", "10H")] == [
        "D♥",
        "V♠",
        "R♦",
        "A♣",
        "10♥",
    ]
    assert sentences.labels(["QH", "JS"], "en") == "Q♥ J♠"
    assert sentences.reason("emptied_hand", "en") == "a player has no cards left"
    assert "emptied_hand" not in sentences.reason("emptied_hand", "fr")


def _playout(game_id: str, players: int, seed: int) -> list[Event]:
    game = get_game(game_id)
    state = game.setup(players, seed=seed)
    rng = random.Random(seed)
    events = list(state.start_events())
    while state.current is not None and state.move_count < 400:
        events += state.apply(state.current, rng.choice(list(state.legal_moves())))
    return events


@pytest.mark.parametrize("game_id", GAMES)
def test_sentences_use_the_language_s_seat_names_and_rank_letters(game_id: str) -> None:
    game = get_game(game_id)
    seen_fr_face = False
    for seed in range(4):
        for e in _playout(game_id, 3, seed):
            en, fr = game.describe(e, "en"), game.describe(e, "fr")
            assert not EN_SEAT_AS_J.search(en), en
            assert not FR_SEAT_AS_P.search(fr), fr
            assert not EN_LETTER_IN_FR.search(fr), fr
            assert "{" not in en and "{" not in fr, (en, fr)
            seen_fr_face |= bool(re.search(r"[VDR][♣♦♥♠]", fr))
    assert seen_fr_face or game_id == "q2j"  # Q²J's sentences name cards in full


def test_quinze_fifteen_in_french_uses_french_letters() -> None:
    game = get_game("quinze")
    e = Event("fifteen", 0, {"cards": ["3C", "QH"], "values": [3, 12], "table": []})
    assert game.describe(e, "fr") == "J1 fait un quinze : D♥ + 3♣ = 15."
    assert game.describe(e, "en") == "P1 makes a fifteen: Q♥ + 3♣ = 15."


@pytest.mark.parametrize("game_id", GAMES)
def test_timeout_event_has_a_sentence(game_id: str) -> None:
    """The game master puts a ``timeout`` event, with the move it made, before that move's
    events; every game says it in words."""
    game = get_game(game_id)
    state = game.setup(3, seed=5)
    move = msgspec.to_builtins(state.default_move())  # what the game master records
    e = Event("timeout", 1, {"move": move})
    en, fr = game.describe(e, "en"), game.describe(e, "fr")
    assert en.startswith("P2 ran out of time; the game master plays for them: "), en
    assert fr.startswith("J2 n'a plus de temps ; le maître du jeu joue à sa place : "), fr
    assert game.describe_move(state.default_move(), "en") in en
    assert "{" not in en + fr and "timeout" not in en + fr
    bad = Event("timeout", 1, {"move": {"type": "nonsense"}})
    assert game.describe(bad, "en") == "P2 ran out of time."


def test_pouilleux_game_over_names_the_holder() -> None:
    game = get_game("pouilleux")
    e = Event(
        "game_over",
        None,
        {"winners": [1], "losers": [0], "reason": "emptied_hand", "pouilleux": 0, "hands": {}},
    )
    en, fr = game.describe(e, "en"), game.describe(e, "fr")
    assert (
        en
        == "P2 has no cards left and wins! P1 holds the pouilleux (J♠): the grand perdant (big loser)."
    )
    assert fr == "J2 n'a plus de cartes et gagne ! J1 a le pouilleux (V♠) : grand perdant."
    two = Event(
        "game_over", None, {"winners": [0], "losers": [], "reason": "emptied_hand", "pouilleux": 1}
    )
    assert game.describe(two, "en").endswith("The pouilleux (J♠): P2.")


@pytest.mark.parametrize("p", [0, 1, 49, 50, 98, 99, 100])
def test_q2j_hint_never_says_probably_with_a_certainty(p: int) -> None:
    from atout.bots.heuristic.q2j import explain

    params = {"cards": ["5H"], "next": 1, "p": p, "top": ["3C"]}
    en, fr = explain("shed", params, "en"), explain("shed", params, "fr")
    assert "P2" in en and "J2" in fr
    assert "100%" not in en and "100 %" not in fr and " 0%" not in en and " 0 %" not in fr
    if "probably" in en:
        assert 50 <= p < 99
    if p >= 99:
        assert "almost certainly" in en and "presque sûrement" in fr
