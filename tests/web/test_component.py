"""The card table component alone (web/table.js), mounted in a blank page and fed models built from
real game positions: whatever a player taps, it only ever sends one of the moves listed in
``legal`` (or, when the list was truncated, a selection for the game master to judge); a Queen
with its pair offers both plays; a swap asks for two players; a move with no choice plays itself.
"""

from __future__ import annotations

import json
import random
from typing import Any

import msgspec
import pytest
from tests.web.servers import Servers
from tests.web.test_browser import CHROMIUM, FLAGS

from atout.games import get_game

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")

# A page with the table's parts, and a function that mounts a model and records what is sent.
MOUNT = """async ([model]) => {
  const { CardTable } = await import("/static/table.js");
  await (await import("/static/i18n.js")).useLanguage(model.lang);
  document.body.innerHTML = `<div id="root"><div id="seats"></div><div id="felt"></div>
    <p id="prompt"></p><div id="actions"></div><div id="hand"></div><span id="sort"></span></div>`;
  const $ = (s) => document.querySelector(s);
  window.sent = [];
  const t = new CardTable(
    { root: $("#root"), seats: $("#seats"), felt: $("#felt"), prompt: $("#prompt"), actions: $("#actions"), hand: $("#hand"), sortSlot: $("#sort") },
    { onMove: (m) => window.sent.push(m) },
  );
  const names = (i) => "P" + (i + 1);
  window.T = t;
  t.set({ ...model, seatName: names, shortName: names, playerName: names, podName: names, reducedMotion: true, events: [] });
  return true;
}"""
# Taps ``n`` random things that can be tapped on the table, as an impatient player would.
MASH = """([n, seed]) => {
  let x = seed;
  const rnd = (k) => { x = (x * 1103515245 + 12345) % 2147483648; return x % k; };
  for (let i = 0; i < n && window.sent.length === 0; i++) {
    const all = [...document.querySelectorAll("#root button")];
    if (!all.length) break;
    all[rnd(all.length)].click();
  }
  return window.sent;
}"""


@pytest.fixture(scope="module")
def page():
    from playwright.sync_api import sync_playwright

    with Servers(seed=1) as servers, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        pg = browser.new_page(viewport={"width": 1280, "height": 800})
        pg.goto(servers.http_url + "/static/index.html?ws=ws://127.0.0.1:1/ws")
        yield pg
        browser.close()


def model(
    state: Any, seat: int, game: str, legal: list[Any] | None = None, total: int | None = None
) -> dict:
    legal = json.loads(
        json.dumps(
            [msgspec.to_builtins(m) for m in (state.legal_moves() if legal is None else legal)]
        )
    )
    view = json.loads(json.dumps(state.view(seat), default=list))
    summary = get_game(game).rules_summary()  # what list_games publishes of the game
    return {
        "game": game,
        "moveFields": summary["move_fields"],
        "facts": json.loads(json.dumps(summary["facts"])),
        "lang": "en",
        "me": seat,
        "turn": seat,
        "players": state.num_players,
        "seats": [{"seat": i, "taken": True, "name": f"p{i}"} for i in range(state.num_players)],
        "view": view,
        "legal": legal,
        "legalTotal": total if total is not None else len(legal),
        "version": state.move_count,
        "pending": False,
        "over": False,
        "autoDelay": 600_000,
    }


def positions(game: str, players: int, count: int, seed: int):
    """Positions of random games: (state, seat to play)."""
    g = get_game(game)
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        s = g.setup(players, None, seed=rng.randrange(1 << 30))
        while not s.is_over and len(out) < count:
            if rng.random() < 0.3:
                out.append(s.clone())
            s.apply(s.current, rng.choice(list(s.legal_moves())))
    return out


@pytest.mark.parametrize(("game", "players"), [("q2j", 3), ("quinze", 2), ("pouilleux", 4)])
def test_whatever_is_tapped_only_listed_moves_are_sent(page, game, players):
    legal_sent = 0
    for i, state in enumerate(positions(game, players, 60, seed=players)):
        seat = state.current
        m = model(state, seat, game)
        page.evaluate(MOUNT, [m])
        sent = page.evaluate(MASH, [40, 7 + i])
        for move in sent:
            assert move in m["legal"], (game, move)
            legal_sent += 1
    assert legal_sent > 20  # the mashing does reach moves, not only refusals


