"""The named levels (issue 15): bot kinds of their own, accepted by the factory, the lobby
(create_table through the core) and the command line, and published in list_games."""

from __future__ import annotations

import contextlib

import pytest
from tests.server.harness import Harness
from typer.testing import CliRunner

from atout.bots import bot_kinds, make_bot
from atout.bots.levels import (
    DEFAULT_LEVEL,
    EXPERT_BUDGETS,
    FORT_BUDGETS,
    LEVELS,
    BeginnerBot,
    bot_levels,
    level_id,
    published,
    slip_rate,
)
from atout.bots.pool import cap_budget
from atout.cli import app
from atout.games import get_game

IDS = ["debutant", "moyen", "fort", "expert"]
GAMES = ["q2j", "quinze", "pouilleux"]


def test_four_levels_with_names_in_both_languages() -> None:
    assert [lv.id for lv in LEVELS] == IDS
    names = {d["id"]: (d["en"], d["fr"]) for d in bot_levels("q2j")}
    assert names == {
        "debutant": ("Beginner", "Débutant"),
        "moyen": ("Intermediate", "Moyen"),
        "fort": ("Strong", "Fort"),
        "expert": ("Expert", "Expert"),
    }
    assert all(set(d) == {"id", "en", "fr", "kind"} and d["kind"] for d in bot_levels("q2j"))
    # each game's levels say what they are made of in that game
    assert [d["kind"] for d in bot_levels("q2j")] == [
        "heuristic+mistakes:0.75",
        "heuristic",
        f"ismcts:{FORT_BUDGETS['q2j']}",
        f"ismcts:{EXPERT_BUDGETS['q2j']}+infer<=0.5s",
    ]
    assert bot_levels("pouilleux")[3]["kind"] == "ismcts:300<=0.5s (2p); heuristic (3p+)"
    assert bot_levels("pouilleux")[2]["kind"] == (
        "heuristic+forget:0.1 (2p); heuristic+forget:0.15 (3p+)"
    )


@pytest.mark.parametrize("level", IDS)
def test_factory_makes_every_level(level: str) -> None:
    assert level in bot_kinds()
    bot = make_bot(level, 3)
    game = get_game("q2j")
    state = game.setup(2, None, 1)
    seat = state.current
    assert bot.choose(game, state.view(seat), state.legal_moves()) in state.legal_moves()


def test_level_budgets() -> None:
    fort, expert = make_bot("fort", 1), make_bot("expert", 1)
    assert fort.budget("q2j") == FORT_BUDGETS["q2j"] and expert.time_cap == 0.5
    assert expert.budget("quinze") == EXPERT_BUDGETS["quinze"]
    # the expert's samples follow what play revealed where it helped (Q²J), not in Le Quinze
    assert expert.infers("q2j") and not expert.infers("quinze")
    q2j, quinze = get_game("q2j"), get_game("quinze")
    assert expert.observe(q2j, q2j.setup(2, None, 1).view(0)) is not None
    single = quinze.setup(2, {"match": False}, 1)
    assert expert.observe(quinze, single.view(single.current)) is None and expert.belief is None
    assert cap_budget(make_bot("fort", 1), "quinze", 5000, 2.0).iterations == FORT_BUDGETS["quinze"]
    assert cap_budget(make_bot("expert", 1), "q2j", 50, 2.0).iterations == 50
    # the server's cap never raises the expert's own
    assert cap_budget(make_bot("expert", 1), "q2j", 5000, 2.0).time_cap == 0.5
    assert cap_budget(make_bot("expert", 1), "q2j", 5000, 0.2).time_cap == 0.2


def _play(game_id: str, seed: int, kinds: list[str]) -> tuple[list, list[BeginnerBot]]:
    game = get_game(game_id)
    state = game.setup(2, {"match": False} if game_id == "quinze" else None, seed)
    bots = [make_bot(k, seed * 7 + i) for i, k in enumerate(kinds)]
    moves = []
    while (seat := state.current) is not None:
        legal = state.legal_moves()
        m = bots[seat].choose(game, state.view(seat), legal)
        assert m in legal
        moves.append(m)
        state.apply(seat, m)
    return moves, bots  # type: ignore[return-value]


