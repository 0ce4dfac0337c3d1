"""The page's words (src/atout/locales/<lang>/page.ftl) said by the page's own Fluent runtime
(web/vendor/fluent-bundle) in headless Debian chromium: every message and attribute, in English
and in French, with every number at 0, 1, 2 and 5 and every selector at each of its variants,
renders without an error (no missing message, variable or function) and without a plural written
by hand ("fifteen(s)") or a placeholder left in the text; both languages have the same messages;
and the counts the page used to get wrong ("1 games · 0 won", "2 spectateur(s)") agree."""

from __future__ import annotations

import re
from typing import Any

import pytest
from tests.web.servers import Servers
from tests.web.test_browser import CHROMIUM, FLAGS

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")

COUNTS = [0, 1, 2, 5]
#: A plural or a gender written by hand, a variable or a brace left over, a JavaScript slip.
SLIPS = re.compile(r"\w\((s|e|es|x|nt)\)|[{}$]|undefined|NaN|\[object")

# Every message of page.ftl of each language, with each way to fill it, said by the page's runtime.
RENDER = """async ([langs, counts]) => {
  const { FluentBundle, FluentResource } = await import("/static/vendor/fluent-bundle/index.js");
  const out = {};
  for (const lang of langs) {
    const text = await (await fetch(`/static/locales/${lang}/page.ftl`)).text();
    const resource = new FluentResource(text);
    const bundle = new FluentBundle(lang, { useIsolating: false });
    const added = bundle.addResource(resource).map(String);
    const said = [];
    for (const entry of resource.body) {
      if (entry.id.startsWith("-")) continue; // a term: said inside messages
      const parts = [["", entry.value], ...Object.entries(entry.attributes).map(([k, v]) => ["." + k, v])];
      for (const [attr, pattern] of parts) {
        if (pattern == null) continue;
        for (const args of fillings(pattern)) {
          const errors = [];
          const got = bundle.formatPattern(pattern, args, errors);
          said.push({ id: entry.id + attr, args, text: got, errors: errors.map(String) });
        }
      }
    }
    out[lang] = { added, said, ids: resource.body.map((e) => e.id).sort() };
  }
  return out;

  // the variables of a pattern: numbers (NUMBER's, or a selector with plural or number keys),
  // strings a selector chooses by (each key), and the others (a sample)
  function fillings(pattern) {
    const numbers = new Set(), choices = new Map(), plain = new Set();
    const PLURAL = new Set(["zero", "one", "two", "few", "many", "other"]);
    const walk = (node) => {
      if (node == null || typeof node !== "object") return;
      if (Array.isArray(node)) return node.forEach(walk);
      if (node.type === "var") plain.add(node.name);
      if (node.type === "func" && node.name === "NUMBER") for (const a of node.args) if (a.type === "var") numbers.add(a.name);
      if (node.type === "select" && node.selector.type === "var") {
        const keys = node.variants.map((v) => v.key);
        if (keys.some((k) => k.type === "num" || PLURAL.has(k.value))) numbers.add(node.selector.name);
        else choices.set(node.selector.name, [...new Set([...(choices.get(node.selector.name) || []), ...keys.map((k) => k.value)])]);
      }
      for (const v of Object.values(node)) if (v && typeof v === "object") walk(v);
    };
    walk(pattern);
    const axes = [];
    for (const n of numbers) axes.push([n, counts]);
    for (const [n, keys] of choices) if (!numbers.has(n)) axes.push([n, [...keys, "something-else"]]);
    const base = {};
    for (const n of plain) if (!numbers.has(n) && !choices.has(n)) base[n] = "X";
    let all = [base];
    for (const [name, values] of axes) all = all.flatMap((a) => values.map((v) => ({ ...a, [name]: v })));
    return all.slice(0, 400);
  }
}"""


@pytest.fixture(scope="module")
def said() -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    with Servers(seed=1) as servers, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        page = browser.new_page()
        page.goto(servers.http_url + "/static/index.html?ws=ws://127.0.0.1:1/ws")
        got = page.evaluate(RENDER, [["en", "fr"], COUNTS])
        browser.close()
    return got


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_message_renders_with_every_count_and_variant(said, lang):
    words = said[lang]
    assert words["added"] == []  # the file parses whole
    assert len(words["said"]) > 300
    bad = [s for s in words["said"] if s["errors"] or SLIPS.search(s["text"]) or not s["text"]]
    assert not bad, bad[:10]


def test_both_languages_have_the_same_messages(said):
    assert said["en"]["ids"] == said["fr"]["ids"]


def test_counts_agree_with_their_nouns(said):
    def text(lang: str, msg: str, **args: Any) -> str:
        return next(
            s["text"]
            for s in said[lang]["said"]
            if s["id"] == msg and all(s["args"].get(k) == v for k, v in args.items())
        )

    assert text("en", "page-games-n", n=1) == "1 game"
    assert text("en", "page-games-n", n=2) == "2 games"
    assert text("fr", "page-wins-n", n=1) == "1 gagnée"
    assert text("fr", "page-spectators", n=2) == "2 spectateurs"
    assert text("fr", "page-spectators", n=0) == "0 spectateur"
    assert text("en", "page-cards-n", n=1) == "1 card"
    assert text("en", "page-quick-players", n=5) == "5 players"
    assert text("fr", "page-laid-pairs-n", n=1) == "1 paire posée"
    # the colon as each language writes it, and "click" to a mouse, "tap" to a finger
    assert text("fr", "page-said", who="X", text="X") == "X : X"
    assert text("en", "page-q2j-prompt", pointer="mouse").startswith("Click a card")
    assert text("fr", "page-q2j-prompt", pointer="touch").startswith("Touchez une carte")
