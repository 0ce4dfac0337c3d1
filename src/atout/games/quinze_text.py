"""Le Quinze in words: its events, moves and refusals, from the catalogue
(``locales/<lang>/quinze.ftl``).

The rules live in :mod:`atout.games.quinze` (and :mod:`atout.games.fifteens`); this module only
chooses what to say and fills it.
"""

from __future__ import annotations

from typing import Any

from atout.cards import card
from atout.games.base import Event
from atout.games.sentences import about, ids, label, name, names, person, seat, winners
from atout.locales import say

#: The refusals' messages, by the key the rules name them with.
REFUSALS: dict[str, Any] = ids(
    "quinze-refused",
    "deal_pending",
    "no_fifteen_made",
    "turn_not_over",
    "must_lay",
    "deal_in_progress",
    "lay_count",
    "lay_after_fifteen",
    "speed_lay_one_card",
    "not_a_face_pair",
    "lay_would_empty_hand",
)


def describe_move(move: Any, lang: str) -> str:
    kind = type(move).__struct_config__.tag  # "fifteen", "lay"…
    return say(lang, f"quinze-move-{kind}", names=names(getattr(move, "cards", ()), lang))


# --------------------------------------------------------------------------- events


def sum_text(codes: list[str], values: list[int], lang: str = "en") -> str:
    """``K♥ + A♠(1) + A♦(1) = 15`` (``R♥ + …`` in French): highest value first, Aces and Jokers
    with their value."""
    pairs = sorted(zip(codes, values, strict=False), key=lambda cv: -cv[1])
    parts = []
    for code, v in pairs:
        c = card(code)
        parts.append(label(c, lang) + (f"({v})" if c.rank == 1 or c.is_joker else ""))
    return " + ".join(parts) + " = 15"


def _per_seat(xs: list[Any], lang: str) -> str:
    return ", ".join(f"{seat(s, lang)} {x}" for s, x in enumerate(xs))


def describe(e: Event, lang: str, you: int | None = None) -> str:
    """``e`` in words; told to seat ``you``, what it did is said in the second person."""
    k, d, who, mine = about(e, lang, you)
    if k == "deal":
        return say(
            lang,
            "quinze-deal",
            you=person(you, dealer=d["dealer"], first=d["first"]),
            dealer=seat(d["dealer"], lang),
            first=seat(d["first"], lang),
            deal=d["deal"],
            cards_each=d["cards_each"],
            stock=d["stock"],
        )
    if k == "hand":
        return say(lang, "quinze-hand", you=mine, who=who, names=names(d["cards"], lang, ", "))
    if k == "draw":
        if d.get("card"):
            return say(lang, "quinze-draw", you=mine, who=who, card=name(d["card"], lang))
        return say(lang, "quinze-draw-hidden", you=mine, who=who)
    if k in ("no_draw", "pass"):
        return say(lang, f"quinze-{k.replace('_', '-')}", you=mine, who=who)
    if k == "reshuffle":
        msg = "quinze-reshuffle-table" if d["from"] == "table" else "quinze-reshuffle"
        return say(lang, msg, stock=d["stock"])
    if k == "fifteen":
        total = sum_text(d["cards"], d.get("values", []), lang)
        n_table = len(d.get("table", []))
        return say(lang, "quinze-fifteen", you=mine, who=who, from_table=n_table, total=total)
    if k == "lay":
        msg = "quinze-lay-speed" if d.get("speed") else "quinze-lay"
        return say(lang, msg, you=mine, who=who, names=names(d["cards"], lang, ", "))
    if k == "done":
        return say(lang, "quinze-done", you=mine, who=who, n=d.get("fifteens", 0))
    if k == "deal_over":
        return say(
            lang,
            "quinze-deal-over",
            head=_ending(d, lang, who, mine),
            deal=d["deal"],
            pts=_per_seat(d["scores"], lang),
            totals=_per_seat(d["totals"], lang),
        )
    if k == "game_over":
        msg = "quinze-target" if d["reason"] == "target" else "quinze-game-over"
        return say(lang, msg, **winners(d["winners"], lang, you))
    raise LookupError(f"no words for the Le Quinze event {k!r}")


def _ending(d: dict[str, Any], lang: str, who: str, mine: str) -> str:
    """How a deal ended: its player went out (on their first turn), or it stopped."""
    if d["reason"] == "out":
        msg = "quinze-out-first-turn" if d.get("first_turn") else "quinze-out"
        return say(lang, msg, you=mine, who=who)
    return say(lang, "quinze-turn-cap" if d["reason"] == "turn_cap" else "quinze-stock-out")
