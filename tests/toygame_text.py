"""Match (the tests' toy game) in words, English and French side by side."""

from __future__ import annotations

from typing import Any

from atout.cards import card
from atout.games.base import Event
from atout.games.sentences import Words, say, seat, seats

NO_MATCH: Words = (
    "{c} matches neither the suit nor the rank of {top}.",
    "{c} n'a ni la couleur ni la valeur de {top}.",
)
STOCK_EMPTY: Words = ("Nothing left to draw: pass.", "Plus rien à piocher : passez.")
MUST_DRAW: Words = ("Draw while the stock lasts.", "Piochez tant qu'il reste des cartes.")

MOVES: dict[str, Words] = {
    "play": ("play {c}", "jouer {c}"),
    "draw": ("draw", "piocher"),
    "pass": ("pass", "passer"),
}
EVENTS: dict[str, Words] = {
    "play": ("{who} plays {c}.", "{who} joue {c}."),
    "draw": ("{who} draws {c}.", "{who} pioche {c}."),
    "draw_hidden": ("{who} draws a card.", "{who} pioche une carte."),
    "pass": ("{who} passes.", "{who} passe."),
    "game_over": ("Winner(s): {ws}.", "Gagnant(s) : {ws}."),
}


def describe_move(move: Any, lang: str) -> str:
    code = getattr(move, "card", None)
    return say(MOVES[type(move).__struct_config__.tag], lang, c=card(code) if code else "")


def describe(e: Event, lang: str) -> str:
    who, d = seat(e.seat, lang), e.data
    if e.kind == "game_over":
        return say(EVENTS["game_over"], lang, ws=seats(d["winners"], lang))
    if e.kind == "draw" and not d.get("card"):
        return say(EVENTS["draw_hidden"], lang, who=who)
    return say(EVENTS[e.kind], lang, who=who, c=card(d["card"]) if d.get("card") else "")
