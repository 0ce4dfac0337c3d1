"""Helpers shared by the command-line modules: option parsing and the one-line errors.

Every command reports a mistake by raising :class:`CommandLineError` (or any
:class:`~atout.games.base.AtoutError`); ``atout.cli`` turns it into one line on stderr and exit
code 2, in French when the command runs with ``--lang fr``.
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import typer
from typer.core import TyperGroup

from atout.games.base import AtoutError

TRUE = ("true", "yes", "on", "1", "oui", "vrai")
FALSE = ("false", "no", "off", "0", "non", "faux")
T = TypeVar("T")


class CommandLineError(AtoutError):
    """A bad argument or an unreachable address: said in one line, exit code 2."""

    def __init__(self, message: str, message_fr: str | None = None, code: str = "cli") -> None:
        super().__init__(code, message, message_fr)


class Commands(TyperGroup):
    """The ``atout`` group: the one place where a command's error becomes one line and exit 2.

    Known errors (an :class:`AtoutError`, a usage error, a file or a connection that fails, a
    value refused) are said on stderr in one line, in French after ``--lang fr``; anything else is
    a bug and is said in one line too, with exit code 1 (``ATOUT_DEBUG=1`` shows the traceback).
    """

    def main(self, *args: Any, **kwargs: Any) -> Any:
        """A mistake in the words before any command (``atout --bogus``) is said in the same
        one line as a command's, not in the library's framed box."""
        if kwargs.get("standalone_mode", True) is False:
            return super().main(*args, **kwargs)
        given = args[0] if args else kwargs.get("args")
        argv = list(given) if given is not None else sys.argv[1:]
        try:
            code = super().main(*args, **{**kwargs, "standalone_mode": False})
        except typer.Abort:
            typer.echo("Aborted!", err=True)
            sys.exit(1)
        except typer.TyperException as e:
            if type(e).__name__ == "NoArgsIsHelpError":  # ``atout`` alone: the help
                typer.echo(e.format_message())
                sys.exit(e.exit_code)
            line, code = error_line(e, _lang_of(argv) == "fr")
            typer.echo(line, err=True)
            sys.exit(code)
        sys.exit(code if isinstance(code, int) else 0)

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        ctx.meta["atout.args"] = list(args)
        return super().parse_args(ctx, args)

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except (typer.Exit, typer.Abort, KeyboardInterrupt):
            raise
        except Exception as e:
            if os.environ.get("ATOUT_DEBUG"):
                raise
            args = ctx.meta.get("atout.args", [])
            fr = _lang_of(args) == "fr"
            line, code = error_line(e, fr)
            typer.echo(line, err=True)
            raise typer.Exit(code) from None


def _lang_of(args: list[str]) -> str:
    """The language asked on the command line (``--lang fr``, ``-l fr``, ``--lang=fr``)."""
    for i, a in enumerate(args):
        if a in ("--lang", "-l") and i + 1 < len(args):
            return args[i + 1]
        if a.startswith("--lang="):
            return a.split("=", 1)[1]
    return "en"


_CLICK_FR = [
    (r"^Invalid value for (.*?): ", r"Valeur invalide pour \1 : "),
    (r"^Missing argument (.*)\.$", r"Argument manquant \1."),
    (r"^Missing option (.*)\.$", r"Option manquante \1."),
    (r"^No such option: (.*)$", r"Option inconnue : \1"),
    (r"^No such command (.*)\.$", r"Commande inconnue \1."),
    (r"^Got unexpected extra argument\(s\) \((.*)\)$", r"Argument(s) en trop : \1"),
    (r"^Got unexpected extra arguments? \((.*)\)$", r"Argument en trop : \1"),
    (r"Input should be greater than or equal to (\S+)$", r"la valeur doit être au moins \1"),
    (r"Input should be less than or equal to (\S+)$", r"la valeur doit être au plus \1"),
    (r"Input should be a valid integer.*$", r"un nombre entier est attendu"),
    (r"Input should be a valid number.*$", r"un nombre est attendu"),
    (r"^Option (.*) requires an argument\.$", r"L'option \1 attend une valeur."),
]


def error_line(e: BaseException, fr: bool = False) -> tuple[str, int]:
    """The one line that says what went wrong, and the exit code (2: a mistake, 1: a bug)."""
    import msgspec

    err = "Erreur :" if fr else "Error:"
    if isinstance(e, CommandLineError):
        return f"{err} {e.text('fr' if fr else 'en')}", 2
    if isinstance(e, AtoutError):
        return f"{err} {e.text('fr' if fr else 'en')} ({e.code})", 2
    if isinstance(e, typer.TyperException):  # usage: bad or missing argument or option
        text = " ".join(e.format_message().split())
        if fr:
            for pat, rep in _CLICK_FR:
                text = re.sub(pat, rep, text)
        ctx = getattr(e, "ctx", None)
        hint = f" ({ctx.command_path} --help)" if ctx is not None and ctx.parent else ""
        return f"{err} {text}{hint}", 2
    if type(e).__module__.split(".")[0] in ("sqlite3", "psycopg"):  # a database refused
        return f"{err} database: {' '.join(str(e).split()) or type(e).__name__}", 2
    if isinstance(e, OSError) and e.filename is not None:
        return f"{err} {e.filename}: {e.strerror or e}", 2
    if isinstance(e, (OSError, ValueError, msgspec.MsgspecError)):
        # connections, files, and values refused by a parser (json, msgspec, int)
        return f"{err} {' '.join(str(e).split()) or type(e).__name__}", 2
    kind = type(e).__name__
    if fr:
        return f"Erreur interne ({kind}: {e}) ; ATOUT_DEBUG=1 montre la trace", 1
    return f"{err} internal error ({kind}: {e}); ATOUT_DEBUG=1 shows the traceback", 1


def check_lang(value: str) -> str:
    """Typer callback of every ``--lang`` option: ``en`` or ``fr``."""
    if value not in ("en", "fr"):
        raise typer.BadParameter(f"{value!r}: the language is en or fr")
    return value


def int_list(text: str, option: str) -> list[int]:
    """``"2,4"`` → ``[2, 4]``; anything else is a :class:`CommandLineError` naming ``option``."""
    out = []
    for item in text.replace(" ", "").split(","):
        if not item:
            continue
        try:
            out.append(int(item))
        except ValueError:
            raise CommandLineError(
                f"{option} {text}: {item!r} is not a whole number (e.g. {option} 2,4)",
                f"{option} {text} : {item!r} n'est pas un nombre entier (par ex. {option} 2,4)",
            ) from None
    return out


def ws_addresses(text: str, option: str = "--url") -> list[str]:
    """``"ws://A/ws,ws://B/ws"`` → the addresses, each checked; a malformed one (or none) is a
    :class:`CommandLineError` naming it and ``option``."""
    from websockets.exceptions import InvalidURI

    from atout.client import addresses

    found = [u.strip() for u in text.split(",") if u.strip()]
    for u in found or [text]:
        try:
            addresses(u)
        except InvalidURI:
            raise CommandLineError(
                f"{option} {text}: {u!r} is not a game master's address "
                "(ws://HOST:PORT/ws or wss://…, several separated by commas)",
                f"{option} {text} : {u!r} n'est pas l'adresse d'un maître du jeu "
                "(ws://HÔTE:PORT/ws ou wss://…, plusieurs séparées par des virgules)",
            ) from None
    return found


def options_from_pairs(pairs: list[str] | None, games: Iterable[str] = ()) -> dict[str, Any]:
    """``--option name=value`` pairs; values are read as JSON when they parse, else as text.

    With ``games`` (game ids), each name must be an option of every one of them and its value is
    read and checked against the option's type, so a mistake is said plainly
    (``-o face_on_ace=maybe: face_on_ace is true or false``)."""
    from atout.games import get_game

    specs: list[tuple[str, dict[str, dict[str, Any]]]] = [
        (g, {s["name"]: s for s in get_game(g).option_specs()}) for g in games
    ]
    out: dict[str, Any] = {}
    for item in pairs or []:
        name, eq, raw = item.partition("=")
        if not eq or not name:
            raise CommandLineError(
                f"-o {item}: an option is name=value (e.g. -o face_on_ace=true)",
                f"-o {item} : une option s'écrit nom=valeur (par ex. -o face_on_ace=true)",
            )
        try:
            value: Any = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        for game, known in specs:
            if name not in known:
                names = ", ".join(known) or "none"
                raise CommandLineError(
                    f"-o {item}: {game} has no option {name!r} (its options: {names})",
                    f"-o {item} : {game} n'a pas d'option {name!r} (ses options : {names})",
                )
            value = _checked(item, known[name], raw, value)
        out[name] = value
    return out


def _checked(item: str, spec: dict[str, Any], raw: str, value: Any) -> Any:
    """The value of one option as its spec says (bool, integer in range, one of an enum)."""
    name = spec["name"]
    if "enum" in spec:
        choices = spec["enum"]
        if raw in map(str, choices):
            return next(c for c in choices if str(c) == raw)
        some = ", ".join(map(str, choices))
        raise CommandLineError(
            f"-o {item}: {name} is one of {some}", f"-o {item} : {name} vaut l'un de {some}"
        )
    kind = spec.get("type")
    if kind == "boolean":
        if raw.lower() in TRUE:
            return True
        if raw.lower() in FALSE:
            return False
        raise CommandLineError(
            f"-o {item}: {name} is true or false", f"-o {item} : {name} vaut true ou false"
        )
    if kind == "integer":
        lo, hi = spec.get("minimum"), spec.get("maximum")
        span, span_fr = (
            (f" from {lo} to {hi}", f" de {lo} à {hi}")
            if lo is not None and hi is not None
            else (f" of at least {lo}", f" d'au moins {lo}")
            if lo is not None
            else ("", "")
        )
        ok = isinstance(value, int) and not isinstance(value, bool)
        if not ok or (lo is not None and value < lo) or (hi is not None and value > hi):
            raise CommandLineError(
                f"-o {item}: {name} is a whole number{span}",
                f"-o {item} : {name} est un nombre entier{span_fr}",
            )
    return value


def with_progress(
    title: str,
    total: int,
    work: Callable[[Callable[[int], None] | None], T],
    shown: bool = True,
) -> T:
    """``work(progress)`` under a progress bar on stderr, gone once done, that ``progress(k)``
    moves ``k`` steps of ``total``; not ``shown`` (JSON output, a short run): no bar, and
    ``progress`` is None."""
    if not shown:
        return work(None)
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(title, total=total)
        return work(lambda k: bar.advance(task, k))
