"""The command line: demo, simulate (plain and as a tournament), games."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from atout.cli import app

runner = CliRunner()


def run(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def strip_timing(d: dict) -> dict:
    return {k: v for k, v in d.items() if k not in ("games_per_s", "moves_per_s", "seconds")}


@pytest.mark.parametrize("game", ["q2j", "quinze", "pouilleux"])
def test_simulate_json_is_reproducible(game: str) -> None:
    args = ["simulate", "--game", game, "--players", "3", "--games", "20", "--seed", "7", "--json"]
    a, b = json.loads(run(*args)), json.loads(run(*args))
    for key in ("games", "completed", "wins", "avg_moves", "games_per_s"):
        assert key in a
    assert a["games"] == 20 and a["completed"] == 20 and len(a["wins"]) == 3
    assert sum(a["wins"]) == pytest.approx(20)
    assert strip_timing(a) == strip_timing(b)
    other = json.loads(run(*args[:-3], "--seed", "8", "--json"))
    assert strip_timing(other) != strip_timing(a)


def test_simulate_table_output() -> None:
    out = run("simulate", "--game", "q2j", "--players", "2", "--games", "10")
    assert "win rate" in out and "J1" in out and "completed 10/10" in out


def test_simulate_with_several_bot_kinds_runs_a_tournament(tmp_path) -> None:
    out = run(
        "simulate",
        "--game",
        "q2j",
        "--players",
        "2",
        "--games",
        "40",
        "--bots",
        "heuristic,random",
        "--workers",
        "1",
        "--json",
        "--report",
        str(tmp_path),
    )
    tables = json.loads(out)
    kinds = {k["kind"]: k for k in tables[0]["kinds"]}
    assert set(kinds) == {"heuristic", "random"}
    lo, hi = kinds["heuristic"]["ci95"]
    assert lo <= kinds["heuristic"]["win_rate"] <= hi
    assert (tmp_path / "index.html").exists()


def test_a_search_budget_is_a_bot_kind_wherever_the_help_says_so() -> None:
    """``ismcts:N`` (the search's budget) is taken by --bots, in a tournament and in a game."""
    out = run("tournament", "-g", "q2j", "-p", "2", "-n", "2", "-w", "1", "--json")
    assert json.loads(out)  # the defaults
    out = run("tournament", "-g", "q2j", "-p", "2", "-n", "2", "-w", "1", "--json",
              "--bots", "ismcts:5,random")  # fmt: skip
    assert {k["kind"] for k in json.loads(out)[0]["kinds"]} == {"ismcts:5", "random"}
    summary = json.loads(run("simulate", "-p", "2", "-n", "2", "--bots", "ismcts:5", "--json"))
    assert summary["bots"] == ["ismcts:5", "ismcts:5"] and summary["completed"] == 2


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", ["q2j", "quinze", "pouilleux"])
def test_demo_plays_a_game_to_the_end(game: str, lang: str) -> None:
    extra = ["-o", "match=false"] if game == "quinze" else []
    out = run("demo", game, "--players", "3", "--seed", "3", "--lang", lang, *extra)
    assert ("coups." if lang == "fr" else "moves.") in out


def test_bad_input_is_refused_with_a_message() -> None:
    result = runner.invoke(app, ["simulate", "--game", "chess", "--json"])
    assert result.exit_code == 2
    result = runner.invoke(app, ["demo", "q2j", "--players", "11"])
    assert result.exit_code == 2 and "bad_player_count" in result.output


def test_games_lists_every_game_and_option() -> None:
    out = run("games")
    for word in ("q2j", "quinze", "pouilleux", "face_on_ace", "target", "initial_special_pairs"):
        assert word in out
