"""Words every game's sentences share: seat names, card labels, result reasons, the time-out.

English players read seats as ``P1``, ``P2`` …; French players as ``J1``, ``J2`` … (the
rulebooks' "joueur"). French card labels use the French rank letters: ``V`` (Valet), ``D``
(Dame), ``R`` (Roi); the Ace is ``A`` in both languages.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from atout.cards import Card, Colour, card
from atout.games.base import Event, Game, IllegalMove

#: A sentence's two templates, English then French, side by side.
Words = tuple[str, str]

_FR_LETTER = {"J": "V", "Q": "D", "K": "R"}


def seat(s: int | None, lang: str) -> str:
    """``P2`` (English) / ``J2`` (French) for seat 1; ``None`` is the game master."""
    if s is None:
        return "le maître du jeu" if lang == "fr" else "the game master"
    return f"{'J' if lang == 'fr' else 'P'}{s + 1}"


def _word(v: Any, lang: str) -> Any:
    if isinstance(v, Card):
        return v.name(lang)
    if isinstance(v, Colour):
        return v.name_in(lang)
    return v


def say(words: Words, lang: str, **fill: Any) -> str:
    """``words`` in ``lang``, filled: a :class:`Card` by its name, a :class:`Colour` by its word
    in that language, anything else as it is."""
    return words[lang == "fr"].format(**{k: _word(v, lang) for k, v in fill.items()})


def refuse(code: str, words: Words, **fill: Any) -> IllegalMove:
    """The refusal ``code`` in both languages, from its templates."""
    return IllegalMove(code, say(words, "en", **fill), say(words, "fr", **fill))


def names(codes: list[str] | tuple[str, ...], lang: str, sep: str = " + ") -> str:
    """Cards by name: ``Queen of Hearts + Queen of Spades``."""
    return sep.join(card(c).name(lang) for c in codes)


def named(s: int | None, lang: str, you: int | None = None) -> str:
    """A seat as its reader ``you`` reads it where it is not the subject: ``you`` / ``vous`` for
    their own seat (a subject takes a sentence of its own, conjugated: :func:`told`)."""
    if s is not None and s == you:
        return "vous" if lang == "fr" else "you"
    return seat(s, lang)


def told(words: dict[str, Words], yours: dict[str, Words], key: str, to_you: bool) -> Words:
    """Sentence ``key`` in the second person when it is about its reader (``yours``, the text
    file's ``[you]`` table: a sentence about its reader without such a form is a ``KeyError``,
    never "you has…"), else as said of anyone."""
    return yours[key] if to_you else words[key]


def reader_first(ss: list[int] | tuple[int, ...], you: int | None) -> list[int]:
    """``ss`` with the reader's seat first ("you and P3"), the others in their order."""
    return sorted(ss, key=lambda s: s != you)


def seats(ss: list[int] | tuple[int, ...], lang: str, you: int | None = None) -> str:
    """Several seats as said: ``P1``, ``P1 and P3``, ``P1, P2 and P3`` (``J1 et J3``); the
    reader first, as ``you`` (``vous``)."""
    names = [named(s, lang, you) for s in reader_first(ss, you)]
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + (" et " if lang == "fr" else " and ") + names[-1]


def label(c: Card | str, lang: str) -> str:
    """``Q♥`` in English, ``D♥`` in French; ``10♠`` and ``A♦`` in both; a Joker is ``🃏``."""
    text = (card(c) if isinstance(c, str) else c).label
    if lang == "fr" and text[:1] in _FR_LETTER:
        return _FR_LETTER[text[0]] + text[1:]
    return text


def the(c: Card | str, lang: str) -> str:
    """A card's label with its article: ``the A♥``; in French ``le 7♥`` but ``l'A♥`` (l'as)."""
    text = label(c, lang)
    if lang == "fr":
        return ("l'" if text.startswith("A") else "le ") + text
    return "the " + text


def labels(codes: list[str] | tuple[str, ...], lang: str, sep: str = " ") -> str:
    return sep.join(label(c, lang) for c in codes)


def load_words(module_file: str) -> dict[str, Any]:
    """The sentences of the TOML file beside ``module_file`` (``q2j_text.py`` reads
    ``q2j_text.toml``), every ``[English, French]`` pair as :data:`Words`: the words are data
    that translators edit in one place, the text modules only choose and fill them."""
    with Path(module_file).with_suffix(".toml").open("rb") as f:
        return _pairs(tomllib.load(f))


def _pairs(table: dict[str, Any]) -> dict[str, Any]:
    return {k: tuple(v) if isinstance(v, list) else _pairs(v) for k, v in table.items()}


#: Result reasons (``Result.reason``, ``game_over`` events) in words.
_REASONS: dict[str, Words] = load_words(__file__)["reasons"]


def reason(code: str, lang: str) -> str:
    """A result reason in words (the code itself when it is not known)."""
    pair = _REASONS.get(code)
    if pair is None:
        return code.replace("_", " ")
    return pair[1] if lang == "fr" else pair[0]


def timeout(game: Game[Any], e: Event, lang: str, you: int | None = None) -> str:
    """The ``timeout`` event the game master adds before a move it made for a seat whose time
    ran out: ``P2 ran out of time; the game master plays for them: draw.`` (told to that seat:
    ``You ran out of time; … for you: draw.``)"""
    mine = e.seat is not None and e.seat == you
    what = ""
    data = e.data.get("move")
    if data is not None:
        try:
            what = game.describe_move(game.parse_move(data), lang)
        except Exception:  # a move this game cannot read back: say the time-out alone
            what = ""
    if lang == "fr":
        head = "Vous n'avez" if mine else f"{seat(e.seat, lang)} n'a"
        whose = "votre" if mine else "sa"
        tail = f" ; le maître du jeu joue à {whose} place : {what}" if what else ""
        return f"{head} plus de temps{tail}."
    head = "You" if mine else seat(e.seat, lang)
    tail = f"; the game master plays for {'you' if mine else 'them'}: {what}" if what else ""
    return f"{head} ran out of time{tail}."


def earlier(e: Event, lang: str) -> str:
    """The ``earlier`` event that opens a catch-up cut to its latest steps: what is left out."""
    n = int(e.data.get("steps", 0))
    if lang == "fr":
        return f"Le jeu plus ancien n'est pas répété ici ({n} étape{'s' if n > 1 else ''})."
    return f"Earlier play is not repeated here ({n} step{'s' if n != 1 else ''})."
