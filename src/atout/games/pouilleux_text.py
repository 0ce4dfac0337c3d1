"""Le Pouilleux in words: its events, moves and refusals, English and French side by side.

The rules live in :mod:`atout.games.pouilleux`; this module only says what happened.
"""

from __future__ import annotations

from typing import Any

from atout.cards import ACE, JACK, KING, QUEEN, Colour, card
from atout.games.base import Event
from atout.games.sentences import Words, label, labels, say, seat, seats

# --------------------------------------------------------------------------- refusals

WRONG_PHASE: dict[str, Words] = {
    "draw": ("Draw a card from the next player first.", "Piochez d'abord une carte."),
    "pick": (
        "Pick a card from the player you named with the Jacks.",
        "Prenez une carte au joueur désigné par les Valets.",
    ),
    "act": (
        "Lay one special pair or end your turn.",
        "Posez une paire spéciale ou finissez votre tour.",
    ),
}
GAME_OVER: Words = ("The game is over.", "La partie est terminée.")
BAD_POSITION: Words = (
    "Choose a position from 0 to {last}.",
    "Choisissez une position de 0 à {last}.",
)
UNKNOWN_CARD: Words = ("Not a card.", "Ce n'est pas une carte.")
TWO_CARDS: Words = ("Lay exactly two cards.", "Posez exactement deux cartes.")
NOT_IN_HAND: Words = ("{c} is not in your hand.", "{c} n'est pas dans votre main.")
POUILLEUX: Words = (
    "The Jack of Spades (the pouilleux) can never be paired.",
    "Le Valet de pique (le pouilleux) ne forme jamais de paire.",
)
NOT_A_PAIR: Words = (
    "A pair is two cards of the same rank and the same colour.",
    "Une paire, ce sont deux cartes de même valeur et de même couleur.",
)
NORMAL_PAIR: Words = (
    "Normal pairs (2 to 9) are laid automatically.",
    "Les paires normales (2 à 9) sont posées automatiquement.",
)
IMPOSED_COLOUR: Words = (
    "An Ace imposes {colour} pairs until its player's next turn.",
    "Un As impose les paires {colour}s jusqu'au prochain tour de son joueur.",
)
BAD_EFFECT: Words = (
    "Give the effect's parameters: a colour for Aces, another player for Jacks, two "
    "distinct players for Kings, nothing for 10s and Queens; cards in code order.",
    "Donnez les paramètres de l'effet : une couleur pour les As, un autre joueur pour "
    "les Valets, deux joueurs distincts pour les Rois, rien pour les 10 et les Dames ; "
    "cartes dans l'ordre des codes.",
)

# --------------------------------------------------------------------------- moves

MOVES: dict[str, Words] = {
    "draw": ("draw card #{n}", "piocher la carte n° {n}"),
    "pick": ("take card #{n}", "prendre la carte n° {n}"),
    "end": ("end the turn", "finir le tour"),
}

_PLURAL = {
    "en": {10: "10s", JACK: "Jacks", QUEEN: "Queens", KING: "Kings", ACE: "Aces"},
    "fr": {10: "10", JACK: "Valets", QUEEN: "Dames", KING: "Rois", ACE: "As"},
}

LAY: dict[str, Words] = {
    "command": ("lay the {what}", "poser les {what}"),
    "said": ("{who} lays the {what}", "{who} pose les {what}"),
}

