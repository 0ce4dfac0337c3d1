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
    fr = lang == "fr"
    names = " + ".join(card(c).name(lang) for c in params.get("cards", []))
    top = " + ".join(card(c).name(lang) for c in params.get("top", []))
    nxt = sentences.seat(params.get("next", 0), lang)
    p = params.get("p", 0)
    if why == "win":
        return (
            f"Jouez {names} : c'est votre dernière carte, vous gagnez."
            if fr
            else f"Play {names}: it is your last card and wins."
        )
    if why == "q2":
        return (
            f"Posez votre Q² ({names}) : deux cartes de moins, et chacun devra poser un Valet "
            "ou piocher avant que vous rejouiez librement."
            if fr
            else f"Lay your Q² ({names}): two cards gone, and everyone else must play a Jack or "
            "draw before you lead again."
        )
    if why == "joe":
        return (
            f"Répondez au Q² avec {names} : sinon vous devez piocher."
            if fr
            else f"Answer the Q² with {names}: otherwise you must draw."
        )
    if why == "no_jack":
        return (
            "Piochez : vous n'avez pas de Valet pour répondre au Q²."
            if fr
            else "Draw: you have no Jack to answer the Q²."
        )
    if why == "no_play":
        return (
            f"Piochez : aucune de vos cartes ne bat {top}."
            if fr
            else f"Draw: none of your cards beats {top}."
        )
    if why == "equal":
        return (
            f"Jouez {names} : même valeur, vous repiocherez une carte, mais c'est mieux que "
            "piocher sans jouer."
            if fr
            else f"Play {names}: same rank, so you draw one back, but that beats drawing outright."
        )
    if p <= 0:  # "about 0%" or "about 100%" would read as a certainty the estimate is not
        odds_en = f"and {nxt} almost certainly cannot beat it"
        odds_fr = f"et {nxt} ne pourra presque sûrement pas la battre"
    elif p < 50:
        odds_en = f"and {nxt} has only about a {p}% chance of beating it"
        odds_fr = f"et {nxt} n'a qu'environ {p} % de chances de pouvoir la battre"
    elif p < 99:
        odds_en = f"even if {nxt} can probably beat it (about {p}%)"
        odds_fr = f"même si {nxt} peut sans doute la battre (environ {p} %)"
    else:
        odds_en = f"even though {nxt} can almost certainly beat it"
        odds_fr = f"même si {nxt} pourra presque sûrement la battre"
    if why == "lead":
        return (
            f"Menez avec {names} : elle serait difficile à placer plus tard, {odds_fr}."
            if fr
            else f"Lead {names}: it would be hard to place later, {odds_en}."
        )
    return (
        f"Jouez {names} : elle serait difficile à placer plus tard, {odds_fr}."
        if fr
        else f"Play {names}: it would be hard to place later, {odds_en}."
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
