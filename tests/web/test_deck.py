"""deck.js, the card faces as SVG, drawn in headless Debian chromium: every card is well-formed SVG
with nothing outside it, has the pips of its rank where real cards put them (symmetric, none
touching another or an index), four corner indices, its suit's colour, and V/D/R or J/Q/K.

Skipped only when chromium is not installed (CI installs it: see .ci/run).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.web.chromium import CHROMIUM, FLAGS

import atout.web

pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="Debian's chromium is not installed (apt-get install chromium): no browser to test in",
)
DECK = Path(atout.web.__file__).parent / "deck.js"
ORIGIN = "https://deck.invalid"
PAGE = """<!doctype html><html><head><meta charset="utf-8">
<style>.card-svg { width: 250px; height: auto; display: block; }</style></head>
<body><div id="out"></div><script type="module">
  import * as deck from "./deck.js";
  window.deck = deck;
</script></body></html>"""
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["S", "H", "D", "C"]
CODES = [r + s for s in SUITS for r in RANKS]
RED = "rgb(198, 40, 40)"
BLACK = "rgb(26, 26, 26)"

# Draws one card (a code, or "back") in the page at 250 px wide (one px a unit) and reads it.
DRAW = """([code, lang]) => {
  const ranks = lang === "fr" ? { J: "V", Q: "D", K: "R" } : {}; // as page.ftl's page-card-rank says
  const text = code === "back" ? deck.backSVG() : deck.faceSVG(code, ranks);
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const out = document.getElementById("out");
  out.innerHTML = text;
  const svg = out.firstElementChild;
  const box = svg.getBoundingClientRect();
  const rect = (e) => {
    const r = e.getBoundingClientRect();
    return [r.left - box.left, r.top - box.top, r.right - box.left, r.bottom - box.top];
  };
  const all = (sel) => [...svg.querySelectorAll(sel)];
  return {
    text,
    again: code === "back" ? deck.backSVG() : deck.faceSVG(code, ranks),
    xmlError: doc.querySelector("parsererror") !== null,
    root: [doc.documentElement.localName, doc.documentElement.namespaceURI],
    rootClass: svg.getAttribute("class"),
    viewBox: svg.getAttribute("viewBox"),
    size: [box.width, box.height],
    tags: [...new Set(all("*").map((e) => e.localName))],
    attrs: [...new Set(all("*").flatMap((e) => [...e.attributes].map((a) => a.name)))],
    pips: all(".pip").map(rect),
    idx: all(".idx").map(rect),
    ranks: all(".rank").map((e) => e.textContent),
    rankBoxes: all(".rank").map(rect),
    fills: [...new Set(all(".pip, .idx, .rank").map((e) => getComputedStyle(e).fill))],
  };
}"""


@pytest.fixture(scope="module")
def page():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        try:
            pg = browser.new_page(viewport={"width": 400, "height": 500})
            errors: list[str] = []
            pg.on("pageerror", lambda e: errors.append(str(e)))

            def serve(route):
                if route.request.url == f"{ORIGIN}/deck.js":
                    route.fulfill(body=DECK.read_text(), content_type="text/javascript")
                else:
                    route.fulfill(body=PAGE, content_type="text/html; charset=utf-8")

            pg.route(f"{ORIGIN}/**", serve)
            pg.goto(f"{ORIGIN}/index.html")
            pg.wait_for_function("() => window.deck !== undefined")
            yield pg
            assert errors == []
        finally:
            browser.close()


def draw(page, code: str, lang: str = "en") -> dict:
    return page.evaluate(DRAW, [code, lang])


def overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("code", [*CODES, "JK1", "JK2", "back"])
def test_each_card_is_a_self_contained_svg(page, code):
    card = draw(page, code, "fr")
    assert not card["xmlError"]
    assert card["root"] == ["svg", "http://www.w3.org/2000/svg"]
    assert card["rootClass"] == "card-svg"
    assert card["viewBox"] == "0 0 250 350"
    assert card["size"] == [250, 350]
    assert card["text"] == card["again"], "not deterministic"
    assert set(card["tags"]) <= {"rect", "path", "g", "text", "circle"}
    assert not {"id", "href", "xlink:href", "style"} & set(card["attrs"])
    assert "<script" not in card["text"] and "<title" not in card["text"]


@pytest.mark.parametrize("suit", SUITS)
@pytest.mark.parametrize("rank", RANKS)
def test_pips_and_indices(page, rank, suit):
    card = draw(page, rank + suit)
    want = {"A": 1, "J": 0, "Q": 0, "K": 0}[rank] if not rank.isdigit() else int(rank)
    assert len(card["pips"]) == want
    assert len(card["idx"]) == 4
    assert len(card["ranks"]) == 4
    inside = [0, 0, 250, 350]
    boxes = card["pips"] + card["idx"] + card["rankBoxes"]
    for box in boxes:  # nothing clipped by the card's edge
        assert (
            inside[0] < box[0] and box[2] < inside[2] and inside[1] < box[1] and box[3] < inside[3]
        )
    for i, a in enumerate(boxes):  # no pip touches another pip or an index
        for b in boxes[i + 1 :]:
            if a in card["pips"] or b in card["pips"]:
                assert not overlap(a, b), (a, b)


@pytest.mark.parametrize("suit", SUITS)
@pytest.mark.parametrize("rank", RANKS[:10])
def test_pips_are_symmetric(page, rank, suit):
    """The pips, mirrored left to right, land on pips; turned half a turn about the card's centre
    too, but for the 7 (its seventh pip is above the middle, as on real cards)."""
    centres = [((b[0] + b[2]) / 2, (b[1] + b[3]) / 2) for b in draw(page, rank + suit)["pips"]]
    for x, y in centres:
        assert any(abs(250 - x - u) < 1 and abs(y - v) < 1 for u, v in centres)
        if rank != "7":
            assert any(abs(250 - x - u) < 1 and abs(350 - y - v) < 1 for u, v in centres)


@pytest.mark.parametrize("code", [*CODES, "JK1", "JK2"])
def test_colours(page, code):
    red = code[-1] in "HD" or code == "JK1"
    assert draw(page, code)["fills"] == [RED if red else BLACK]


@pytest.mark.parametrize(
    ("rank", "fr", "en"),
    [
        ("A", "A", "A"),
        ("7", "7", "7"),
        ("10", "10", "10"),
        ("J", "V", "J"),
        ("Q", "D", "Q"),
        ("K", "R", "K"),
    ],
)
def test_french_and_english_indices(page, rank, fr, en):
    for suit in SUITS:
        assert draw(page, rank + suit, "fr")["ranks"] == [fr] * 4
        assert draw(page, rank + suit, "en")["ranks"] == [en] * 4
        assert draw(page, rank + suit)["ranks"] == [en] * 4


def test_jokers_say_joker(page):
    for code in ("JK1", "JK2"):
        card = draw(page, code)
        assert card["ranks"] == ["JOKER"] * 4
        assert "JOKER</text>" in card["text"]


def test_labels_copies_and_bad_codes(page):
    got = page.evaluate(
        """() => {
      const thrown = (code) => { try { deck.faceSVG(code); return false; } catch (e) { return e instanceof RangeError; } };
      return {
        labels: [deck.cardLabel("QH", { Q: "D" }), deck.cardLabel("QH"), deck.cardLabel("10S"), deck.cardLabel("JK2")],
        copy: deck.faceSVG("QH#2", { Q: "D" }) === deck.faceSVG("QH", { Q: "D" }),
        red: deck.backSVG("red") !== deck.backSVG(),
        thrown: ["", "1H", "QX", "JK3", "QHH", null].map(thrown),
      };
    }"""
    )
    assert got["labels"] == ["D♥", "Q♥", "10♠", "★"]
    assert got["copy"] and got["red"]
    assert all(got["thrown"])


def test_module_is_small():
    assert DECK.stat().st_size < 20_000
