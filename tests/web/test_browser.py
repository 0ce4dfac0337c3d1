"""The browser client in headless Debian chromium, driven by playwright, against the real game
master: a whole Q²J game played on the card table, with a reload (resume by the seat token), a
language switch and a dropped socket on the way, a spectator in a second tab, and at every turn a
check that no hidden card of another seat is anywhere in either page; the keyboard's move list.

Skipped only when chromium is not installed (CI installs it: see .ci/run).
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import Any

import pytest
from tests.server.netutil import card_mentions
from tests.web.chromium import CHROMIUM, FLAGS
from tests.web.servers import Servers
from tests.web.tableplay import CHOOSERS, NONCES, TablePlayer

from atout.cards import card

pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="Debian's chromium is not installed (apt-get install chromium): no browser to test in",
)
FR_TOKEN = {"J": "V", "Q": "D", "K": "R"}
MAX_CLICKS = 400

# Everything the page shows, read in one go: cards outside and inside the log, the text, state.
READ_PAGE = """() => {
  const codes = (sel) => [...document.querySelectorAll(sel)].map((e) => e.dataset.card);
  const s = window.atout.state;
  return {
    board: codes("#main [data-card]:not(#log [data-card])"),
    hand: codes("#hand [data-card]"),
    log: codes("#log [data-card]"),
    text: document.body.innerText,
    html: document.documentElement.outerHTML,
    version: s.update ? s.update.version : -1,
    logLength: s.log.length,
    moves: document.querySelectorAll("#moves button.move").length,
    lang: document.documentElement.lang,
  };
}"""
MY_TURN_OR_OVER = """(last) => {
  const b = document.querySelector("#moves button.move:not([disabled])");
  if (b && b.dataset.version !== String(last)) return true;
  const over = document.querySelector("#over");
  return !!over && !over.hidden;
}"""


@pytest.fixture
def servers():
    """A fresh game master per test, its deals fixed by a seed (the same game every run)."""
    with Servers(seed=7) as s:
        yield s


@pytest.fixture
def browser(tmp_path):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        ctx = p.chromium.launch_persistent_context(
            str(tmp_path / "profile"),  # a fresh user-data-dir
            executable_path=CHROMIUM,
            headless=True,
            args=FLAGS,
            viewport={"width": 1280, "height": 900},
            locale="en-GB",
        )
        ctx.set_default_timeout(15_000)
        try:
            yield ctx
        finally:
            ctx.close()


def open_page(ctx: Any, servers: Servers, errors: list[str]) -> Any:
    page = ctx.new_page()
    # the first-visit "how to play" is tested in test_table.py; here it is seen already
    page.add_init_script(
        "for (const g of ['q2j', 'quinze', 'pouilleux']) localStorage.setItem('atout.seen.' + g, 'true');"
    )
    page.add_init_script(NONCES % 7)  # the same deals every run
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    page.on("console", lambda m: m.type == "error" and errors.append(f"console: {m.text}"))
    page.goto(servers.page_url)
    return page


def connect(page: Any, name: str) -> None:
    page.fill("#name", name)
    page.click("#connect")
    page.wait_for_selector("#create")


def spellings(code: str) -> list[str]:
    """Every way the page could name a card: code, English and French glyph, full names."""
    c = card(code)
    if c.suit is None:
        return [code]  # both Jokers are "Joker": the page's own Joker would name the other one
    out = [code, c.name("en"), c.name("fr")]
    if c.suit is not None:
        out += [c.label, FR_TOKEN.get(c.label[0], c.label[0]) + c.label[1:]]
    return out


def named(text: str, code: str) -> bool:
    return any(
        re.search(rf"(?<![\w♠♥♦♣]){re.escape(s)}(?![\w♠♥♦♣])", text) for s in spellings(code)
    )


def server_side(servers: Servers, table: str, seat: int | None) -> dict[str, Any]:
    """What the game master knows now: the version, the seat's hidden cards, the cards the
    events it was sent ever named, how many events it was sent, its hand."""

    def read() -> dict[str, Any]:
        t = servers.core.tables[table]
        events = [e for step in t.history for e in step if e.visible_to(seat)]
        return {
            "version": t.version,
            "secret": {c.code for c in t.state.secret_cards(seat)},
            "named": card_mentions([e.data for e in events]),
            "events": len(events),
            "hand": t.state.view(seat).get("hand"),
            "turn": t.state.current,
            "status": t.status,
            "seed": t.seed,
            "commitment": t.commitment,
            "result": t.result,
        }

    return servers.call(read)


def check_no_leak(page: Any, srv: dict[str, Any], who: str, again: Any = None) -> dict[str, Any]:
    """No hidden card anywhere on the page: not as a card outside the log (hand, board, moves),
    and not in the log unless an event sent to this seat named it before it was hidden again
    (a card played, then shuffled back into the stock).

    ``again()`` reads the game master anew when the page moved on meanwhile (a move with no
    choice plays itself after a pause); the state compared is in the result's ``srv``."""
    seen = page.evaluate(READ_PAGE)
    for _ in range(20):
        if again is None or seen["version"] == srv["version"]:
            break
        time.sleep(0.05)
        srv = again()
        seen = page.evaluate(READ_PAGE)
    seen["srv"] = srv
    assert seen["version"] == srv["version"], (who, seen["version"], srv["version"])
    shown = set(seen["board"]) & srv["secret"]
    assert not shown, f"{who}: hidden cards shown {sorted(shown)}"
    never_public = srv["secret"] - srv["named"]
    in_log = set(seen["log"]) & never_public
    assert not in_log, f"{who}: hidden cards in the log {sorted(in_log)}"
    leaked = [c for c in never_public if named(seen["text"], c)]
    assert not leaked, f"{who}: hidden cards named on the page {sorted(leaked)}"
    in_html = [c for c in never_public if re.search(rf'data-card="{re.escape(c)}"', seen["html"])]
    assert not in_html, f"{who}: hidden cards in the DOM {in_html}"
    return seen


