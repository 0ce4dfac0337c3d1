"""Le Pouilleux in words: its events, moves and refusals, from the catalogue
(``locales/<lang>/pouilleux.ftl``).

The rules live in :mod:`atout.games.pouilleux`; this module only chooses what to say and fills
it.
"""

from __future__ import annotations

from typing import Any

from atout.cards import ACE, JACK, KING, QUEEN, card, rank_token
from atout.games.base import Event
from atout.games.sentences import (
    Msg,
    about,
    ids,
    label,
    labels,
    named,
    person,
    reader_first,
    seat,
    the,
    winners,
)
from atout.locales import say

#: The refusals' messages, by the key the rules name them with; ``wrong_phase`` by the phase the
#: turn is in.
REFUSALS: dict[str, Any] = ids(
    "pouilleux-refused",
    "game_over",
    "bad_position",
    "unknown_card",
    "two_cards",
    "not_in_hand",
    "pouilleux",
    "not_a_pair",
    "normal_pair",
    "imposed_colour",
    "bad_effect",
) | {
    "wrong_phase": {
        phase: Msg("pouilleux-refused-wrong-phase", {"phase": phase})
        for phase in ("draw", "pick", "act")
    }
}
#: What each special pair does, by its rank: the ``$effect`` of the words.
EFFECTS = {10: "skip", QUEEN: "reverse", ACE: "impose", JACK: "take", KING: "swap"}


def describe_move(move: Any, lang: str) -> str:
    kind = type(move).__struct_config__.tag
    if kind == "lay":
        return lay_text(move.cards, move.colour, move.target, move.other, lang)
    position = getattr(move, "position", None)  # a draw or a pick names the card's position
    if position is None:
        return say(lang, f"pouilleux-move-{kind}")
    return say(lang, f"pouilleux-move-{kind}", n=position + 1)


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
    effect = EFFECTS[rank]
    fill: dict[str, Any] = {"rank": rank_token(rank), "cards": labels(list(cards), lang)}
    if rank == ACE and colour is not None:
        fill["colour"] = colour
    elif rank == JACK and target is not None:
        fill["target"] = seat(target, lang)
    elif rank == KING and target is not None and other is not None:
        fill["p"], fill["q"] = (named(x, lang, you) for x in reader_first((target, other), you))
    elif rank not in (10, QUEEN):
        effect = "none"  # the last cards laid: no choice to tell
    if actor is None:
        return say(lang, "pouilleux-move-lay", effect=effect, **fill)
    if rank in (10, QUEEN):  # said of a player: the effect has its own event
        effect = "none"
    mine = person(you, who=actor)
    if effect == "take" and target == you:
        mine = "target"
    elif effect == "swap" and mine == "who" and you in (target, other):
        mine = "who_with"  # "and swap a card with P3", not "between you and P3"
    return say(lang, "pouilleux-lay", you=mine, who=seat(actor, lang), effect=effect, **fill)


# --------------------------------------------------------------------------- events


def describe(e: Event, lang: str, you: int | None = None) -> str:
    """``e`` in words; told to seat ``you``, what it did or what was done to it is said in
    the second person."""
    k, d, who, mine = about(e, lang, you)
    if k == "deal":
        sizes = ", ".join(f"{seat(i, lang)} {n}" for i, n in enumerate(d["sizes"]))
        return say(lang, "pouilleux-deal", sizes=sizes)
    if k == "hand":
        return say(lang, "pouilleux-hand", cards=labels(d["cards"], lang))
    if k == "turn":
        return say(lang, "pouilleux-turn", you=mine, who=who)
    if k == "pairs":
        ps = ", ".join(labels(p, lang) for p in d["pairs"])
        return say(lang, "pouilleux-pairs", you=mine, who=who, count=len(d["pairs"]), pairs=ps)
    if k in ("draw", "pick"):
        c = d.get("card")
        msg = f"pouilleux-{k}" if c else f"pouilleux-{k}-hidden"
        role = person(you, src=d["from"], who=e.seat)
        src = seat(d["from"], lang)
        return say(lang, msg, you=role, who=who, src=src, card=the(c, lang) if c else "")
    if k == "lay":
        return _laid(e, lang, you)
    if k == "skip":
        if d.get("again"):
            return say(lang, "pouilleux-again", you=mine, who=who)
        skipped = d["skipped"]
        return say(lang, "pouilleux-skip", you=person(you, who=skipped), who=seat(skipped, lang))
    if k == "reverse":
        way = "clockwise" if d["direction"] == 1 else "anticlockwise"
        return say(lang, "pouilleux-reverse", direction=way)
    if k == "swap":
        return _swap(d, lang, you)
    if k == "lift":
        return say(lang, "pouilleux-lift", you=mine, who=who, colour=d["colour"])
    if k == "game_over":
        return _over(d, lang, you)
    raise LookupError(f"no words for the Le Pouilleux event {k!r}")


def _laid(e: Event, lang: str, you: int | None) -> str:
    """A special pair laid: the pair and the player's choice, then what follows from it."""
    d, mine = e.data, person(you, who=e.seat)
    if d.get("last"):
        text = lay_text(d["cards"], None, None, None, lang, e.seat, you)
        return say(lang, "pouilleux-laid-last", you=mine, text=text)
    text = lay_text(d["cards"], d.get("colour"), d.get("target"), d.get("other"), lang, e.seat, you)
    if d["rank"] == ACE:
        who = seat(e.seat, lang)
        return say(lang, "pouilleux-laid-aces", you=mine, text=text, who=who, colour=d["colour"])
    return say(lang, "pouilleux-laid", text=text)


def _swap(d: dict[str, Any], lang: str, you: int | None) -> str:
    """The Kings' swap, the reader first ("your K♥ goes to…")."""
    players, cards = list(d["players"]), d.get("cards")
    if you is not None and players[1] == you:
        players.reverse()
        cards = cards[::-1] if cards else cards
    fill: dict[str, Any] = {"you": person(you, p=players[0])}
    fill["p"], fill["q"] = (seat(x, lang) for x in players)
    if not cards:
        return say(lang, "pouilleux-swap-hidden", **fill)
    fill["cp"], fill["cq"] = (label(c, lang) for c in cards)
    fill["the_cp"], fill["the_cq"] = (the(c, lang) for c in cards)
    return say(lang, "pouilleux-swap", **fill)


def _over(d: dict[str, Any], lang: str, you: int | None) -> str:
    """Who won, then who holds the pouilleux (the grand perdant when the game made one)."""
    msg = "pouilleux-turn-cap" if d["reason"] == "turn_cap" else "pouilleux-out"
    head = say(lang, msg, **winners(d["winners"], lang, you))
    if d["losers"]:
        loser = d["losers"][0]
        tail = say(
            lang, "pouilleux-grand-perdant", you=person(you, who=loser), who=seat(loser, lang)
        )
    else:
        holder = d["pouilleux"]
        tail = say(lang, "pouilleux-holder", you=person(you, who=holder), who=seat(holder, lang))
    return f"{head} {tail}"
