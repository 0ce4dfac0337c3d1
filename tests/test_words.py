"""The words every game's sentences share (``atout.games.sentences``), pinned against mutation
(bench/RESULTS.md): seat lists, label lists, unknown reasons, the time-out in French."""

from __future__ import annotations

from atout.games import get_game, sentences
from atout.games.base import Event


def test_seat_lists_and_label_lists() -> None:
    assert sentences.seats([0, 2], "en") == "P1 and P3" and sentences.seats((1,), "fr") == "J2"
    assert sentences.seats([0, 1, 3], "fr") == "J1, J2 et J4" and sentences.seats([], "en") == ""
    assert sentences.seat(None, "en") == "the game master"
    assert sentences.labels(["QH", "KD"], "fr") == "D♥ R♦"
    assert sentences.labels(["QH", "KD"], "en", sep=" + ") == "Q♥ + K♦"


def test_a_card_with_its_article_elides_before_an_ace_in_french() -> None:
    assert sentences.the("AH", "fr") == "l'A♥" and sentences.the("7S", "fr") == "le 7♠"
    assert sentences.the("QD", "fr") == "le D♦" and sentences.the("AH", "en") == "the A♥"


def test_result_reasons_in_words() -> None:
    assert sentences.reason("deadlock", "fr") == "plus rien à piocher : le moins de cartes gagne"
    assert sentences.reason("target", "en") == "a total reached the target: fewest points wins"
    assert sentences.reason("some_new_reason", "fr") == "some new reason"


def test_the_time_out_in_french_with_and_without_a_move() -> None:
    game = get_game("q2j")
    e = Event("timeout", 0, {"move": {"type": "draw"}})
    assert sentences.timeout(game, e, "fr") == (
        "J1 n'a plus de temps ; le maître du jeu joue à sa place : piocher."
    )
    assert sentences.timeout(game, e, "en") == (
        "P1 ran out of time; the game master plays for them: draw."
    )
    assert sentences.timeout(game, Event("timeout", 0, {}), "fr") == "J1 n'a plus de temps."
    bad = Event("timeout", 0, {"move": {"type": "nonsense"}})
    assert sentences.timeout(game, bad, "fr") == "J1 n'a plus de temps."
