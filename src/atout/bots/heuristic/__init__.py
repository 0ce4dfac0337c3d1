"""The heuristic bot: one hand-written strategy per game, reading only the seat's view.

Each game's strategy lives in a module of this package named after the game id and provides:

* ``decide(view, legal, rng) -> (move, why, params)``: the move (``view`` is the game's typed
  :class:`~atout.games.base.View`, read by attribute) and a reason key with its
  parameters (so a hint can say why without formatting text on every move of a simulation);
* ``explain(why, params, lang) -> str``: that reason as a sentence in ``en`` or ``fr``;
* optionally ``rollout(state, legal, rng)``, ``evaluate(state)`` and ``horizon(state)``: a cheap
  playout policy, a score for unfinished playouts and where playouts may stop (Le Quinze: the
  end of the deal), used by ISMCTS on *sampled* states (never the real one); and
  ``playout(state, rng)``: the same policy without the list of legal moves, when listing them
  is the costly part (its moves are applied unchecked, so they must be legal by construction);
  ``prior(view)``: how many standard errors ISMCTS must win by to overrule this strategy.

docs/bots.md explains each strategy.
"""

from __future__ import annotations

import importlib
import pkgutil
import random
from types import ModuleType
from typing import Any

from atout.bots.registry import register, typed
from atout.games.base import Game, View
from atout.locales import say

STRATEGIES: dict[str, ModuleType] = {}
ROLLOUTS: dict[str, Any] = {}
EVALUATIONS: dict[str, Any] = {}
HORIZONS: dict[str, Any] = {}
PLAYOUTS: dict[str, Any] = {}
PRIORS: dict[str, Any] = {}

for _info in pkgutil.iter_modules(__path__):
    _mod = importlib.import_module(f"{__name__}.{_info.name}")
    _gid = getattr(_mod, "GAME_ID", None)
    if _gid:
        STRATEGIES[_gid] = _mod
        if hasattr(_mod, "rollout"):
            ROLLOUTS[_gid] = _mod.rollout
        if hasattr(_mod, "evaluate"):
            EVALUATIONS[_gid] = _mod.evaluate
        if hasattr(_mod, "horizon"):
            HORIZONS[_gid] = _mod.horizon
        if hasattr(_mod, "playout"):
            PLAYOUTS[_gid] = _mod.playout
        if hasattr(_mod, "prior"):
            PRIORS[_gid] = _mod.prior


class HeuristicBot:
    """Dispatches on ``game.id``; a game without a strategy gets random moves."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(
        self, game: Game[Any], view: View | dict[str, Any], legal: list[Any]
    ) -> tuple[Any, str, dict[str, Any]]:
        strategy = STRATEGIES.get(game.id)
        if strategy is None:
            return self.rng.choice(legal), "random", {}
        return strategy.decide(typed(game, view), legal, self.rng)

    def choose(self, game: Game[Any], view: View | dict[str, Any], legal: list[Any]) -> Any:
        return self.decide(game, view, legal)[0]


def explain(game: Game[Any], why: str, params: dict[str, Any], lang: str = "en") -> str:
    """A decision's reason in words, in ``lang`` (the catalogue's atout/locales/<lang>/bots.ftl)."""
    strategy = STRATEGIES.get(game.id)
    if strategy is None or why == "random":
        return say(lang, "bots-random")
    return str(strategy.explain(why, params, lang))


register("heuristic", HeuristicBot)
