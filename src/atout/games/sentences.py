"""Words every game's sentences share: seat names, card names and labels, lists of seats, result
reasons, the time-out; and refusals said in every language.

The words themselves are in the catalogue (``atout/locales/<lang>/common.ftl``): English players
read seats as ``P1``, ``P2`` …, French players as ``J1``, ``J2`` … (the rulebooks' "joueur");
French card labels use the French rank letters ``V`` (Valet), ``D`` (Dame), ``R`` (Roi), and a
card's article ("le 7♥", "la D♦", "l'A♥") is the catalogue's choice. This module only picks the
message and fills it.
"""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple, Protocol

from atout.cards import Card, Colour, card, rank_token
from atout.games.errors import IllegalMove
from atout.locales import CATALOGUE, FALLBACK, Said, has, say


class Told(Protocol):
    """An event as its words read it (:class:`atout.games.base.Event`)."""

    kind: str
    seat: int | None
    data: dict[str, Any]


class MoveWords(Protocol):
    """A game as the time-out's words read it: a move read back and said."""

    def parse_move(self, data: Any) -> Any: ...
    def describe_move(self, move: Any, lang: str = "en") -> str: ...


class Msg(NamedTuple):
    """A message of the catalogue with some of its variables already chosen (a refusal that
    depends on the phase of the turn)."""

    id: str
    args: dict[str, Any]


def ids(prefix: str, *keys: str) -> dict[str, str]:
    """``{key: "<prefix>-<key>"}`` (underscores as hyphens), each checked to be in the catalogue:
    a text module's table of messages, refused at import if one is missing."""
    out = {k: f"{prefix}-{k.replace('_', '-')}" for k in keys}
    missing = [i for i in out.values() if not has("en", i)]
    if missing:
        raise LookupError(f"not in the catalogue: {', '.join(missing)}")
    return out


@cache
def seat(s: int | None, lang: str) -> str:
    """``P2`` (English) / ``J2`` (French) for seat 1; ``None`` is the game master."""
    if s is None:
        return say(lang, "game-master")
    return say(lang, "seat", n=str(s + 1))


def named(s: int | None, lang: str, you: int | None = None) -> str:
    """A seat as its reader ``you`` reads it where it is not the subject: ``you`` / ``vous`` for
    their own seat (a subject is chosen by the message's ``$you`` variant)."""
    if s is not None and s == you:
        return say(lang, "seat-you")
    return seat(s, lang)


def person(you: int | None, **parts: int | None) -> str:
    """The reader's part in a sentence, the ``$you`` variable: the first of ``parts`` (``who=``,
    ``src=``, …, tried in order) that is the reader's seat; ``none`` if none is."""
    if you is None:
        return "none"
    return next((part for part, s in parts.items() if s == you), "none")


def about(e: Told, lang: str, you: int | None) -> tuple[str, dict[str, Any], str, str]:
    """What the words of an event start from: its kind and data, who did it (by seat), and the
    reader's part in it (``$you``: ``who`` when told to that seat)."""
    return e.kind, e.data, seat(e.seat, lang), person(you, who=e.seat)


def reader_first(ss: list[int] | tuple[int, ...], you: int | None) -> list[int]:
    """``ss`` with the reader's seat first ("you and P3"), the others in their order."""
    return sorted(ss, key=lambda s: s != you)


def listed(items: list[str], lang: str) -> str:
    """``a``, ``a and b``, ``a, b and c`` (``a, b et c``)."""
    if len(items) < 2:
        return "".join(items)
    most = items[0]
    for x in items[1:-1]:
        most = say(lang, "list-comma", most=most, next=x)
    return say(lang, "list-and", most=most, last=items[-1])


def seats(ss: list[int] | tuple[int, ...], lang: str, you: int | None = None) -> str:
    """Several seats as said: ``P1``, ``P1 and P3``, ``P1, P2 and P3`` (``J1 et J3``); the
    reader first, as ``you`` (``vous``)."""
    return listed([named(s, lang, you) for s in reader_first(ss, you)], lang)


def winners(ws: list[int], lang: str, you: int | None) -> dict[str, Any]:
    """The variables of a sentence that names the winners: ``count``, ``winners`` (all of them),
    ``others`` (all but the reader) and ``you`` (``winner`` when the reader is one of them)."""
    others = [w for w in ws if w != you]
    return {
        "count": len(ws),
        "winners": seats(ws, lang),
        "others": seats(others, lang),
        "you": "winner" if you is not None and you in ws else "none",
    }


def _card_args(c: Card) -> dict[str, str]:
    assert c.suit is not None
    return {"rank": rank_token(c.rank), "suit": c.suit.value, "symbol": c.suit.symbol}


