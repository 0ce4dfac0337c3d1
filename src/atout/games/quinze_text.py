"""Le Quinze in words: its events, moves and refusals, English and French side by side.

The rules live in :mod:`atout.games.quinze` (and :mod:`atout.games.fifteens`); this module only
says what happened.
"""

from __future__ import annotations

from typing import Any

from atout.cards import card
from atout.games import sentences
from atout.games.base import Event
from atout.games.sentences import Words, names, say, seat

# --------------------------------------------------------------------------- refusals

DEAL_PENDING: Words = (
    "The deal is over: the next dealer deals first.",
    "La partie est finie : le prochain donneur doit d'abord distribuer.",
)
NO_FIFTEEN_MADE: Words = (
    "Make a fifteen before ending the turn, or lay a card on the table.",
    "Faites un quinze avant de finir le tour, ou posez une carte sur la table.",
)
TURN_NOT_OVER: Words = ("End the turn with 'done'.", "Finissez le tour avec « fini ».")
MUST_LAY: Words = (
    "Without a fifteen you must lay a card on the table.",
    "Sans quinze, vous devez poser une carte sur la table.",
)
DEAL_IN_PROGRESS: Words = ("The deal is still being played.", "La partie est en cours.")
LAY_COUNT: Words = (
    "Lay one card, or two face cards of the same rank.",
    "Posez une carte, ou deux têtes identiques.",
)
LAY_AFTER_FIFTEEN: Words = (
    "You made a fifteen: end the turn (no card is laid).",
    "Vous avez fait un quinze : finissez le tour (sans poser de carte).",
)
SPEED_LAY_ONE_CARD: Words = (
    "After a fifteen, the speed variant lets you lay one card only.",
    "Après un quinze, la variante rapide ne permet de poser qu'une carte.",
)
NOT_A_FACE_PAIR: Words = (
    "Two cards may be laid together only if they are two Jacks, Queens or Kings.",
    "On ne pose deux cartes ensemble que si ce sont deux valets, dames ou rois.",
)
LAY_WOULD_EMPTY_HAND: Words = (
    "You cannot lay your last cards: a hand is emptied only by fifteens.",
    "Vous ne pouvez pas poser vos dernières cartes : on ne finit qu'en faisant un quinze.",
)

# --------------------------------------------------------------------------- moves

MOVES: dict[str, Words] = {
    "fifteen": ("fifteen: {names}", "quinze : {names}"),
    "lay": ("lay {names}", "poser {names}"),
    "done": ("end the turn", "finir le tour"),
    "pass": ("pass", "passer"),
    "deal": ("deal", "distribuer"),
}


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


