"""Le Pouilleux strategy: little to decide, so decide the few things well.

* **Blind draws and picks**: the game master shuffles the hand before every blind take, so the
  position carries no information; any position is as good (we take the first).
* **Special pairs**: always lay one when allowed: two cards fewer is the whole aim of the game
  (and laying the last two cards wins at once). Among several, the effect decides:
  - **Jack** (take a card blind from a player of our choice): from the player whose card is most
    likely to pair with our hand, never from a player about to go out (a player whose last card
    is taken wins), and away from a hand we know holds the Jack of Spades;
  - **King** (swap a blind card between two players): if we hold the Jack of Spades, swap with
    the biggest hand to pass it on with the best chance; otherwise swap two other players, so
    the pouilleux cannot come to us;
  - **Ace** (impose a colour on the others until our next turn): the colour in which the others
    can still form the fewest pairs;
  - **Queen** (reverse) and **10** (skip the next player): laid for the two cards they shed.
"""

from __future__ import annotations

import random
from typing import Any

from atout.cards import ACE, JACK, KING, QUEEN, card
from atout.games import sentences
from atout.games.base import State
from atout.games.pouilleux import DECK, MATE, Draw, End, Lay, Pick

GAME_ID = "pouilleux"
POUILLEUX = "JS"
#: Preference between effects when several special pairs may be laid (higher first).
EFFECT_ORDER = {JACK: 4, KING: 3, ACE: 2, 10: 1, QUEEN: 0}


def decide(view: dict[str, Any], legal: list[Any], rng: random.Random) -> tuple[Any, str, dict]:
    first = legal[0]
    if isinstance(first, Draw):
        return first, "draw", {"from": view["draw_from"]}
    if isinstance(first, Pick):
        return first, "pick", {"from": view["pick_from"]}
    lays = [m for m in legal if isinstance(m, Lay)]
    if not lays:
        return _end(legal), "end", {}
    me, n = view["seat"], view["players"]
    hand = view["hand"]
    sizes = view["hand_sizes"]
    if len(hand) == 2:  # the last two cards: laying them wins, whatever the effect
        return lays[0], "last", {"cards": list(lays[0].cards)}
    known: dict[int, set[str]] = {}
    for code, holder in view["known"]:
        known.setdefault(holder, set()).add(code)
    js_at = next((h for h, cs in known.items() if POUILLEUX in cs), None)
    if POUILLEUX in hand:
        js_at = me
    ranks = {card(m.cards[0]).rank for m in lays}
    rank = max(ranks, key=lambda r: EFFECT_ORDER.get(r, -1))
    options = [m for m in lays if card(m.cards[0]).rank == rank]
    if rank == JACK:
        best = max(options, key=lambda m: _jack_score(view, m.target, known, js_at))
        return best, "jack", {"cards": list(best.cards), "target": best.target}
    if rank == KING:
        if js_at == me:
            others = [s for s in range(n) if s != me]
            big = max(others, key=lambda s: sizes[s])
            pair = tuple(sorted((me, big)))
            why = "king_pass"
        else:
            others = [s for s in range(n) if s != me]
            pair = tuple(sorted(others[:2])) if len(others) >= 2 else tuple(sorted((me, others[0])))
            why = "king_away"
        for m in options:
            if (m.target, m.other) == pair:
                return m, why, {"cards": list(m.cards), "players": list(pair)}
        return options[0], why, {"cards": list(options[0].cards), "players": list(pair)}
    if rank == ACE:
        colour = _blocking_colour(view)
        for m in options:
            if m.colour == colour:
                return m, "ace", {"cards": list(m.cards), "colour": colour}
    return options[0], "shed", {"cards": list(options[0].cards)}


def _end(legal: list[Any]) -> Any:
    for m in legal:
        if isinstance(m, End):
            return m
    return legal[0]


def _jack_score(
    view: dict[str, Any], target: int, known: dict[int, set[str]], js_at: int | None
) -> float:
    """How good taking a blind card from ``target`` is: chance of a pair, minus the risks."""
    size = view["hand_sizes"][target]
    if size <= 1:
        return -10.0  # taking their last card makes them win
    mates = {MATE[card(c)] for c in view["hand"]}
    mates.discard(None)
    mine = {m.code for m in mates if m is not None}
    theirs = known.get(target, set())
    hits = len(theirs & mine)
    # the unknown part of their hand: mates not placed elsewhere, spread over unknown cards
    unplaced = _unplaced(view)
    unknown_cards = sum(view["hand_sizes"]) - len(view["hand"]) - len(view["known"])
    free_mates = len([c for c in mine if c in unplaced])
    rest = size - len(theirs)
    expected = hits + (rest * free_mates / unknown_cards if unknown_cards > 0 else 0.0)
    p_pair = expected / size
    p_js = 1.0 if js_at == target else 0.0
    if js_at is None and POUILLEUX in unplaced and unknown_cards > 0:
        p_js = rest / unknown_cards / size
    return p_pair - p_js - (0.3 if size == 2 else 0.0)


