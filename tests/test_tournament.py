"""The tournament runner: rotation, duplicate deals, statistics, determinism across processes,
the HTML report and the ``atout tournament`` command."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from atout.sim.tournament import lineup, make_spec, run_table, wilson, write_report


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(2.5, 5)  # shared wins count by their share
    assert lo < 0.5 < hi


def test_lineup_rotates_every_kind_over_every_seat() -> None:
    kinds = ["a", "b"]
    assert lineup(kinds, 4, 0) == ["a", "b", "a", "b"]
    assert lineup(kinds, 4, 1) == ["b", "a", "b", "a"]
    one_v_three = ["x", "y", "y", "y"]
    seats = {s: {lineup(one_v_three, 4, i)[s] for i in range(4)} for s in range(4)}
    assert all(v == {"x", "y"} for v in seats.values())
    assert [lineup(one_v_three, 4, i).count("x") for i in range(4)] == [1, 1, 1, 1]


def test_each_deal_is_played_once_per_rotation() -> None:
    t = run_table("q2j", 2, ["heuristic", "random"], 6, seed=3, workers=1)
    seeds = [r.seed for r in t.records]
    assert seeds[0] == seeds[1] and seeds[2] == seeds[3] and seeds[0] != seeds[2]
    assert t.records[0].lineup == ["heuristic", "random"]
    assert t.records[1].lineup == ["random", "heuristic"]


def test_summary_counts_and_ratings() -> None:
    t = run_table("q2j", 4, ["heuristic", "random"], 40, seed=1, workers=1)
    d = t.to_dict()
    assert d["games"] == 40 and d["avg_moves"] > 0
    kinds = {k["kind"]: k for k in d["kinds"]}
    assert kinds["heuristic"]["games"] == 40 and kinds["heuristic"]["seat_games"] == 80
    assert kinds["heuristic"]["fair_share"] == 0.5
    assert kinds["heuristic"]["wins"] + kinds["random"]["wins"] == pytest.approx(40)
    lo, hi = kinds["heuristic"]["ci95"]
    assert lo <= kinds["heuristic"]["win_rate"] <= hi
    assert kinds["heuristic"]["rating"]["mu"] > kinds["random"]["rating"]["mu"]
    assert kinds["heuristic"]["win_rate"] > 0.7  # the heuristic beats random clearly


def test_same_results_with_one_or_several_processes() -> None:
    a = run_table("q2j", 3, ["heuristic", "random"], 24, seed=9, workers=1)
    b = run_table("q2j", 3, ["heuristic", "random"], 24, seed=9, workers=2)
    strip = [(r.index, r.seed, r.lineup, r.winners, r.moves) for r in a.records]
    assert strip == [(r.index, r.seed, r.lineup, r.winners, r.moves) for r in b.records]
    assert [k["wins"] for k in a.to_dict()["kinds"]] == [k["wins"] for k in b.to_dict()["kinds"]]


def test_bot_specs() -> None:
    bot = make_spec("ismcts:40", 1)
    assert bot.iterations == 40
    assert make_spec("ismcts:0.2s", 1).seconds == 0.2
    with pytest.raises(ValueError):
        make_spec("nosuchbot", 1)
    with pytest.raises(ValueError):
        make_spec("random:3", 1)


def test_report_has_tables_and_plots(tmp_path) -> None:
    t = run_table("q2j", 2, ["heuristic", "random"], 12, seed=2, workers=1)
    page = write_report([t], tmp_path)
    text = page.read_text()
    assert "Q Squared Joe" in text and "heuristic" in text and "95% CI" in text
    assert text.count("data:image/png;base64,") == 3
    data = json.loads((tmp_path / "results.json").read_text())
    assert data[0]["games"] == 12


def test_tournament_command(tmp_path) -> None:
    from atout.cli import app

    result = CliRunner().invoke(
        app,
        [
            "tournament", "-g", "q2j", "-p", "2", "-n", "8", "--bots", "heuristic,random",
            "-w", "1", "--json", "--report", str(tmp_path),
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data[0]["games"] == 8 and {k["kind"] for k in data[0]["kinds"]} == {
        "heuristic",
        "random",
    }
    assert (tmp_path / "index.html").exists()
    bad = CliRunner().invoke(app, ["tournament", "--bots", "nosuchbot", "-n", "2", "-w", "1"])
    assert bad.exit_code == 2
