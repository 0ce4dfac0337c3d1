"""Q²J in words: its events, moves and refusals, English and French side by side.

The rules live in :mod:`atout.games.q2j`; this module only says what happened.
"""

from __future__ import annotations

from typing import Any

from atout.cards import card
from atout.games import sentences
from atout.games.base import Event
from atout.games.sentences import Words, names, say, seat

# --------------------------------------------------------------------------- refusals

FACE_ON_ACE: Words = (
    "A {x} cannot be played on an Ace.",
    "Un(e) {x} ne peut pas être posé(e) sur un As.",
)
BEAT_SAME_SUIT: Words = (
    "{x} does not beat {top}: in the same suit only a lower card is stronger.",
    "{x} ne bat pas {top} : dans la même couleur, seule une carte plus faible est plus forte.",
)
BEAT_OTHER_SUIT: Words = (
    "{x} does not beat {top}: in another suit only a higher card is stronger.",
    "{x} ne bat pas {top} : dans une autre couleur, seule une carte plus haute est plus forte.",
)
NOT_A_QUEEN_PAIR: Words = (
    "Only two Queens may be played together (a Q²).",
    "Seules deux Dames peuvent être jouées ensemble (un Q²).",
)
SINGLE_CARD_ONLY: Words = (
    "After a full Q² round you continue with a single card.",
    "Après un tour complet de Q², on continue avec une seule carte.",
)
ONLY_JACK_ON_Q2: Words = (
    "Only a Jack may be played on a Q².",
    "Seul un Valet peut être posé sur un Q².",
)
ONLY_JACK_OR_DRAW: Words = (
    "Only a Jack may be played on a Q² — play a Jack or draw.",
    "Seul un Valet peut être posé sur un Q² — posez un Valet ou piochez.",
)
Q2_ON_JACK: Words = (
    "A Q² cannot be played on a Jack.",
    "Un Q² ne peut pas être posé sur un Valet.",
)
BAD_CARD_COUNT: Words = (
    "Play one card, or two Queens together.",
    "Jouez une carte, ou deux Dames ensemble.",
)

# --------------------------------------------------------------------------- moves

MOVES: dict[str, Words] = {
    "draw": ("draw", "piocher"),
    "play": ("play {names}", "jouer {names}"),
}


def describe_move(move: Any, lang: str) -> str:
    cards = getattr(move, "cards", None)  # a play names its cards; a draw has none
    if cards:
        return say(MOVES["play"], lang, names=names(cards, lang))
    return say(MOVES["draw"], lang)


# --------------------------------------------------------------------------- events

EVENTS: dict[str, Words] = {
    "deal": (
        "Deal: face-up cards {shown}. {first} starts. Discard: {top}.",
        "Donne : cartes visibles {shown}. {first} commence. Défausse : {top}.",
    ),
    "play_q2": ("{who} plays a Q² ({names})!", "{who} pose un Q² ({names}) !"),
    "play": ("{who} plays {names}.", "{who} joue {names}."),
    "joe": (
        "{who} answers the Q² with a Jack (Joe).",
        "{who} répond au Q² avec un Valet (Joe).",
    ),
    "draw": ("{who} draws {what}{why}.", "{who} pioche {what}{why}."),
    "draw_hidden": ("{who} draws a card{why}.", "{who} pioche une carte{why}."),
    "equal_rank": (" (equal rank)", " (même valeur)"),
    "pass": ("{who} cannot draw and passes.", "{who} ne peut pas piocher et passe."),
    "reshuffle": (
        "The stock is empty: the discard pile is shuffled into it ({stock} cards).",
        "La pioche est vide : la défausse est mélangée ({stock} cartes).",
    ),
    "deadlock": (
        "Nothing left to draw: the game ends. Winner(s): {ws}.",
        "Plus rien à piocher : la partie s'arrête. Gagnant(s) : {ws}.",
    ),
    "emptied_hand": ("{ws} has no cards left and wins!", "{ws} n'a plus de cartes et gagne !"),
}


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
        return say(EVENTS["deadlock" if d["reason"] == "deadlock" else "emptied_hand"], lang, ws=ws)
    return f"{k} {d}"