def _unplaced(view: dict[str, Any]) -> set[str]:
    """Cards whose holder this seat does not know."""
    placed = set(view["hand"]) | {c for c, _ in view["known"]}
    for ps in view["laid"]:
        for a, b in ps:
            placed.add(a)
            placed.add(b)
    return {c.code for c in DECK} - placed


def _blocking_colour(view: dict[str, Any]) -> str:
    """The colour in which the other players can form the fewest pairs."""
    mine = set(view["hand"])
    laid = {c for ps in view["laid"] for p in ps for c in p}
    count = {"red": 0, "black": 0}
    for c in DECK:
        m = MATE[c]
        if m is None or c.code > m.code or c.code in laid:
            continue
        if c.code in mine or m.code in mine:
            continue  # at least one half is ours: they cannot pair it
        count[str(c.colour)] += 1
    return min(count, key=lambda k: count[k])


def explain(why: str, params: dict[str, Any], lang: str = "en") -> str:
    fr = lang == "fr"
    names = " + ".join(card(c).name(lang) for c in params.get("cards", []))
    if why in ("draw", "pick"):
        who = sentences.seat(params.get("from") or 0, lang)
        return (
            f"Prenez n'importe quelle carte de {who} : sa main est mélangée avant chaque "
            "tirage, la position ne change rien."
            if fr
            else f"Take any card from {who}: the hand is shuffled before every blind take, so "
            "the position makes no difference."
        )
    if why == "end":
        return (
            "Finissez le tour : aucune paire spéciale à poser."
            if fr
            else "End your turn: no special pair to lay."
        )
    if why == "last":
        return (
            f"Posez {names} : ce sont vos deux dernières cartes, vous gagnez."
            if fr
            else f"Lay {names}: they are your last two cards, you win."
        )
    if why == "jack":
        who = sentences.seat(params["target"], lang)
        return (
            f"Posez {names} et prenez une carte à {who} : c'est chez lui qu'elle a le plus de "
            "chances de former une paire, sans risquer de le faire gagner."
            if fr
            else f"Lay {names} and take a card from {who}: it is the likeliest to pair with your "
            "hand, without risking making that player win."
        )
    if why in ("king_pass", "king_away"):
        a, b = (sentences.seat(p, lang) for p in params["players"])
        if why == "king_pass":
            return (
                f"Posez {names} et échangez entre {a} et {b} : vous tenez le pouilleux, "
                "c'est votre chance de le passer."
                if fr
                else f"Lay {names} and swap between {a} and {b}: you hold the pouilleux, this "
                "is a chance to pass it on."
            )
        return (
            f"Posez {names} et échangez entre {a} et {b} : sans vous, le pouilleux ne peut "
            "pas vous arriver."
            if fr
            else f"Lay {names} and swap between {a} and {b}: leaving yourself out, the "
            "pouilleux cannot come to you."
        )
    if why == "ace":
        colour = params["colour"]
        if fr:
            col = "rouges" if colour == "red" else "noires"
            return (
                f"Posez {names} et imposez les paires {col} : c'est la couleur où les autres "
                "peuvent former le moins de paires."
            )
        return (
            f"Lay {names} and impose {colour} pairs: the others can form the fewest pairs in "
            "that colour."
        )
    return (
        f"Posez {names} : deux cartes de moins dans votre main."
        if fr
        else f"Lay {names}: two cards fewer in your hand."
    )


def rollout(state: State[Any], legal: list[Any], rng: random.Random) -> Any:
    """Playout policy on a sampled state: any position for blind takes (they are shuffled
    first), and a special pair laid whenever one may be."""
    n = len(legal)
    if n > 1 and isinstance(legal[0], End):
        return legal[1 + int(rng.random() * (n - 1))]
    return legal[0]


def evaluate(state: State[Any]) -> list[float]:
    """A cut-off playout: the fewest cards share the win."""
    sizes = [len(h) for h in state.hands]  # type: ignore[attr-defined]
    low = min(sizes)
    k = sizes.count(low)
    return [1.0 / k if s == low else 0.0 for s in sizes]
