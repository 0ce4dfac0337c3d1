"""A private game in headless Debian chromium (issue 27, item 5): its player finds it on her page
and opens its replay and record (the page sends her session cookie); another account and a guest
do not see it on her page, and its replay's address shows them "not found"."""

from __future__ import annotations

import pytest
from tests.web.tableplay import TablePlayer
from tests.web.test_browser import CHROMIUM, fill_table_form, table_id
from tests.web.test_platform import person, play_to_the_end, servers, sign_up

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")
__all__ = ["servers"]  # a fixture, shared with test_platform.py (chromium: conftest.py)

NOT_FOUND = ".page .error"


def test_a_private_games_replay_opens_for_its_player_and_is_not_found_for_others(chromium, servers):
    errors: list[str] = []
    alice, bob, visitor = (person(chromium, servers, errors) for _ in range(3))
    sign_up(alice, "Alice")
    sign_up(bob, "Bob")
    fill_table_form(alice, "q2j", 2, private=True, bot_delay="0")  # Alice and a bot
    alice.click("#create-button")
    alice.wait_for_selector("#table-screen")
    table = table_id(alice)
    play_to_the_end(TablePlayer(alice, touch=False, seed=5))
    alice.wait_for_selector("#over:not([hidden]) .verdict")
    link = f'#player a[href="/replay/{table}"]'
    # Alice: on her page, its replay plays, its record downloads
    alice.click("#lobby")
    alice.click("#nav-me")
    alice.click(link)
    alice.wait_for_selector("#replay #r-next")
    got = alice.evaluate("async (t) => (await fetch('/api/record/' + t)).status", table)
    assert got == 200
    # Bob and a guest: not on her page; the replay's address is not found
    for page in (bob, visitor):
        page.goto(servers.gm_http_url + "/players/Alice")
        page.wait_for_selector("#player h2")
        assert page.locator(link).count() == 0
        page.goto(servers.gm_http_url + f"/replay/{table}")
        page.wait_for_selector(NOT_FOUND)
        assert page.inner_text(NOT_FOUND) == f"No finished table '{table}'."
        assert page.locator("#replay").count() == 0
    assert not errors, errors
