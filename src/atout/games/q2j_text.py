"""Q²J in words: its events, moves and refusals, English and French side by side.

The rules live in :mod:`atout.games.q2j`; this module only says what happened.
"""

from __future__ import annotations

from typing import Any

from atout.cards import card
from atout.games import sentences
from atout.games.base import Event
from atout.games.sentences import Words, load_words, names, say, seat, told

#: Every sentence, [English, French] side by side, from q2j_text.toml beside this module.
WORDS = load_words(__file__)
REFUSALS: dict[str, Any] = WORDS["refusals"]
MOVES: dict[str, Words] = WORDS["moves"]
EVENTS: dict[str, Words] = WORDS["events"]
YOU: dict[str, Words] = WORDS["you"]


def describe_move(move: Any, lang: str) -> str:
    cards = getattr(move, "cards", None)  # a play names its cards; a draw has none
    if cards:
        return say(MOVES["play"], lang, names=names(cards, lang))
    return say(MOVES["draw"], lang)


# --------------------------------------------------------------------------- events


def describe(e: Event, lang: str, you: int | None = None) -> str:
    """``e`` in words; told to seat ``you``, what it did is said in the second person."""
    d = e.data
    who = seat(e.seat, lang)
    mine = e.seat is not None and e.seat == you
    k = e.kind
    if k == "deal":
        shown = ", ".join(
            f"{seat(i, lang)} {sentences.label(c, lang)}" for i, c in enumerate(d["face_up"])
        )
        top = card(d["discard"])
        words = told(EVENTS, YOU, k, d["first"] == you)
        return say(words, lang, shown=shown, first=seat(d["first"], lang), top=top)
    if k == "play":
        kind = "play_q2" if len(d["cards"]) == 2 else "play"
        return say(told(EVENTS, YOU, kind, mine), lang, who=who, names=names(d["cards"], lang))
    if k in ("joe", "pass"):
        return say(told(EVENTS, YOU, k, mine), lang, who=who)
    if k == "draw":
        why = say(EVENTS["equal_rank"], lang) if d["reason"] == "equal_rank" else ""
        if d.get("card"):
            words = told(EVENTS, YOU, "draw", mine)
            return say(words, lang, who=who, what=card(d["card"]), why=why)
        return say(told(EVENTS, YOU, "draw_hidden", mine), lang, who=who, why=why)
    if k == "reshuffle":
        return say(EVENTS[k], lang, stock=d["stock"])
    if k == "game_over":
        winners = d["winners"]
        ws = sentences.seats(winners, lang, you)
        won = you is not None and you in winners
        if d["reason"] != "deadlock":
            return say(told(EVENTS, YOU, "emptied_hand", won), lang, ws=ws)
        key = "deadlock_many" if len(winners) > 1 else "deadlock_one"
        return say(told(EVENTS, YOU, key, won), lang, ws=ws)
    return f"{k} {d}"
