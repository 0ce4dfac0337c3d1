"""The catalogue of words (``atout/locales/<lang>/*.ftl``, and a game's own beside its module):
every message of every file renders in English and French with every count and every variant,
none is missing from either language, no hand-rolled plural or gender is left; a third language
is one file per component. Also the words every game's sentences share (``atout.games.sentences``),
pinned against mutation (bench/RESULTS.md)."""

from __future__ import annotations

import ast
import itertools
import re
from pathlib import Path
from typing import Any

import pytest
from fluent.syntax import ast as ftl
from tests.server.harness import Harness

from atout.games import get_game, sentences
from atout.games.base import AtoutError, Event
from atout.locales import (
    HERE,
    Catalogue,
    MissingWords,
    add_words,
    both,
    remove_words,
    say,
    walk,
)

#: The package's words and the toy game's (a game from outside the package brings its own).
TOY = Path(__file__).parent / "toygame_home" / "words"
ROOTS = [HERE, TOY]
LANGS = ("en", "fr")
COUNTS = (0, 1, 2, 5)
#: A plural or a gender written by hand: "fifteen(s)", "posé(e)", "Perdant(s)".
HAND_ROLLED = re.compile(r"\w\((s|e|es|x|nt)\)")


def every_message() -> list[tuple[str, str]]:
    """(message, file) for every message of every file of every root, English's and French's."""
    cat = Catalogue(ROOTS)
    return sorted({(m, p.name) for lang in LANGS for m, p in cat.ids(lang).items()})


def parts() -> set[str]:
    """The messages that other messages refer to: parts of sentences."""
    cat = Catalogue(ROOTS)
    return {
        n.id.name
        for lang in LANGS
        for m in cat.ids(lang)
        for n in walk(cat.language(lang).entries[m])
        if isinstance(n, ftl.MessageReference)
    }


PARTS = parts()


def fillings(cat: Catalogue, msg: str) -> list[dict[str, Any]]:
    """Every way to fill ``msg``: each number at 0, 1, 2 and 5, each selector at each of its
    variants' keys (in either language), any other variable with a sample."""
    facts = [cat.facts(lang, msg) for lang in LANGS]
    variables = sorted(set().union(*(f.variables for f in facts)))
    choices = []
    for var in variables:
        if any(var in f.numbers for f in facts):
            choices.append(COUNTS)
        elif any(var in f.selectors for f in facts):
            keys = set().union(*(f.selectors.get(var, set()) for f in facts))
            choices.append(tuple(sorted(keys)))
        else:
            choices.append((f"‹{var}›",))
    return [dict(zip(variables, values, strict=True)) for values in itertools.product(*choices)]


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return Catalogue(ROOTS)


@pytest.mark.parametrize(("msg", "where"), every_message())
def test_every_message_renders_in_both_languages_with_every_count_and_variant(
    catalogue: Catalogue, msg: str, where: str
) -> None:
    for lang in LANGS:
        assert msg in catalogue.ids(lang), f"{msg} ({where}) is missing in {lang}"
    for args in fillings(catalogue, msg):
        for lang in LANGS:
            text = catalogue.say(lang, msg, **args)
            if msg not in PARTS:  # a part of a sentence may be empty, or start with a space
                assert text and text == text.strip(), (lang, msg, args, text)
            assert "  " not in text, (lang, msg, args, text)
            assert not re.search(r"[{}]|\?\?\?", text), (lang, msg, args, text)
            assert not HAND_ROLLED.search(text), (lang, msg, args, text)


def test_both_languages_have_the_same_files_and_messages() -> None:
    for root in ROOTS:
        files = {lang: sorted(p.name for p in (root / lang).glob("*.ftl")) for lang in LANGS}
        assert files["en"] == files["fr"] and files["en"], root
    cat = Catalogue(ROOTS)
    en, fr = set(cat.ids("en")), set(cat.ids("fr"))
    assert en - fr == set() and fr - en == set()


def test_no_plural_or_gender_is_written_by_hand_in_any_catalogue() -> None:
    for root in ROOTS:
        for path in sorted(root.glob("*/*.ftl")):
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                assert not HAND_ROLLED.search(line), f"{path}:{n}: {line}"
                assert "(s)" not in line, f"{path}:{n}: {line}"


def test_plurals_and_articles_are_the_catalogue_s() -> None:
    game = get_game("quinze")
    done = [Event("done", 0, {"fifteens": n}) for n in (0, 1, 2)]
    assert [game.describe(e, "en") for e in done] == [
        "P1 made no fifteen and ends the turn.",
        "P1 made 1 fifteen and ends the turn.",
        "P1 made 2 fifteens and ends the turn.",
    ]
    assert [game.describe(e, "fr", 0) for e in done] == [
        "Vous avez fait aucun quinze et finissez votre tour.",
        "Vous avez fait 1 quinze et finissez votre tour.",
        "Vous avez fait 2 quinze et finissez votre tour.",
    ]
    q2j = get_game("q2j")
    assert q2j.describe(Event("reshuffle", None, {"stock": 1}), "en").endswith("(1 card).")
    assert q2j.describe(Event("reshuffle", None, {"stock": 0}), "fr").endswith("(0 carte).")
    aces = {"cards": ["AS", "AC"], "rank": 1, "colour": "black"}
    laid = get_game("pouilleux").describe(Event("lay", 1, aces), "fr")
    assert laid.endswith("ne posent que des paires noires.") and "et impose le noir" in laid


def test_a_number_that_does_not_choose_a_plural_is_refused() -> None:
    with pytest.raises(MissingWords, match=r"number for \$x"):
        say("en", "q2j-refused-face-on-ace", x=3)
    assert say("en", "q2j-reshuffle", stock=2).endswith("(2 cards).")


