"""Match (the tests' toy game) in words, English and French side by side."""

from __future__ import annotations

from typing import Any

from atout.cards import card
from atout.games.base import Event
from atout.games.sentences import Words, load_words, say, seat, seats

WORDS = load_words(__file__)
REFUSALS: dict[str, Words] = WORDS["refusals"]
MOVES: dict[str, Words] = WORDS["moves"]
EVENTS: dict[str, Words] = WORDS["events"]


def describe_move(move: Any, lang: str) -> str:
    code = getattr(move, "card", None)
    return say(MOVES[type(move).__struct_config__.tag], lang, c=card(code) if code else "")


def describe(e: Event, lang: str, you: int | None = None) -> str:
    """Every event said of its seat, even to that seat's player: a game may leave ``you`` out."""
    who, d = seat(e.seat, lang), e.data
    if e.kind == "game_over":
        return say(EVENTS["game_over"], lang, ws=seats(d["winners"], lang))
    if e.kind == "draw" and not d.get("card"):
        return say(EVENTS["draw_hidden"], lang, who=who)
    return say(EVENTS[e.kind], lang, who=who, c=card(d["card"]) if d.get("card") else "")
