"""Q²J in words: its events, moves and refusals, from the catalogue (``locales/<lang>/q2j.ftl``).

The rules live in :mod:`atout.games.q2j`; this module only chooses what to say and fills it.
"""

from __future__ import annotations

from typing import Any

from atout.games.base import Event
from atout.games.sentences import about, ids, label, name, names, person, seat, winners
from atout.locales import say

#: The refusals' messages, by the key the rules name them with.
REFUSALS: dict[str, Any] = ids(
    "q2j-refused",
    "face_on_ace",
    "beat_same_suit",
    "beat_other_suit",
    "not_a_queen_pair",
    "single_card_only",
    "only_jack_on_q2",
    "only_jack_or_draw",
    "q2_on_jack",
    "bad_card_count",
)


def describe_move(move: Any, lang: str) -> str:
    cards = getattr(move, "cards", None)  # a play names its cards; a draw has none
    if cards:
        return say(lang, "q2j-move-play", names=names(cards, lang))
    return say(lang, "q2j-move-draw")


# --------------------------------------------------------------------------- events


def describe(e: Event, lang: str, you: int | None = None) -> str:
    """``e`` in words; told to seat ``you``, what it did is said in the second person."""
    k, d, who, mine = about(e, lang, you)
    if k == "deal":
        shown = ", ".join(f"{seat(i, lang)} {label(c, lang)}" for i, c in enumerate(d["face_up"]))
        first = seat(d["first"], lang)
        top = name(d["discard"], lang)
        return say(
            lang, "q2j-deal", you=person(you, first=d["first"]), shown=shown, first=first, top=top
        )
    if k == "play":
        msg = "q2j-play-q2" if len(d["cards"]) == 2 else "q2j-play"
        return say(lang, msg, you=mine, who=who, names=names(d["cards"], lang))
    if k in ("joe", "pass"):
        return say(lang, f"q2j-{k}", you=mine, who=who)
    if k == "draw":
        why = "equal_rank" if d["reason"] == "equal_rank" else "none"
        if d.get("card"):
            return say(lang, "q2j-draw", you=mine, who=who, card=name(d["card"], lang), reason=why)
        return say(lang, "q2j-draw-hidden", you=mine, who=who, reason=why)
    if k == "reshuffle":
        return say(lang, "q2j-reshuffle", stock=d["stock"])
    if k == "game_over":
        msg = "q2j-deadlock" if d["reason"] == "deadlock" else "q2j-emptied-hand"
        return say(lang, msg, **winners(d["winners"], lang, you))
    raise LookupError(f"no words for the Q²J event {k!r}")