def test_q2j_a_queen_with_its_pair_offers_both_plays(page):
    g = get_game("q2j")
    state = g.setup(2, None, seed=1)
    moves = [
        {"type": "play", "cards": ["QH"]},
        {"type": "play", "cards": ["QH", "QS"]},
        {"type": "draw"},
    ]
    m = model(state, state.current, "q2j", legal=moves)
    m["view"]["hand"] = ["QH", "QS", "3C"]
    page.evaluate(MOUNT, [m])
    page.click('#hand [data-card="QH"]', position={"x": 4, "y": 20})
    assert page.evaluate("window.sent") == []  # not played yet: there is a choice
    buttons = page.locator("#actions button.act").all_inner_texts()
    assert any("Q²" in b for b in buttons) and any(b.startswith("Play Q") for b in buttons), buttons
    page.click('#hand [data-card="QS"]', position={"x": 4, "y": 20})  # the pair: played at once
    assert page.evaluate("window.sent") == [{"type": "play", "cards": ["QH", "QS"]}]
    # an unplayable card is refused on the table, in words, and nothing is sent
    page.evaluate(MOUNT, [m])
    page.click('#hand [data-card="3C"]', position={"x": 4, "y": 20})
    assert page.evaluate("window.sent") == []
    assert "cannot be played now" in page.inner_text("#prompt")


def test_quinze_a_truncated_list_lets_the_game_master_judge(page):
    g = get_game("quinze")
    state = g.setup(2, None, seed=3)
    m = model(
        state, state.current, "quinze", legal=[{"type": "pass"}, {"type": "done"}], total=5000
    )
    m["view"]["hand"] = ["7H", "8S", "2C"]
    m["view"]["table"] = ["KD"]
    page.evaluate(MOUNT, [m])
    page.click('#hand [data-card="7H"]', position={"x": 4, "y": 20})
    page.click('#hand [data-card="8S"]', position={"x": 4, "y": 20})
    assert "15" in page.inner_text("#prompt")
    page.click('#actions button[data-type="fifteen"]')
    assert page.evaluate("window.sent") == [{"type": "fifteen", "cards": ["7H", "8S"]}]
    # the same selection with the whole list known and no such fifteen in it: nothing to send
    m["legalTotal"] = 2
    page.evaluate(MOUNT, [m])
    page.click('#hand [data-card="7H"]', position={"x": 4, "y": 20})
    assert page.locator('#actions button[data-type="fifteen"]').count() == 0
    assert "cannot be played now" in page.inner_text("#prompt")


def test_pouilleux_kings_ask_for_two_players_then_confirm(page):
    g = get_game("pouilleux")
    state = g.setup(4, None, seed=2)
    pairs = [(a, b) for a in range(4) for b in range(a + 1, 4)]
    moves = [{"type": "lay", "cards": ["KD", "KH"], "target": a, "other": b} for a, b in pairs]
    moves.append({"type": "end"})
    m = model(state, state.current, "pouilleux", legal=moves)
    m["view"]["hand"] = ["KD", "KH", "3C"]
    me = m["me"]
    others = [s for s in range(4) if s != me]
    page.evaluate(MOUNT, [m])
    page.click('#hand [data-card="KD"]', position={"x": 4, "y": 20})
    assert page.locator('#hand [aria-pressed="true"]').count() == 2  # its pair, selected with it
    assert "two players" in page.inner_text("#prompt")
    page.click(f'#seats .pod[data-seat="{others[2]}"]')
    page.click(f'#seats .pod[data-seat="{others[0]}"]')
    assert "swapped" in page.inner_text("#prompt")  # the effect in words before confirming
    assert page.evaluate("window.sent") == []
    page.click("#actions button.primary")
    a, b = sorted([others[0], others[2]])
    assert page.evaluate("window.sent") == [
        {"type": "lay", "cards": ["KD", "KH"], "target": a, "other": b}
    ]


def test_a_move_with_no_choice_plays_itself_after_a_pause(page):
    g = get_game("quinze")
    state = g.setup(2, None, seed=3)
    m = model(state, state.current, "quinze", legal=[{"type": "done"}])
    m["autoDelay"] = 300
    page.evaluate(MOUNT, [m])
    assert "Nothing to choose" in page.inner_text("#prompt")
    assert page.evaluate("window.sent") == []
    page.wait_for_function("window.sent.length === 1", timeout=3000)
    assert page.evaluate("window.sent") == [{"type": "done"}]


def test_a_move_with_no_choice_still_plays_itself_after_the_table_was_locked(page):
    """The connection dropped while the pause ran: the table was locked (no legal moves) when
    it ended; back at the same version, the move plays itself (it waited for ever, no button)."""
    g = get_game("quinze")
    state = g.setup(2, None, seed=3)
    m = model(state, state.current, "quinze", legal=[{"type": "done"}])
    m["autoDelay"] = 200
    page.evaluate(MOUNT, [m])
    page.evaluate("(m) => window.T.set({ ...window.T.model, legal: null })", m)  # locked
    page.wait_for_timeout(400)  # the pause ends while locked: nothing sent
    assert page.evaluate("window.sent") == []
    page.evaluate("(m) => window.T.set({ ...window.T.model, legal: m.legal })", m)  # back
    page.wait_for_function("window.sent.length === 1", timeout=3000)
    assert page.evaluate("window.sent") == [{"type": "done"}]