def wait_turn(page: Any, last: int) -> bool:
    """Waits for this page's turn (a move button of a newer version) or the end; True at the end."""
    page.wait_for_function(MY_TURN_OR_OVER, arg=last, timeout=15_000)
    return page.evaluate("() => !document.querySelector('#over').hidden")


def check_seat_0(page: Any, servers: Servers, table: str, who: str) -> dict[str, Any]:
    """:func:`check_no_leak` for the page at seat 0 (J1), read again from the game master if the
    page moved on, and the hand shown is the hand held; the state compared is the result's
    ``srv``."""
    seen = check_no_leak(
        page, server_side(servers, table, 0), who, lambda: server_side(servers, table, 0)
    )
    assert sorted(seen["hand"]) == sorted(seen["srv"]["hand"]), (
        f"{who}: the hand shown is the hand held"
    )
    return seen


def fill_table_form(
    page: Any,
    game: str,
    players: int,
    *,
    humans: tuple[int, ...] = (),
    private: bool = False,
    **numbers: str,
) -> None:
    """Fills the lobby's form for a table of ``game``: ``players`` seats, those in ``humans`` for
    people (bots elsewhere), the number fields by name (``bot_delay="0"`` is #f-bot-delay), a
    private table or not. The caller clicks #create-button and waits for what it expects."""
    page.select_option("#f-game", game)
    page.fill("#f-players", str(players))
    page.dispatch_event("#f-players", "change")
    page.wait_for_selector(f"#f-seat-{players - 1}")
    for seat in humans:
        page.select_option(f"#f-seat-{seat}", "human")
    for name, value in numbers.items():
        field = "#f-" + name.replace("_", "-")
        page.fill(field, value)
        page.dispatch_event(field, "change")
    if private:
        page.check("#f-private")


def table_id(page: Any) -> str:
    """The id of the table the page is at."""
    return page.evaluate("() => window.atout.state.at.table")


def _reload(page: Any) -> None:
    """A reload keeps the seat: resume with the token from sessionStorage, whole log again."""
    page.reload()


def _to_french(page: Any) -> None:
    """French: the game master rewrites the whole log in the new language."""
    page.click("#lang")
    page.wait_for_function("() => document.documentElement.lang === 'fr'")


def _drop_socket(page: Any) -> None:
    """The socket drops: the page reconnects by itself and resumes from its last version."""
    page.evaluate("() => window.atout.state.conn.ws.close()")
    page.wait_for_function("() => window.atout.state.status === 'reconnecting'")


