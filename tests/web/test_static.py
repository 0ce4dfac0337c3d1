"""atout.web.static_file: the right bytes and types for the page's files, nothing else."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import atout.web
from atout.web import static_file

WEB = Path(atout.web.__file__).parent


def test_index_is_the_page():
    for path in ("/", "/index.html"):
        found = static_file(path)
        assert found is not None
        body, kind = found
        assert kind == "text/html; charset=utf-8"
        assert body == (WEB / "index.html").read_bytes()
        assert b"/static/app.js" in body and b"/static/style.css" in body


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("app.js", "text/javascript; charset=utf-8"),
        ("net.js", "text/javascript; charset=utf-8"),
        ("cards.js", "text/javascript; charset=utf-8"),
        ("i18n.js", "text/javascript; charset=utf-8"),
        ("words.json", "application/json"),
        ("style.css", "text/css; charset=utf-8"),
    ],
)
def test_static_files_and_their_types(name, kind):
    found = static_file(f"/static/{name}")
    assert found == ((WEB / name).read_bytes(), kind)


def test_every_module_the_page_imports_is_served():
    """Each ``import ... from "./x.js"`` and each file index.html names resolves (no build step,
    nothing from elsewhere)."""
    page = static_file("/")[0].decode()
    wanted = set(re.findall(r'(?:href|src)="/static/([^"]+)"', page))
    todo = [n for n in wanted if n.endswith(".js")]
    while todo:  # the modules' own imports, to the bottom
        text = static_file(f"/static/{todo.pop()}")[0].decode()
        for found in re.findall(r'from "\./([^"]+)"', text):
            if found not in wanted:
                wanted.add(found)
                todo.append(found)
    assert {
        "app.js",
        "style.css",
        "net.js",
        "cards.js",
        "i18n.js",
        "words.json",
        "table.js",
        "dom.js",
        "layouts.js",
        "anim.js",
        "sound.js",
        "deck.js",
    } <= wanted
    for name in wanted:
        assert static_file(f"/static/{name}") is not None, name
    for name in wanted | {"index.html"}:
        text = (WEB / name).read_text()
        assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", text), (
            f"{name} loads from elsewhere"
        )


@pytest.mark.parametrize(
    "path",
    [
        "/static/../__init__.py",
        "/static/..%2f__init__.py",
        "/static/%2e%2e/__init__.py",
        "/static/__init__.py",
        "/static/",
        "/static",
        "/static/.hidden.js",
        "/static//etc/passwd",
        "/static/./app.js",
        "/static/sub/../app.js",
        "/static/app.js/",
        "/static/app.js\x00.css",
        "/static/app\\..\\x.js",
        "/static/nope.js",
        "/static/app.py",
        "/static/app",
        "/../pyproject.toml",
        "/etc/passwd",
        "/index.htm",
        "/ws",
        "/health",
        "",
        "//",
    ],
)
def test_refused(path):
    assert static_file(path) is None


@given(st.text(max_size=40))
def test_never_serves_outside_the_package(name):
    """Whatever follows /static/, a file is served only if it is one of the package's web files."""
    found = static_file("/static/" + name)
    if found is not None:
        assert (WEB / name).resolve().parent == WEB.resolve()
        assert found[0] == (WEB / name).read_bytes()
        assert Path(name).suffix in {".js", ".css", ".html"}


def test_every_option_of_every_game_has_a_players_words_in_both_languages():
    """The form shows options in a player's words (the game master's descriptions are for
    developers: "'free_lead' — …"); a table of each language, for every option of every game,
    and the English help names the values as the form shows them, never their ids."""
    import json

    from atout.games import all_games

    words = json.loads((WEB / "words.json").read_text())
    for game in all_games().values():
        for spec in game.option_specs():
            for table in ("options_en", "options_fr"):
                label, help_ = words[table][spec["name"]]
                assert label and help_, (table, spec["name"])
            help_en = words["options_en"][spec["name"]][1]
            for value in spec.get("enum", []):
                assert f"'{value}'" not in help_en, (spec["name"], value)  # an id, quoted
                assert f"“{words['values'][value][0]}”" in help_en, (spec["name"], value)


def test_the_pages_own_game_titles_are_the_game_masters():
    """A page opened alone (a leaderboard or replay link, before any connection) names the games
    with its own words: the same titles as the game master's, not shorter ones."""
    import json

    from atout.games import all_games

    words = json.loads((WEB / "words.json").read_text())
    for game in all_games().values():
        assert words["texts"][f"title_{game.id}"] == [game.titles["en"], game.titles["fr"]], game.id
