"""Hints: the move a bot would make from a seat's view, and why, in English and French.

Used by the clients ("what would you play?"). Like the bots, a hint reads only the view.
"""

from __future__ import annotations

from typing import Any

from atout.bots import make_spec
from atout.games.base import Game


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
        return move, {lang: explain(game, why, params, lang) for lang in ("en", "fr")}
    if kind == "ismcts":
        bot = make_spec(bot_kind, seed)  # ismcts, or ismcts:2000 (its budget)
        move = bot.choose(game, view, legal)
        return move, _ismcts_reason(game, move, bot.last)
    move = make_spec(bot_kind, seed).choose(game, view, legal)
    return move, {"en": "A random legal move.", "fr": "Un coup légal au hasard."}


def _ismcts_reason(game: Game[Any], move: Any, last: dict[str, Any]) -> dict[str, str]:
    stats: dict[Any, tuple[int, float]] = last.get("stats", {})
    en_move, fr_move = _cap(game.describe_move(move, "en")), _cap(game.describe_move(move, "fr"))
    if not stats:
        return {
            "en": f"{en_move}: it is the only legal move.",
            "fr": f"{fr_move} : c'est le seul coup légal.",
        }
    visits, value = stats.get(move, (0, 0.0))
    total = last.get("iterations", 0)
    pct = round(100 * value)
    others = sorted(
        ((v, m) for m, (n, v) in stats.items() if m != move and n > 0), key=lambda x: -x[0]
    )
    en = (
        f"{en_move}: in {total} simulated games from deals consistent with what you "
        f"see, it was tried {visits} times and won {pct}% of them"
    )
    fr = (
        f"{fr_move} : sur {total} parties simulées à partir de donnes compatibles "
        f"avec ce que vous voyez, ce coup a été essayé {visits} fois et a gagné {pct} % d'entre "
        "elles"
    )
    if others:
        v, m = others[0]
        en_o, fr_o, pct_o = game.describe_move(m, "en"), game.describe_move(m, "fr"), round(100 * v)
        if v > value:  # the heuristic's move was kept: the other did not beat it beyond noise
            en += f"; {en_o} won {pct_o}%, not clearly better over so few games."
            fr += f" ; {fr_o} a gagné {pct_o} %, pas nettement mieux sur si peu de parties."
        else:
            en += f"; the next best, {en_o}, won {pct_o}%."
            fr += f" ; le suivant, {fr_o}, a gagné {pct_o} %."
    else:
        en += "."
        fr += "."
    return {"en": en, "fr": fr}


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
