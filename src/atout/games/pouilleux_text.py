"""Le Pouilleux in words: its events, moves and refusals, English and French side by side.

The rules live in :mod:`atout.games.pouilleux`; this module only says what happened.
"""

from __future__ import annotations

from typing import Any

from atout.cards import ACE, JACK, KING, QUEEN, Colour, card, rank_token
from atout.games.base import Event
from atout.games.sentences import (
    Words,
    label,
    labels,
    load_words,
    named,
    reader_first,
    say,
    seat,
    seats,
    the,
    told,
)

#: Every sentence, [English, French] side by side, from pouilleux_text.toml beside this module.
WORDS = load_words(__file__)
REFUSALS: dict[str, Any] = WORDS["refusals"]
MOVES: dict[str, Words] = WORDS["moves"]
EVENTS: dict[str, Words] = WORDS["events"]
YOU: dict[str, Words] = WORDS["you"]
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
    you: int | None = None,
) -> str:
    """Laying a special pair and its effect: a command ("lay the Kings (K♣ K♠) and swap …")
    without ``actor``; with one, a sentence ("J1 lays the Kings …", "You lay…" told to the
    ``actor``) naming the player's choice only: the effects of 10s and Queens have their own
    events."""
    rank = card(cards[0]).rank
    token = rank_token(rank)
    what = f"{say(PLURAL[token], lang)} ({labels(list(cards), lang)})"
    said = actor is not None
    form = ("said_you" if actor == you else "said") if said else "command"
    head = say(LAY[form], lang, who=seat(actor, lang), what=what)
    if rank == JACK and said and target is not None and target == you:
        form = "said_from_you"
    if rank == KING and form == "said_you" and you in (target, other):
        form = "said_you_with"  # "and swap a card with P3", not "between you and P3"
    effect = EFFECT[token][form]
    if rank in (10, QUEEN):  # said of a player: the effect has its own event
        return head if said else head + say(effect, lang)
    fill: dict[str, str] = {}
    if rank == ACE and colour is not None:
        fill["colour"] = Colour(colour).name_in(lang)
    elif rank == JACK and target is not None:
        fill["target"] = seat(target, lang)
    elif rank == KING and target is not None and other is not None:
        fill["p"], fill["q"] = (named(x, lang, you) for x in reader_first((target, other), you))
    else:
        return head
    return head + say(effect, lang, **fill)


# --------------------------------------------------------------------------- events


def describe(e: Event, lang: str, you: int | None = None) -> str:
    """``e`` in words; told to seat ``you``, what it did or what was done to it is said in
    the second person."""
    d = e.data
    who = seat(e.seat, lang)
    mine = e.seat is not None and e.seat == you
    k = e.kind
    if k == "deal":
        sizes = ", ".join(f"{seat(i, lang)} {n}" for i, n in enumerate(d["sizes"]))
        return say(EVENTS[k], lang, sizes=sizes)
    if k == "hand":
        return say(EVENTS[k], lang, cards=labels(d["cards"], lang))
    if k == "turn":
        return say(told(EVENTS, YOU, k, mine), lang, who=who)
    if k == "pairs":
        ps = ", ".join(labels(p, lang) for p in d["pairs"])
        key = "pairs_one" if len(d["pairs"]) == 1 else k
        return say(told(EVENTS, YOU, key, mine), lang, who=who, ps=ps)
    if k in ("draw", "pick"):
        src = seat(d["from"], lang)
        c = d.get("card")
        key = k if c else k + "_hidden"
        if you is not None and d["from"] == you:
            words = YOU[key + "_from_you"]
        else:
            words = told(EVENTS, YOU, key, mine)
        return say(words, lang, who=who, the_c=the(c, lang) if c else "", src=src)
    if k == "lay":
        if d.get("last"):
            text = lay_text(d["cards"], None, None, None, lang, e.seat, you)
            return say(told(EVENTS, YOU, "lay_last", mine), lang, text=text)
        text = lay_text(
            d["cards"], d.get("colour"), d.get("target"), d.get("other"), lang, e.seat, you
        )
        if d["rank"] == ACE:
            col = Colour(d["colour"]).name_in(lang)
            return say(told(EVENTS, YOU, "lay_ace", mine), lang, text=text, who=who, col=col)
        return say(EVENTS[k], lang, text=text)
    if k == "skip":
        if d.get("again"):
            return say(told(EVENTS, YOU, "again", mine), lang, who=who)
        skipped = d["skipped"]
        return say(told(EVENTS, YOU, k, skipped == you), lang, sk=seat(skipped, lang))
    if k == "reverse":
        way = say(EVENTS["clockwise" if d["direction"] == 1 else "anticlockwise"], lang)
        return say(EVENTS[k], lang, way=way)
    if k == "swap":
        players, cards = list(d["players"]), d.get("cards")
        if you is not None and players[1] == you:  # the reader first: "your K♥ goes to…"
            players.reverse()
            cards = cards[::-1] if cards else cards
        to_you = you is not None and players[0] == you
        p, q = (seat(x, lang) for x in players)
        if cards:
            cp, cq = (label(c, lang) for c in cards)
            the_cp, the_cq = (the(c, lang) for c in cards)
            fill = {"cp": cp, "cq": cq, "the_cp": the_cp, "the_cq": the_cq}
            return say(told(EVENTS, YOU, k, to_you), lang, p=p, q=q, **fill)
        return say(told(EVENTS, YOU, "swap_hidden", to_you), lang, p=p, q=q)
    if k == "lift":
        words = told(EVENTS, YOU, k, mine)
        return say(words, lang, who=who, col=Colour(d["colour"]).name_in(lang))
    if k == "game_over":
        winners = d["winners"]
        ws = seats(winners, lang, you)
        won = you is not None and you in winners
        many = "_many" if len(winners) > 1 else "_one"
        key = ("turn_cap" if d["reason"] == "turn_cap" else "out") + many
        head = say(told(EVENTS, YOU, key, won), lang, ws=ws)
        head = head[:1].upper() + head[1:]  # "You and P2 have no cards left…"
        if d["losers"]:
            loser = d["losers"][0]
            words = told(EVENTS, YOU, "grand_perdant", loser == you)
            return head + say(words, lang, loser=seat(loser, lang))
        holder = d["pouilleux"]
        return head + say(
            told(EVENTS, YOU, "holder", holder == you), lang, holder=seat(holder, lang)
        )
    return f"{k} {d}"