@pytest.mark.parametrize("game_id", GAMES)
def test_beginner_plays_legal_moves_and_sometimes_not_the_heuristics(game_id: str) -> None:
    game = get_game(game_id)
    differ = slips = decisions = 0
    for seed in range(12):
        state = game.setup(2, {"match": False} if game_id == "quinze" else None, seed)
        beginner = make_bot("debutant", seed)
        other = make_bot("heuristic", 0)
        while (seat := state.current) is not None:
            legal = state.legal_moves()
            view = state.view(seat)
            if seat == 0:
                m = beginner.choose(game, view, legal)
                # the heuristic's own choice (its rng only breaks ties, rarely used)
                h = other.choose(game, view, legal)
                differ += m != h
                decisions += 1
                if game_id == "pouilleux":
                    # its slip: it forgets to lay the special pair and ends the turn
                    assert m == h or (type(h).__name__, type(m).__name__) == ("Lay", "End")
                else:
                    # a slip is a move of the same kind: never a draw/pass for a card
                    assert type(m) is type(h) or m == h
            else:
                m = other.choose(game, view, legal)
            assert m in legal
            state.apply(seat, m)
        slips += beginner.slips
    assert 0 < slips < decisions and differ > 0


def test_beginner_is_seeded() -> None:
    a, _ = _play("q2j", 5, ["debutant", "debutant"])
    b, _ = _play("q2j", 5, ["debutant", "debutant"])
    assert a == b


def test_beginner_never_slips_without_a_strategy_or_when_it_wins() -> None:
    bot = BeginnerBot(1, mistake=1.0)
    game = get_game("q2j")
    for seed in range(5):
        state = game.setup(2, None, seed)
        while (seat := state.current) is not None:
            legal = state.legal_moves()
            view = state.view(seat)
            best, why, _ = bot.heuristic.decide(game, view, legal)
            m = bot.choose(game, view, legal)
            if why == "win":
                assert m == best
            state.apply(seat, m)


@pytest.mark.parametrize("level", IDS)
def test_create_table_accepts_every_level(level: str) -> None:
    h = Harness()
    c = h.connect()
    rep = h.request(c, "create_table", game="q2j", players=2, bots=[1], bot_kind=level)
    assert rep["cmd"] == "table_created", rep
    assert h.core.tables[rep["body"]["table"]].seats[1].bot == level


def test_list_games_publishes_the_levels() -> None:
    h = Harness()
    c = h.connect()
    games = h.request(c, "list_games")["body"]["games"]
    assert games
    for g in games:
        assert [lv["id"] for lv in g["bot_levels"]] == IDS
        assert g["bot_levels"] == bot_levels(g["id"])


runner = CliRunner()


@pytest.mark.parametrize("level", IDS)
def test_cli_simulate_and_tournament_accept_levels(level: str) -> None:
    n = "4" if level in ("fort", "expert") else "10"
    for cmd in ("simulate", "tournament"):
        r = runner.invoke(
            app,
            [
                cmd,
                "-g",
                "q2j",
                "-p",
                "2",
                "-n",
                n,
                "--bots",
                f"{level},moyen",
                "--workers",
                "1",
                "--json",
            ],
        )
        assert r.exit_code == 0, r.output
        assert level in r.stdout
    r = runner.invoke(app, ["simulate", "-g", "q2j", "-p", "2", "-n", "2", "--bots", "nope"])
    assert r.exit_code != 0


def test_cli_play_accepts_levels(monkeypatch: pytest.MonkeyPatch) -> None:
    import atout.tui.app
    import atout.tui.session

    seen = []

    @contextlib.contextmanager
    def no_server():
        class S:
            url = "ws://test"

        yield S()

    monkeypatch.setattr(atout.tui.session, "LocalServer", no_server)
    monkeypatch.setattr(atout.tui.app, "run", lambda opts: seen.append(opts))
    for level in IDS:
        r = runner.invoke(app, ["play", "-g", "q2j", "-p", "2", "--bot-kind", level])
        assert r.exit_code == 0, r.output
    assert [o.bot_kind for o in seen] == IDS
    # --level takes a level by its id or its name in either language; moyen by default
    seen.clear()
    names = ["Beginner", "débutant", "intermediate", "FORT", "Strong", "expert"]
    for name in names:
        r = runner.invoke(app, ["play", "-g", "q2j", "-p", "2", "--level", name])
        assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["play", "-g", "q2j", "-p", "2"])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["play", "-g", "q2j", "-p", "2", "--bot-kind", "random"])
    assert r.exit_code == 0, r.output
    r = runner.invoke(
        app, ["play", "-g", "q2j", "-p", "2", "--level", "moyen", "--bot-kind", "random"]
    )
    assert r.exit_code == 2 and "give one of them" in r.output
    assert [o.bot_kind for o in seen] == [
        "debutant",
        "debutant",
        "moyen",
        "fort",
        "fort",
        "expert",
        "moyen",
        "random",
    ]


