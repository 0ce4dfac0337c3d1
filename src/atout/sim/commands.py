"""``atout tournament``: bot kinds against each other, in parallel, with a report."""

from __future__ import annotations

import json
import os
from typing import Annotated

import typer

from atout.cliutil import CommandLineError, int_list, options_from_pairs, with_progress
from atout.locales import both

DEMO = {"--game": "q2j,quinze", "--players": "2,4"}


def tournament(
    game: Annotated[
        str, typer.Option("--game", "-g", help="Game ids, comma-separated (q2j,quinze,…).")
    ] = "q2j",
    players: Annotated[
        str, typer.Option("--players", "-p", help="Player counts, comma-separated (2,4).")
    ] = "2,4",
    bots: Annotated[
        str,
        typer.Option(
            help="Bot kinds, comma-separated, rotated over the seats "
            "(heuristic,random; ismcts:1000 or ismcts:0.5s sets the search budget)."
        ),
    ] = "heuristic,random",
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games per pairing.")] = 1000,
    seed: Annotated[int, typer.Option("--seed", "-s")] = 7,
    workers: Annotated[
        int, typer.Option("--workers", "-w", min=0, help="Processes (0: one per core).")
    ] = 0,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="name=value")] = None,
    report: Annotated[
        str | None, typer.Option("--report", help="Write an HTML report (and results.json) here.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """A seeded tournament: seats rotated, each deal replayed per rotation, win rates with 95%
    confidence intervals, game lengths and OpenSkill ratings."""
    from rich.console import Console
    from rich.table import Table

    from atout.bots import make_spec
    from atout.games import get_game
    from atout.sim.tournament import run_tournament, write_report

    game_ids = [g for g in game.split(",") if g]
    counts = int_list(players, "--players")
    kinds = [b for b in bots.split(",") if b]
    for flag, given, got in (("--game", game, game_ids), ("--players", players, counts)):
        if not got:
            said = both("cli-nothing-to-play", flag=flag, given=repr(given), example=DEMO[flag])
            raise CommandLineError(*said)
    if not kinds:
        raise CommandLineError(*both("cli-no-bot-kind", given=repr(bots)))
    for g in game_ids:
        for n in counts:
            get_game(g).check_players(n)
    cap = max(64, 4 * (os.cpu_count() or 1))
    if workers > cap:
        raise CommandLineError(*both("cli-too-many-workers", given=str(workers), cap=cap))
    options = options_from_pairs(option, game_ids)
    for kind in set(kinds):
        make_spec(kind, 0)  # an unknown kind is refused before the progress bar
    console = Console()
    tables = with_progress(
        "tournament",
        games * len(game_ids) * len(counts),
        lambda progress: run_tournament(
            game_ids, counts, kinds, games, seed, options, workers, progress=progress
        ),
        shown=not as_json,
    )
    if report:
        page = write_report(tables, report)
        if not as_json:
            console.print(f"report: {page}")
    if as_json:
        print(json.dumps([t.to_dict() for t in tables]))
        return
    for t in tables:
        d = t.to_dict()
        table = Table(
            title=f"{get_game(t.game).titles['en']}: {d['games']} games, {t.players} players, "
            f"seed {seed}"
        )
        for col in ("bot", "wins", "win rate", "95% CI", "fair", "ms/move", "OpenSkill μ±σ"):
            table.add_column(col, justify="left" if col == "bot" else "right")
        for k in d["kinds"]:
            lo, hi = k["ci95"]
            table.add_row(
                k["kind"],
                f"{k['wins']:g}",
                f"{k['win_rate']:.1%}",
                f"{lo:.1%}–{hi:.1%}",
                f"{k['fair_share']:.1%}",
                f"{k['ms_per_decision']}",
                f"{k['rating']['mu']:.1f}±{k['rating']['sigma']:.1f}",
            )
        console.print(table)
        console.print(f"avg {d['avg_moves']} moves · ends {d['end_reasons']} · {d['seconds']} s")


def register(app: typer.Typer) -> None:
    app.command("tournament")(tournament)
