"""A game added only in the tests (``toygame.py``; its words and rules pages in
``toygame_home/``): registered, it passes the conformance suite, plays in the terminal client, which draws it from the view spec
the server publishes, knowing nothing of it, is played by every bot kind and level, and is a
PettingZoo environment whose observation and actions are derived from its declarations: no code
anywhere in src/ names it."""

from __future__ import annotations

import asyncio

import pytest

import test_bots as bots_suite
import test_conformance as conformance
import test_rl as rl_suite
import toygame
from atout import rl
from atout.bots import make_bot
from atout.bots.levels import LEVELS
from atout.client import Client
from atout.games import all_games, register, unregister
from atout.games.base import Game
from atout.locales import has, say
from atout.sim.runner import simulate
from atout.tui.app import GameOverScreen, PlayApp
from atout.tui.session import LocalServer
from atout.web import rules_page
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


@pytest.mark.parametrize(("lang", "title"), [("en", "Match (a toy)"), ("fr", "Pareil (un jouet)")])
def test_its_rules_page_and_words_come_from_its_home(server, lang, title):
    """Served as the built-in games' are, whole and as the first screen's "in short"; its
    words said by the catalogue. Before it is registered, neither exists."""
    from urllib.request import urlopen

    base = server.url.replace("ws://", "http://").removesuffix("/ws")
    with urlopen(f"{base}/rules/{ID}.{lang}.html") as r:
        page = r.read().decode()
    assert r.status == 200 and title.split(" (")[0] in page and "<h1>" in page
    with urlopen(f"{base}/static/rules/{ID}.{lang}.short.html") as r:
        short = r.read().decode()
    assert r.status == 200 and "<li>" in short and "<h2>" not in short
    assert say(lang, "toygame-move-draw") in ("draw", "piocher")


def test_unregistered_its_words_leave_the_catalogue():
    unregister(ID)
    try:
        assert not has("en", "toygame-move-draw")
        assert rules_page(ID, "en") is None
    finally:
        register(toygame.GAME)
    assert has("en", "toygame-move-draw") and rules_page(ID, "en") is not None


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


# --------------------------------------------------------------------------- the bots


@pytest.mark.parametrize(
    ("check", "args"),
    [
        ("test_cheap_bots_play_only_legal_moves", {"kind": "random"}),
        ("test_cheap_bots_play_only_legal_moves", {"kind": "heuristic"}),
        ("test_ismcts_plays_only_legal_moves", {}),
        ("test_samples_hide_what_the_seat_cannot_know", {}),
        ("test_hints_name_a_legal_move_and_say_why", {}),
    ],
)
def test_passes_the_bots_suite(check, args):
    """The bots' own tests, on the toy: legal moves only, and a search that samples what the
    seat cannot see (its ``determinize``) without copying the truth."""
    getattr(bots_suite, check)(game_id=ID, **args)


def test_the_search_plans_only_on_samples_of_its_view(monkeypatch):
    bots_suite.test_ismcts_plans_only_on_samples_of_its_view(ID, monkeypatch)


KINDS = ["random", "heuristic", "ismcts:40", *(lv.id for lv in LEVELS)]


@pytest.mark.parametrize("kind", KINDS)
def test_every_bot_kind_and_level_finishes_games(kind):
    """Seeded games of the toy between a bot of each kind and level and two random bots."""
    summary = simulate(ID, 3, 4, seed=9, bot_kinds=[kind, "random", "random"])
    assert summary.completed == 4 and sum(summary.wins) == pytest.approx(4)


class Blind(toygame.MatchGame):
    """The toy without a way to sample what a seat cannot see."""

    id = "match_blind"
    determinize = Game.determinize


@pytest.mark.parametrize("kind", ["ismcts", "fort", "expert"])
def test_a_game_that_cannot_be_sampled_still_gets_every_level(kind):
    """The levels that search fall back to the heuristic where the game has no
    ``determinize`` (a level is offered for every game), the plain search too."""
    game = Blind()
    register(game)
    try:
        state = game.setup(2, None, 3)
        bot = make_bot(kind, 1)
        while not state.is_over:
            seat = state.current
            state.apply(seat, bot.choose(game, state.view(seat), state.legal_moves()))
        assert bot.last["iterations"] == 0
    finally:
        unregister(game.id)


# --------------------------------------------------------------------------- the environment


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.filterwarnings(*rl_suite.pytestmark.args)
def test_pettingzoo_api_and_seed_tests(players):
    rl_suite.test_pettingzoo_api_test(ID, players)
    rl_suite.test_pettingzoo_seed_test(ID, players)


@pytest.mark.parametrize("players", [2, 3])
def test_the_environment_masks_legal_moves_and_hides_cards(players):
    """Derived from the toy's declarations (a card plane per ``cards`` field, counts, the
    options; an action per card of ``play`` and one for ``draw`` and ``pass``): the mask is
    the legal moves both ways, and no observation holds a card the seat cannot know."""
    rl_suite.test_masks_equal_legal_moves(ID, players, 80, {})
    rl_suite.test_observations_hold_no_hidden_card(ID, players)
    e = rl.raw_env(ID, players)
    assert e.codec.num_actions == len(toygame.DECK) + 2
    assert [name for name, _ in e.codec.observer.names] == [
        "hand",
        "turn",
        "top",
        "stock_size",
        "hand_sizes",
        "passes",
        "options",
    ]


def test_the_environment_plays_episodes_against_a_bot():
    """A masked-random agent and the heuristic through ``actions_for``: episodes end with
    the result's rewards."""
    e = rl.env(ID, players=2)
    for episode in range(5):
        e.reset(seed=episode)
        bot = make_bot("moyen", episode)
        rewards = dict.fromkeys(e.possible_agents, 0.0)
        for agent in e.agent_iter():
            obs, reward, term, trunc, _ = e.last()
            rewards[agent] += reward
            if term or trunc:
                e.step(None)
            elif agent == "player_1":
                st = e.unwrapped.game_state
                move = bot.choose(e.unwrapped.game, st.view(1), st.legal_moves())
                e.step(e.unwrapped.actions_for(move)[0])
            else:
                e.step(int(e.action_space(agent).sample(obs["action_mask"])))
        winners = e.unwrapped.game_state.result().winners
        assert rewards == {f"player_{s}": 1.0 if s in winners else -1.0 for s in range(2)}
