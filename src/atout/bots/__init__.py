"""Players that choose moves: every bot sees only what its seat may see.

A bot is called with the game, its seat's view and the legal moves, never with the state, so the
same bot plays in-process (simulator), server-side (seated by the game master) or over the network.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from atout.games.base import Game


class Bot(Protocol):
    name: str

    def choose(self, game: Game[Any], view: dict[str, Any], legal: list[Any]) -> Any:
        """One of ``legal``. ``view`` is the seat's view (``game`` state.view(seat))."""
        ...


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


def make_spec(spec: str, seed: int) -> Bot:
    """A bot from a spec: a kind (``heuristic``), or ``ismcts:500`` / ``ismcts:0.5s`` (the
    search's budget): what ``--bots`` and ``--hint-kind`` take on the command line."""
    kind, _, arg = spec.partition(":")
    if not arg:
        return make_bot(kind, seed)
    if kind == "ismcts":
        from atout.bots.ismcts import from_spec

        return from_spec(arg, seed)
    raise ValueError(f"bot {kind!r} takes no argument (got {spec!r})")


def _load() -> None:
    """Import every bot module once (each registers its kinds): the package's folder is
    listed at the first call only, not at each table created or bot made."""
    global _loaded
    if _loaded:
        return
    import importlib
    import pkgutil

    for info in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{info.name}")
    _loaded = True
