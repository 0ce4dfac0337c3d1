"""Helpers shared by the command-line modules: option parsing and the one-line errors.

Every command reports a mistake by raising :class:`CommandLineError` (or any
:class:`~atout.games.base.AtoutError`); ``atout.cli`` turns it into one line on stderr and exit
code 2, in the language the command runs in (``--lang fr``), its words from the catalogue
(``locales/<lang>/cli.ftl``).
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
from atout.games.sentences import worded
from atout.locales import FALLBACK, both, languages, say

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
            line, code = error_line(e, _lang_of(argv))
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
            line, code = error_line(e, _lang_of(ctx.meta.get("atout.args", [])))
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


#: The command-line library's mistakes (in English), each said again from the catalogue.
_CLICK = [
    (r"^Invalid value for (?P<what>.*?): (?P<rest>.*)$", "cli-click-invalid-value"),
    (r"^Missing argument (?P<what>.*)\.$", "cli-click-missing-argument"),
    (r"^Missing option (?P<what>.*)\.$", "cli-click-missing-option"),
    (r"^No such option: (?P<what>.*)$", "cli-click-no-option"),
    (r"^No such command (?P<what>.*)\.$", "cli-click-no-command"),
    (r"^Got unexpected extra arguments?(?:\(s\))? \((?P<args>.*)\)$", "cli-click-extra"),
    (r"Input should be greater than or equal to (?P<least>\S+)$", "cli-click-at-least"),
    (r"Input should be less than or equal to (?P<most>\S+)$", "cli-click-at-most"),
    (r"Input should be a valid integer.*$", "cli-click-integer"),
    (r"Input should be a valid number.*$", "cli-click-number"),
    (r"^Option (?P<what>.*) requires an argument\.$", "cli-click-needs-value"),
]


def _click_said(text: str, lang: str) -> str:
    """The library's message in ``lang`` (as it is in English)."""
    if lang == FALLBACK:
        return text
    for pattern, msg_id in _CLICK:

        def said(m: re.Match[str], msg_id: str = msg_id) -> str:
            args: dict[str, Any] = m.groupdict()
            if "args" in args:
                args["count"] = len(args["args"].split())
            return say(lang, msg_id, **args)

        text = re.sub(pattern, said, text)
    return text


def error_line(e: BaseException, lang: str = FALLBACK) -> tuple[str, int]:
    """The one line that says what went wrong, and the exit code (2: a mistake, 1: a bug)."""
    import msgspec

    if isinstance(e, CommandLineError):
        return say(lang, "cli-error", text=e.text(lang)), 2
    if isinstance(e, AtoutError):
        return say(lang, "cli-error-coded", text=e.text(lang), code=e.code), 2
    if isinstance(e, typer.TyperException):  # usage: bad or missing argument or option
        text = _click_said(" ".join(e.format_message().split()), lang)
        ctx = getattr(e, "ctx", None)
        hint = f" ({ctx.command_path} --help)" if ctx is not None and ctx.parent else ""
        return say(lang, "cli-error", text=text + hint), 2
    if type(e).__module__.split(".")[0] in ("sqlite3", "psycopg"):  # a database refused
        why = " ".join(str(e).split()) or type(e).__name__
        return say(lang, "cli-error-database", why=why), 2
    if isinstance(e, OSError) and e.filename is not None:
        return say(lang, "cli-error", text=f"{e.filename}: {e.strerror or e}"), 2
    if isinstance(e, (OSError, ValueError, msgspec.MsgspecError)):
        # connections, files, and values refused by a parser (json, msgspec, int)
        return say(lang, "cli-error", text=" ".join(str(e).split()) or type(e).__name__), 2
    return say(lang, "cli-error-internal", kind=type(e).__name__, why=str(e)), 1


def check_lang(value: str) -> str:
    """Typer callback of every ``--lang`` option: a language of the catalogue (en, fr…)."""
    known = languages()
    if value not in known:
        raise typer.BadParameter(
            say(FALLBACK, "cli-bad-lang", given=repr(value), known=", ".join(known))
        )
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
            said = both("cli-not-whole-number", option=option, given=text, item=repr(item))
            raise CommandLineError(*said) from None
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
            said = both("cli-not-address", option=option, given=text, item=repr(u))
            raise CommandLineError(*said) from None
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
            raise CommandLineError(*both("cli-option-form", item=item))
        try:
            value: Any = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        for game, known in specs:
            if name not in known:
                names = {x: ", ".join(known) or say(x, "cli-option-none") for x in ("en", "fr")}
                said = worded(
                    "cli-option-unknown", item=item, game=game, name=repr(name), names=names
                )
                raise CommandLineError(*said)
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
        raise CommandLineError(*both("cli-option-one-of", item=item, name=name, choices=some))
    kind = spec.get("type")
    if kind == "boolean":
        if raw.lower() in TRUE:
            return True
        if raw.lower() in FALSE:
            return False
        raise CommandLineError(*both("cli-option-boolean", item=item, name=name))
    if kind == "integer":
        lo, hi = spec.get("minimum"), spec.get("maximum")
        ok = isinstance(value, int) and not isinstance(value, bool)
        if not ok or (lo is not None and value < lo) or (hi is not None and value > hi):
            bounds = {"least": str(lo), "most": str(hi)}
            which = "integer" if lo is None else "integer-from" if hi is None else "integer-between"
            raise CommandLineError(*both(f"cli-option-{which}", item=item, name=name, **bounds))
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
