"""The page knows the games only by what list_games says (issue 29, "game facts in one place"):
the bots it offers and their default level, what each move's fields hold, Le Quinze's card
values. Each test changes a fact and the page follows it: the game master's reply rewritten on
the page's socket, or a table component fed a game's published facts with one changed."""

from __future__ import annotations

import json
from typing import Any

import pytest
from tests.web.servers import Servers
from tests.web.test_browser import CHROMIUM
from tests.web.test_component import MOUNT, model

from atout.games import get_game

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")


def test_the_bots_offered_are_the_game_masters(chromium):
    """list_games names the bots: the page offers those, with the default level it says."""

    def rewrite(text: str) -> str:
        frame = json.loads(text)
        if frame.get("cmd") == "games":
            for g in frame["body"]["games"]:
                g["default_level"] = "fort"
                g["bot_kinds"] = ["random"]
        return json.dumps(frame)

    with Servers(seed=1) as servers:
        page = chromium.new_page(viewport={"width": 1280, "height": 800})

        def route(ws: Any) -> None:
            server = ws.connect_to_server()
            ws.on_message(lambda text: server.send(text))
            server.on_message(lambda text: ws.send(rewrite(text)))

        page.route_web_socket("**/ws", route)
        page.goto(servers.page_url)
        page.fill("#name", "alice")
        page.click("#connect")
        page.wait_for_selector("#create")
        assert page.input_value("#quick-level") == "fort"
        assert page.input_value("#f-bot-kind") == "fort"
        raw = page.locator("#f-bot-kind optgroup").nth(1).locator("option")
        assert raw.evaluate_all("(os) => os.map((o) => o.value)") == ["random"]
        page.close()


@pytest.fixture(scope="module")
def page(chromium):
    with Servers(seed=1) as servers:
        pg = chromium.new_page(viewport={"width": 1280, "height": 800})
        pg.goto(servers.http_url + "/static/index.html?ws=ws://127.0.0.1:1/ws")
        yield pg
        pg.close()


def test_a_moves_choices_are_the_ones_its_game_names(page):
    """A game whose pair of Kings swaps two players named "victim" and "also" (its move_fields
    say they are choices): the table asks for the two players and sends the move with them."""
    g = get_game("pouilleux")
    state = g.setup(4, None, seed=2)
    pairs = [(a, b) for a in range(4) for b in range(a + 1, 4)]
    moves = [{"type": "lay", "cards": ["KD", "KH"], "victim": a, "also": b} for a, b in pairs]
    moves.append({"type": "end"})
    m = model(state, state.current, "pouilleux", legal=moves)
    m["moveFields"]["lay"] = {"cards": ["cards"], "choices": ["victim", "also"]}
    m["view"]["hand"] = ["KD", "KH", "3C"]
    others = [s for s in range(4) if s != m["me"]]
    page.evaluate(MOUNT, [m])
    page.click('#hand [data-card="KD"]', position={"x": 4, "y": 20})
    page.click(f'#seats .pod[data-seat="{others[2]}"]')
    page.click(f'#seats .pod[data-seat="{others[0]}"]')
    page.click("#actions button.primary")
    a, b = sorted([others[0], others[2]])
    assert page.evaluate("window.sent") == [
        {"type": "lay", "cards": ["KD", "KH"], "victim": a, "also": b}
    ]


def test_a_selections_sum_is_counted_with_the_games_values(page):
    """Le Quinze's selection is added up with the card values and the Ace's high value the game
    publishes (facts), never the page's own: changed here, the prompt follows."""
    g = get_game("quinze")
    state = g.setup(2, None, seed=3)
    m = model(
        state, state.current, "quinze", legal=[{"type": "pass"}, {"type": "done"}], total=5000
    )
    m["facts"] = {**m["facts"], "ace_high": 20, "fifteen": 21}
    m["facts"]["card_values"] = {**m["facts"]["card_values"], "7": 1}
    m["view"]["hand"] = ["AH", "7S", "2C"]
    page.evaluate(MOUNT, [m])
    page.click('#hand [data-card="AH"]', position={"x": 4, "y": 20})
    page.click('#hand [data-card="7S"]', position={"x": 4, "y": 20})
    # the Ace high (20) and the 7 (1 here): 21, the game's fifteen
    assert page.inner_text("#sum") == "Sum: 21 (Ace as 20) ✓"
