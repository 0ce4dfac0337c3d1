"""Le Quinze in words: its events, moves and refusals, English and French side by side.

The rules live in :mod:`atout.games.quinze` (and :mod:`atout.games.fifteens`); this module only
says what happened.
"""

from __future__ import annotations

from typing import Any

from atout.cards import card
from atout.games import sentences
from atout.games.base import Event
from atout.games.sentences import Words, load_words, names, say, seat, told

#: Every sentence, [English, French] side by side, from quinze_text.toml beside this module.
WORDS = load_words(__file__)
REFUSALS: dict[str, Any] = WORDS["refusals"]
MOVES: dict[str, Words] = WORDS["moves"]
EVENTS: dict[str, Words] = WORDS["events"]
YOU: dict[str, Words] = WORDS["you"]


def describe_move(move: Any, lang: str) -> str:
    kind = type(move).__struct_config__.tag  # "fifteen", "lay"…
    cards = getattr(move, "cards", ())
    return say(MOVES[kind], lang, names=names(cards, lang))


# --------------------------------------------------------------------------- events


def sum_text(codes: list[str], values: list[int], lang: str = "en") -> str:
    """``K♥ + A♠(1) + A♦(1) = 15`` (``R♥ + …`` in French): highest value first, Aces and Jokers
    with their value."""
    pairs = sorted(zip(codes, values, strict=False), key=lambda cv: -cv[1])
    parts = []
    for code, v in pairs:
        c = card(code)
        parts.append(sentences.label(c, lang) + (f"({v})" if c.rank == 1 or c.is_joker else ""))
    return " + ".join(parts) + " = 15"


def _per_seat(xs: list[Any], lang: str) -> str:
    return ", ".join(f"{seat(s, lang)} {x}" for s, x in enumerate(xs))


def describe(e: Event, lang: str, you: int | None = None) -> str:
    """``e`` in words; told to seat ``you``, what it did is said in the second person."""
    d = e.data
    who = seat(e.seat, lang)
    mine = e.seat is not None and e.seat == you
    k = e.kind
    if k == "deal":
        dealer, first = seat(d["dealer"], lang), seat(d["first"], lang)
        fill = {"deal": d["deal"], "cards_each": d["cards_each"], "stock": d["stock"]}
        if you is not None and you in (d["dealer"], d["first"]):
            words = YOU["deal_dealer" if d["dealer"] == you else "deal_first"]
            return say(words, lang, dealer=dealer, first=first, **fill)
        return say(EVENTS[k], lang, dealer=dealer, first=first, **fill)
    if k == "hand":
        return say(told(EVENTS, YOU, k, mine), lang, who=who, names=names(d["cards"], lang, ", "))
    if k == "draw":
        if d.get("card"):
            return say(told(EVENTS, YOU, k, mine), lang, who=who, what=card(d["card"]))
        return say(told(EVENTS, YOU, "draw_hidden", mine), lang, who=who)
    if k in ("no_draw", "pass"):
        return say(told(EVENTS, YOU, k, mine), lang, who=who)
    if k == "reshuffle":
        which = "reshuffle_table" if d["from"] == "table" else k
        return say(EVENTS[which], lang, stock=d["stock"])
    if k == "fifteen":
        total = sum_text(d["cards"], d.get("values", []), lang)
        n_table = len(d.get("table", []))
        extra = say(EVENTS["from_table"], lang, n=n_table) if n_table else ""
        return say(told(EVENTS, YOU, k, mine), lang, who=who, extra=extra, total=total)
    if k == "lay":
        which = "lay_speed" if d.get("speed") else k
        words = told(EVENTS, YOU, which, mine)
        return say(words, lang, who=who, names=names(d["cards"], lang, ", "))
    if k == "done":
        return say(told(EVENTS, YOU, k, mine), lang, who=who, n=d.get("fifteens", 0))
    if k == "deal_over":
        reason = d["reason"]
        if reason == "out":
            reason = "out_first_turn" if d.get("first_turn") else "out"
        elif reason != "turn_cap":
            reason = "stock_out"
        head = say(told(EVENTS, YOU, reason, mine and reason.startswith("out")), lang, who=who)
        pts, totals = _per_seat(d["scores"], lang), _per_seat(d["totals"], lang)
        return say(EVENTS[k], lang, head=head, deal=d["deal"], pts=pts, totals=totals)
    if k == "game_over":
        winners = d["winners"]
        ws = sentences.seats(winners, lang, you)
        many = "_many" if len(winners) > 1 else "_one"
        key = ("target" if d["reason"] == "target" else k) + many
        return say(told(EVENTS, YOU, key, you is not None and you in winners), lang, ws=ws)
    return f"{k} {d}"
