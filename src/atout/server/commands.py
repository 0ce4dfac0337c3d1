"""The server's commands: ``atout serve``, ``atout bots``, ``atout verify``, ``atout export``."""

from __future__ import annotations

import asyncio
import json
import logging
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from atout.cliutil import options_from_pairs


def default_db() -> Path:
    """The database in the user's data folder (e.g. ~/.local/share/atout/atout.db)."""
    import platformdirs

    return platformdirs.user_data_path("atout", appauthor=False) / "atout.db"


Db = Annotated[Path | None, typer.Option("--db", help="SQLite database (default: user data dir).")]


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port (0: any free port).")] = 8000,
    db: Db = None,
    sync: Annotated[
        str,
        typer.Option(help="SQLite synchronous: normal (survives a crash) or full (power loss)."),
    ] = "normal",
    log_level: Annotated[str, typer.Option(help="debug, info, warning, error.")] = "info",
    leak_guard: Annotated[
        bool, typer.Option(help="Check every table message against the recipient's hidden cards.")
    ] = False,
) -> None:
    """Run the game master: WebSocket on /ws, health check on /health. Ctrl-C stops it cleanly."""
    from atout.server.ws import serve as run

    logging.basicConfig(
        stream=sys.stderr,
        level=log_level.upper(),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    logging.getLogger("websockets").setLevel(logging.WARNING)  # not one line per connection
    path = db or default_db()
    asyncio.run(run(host, port, str(path), leak_guard=leak_guard, synchronous=sync.upper()))


def bots(
    url: Annotated[str, typer.Option(help="Game master URL.")] = "ws://127.0.0.1:8000/ws",
    game: Annotated[str, typer.Option(help="Game id.")] = "q2j",
    players: Annotated[int, typer.Option(help="Bots per table.")] = 2,
    games: Annotated[int, typer.Option(help="Complete games to play.")] = 10,
    parallel: Annotated[int, typer.Option(help="Tables played at the same time.")] = 1,
    bot: Annotated[str, typer.Option(help="Bot kind.")] = "random",
    seed: Annotated[int, typer.Option(help="Seeds the bots (the deal is the server's).")] = 0,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="name=value")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
) -> None:
    """Play GAMES complete games with PLAYERS network bots on a running server."""
    from atout.client.runner import run_bots

    res = asyncio.run(
        run_bots(
            url,
            game,
            players,
            games,
            parallel=parallel,
            options=options_from_pairs(option),
            bot=bot,
            seed=seed,
        )
    )
    if as_json:
        print(json.dumps(res))
    else:
        for k, v in res.items():
            print(f"{k}: {v}")
    if res["errors"]:
        raise typer.Exit(1)


def verify(
    record: Annotated[Path, typer.Argument(help="A record (JSON) from 'atout export'.")],
) -> None:
    """Replay a finished record: check the seed against its commitment, the deal and every move."""
    from atout.server.record import TableRecord
    from atout.server.record import verify as check

    data = json.loads(record.read_text())
    items = data if isinstance(data, list) else [data]
    bad = 0
    import msgspec

    for item in items:
        rec = msgspec.convert(item, TableRecord)
        problems = check(rec)
        if problems:
            bad += 1
            print(f"{rec.table}: FAILED")
            for p in problems:
                print(f"  - {p}")
        else:
            print(
                f"{rec.table}: OK ({rec.game}, {rec.players} players, {len(rec.moves)} moves, "
                f"commitment {rec.commitment[:12] if rec.commitment else '?'}… matches)"
            )
    if bad:
        raise typer.Exit(1)


def export(
    db: Db = None,
    table: Annotated[
        list[str] | None, typer.Option("--table", "-t", help="Table id (repeatable).")
    ] = None,
    game: Annotated[str | None, typer.Option(help="Only this game.")] = None,
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="File to write (default stdout).")
    ] = None,
) -> None:
    """Export finished games as JSON records (one table: an object; several: a list)."""
    import msgspec

    from atout.server.record import export_record
    from atout.server.store import Store

    path = db or default_db()
    if not path.exists():
        typer.echo(f"no database at {path}", err=True)
        raise typer.Exit(1)
    store = Store(path)
    ids = table or store.finished_ids(game)
    records = []
    for tid in ids:
        rec = store.load(tid)
        if rec is None:
            typer.echo(f"no table {tid}", err=True)
            raise typer.Exit(1)
        if rec.status != "finished":
            typer.echo(f"table {tid} is not finished: its seed stays secret", err=True)
            raise typer.Exit(1)
        records.append(msgspec.to_builtins(export_record(rec)))
    payload: Any = records[0] if table and len(records) == 1 else records
    text = json.dumps(payload, indent=2, ensure_ascii=False)
    if out:
        out.write_text(text + "\n")
    else:
        print(text)


def register(app: typer.Typer) -> None:
    """Add serve, bots, verify and export to the ``atout`` command line."""
    app.command("serve")(serve)
    app.command("bots")(bots)
    app.command("verify")(verify)
    app.command("export")(export)
