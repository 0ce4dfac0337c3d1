"""Match (the tests' toy game) in words: its own catalogue, ``toygame_words/<lang>/toygame.ftl``
beside this module, added to atout's when this module is imported."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from atout.games.base import Event
from atout.games.sentences import ids, name, seat, seats
from atout.locales import add_words, say

WORDS = Path(__file__).parent / "toygame_words"
add_words(WORDS)
REFUSALS: dict[str, str] = ids("toygame-refused", "no_match", "stock_empty", "must_draw")


def describe_move(move: Any, lang: str) -> str:
    code = getattr(move, "card", None)
    kind = type(move).__struct_config__.tag
    return say(lang, f"toygame-move-{kind}", c=name(code, lang) if code else "")


def describe(e: Event, lang: str, you: int | None = None) -> str:
    """Every event said of its seat, even to that seat's player: a game may leave ``you`` out."""
    who, d = seat(e.seat, lang), e.data
    if e.kind == "game_over":
        return say(
            lang, "toygame-game-over", count=len(d["winners"]), winners=seats(d["winners"], lang)
        )
    if e.kind == "draw" and not d.get("card"):
        return say(lang, "toygame-draw-hidden", who=who)
    c = name(d["card"], lang) if d.get("card") else ""
    return say(lang, f"toygame-{e.kind}", who=who, c=c)
