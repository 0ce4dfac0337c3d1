"""The page checks each table frame's ``seq`` as the client library does (atout.client's
``take_seq``), through a proxy on the page's own socket (Playwright's WebSocket routing): a frame
that comes again is dropped (the table is not set back to an older position, the log not written
twice), and an update lost on the way (its version never seen) is caught up (a resume from the
last version seen), so that its events are in the log. The game master is the real one."""

from __future__ import annotations

import json
from typing import Any

import pytest
from tests.web.servers import Servers
from tests.web.tableplay import NONCES, TablePlayer, new_table
from tests.web.test_browser import CHROMIUM

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")

LOG = "() => window.atout.state.log.map((e) => e.text)"


class Proxy:
    """Every frame between the page and the game master, passed on; ``drop(frame)`` says which of
    the game master's frames are held back; ``frames`` keeps those that were passed on."""

    def __init__(self, page: Any) -> None:
        self.frames: list[dict[str, Any]] = []
        self.dropped: list[dict[str, Any]] = []
        self.drop = lambda frame: False
        self.to_page: Any = None
        page.route_web_socket("**/ws", self.route)

    def route(self, ws: Any) -> None:
        server = ws.connect_to_server()
        self.to_page = ws
        ws.on_message(lambda text: server.send(text))
        server.on_message(lambda text: self.on_server(ws, text))

    def on_server(self, ws: Any, text: Any) -> None:
        frame = json.loads(text)
        if self.drop(frame):
            self.dropped.append(frame)
            return
        self.frames.append(frame)
        ws.send(text)

    def updates(self) -> list[dict[str, Any]]:
        return [f for f in self.frames if f["cmd"] == "update"]


def open_table(chromium: Any, servers: Servers, players: int) -> tuple[Any, Proxy, TablePlayer]:
    page = chromium.new_page(viewport={"width": 1280, "height": 800})
    page.add_init_script("localStorage.setItem('atout.seen.q2j', 'true');")
    page.add_init_script(NONCES % 7)
    proxy = Proxy(page)
    page.goto(servers.page_url)
    page.fill("#name", "alice")
    page.click("#connect")
    page.wait_for_selector("#create")
    new_table(page, "q2j", players, {})
    page.evaluate("() => { window.atout.state.autoDelay = 300; }")
    return page, proxy, TablePlayer(page, touch=False, seed=7)


def test_a_frame_that_comes_again_is_dropped(chromium):
    """At our turn (the bot waits for us: nothing else comes), an older update frame arrives a
    second time: the page stays at the position it shows, its log unchanged, its moves those of
    the current version."""
    with Servers(seed=7) as servers:
        page, proxy, player = open_table(chromium, servers, 2)
        assert not player.wait_turn()
        player.play_turn(lambda legal, view, rng: legal[0])
        assert not player.wait_turn()
        now = page.evaluate("() => window.atout.state.update.version")
        log = page.evaluate(LOG)
        stale = next(f for f in proxy.updates() if f["body"]["version"] < now)
        proxy.to_page.send(json.dumps(stale))
        # then a phrase with no seq (taken either way): once it shows, the stale frame was read
        proxy.to_page.send(
            json.dumps(
                {
                    "cmd": "reaction",
                    "from": "gm",
                    "to": "",
                    "body": {"table": stale["body"]["table"], "seat": 1, "phrase": "gg"},
                }
            )
        )
        page.wait_for_function(
            "() => document.querySelector('#last').innerText.includes('Good game!')"
        )
        state = page.evaluate(
            "() => { const s = window.atout.state; return {version: s.update.version, refused: s.seqRefused}; }"
        )
        assert state == {"version": now, "refused": 1}
        assert page.evaluate(LOG) == log
        assert page.locator("#moves button.move").first.get_attribute("data-version") == str(now)


def test_an_update_lost_on_the_way_is_caught_up(chromium):
    """Two bots play after us; the first bot's update never reaches the page. The second bot's
    shows a version the page never saw: the page catches up, and the lost update's events are in
    its log, in their place."""
    with Servers(seed=7) as servers:
        page, proxy, player = open_table(chromium, servers, 3)
        assert not player.wait_turn()
        version = page.evaluate("() => window.atout.state.update.version")
        proxy.drop = lambda f: (
            f["cmd"] == "update" and f["body"]["version"] == version + 2 and not proxy.dropped
        )
        player.play_turn(lambda legal, view, rng: legal[0])
        if player.wait_turn():
            pytest.skip("the game ended before the bots played")
        assert len(proxy.dropped) == 1
        lost = [e["text"] for e in proxy.dropped[0]["body"]["events"]]
        log = page.evaluate(LOG)
        assert lost and all(log.count(text) >= 1 for text in lost), (lost, log[-8:])
        # in their place: right after our own move's events
        mine = next(f for f in proxy.updates() if f["body"]["version"] == version + 1)
        run = [e["text"] for e in mine["body"]["events"]] + lost
        assert any(log[i : i + len(run)] == run for i in range(len(log))), (run, log[-12:])
        assert page.evaluate("() => window.atout.state.update.version") > version + 2
