"""A fourth game added only in the tests (``toygame.py`` and its words ``toygame_text.py``):
registered, it passes the conformance suite and plays in the terminal client, which draws it
from the view spec the server publishes, knowing nothing of it."""

from __future__ import annotations

import asyncio

import pytest

import test_conformance as conformance
import toygame
from atout.client import Client
from atout.games import all_games, register, unregister
from atout.tui.app import GameOverScreen, PlayApp
from atout.tui.session import LocalServer
from test_tui import SIZE, Screens, check_no_leak, options, until

ID = toygame.GAME.id


@pytest.fixture(scope="module", autouse=True)
def toy():
    register(toygame.GAME)
    yield toygame.GAME
    unregister(ID)


@pytest.fixture(scope="module")
def server(toy):
    with LocalServer(leak_guard=True) as s:
        yield s


def test_registered_like_any_game():
    assert all_games()[ID] is toygame.GAME and ID not in conformance.GAMES


@pytest.mark.parametrize(
    "check",
    [
        "test_random_playouts",
        "test_apply_refuses_exactly_what_legal_moves_does_not_list",
        "test_the_view_spec_declares_every_field",
        "test_clone_is_independent",
        "test_moves_and_views_serialize",
        "test_setup_is_validated",
        "test_rules_summary_and_option_specs_name_everything",
        "test_apply_unchecked_plays_the_move_and_counts_it",
        "test_player_counts_are_checked_at_both_ends",
    ],
)
def test_passes_the_conformance_suite(check):
    getattr(conformance, check)(game_id=ID)


def test_the_server_publishes_its_view_spec(server):
    async def go():
        c = await Client.connect(server.url, "ann")
        games = {g["id"]: g for g in await c.list_games()}
        await c.close()
        return games

    games = asyncio.run(asyncio.wait_for(go(), 20))
    spec = games[ID]["view_spec"]
    assert spec["fields"][0] == {
        "key": "top",
        "kind": "cards",
        "en": "Face up",
        "fr": "Carte visible",
    }
    assert {"q2j", "quinze", "pouilleux"} <= set(games)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_plays_in_the_terminal_client(server, lang):
    """A whole game by keys: the board shows the toy's own labels (from the published spec),
    the moves its own words, and no screen names a hidden card."""
    words = {
        "en": ("Face up", "Left to draw", "Winner"),
        "fr": ("Carte visible", "Reste à piocher", "Gagnant"),
    }

    async def go():
        app = PlayApp(options(server, game=ID, players=3, bots=[1, 2], lang=lang))
        screens = Screens(app)
        async with app.run_test(size=SIZE) as pilot:
            s = app.session
            turns = 0
            while True:
                await until(pilot, lambda: bool(app.model.moves) or app.model.result is not None)
                if app.model.result is not None:
                    break
                board = str(app.query_one("#board").content)
                assert words[lang][0] in board and words[lang][1] in board
                u = s.client.feed(s.table).update
                said = [
                    toygame.GAME.describe_move(toygame.GAME.parse_move(x), lang) for x in u.legal
                ]
                assert app.model.labels == tuple(said)
                sent = len(s.sent)
                await pilot.press("enter")
                await until(pilot, lambda sent=sent: len(s.sent) == sent + 1)
                turns += 1
            await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
            assert words[lang][2] in str(app.screen.query_one("#result").content)
            assert s.refusals == [] and turns > 0
            table = s.table
            await pilot.press("q")
        assert check_no_leak(server, table, 0, screens) > turns

    asyncio.run(asyncio.wait_for(go(), 60))
