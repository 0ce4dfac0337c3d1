"""Le Pouilleux in words: its events, moves and refusals, English and French side by side.

The rules live in :mod:`atout.games.pouilleux`; this module only says what happened.
"""

from __future__ import annotations

from typing import Any

from atout.cards import ACE, JACK, KING, QUEEN, Colour, card, rank_token
from atout.games.base import Event
from atout.games.sentences import Words, label, labels, load_words, say, seat, seats

#: Every sentence, [English, French] side by side, from pouilleux_text.toml beside this module.
WORDS = load_words(__file__)
REFUSALS: dict[str, Any] = WORDS["refusals"]
MOVES: dict[str, Words] = WORDS["moves"]
EVENTS: dict[str, Words] = WORDS["events"]
#: Special pairs in the plural, laying one (as a command, as said of a player), and each pair's
#: effect after the lay, by rank token ("10", "J", "Q", "K", "A").
PLURAL: dict[str, Words] = WORDS["plural"]
LAY: dict[str, Words] = WORDS["lay"]
EFFECT: dict[str, dict[str, Words]] = WORDS["effect"]


def describe_move(move: Any, lang: str) -> str:
    kind = type(move).__struct_config__.tag
    if kind == "lay":
        return lay_text(move.cards, move.colour, move.target, move.other, lang)
    return say(MOVES[kind], lang, n=getattr(move, "position", 0) + 1)


def lay_text(
    cards: tuple[str, ...] | list[str],
    colour: str | None,
    target: int | None,
    other: int | None,
    lang: str,
    actor: int | None = None,
) -> str:
    """Laying a special pair and its effect: a command ("lay the Kings (K♣ K♠) and swap …")
    without ``actor``; with one, a sentence ("J1 lays the Kings …") naming the player's choice
    only: the effects of 10s and Queens have their own events."""
    rank = card(cards[0]).rank
    token = rank_token(rank)
    what = f"{say(PLURAL[token], lang)} ({labels(list(cards), lang)})"
    said = actor is not None
    head = say(LAY["said" if said else "command"], lang, who=seat(actor, lang), what=what)
    effect = EFFECT[token]["said" if said else "command"]
    if rank in (10, QUEEN):  # said of a player: the effect has its own event
        return head if said else head + say(effect, lang)
    fill: dict[str, str] = {}
    if rank == ACE and colour is not None:
        fill["colour"] = Colour(colour).name_in(lang)
    elif rank == JACK and target is not None:
        fill["target"] = seat(target, lang)
    elif rank == KING and target is not None and other is not None:
        fill["p"], fill["q"] = seat(target, lang), seat(other, lang)
    else:
        return head
    return head + say(effect, lang, **fill)


# --------------------------------------------------------------------------- events


def describe(e: Event, lang: str) -> str:
    d = e.data
    who = seat(e.seat, lang)
    k = e.kind
    if k == "deal":
        sizes = ", ".join(f"{seat(i, lang)} {n}" for i, n in enumerate(d["sizes"]))
        return say(EVENTS[k], lang, sizes=sizes)
    if k == "hand":
        return say(EVENTS[k], lang, cards=labels(d["cards"], lang))
    if k == "turn":
        return say(EVENTS[k], lang, who=who)
    if k == "pairs":
        ps = ", ".join(labels(p, lang) for p in d["pairs"])
        return say(EVENTS["pairs_one" if len(d["pairs"]) == 1 else k], lang, who=who, ps=ps)
    if k in ("draw", "pick"):
        src = seat(d["from"], lang)
        c = d.get("card")
        if c:
            return say(EVENTS[k], lang, who=who, c=label(c, lang), src=src)
        return say(EVENTS[k + "_hidden"], lang, who=who, src=src)
    if k == "lay":
        if d.get("last"):
            text = lay_text(d["cards"], None, None, None, lang, e.seat)
            return say(EVENTS["lay_last"], lang, text=text)
        text = lay_text(d["cards"], d.get("colour"), d.get("target"), d.get("other"), lang, e.seat)
        if d["rank"] == ACE:
            col = Colour(d["colour"]).name_in(lang)
            return say(EVENTS["lay_ace"], lang, text=text, who=who, col=col)
        return say(EVENTS[k], lang, text=text)
    if k == "skip":
        if d.get("again"):
            return say(EVENTS["again"], lang, who=who)
        return say(EVENTS[k], lang, sk=seat(d["skipped"], lang))
    if k == "reverse":
        way = say(EVENTS["clockwise" if d["direction"] == 1 else "anticlockwise"], lang)
        return say(EVENTS[k], lang, way=way)
    if k == "swap":
        p, q = (seat(x, lang) for x in d["players"])
        if d.get("cards"):
            cp, cq = (label(c, lang) for c in d["cards"])
            return say(EVENTS[k], lang, p=p, q=q, cp=cp, cq=cq)
        return say(EVENTS["swap_hidden"], lang, p=p, q=q)
    if k == "lift":
        return say(EVENTS[k], lang, who=who, col=Colour(d["colour"]).name_in(lang))
    if k == "game_over":
        ws = seats(d["winners"], lang)
        many = "_many" if len(d["winners"]) > 1 else "_one"
        head = say(EVENTS[("turn_cap" if d["reason"] == "turn_cap" else "out") + many], lang, ws=ws)
        if d["losers"]:
            return head + say(EVENTS["grand_perdant"], lang, loser=seat(d["losers"][0], lang))
        return head + say(EVENTS["holder"], lang, holder=seat(d["pouilleux"], lang))
    return f"{k} {d}"
