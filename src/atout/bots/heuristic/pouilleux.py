"""Le Pouilleux strategy: little to decide, so decide the few things well.

* **Blind draws and picks**: the game master shuffles the hand before every blind take, so the
  position carries no information; any position is as good (we take the first).
* **Special pairs**: always lay one when allowed: two cards fewer is the whole aim of the game
  (and laying the last two cards wins at once). Among several, the effect decides:
  - **Jack** (take a card blind from a player of our choice): from the biggest hand (a card
    taken brings its holder closer to going out, and the biggest hand is the furthest from it),
    never from a player with one or two cards left (taking their last card makes them win, taking
    one of two leaves them one draw from winning) unless no one else is left, and away from a
    hand we know holds the Jack of Spades; the chance of a pair breaks ties;
  - **King** (swap a blind card between two players): with more than 2 players, swap between
    ourselves and the previous player (the one who draws from us): the card we get may pair at
    once; measured better than swapping two other players (who may both pair) and than passing
    the Jack of Spades to the biggest hand; if the previous player is known to hold the
    pouilleux, swap with the player after next instead;
  - **Ace** (impose a colour on the others until our next turn): the colour in which the others
    can still form the fewest pairs;
  - **Queen** (reverse) and **10** (skip the next player): laid for the two cards they shed,
    except the Queen while the next player has one card left: reversed, the player after next
    would draw that card at once and make them win; kept, they must pair on their own draw.
"""

from __future__ import annotations

import random
from typing import Any

from atout.cards import ACE, JACK, KING, QUEEN, card
from atout.games import sentences
from atout.games.base import State
from atout.games.pouilleux import DECK, MATE, Draw, End, Lay, Pick, PouilleuxView
from atout.locales import say

GAME_ID = "pouilleux"
POUILLEUX = "JS"
#: Preference between effects when several special pairs may be laid (higher first).
EFFECT_ORDER = {JACK: 4, KING: 3, ACE: 2, 10: 1, QUEEN: 0}


def decide(view: PouilleuxView, legal: list[Any], rng: random.Random) -> tuple[Any, str, dict]:
    first = legal[0]
    if isinstance(first, Draw):
        return first, "draw", {"from": view.draw_from}
    if isinstance(first, Pick):
        return first, "pick", {"from": view.pick_from}
    lays = [m for m in legal if isinstance(m, Lay)]
    if not lays:
        return _end(legal), "end", {}
    me, n = view.seat, view.players
    assert me is not None, "a seat decides"
    hand = view.hand or []
    sizes = view.hand_sizes
    if len(hand) == 2:  # the last two cards: laying them wins, whatever the effect
        return lays[0], "last", {"cards": list(lays[0].cards)}
    known: dict[int, set[str]] = {}
    for k in view.known or ():
        known.setdefault(k.seat, set()).add(k.card)
    js_at = next((h for h, cs in known.items() if POUILLEUX in cs), None)
    if POUILLEUX in hand:
        js_at = me
    ranks = {card(m.cards[0]).rank for m in lays}
    after = (me + view.direction) % n
    if n > 2 and sizes[after] == 1 and QUEEN in ranks:
        ranks.discard(QUEEN)  # reversed, their last card would be drawn at once
        if not ranks:
            return _end(legal), "keep_queen", {"seat": after}
    rank = max(ranks, key=lambda r: EFFECT_ORDER.get(r, -1))
    options = [m for m in lays if card(m.cards[0]).rank == rank]
    if rank == JACK:
        best = max(options, key=lambda m: _jack_key(view, m.target, known, js_at))
        return best, "jack", {"cards": list(best.cards), "target": best.target}
    if rank == KING:
        before = (me - view.direction) % n
        if js_at not in (me, None) and js_at == before and n > 2:
            before = (me + 2 * view.direction) % n  # not with the known pouilleux
        pair = tuple(sorted((me, before)))
        why = "king_pass" if js_at == me else "king_swap"
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
    view: PouilleuxView, target: int, known: dict[int, set[str]], js_at: int | None
) -> float:
    """How good taking a blind card from ``target`` is: chance of a pair, minus the risks."""
    size = view.hand_sizes[target]
    if size <= 1:
        return -10.0  # taking their last card makes them win
    hand = view.hand or []
    mates = {MATE[card(c)] for c in hand}
    mates.discard(None)
    mine = {m.code for m in mates if m is not None}
    theirs = known.get(target, set())
    hits = len(theirs & mine)
    # the unknown part of their hand: mates not placed elsewhere, spread over unknown cards
    unplaced = _unplaced(view)
    unknown_cards = sum(view.hand_sizes) - len(hand) - len(view.known or ())
    free_mates = len([c for c in mine if c in unplaced])
    rest = size - len(theirs)
    expected = hits + (rest * free_mates / unknown_cards if unknown_cards > 0 else 0.0)
    p_pair = expected / size
    p_js = 1.0 if js_at == target else 0.0
    if js_at is None and POUILLEUX in unplaced and unknown_cards > 0:
        p_js = rest / unknown_cards / size
    return p_pair - p_js - (0.3 if size == 2 else 0.0)


def _jack_key(
    view: PouilleuxView, target: int, known: dict[int, set[str]], js_at: int | None
) -> tuple[bool, bool, int, float]:
    """Order of the Jacks' victims: not about to go out nor known to hold the pouilleux, then
    more than two cards, then the biggest hand, then the likeliest pair."""
    score = _jack_score(view, target, known, js_at)
    size = view.hand_sizes[target]
    return (score > -1.0, size > 2, size, score)


def _unplaced(view: PouilleuxView) -> set[str]:
    """Cards whose holder this seat does not know."""
    placed = set(view.hand or ()) | {k.card for k in view.known or ()}
    for ps in view.laid:
        for a, b in ps:
            placed.add(a)
            placed.add(b)
    return {c.code for c in DECK} - placed


def _blocking_colour(view: PouilleuxView) -> str:
    """The colour in which the other players can form the fewest pairs."""
    mine = set(view.hand or ())
    laid = {c for ps in view.laid for p in ps for c in p}
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
    """The reason ``why`` in words (atout/locales/<lang>/bots.ftl)."""
    seat = params.get("from", params.get("target", params.get("seat")))
    a, b = params.get("players", (0, 0))
    msg = "take" if why in ("draw", "pick") else why.replace("_", "-")
    return say(
        lang,
        f"bots-pouilleux-{msg}",
        names=sentences.names(params.get("cards", []), lang),
        who=sentences.seat(seat or 0, lang),
        a=sentences.seat(a, lang),
        b=sentences.seat(b, lang),
        colour=params.get("colour", "black"),
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
