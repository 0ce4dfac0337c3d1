"""The game registry: every module in this package that defines ``GAME`` is a playable game.

Adding a game means adding one module here (with its words module ``<game>_text.py``, its
catalogue ``atout/locales/<lang>/<game>.ftl`` and its rules pages ``docs/rules/<game>.md``); nothing
else needs to know its name. A game defined elsewhere (the tests' toy game) joins with
:func:`register`, bringing its words and rules pages from its ``home`` directory.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

from atout.games.base import (
    AtoutError,
    BadOptions,
    Event,
    EventData,
    Game,
    IllegalMove,
    Result,
    State,
    View,
)
from atout.games.sentences import worded
from atout.locales import add_words, remove_words

__all__ = [
    "AtoutError",
    "BadOptions",
    "Event",
    "EventData",
    "Game",
    "IllegalMove",
    "Result",
    "State",
    "View",
    "all_games",
    "get_game",
    "register",
    "unregister",
]


@cache
def all_games() -> dict[str, Game[Any]]:
    """Every registered game, by id, in module order."""
    found: dict[str, Game[Any]] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name == "base" or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            found[game.id] = game
    return found


def get_game(game_id: str) -> Game[Any]:
    games = all_games()
    if game_id not in games:
        said = worded("refused-unknown-game", game=repr(game_id), known=", ".join(games))
        raise BadOptions("unknown_game", *said)
    return games[game_id]


def register(game: Game[Any]) -> None:
    """Add ``game`` to the registry (replacing one with the same id): the server lists it and
    opens tables of it, the clients play it, like any game of this package; the words in its
    :attr:`~atout.games.base.Game.home` join the catalogue."""
    all_games()[game.id] = game
    if game.home is not None and (game.home / "words").is_dir():
        add_words(game.home / "words")


def unregister(game_id: str) -> None:
    """Remove a game :func:`register` added, and its words (nothing if it is not there)."""
    game = all_games().pop(game_id, None)
    if game is not None and game.home is not None:
        remove_words(game.home / "words")