def test_a_whole_q2j_game_by_clicks(servers, browser, tmp_path):
    from playwright.sync_api import expect

    errors: list[str] = []
    page = open_page(browser, servers, errors)
    expect(page).to_have_title("atout — card games")  # once its words are loaded
    connect(page, "alice")

    # the lobby lists the server's games and their options
    games = page.inner_text(".tiles")  # a tile per game, to play now or read its rules
    for title in ("Q Squared Joe", "Le Quinze", "Le Pouilleux"):
        assert title in games
    assert "Faces on an Ace" in page.inner_text("#create")  # options in a player's words

    # a table for two: alice at J1, a server-seated heuristic bot at J2, quick bots
    page.select_option("#f-game", "q2j")
    page.fill("#f-players", "2")
    page.dispatch_event("#f-players", "change")
    assert page.locator("#create .seat-choice").count() == 2
    assert page.input_value("#f-seat-1") == "bot"
    page.select_option("#f-bot-kind", "heuristic")
    page.fill("#f-bot-delay", "0.02")
    page.dispatch_event("#f-bot-delay", "change")
    page.click("#create-button")
    page.wait_for_selector("#table-title")
    table = table_id(page)
    assert page.evaluate("() => JSON.parse(sessionStorage.getItem('atout.at')).token")

    # a spectator in a second tab finds the table in the lobby and watches it
    watcher = open_page(browser, servers, errors)
    connect(watcher, "watcher")
    watcher.click(f'button[aria-label="Watch table {table}"]')
    watcher.wait_for_selector("#table-title")

    player = TablePlayer(page, touch=False)
    last, clicks, shot = -1, 0, None
    upsets = {1: _reload, 2: _to_french, 3: _drop_socket}  # each once, before that many clicks
    while not wait_turn(page, last):
        srv = server_side(servers, table, 0)
        assert srv["turn"] == 0
        seen = check_no_leak(page, srv, "J1")
        assert sorted(seen["hand"]) == sorted(srv["hand"]), "the hand shown is the hand held"
        assert seen["logLength"] == srv["events"], "one log line per event sent"
        assert seen["moves"] > 0
        # the spectator: catches up with the same version, sees no hand and no hidden card
        watcher.wait_for_function(
            "(v) => window.atout.state.update?.version === v", arg=srv["version"]
        )
        check_no_leak(watcher, server_side(servers, table, None), "spectator")
        assert watcher.locator("#hand [data-card], #moves button").count() == 0

        if clicks == 1 and shot is None:
            shot = Path(os.environ.get("ATOUT_WEB_SHOT") or tmp_path / "table.png")
            page.screenshot(path=str(shot), full_page=True)
            assert shot.stat().st_size > 10_000
        upset = upsets.pop(clicks, None)
        if upset is not None:
            upset(page)
            last = -1
            continue
        if clicks >= 2:  # switched to French
            assert seen["lang"] == "fr"
            assert "Donne" in page.inner_text("#log li >> nth=0")

        # play on the table (taps, drags, the pioche), as a player would
        last = srv["version"]
        assert int(page.locator("#moves button.move").first.get_attribute("data-version")) == last
        player.play_turn(CHOOSERS["q2j"])
        clicks += 1
        assert clicks < MAX_CLICKS, "the game does not end"

    # the end: result, the seed revealed and checked against the commitment
    srv = server_side(servers, table, 0)
    assert srv["status"] == "finished"
    page.wait_for_selector("#seed-check.ok", state="attached")
    assert page.text_content("#seed") == srv["seed"]
    assert page.text_content("#commitment") == srv["commitment"]
    winners = srv["result"]["winners"]
    if 0 not in winners:
        verdict = "Vous avez perdu."
    else:
        verdict = "Vous gagnez !" if len(winners) == 1 else "Vous partagez la victoire !"
    assert page.inner_text(".verdict") == verdict
    assert page.locator(".ranking tbody tr").count() == 2
    check_no_leak(page, srv, "J1 at the end")
    watcher.wait_for_selector("#over:not([hidden])")
    watcher.wait_for_selector("#seed-check.ok", state="attached")
    assert watcher.locator("#rematch").count() == 0  # spectators do not ask for rematches
    assert not upsets and shot is not None and clicks > 3  # reloaded, switched, dropped

    # a rematch: the only human asks, a new table starts at once, the same seats, a new hand
    page.click("#rematch")
    page.wait_for_function("(t) => window.atout.state.at.table !== t", arg=table)
    new_table = table_id(page)
    assert page.evaluate("() => JSON.parse(sessionStorage.getItem('atout.at')).table") == new_table
    wait_turn(page, -1)
    srv = server_side(servers, new_table, 0)
    seen = check_no_leak(page, srv, "J1 after the rematch")
    assert sorted(seen["hand"]) == sorted(srv["hand"])
    assert page.locator("#over").is_hidden()
    assert not errors, errors


