"""Hints: the move a bot would make from a seat's view, and why, in English and French.

Used by the clients ("what would you play?"). Like the bots, a hint reads only the view.
"""

from __future__ import annotations

from typing import Any

from atout.bots import make_spec
from atout.games.base import Game
from atout.locales import say

LANGS = ("en", "fr")


def hint(
    game: Game[Any],
    view: dict[str, Any],
    legal: list[Any],
    bot_kind: str = "heuristic",
    seed: int = 0,
) -> tuple[Any, dict[str, str]]:
    """``(move, {"en": sentence, "fr": phrase})`` for the seat whose ``view`` this is.

    ``bot_kind`` is ``heuristic`` (explains its rule), ``ismcts`` (reports its simulations;
    ``ismcts:2000`` sets the budget) or ``random``.
    """
    if not legal:
        raise ValueError("no legal move: it is not this seat's turn")
    kind = bot_kind.partition(":")[0]
    if kind == "heuristic":
        from atout.bots.heuristic import HeuristicBot, explain

        move, why, params = HeuristicBot(seed).decide(game, view, legal)
        return move, {lang: explain(game, why, params, lang) for lang in LANGS}
    if kind == "ismcts":
        bot = make_spec(bot_kind, seed)  # ismcts, or ismcts:2000 (its budget)
        move = bot.choose(game, view, legal)
        return move, _ismcts_reason(game, move, bot.last)
    move = make_spec(bot_kind, seed).choose(game, view, legal)
    return move, {lang: say(lang, "bots-random") for lang in LANGS}


def _ismcts_reason(game: Game[Any], move: Any, last: dict[str, Any]) -> dict[str, str]:
    """What the search found, in words: how often the move was tried and won, and the next
    best (kept: the heuristic's move, not beaten beyond noise)."""
    stats: dict[Any, tuple[int, float]] = last.get("stats", {})
    if not stats:
        return {lang: say(lang, "bots-search-only", move=_move(game, move, lang)) for lang in LANGS}
    visits, value = stats.get(move, (0, 0.0))
    others = sorted(
        ((v, m) for m, (n, v) in stats.items() if m != move and n > 0), key=lambda x: -x[0]
    )
    then, other, other_value = "none", None, 0.0
    if others:
        other_value, other = others[0]
        then = "kept" if other_value > value else "next"
    return {
        lang: say(
            lang,
            "bots-search",
            move=_move(game, move, lang),
            total=last.get("iterations", 0),
            visits=visits,
            pct=round(100 * value),
            then=then,
            other=game.describe_move(other, lang) if other is not None else "",
            other_pct=round(100 * other_value),
        )
        for lang in LANGS
    }


def _move(game: Game[Any], move: Any, lang: str) -> str:
    return _cap(game.describe_move(move, lang))


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
