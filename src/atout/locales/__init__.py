"""The catalogue of words: one Project Fluent file per component and language, shared by the game
master, the terminal client and the page.

Files live in ``<root>/<lang>/<component>.ftl`` (``en/q2j.ftl``, ``fr/terminal.ftl``…); this
package's directory is the first root, and a game added from outside the package brings its own
directory laid out the same way (:func:`add_words`). Every file of one language goes into one
bundle, so a message id is unique across components (``q2j-play``, ``terminal-hand``…).

Plurals, articles, elision and the second person are chosen by the catalogue's selectors
(``{ $count -> [one] … *[other] … }``, ``{ $you -> [who] You… *[none] { $who }… }``); Python
chooses the message and passes its variables. A third language is one more ``<lang>`` directory:
a message it lacks is said in English.

Two rules keep the code and the words honest, checked each time a message is said:

- ``$you`` names the reader's part in a sentence told to one seat (``who``: the reader did it;
  ``none``: a sentence about others). Told with any other value than ``none``, a message must
  have a variant for it, never falling back to the third person ("you has…").
- A number a message prints must choose a plural variant (``{ $n -> [one] … }``) or be
  formatted as one (``{ NUMBER($n) }``): a count printed beside a noun that does not agree with
  it ("1 fifteen(s)") is refused.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fluent.runtime import FluentBundle
from fluent.syntax import FluentParser, ast

#: This package's directory: the catalogue's first root.
HERE = Path(__file__).parent
#: The language every other falls back to, message by message.
FALLBACK = "en"
#: The variable that names the reader's part in a sentence (see the module's docstring).
PERSON = "you"
NOBODY = "none"
#: How many sentences :meth:`Catalogue.say` keeps before it forgets them all.
SAID_MAX = 10_000
#: Variant keys that are plural categories (CLDR's), not the values of a string.
PLURALS = frozenset({"zero", "one", "two", "few", "many"})


class MissingWords(LookupError):
    """A message that no catalogue has, a variable it needs and did not get, a second-person
    form it lacks, a number it cannot agree with: a bug in the words or in the code that asks
    for them."""


@dataclass
class Facts:
    """What a message (with the messages it refers to) does with its variables."""

    #: Every variable it reads.
    variables: set[str] = field(default_factory=set)
    #: The variables that choose a variant, each with the keys of its variants.
    selectors: dict[str, set[str]] = field(default_factory=dict)
    #: The variables that are numbers: plural selectors and ``NUMBER()`` arguments.
    numbers: set[str] = field(default_factory=set)

    @property
    def loose(self) -> set[str]:
        """The variables printed as they are: a number there would not agree with its noun."""
        return self.variables - self.numbers

    @property
    def persons(self) -> set[str]:
        """The readers' parts it has a variant for."""
        return self.selectors.get(PERSON, set())


@dataclass
class Language:
    """One language's words: its bundle and where each message comes from."""

    bundle: FluentBundle
    entries: dict[str, ast.Message]
    origin: dict[str, Path]
    facts: dict[str, Facts] = field(default_factory=dict)