#: Each special pair's effect: (as a command, as said of a player).
EFFECT: dict[int, tuple[Words, Words]] = {
    10: ((": the next player skips a turn", " : le joueur suivant passe son tour"), ("", "")),
    QUEEN: ((": the direction of play reverses", " : le sens du jeu change"), ("", "")),
    ACE: (
        (" and impose {colour}", " et imposer le {colour}"),
        (" and imposes {colour}", " et impose le {colour}"),
    ),
    JACK: (
        (" and take a card from {target}", " et prendre une carte à {target}"),
        (" and takes a card from {target}", " et prend une carte à {target}"),
    ),
    KING: (
        (" and swap a card between {p} and {q}", " et échanger une carte entre {p} et {q}"),
        (" and swaps a card between {p} and {q}", " et échange une carte entre {p} et {q}"),
    ),
}


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
    what = f"{_PLURAL[lang][rank]} ({labels(list(cards), lang)})"
    said = actor is not None
    head = say(LAY["said" if said else "command"], lang, who=seat(actor, lang), what=what)
    effect = EFFECT[rank][1 if said else 0]
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

EVENTS: dict[str, Words] = {
    "deal": ("Deal: {sizes} cards.", "Donne : {sizes} cartes."),
    "hand": ("Your hand: {cards}.", "Votre main : {cards}."),
    "turn": ("{who}'s turn.", "Au tour de {who}."),
    "pairs_one": ("{who} lays the pair {ps}.", "{who} pose la paire {ps}."),
    "pairs": ("{who} lays the pairs {ps}.", "{who} pose les paires {ps}."),
    "draw": ("{who} draws the {c} from {src}.", "{who} pioche le {c} dans le jeu de {src}."),
    "draw_hidden": (
        "{who} draws a card from {src}.",
        "{who} pioche une carte dans le jeu de {src}.",
    ),
    "pick": (
        "{who} takes the {c} from {src} (Jacks).",
        "{who} prend le {c} dans le jeu de {src} (Valets).",
    ),
    "pick_hidden": (
        "{who} takes a card from {src} (Jacks).",
        "{who} prend une carte dans le jeu de {src} (Valets).",
    ),
    "lay_last": ("{text}: the last cards in hand.", "{text} : ses dernières cartes."),
    "lay_ace": (
        "{text}: until {who}'s next turn the others may lay only {col} pairs.",
        "{text} : jusqu'à son prochain tour, les autres ne posent que des paires {col}s.",
    ),
    "lay": ("{text}.", "{text}."),
    "again": ("{who} plays again.", "{who} rejoue."),
    "skip": ("{sk} skips a turn.", "{sk} passe son tour."),
    "reverse": (
        "The direction of play reverses: now {way}.",
        "Le sens du jeu change : sens {way}.",
    ),
    "clockwise": ("clockwise", "horaire"),
    "anticlockwise": ("anticlockwise", "anti-horaire"),
    "swap": (
        "Kings' swap: {p}'s {cp} goes to {q}, {q}'s {cq} goes to {p}.",
        "Échange des Rois : le {cp} de {p} passe à {q}, le {cq} de {q} passe à {p}.",
    ),
    "swap_hidden": (
        "Kings' swap: one card goes from {p} to {q} and one from {q} to {p}.",
        "Échange des Rois : une carte passe de {p} à {q} et une de {q} à {p}.",
    ),
    "lift": (
        "The colour {who} imposed ({col}) is lifted.",
        "La couleur imposée ({col}) par {who} est levée.",
    ),
    "turn_cap_one": (
        "Turn cap reached: {ws} has the fewest cards and wins.",
        "Limite de tours atteinte : {ws} a le moins de cartes et gagne.",
    ),
    "turn_cap_many": (
        "Turn cap reached: {ws} have the fewest cards and win.",
        "Limite de tours atteinte : {ws} ont le moins de cartes et gagnent.",
    ),
    "out_one": ("{ws} has no cards left and wins!", "{ws} n'a plus de cartes et gagne !"),
    "out_many": ("{ws} have no cards left and win!", "{ws} n'ont plus de cartes et gagnent !"),
    "grand_perdant": (
        " {loser} holds the pouilleux (J♠): the grand perdant (big loser).",
        " {loser} a le pouilleux (V♠) : grand perdant.",
    ),
    "holder": (" The pouilleux (J♠): {holder}.", " Le pouilleux (V♠) : {holder}."),
}


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
