"""The rules pages stand alone and the browser shows them as they are.

docs/rules/{game}.md (English) and {game}.fr.md (French) restate every rule; the game master
serves them rendered to HTML fragments (:func:`atout.web.rules_page`), from the same files, which
the package carries (src/atout/web/rules is a link to docs/rules).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import atout.web as atout_web
from atout.games import all_games
from atout.web import rules_page, static_file

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("q2j", "quinze", "pouilleux")
LANGS = ("en", "fr")
GAME_TITLES = {"q2j": "Q Squared Joe", "quinze": "Le Quinze", "pouilleux": "Le Pouilleux"}
PAGES = ROOT / "src" / "atout" / "web" / "rules"


def test_the_package_carries_the_markdown_itself() -> None:
    """One source: the package's rules folder is docs/rules, and it holds no HTML."""
    assert PAGES.resolve() == (ROOT / "docs" / "rules").resolve()
    assert not list(PAGES.glob("*.html"))
    names = {p.name for p in PAGES.glob("*.md")}
    assert {f"{g}.md" for g in all_games()} | {f"{g}.fr.md" for g in all_games()} <= names


def test_rendering() -> None:
    """Developer parts folded, links to pages rewritten, raw HTML escaped, "In short" alone."""
    text = (
        "# T\n\nSee [fr](t.fr.md) and [q](q2j.md).\n\n## In short\n\n- a\n- b\n\n"
        "<script>alert(1)</script>\n\n## Play\n\n<!-- dev -->\n"
        "Moves: `play QH`.\n<!-- /dev -->\nEnd.\n"
    )
    page = atout_web._render(text, "en")
    assert '<a href="/rules/t.fr.html">fr</a>' in page
    assert '<a href="/rules/q2j.en.html">q</a>' in page
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert (
        '<details class="rules-dev">\n<summary>For developers</summary>\n'
        "<p>Moves: <code>play QH</code>.</p>\n</details>\n<p>End.</p>\n"
    ) in page
    assert "<!-- dev" not in page and "&lt;!--" not in page
    assert atout_web._short_section(text, "en") == "- a\n- b\n\n<script>alert(1)</script>\n"
    assert atout_web._short_section(text, "fr") is None


def test_unknown_pages_are_not_served() -> None:
    assert rules_page("q2j", "de") is None
    assert rules_page("nope", "en") is None
    for path in ("/rules/q2j.md", "/static/rules/q2j.fr.md", "/rules/q2j.html", "/rules/a/b.html"):
        assert static_file(path) is None, path


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_each_game_has_a_page_and_a_short_page_served(game: str, lang: str) -> None:
    for suffix in ("", ".short"):
        for prefix in ("/rules/", "/static/rules/"):
            found = static_file(f"{prefix}{game}.{lang}{suffix}.html")
            assert found is not None and found[1].startswith("text/html")
    page = static_file(f"/static/rules/{game}.{lang}.html")
    short = static_file(f"/rules/{game}.{lang}.short.html")
    assert page is not None and short is not None
    page_html, short_html = page[0].decode(), short[0].decode()
    # opened on its own, the page is a whole document around the same fragment
    doc = static_file(f"/rules/{game}.{lang}.html")
    assert doc is not None
    doc_html = doc[0].decode()
    assert doc_html.startswith("<!doctype html>") and f'<html lang="{lang}">' in doc_html
    assert '<link rel="stylesheet" href="/static/style.css">' in doc_html
    assert '<a href="/">' in doc_html and page_html in doc_html
    title = re.search(r"<title>(.*)</title>", doc_html)
    assert title and title.group(1).startswith(GAME_TITLES[game]), title
    assert "<table>" in page_html and '<details class="rules-dev">' in page_html
    assert "<li>" in short_html and "<h2" not in short_html
    assert short_html in page_html  # a section of the page, not a second copy
    items = short_html.count("<li>")
    assert 5 <= items <= 8, items
    assert "<script" not in page_html and "&lt;!-- dev" not in page_html  # markers consumed


@pytest.mark.parametrize("game", GAMES)
def test_pages_start_with_in_short(game: str) -> None:
    for name, heading in ((f"{game}.md", "## In short"), (f"{game}.fr.md", "## En bref")):
        text = (ROOT / "docs" / "rules" / name).read_text(encoding="utf-8")
        first = re.search(r"^## .*$", text, re.M)
        assert first is not None and first.group() == heading, name


def test_no_pointer_outside_the_repository() -> None:
    """A clone of the project has no shared/ folder: nothing may point there."""
    bad = []
    for top in ("docs", "src"):
        for path in (ROOT / top).rglob("*"):
            if path.is_file() and path.suffix in (".md", ".py", ".js", ".html", ".css", ".json"):
                text = path.read_text(encoding="utf-8", errors="replace")
                if re.search(r"shared/|\.\./shared|rulings\.md|seeds/\d", text):
                    bad.append(str(path.relative_to(ROOT)))
    assert not bad, bad


def test_english_and_french_pages_cover_the_same_rules() -> None:
    """Same sections, same tables, same options: the translation left nothing out."""
    for game in GAMES:
        en = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
        fr = (ROOT / "docs" / "rules" / f"{game}.fr.md").read_text(encoding="utf-8")
        for pattern in (r"^#{1,3} ", r"^\|---", r"^<!-- /?dev -->$", r"^\d+\. "):
            assert len(re.findall(pattern, en, re.M)) == len(re.findall(pattern, fr, re.M)), (
                game,
                pattern,
            )
        codes = set(re.findall(r"`([a-z_]+)`", en))
        missing = {c for c in codes if f"`{c}`" not in fr}
        assert not missing, (game, missing)