def test_quinze_scoreboard_shows_what_each_deal_counted(page):
    """Out on one's own first turn in a match: −50 and nobody else scores that deal. The deal's
    row shows what counted (its ``scores``), so that the rows add up to the totals, not the
    cards left in the hands (its ``points``)."""
    from tests.test_quinze import deal, fifteen

    s = deal(["7H 8H 7D 8D 7C 8C 6S 9S 10H", ""], stock="5H")
    for f in ("7H 8H", "7D 8D", "7C 8C", "6S 9S", "10H 5H"):
        fifteen(s, f)
    (d,) = s.view(1)["deals"]
    assert d["points"] != d["scores"] == [-50, 0]  # the case in point: the hands held cards
    m = model(s, 1, "quinze", legal=[])
    m["turn"] = s.current
    page.evaluate(MOUNT, [m])
    rows = page.evaluate(
        """() => [...document.querySelectorAll('#scoreboard table.scores tr')]
            .map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent))"""
    )
    assert ["-50 ★", "0"] in rows and ["-50", "0"] in rows, rows


def test_a_tap_is_not_lost_when_the_table_is_redrawn_under_the_finger(page):
    """A message that redraws the table (a seat's connection, a spectator) between the press and
    the release of a tap: the model waits for the release (the pressed card stays), the move is
    sent, then the table is drawn (a new element under the finger would get no click: the tap
    was lost, as a fresh-clone run of the browser tests once saw on a blind draw)."""
    g = get_game("pouilleux")
    state = g.setup(3, None, seed=3)
    while not any("position" in msgspec.to_builtins(m) for m in state.legal_moves()):
        state.apply(state.current, state.legal_moves()[0])
    m = model(state, state.current, "pouilleux")
    page.evaluate(MOUNT, [m])
    # a back of the blind hand that is under its own centre (the bare page fans them widely)
    at = page.evaluate(
        """() => { for (const b of document.querySelectorAll('#felt .blind [data-position]')) {
             const r = b.getBoundingClientRect(), x = r.left + 6, y = r.top + r.height / 2;
             if (document.elementFromPoint(x, y) === b) return [+b.dataset.position, x, y];
           } return null; }"""
    )
    assert at is not None
    position, x, y = at
    want = next(mv for mv in m["legal"] if mv.get("position") == position)
    page.mouse.move(x, y)
    page.mouse.down()
    page.evaluate(
        "(p) => { window.pressed = document.querySelector(`#felt .blind [data-position='${p}']`); }",
        position,
    )
    page.evaluate(
        "() => window.T.set({ ...window.T.model, seats: [...window.T.model.seats], later: true })"
    )
    assert page.evaluate("() => window.pressed.isConnected")  # not replaced while pressed
    assert not page.evaluate("() => !!window.T.model.later")  # the model waits for the release
    page.mouse.up()
    assert page.evaluate("window.sent") == [want]
    # the redraw that waited is done once the finger is up
    page.wait_for_function("() => window.T.model.later === true && window.T.waiting === null")


def test_an_update_redraws_what_changed_not_the_whole_table(page):
    """The next position is patched in: a card still in the hand is the same element (its image
    not made again, its focus kept), the card played is gone, the new top card is there, and a
    scoreboard the player opened stays open (the whole table was made anew at each update)."""
    g = get_game("quinze")
    state = g.setup(2, None, seed=3)
    m = model(state, state.current, "quinze", legal=[{"type": "pass"}])
    m["view"]["hand"] = ["7H", "8S", "2C"]
    m["view"]["table"] = ["KD"]
    page.evaluate(MOUNT, [m])
    page.evaluate(
        """() => { window.kept = document.querySelector('#hand [data-card="8S"]');
                   window.img = window.kept.querySelector('img');
                   window.kept.focus();
                   document.querySelector('#scoreboard').open = true; }"""
    )
    page.evaluate(
        """() => window.T.set({ ...window.T.model, version: window.T.model.version + 1,
             view: { ...window.T.model.view, hand: ["8S", "2C"], table: ["KD", "7H"] } })"""
    )
    assert page.evaluate(
        """() => window.kept.isConnected && window.kept.querySelector('img') === window.img
                 && document.activeElement === window.kept"""
    )
    assert page.locator('#hand [data-card="7H"]').count() == 0
    assert page.locator('#felt [data-card="7H"]').count() == 1
    assert page.evaluate("() => document.querySelector('#scoreboard').open")
