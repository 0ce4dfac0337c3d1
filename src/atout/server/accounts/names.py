"""Players' names: one rule for guests and accounts, and the skeletons that tell two names that
look alike.

**The rule** (:func:`check`): a name is kept as NFKC, trimmed, its inner runs of spaces made one,
and refused (:class:`BadName`, whose ``reason`` is a key of :data:`NAME_WHY`) when nothing in it
can be seen (``empty``), when it is longer than :data:`NAME_MAX` (``too_long``), when it holds a
bidirectional mark (``bidi``), a character that shows nothing (``invisible``: Unicode's
default-ignorable code points, e.g. U+200B, U+00AD, U+2060, the variation selectors, the Hangul
fillers), a control, format, private-use or unassigned character (``control``), anything but
letters, digits, combining marks, spaces and ``- _ . '`` (or a first character that is not a
letter or a digit: ``characters``), or when it is the game master's or looks like it
(``reserved``). Guests (``lobby.bad_name``) and accounts (``account.bad_name``) share it.

**Look-alikes** (:func:`keys`): Unicode's confusables (UTS #39 skeletons), computed here in pure
Python from ICU's data (``confusables.json``, written by ``scripts/gen_confusables.py``: ICU 72.1,
Unicode 15.0), so that the game master needs no ICU; where PyICU is installed, the tests check that
they equal ICU's. Two names look alike when their skeletons are equal, either after case folding
(``Аlice`` with a Cyrillic А and ``alice``) or as written (``AIice`` with a capital i and
``Alice``). A name that looks like an account's is that account's alone (:func:`account_like`),
and no two players who look alike sit at one table (:func:`seated_like`).
"""

from __future__ import annotations

import json
import re
import unicodedata
from bisect import bisect_right
from collections.abc import Iterable
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from atout.bots import bot_kinds

if TYPE_CHECKING:
    from atout.server.storage.db import AccountRows

NAME_MAX = 24
#: The punctuation a name may hold besides letters, digits and marks (’: a phone's apostrophe).
NAME_PUNCT = frozenset(" -_.'\u2019")
#: Bidirectional formatting characters: they reorder what follows them on screen.
BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: Names nobody may take (nor any name that looks like one), besides the bots' kinds and levels
#: and every name starting with 'bot' and a separator ('bot-random' is how bots sit). Not
#: 'guest': what a guest may well call itself.
RESERVED = frozenset(
    {
        "gm",
        "admin",
        "administrator",
        "root",
        "system",
        "server",
        "atout",
        "moderator",
        "mod",
        "bot",
        "anonymous",
        "null",
        "undefined",
    }
)
_BOTLIKE = re.compile(r"bot[-_. ']")

#: Why a name is refused (detail.reason is the key): its message in the catalogue (errors.ftl).
NAME_WHY = {
    reason: f"error-name-{reason}"
    for reason in ("empty", "too_long", "bidi", "invisible", "control", "characters", "reserved")
}


