"""The ``atout`` command line."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from atout.cliutil import Commands, check_lang, options_from_pairs, with_progress
from atout.games import all_games, get_game
from atout.games.base import Event, State
from atout.games.sentences import labels
from atout.games.sentences import seat as seat_name
from atout.locales import say

app = typer.Typer(
    cls=Commands,
    help="atout — a game master, clients and bots for Q Squared Joe, Le Quinze and Le Pouilleux.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()

Lang = Annotated[
    str,
    typer.Option(
        "--lang", "-l", help="Language: en, fr or another of the catalogue.", callback=check_lang
    ),
]


@app.command("games")
def games_cmd(lang: Lang = "en") -> None:
    """List the games and their options."""
    for game in all_games().values():
        console.print(
            f"[bold]{game.id}[/bold] — {game.titles[lang]} ({game.min_players}–{game.max_players})"
        )
        for spec in game.option_specs():
            choices = "|".join(map(str, spec.get("enum", []))) or spec.get("type", "")
            console.print(
                f"  {spec['name']} = {spec['default']!r} ({choices}): {spec.get('description', '')}"
            )


@app.command()
def demo(
    game_id: Annotated[
        str, typer.Argument(metavar="GAME", help="q2j, quinze or pouilleux.")
    ] = "q2j",
    players: Annotated[int, typer.Option("--players", "-p")] = 4,
    seed: Annotated[int, typer.Option("--seed", "-s")] = 1,
    bots: Annotated[
        str, typer.Option(help="Bot kinds, comma-separated, cycled over the seats.")
    ] = "random",
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="name=value")] = None,
    lang: Lang = "en",
) -> None:
    """A readable, seeded play-by-play of one game between bots (the narrator sees every hand)."""
    from atout.sim.runner import play

    game = get_game(game_id)
    game.check_players(players)
    options = options_from_pairs(option, [game_id])
    game.parse_options(options)
    kinds = bots.split(",")
    kinds = [kinds[i % len(kinds)] for i in range(players)]
    title = say(lang, "cli-demo-title", game=game.titles[lang], players=players, seed=str(seed))
    console.print(f"[bold]{title}[/bold]")

    def turn(state: State[Any], seat: int) -> None:
        hand = state.view(seat).get("hand", [])
        shown = labels(hand, lang)
        console.print(
            f"[dim]{say(lang, 'cli-demo-hand', seat=seat_name(seat, lang), cards=shown)}[/dim]"
        )

    def show(state: State[Any], seat: int | None, events: list[Event]) -> None:
        for e in events:
            if not e.hide:  # the narrator sees every event in full, never the redacted twins
                console.print("  " + game.describe(e, lang))
        if seat is None:
            for s in range(players):
                hand = state.view(s).get("hand", [])
                console.print(f"[dim]{seat_name(s, lang)}: {labels(hand, lang)}[/dim]")

    rec = play(game, players, options, seed, kinds, on_event=show, on_turn=turn)
    n = len(rec.moves)
    console.print(f"[bold]{say(lang, 'cli-demo-moves', count=n)}[/bold]")


@app.command()
def simulate(
    game_id: Annotated[str, typer.Option("--game", "-g")] = "q2j",
    players: Annotated[int, typer.Option("--players", "-p")] = 4,
    games: Annotated[int, typer.Option("--games", "-n", min=1)] = 1000,
    seed: Annotated[int, typer.Option("--seed", "-s")] = 7,
    bots: Annotated[
        str, typer.Option(help="Bot kinds, comma-separated, cycled over the seats.")
    ] = "random",
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="name=value")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    workers: Annotated[
        int,
        typer.Option(
            "--workers", "-w", min=0, help="Processes for a tournament (0: one per core)."
        ),
    ] = 0,
    report: Annotated[
        str | None, typer.Option("--report", help="Tournament: write an HTML report here.")
    ] = None,
) -> None:
    """Seeded self-play games in-process. Same seed, same results (timing aside).

    With several bot kinds (``--bots heuristic,random``) or ``--report``, this runs a tournament:
    seats rotated, parallel on all cores, win rates with 95% CIs and ratings (``atout tournament``).
    """
    from atout.sim.runner import simulate as run

    kinds = bots.split(",")
    if len(set(kinds)) > 1 or report:
        from atout.sim.commands import tournament

        tournament(
            game=game_id,
            players=str(players),
            bots=bots,
            games=games,
            seed=seed,
            workers=workers,
            option=option,
            report=report,
            as_json=as_json,
        )
        return
    options = options_from_pairs(option, [game_id])
    summary = with_progress(
        f"{game_id} ×{players}",
        games,
        lambda progress: run(game_id, players, games, seed, kinds, options, progress=progress),
        shown=not as_json and games >= 200,
    )
    data = summary.to_dict()
    if as_json:
        print(json.dumps(data))
        return
    table = Table(
        title=f"{get_game(game_id).titles['en']}: {games} games, {players} players, seed {seed}"
    )
    table.add_column("seat")
    table.add_column("bot")
    table.add_column("wins", justify="right")
    table.add_column("win rate", justify="right")
    for i, (w, r) in enumerate(zip(data["wins"], data["win_rates"], strict=True)):
        table.add_row(f"J{i + 1}", data["bots"][i], f"{w:g}", f"{r:.1%}")
    console.print(table)
    console.print(
        f"completed {data['completed']}/{games} · avg {data['avg_moves']} moves · "
        f"{data['games_per_s']} games/s · {data['moves_per_s']} moves/s · ends {data['end_reasons']}"
    )


def _register_optional() -> None:
    """Commands from subsystems that may not be installed in every checkout."""
    import importlib

    for name in (
        "atout.server.commands",
        "atout.bots.commands",
        "atout.sim.commands",
        "atout.tui.commands",
    ):
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name is None or not name.startswith(e.name):
                raise
            continue
        module.register(app)


_register_optional()


if __name__ == "__main__":
    app()
