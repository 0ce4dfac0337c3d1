"""Players that choose moves: every bot sees only what its seat may see.

A bot is called with the game, its seat's view and the legal moves, never with the state, so the
same bot plays in-process (simulator), server-side (seated by the game master) or over the network.
"""

from __future__ import annotations

from atout.bots.registry import Bot, BotFactory, bot_kinds, make_bot, register

__all__ = ["Bot", "BotFactory", "bot_kinds", "make_bot", "make_spec", "register"]


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