def test_keyboard_and_aria(servers, browser):
    """The moves are buttons with spoken labels, reachable by keys 1-9; cards have names; H
    shows the game master's hint."""
    errors: list[str] = []
    page = open_page(browser, servers, errors)
    connect(page, "kim")
    fill_table_form(page, "q2j", 2, private=True, bot_delay="0", turn_seconds="300")
    page.click("#create-button")
    page.wait_for_selector("#table-title")
    table = table_id(page)
    page.wait_for_function(MY_TURN_OR_OVER, arg=-1)
    assert re.fullmatch(r"(300|2\d\d) s left", page.inner_text("#timer"))
    label = page.locator("#moves button.move").first.get_attribute("aria-label")
    assert re.match(r"1\. (Play|Draw)", label), label
    for name in page.locator("#hand [data-card]").evaluate_all(
        "(els) => els.map((e) => e.getAttribute('aria-label'))"
    ):
        assert re.fullmatch(
            r"(Ace|[2-9]|10|Jack|Queen|King) of (Clubs|Diamonds|Hearts|Spades)", name
        )
    version = server_side(servers, table, 0)["version"]
    # the move list, folded away by default, is the keyboard's way to play
    assert page.locator("#moves button.move").first.is_hidden()
    page.click("#movelist summary")
    assert page.locator("#moves button.move").first.is_visible()
    # H asks the game master for a hint: the advised move is marked, the reason is said
    page.locator("body").focus()
    page.keyboard.press("h")
    page.wait_for_function("() => document.querySelector('#hint').textContent.startsWith('Hint: ')")
    assert page.locator("#moves button.move.hinted").count() == 1
    # the focus is on the advised move, so Enter would play it
    assert page.evaluate("() => document.activeElement.classList.contains('hinted')")
    assert server_side(servers, table, 0)["version"] == version  # asking changes nothing
    page.locator("body").focus()
    page.keyboard.press("1")
    page.wait_for_function("(v) => (window.atout.state.update?.version ?? -1) > v", arg=version)
    assert server_side(servers, table, 0)["version"] > version
    # private: not in the lobby's list
    lobby = open_page(browser, servers, errors)
    connect(lobby, "lee")
    lobby.click("#refresh")
    assert table not in lobby.inner_text("#tables")
    assert not errors, errors


def test_served_by_the_game_master(servers, browser):
    """Once ws.py serves atout.web (GET / and /static/...), the page works from the game
    master's own port, connecting to /ws on the same host."""
    import urllib.error
    import urllib.request

    try:
        with urllib.request.urlopen(servers.gm_http_url + "/", timeout=5) as r:
            served = r.read()
    except urllib.error.HTTPError as e:
        pytest.skip(f"the game master does not serve the web client yet (GET / answers {e.code})")
    from atout.web import static_file

    assert served == static_file("/")[0]
    errors: list[str] = []
    page = browser.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(servers.gm_http_url + "/")
    connect(page, "same-origin")
    assert "Q Squared Joe" in page.inner_text(".tiles")
    assert not errors, errors


@pytest.mark.parametrize(("game", "players"), [("pouilleux", 3), ("quinze", 2)])
def test_the_other_games_render(servers, browser, game, players):
    """The page is generic: Le Pouilleux and Le Quinze too show the hand held, clickable moves
    and no hidden card, for a few turns."""
    errors: list[str] = []
    page = open_page(browser, servers, errors)
    connect(page, "max")
    fill_table_form(page, game, players, bot_delay="0")
    page.click("#create-button")
    page.wait_for_selector("#table-title")
    table = table_id(page)
    player = TablePlayer(page, touch=False)
    for _ in range(6):
        if player.wait_turn():
            break
        seen = check_seat_0(page, servers, table, f"{game} J1")
        assert seen["logLength"] == seen["srv"]["events"]
        assert page.locator("#moves button.move").first.get_attribute("aria-label")
        player.play_turn(CHOOSERS[game])
    assert player.last >= 0
    assert not errors, errors


def test_the_lobby_lists_a_waiting_table_in_the_pages_words(servers, browser):
    """An open table's seats in the lobby: P1/P2 in English, bots by their level's name, and
    nothing from the page's plumbing (a missing 'more' button once wrote "null" there)."""
    errors: list[str] = []
    host = open_page(browser, servers, errors)
    connect(host, "ines")
    fill_table_form(host, "q2j", 3, humans=(1,))
    host.click("#create-button")
    host.wait_for_selector("#table-title")
    table = table_id(host)
    guest = open_page(browser, servers, errors)
    connect(guest, "joel")
    guest.click("#refresh")
    item = guest.locator(f'.table-item[data-table="{table}"]')
    item.wait_for()
    seats = item.locator(".dim").first.inner_text()
    assert seats.startswith("P1 ines") and "P3 Intermediate bot" in seats, seats
    assert "J1" not in seats and "moyen" not in seats
    assert "null" not in guest.inner_text("#tables")
    assert not errors, errors
