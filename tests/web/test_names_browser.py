"""Names are always text, never HTML (issue 27 item 8), in headless Debian chromium on the game
master's own page. The rule refuses markup in new names, so the name here is one an older
database holds from before it (guests could be called ``<img src=x onerror=…>`` then): it is
written straight into the store and the tables, as such a database would hold it, and every place
that shows a name is looked at: the lobby's table list, the table, the game-over screen, the
leaderboard, a player page and the replay page. Each shows the name literally (its text is the
name) and nothing in it runs (``window.__pwned`` stays unset, no ``img`` is made of it).
"""

from __future__ import annotations

import time
from typing import Any
from urllib.parse import quote

import pytest
from tests.web.chromium import CHROMIUM
from tests.web.tableplay import CHOOSERS, TablePlayer
from tests.web.test_browser import fill_table_form, table_id
from tests.web.test_platform import SEEN, servers  # noqa: F401 (a fixture)

from atout.protocol import messages as m
from atout.server.core.conns import Conn
from atout.server.core.members import seat_record

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")

MARKUP = "<img src=x onerror=window.__pwned=1>"
SAFE = (
    "() => window.__pwned === undefined && document.querySelectorAll('img[src=\"x\"]').length === 0"
)
#: How many text nodes of the page are the name, whole: the name went in as text (markup
#: parsed into elements would leave no such node).
EXACT = """(name) => {
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let n = 0;
  while (walk.nextNode()) if (walk.currentNode.nodeValue.trim() === name) n += 1;
  return n;
}"""


def legacy_rows(core: Any) -> str:
    """What an older database holds under a markup name: a waiting table whose seat 0 a guest of
    then holds, and an account with a rating (its leaderboard row, its player page)."""
    gone = Conn(id=10_001, name="then")  # the guest's connection, long gone
    body = m.CreateTableBody(game="q2j", players=2)
    t = core.lobby.open_table(gone, body, time.time())  # the shell's clock
    seat = t.seats[0]
    seat.name, seat.token_hash = MARKUP, "0" * 64
    core.store.set_seat(t.id, seat_record(seat))
    db = core.store.db
    db.execute(
        "INSERT INTO accounts (name, key, password, created, skeleton, skeleton_cased)"
        " VALUES (?, ?, 'x', 0, '', '')",
        (MARKUP, MARKUP.casefold()),
    )
    db.execute(
        "INSERT INTO ratings (game, player, kind, name, mu, sigma, ordinal, games, wins)"
        " VALUES ('q2j', ?, 'account', ?, 30.0, 4.0, 18.0, 3, 2)",
        (MARKUP.casefold(), MARKUP),
    )
    core.store.dirty = True
    core.store.commit()
    return t.id


def legacy_opponent(core: Any, table: str) -> None:
    """Seat 1 (a bot until now) becomes the markup-named guest of then, gone: a bot plays it
    meanwhile, under its name, and its seat row says so (the replay reads it)."""
    t = core.tables[table]
    seat = t.seats[1]
    seat.bot, seat.name, seat.away, seat.gone = None, MARKUP, True, time.time() - 600
    seat.token_hash = "1" * 64
    core.store.set_seat(t.id, seat_record(seat))
    core.store.commit()


def shown_as_text(page: Any, where: str, exact: bool = True) -> None:
    assert page.evaluate(SAFE), f"{where}: the name ran or made an element"
    if exact:
        assert page.evaluate(EXACT, MARKUP) >= 1, f"{where}: no element's text is the name"
    else:
        assert MARKUP in page.inner_text("body"), where


def test_a_markup_name_from_an_older_database_is_shown_literally_everywhere(chromium, servers):  # noqa: F811
    errors: list[str] = []
    waiting = servers.call(lambda: legacy_rows(servers.core))
    ctx = chromium.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB")
    ctx.set_default_timeout(20_000)
    page = ctx.new_page()
    page.add_init_script(SEEN)
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    page.goto(servers.gm_http_url + "/")
    page.fill("#name", "Viewer")
    page.click("#connect")
    page.wait_for_selector("#create")

    # the lobby's table list: the waiting table's seat 0 by its name
    page.click("#refresh")
    row = page.wait_for_selector(f'[data-table="{waiting}"]')
    assert MARKUP in row.inner_text()
    shown_as_text(page, "lobby", exact=False)  # "P1 <name> · P2 free seat": one line
    # a game against the guest of then (a bot plays its seat): the table and the game-over
    fill_table_form(page, "pouilleux", 2, humans=(0,), bot_delay="0")
    page.fill("#f-opt-max_turns", "2")  # two turns, then the fewest cards win
    page.dispatch_event("#f-opt-max_turns", "change")
    page.click("#create-button")
    page.wait_for_selector("#table-screen")
    played = table_id(page)
    servers.call(lambda: legacy_opponent(servers.core, played))
    page.reload()  # the seat taken back: the table as the store and the game master hold it
    page.wait_for_selector("#table-screen")
    page.wait_for_function("(n) => document.body.innerText.includes(n)", arg=MARKUP)
    shown_as_text(page, "table")
    me = TablePlayer(page, touch=False, seed=3)
    for _ in range(20):
        if me.wait_turn():
            break
        me.play_turn(CHOOSERS["pouilleux"])
    page.wait_for_selector("#over:not([hidden])")
    page.wait_for_function("(n) => document.body.innerText.includes(n)", arg=MARKUP)
    assert MARKUP in page.inner_text("#over")  # its results' table names every seat
    shown_as_text(page, "game over")

    # the leaderboard, the player page, the replay
    page.goto(servers.gm_http_url + "/leaderboard/q2j")
    page.wait_for_selector("#leaderboard tbody tr")
    shown_as_text(page, "leaderboard")
    page.goto(servers.gm_http_url + "/players/" + quote(MARKUP, safe=""))
    page.wait_for_selector("#player h2")
    assert page.text_content("#player h2") == MARKUP
    shown_as_text(page, "player page")
    page.goto(servers.gm_http_url + f"/replay/{played}")
    page.wait_for_selector("#replay #r-next")
    page.wait_for_function("(n) => document.body.innerText.includes(n)", arg=MARKUP)
    shown_as_text(page, "replay")
    assert not errors, errors
    rec = servers.call(lambda: servers.core.store.load(played))
    assert rec.seats[1].name == MARKUP  # the store's row, as the replay read it
    ctx.close()
