"""Q²J strategy: never draw when a card can go, shed the cards that will be hard to place later,
leave a top the next player is unlikely to beat, keep a Jack for the Q² that may come.

Two numbers per card drive the choice (both from the view only):

* **flexibility**: on how many of the 51 other cards it may be played. A King goes on almost
  anything of another suit; a 2 only on higher cards of its own suit or on an Ace. Inflexible
  cards are shed first: later they may find no top to go on.
* **exposure**: the chance that the next player holds an answer to it, from the cards not yet
  seen (not on the pile, not in our hand, not shown at the deal) and that player's hand size.
  Cards they showed at the deal count as held.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from atout.cards import JACK, QUEEN, Card, card, deck_52
from atout.games import sentences
from atout.games.base import State
from atout.games.q2j import Draw, Play, Q2JView, beats
from atout.locales import say

GAME_ID = "q2j"

#: Weights of the score (lower is better), tuned against random and against earlier versions.
W_EXPOSED = 1.0
W_FLEX = 1.0
#: Keeping a Jack while two Queens may be out there is worth this much.
W_KEEP_JACK = 0.35
#: An equal-rank play keeps the hand size (one card out, one drawn): worse than any other play.
W_EQUAL = 1.0

_DECK = tuple(deck_52())


@cache
def _flex(code: str, face_on_ace: bool) -> float:
    """Share of the other cards that ``code`` may be played on (equal ranks excluded)."""
    x = card(code)
    n = sum(1 for t in _DECK if t.rank != x.rank and beats(x, t, face_on_ace))
    return n / 51


@cache
def _answers(code: str, face_on_ace: bool) -> frozenset[Card]:
    """The cards that beat ``code`` as a top (equal ranks included: they are legal)."""
    x = card(code)
    return frozenset(y for y in _DECK if y is not x and beats(y, x, face_on_ace))


def _p_holds(pool: int, good: float, hidden: int) -> float:
    """Chance that ``hidden`` cards drawn from ``pool`` unseen cards include one of ``good``."""
    if good <= 0 or hidden <= 0 or pool <= 0:
        return 0.0
    miss = 1.0
    for i in range(hidden):
        if pool - i <= 0:
            return 1.0
        miss *= max(0.0, (pool - good - i) / (pool - i))
    return 1.0 - miss


def decide(view: Q2JView, legal: list[Any], rng: random.Random) -> tuple[Any, str, dict]:
    plays = [m for m in legal if isinstance(m, Play)]
    top = view.top
    if not plays:
        why = "no_jack" if view.q2_round else "no_play"
        return legal[-1] if isinstance(legal[-1], Draw) else legal[0], why, {"top": top}
    hand = view.hand or []
    me, n = view.seat, view.players
    assert me is not None, "a seat decides"
    nxt = (me + 1) % n
    face_on_ace = view.options.face_on_ace
    # a play that empties the hand wins (an equal rank must draw first: not a win)
    for m in plays:
        if len(m.cards) == len(hand) and (
            len(m.cards) == 2 or view.free_lead or card(m.cards[0]).rank != card(top[0]).rank
        ):
            return m, "win", {"cards": list(m.cards)}
    pairs = [m for m in plays if len(m.cards) == 2]
    if pairs:
        return pairs[0], "q2", {"cards": list(pairs[0].cards)}
    if view.q2_round:  # only Jacks are legal here: answer, drawing is worse
        return plays[0], "joe", {"cards": list(plays[0].cards)}

    seen = set(view.discard) | set(hand)
    shown_next = set(view.shown[str(nxt)])
    for cs in view.shown.values():
        seen.update(cs)
    pool = 52 - len(seen)
    hidden_next = view.hand_sizes[nxt] - len(shown_next)
    queens_out = sum(1 for c in _DECK if c.rank == QUEEN and c.code not in seen) + sum(
        1 for c in shown_next if card(c).rank == QUEEN
    )
    urgency = 1.0 + 2.0 / max(1, view.hand_sizes[nxt])
    top_rank = card(top[0]).rank if top and not view.free_lead else None

    best, best_score, best_p = plays[0], float("inf"), 0.0
    for m in plays:
        code = m.cards[0]
        x = card(code)
        ans = _answers(code, face_on_ace)
        if shown_next and any(card(c) in ans for c in shown_next):
            p = 1.0
        else:
            good = sum(1 for y in ans if y.code not in seen)
            p = _p_holds(pool, good, hidden_next)
        score = W_EXPOSED * urgency * p + W_FLEX * _flex(code, face_on_ace)
        if x.rank == JACK and queens_out >= 2 and len(hand) > 1:
            score += W_KEEP_JACK
        if top_rank is not None and x.rank == top_rank:
            score += W_EQUAL
        if score < best_score:
            best, best_score, best_p = m, score, p
    x = card(best.cards[0])
    if top_rank is not None and x.rank == top_rank:
        why = "equal"
    elif view.free_lead:
        why = "lead"
    else:
        why = "shed"
    return best, why, {"cards": list(best.cards), "next": nxt, "p": round(best_p * 100), "top": top}


def explain(why: str, params: dict[str, Any], lang: str = "en") -> str:
    """The reason ``why`` in words (atout/locales/<lang>/bots.ftl); the odds of the next
    player's answer are said by their size ("about 0%" or "about 100%" would read as a
    certainty the estimate is not)."""
    p = params.get("p", 0)
    odds = "none" if p <= 0 else "low" if p < 50 else "high" if p < 99 else "sure"
    return say(
        lang,
        f"bots-q2j-{why.replace('_', '-')}",
        names=sentences.names(params.get("cards", []), lang),
        top=sentences.names(params.get("top", []), lang),
        next=sentences.seat(params.get("next", 0), lang),
        p=p,
        odds=odds,
    )


def rollout(state: State[Any], legal: list[Any], rng: random.Random) -> Any:
    """Playout policy on a sampled state: a random card when one goes (never a needless draw);
    a Q² or a winning card first."""
    k = len(legal) - 1  # the draw is listed last
    if k == 0:
        return legal[0]
    last = legal[k - 1]
    if len(last.cards) == 2:  # Q² moves are listed after the single cards
        return last
    return legal[int(rng.random() * k)]


def evaluate(state: State[Any]) -> list[float]:
    """An unfinished playout: the fewest cards in hand share the win."""
    sizes = [len(h) for h in state.hands]  # type: ignore[attr-defined]
    low = min(sizes)
    n = sizes.count(low)
    return [1.0 / n if s == low else 0.0 for s in sizes]
