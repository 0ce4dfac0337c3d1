"""``atout play``: the terminal client on the command line."""

from __future__ import annotations

import getpass
from typing import Annotated

import typer

from atout.cliutil import CommandLineError, check_lang, int_list, options_from_pairs, ws_addresses
from atout.games.sentences import worded
from atout.locales import both


def _seats(text: str) -> list[int]:
    """``"1,2"`` → ``[1, 2]`` (seat numbers from 0, as the protocol counts them)."""
    return int_list(text, "--bots")


def _check_reachable(url: str) -> int:
    """Connect once to the game master at ``url`` (the first of its addresses that answers)
    before the terminal UI opens; the index of that address."""
    import asyncio

    from websockets.exceptions import InvalidHandshake, InvalidURI

    from atout.client import Client

    async def probe() -> int:
        client = await Client.connect(url, "probe", open_timeout=10)
        await client.close()
        return client.index

    try:
        return asyncio.run(probe())
    except (OSError, TimeoutError, InvalidURI, InvalidHandshake) as e:
        if isinstance(e, ConnectionRefusedError):
            raise CommandLineError(*both("cli-unreachable-refused", url=url)) from None
        why = str(e)
        said = both("cli-unreachable", url=url, why=why or type(e).__name__)
        raise CommandLineError(*said) from None


def _default_name() -> str:
    try:
        return getpass.getuser()[:64] or "player"
    except Exception:  # no user database (containers)
        return "player"


def play(
    url: Annotated[
        str | None,
        typer.Option(
            help="Game master URL, or several nodes' separated by commas (ws://A/ws,ws://B/ws): "
            "the first that answers is used, the others when it goes away. Default: start one "
            "in-process for this game only."
        ),
    ] = None,
    game: Annotated[str, typer.Option("--game", "-g", help="q2j, quinze or pouilleux.")] = "q2j",
    players: Annotated[int, typer.Option("--players", "-p", help="Seats at the table.")] = 3,
    bots: Annotated[
        str | None,
        typer.Option(help="Seats (from 0) the game master plays, e.g. 1,2. Default: all but 0."),
    ] = None,
    level: Annotated[
        str | None,
        typer.Option(
            "--level",
            help="The bots' level: debutant (beginner), moyen (intermediate, the default), "
            "fort (strong) or expert.",
        ),
    ] = None,
    bot_kind: Annotated[
        str | None,
        typer.Option(help="A raw bot kind instead of a level: random, heuristic or ismcts."),
    ] = None,
    bot_delay: Annotated[
        float, typer.Option(min=0, max=60, help="Seconds a bot waits before moving (0 to 60).")
    ] = 0.6,
    name: Annotated[str | None, typer.Option(help="Your name at the table.")] = None,
    lang: Annotated[
        str,
        typer.Option(
            "--lang", "-l", help="en, fr or another of the catalogue.", callback=check_lang
        ),
    ] = "en",
    table: Annotated[str | None, typer.Option(help="Join this existing table.")] = None,
    watch: Annotated[str | None, typer.Option(help="Watch this table as a spectator.")] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Game option name=value.")
    ] = None,
    turn_seconds: Annotated[
        float,
        typer.Option(
            min=0, max=86400, help="Turn time limit of the table created (0: none; at most a day)."
        ),
    ] = 0.0,
    hint_kind: Annotated[
        str, typer.Option(help="Bot giving hints (h): heuristic, ismcts, ismcts:2000.")
    ] = "heuristic",
    reconnect: Annotated[
        float,
        typer.Option(
            min=0,
            help="Seconds to find the game master again (the other --url addresses first) when "
            "it goes away mid-game; your seat is then taken back (0: give up at once).",
        ),
    ] = 60.0,
) -> None:
    """Play a game in the terminal (arrows and Enter or 1-9 to play, h for a hint, q to quit)."""
    from atout.bots import make_bot, make_spec
    from atout.bots.levels import DEFAULT_LEVEL, LEVELS, level_id
    from atout.games import get_game
    from atout.tui.app import run
    from atout.tui.session import LocalServer, PlayOptions

    if (table or watch) and url is None:
        raise typer.BadParameter("--table and --watch need the --url of the game master")
    # every mistake is said here, in one line, before the terminal UI opens
    seats = _seats(bots) if bots is not None else list(range(1, players))
    options = options_from_pairs(option, [game])
    if not (table or watch):
        get_game(game).check_players(players)
        get_game(game).parse_options(options)
        wrong = [s for s in seats if not 0 <= s < players]
        if wrong:
            raise CommandLineError(*both("cli-bad-seats", given=str(bots), last=str(players - 1)))
    if bot_kind is not None and level is not None:
        raise CommandLineError(*both("cli-level-and-kind", level=level, kind=bot_kind))
    if bot_kind is None:
        level = level or DEFAULT_LEVEL
        bot_kind = level_id(level)
        if bot_kind is None:
            names = {
                "en": ", ".join(f"{lv.id} ({lv.en.lower()})" for lv in LEVELS),
                "fr": ", ".join(lv.fr.lower() for lv in LEVELS),
            }
            raise CommandLineError(*worded("cli-no-level", level=level, levels=names))
    make_bot(bot_kind, 0)  # the game master seats registered kinds only
    make_spec(hint_kind, 0)  # a hint may set the search's budget: ismcts:2000
    start = 0
    if url is not None:
        ws_addresses(url)
        start = _check_reachable(url)
    opts = PlayOptions(
        url=url or "",
        game=game,
        players=players,
        bots=seats,
        bot_kind=bot_kind,
        bot_delay=bot_delay,
        options=options,
        name=name or _default_name(),
        lang=lang,
        table=table,
        watch=watch,
        hint_kind=hint_kind,
        turn_seconds=turn_seconds,
        start=start,
        reconnect=reconnect,
    )
    if url is not None:
        run(opts)
        return
    with LocalServer() as server:
        opts.url = server.url
        run(opts)


def register(app: typer.Typer) -> None:
    """Add ``play`` to the ``atout`` command line."""
    app.command("play")(play)