def test_a_message_in_two_files_is_refused(tmp_path: Path) -> None:
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "mine.ftl").write_text("seat = Seat { $n }\n", encoding="utf-8")
    with pytest.raises(MissingWords, match="'seat' is in both"):
        Catalogue([HERE, tmp_path]).say("en", "seat", n="1")


#: A third language, German, as little of it as shows the point: one file per component.
GERMAN = {
    "common.ftl": """
seat = S{ $n }
list-and = { $most } und { $last }
card-name = { $rank ->
    [Q] Dame
   *[other] { $rank }
} { $suit ->
    [H] Herz
   *[other] Pik
}
""",
    "errors.ftl": """
error-game-over = Das Spiel ist aus.
""",
    "q2j.ftl": """
q2j-play = { $you ->
    [who] Du spielst { $names }.
   *[none] { $who } spielt { $names }.
}
""",
}


@pytest.fixture
def german(tmp_path: Path):
    for component, text in GERMAN.items():
        (tmp_path / "de").mkdir(exist_ok=True)
        (tmp_path / "de" / component).write_text(text, encoding="utf-8")
    add_words(tmp_path)
    try:
        yield tmp_path
    finally:
        remove_words(tmp_path)


def test_a_third_language_is_one_file_per_component(german: Path) -> None:
    game = get_game("q2j")
    play = Event("play", 1, {"cards": ["QH"]})
    assert game.describe(play, "de") == "S2 spielt Dame Herz."
    assert game.describe(play, "de", 1) == "Du spielst Dame Herz."
    assert sentences.seats([0, 2], "de") == "S1 und S3"
    # what German does not say yet is said in English, message by message
    assert game.describe(Event("pass", 0, {}), "de") == "S1 cannot draw and passes."
    assert game.describe(play, "fr") == "J2 joue Dame de cœur."  # the others are untouched


def test_an_error_from_the_catalogue_is_told_in_any_language_it_has(german: Path) -> None:
    """An error made of the catalogue's words keeps them (AtoutError.words) and is told in a
    third language; one written in English and French is told in English there."""
    said = AtoutError("game_over", *both("error-game-over"))
    assert said.words == ("error-game-over", {}) and type(said.message) is str
    assert [said.text(lang) for lang in ("en", "fr", "de", "xx")] == [
        "The game is over.",
        "La partie est terminée.",
        "Das Spiel ist aus.",
        "The game is over.",
    ]
    plain = AtoutError("x", "In English.", "En français.")
    assert plain.words is None
    assert [plain.text(lang) for lang in ("en", "fr", "de")] == [
        "In English.",
        "En français.",
        "In English.",
    ]
    assert AtoutError("x", "Only English.").text("fr") == "Only English."


def test_a_language_without_words_is_said_in_english() -> None:
    assert get_game("q2j").describe(Event("pass", 0, {}), "xx") == "P1 cannot draw and passes."


# --------------------------------------------------------------------------- the game master's errors

SERVER = Path(__file__).parents[1] / "src" / "atout" / "server"
#: The errors told to players, and the place of their English and French texts.
TOLD = {"ProtocolError": (1, 2), "ApiError": (1, 2), "AccountError": (1, 2), "IllegalMove": (1, 2)}


def inline_texts(path: Path) -> list[str]:
    """Where ``path`` writes an error's text itself instead of asking errors.ftl."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
        texts = [node.args[i] for i in TOLD.get(name, ()) if i < len(node.args)]
        texts += [k.value for k in node.keywords if k.arg in ("message", "message_fr")]
        if any(
            isinstance(t, ast.JoinedStr) or isinstance(getattr(t, "value", 0), str) for t in texts
        ):
            found.append(f"{path.relative_to(SERVER)}:{node.lineno} {name}")
    return found


def test_the_game_master_writes_no_error_text_itself() -> None:
    found = [x for path in sorted(SERVER.rglob("*.py")) for x in inline_texts(path)]
    assert found == []


def test_errors_are_told_in_both_languages_from_the_catalogue() -> None:
    h = Harness()
    ann = h.connect("ann")
    rep = h.request(ann, "join", table="nope")
    assert rep["body"]["code"] == "lobby.unknown_table"
    assert rep["body"]["message"] == say("en", "error-lobby-unknown-table", table="'nope'")
    assert rep["body"]["message_fr"] == "Pas de table 'nope'."
    tid = h.create(ann, "q2j", 3)
    rep = h.request(ann, "start", table=tid)  # an English-only text before the catalogue
    assert rep["body"]["code"] == "table.not_seated"
    assert (rep["body"]["message"], rep["body"]["message_fr"]) == (
        "Only a seated player may start the game.",
        "Seul un joueur assis peut lancer la partie.",
    )


# --------------------------------------------------------------------------- sentences.py


def test_seat_lists_and_label_lists() -> None:
    assert sentences.seats([0, 2], "en") == "P1 and P3" and sentences.seats((1,), "fr") == "J2"
    assert sentences.seats([0, 1, 3], "fr") == "J1, J2 et J4" and sentences.seats([], "en") == ""
    assert sentences.seat(None, "en") == "the game master"
    assert sentences.labels(["QH", "KD"], "fr") == "D♥ R♦"
    assert sentences.labels(["QH", "KD"], "en", sep=" + ") == "Q♥ + K♦"


def test_a_card_with_its_article_elides_before_an_ace_in_french() -> None:
    assert sentences.the("AH", "fr") == "l'A♥" and sentences.the("7S", "fr") == "le 7♠"
    assert sentences.the("QD", "fr") == "la D♦" and sentences.the("AH", "en") == "the A♥"
    assert sentences.the("KC", "fr") == "le R♣" and sentences.the("JK1", "fr") == "le 🃏"


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
