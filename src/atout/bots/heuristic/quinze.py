"""Le Quinze strategy: let the solver shed as many hand cards as possible; when no fifteen is
possible, lay the card whose loss hurts least.

* **Fifteens**: :func:`atout.games.fifteens.best_play` finds the disjoint fifteens that remove
  the most hand cards (then the most points). We make its first fifteen; the next decision asks
  again, so the whole best set gets made, and going out is never missed.
* **Laying** (no fifteen this turn): each card, or face pair, that may be laid is scored by
  - the points it takes out of the hand (a card left in hand scores against us at the end),
  - what the hand keeps: the chance that next turn's draw, from the cards not yet seen, gives a
    fifteen with the cards left and the table (the laid card stays usable on the table),
  - what it gives away: how many more unseen cards would make a fifteen on the table once it lies
    there (a single card from the next player's hand is enough).
"""

from __future__ import annotations

import math
import random
from functools import cache
from typing import Any

from atout.cards import Card, card, deck_54, deck_108
from atout.games import sentences
from atout.games.base import State
from atout.games.fifteens import best_play, count_fifteens, points
from atout.games.quinze import Done, Fifteen, Lay, Pass, QuinzeView
from atout.locales import say

GAME_ID = "quinze"

W_POINTS = 1.0  # per 10 points laid
W_KEEP = 2.0  # chance of a fifteen next turn
W_GIVE = 1.5  # share of unseen cards that would make a fifteen on the new table
W_TWO = 0.4  # a face pair takes two cards out at once


@cache
def _deck(players: int) -> tuple[Card, ...]:
    return tuple(deck_54() if players <= 4 else deck_108())


def _unseen_by_rank(view: QuinzeView) -> dict[int, tuple[Card, int]]:
    """Unseen cards grouped by rank (suits play no part): a representative and a count."""
    seen = set(view.hand or ()) | set(view.table) | set(view.discard)
    out: dict[int, tuple[Card, int]] = {}
    for c in _deck(view.players):
        if c.code not in seen:
            rep, n = out.get(c.rank, (c, 0))
            out[c.rank] = (rep, n + 1)
    return out


def decide(view: QuinzeView, legal: Any, rng: random.Random) -> tuple[Any, str, dict]:
    if view.phase.name != "play":
        return legal[0], "deal", {}
    hand = [card(c) for c in view.hand or ()]
    table = [card(c) for c in view.table]
    play = best_play(hand, table)
    if play.fifteens:
        move = Fifteen(tuple(c.code for c in play.fifteens[0]))
        if move in legal:
            why = "out" if play.goes_out else "fifteen"
            return move, why, {"cards": list(move.cards), "shed": play.hand_cards}
    lays = [m for m in legal if isinstance(m, Lay)]
    if view.made:
        if lays and view.can_speed_lay:
            move, _ = _best_lay(view, hand, table, lays)
            return move, "speed_lay", {"cards": list(move.cards)}
        return _find(legal, Done) or legal[-1], "done", {}
    if not lays:
        return _find(legal, Pass) or legal[-1], "pass", {}
    move, detail = _best_lay(view, hand, table, lays)
    return move, "lay", {"cards": list(move.cards), **detail}


def _find(legal: Any, kind: type) -> Any:
    for m in reversed(legal):  # the non-fifteen moves are listed last
        if isinstance(m, kind):
            return m
        if isinstance(m, Fifteen):
            return None
    return None


def _best_lay(
    view: QuinzeView, hand: list[Card], table: list[Card], lays: list[Any]
) -> tuple[Any, dict[str, int]]:
    unseen = _unseen_by_rank(view)
    total = sum(n for _, n in unseen.values()) or 1
    before = sum(n for rep, n in unseen.values() if count_fifteens([rep], table))
    best, best_score, detail = lays[0], float("-inf"), {}
    for m in lays:
        out = [card(c) for c in m.cards]
        rest = [c for c in hand if c not in out]
        new_table = table + out
        keep = sum(n for rep, n in unseen.values() if count_fifteens([*rest, rep], new_table))
        give = sum(n for rep, n in unseen.values() if count_fifteens([rep], new_table)) - before
        pts = sum(points(c) for c in out)
        score = (
            W_POINTS * pts / 10
            + W_KEEP * keep / total
            - W_GIVE * max(0, give) / total
            + W_TWO * (len(out) - 1)
        )
        if score > best_score:
            best, best_score = m, score
            detail = {"keep": round(100 * keep / total), "give": round(100 * max(0, give) / total)}
    return best, detail


