"""The server's commands: ``atout serve``, ``atout bots``, ``atout verify``, ``atout export``,
``atout backup``."""

from __future__ import annotations

import asyncio
import json
import logging
import sys
from collections.abc import Callable, Coroutine, Mapping
from pathlib import Path
from typing import Annotated, Any

import typer

from atout.cliutil import CommandLineError, options_from_pairs
from atout.games.sentences import worded
from atout.locales import both, say


def default_db() -> Path:
    """The database in the user's data folder (e.g. ~/.local/share/atout/atout.db)."""
    import platformdirs

    return platformdirs.user_data_path("atout", appauthor=False) / "atout.db"


Db = Annotated[Path | None, typer.Option("--db", help="SQLite database (default: user data dir).")]
StoreDb = Annotated[
    str | None,
    typer.Option(
        "--db",
        help="SQLite database file, or a postgresql://user@host/db URL (default: an SQLite file "
        "in the user data dir).",
    ),
]


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[
        int, typer.Option(min=0, max=65535, help="TCP port (0: any free port).")
    ] = 8000,
    db: StoreDb = None,
    sync: Annotated[
        str,
        typer.Option(
            help="SQLite synchronous: normal (survives a crash) or full (power loss); "
            "PostgreSQL always commits with synchronous_commit=on."
        ),
    ] = "normal",
    log_level: Annotated[str, typer.Option(help="debug, info, warning, error.")] = "info",
    leak_guard: Annotated[
        bool, typer.Option(help="Check every table message against the recipient's hidden cards.")
    ] = False,
    open_page: Annotated[
        bool,
        typer.Option(
            "--open", help="Open the page in a desktop browser (only with a display, not in CI)."
        ),
    ] = False,
    max_message: Annotated[
        int, typer.Option(min=1024, help="Bytes a client's message may have (fragments joined).")
    ] = 1 << 16,
    max_connections: Annotated[
        int | None,
        typer.Option(
            min=1,
            help="Open sockets; beyond, /ws answers 503 (default: 1000, fewer under a low "
            "ulimit -n).",
            show_default=False,
        ),
    ] = None,
    sockets_per_address: Annotated[
        int,
        typer.Option(
            min=1, help="Open sockets from one remote address (not loopback); beyond, closed."
        ),
    ] = 64,
    conn_buffer: Annotated[
        int, typer.Option(min=65536, help="Bytes waiting for one client before it is cut off.")
    ] = 1 << 20,
    send_buffer: Annotated[
        int,
        typer.Option(
            min=0, help="Each socket's kernel send buffer in bytes (SO_SNDBUF; 0: the system's)."
        ),
    ] = 64 << 10,
    stall_timeout: Annotated[
        float,
        typer.Option(min=0.5, help="Seconds a client may leave its output unread before a close."),
    ] = 15.0,
    total_buffer: Annotated[
        int, typer.Option(min=65536, help="Bytes waiting for all clients together.")
    ] = 64 << 20,
    handshake_timeout: Annotated[
        float, typer.Option(min=0.1, help="Seconds to send a whole HTTP request.")
    ] = 10.0,
    idle_timeout: Annotated[
        float,
        typer.Option(
            min=1.0,
            help="Seconds of silence before a WebSocket is closed (pinged before: --limit ping_every).",
        ),
    ] = 120.0,
    request_timeout: Annotated[
        float,
        typer.Option(
            min=1.0, help="Seconds an /api/ request may wait for its answer before a 503."
        ),
    ] = 60.0,
    public_url: Annotated[
        list[str] | None,
        typer.Option(
            help="An address players open the server at, e.g. https://cards.example "
            "(repeatable): its origin is the server's own on /ws. Default: loopback at this "
            "port, and --host if it is a specific address."
        ),
    ] = None,
    allow_origin: Annotated[
        list[str] | None,
        typer.Option(
            help="Another page origin allowed on /ws besides the server's own, e.g. "
            "https://friends.example (repeatable; '*': any)."
        ),
    ] = None,
    trusted_proxy: Annotated[
        list[str] | None,
        typer.Option(
            help="A reverse proxy's address or CIDR block (repeatable): only its "
            "X-Forwarded-For / X-Forwarded-Proto (or Forwarded) headers are believed."
        ),
    ] = None,
    chat: Annotated[
        bool,
        typer.Option(
            "--chat", help="Relay free chat at the tables (200 characters, one line every 2 s)."
        ),
    ] = False,
    limit: Annotated[
        list[str] | None,
        typer.Option(
            "--limit",
            help="The game master's limits, NAME=VALUE (repeatable; docs/ARCHITECTURE.md). "
            "Defaults: " + _core_limits_help(),
        ),
    ] = None,
    bus: Annotated[
        str | None,
        typer.Option(
            help="Several nodes: the Redis bus between them, redis://host:port/db (with --node "
            "and a postgresql:// --db)."
        ),
    ] = None,
    node: Annotated[
        str | None,
        typer.Option(
            help="Several nodes: this node's name, unique among them (with --bus).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Run the game master: the browser client on /, WebSocket on /ws, health check on /health.
    Ctrl-C stops it cleanly."""
    from atout.server.core.limits import Limits, default_max_connections, origin_of, parse_limits
    from atout.server.core.proxies import parse_networks
    from atout.server.shell.ws import serve as run
    from atout.server.storage.store import SYNC_MODES

    try:
        core_limits = parse_limits(limit or [])
    except ValueError as e:
        raise typer.BadParameter(str(e), param_hint="--limit") from None

    try:
        proxies = parse_networks(trusted_proxy or [])
    except ValueError as e:
        raise typer.BadParameter(str(e), param_hint="--trusted-proxy") from None
    for url in public_url or ():
        try:
            origin_of(url)
        except ValueError as e:
            raise typer.BadParameter(str(e), param_hint="--public-url") from None
    limits = Limits(
        max_message=max_message,
        max_connections=max_connections or default_max_connections(),
        sockets_per_address=sockets_per_address,
        conn_buffer=conn_buffer,
        send_buffer=send_buffer,
        stall_timeout=stall_timeout,
        total_buffer=total_buffer,
        handshake_timeout=handshake_timeout,
        idle_timeout=idle_timeout,
        allow_origins=tuple(allow_origin or ()),
        request_timeout=request_timeout,
        public_urls=tuple(public_url or ()),
        trusted_proxies=proxies,
    )

    levels = ("debug", "info", "warning", "error")
    if log_level.lower() not in levels:
        raise typer.BadParameter(f"{log_level!r}: {', '.join(levels)}", param_hint="--log-level")
    if any(not o.strip() for o in allow_origin or ()):
        raise typer.BadParameter(
            "an empty origin; give one like https://cards.example, or '*'",
            param_hint="--allow-origin",
        )
    logging.basicConfig(
        stream=sys.stderr,
        level=log_level.upper(),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    logging.getLogger("websockets").setLevel(logging.WARNING)  # not one line per connection
    if (bus is None) != (node is None):
        raise typer.BadParameter("--bus and --node go together", param_hint="--node")
    if sync.upper() not in SYNC_MODES:  # said here, before anything starts
        raise typer.BadParameter(f"{sync!r}: normal or full", param_hint="--sync")
    if node is not None and not (db or "").startswith(("postgresql://", "postgres://")):
        raise typer.BadParameter("several nodes share a postgresql:// database", param_hint="--db")
    path = db or default_db()
    until_stopped(
        lambda ready: run(
            host,
            port,
            str(path),
            leak_guard=leak_guard,
            synchronous=sync.upper(),
            limits=limits,
            core_limits=core_limits,
            ready=ready,
            chat=chat,
            node=node,
            bus=bus,
        ),
        host,
        port,
        open_page,
    )


def _core_limits_help() -> str:
    from atout.server.core.limits import limits_help

    return limits_help()


def page_url(host: str, port: int) -> str:
    """The address a player opens: loopback when the server listens on every address."""
    if host in ("", "0.0.0.0"):
        host = "127.0.0.1"
    elif host == "::":
        host = "::1"
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def no_browser_reason(env: Mapping[str, str], platform: str = sys.platform) -> str | None:
    """Why ``--open`` does not open a browser here (``None``: it may): CI, or no display."""
    if env.get("CI"):
        return "under CI"
    if platform.startswith(("linux", "freebsd", "openbsd", "netbsd")) and not (
        env.get("DISPLAY") or env.get("WAYLAND_DISPLAY")
    ):
        return "no display"
    return None


def open_in_browser(url: str) -> str | None:
    """Open ``url`` in a desktop browser, never a console one; ``None`` or why it did not."""
    import os
    import threading
    import webbrowser

    reason = no_browser_reason(os.environ)
    if reason is not None:
        return reason
    try:
        browser = webbrowser.get()
    except webbrowser.Error:
        return "no desktop browser found"
    if getattr(browser, "name", "") in ("www-browser", "links", "elinks", "lynx", "w3m"):
        return "only a console browser"
    threading.Thread(target=browser.open, args=(url,), daemon=True).start()
    return None


def _try_bind(host: str, port: int) -> None:
    """Raise the ``OSError`` that listening on ``host:port`` would raise (port 0: no check)."""
    import socket

    if port == 0:
        return
    for family, kind, proto, _, addr in socket.getaddrinfo(
        host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    ):
        with socket.socket(family, kind, proto) as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind(addr)


def until_stopped(
    start: Callable[[asyncio.Future[int]], Coroutine[Any, Any, None]],
    host: str,
    port: int,
    open_page: bool = False,
) -> None:
    """Run the server coroutine ``start(ready)`` until it stops; once it listens, say (as the
    last lines) where to play and how to stop it. A port or address it cannot take is a
    :class:`CommandLineError`, never a traceback."""
    import errno
    import socket

    async def main() -> None:
        ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        task = asyncio.ensure_future(start(ready))
        await asyncio.wait({ready, task}, return_when=asyncio.FIRST_COMPLETED)
        if ready.done() and not ready.cancelled():
            url = page_url(host, ready.result())
            opened = ""
            if open_page:
                why = open_in_browser(url)
                opened = " (opening it now)" if why is None else f" (not opened: {why})"
            print(f"Game master ready: open {url} in a browser to play{opened}.")
            print("Press Ctrl-C to stop it.", flush=True)
        await task

    try:
        _try_bind(host, port)  # before the database is opened and its tables recovered
        asyncio.run(main())
    except socket.gaierror as e:
        said = both("cli-cannot-listen", host=host, why=str(e.strerror or e))
        raise CommandLineError(*said) from None
    except OSError as e:
        if e.errno == errno.EADDRINUSE:
            alt = port + 1 if port < 65535 else 0
            said = both("cli-port-taken", port=str(port), host=host, alt=str(alt))
            raise CommandLineError(*said) from None
        if e.errno == errno.EACCES:
            raise CommandLineError(*both("cli-port-forbidden", port=str(port))) from None
        if e.errno == errno.EADDRNOTAVAIL:
            raise CommandLineError(*both("cli-host-not-here", host=host)) from None
        raise


def bots(
    url: Annotated[
        str,
        typer.Option(
            help="Game master URL, or several nodes' separated by commas (ws://A/ws,ws://B/ws): "
            "the lanes are spread over them and move to another when theirs goes away."
        ),
    ] = "ws://127.0.0.1:8000/ws",
    game: Annotated[str, typer.Option(help="Game id.")] = "q2j",
    players: Annotated[int, typer.Option(min=1, help="Bots per table.")] = 2,
    games: Annotated[int, typer.Option(min=1, help="Complete games to play.")] = 10,
    parallel: Annotated[int, typer.Option(min=1, help="Tables played at the same time.")] = 1,
    bot: Annotated[str, typer.Option(help="Bot kind.")] = "random",
    seed: Annotated[int, typer.Option(help="Seeds the bots (the deal is the server's).")] = 0,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="name=value")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    reconnect: Annotated[
        float,
        typer.Option(
            min=0,
            help="Seconds to wait for a lost game master to come back; the bots then resume "
            "their seats (0: give up at once).",
        ),
    ] = 60.0,
) -> None:
    """Play GAMES complete games with PLAYERS network bots on a running server."""
    from atout.client.runner import run_bots
    from atout.cliutil import ws_addresses
    from atout.games import get_game

    ws_addresses(url)
    get_game(game).check_players(players)
    options = options_from_pairs(option, [game])
    try:
        res = asyncio.run(
            run_bots(
                url,
                game,
                players,
                games,
                parallel=parallel,
                options=options,
                bot=bot,
                seed=seed,
                reconnect=reconnect,
            )
        )
    except (OSError, TimeoutError, ConnectionError) as e:
        if isinstance(e, ConnectionRefusedError):
            raise CommandLineError(*both("cli-unreachable-refused", url=url)) from None
        why = (e.strerror or str(e) or type(e).__name__) if isinstance(e, OSError) else str(e)
        raise CommandLineError(*both("cli-unreachable", url=url, why=why)) from None
    except Exception as e:  # websockets: a bad URI or an HTTP answer that is not a WebSocket
        from websockets.exceptions import InvalidHandshake, InvalidURI

        if not isinstance(e, (InvalidURI, InvalidHandshake)):
            raise
        raise CommandLineError(*both("cli-unreachable", url=url, why=str(e))) from None
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
    """Replay a finished record: check the secret against its commitment, every seat's nonce
    against its commitment, the seed against the secret and the nonces (format 2: nonces given
    without commitments; format 1: the seed against its commitment), the deal and every move."""
    import msgspec

    from atout.server.storage.record import (
        RECORD_FORMAT_1,
        RECORD_FORMAT_2,
        TableRecord,
        trusted_seats,
    )
    from atout.server.storage.record import verify as check

    try:
        data = json.loads(record.read_text())
        items = data if isinstance(data, list) else [data]
        recs = [msgspec.convert(item, TableRecord) for item in items]
        if not recs:
            raise ValueError("no record in it")
    except (ValueError, msgspec.ValidationError, RecursionError) as e:
        why = {x: say(x, "cli-nested-too-deep") for x in ("en", "fr")}
        said = worded(
            "cli-not-a-record",
            record=str(record),
            why=why if isinstance(e, RecursionError) else str(e),
        )
        raise CommandLineError(*said) from None
    bad = 0
    for rec in recs:
        try:
            problems = check(rec)
        except (ArithmeticError, ValueError, LookupError, TypeError) as e:  # a forged record
            problems = [f"cannot be replayed: {type(e).__name__}: {e}"]
        if problems:
            bad += 1
            print(f"{rec.table}: FAILED")
            for p in problems:
                print(f"  - {p}")
        else:
            print(
                f"{rec.table}: OK ({rec.game}, {rec.players} players, {len(rec.moves)} moves, "
                f"commitment {rec.commitment[:12] if rec.commitment else '?'}…: {_how(rec)})"
            )
            if rec.format == RECORD_FORMAT_1:
                print("  note: format 1 — the game master drew the seed alone (no nonces)")
            elif rec.format == RECORD_FORMAT_2:
                print(
                    "  note: format 2 — nonces given in the clear with the seats (no "
                    "commitments): a seat taken last by the operator could have chosen the deal"
                )
            trusted = trusted_seats(rec)
            if trusted:
                print(f"  note: seats {trusted} committed to no nonce: theirs is the game master's")
    if bad:
        raise typer.Exit(1)


def _how(rec: Any) -> str:
    """What ``atout verify`` checked of a sound record's deal, in a few words."""
    from atout.server.storage.record import RECORD_FORMAT_1, RECORD_FORMAT_2

    if rec.format == RECORD_FORMAT_1:
        return "format 1: the seed matches"
    if rec.format == RECORD_FORMAT_2:
        return f"the secret matches, the seed is derived from it and {rec.players} nonces"
    committed = sum(1 for s in rec.seats if s.nonce_commitment is not None)
    return (
        f"the secret matches, every commitment matches its reveal ({committed} of "
        f"{rec.players} seats committed), the seed is derived from them"
    )


def export(
    db: StoreDb = None,
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

    from atout.protocol.status import Status
    from atout.server.storage.pgstore import is_url, open_store
    from atout.server.storage.record import export_record

    if not is_url(db):
        path = Path(db) if db else default_db()
        if not path.exists():
            raise CommandLineError(*both("cli-no-database", path=str(path)))
        db = str(path)
    store = open_store(db)
    try:
        ids = table or store.finished_ids(game)
        records = []
        for tid in ids:
            rec = store.load(tid)
            if rec is None:
                raise CommandLineError(*both("cli-no-table", table=str(tid)))
            if rec.status != Status.FINISHED:
                raise CommandLineError(*both("cli-table-not-finished", table=str(tid)))
            records.append(msgspec.to_builtins(export_record(rec)))
    finally:
        store.close()
    payload: Any = records[0] if table and len(records) == 1 else records
    text = json.dumps(payload, indent=2, ensure_ascii=False)
    if out:
        out.write_text(text + "\n")
    else:
        print(text)


def backup(
    dest: Annotated[Path, typer.Argument(help="The copy to write (must not exist).")],
    db: Db = None,
) -> None:
    """Copy the database, consistently, even while a game master is using it (SQLite's online
    backup: the copy is the database as of one committed transaction)."""
    from atout.server.storage.store import backup as do_backup

    path = db or default_db()
    if not path.exists():
        raise CommandLineError(*both("cli-no-database", path=str(path)))
    if dest.exists():
        raise CommandLineError(*both("cli-file-exists", path=str(dest)))
    pages = do_backup(path, dest)
    print(f"backed up {path} to {dest} ({pages} pages)")


def register(app: typer.Typer) -> None:
    """Add serve, bots, verify, export and backup to the ``atout`` command line."""
    app.command("serve")(serve)
    app.command("bots")(bots)
    app.command("verify")(verify)
    app.command("export")(export)
    app.command("backup")(backup)
