"""A fourth game that lives only in the tests (tests/toygame.py, "Match") plays in the browser on
the generic board, drawn from the view spec the game publishes: the page knows nothing of it (no
layout, no labels), yet shows its fields in the game's own words and plays it to the end by taps.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from tests.web.servers import Servers
from tests.web.tableplay import NONCES, TablePlayer
from tests.web.test_browser import CHROMIUM, FLAGS, check_no_leak, server_side

from atout.games import register, unregister

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import toygame

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")


@pytest.fixture
def toy():
    register(toygame.GAME)
    yield toygame.GAME
    unregister(toygame.GAME.id)


def first_play(legal, view, rng):
    plays = [m for m in legal if m["type"] == "play"]
    return plays[0] if plays else legal[0]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_game_the_page_does_not_know_plays_on_the_generic_board(toy, lang):
    from playwright.sync_api import sync_playwright

    spec = toy.rules_summary()["view_spec"]
    with Servers(seed=4) as servers, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        page = browser.new_page(
            viewport={"width": 390, "height": 844}, locale="fr-FR" if lang == "fr" else "en-GB"
        )
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.add_init_script(f"localStorage.setItem('atout.seen.{toy.id}', 'true');")
        page.add_init_script(NONCES % 9)  # the same deal every run
        page.goto(servers.page_url)
        page.fill("#name", "toy")
        page.click("#connect")
        page.wait_for_selector(f'.tile[data-game="{toy.id}"]')
        page.select_option("#f-game", toy.id)
        page.fill("#f-players", "2")
        page.dispatch_event("#f-players", "change")
        page.wait_for_selector("#f-seat-1")
        page.fill("#f-bot-delay", "0.2")
        page.dispatch_event("#f-bot-delay", "change")
        page.click("#create-button")
        page.wait_for_selector("#table-screen")
        table = page.evaluate("() => window.atout.state.at.table")
        player = TablePlayer(page, touch=False, seed=1)
        turns = 0
        while not player.wait_turn():
            seen = check_no_leak(
                page, server_side(servers, table, 0), "toy", lambda: server_side(servers, table, 0)
            )
            assert sorted(seen["hand"]) == sorted(seen["srv"]["hand"])
            # the felt shows the game's own fields, in its own words (the spec's labels)
            felt = page.inner_text("#felt")
            shown = [
                f
                for f in spec["fields"]
                if not f.get("per_seat") and page.locator(f'#felt [data-key="{f["key"]}"]').count()
            ]
            assert shown, felt
            for f in shown:
                assert f[lang] in felt
            player.play_turn(first_play)
            turns += 1
            assert turns < 200
        page.wait_for_selector("#over:not([hidden]) .verdict")
        assert server_side(servers, table, 0)["status"] == "finished"
        assert sum(player.did.values()) > 0, player.did  # it did play, on the table
        assert not errors, errors
        browser.close()
