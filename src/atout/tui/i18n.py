"""The terminal client's own words, from the catalogue (``locales/<lang>/terminal.ftl``); the
games' sentences come from the game master."""

from __future__ import annotations

from atout.locales import say


def tr(lang: str, key: str, **values: object) -> str:
    """The terminal's message ``key`` (``your_turn`` is ``terminal-your-turn``) in ``lang``,
    with ``values`` filled in."""
    return say(lang, "terminal-" + key.replace("_", "-"), **values)