class Catalogue:
    """Every ``.ftl`` file under ``roots``, one Fluent bundle per language, built when first
    asked; :meth:`add` a root and the bundles are built again."""

    def __init__(self, roots: list[Path]) -> None:
        self.roots = list(roots)
        self._langs: dict[str, Language] = {}
        self._said: dict[tuple[Any, ...], str] = {}
        self._lock = threading.RLock()
        #: Called when the roots change: whoever keeps words said from this catalogue forgets them.
        self.on_change: list[Callable[[], None]] = []

    def add(self, root: Path) -> None:
        """Add a directory of ``<lang>/<component>.ftl`` files (a game's own words)."""
        with self._lock:
            if root not in self.roots:
                self.roots.append(root)
            self._changed()

    def remove(self, root: Path) -> None:
        with self._lock:
            self.roots = [r for r in self.roots if r != root]
            self._changed()

    def _changed(self) -> None:
        self._langs, self._said = {}, {}
        for forget in self.on_change:
            forget()

    def languages(self) -> list[str]:
        """Every language some root has words for, English first."""
        found = {d.name for r in self.roots if r.is_dir() for d in r.iterdir() if d.is_dir()}
        return sorted((x for x in found if any(self.files(x))), key=lambda x: (x != FALLBACK, x))

    def files(self, lang: str) -> Iterator[Path]:
        """The ``.ftl`` files of ``lang``, root by root, in name order."""
        for root in self.roots:
            yield from sorted((root / lang).glob("*.ftl"))

    def language(self, lang: str) -> Language:
        """The words of ``lang`` (English's for a language no root has)."""
        got = self._langs.get(lang)
        if got is None:
            with self._lock:
                got = self._langs.get(lang) or self._load(lang)
        return got

    def _load(self, lang: str) -> Language:
        paths = list(self.files(lang))
        if not paths and lang != FALLBACK:
            got = self._langs[lang] = self.language(FALLBACK)
            return got
        bundle = FluentBundle([lang], use_isolating=False)
        entries: dict[str, ast.Message] = {}
        origin: dict[str, Path] = {}
        for path in paths:
            resource = parse(path)
            for entry in resource.body:
                if isinstance(entry, ast.Message):
                    if entry.id.name in origin:
                        where = f"{origin[entry.id.name]} and {path}"
                        raise MissingWords(f"{entry.id.name!r} is in both {where}")
                    entries[entry.id.name], origin[entry.id.name] = entry, path
            bundle.add_resource(resource)
        got = self._langs[lang] = Language(bundle, entries, origin)
        return got

    def has(self, lang: str, msg_id: str) -> bool:
        return msg_id in self.language(lang).entries or msg_id in self.language(FALLBACK).entries

    def ids(self, lang: str) -> dict[str, Path]:
        """Every message id of ``lang``'s own files, with the file it is in."""
        return dict(self.language(lang).origin)

    def facts(self, lang: str, msg_id: str) -> Facts:
        """What message ``msg_id`` of ``lang`` does with its variables (see :class:`Facts`)."""
        words = self.language(lang)
        got = words.facts.get(msg_id)
        if got is None:
            got = words.facts[msg_id] = Facts()
            _gather(words.entries[msg_id], words.entries, got, {msg_id})
        return got

    def say(self, lang: str, msg_id: str, **args: Any) -> str:
        """Message ``msg_id`` in ``lang`` (in English if ``lang`` lacks it), with ``args``.
        A sentence said before is said again from memory: the game master tells the same few
        hundred to every seat, and Fluent takes some 20 µs to resolve one."""
        key = (lang, msg_id, *args.items())
        got = self._said.get(key)
        if got is None:
            got = self._say(lang, msg_id, args)
            if len(self._said) >= SAID_MAX:
                self._said.clear()
            self._said[key] = got
        return got

    def _say(self, lang: str, msg_id: str, args: dict[str, Any]) -> str:
        words = self.language(lang)
        if msg_id not in words.entries:
            lang, words = FALLBACK, self.language(FALLBACK)
            if msg_id not in words.entries:
                raise MissingWords(f"no message {msg_id!r} in any catalogue")
        self._check(lang, msg_id, args)
        bundle = words.bundle
        message = bundle.get_message(msg_id)
        if message.value is None:
            raise MissingWords(f"{msg_id!r} has no value")
        text, errors = bundle.format_pattern(message.value, args)
        if errors:
            raise MissingWords(f"{msg_id!r} in {lang}: {errors[0]}")
        return str(text)

    def _check(self, lang: str, msg_id: str, args: dict[str, Any]) -> None:
        """The module's two rules: a variant for the reader, a number that agrees."""
        facts = self.facts(lang, msg_id)
        person = args.get(PERSON, NOBODY)
        if person != NOBODY and person not in facts.persons:
            raise MissingWords(f"{msg_id!r} in {lang} has no form for its reader ($you = {person})")
        for k, v in args.items():
            if isinstance(v, int | float) and not isinstance(v, bool) and k in facts.loose:
                raise MissingWords(
                    f"{msg_id!r} in {lang} is given a number for ${k}, which neither chooses a "
                    f"plural nor is formatted with NUMBER()"
                )