#: Modules that may write the default level's id: its source, a table naming every level, and
#: the protocol (a layer beside the bots, which cannot read them: its default is checked here).
MAY_NAME_IT = {"bots/levels.py", "server/accounts/ratings.py", "protocol/messages.py"}


def test_the_default_level_and_the_raw_kinds_have_one_source() -> None:
    """bots/levels.py publishes the levels, the default level and the kinds that are not
    levels; every other module reads them there instead of writing "moyen" again."""
    import ast
    from pathlib import Path

    import msgspec

    from atout.protocol import messages as m
    from atout.server.nodes.nodewire import _PeekBody
    from atout.tui.session import PlayOptions

    facts = published("quinze")
    assert facts["default_level"] == DEFAULT_LEVEL in {lv.id for lv in LEVELS}
    assert facts["bot_levels"] == bot_levels("quinze")
    assert facts["bot_kinds"] == ["heuristic", "ismcts", "random"]
    assert set(facts["bot_kinds"]) == set(bot_kinds()) - {lv.id for lv in LEVELS}
    quick = {f.name: f.default for f in msgspec.structs.fields(m.QuickPlayBody)}
    assert quick["level"] == _PeekBody().level == PlayOptions("").bot_kind == DEFAULT_LEVEL
    src = Path(__file__).resolve().parents[1] / "src" / "atout"
    writers = {
        path.relative_to(src).as_posix()
        for path in src.rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Constant) and node.value == DEFAULT_LEVEL
    }
    assert writers <= MAY_NAME_IT, writers - MAY_NAME_IT


def test_level_id_reads_both_languages() -> None:
    assert level_id("Débutant") == level_id("debutant") == level_id(" beginner ") == "debutant"
    assert level_id("Intermediate") == level_id("MOYEN") == "moyen"
    assert level_id("strong") == "fort"
    assert level_id("heuristic") is None
    assert level_id("") is None


def _decisions(game_id: str, players: int, level: str, seeds: range):
    """Every decision with a choice of ``level`` against the heuristic: (the level's move, the
    heuristic's move on the same view, the level's bot)."""
    game = get_game(game_id)
    out = []
    for seed in seeds:
        state = game.setup(players, {"match": False} if game_id == "quinze" else None, seed)
        bot, other = make_bot(level, seed), make_bot("heuristic", 0)
        while (seat := state.current) is not None:
            legal = state.legal_moves()
            view = state.view(seat)
            m = bot.choose(game, view, legal) if seat == 0 else other.choose(game, view, legal)
            if seat == 0 and len(legal) > 1:
                out.append((m, other.choose(game, view, legal), bot))
            state.apply(seat, m)
    return out


def test_pouilleux_levels_are_set_by_size() -> None:
    """Le Pouilleux: each level forgets its special pairs at its own rate, and only the expert at
    2 players searches (bench/RESULTS.md: from 3 players the search does not beat the heuristic)."""
    assert slip_rate("expert", "pouilleux", 2) is None
    assert slip_rate("expert", "pouilleux", 4) == 0.0
    assert [slip_rate(lv, "pouilleux", 2) for lv in IDS] == [0.4, 0.2, 0.1, None]
    rates = [slip_rate(lv, "pouilleux", n) for n in (3, 4, 8) for lv in IDS]
    assert rates == [0.5, 0.3, 0.15, 0.0] * 3
    # the other games: the beginner slips, moyen is the heuristic, fort and expert search
    assert [slip_rate(lv, "q2j", 4) for lv in IDS] == [0.75, 0.0, None, None]
    # at 4 players the expert is the heuristic and never searches
    seen = _decisions("pouilleux", 4, "expert", range(4))
    assert seen and all(m == h for m, h, _ in seen)
    assert all(b.last["iterations"] == 0 for _, _, b in seen)
    # fort forgets some special pairs there: a slip ends the turn instead of laying
    seen = _decisions("pouilleux", 4, "fort", range(30))
    slips = [(type(h).__name__, type(m).__name__) for m, h, _ in seen if m != h]
    assert slips and set(slips) == {("Lay", "End")}
    # at 2 players the expert searches
    expert = make_bot("expert", 1)
    game = get_game("pouilleux")
    searched = False
    for seed in range(10):
        state = game.setup(2, None, seed)
        while (seat := state.current) is not None and not searched:
            legal = state.legal_moves()
            m = expert.choose(game, state.view(seat), legal)
            searched = len(legal) > 1 and expert.last.get("iterations", 0) > 0
            state.apply(seat, m)
    assert searched


def test_moyen_is_the_heuristic_outside_the_games_set_by_size() -> None:
    seen = _decisions("q2j", 2, "moyen", range(6))
    assert seen and all(m == h for m, h, _ in seen)
