"""The words once written in code beside their French now come from the catalogue (issue 29):
an error made of them keeps its message id, so it can be told in a language the code never
named; a third language is one directory."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from atout.bots.levels import LEVELS, level_id
from atout.cards import Colour, Suit, card, rank_name
from atout.cliutil import CommandLineError, check_lang, error_line, options_from_pairs
from atout.games import get_game
from atout.games.base import Field, shows
from atout.games.common import cards_in_hand, unknown_move
from atout.games.errors import AtoutError
from atout.games.fifteens import check_fifteen, check_fifteens
from atout.locales import add_words, remove_words
from atout.protocol.codec import MAX_DEPTH, decode_client


@pytest.fixture
def pirate(tmp_path: Path) -> Iterator[Path]:
    """A language with no files but an empty one: everything it lacks is said in English."""
    (tmp_path / "xx").mkdir()
    (tmp_path / "xx" / "errors.ftl").write_text("", "utf-8")
    add_words(tmp_path)
    try:
        yield tmp_path
    finally:
        remove_words(tmp_path)


def told(e: AtoutError) -> tuple[str, str]:
    """The error's message id, and its English said again from the catalogue."""
    assert e.words is not None, f"{e.code}: {e.message!r} is written in code, not the catalogue"
    return e.words[0], e.text("xx")


def test_the_codec_refusals_are_the_catalogues(pirate):
    for frame, msg_id in [
        (b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1), "error-protocol-too-deep"),
        ('{"cmd": "\ud800"}', "error-protocol-bad-utf8"),
        (b'{"cmd": "nope"}', "error-protocol-bad-message"),
    ]:
        with pytest.raises(AtoutError) as got:
            decode_client(frame)
        assert told(got.value) == (msg_id, got.value.message)
        assert got.value.message_fr.startswith("Message invalide")
    with pytest.raises(AtoutError) as got:
        decode_client(b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1))
    assert got.value.message == f"Bad message: more than {MAX_DEPTH} levels of nesting."


def refusals() -> list[tuple[str, Callable[[], object]]]:
    """(code, a call that raises it) for each refusal the games share."""
    q2j = get_game("q2j")
    state = q2j.setup(2, seed=1)
    hand = [card("QH"), card("7S")]
    return [
        ("game_over", lambda: finished().apply(0, None)),
        ("not_your_turn", lambda: state.apply(1 - state.current, None)),
        ("bad_move", lambda: q2j.parse_move({"type": "nope"})),
        ("bad_options", lambda: q2j.parse_options({"nope": 1})),
        ("bad_deck", lambda: q2j.setup(2, deck=["ZZ"])),
        ("bad_deck", lambda: q2j.setup(2, deck=["QH"])),
        ("bad_player_count", lambda: q2j.check_players(99)),
        ("unknown_game", lambda: get_game("nope")),
        ("bad_move", unknown_move_raised),
        ("duplicate_card", lambda: cards_in_hand(["QH", "QH"], hand)),
        ("unknown_card", lambda: cards_in_hand(["ZZ"], hand)),
        ("card_not_in_hand", lambda: cards_in_hand(["KS"], hand)),
        ("card_not_available", lambda: check_fifteen(hand, [], ["ZZ"])),
        ("card_reused", lambda: check_fifteens(hand, [card("8S")], [["7S", "8S"], ["7S"]])),
        ("too_few_cards", lambda: check_fifteen(hand, [], ["7S"])),
        ("no_hand_card", lambda: check_fifteen(hand, [card("8S"), card("7D")], ["8S", "7D"])),
        ("not_fifteen", lambda: check_fifteen(hand, [card("2S")], ["7S", "2S"])),
        ("not_fifteen", lambda: check_fifteen(hand, [card("AS")], ["7S", "AS"])),
    ]


def finished() -> Any:
    """A game of Q²J played to its end by its first legal move each turn."""
    state = get_game("q2j").setup(2, seed=1)
    while state.current is not None:
        state.apply(state.current, state.legal_moves()[0])
    return state


def unknown_move_raised() -> None:
    raise unknown_move()


@pytest.mark.parametrize(("code", "call"), refusals())
def test_the_games_refusals_are_the_catalogues(pirate, code, call):
    with pytest.raises(AtoutError) as got:
        call()
    assert got.value.code == code
    msg_id, again = told(got.value)
    assert again == got.value.message and got.value.message != got.value.message_fr
    assert msg_id.startswith(("refused-", "quinze-refused-"))