EVENTS: dict[str, Words] = {
    "deal": (
        "Deal {deal}: {dealer} deals {cards_each} cards each, {stock} cards in the stock. "
        "{first} starts.",
        "Partie {deal} : {dealer} distribue {cards_each} cartes à chacun, {stock} cartes dans "
        "la pioche. {first} commence.",
    ),
    "hand": ("{who}'s hand: {names}.", "Main de {who} : {names}."),
    "draw": ("{who} draws {what}.", "{who} pioche {what}."),
    "draw_hidden": ("{who} draws a card.", "{who} pioche une carte."),
    "no_draw": (
        "The stock and the défausse are empty: {who} does not draw.",
        "La pioche et la défausse sont vides : {who} ne pioche pas.",
    ),
    "reshuffle_table": (
        "Stock and défausse empty: the table cards are shuffled into a new stock ({stock} cards).",
        "Pioche et défausse vides : les cartes de la table sont mélangées pour faire la pioche "
        "({stock} cartes).",
    ),
    "reshuffle": (
        "The stock is empty: the défausse is shuffled into a new stock ({stock} cards).",
        "La pioche est vide : la défausse est mélangée pour faire une nouvelle pioche "
        "({stock} cartes).",
    ),
    "fifteen": ("{who} makes a fifteen{extra}: {total}.", "{who} fait un quinze{extra} : {total}."),
    "from_table": (" ({n} from the table)", " (dont {n} de la table)"),
    "lay_speed": (
        "{who} lays {names} on the table (speed variant).",
        "{who} pose {names} sur la table (variante rapide).",
    ),
    "lay": ("{who} lays {names} on the table.", "{who} pose {names} sur la table."),
    "done": (
        "{who} made {n} fifteen(s) and ends the turn.",
        "{who} a fait {n} quinze et finit son tour.",
    ),
    "pass": ("{who} cannot lay a card and passes.", "{who} ne peut rien poser et passe."),
    "out_first_turn": (
        "{who} goes out on their first turn: −50!",
        "{who} se défausse de toutes ses cartes dès son premier tour : −50 !",
    ),
    "out": ("{who} goes out and wins the deal.", "{who} n'a plus de cartes et gagne la partie."),
    "turn_cap": (
        "The deal has gone on too long: it stops and is scored as it stands.",
        "La partie n'avance plus : elle s'arrête et se compte en l'état.",
    ),
    "stock_out": (
        "Nothing left to draw: the deal stops and is scored as it stands.",
        "Plus rien à piocher : la partie s'arrête et se compte en l'état.",
    ),
    "deal_over": (
        "{head} Deal {deal} points: {pts}. Match totals: {totals}.",
        "{head} Points de la partie {deal} : {pts}. Manche : {totals}.",
    ),
    "target": (
        "The match is over. Winner(s) with the fewest points: {ws}.",
        "La manche est finie. Gagnant(s) avec le moins de points : {ws}.",
    ),
    "game_over": ("The game is over. Winner(s): {ws}.", "Fin de la partie. Gagnant(s) : {ws}."),
}


def _per_seat(xs: list[Any], lang: str) -> str:
    return ", ".join(f"{seat(s, lang)} {x}" for s, x in enumerate(xs))


def describe(e: Event, lang: str) -> str:
    d = e.data
    who = seat(e.seat, lang)
    k = e.kind
    if k == "deal":
        dealer, first = seat(d["dealer"], lang), seat(d["first"], lang)
        fill = {"deal": d["deal"], "cards_each": d["cards_each"], "stock": d["stock"]}
        return say(EVENTS[k], lang, dealer=dealer, first=first, **fill)
    if k == "hand":
        return say(EVENTS[k], lang, who=who, names=names(d["cards"], lang, ", "))
    if k == "draw":
        if d.get("card"):
            return say(EVENTS[k], lang, who=who, what=card(d["card"]))
        return say(EVENTS["draw_hidden"], lang, who=who)
    if k in ("no_draw", "pass"):
        return say(EVENTS[k], lang, who=who)
    if k == "reshuffle":
        which = "reshuffle_table" if d["from"] == "table" else k
        return say(EVENTS[which], lang, stock=d["stock"])
    if k == "fifteen":
        total = sum_text(d["cards"], d.get("values", []), lang)
        n_table = len(d.get("table", []))
        extra = say(EVENTS["from_table"], lang, n=n_table) if n_table else ""
        return say(EVENTS[k], lang, who=who, extra=extra, total=total)
    if k == "lay":
        which = "lay_speed" if d.get("speed") else k
        return say(EVENTS[which], lang, who=who, names=names(d["cards"], lang, ", "))
    if k == "done":
        return say(EVENTS[k], lang, who=who, n=d.get("fifteens", 0))
    if k == "deal_over":
        reason = d["reason"]
        if reason == "out":
            reason = "out_first_turn" if d.get("first_turn") else "out"
        elif reason != "turn_cap":
            reason = "stock_out"
        head = say(EVENTS[reason], lang, who=who)
        pts, totals = _per_seat(d["scores"], lang), _per_seat(d["totals"], lang)
        return say(EVENTS[k], lang, head=head, deal=d["deal"], pts=pts, totals=totals)
    if k == "game_over":
        ws = sentences.seats(d["winners"], lang)
        return say(EVENTS["target" if d["reason"] == "target" else k], lang, ws=ws)
    return f"{k} {d}"
