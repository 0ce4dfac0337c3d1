"""The rules pages stand alone and the browser's HTML fragments are built from them.

docs/rules/{game}.md (English) and {game}.fr.md (French) restate every rule; the fragments in
src/atout/web/rules/ are what ``scripts/build_rules.py`` makes of them now, and the game master
serves them.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from atout.web import static_file

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("q2j", "quinze", "pouilleux")
LANGS = ("en", "fr")


def _build_rules():
    spec = importlib.util.spec_from_file_location(
        "build_rules", ROOT / "scripts" / "build_rules.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_fragments_are_up_to_date_with_the_markdown() -> None:
    built = _build_rules().fragments()
    assert sorted(built) == sorted(
        f"{g}.{lang}{short}.html" for g in GAMES for lang in LANGS for short in ("", ".short")
    )
    out = ROOT / "src" / "atout" / "web" / "rules"
    stale = [n for n, html in built.items() if (out / n).read_text(encoding="utf-8") != html]
    assert not stale, f"run: python scripts/build_rules.py (out of date: {stale})"
    on_disk = {p.name for p in out.glob("*.html")}
    assert on_disk == set(built), "a fragment without its markdown"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_each_game_has_a_page_and_a_short_page_served(game: str, lang: str) -> None:
    for suffix in ("", ".short"):
        for prefix in ("/rules/", "/static/rules/"):
            found = static_file(f"{prefix}{game}.{lang}{suffix}.html")
            assert found is not None and found[1].startswith("text/html")
    page = static_file(f"/rules/{game}.{lang}.html")
    short = static_file(f"/rules/{game}.{lang}.short.html")
    assert page is not None and short is not None
    page_html, short_html = page[0].decode(), short[0].decode()
    assert "<table>" in page_html and '<details class="rules-dev">' in page_html
    assert "<li>" in short_html and "<h2" not in short_html
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