def test_a_refusal_names_its_cards_in_each_language():
    with pytest.raises(AtoutError) as got:
        cards_in_hand(["KS"], [card("QH")])
    assert got.value.message == "King of Spades is not in your hand."
    assert got.value.message_fr == "Roi de pique n'est pas dans votre main."
    with pytest.raises(AtoutError) as got:
        get_game("q2j").check_players(99)
    assert got.value.message == "Q Squared Joe is played by 2 to 10 players."
    assert got.value.message_fr == "Q Squared Joe (Q²J) se joue de 2 à 10 joueurs."


@pytest.fixture
def german(tmp_path: Path) -> Iterator[Path]:
    """Two messages of the command line in German, nothing else."""
    (tmp_path / "de").mkdir()
    (tmp_path / "de" / "cli.ftl").write_text(
        "cli-error = Fehler: { $text }\n"
        "cli-option-form = -o { $item }: eine Option ist Name=Wert\n",
        "utf-8",
    )
    add_words(tmp_path)
    try:
        yield tmp_path
    finally:
        remove_words(tmp_path)


def test_a_command_line_mistake_is_said_in_a_third_language(german):
    assert check_lang("de") == "de"
    with pytest.raises(CommandLineError) as got:
        options_from_pairs(["face_on_ace"])
    assert error_line(got.value, "de") == ("Fehler: -o face_on_ace: eine Option ist Name=Wert", 2)
    with pytest.raises(CommandLineError) as got:  # what German lacks is said in English
        options_from_pairs(["face_on_ace=maybe"], ["q2j"])
    assert error_line(got.value, "de") == (
        "Fehler: -o face_on_ace=maybe: face_on_ace is true or false",
        2,
    )
    assert (
        error_line(got.value, "fr")[0]
        == "Erreur : -o face_on_ace=maybe : face_on_ace vaut true ou false"
    )


def test_a_cards_name_is_the_catalogues_in_any_language(tmp_path: Path):
    (tmp_path / "de").mkdir()
    (tmp_path / "de" / "common.ftl").write_text(
        "rank-name = { $rank ->\n    [Q] Dame\n   *[other] { $rank }\n}\n"
        "suit-name = { $suit ->\n    [H] Herz\n   *[other] Pik\n}\n"
        "card-name = { rank-name } von { suit-name }\n",
        "utf-8",
    )
    add_words(tmp_path)
    try:
        assert card("QH").name("de") == "Dame von Herz"
        assert (Suit.HEARTS.name_in("de"), rank_name(12, "de")) == ("Herz", "Dame")
        assert Colour.RED.name_in("de") == "red"  # what German lacks is said in English
    finally:
        remove_words(tmp_path)
    assert card("QH").name("fr") == "Dame de cœur" and card("JK1").name("fr") == "Joker"


def test_a_games_title_is_the_catalogues(tmp_path: Path):
    (tmp_path / "de").mkdir()
    (tmp_path / "de" / "quinze.ftl").write_text("quinze-title = Fünfzehn\n", "utf-8")
    add_words(tmp_path)
    try:
        assert get_game("quinze").title("de") == "Fünfzehn"
        assert get_game("q2j").title("de") == "Q Squared Joe"  # German lacks it: English
    finally:
        remove_words(tmp_path)
    assert get_game("pouilleux").titles == {
        "en": "Le Pouilleux (special pairs)",
        "fr": "Le Pouilleux (paires spéciales)",
    }


def test_a_levels_name_is_the_catalogues(tmp_path: Path):
    (tmp_path / "de").mkdir()
    (tmp_path / "de" / "bots.ftl").write_text("bots-level-fort = Stark\n", "utf-8")
    add_words(tmp_path)
    try:
        assert [lv.name("de") for lv in LEVELS] == ["Beginner", "Intermediate", "Stark", "Expert"]
    finally:
        remove_words(tmp_path)
    assert (LEVELS[0].en, LEVELS[0].fr) == ("Beginner", "Débutant")
    assert level_id("Débutant") == level_id("beginner") == "debutant"


def test_a_view_fields_words_are_the_catalogues():
    shown = shows("cards", "q2j-view-top", values={"x": "view-phase-over"}).extra["shown"]
    assert shown.field("top") == Field(
        "top", "cards", "Top of the pile", "Dessus de la pile", values={"x": ("over", "terminée")}
    )
    spec = get_game("quinze").view_spec
    phase = next(f for f in spec.fields if f.key == "phase.name")
    assert (phase.en, phase.fr, phase.values["play"]) == ("Phase", "Phase", ("playing", "en jeu"))
    assert next(f for f in spec.detail if f.key == "deals").en == "Deals played"