def explain(why: str, params: dict[str, Any], lang: str = "en") -> str:
    """The reason ``why`` in words (atout/locales/<lang>/bots.ftl)."""
    return say(
        lang,
        f"bots-quinze-{why.replace('_', '-')}",
        names=sentences.names(params.get("cards", []), lang, ", "),
        shed=params.get("shed", 0),
        keep=params.get("keep", 0),
        give=params.get("give", 0),
    )


# --------------------------------------------------------------------------- for ISMCTS


def rollout(state: State[Any], legal: Any, rng: random.Random) -> Any:
    """Playout policy on a sampled state: the solver's best fifteen when there is one (as the
    heuristic plays), else end the turn, else lay the card worth the most points (often a
    random one, to keep playouts varied); between two deals, deal."""
    if state.phase != "play":  # type: ignore[attr-defined]
        return legal[0]
    hand = state.hands[state.seat]  # type: ignore[attr-defined]
    if isinstance(legal[0], Fifteen):
        play = best_play(hand, state.table)  # type: ignore[attr-defined]
        if play.fifteens:
            return Fifteen(tuple(c.code for c in play.fifteens[0]))
    return _without_fifteen(hand, legal, rng)


def playout(state: State[Any], rng: random.Random) -> Any:
    """:func:`rollout` without the list of legal moves (listing every fifteen was most of a
    playout's time): the same move for the same generator, legal by construction."""
    if state.phase != "play":  # type: ignore[attr-defined]
        return state.legal_moves()[0]
    hand = state.hands[state.seat]  # type: ignore[attr-defined]
    play = best_play(hand, state.table)  # type: ignore[attr-defined]
    if play.fifteens:
        return Fifteen(tuple(c.code for c in play.fifteens[0]))
    return _without_fifteen(hand, state.other_moves(hand), rng)  # type: ignore[attr-defined]


def _without_fifteen(hand: list[Card], legal: Any, rng: random.Random) -> Any:
    """The playout move when no fifteen is left: ``legal`` holds only lays and done/pass."""
    n = len(legal)
    last = legal[n - 1]
    if isinstance(last, Done):
        return last
    if rng.random() < 0.5:
        return legal[int(rng.random() * n)]
    if len(hand) < 2:
        return last
    return Lay((max(hand, key=points).code,))


def prior(view: QuinzeView) -> float:
    """In a match, ISMCTS overrules the heuristic only when sure (2 standard errors, not 1):
    a deal's win chances differ by little between moves, and with 1 it overruled 40% of the
    heuristic's moves, mostly on noise, winning more deals but losing them with 20 points in
    hand instead of 13 (bench/RESULTS.md, "Le Quinze matches")."""
    return 2.0 if view.options.match else 1.0


def horizon(state: State[Any]) -> bool:
    """Playouts stop when the deal ends: the match is judged on the scores so far."""
    return state.phase != "play"  # type: ignore[attr-defined]


#: The spread (standard deviation) of a seat's points in one deal of a match, in heuristic
#: self-play with 2 to 6 players (13 to 15.5 points): one deal's worth of luck.
DEAL_SD = 14.0


def evaluate(state: State[Any]) -> list[float]:
    """A deal over (or cut short), the match going on: each seat's chance to win the match.

    The points still in hand count as scored. "Lowest total wins" would say the same thing
    whatever was played once the totals are a deal apart (most of a match), and nothing about
    how many points a lost deal costs. Instead the totals go through a softmax whose temperature
    is one deal's spread of points (a logistic close to the normal law of a deal's luck): fewer
    points always help, and the tree sees how much. A single deal (``match=false``): the fewest
    points win.
    """
    totals = list(state.totals)  # type: ignore[attr-defined]
    if state.phase == "play":  # type: ignore[attr-defined]
        for i, h in enumerate(state.hands):  # type: ignore[attr-defined]
            totals[i] += sum(points(c) for c in h)
    low = min(totals)
    if not state.options.match:  # type: ignore[attr-defined]
        n = totals.count(low)
        return [1.0 / n if t == low else 0.0 for t in totals]
    temperature = 0.83 * DEAL_SD
    weights = [math.exp((low - t) / temperature) for t in totals]
    total = sum(weights)
    return [w / total for w in weights]
