"""The registry of bot kinds: each bot module registers its kinds when imported, and the
package's modules are imported at the first lookup. Bot modules import this module, never the
package itself, so that the package may import them (no import cycle). Also :func:`typed`, how
every bot reads the view it is handed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import msgspec

from atout.games.base import Game, View


class Bot(Protocol):
    name: str

    def choose(self, game: Game[Any], view: View | dict[str, Any], legal: list[Any]) -> Any:
        """One of ``legal``. ``view`` is the seat's view: typed (``state.observe(seat)``) or
        its JSON form (``state.view(seat)``, as it comes over the network)."""
        ...


def typed(game: Game[Any], view: View | dict[str, Any]) -> Any:
    """The seat's view as the game's declared :class:`View` type (its JSON form converted,
    once per decision), read by attribute; for a game that declares none, the fields every
    view has (``players``, ``seat``, ``turn``, ``move``)."""
    if isinstance(view, View):
        return view
    if game.view_type is not None:
        return game.as_view(view)
    return msgspec.convert(view, View)


BotFactory = Callable[[int], Bot]
_REGISTRY: dict[str, BotFactory] = {}
_loaded = False


def register(kind: str, factory: BotFactory) -> None:
    _REGISTRY[kind] = factory


def bot_kinds() -> list[str]:
    _load()
    return sorted(_REGISTRY)


def make_bot(kind: str, seed: int) -> Bot:
    """A bot of this kind with its own seeded random generator."""
    _load()
    if kind not in _REGISTRY:
        raise ValueError(f"unknown bot {kind!r}; known: {', '.join(sorted(_REGISTRY))}")
    return _REGISTRY[kind](seed)


def _load() -> None:
    """Import every bot module once (each registers its kinds): the package's folder is
    listed at the first call only, not at each table created or bot made."""
    global _loaded
    if _loaded:
        return
    import importlib
    import pkgutil

    package = importlib.import_module("atout.bots")
    for info in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"atout.bots.{info.name}")
    _loaded = True
