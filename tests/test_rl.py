"""The PettingZoo environments (atout.rl): PettingZoo's own API and seed tests, masks equal to
the game's legal moves both ways, observations free of hidden cards, seeds, stacked decks and
rewards."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from atout import rl
from atout.bots import make_bot
from atout.cards import deck_52
from atout.games import get_game
from atout.games.quinze import Fifteen
from atout.rl.codec import SELECT, MoveCodec
from atout.rl.observation import squash
from atout.rl.quinze import CONFIRM, selectable

GAMES = ["q2j", "pouilleux", "quinze"]

pytestmark = pytest.mark.filterwarnings(
    # PettingZoo's advice for plain-array observations; the classic card games use dicts too
    "ignore:Observation is not a NumPy array",
    "ignore:Observation space for each agent probably should be",
)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoo_api_test(game_id: str, players: int) -> None:
    api_test(rl.env(game_id, players=players), num_cycles=300)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoo_seed_test(game_id: str, players: int) -> None:
    seed_test(lambda: rl.env(game_id, players=players), num_cycles=300)


# --------------------------------------------------------------------------- masks


def _fifteens_of_mask(e: Any, limit: int) -> set[Any] | None:
    """Every fifteen the mask can complete from an empty selection (None past ``limit``)."""
    st = e.game_state
    hand, table = st.hands[st.current], st.table
    found: set[Any] = set()

    def walk(pending: tuple[int, ...]) -> bool:
        acts = e.codec.actions(st, pending)
        assert acts, f"dead end after selecting {pending}"
        if CONFIRM in acts:
            found.add(acts[CONFIRM])
        assert sorted(a for a, m in acts.items() if m is SELECT) == selectable(hand, table, pending)
        if len(found) > limit:
            return False
        return all(walk((*pending, a)) for a, m in acts.items() if m is SELECT)

    return found if walk(()) else None


def _check_position(e: Any, rng: random.Random, stats: dict[str, int]) -> None:
    """The mask and the action table against ``legal_moves()``, both ways."""
    st = e.game_state
    seat = st.current
    agent = e.agent_selection
    table = e.legal_actions()
    mask = e.observe(agent)["action_mask"]
    assert sorted(np.nonzero(mask)[0].tolist()) == sorted(table)
    legal = st.legal_moves()
    direct = {a: m for a, m in table.items() if m is not SELECT}
    if e.game.id != "quinze" or st.phase != "play":
        non_fifteen = list(legal)
    else:  # the fifteens listed first, then the rest: read the rest from the end
        non_fifteen = []
        for i in range(len(legal) - 1, -1, -1):
            if isinstance(legal[i], Fifteen):
                break
            non_fifteen.append(legal[i])
    assert len(direct) == len(non_fifteen)
    assert set(direct.values()) == set(non_fifteen)
    for m in non_fifteen:  # move -> action -> the same move
        (a,) = e.actions_for(m)
        assert direct[a] == m
    if e.game.id == "quinze" and st.phase == "play":
        n_fifteens = len(legal) - len(non_fifteen)
        stats["fifteens"] += n_fifteens
        found = _fifteens_of_mask(e, limit=150) if n_fifteens <= 150 else None
        if found is not None:
            assert found == {m for m in legal if isinstance(m, Fifteen)}
            stats["enumerated"] += 1
        else:  # too many to walk: a sample each way
            for i in rng.sample(range(n_fifteens), 20):
                _walk(e, e.actions_for(legal[i]), legal[i])
            for _ in range(20):
                pending: tuple[int, ...] = ()
                while True:
                    acts = e.codec.actions(st, pending)
                    a = rng.choice([a for a, m in acts.items() if m is SELECT or a == CONFIRM])
                    if a == CONFIRM:
                        assert acts[a] in legal
                        break
                    pending = (*pending, a)
            stats["sampled"] += 1
    stats["positions"] += 1
    assert seat == e.possible_agents.index(agent)


def _walk(e: Any, actions: list[int], move: Any) -> None:
    pending: tuple[int, ...] = ()
    for a in actions[:-1]:
        assert e.codec.actions(e.game_state, pending)[a] is SELECT
        pending = (*pending, a)
    assert e.codec.actions(e.game_state, pending)[actions[-1]] == move


def _random_positions(game_id: str, players: int, games: int, seed: int, **options: Any):
    """Random games through the environment; yields it at every decision with nothing selected."""
    e = rl.raw_env(game_id, players, **options)
    rng = random.Random(seed)
    for g in range(games):
        e.reset(seed=seed * 1000 + g)
        while not e.game_state.is_over:
            if not e.pending:
                yield e, rng
            e.step(rng.choice(sorted(e.legal_actions())))


@pytest.mark.parametrize(
    ("game_id", "players", "games", "options"),
    [
        ("q2j", 2, 60, {}),
        ("q2j", 5, 30, {"q2_return": "beat_queen", "face_on_ace": True}),
        ("pouilleux", 2, 40, {}),
        ("pouilleux", 4, 30, {}),
        ("pouilleux", 8, 10, {"initial_special_pairs": "discard"}),
        ("quinze", 2, 30, {"match": False}),
        ("quinze", 4, 20, {"match": False, "speed": True}),
        ("quinze", 6, 8, {"match": False, "empty_stock": "reshuffle_table"}),
        ("quinze", 3, 3, {"target": 60}),
    ],
)
def test_masks_equal_legal_moves(
    game_id: str, players: int, games: int, options: dict[str, Any]
) -> None:
    stats = dict.fromkeys(("positions", "fifteens", "enumerated", "sampled"), 0)
    for e, rng in _random_positions(game_id, players, games, seed=players, **options):
        _check_position(e, rng, stats)
    assert stats["positions"] >= 500, stats
    if game_id == "quinze":
        assert stats["enumerated"] >= 300, stats


def test_quinze_big_tables_have_exact_completions() -> None:
    """A table of many cards (laid by play that never makes a fifteen): the mask still lists
    exactly the fifteens the game lists."""
    e = rl.raw_env("quinze", 6, match=False, max_rounds=200)
    rng = random.Random(3)
    stats = dict.fromkeys(("positions", "fifteens", "enumerated", "sampled"), 0)
    e.reset(seed=11)
    while not e.game_state.is_over and len(e.game_state.table) < 40:
        lays = [a for a, m in e.legal_actions().items() if m is not SELECT and a != CONFIRM]
        e.step(rng.choice(sorted(lays)))
        if len(e.game_state.table) % 8 == 0:
            _check_position(e, rng, stats)
    assert len(e.game_state.table) >= 40
    _check_position(e, rng, stats)
    assert stats["fifteens"] > 1000, stats


def _reachable(e: Any) -> dict[Any, list[int]]:
    """Every move the mask lets the agent make from an empty selection, and its actions."""
    found: dict[Any, list[int]] = {}

    def walk(pending: tuple[int, ...]) -> None:
        for a, m in e.codec.actions(e.game_state, pending).items():
            if m is SELECT:
                walk((*pending, a))
            else:
                assert m not in found, m
                found[m] = [*pending, a]

    walk(())
    return found


@pytest.mark.parametrize(
    ("game_id", "players", "games"), [("q2j", 3, 30), ("pouilleux", 4, 20), ("quinze", 2, 16)]
)
def test_the_action_space_read_from_the_moves_fits_every_game(
    game_id: str, players: int, games: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without their own codecs, the three games get an action space from their move types
    (a card field: one action per card; cards: selected one by one, then confirmed; a seat, a
    position, a colour: one action each): in random games the moves the mask can make are
    exactly the legal moves, each by the actions ``actions_for`` names."""
    monkeypatch.delitem(rl.CODECS, game_id)
    e = rl.raw_env(game_id, players, **_fast(game_id))
    assert type(e.codec) is MoveCodec
    rng = random.Random(players)
    decisions = 0
    for g in range(games):
        e.reset(seed=g)
        while not e.game_state.is_over:
            legal = e.game_state.legal_moves()
            reach = _reachable(e)
            assert set(reach) == set(legal) and len(reach) == len(legal)
            assert all(e.actions_for(m) == acts for m, acts in reach.items())
            for a in e.actions_for(rng.choice(legal)):
                e.step(a)
            decisions += 1
    assert decisions >= 400, decisions


