"""Q²J in words: its events, moves and refusals, English and French side by side.

The rules live in :mod:`atout.games.q2j`; this module only says what happened.
"""

from __future__ import annotations

from typing import Any

from atout.cards import card
from atout.games import sentences
from atout.games.base import Event
from atout.games.sentences import Words, load_words, names, say, seat

#: Every sentence, [English, French] side by side, from q2j_text.toml beside this module.
WORDS = load_words(__file__)
REFUSALS: dict[str, Any] = WORDS["refusals"]
MOVES: dict[str, Words] = WORDS["moves"]
EVENTS: dict[str, Words] = WORDS["events"]


def describe_move(move: Any, lang: str) -> str:
    cards = getattr(move, "cards", None)  # a play names its cards; a draw has none
    if cards:
        return say(MOVES["play"], lang, names=names(cards, lang))
    return say(MOVES["draw"], lang)


# --------------------------------------------------------------------------- events


def describe(e: Event, lang: str) -> str:
    d = e.data
    who = seat(e.seat, lang)
    k = e.kind
    if k == "deal":
        shown = ", ".join(
            f"{seat(i, lang)} {sentences.label(c, lang)}" for i, c in enumerate(d["face_up"])
        )
        top = card(d["discard"])
        return say(EVENTS[k], lang, shown=shown, first=seat(d["first"], lang), top=top)
    if k == "play":
        kind = "play_q2" if len(d["cards"]) == 2 else "play"
        return say(EVENTS[kind], lang, who=who, names=names(d["cards"], lang))
    if k in ("joe", "pass"):
        return say(EVENTS[k], lang, who=who)
    if k == "draw":
        why = say(EVENTS["equal_rank"], lang) if d["reason"] == "equal_rank" else ""
        if d.get("card"):
            return say(EVENTS["draw"], lang, who=who, what=card(d["card"]), why=why)
        return say(EVENTS["draw_hidden"], lang, who=who, why=why)
    if k == "reshuffle":
        return say(EVENTS[k], lang, stock=d["stock"])
    if k == "game_over":
        ws = sentences.seats(d["winners"], lang)
        if d["reason"] != "deadlock":
            return say(EVENTS["emptied_hand"], lang, ws=ws)
        return say(
            EVENTS["deadlock_many" if len(d["winners"]) > 1 else "deadlock_one"], lang, ws=ws
        )
    return f"{k} {d}"
