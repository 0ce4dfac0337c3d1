"""The players' platform in headless Debian chromium, the page served by the game master itself:
two people sign up in two browsers, play a rated game on the card table to the end, and find their
new ratings on the leaderboard and their player pages; the replay of that game plays to the end
with every hand open there and no hidden card before; quick play seats a second person at the
first person's waiting table; "fill with bots" starts a game; an invitation link seats a friend at
a private table; a guest plays unrated.
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest
from tests.web.servers import Servers
from tests.web.tableplay import CHOOSERS, TablePlayer
from tests.web.test_browser import CHROMIUM, fill_table_form, server_side, table_id

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")
SEEN = "for (const g of ['q2j', 'quinze', 'pouilleux']) localStorage.setItem('atout.seen.' + g, 'true');"


@pytest.fixture
def servers():
    with Servers(seed=11) as s:
        yield s


def person(chromium: Any, servers: Servers, errors: list[str], init: str = "") -> Any:
    """A browser of one's own (cookies apart), on the game master's own page (``init``: a
    script run before the page's own)."""
    ctx = chromium.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB")
    ctx.set_default_timeout(20_000)
    page = ctx.new_page()
    page.add_init_script(SEEN + init)
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    page.goto(servers.gm_http_url + "/")
    return page


def guest(chromium: Any, servers: Servers, errors: list[str], name: str, ready: str) -> Any:
    """A person who connects as a guest called ``name``, once ``ready`` shows."""
    page = person(chromium, servers, errors)
    page.fill("#name", name)
    page.click("#connect")
    page.wait_for_selector(ready)
    return page


def sign_up(page: Any, name: str) -> None:
    page.fill("#acc-name", name)
    page.fill("#acc-pass", "correct horse battery")
    page.click("#signup")
    page.wait_for_selector(".tiles .tile")
    assert page.inner_text("#nav-me") == name


def api(servers: Servers, path: str) -> Any:
    with urllib.request.urlopen(servers.gm_http_url + path, timeout=10) as r:
        return json.loads(r.read())


def play_to_the_end(*players: TablePlayer) -> None:
    """Each page plays its own turns on the table until the game is over."""
    for _ in range(600):
        if all(p.state()["over"] for p in players):
            return
        for p in players:
            st = p.state()
            if st["over"] or st["pending"] or not st["legal"] or st["version"] == p.last:
                continue
            p.play_turn(CHOOSERS["q2j"])
        players[0].page.wait_for_timeout(30)
    raise AssertionError("the game does not end")


def test_two_accounts_play_a_rated_game_then_watch_its_replay(chromium, servers):
    errors: list[str] = []
    alice = person(chromium, servers, errors)
    bob = person(chromium, servers, errors)
    sign_up(alice, "Alice")
    sign_up(bob, "Bob")
    # Alice: a table for two people; Bob finds it in the lobby and joins
    fill_table_form(alice, "q2j", 2, humans=(1,))
    alice.click("#create-button")
    alice.wait_for_selector("#table-screen")
    table = table_id(alice)
    bob.click("#refresh")
    bob.click(f'[data-table="{table}"] button.primary')
    bob.wait_for_selector("#table-screen")
    a, b = TablePlayer(alice, touch=False, seed=1), TablePlayer(bob, touch=False, seed=2)
    play_to_the_end(a, b)
    for page in (alice, bob):
        page.wait_for_selector("#over:not([hidden]) .verdict")
    winner = server_side(servers, table, 0)["result"]["winners"]
    # both find their new ratings on the leaderboard and on their player pages
    board = api(servers, "/api/leaderboard/q2j")
    names = {p["name"]: p for p in board["players"]}
    assert {"Alice", "Bob"} <= set(names), board
    assert names["Alice"]["games"] == names["Bob"]["games"] == 1
    won = "Alice" if 0 in winner else "Bob"
    lost = "Bob" if won == "Alice" else "Alice"
    assert names[won]["rating"] > names[lost]["rating"]
    for page, name in ((alice, "Alice"), (bob, "Bob")):
        page.click("#lobby")
        page.click("#nav-leaderboard")
        page.click('.tabs a[href="/leaderboard/q2j"]')
        page.wait_for_selector("#leaderboard tbody tr")
        assert name in page.inner_text("#leaderboard")
        page.click("#nav-me")
        page.wait_for_selector("#player .rating")
        assert page.inner_text("#player h2") == name
        assert page.locator(f'#player a[href="/replay/{table}"]').count() == 1
    # the replay: step by step to the end, nothing hidden before it, every hand open there
    replay = api(servers, f"/api/replay/{table}")
    alice.click(f'#player a[href="/replay/{table}"]')
    alice.wait_for_selector("#replay #r-next")
    steps = len(replay["steps"])
    for i in range(steps):
        public = set(json.dumps(replay["steps"][i]["view"]).replace('"', " ").split())
        shown = set(
            alice.evaluate(
                "() => [...document.querySelectorAll('#replay [data-card]')].map((e) => e.dataset.card)"
            )
        )
        assert shown <= public, (i, shown - public)
        alice.click("#r-next")
    assert "every hand is open" in alice.inner_text("#replay-step")
    final = replay["final"]
    open_hands = [c for hand in final.get("hands") or [] for c in hand]
    if open_hands:
        shown = set(
            alice.evaluate(
                "() => [...document.querySelectorAll('#replay [data-card]')].map((e) => e.dataset.card)"
            )
        )
        assert set(open_hands) <= shown
    assert not errors, errors


def test_quick_play_seats_a_second_person_and_bots_fill_a_table(chromium, servers):
    errors: list[str] = []
    ann = person(chromium, servers, errors)
    ben = person(chromium, servers, errors)
    for page, name in ((ann, "ann"), (ben, "ben")):
        page.fill("#name", name)
        page.click("#connect")
        page.wait_for_selector(".tiles .tile")
        page.check("#fill-wait")
        page.evaluate("() => { window.atout.state.quickWait = 2; }")
    ann.click('[data-quick="q2j-2"]')
    ann.wait_for_selector("#invite-link")
    table = table_id(ann)
    ben.click('[data-quick="q2j-2"]')
    ben.wait_for_selector("#table-screen")
    assert table_id(ben) == table  # the same waiting table
    ann.wait_for_function("() => !!window.atout.state.update")  # full: the game starts
    # a third person waits, then fills the empty seat with bots
    cat = guest(chromium, servers, errors, "cat", ".tiles .tile")
    cat.check("#fill-wait")
    cat.evaluate("() => { window.atout.state.quickWait = 1; }")
    cat.click('[data-quick="q2j-3"]')
    cat.wait_for_selector("#fill-bots:not([disabled])", timeout=10_000)
    cat.click("#fill-bots")
    # the game starts; should it not (a refusal, a reveal never made), say what happened
    cat.wait_for_function(
        "() => { const s = window.atout.state;"
        " return !!s.update || !!s.error || (s.info && s.info.status === 'aborted'); }",
        timeout=40_000,
    )
    state = cat.evaluate(
        "() => ({ error: window.atout.state.error, info: window.atout.state.info,"
        " update: !!window.atout.state.update })"
    )
    assert state["update"], state
    seats = cat.evaluate("() => window.atout.state.info.seats")
    assert sum(1 for s in seats if s.get("bot")) == 2
    assert not errors, errors


def test_quick_play_against_bots_of_the_level_chosen(chromium, servers):
    errors: list[str] = []
    dan = guest(chromium, servers, errors, "dan", ".tiles .tile")
    labels = dan.eval_on_selector_all("#quick-level option", "os => os.map((o) => o.textContent)")
    assert labels == ["Beginner", "Intermediate", "Strong", "Expert"]
    assert dan.input_value("#quick-level") == "moyen"
    dan.check("#fill-bots")
    dan.select_option("#quick-level", "fort")
    dan.click('[data-quick="pouilleux-3"]')
    dan.wait_for_function("() => !!window.atout.state.update")
    seats = dan.evaluate("() => window.atout.state.info.seats")
    assert [s.get("bot") for s in seats if s.get("bot")] == ["fort", "fort"]
    pods = dan.eval_on_selector_all(".pod .pname", "ps => ps.map((p) => p.textContent)")
    assert pods and all("Strong" in p for p in pods), pods
    # the choice is kept for the next visit
    dan.reload()
    dan.wait_for_selector("#table-screen, .tiles .tile")
    assert dan.evaluate("() => JSON.parse(localStorage.getItem('atout.quickLevel'))") == "fort"
    assert not errors, errors


def test_an_invitation_link_seats_a_friend_and_a_guest_plays_unrated(chromium, servers):
    errors: list[str] = []
    host = guest(chromium, servers, errors, "host", "#create")
    fill_table_form(host, "q2j", 2, humans=(1,), private=True)
    host.click("#create-button")
    link = host.wait_for_selector("#invite-link").inner_text()
    assert "/t/" in link
    friend = person(chromium, servers, errors)
    friend.evaluate("(n) => localStorage.setItem('atout.name', JSON.stringify(n))", "friend")
    friend.goto(link)
    friend.wait_for_selector("#table-screen")
    assert friend.evaluate("() => window.atout.state.at.seat") == 1
    host.wait_for_function("() => !!window.atout.state.update")
    play_to_the_end(
        TablePlayer(host, touch=False, seed=3), TablePlayer(friend, touch=False, seed=4)
    )
    # guests: unrated, on no leaderboard
    board = api(servers, "/api/leaderboard/q2j")
    assert not {"host", "friend"} & {p["name"] for p in board["players"]}
    assert not errors, errors


def test_an_account_takes_its_seat_back_from_another_device(chromium, servers):
    errors: list[str] = []
    laptop = person(chromium, servers, errors)
    sign_up(laptop, "Dana")
    fill_table_form(laptop, "q2j", 2, humans=(1,))
    laptop.click("#create-button")
    laptop.wait_for_selector("#invite-link")
    table = table_id(laptop)
    phone = person(chromium, servers, errors)
    phone.fill("#acc-name", "Dana")
    phone.fill("#acc-pass", "correct horse battery")
    phone.click("#login")
    phone.wait_for_selector(".tiles .tile")
    phone.click("#refresh")
    phone.click(f'[data-key="resume-{table}"]')
    phone.wait_for_selector("#invite-link")
    assert phone.evaluate("() => window.atout.state.at") == {
        "table": table,
        "seat": 0,
        "token": phone.evaluate("() => window.atout.state.at.token"),
    }
    assert phone.evaluate("() => !!window.atout.state.at.token")
    # the laptop is told, in words, that another window took its seat
    laptop.wait_for_selector("#lobby-error")
    laptop.wait_for_function("() => document.querySelector('#lobby-error').textContent.length > 0")
    assert not errors, errors


def test_an_account_logs_out_from_the_lobby_and_sign_up_checks_the_form_first(chromium, servers):
    errors: list[str] = []
    eve = person(chromium, servers, errors)
    eve.fill("#acc-name", "")
    eve.fill("#acc-pass", "short")
    eve.click("#signup")  # the browser's own checks: nothing is sent, the name is asked for
    assert eve.evaluate("() => document.querySelector('#acc-name').validity.valueMissing")
    assert eve.inner_text("#acc-error") == ""
    eve.fill("#acc-name", "gm")
    eve.fill("#acc-pass", "correct horse battery")
    eve.click("#signup")
    eve.wait_for_function("() => document.querySelector('#acc-error').textContent")
    said = eve.inner_text("#acc-error")
    assert "reserved" in said and "[" not in said, said  # words, not the reason's code
    sign_up(eve, "Eve")
    # logged in, the lobby's header offers to log out; out, the page is a guest's again
    eve.click("#nav-logout")
    eve.wait_for_selector("#name")
    assert eve.locator("#nav-me").count() == 0
    eve.reload()
    eve.wait_for_selector("#name")  # the session is gone for good, not only on this page
    assert eve.evaluate("() => window.atout.state.account") is None
    assert not errors, errors