def test_observations_are_read_from_the_declared_view() -> None:
    """Each declared field is a segment of its kind: Q²J's, in the declared order, over its
    52 cards, seats counted from the observer."""
    e = rl.raw_env("q2j", 3)
    e.reset(seed=3)
    obs = e.codec.observer
    assert obs.names == [
        ("hand", 52),
        ("turn", 3),
        ("top", 52),
        ("discard", 52),
        ("discard_size", 1),
        ("stock_size", 1),
        ("hand_sizes", 3),
        ("shown", 156),
        ("q2_owner", 3),
        ("q2_round", 1),
        ("free_lead", 1),
        ("passes", 1),
        ("options", 3),
    ]
    seat = e.game_state.current
    view = e.game_state.view(seat)
    x = e.observe(e.agent_selection)["observation"]
    names, sizes = zip(*obs.names, strict=True)
    at = dict(zip(names, np.cumsum([0, *sizes]), strict=False))
    cards = [c.code for c in deck_52()]
    assert {cards[i] for i in np.flatnonzero(x[:52])} == set(view["hand"])
    assert x[at["turn"]] == 1.0  # the seat to act is the observer: 0 places from it
    assert x[at["hand_sizes"]] == len(view["hand"]) / 52
    nxt = (seat + 1) % 3
    assert x[at["hand_sizes"] + 1] == view["hand_sizes"][nxt] / 52
    shown = x[at["shown"] + 52 : at["shown"] + 104]
    assert {cards[i] for i in np.flatnonzero(shown)} == set(view["shown"][str(nxt)])
    assert x[at["passes"]] == squash(view["passes"])
    assert list(x[at["options"] :]) == [0.0, 0.0, 1.0]  # face_on_ace; q2_return is free_lead
    assert (squash(0), squash(1), squash(-3), squash(10**9)) == (0.0, 1 / 16, -2 / 16, 1.0)