@cache
def name(c: Card | str, lang: str) -> str:
    """``Queen of Hearts`` / ``Dame de cœur``."""
    c = card(c) if isinstance(c, str) else c
    return say(lang, "card-joker") if c.is_joker else say(lang, "card-name", **_card_args(c))


def names(codes: list[str] | tuple[str, ...], lang: str, sep: str = " + ") -> str:
    """Cards by name: ``Queen of Hearts + Queen of Spades``."""
    return sep.join(name(c, lang) for c in codes)


@cache
def label(c: Card | str, lang: str) -> str:
    """``Q♥`` in English, ``D♥`` in French; ``10♠`` and ``A♦`` in both; a Joker is ``🃏``."""
    return _card_said(c, lang, "label")


@cache
def the(c: Card | str, lang: str) -> str:
    """A card's label with its article: ``the A♥``; in French ``le 7♥``, ``la D♦``, ``l'A♥``."""
    return _card_said(c, lang, "the")


def _card_said(c: Card | str, lang: str, form: str) -> str:
    """The message ``card-<form>`` for a card (``card-joker-<form>`` for a Joker)."""
    c = card(c) if isinstance(c, str) else c
    if c.is_joker:
        return say(lang, f"card-joker-{form}")
    return say(lang, f"card-{form}", **_card_args(c))


def labels(codes: list[str] | tuple[str, ...], lang: str, sep: str = " ") -> str:
    return sep.join(label(c, lang) for c in codes)


def colour(c: Colour | str, lang: str) -> str:
    """``red`` / ``rouge``."""
    return say(lang, "colour", colour=str(c))


def _filled(fill: dict[str, Any], lang: str) -> dict[str, Any]:
    """A refusal's variables in ``lang``: a :class:`Card` by its name (and ``<name>_rank``, its
    rank token, for the words that agree with it), a :class:`Colour` by its code, a ``dict`` of
    texts by language (a game's titles) by its text in ``lang`` (English's if it has none)."""
    out: dict[str, Any] = {}
    for k, v in fill.items():
        if isinstance(v, Card):
            out[k], out[f"{k}_rank"] = name(v, lang), "joker" if v.is_joker else rank_token(v.rank)
        elif isinstance(v, Colour):
            out[k] = v.value
        elif isinstance(v, dict):
            out[k] = v.get(lang, v[FALLBACK])
        else:
            out[k] = v
    return out


def worded(words: str | Msg, /, **fill: Any) -> tuple[str, str]:
    """Message ``words`` in English and French with ``fill`` said in each (cards by name): an
    error's two texts, the English one :class:`~atout.locales.Said` so that a third language
    can be told it (with the English names of the cards it fills)."""
    msg = words if isinstance(words, Msg) else Msg(words, {})
    args = {lang: {**msg.args, **_filled(fill, lang)} for lang in ("en", "fr")}
    english = Said(say("en", msg.id, **args["en"]), msg.id, args["en"])
    return english, say("fr", msg.id, **args["fr"])


def refuse(code: str, words: str | Msg, /, **fill: Any) -> IllegalMove:
    """The refusal ``code`` in English and French, from its message ``words``."""
    return IllegalMove(code, *worded(words, **fill))


def _forget() -> None:
    """Words kept from the catalogue are said again once it changes (a language added)."""
    for kept in (seat, name, label, the):
        kept.cache_clear()


CATALOGUE.on_change.append(_forget)


def reason(code: str, lang: str) -> str:
    """A result reason in words (the code itself when it is not known)."""
    msg = f"reason-{code}"
    return say(lang, msg) if has(lang, msg) else code.replace("_", " ")


def timeout(game: MoveWords, e: Told, lang: str, you: int | None = None) -> str:
    """The ``timeout`` event the game master adds before a move it made for a seat whose time
    ran out: ``P2 ran out of time; the game master plays for them: draw.`` (told to that seat:
    ``You ran out of time; … for you: draw.``)"""
    what = ""
    data = e.data.get("move")
    if data is not None:
        try:
            what = game.describe_move(game.parse_move(data), lang)
        except Exception:  # a move this game cannot read back: say the time-out alone
            what = ""
    mine = person(you, who=e.seat)
    if what:
        return say(lang, "timeout-played", you=mine, who=seat(e.seat, lang), move=what)
    return say(lang, "timeout", you=mine, who=seat(e.seat, lang))


def earlier(e: Told, lang: str) -> str:
    """The ``earlier`` event that opens a catch-up cut to its latest steps: what is left out."""
    return say(lang, "earlier", steps=int(e.data.get("steps", 0)))