def parse(path: Path) -> ast.Resource:
    """One ``.ftl`` file, refused whole if any entry of it does not parse."""
    resource = FluentParser().parse(path.read_text(encoding="utf-8"))
    for entry in resource.body:
        if isinstance(entry, ast.Junk):
            raise MissingWords(f"{path}: cannot read {entry.content.strip()[:80]!r}")
    return resource


def _gather(
    node: ast.BaseNode, entries: dict[str, ast.Message], facts: Facts, seen: set[str]
) -> None:
    """Fill ``facts`` from ``node`` and every message it refers to (each once)."""
    for n in walk(node):
        if isinstance(n, ast.VariableReference):
            facts.variables.add(n.id.name)
        elif isinstance(n, ast.SelectExpression) and isinstance(n.selector, ast.VariableReference):
            keys = {_key(v.key) for v in n.variants}
            var = n.selector.id.name
            facts.selectors.setdefault(var, set()).update(keys)
            if any(isinstance(v.key, ast.NumberLiteral) for v in n.variants) or keys & PLURALS:
                facts.numbers.add(var)
        elif isinstance(n, ast.FunctionReference) and n.id.name == "NUMBER":
            for arg in n.arguments.positional:
                if isinstance(arg, ast.VariableReference):
                    facts.numbers.add(arg.id.name)
        elif isinstance(n, ast.MessageReference) and n.id.name not in seen:
            seen.add(n.id.name)
            if n.id.name in entries:
                _gather(entries[n.id.name], entries, facts, seen)


def _key(key: ast.Identifier | ast.NumberLiteral) -> str:
    return key.name if isinstance(key, ast.Identifier) else key.value


def walk(node: ast.BaseNode) -> Iterator[ast.BaseNode]:
    """``node`` and every node under it."""
    yield node
    for value in vars(node).values():
        for child in value if isinstance(value, list) else [value]:
            if isinstance(child, ast.BaseNode):
                yield from walk(child)


#: The words of the package, and of every game that added its own.
CATALOGUE = Catalogue([HERE])


def say(lang: str, msg_id: str, **args: Any) -> str:
    """Message ``msg_id`` of the catalogue in ``lang``, with ``args`` (strings and numbers)."""
    return CATALOGUE.say(lang, msg_id, **args)


class Said(str):
    """A message said in English that remembers which message it was and with what, so that
    it can be said again in any language of the catalogue (an error made of it keeps them:
    :meth:`atout.games.base.AtoutError.text`). Plain ``str`` is what leaves the process."""

    msg_id: str
    args: dict[str, Any]

    def __new__(cls, text: str, msg_id: str, args: dict[str, Any]) -> Said:
        said = super().__new__(cls, text)
        said.msg_id, said.args = msg_id, args
        return said

    def __reduce__(self) -> tuple[type[Said], tuple[str, str, dict[str, Any]]]:
        return (Said, (str(self), self.msg_id, self.args))


def both(msg_id: str, **args: Any) -> tuple[str, str]:
    """Message ``msg_id`` in English and in French: the two texts an error carries
    (``message``, ``message_fr``), as ``ProtocolError(code, *both("error-…", …))``. The English
    one is :class:`Said`: a client of a third language can be told it in its own."""
    english = Said(CATALOGUE.say("en", msg_id, **args), msg_id, args)
    return english, CATALOGUE.say("fr", msg_id, **args)


def has(lang: str, msg_id: str) -> bool:
    return CATALOGUE.has(lang, msg_id)


def add_words(root: Path) -> None:
    """Add a directory of ``<lang>/<component>.ftl`` files to the catalogue: a game from outside
    the package calls it once, beside its module, with the directory of its words."""
    CATALOGUE.add(Path(root))


def remove_words(root: Path) -> None:
    CATALOGUE.remove(Path(root))


def languages() -> list[str]:
    return CATALOGUE.languages()
