"""The page notices a game master that stopped answering (issue 28: the page had no heartbeat,
so a page on a frozen or cut-off node waited for ever): nothing received for 2.5 pings, it gives
the socket up and says it is not connected (at a table, it reconnects)."""

from __future__ import annotations

import threading
import time

import pytest
from tests.web.servers import Servers
from tests.web.test_browser import CHROMIUM
from tests.web.test_platform import person

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")


def test_a_frozen_game_master_is_noticed_by_the_page(chromium) -> None:
    with Servers(seed=2) as servers:
        errors: list[str] = []
        page = person(chromium, servers, errors, init="globalThis.ATOUT_HEARTBEAT_MS = 300;")
        page.fill("#name", "zoe")
        page.click("#connect")
        page.wait_for_selector(".tiles .tile")
        assert page.evaluate("() => window.atout.state.status") == "online"
        frozen = threading.Event()

        def freeze() -> None:  # the game master's loop held: sockets open, nothing answered
            frozen.set()
            time.sleep(8)

        holder = threading.Thread(target=servers.call, args=(freeze,), daemon=True)
        holder.start()
        assert frozen.wait(10)
        page.wait_for_function("() => window.atout.state.status !== 'online'", timeout=7_000)
        assert frozen.is_set() and holder.is_alive()  # noticed while still frozen
        page.wait_for_selector("#connect")
        holder.join(10)
        assert not errors, errors


def test_the_page_given_several_addresses_uses_the_next_when_one_is_away(chromium) -> None:
    """``?ws=A,B`` (issue 28: clients that fail over without a proxy): A refuses the socket, so
    the page connects through B, and says which address it uses."""
    with Servers(seed=3) as servers:
        errors: list[str] = []
        page = person(chromium, servers, errors)
        away = "ws://127.0.0.1:9/ws"  # the discard port: nothing listens there
        page.goto(f"{servers.gm_http_url}/?ws={away},{servers.ws_url}")
        page.fill("#name", "yan")
        page.click("#connect")
        page.wait_for_selector(".tiles .tile")
        state = page.evaluate("() => [window.atout.state.status, window.atout.state.url]")
        assert state == ["online", servers.ws_url]
        assert not [e for e in errors if "127.0.0.1:9" not in e], errors