# --------------------------------------------------------------------------- hidden information


@pytest.mark.parametrize(("game_id", "players"), [(g, n) for g in GAMES for n in (2, 4)])
def test_observations_hold_no_hidden_card(game_id: str, players: int) -> None:
    checked = 0
    for e, _ in _random_positions(game_id, players, 5, seed=7, **_fast(game_id)):
        st = e.game_state
        for seat, agent in enumerate(e.possible_agents):
            obs = e.observe(agent)["observation"]
            leaked = e.codec.card_planes(obs) & {c.code for c in st.secret_cards(seat)}
            assert not leaked, (agent, leaked)
            # the observation is a function of the seat's view (and its own selection) alone
            mine = agent == e.agent_selection
            want = e.codec.observe(st.view(seat), e.pending if mine else ())
            assert np.array_equal(obs, want)
            checked += 1
    assert checked >= 200


def _fast(game_id: str) -> dict[str, Any]:
    return {"match": False} if game_id == "quinze" else {}


# --------------------------------------------------------------------------- seeds, decks, rewards


@pytest.mark.parametrize("game_id", GAMES)
def test_reset_seed_deals_atouts_game(game_id: str) -> None:
    e = rl.raw_env(game_id, 3)
    e.reset(seed=5)
    game = get_game(game_id)
    assert e.game_state.view(None) == game.setup(3, seed=5).view(None)
    e.reset()
    assert e.game_state.view(None) == game.setup(3, seed=6).view(None)
    e.reset(seed=5)
    assert e.game_state.view(None) == game.setup(3, seed=5).view(None)


def test_stacked_deck_option_and_reset_option() -> None:
    deck = [c.code for c in deck_52()]
    e = rl.raw_env("q2j", 2, deck=deck)
    e.reset(seed=1)
    assert e.game_state.view(0)["hand"] == get_game("q2j").setup(2, deck=deck).view(0)["hand"]
    other = deck[::-1]
    e.reset(seed=1, options={"deck": other})
    assert e.game_state.view(0)["hand"] == get_game("q2j").setup(2, deck=other).view(0)["hand"]


@pytest.mark.parametrize("game_id", GAMES)
def test_rewards_follow_the_result(game_id: str) -> None:
    e = rl.env(game_id, players=3, **_fast(game_id))
    e.reset(seed=2)
    totals: dict[str, float] = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        totals[agent] += reward
        e.step(None if term or trunc else e.action_space(agent).sample(obs["action_mask"]))
    result = e.unwrapped.game_state.result()
    assert result is not None
    want = {f"player_{s}": 1.0 if s in result.winners else -1.0 for s in range(3)}
    assert totals == want


def test_illegal_action_ends_the_game_with_a_penalty() -> None:
    e = rl.env("q2j", players=2)
    e.reset(seed=0)
    agent = e.agent_selection
    mask = e.last()[0]["action_mask"]
    e.step(int(np.flatnonzero(mask == 0)[0]))
    assert e.rewards[agent] == -1
    assert all(e.terminations.values())


def test_render_ansi_and_human(capsys: pytest.CaptureFixture[str]) -> None:
    e = rl.env("quinze", players=2, render_mode="ansi")
    e.reset(seed=0)
    text = e.render()
    assert "player_" in text and "legal:" in text
    h = rl.env("pouilleux", players=2, render_mode="human")
    h.reset(seed=0)
    h.step(int(np.flatnonzero(h.last()[0]["action_mask"])[0]))
    assert "legal:" in capsys.readouterr().out


@pytest.mark.parametrize("game_id", GAMES)
def test_a_bot_plays_through_actions_for(game_id: str) -> None:
    """atout's heuristic bot plays every seat through the environment's actions."""
    e = rl.raw_env(game_id, 2, **_fast(game_id))
    e.reset(seed=4)
    bots = [make_bot("heuristic", s) for s in range(2)]
    while not e.game_state.is_over:
        st = e.game_state
        seat = st.current
        move = bots[seat].choose(e.game, st.view(seat), st.legal_moves())
        for a in e.actions_for(move):
            e.step(a)
    assert e.game_state.result() is not None


def test_unknown_game_and_bad_players() -> None:
    """Any registered game has an environment; another name is refused."""
    with pytest.raises(ValueError):
        rl.raw_env("belote", 2)
    with pytest.raises(Exception, match="played by"):
        rl.raw_env("q2j", 11)


def test_the_example_runs() -> None:
    """examples/rl_random_vs_bots.py plays a few games of each game against the heuristic."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).parent.parent / "examples" / "rl_random_vs_bots.py"
    spec = importlib.util.spec_from_file_location("rl_random_vs_bots", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for game_id in GAMES:
        share, n = module.play(game_id, 2, 4, "heuristic", 1)
        assert n == 4 and 0.0 <= share <= 1.0