class BadName(ValueError):
    """A name the rule refuses; ``reason`` is a key of :data:`NAME_WHY`."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def normalise(name: str) -> str:
    """NFKC (fullwidth letters, compatibility forms and spaces made plain), trimmed, inner runs
    of spaces made one: the form a name is kept and compared in."""
    return " ".join(part for part in unicodedata.normalize("NFKC", name).split(" ") if part)


def check(name: str) -> str:
    """``name`` as kept (:func:`normalise`); raises :class:`BadName` if the rule refuses it."""
    norm = normalise(name)
    why = refusal(norm)
    if why is not None:
        raise BadName(why)
    return norm


def refusal(norm: str) -> str | None:
    """Why the normalised name ``norm`` is refused (a key of :data:`NAME_WHY`), or None."""
    if not any(_visible(ch) for ch in norm):
        return "empty"  # "", spaces, a zero-width space, marks alone
    if len(norm) > NAME_MAX:
        return "too_long"
    if any(ch in BIDI for ch in norm):
        return "bidi"
    if any(invisible(ch) for ch in norm):
        return "invisible"
    if any(unicodedata.category(ch)[0] == "C" or ch in "\u2028\u2029" for ch in norm):
        return "control"
    if unicodedata.category(norm[0])[0] not in "LN" or not all(
        unicodedata.category(ch)[0] in "LNM" or ch in NAME_PUNCT for ch in norm
    ):
        return "characters"
    if reserved(norm):
        return "reserved"
    return None


def invisible(ch: str) -> bool:
    """Whether ``ch`` is default-ignorable (Unicode's Default_Ignorable_Code_Point, from ICU's
    data): a character that shows nothing where a font has no glyph for it."""
    cp = ord(ch)
    i = bisect_right(_IGNORABLE_FIRST, cp) - 1
    return i >= 0 and cp <= _IGNORABLE_LAST[i]


def _visible(ch: str) -> bool:
    return unicodedata.category(ch)[0] in "LNPS" and not invisible(ch)


def reserved(norm: str) -> bool:
    """Whether ``norm`` is reserved or looks like a reserved name (``ɡm``, ``b0t-x``)."""
    fold = _fold(norm)
    return fold in _reserved_folds(tuple(bot_kinds())) or bool(_BOTLIKE.match(fold))


@lru_cache(maxsize=4)
def _reserved_folds(kinds: tuple[str, ...]) -> frozenset[str]:
    return frozenset(_fold(word) for word in (*RESERVED, *kinds))


def _fold(text: str) -> str:
    """Coarse: the skeleton of the case-folded text, case-folded again (``B0T`` is ``bot``)."""
    return skeleton(text.casefold()).casefold()


# ------------------------------------------------------------------------------ look-alikes
def _load() -> dict[str, Any]:
    """Unicode's data from ICU, shipped in the package (scripts/gen_confusables.py writes it)."""
    text = resources.files("atout.server.accounts").joinpath("confusables.json").read_text("utf-8")
    return dict(json.loads(text))


def _text(hexes: str) -> str:
    return "".join(chr(int(cp, 16)) for cp in hexes.split())


def _ranges(ranges: list[str]) -> tuple[list[int], list[int]]:
    """``["00AD", "FE00..FE0F"]`` -> the first and the last code point of each range."""
    first: list[int] = []
    last: list[int] = []
    for r in ranges:
        a, _, b = r.partition("..")
        first.append(int(a, 16))
        last.append(int(b or a, 16))
    return first, last


_DATA = _load()
#: The versions of ICU and of Unicode's data that the skeletons and the ignorables come from.
ICU_VERSION: str = _DATA["icu"]
UNICODE_VERSION: str = _DATA["unicode"]
#: Code point -> its prototype (a ``str.translate`` table), for the code points NFD leaves alone
#: that have one.
_PROTOTYPES: dict[int, str] = {int(cp, 16): _text(p) for cp, p in _DATA["prototypes"].items()}
_IGNORABLE_FIRST, _IGNORABLE_LAST = _ranges(_DATA["ignorable"])
del _DATA


def skeleton(text: str) -> str:
    """UTS #39's skeleton of ``text``, as ICU's ``getSkeleton`` computes it: NFD, each code
    point replaced by its prototype, NFD again. Equal skeletons look alike. Never shown.
    (Python's NFD is ICU 72's on every code point: tests/server/test_names_icu.py.)"""
    nfd = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", nfd.translate(_PROTOTYPES))


@lru_cache(maxsize=4096)
def keys(name: str) -> tuple[str, str]:
    """The two skeletons of a name: after case folding, and as written. Two names look alike
    when either is the same."""
    return skeleton(name.casefold()), skeleton(name)


def look_alike(a: str, b: str) -> bool:
    """Whether names ``a`` and ``b`` look alike (:func:`keys`)."""
    ka, kb = keys(a), keys(b)
    return ka[0] == kb[0] or ka[1] == kb[1]


def name_key(name: str) -> str:
    """The key an account's name is unique by: casefolded."""
    return name.casefold()


def account_like(accounts: AccountRows, name: str) -> str | None:
    """The name of an account ``name`` is, or looks like, in any case (None: no such account).
    ``accounts``: the store (``accounts.skeleton`` and ``skeleton_cased`` are indexed)."""
    return accounts.account_by_keys(name_key(name), *keys(name))


def seated_like(name: str, seated: Iterable[str]) -> str | None:
    """The first of the ``seated`` names that looks like ``name`` (None: none does)."""
    return next((other for other in seated if other and look_alike(name, other)), None)
