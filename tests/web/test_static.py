"""atout.web.static_file: the right bytes and types for the page's files, nothing else."""

from __future__ import annotations

import posixpath
import re
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import atout.web
from atout import locales
from atout.locales import Catalogue
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
        ("vendor/fluent-bundle/index.js", "text/javascript; charset=utf-8"),
        ("style.css", "text/css; charset=utf-8"),
    ],
)
def test_static_files_and_their_types(name, kind):
    found = static_file(f"/static/{name}")
    assert found == ((WEB / name).read_bytes(), kind)


def test_every_module_the_page_imports_is_served():
    """Each ``import ... from "./x.js"`` (relative to the module importing it: the vendored
    Fluent runtime imports its own) and each file index.html names resolves (no build step,
    nothing from elsewhere)."""
    page = static_file("/")[0].decode()
    wanted = set(re.findall(r'(?:href|src)="/static/([^"]+)"', page))
    todo = [n for n in wanted if n.endswith(".js")]
    while todo:  # the modules' own imports, to the bottom
        name = todo.pop()
        text = static_file(f"/static/{name}")[0].decode()
        for found in re.findall(r'from "(\./[^"]+)"', text):
            found = posixpath.normpath(posixpath.join(posixpath.dirname(name), found))
            if found not in wanted:
                wanted.add(found)
                todo.append(found)
    assert {
        "app.js",
        "style.css",
        "locales/languages.json",
        "locales/en/page.ftl",
        "net.js",
        "cards.js",
        "i18n.js",
        "vendor/fluent-bundle/index.js",
        "vendor/fluent-bundle/resolver.js",
        "table.js",
        "dom.js",
        "layouts.js",
        "anim.js",
        "sound.js",
        "deck.js",
        "morph.js",
    } <= wanted
    for name in wanted:
        assert static_file(f"/static/{name}") is not None, name
    for name in wanted | {"index.html"}:
        text = static_file(f"/static/{name}")[0].decode()
        # an import, a fetch or a file named by an address elsewhere (a link in a comment is not)
        assert not re.search(r'(?:from |import\(|fetch\(|src=|href=)["\']?https?://', text), (
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


@given(
    st.text(max_size=40)
    | st.builds(lambda p, n: p + n, st.sampled_from(["locales/", "vendor/"]), st.text(max_size=30))
)
def test_never_serves_outside_the_package(name):
    """Whatever follows /static/, a file is served only if it is one of the package's web files
    (its vendored ones included) or a file of the catalogue's words."""
    found = static_file("/static/" + name)
    if found is None or name == "locales/languages.json":
        return
    local = name.startswith("locales/")
    root = locales.HERE if local else WEB
    path = root / name.removeprefix("locales/")
    assert path.resolve().is_relative_to(root.resolve())
    assert found[0] == path.read_bytes()
    assert path.suffix in ({".ftl"} if local else {".js", ".css", ".html"})


def page_words(lang: str) -> Catalogue:
    """The catalogue of the page's own words in ``lang`` (its page.ftl alone)."""
    root = Path(tempfile.mkdtemp(prefix="atout-page-words-"))
    (root / lang).mkdir()
    shutil.copy(locales.HERE / lang / "page.ftl", root / lang / "page.ftl")
    return Catalogue([root])


def test_every_option_of_every_game_has_a_players_words_in_both_languages():
    """The form shows options in a player's words (the game master's descriptions are for
    developers: "'free_lead' — …"); page.ftl has them in each language, for every option of
    every game (page-option-NAME and its .help), and the English help names the values as the
    form shows them, never their ids."""
    from atout.games import all_games

    for lang in ("en", "fr"):
        words = page_words(lang)
        entries = words.language(lang).entries
        for game in all_games().values():
            for spec in game.option_specs():
                msg = entries[f"page-option-{spec['name'].replace('_', '-')}"]
                assert msg.value and any(a.id.name == "help" for a in msg.attributes), spec
                if lang != "en":
                    continue
                bundle = words.language(lang).bundle
                help_en, _ = bundle.format_pattern(
                    bundle.get_message(msg.id.name).attributes["help"], {}
                )
                for value in spec.get("enum", []):
                    said = words.say(lang, f"page-value-{value.replace('_', '-')}")
                    assert f"'{value}'" not in help_en, (spec["name"], value)  # an id, quoted
                    assert f"“{said}”" in help_en, (spec["name"], value)


def test_the_pages_own_game_titles_are_the_game_masters():
    """A page opened alone (a leaderboard or replay link, before any connection) names the games
    with its own words: the same titles as the game master's, not shorter ones."""
    from atout.games import all_games

    for lang in ("en", "fr"):
        words = page_words(lang)
        for game in all_games().values():
            assert words.say(lang, f"page-title-{game.id}") == game.titles[lang], game.id


def test_the_page_words_and_languages_are_served():
    """The catalogue's page.ftl of each language, and the list of the languages that have one
    (each named in itself), from /static/locales/; nothing else there."""
    import json

    langs = json.loads(static_file("/static/locales/languages.json")[0])
    assert [x["lang"] for x in langs] == ["en", "fr"]
    assert langs[1] == {"lang": "fr", "name": "Français", "switch": "Passer en français"}
    for lang in ("en", "fr"):
        body, kind = static_file(f"/static/locales/{lang}/page.ftl")
        assert body == (locales.HERE / lang / "page.ftl").read_bytes()
        assert kind == "text/plain; charset=utf-8"
    for path in ("/static/locales/xx/page.ftl", "/static/locales/fr/page.txt", "/static/locales/"):
        assert static_file(path) is None, path
