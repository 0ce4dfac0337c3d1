"""Named levels: what a player chooses an opponent by (issue 15). Each level is a bot kind of its
own (``make_bot("moyen", seed)``), accepted wherever a kind is: ``create_table``'s ``bot_kind``,
``atout play --bot-kind``, ``atout simulate --bots``, ``atout tournament --bots``.

* ``debutant``: the heuristic, which with probability ``MISTAKE`` slips: it plays another move
  *of the same kind* as its choice (a card for a card, a fifteen for a fifteen: never a draw or a
  pass when it would play), drawn at random among them. It never misses a win or its last cards,
  nor errs on forced or bookkeeping moves. A plausible, beatable player. (Slipping to the
  heuristic's *second* choice only, as first tried, barely weakened it: 51% for the heuristic
  against it in Q²J at 400 games even at 70% slips; see bench/RESULTS.md.)
* ``moyen``: the heuristic.
* ``fort``: ISMCTS with a small budget (``FORT_ITERATIONS`` iterations per decision).
* ``expert``: ISMCTS at the game's default budget, never more than ``EXPERT_SECONDS`` per decision.

bench/levels.py measures each level against the one below; bench/RESULTS.md has the figures.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from atout.bots import Bot, register
from atout.bots.heuristic import STRATEGIES, HeuristicBot
from atout.bots.ismcts import ISMCTSBot
from atout.games.base import Game

#: The beginner's chance of playing its second choice on a decision that has one.
MISTAKE = 0.5
#: ISMCTS iterations per decision of the ``fort`` level.
FORT_ITERATIONS = 100
#: Most seconds an ``expert`` decision may take (its budget is the game's default iterations).
EXPERT_SECONDS = 0.5

#: Reasons (heuristic ``why`` keys) on which the beginner never errs: a win, the last cards, a
#: forced move (nothing to lay, must draw), or bookkeeping (deal, end of turn).
_NO_MISTAKE = frozenset(
    {
        "win",
        "out",
        "last",
        "deal",
        "done",
        "pass",
        "draw",
        "pick",
        "end",
        "no_play",
        "no_jack",
        "random",
    }
)


@dataclass(frozen=True)
class Level:
    id: str
    en: str
    fr: str
    kind: str  # what it is made of (informational: clients pass ``id`` as the bot kind)

    def to_dict(self) -> dict[str, str]:
        return {"id": self.id, "en": self.en, "fr": self.fr, "kind": self.kind}


LEVELS: tuple[Level, ...] = (
    Level("debutant", "Beginner", "Débutant", f"heuristic+mistakes:{MISTAKE}"),
    Level("moyen", "Intermediate", "Moyen", "heuristic"),
    Level("fort", "Strong", "Fort", f"ismcts:{FORT_ITERATIONS}"),
    Level("expert", "Expert", "Expert", f"ismcts:default<={EXPERT_SECONDS}s"),
)


def bot_levels() -> list[dict[str, str]]:
    """The levels as published to clients (``list_games``: each game's ``bot_levels``)."""
    return [lv.to_dict() for lv in LEVELS]


class BeginnerBot:
    """The heuristic with human-like slips: see the module's docstring. ``second_choice``
    (the heuristic's own next pick) is kept for comparison: ``slip="second"``."""

    name = "debutant"

    def __init__(self, seed: int = 0, mistake: float = MISTAKE, slip: str = "same_kind") -> None:
        self.heuristic = HeuristicBot(seed)
        self.rng = random.Random(
            seed * 2 + 1
        )  # its own stream: the slips do not shift the heuristic's
        self.mistake = mistake
        self.slip = slip
        self.slips = 0  # how many decisions took the second choice (for tests and benches)

    def choose(self, game: Game[Any], view: dict[str, Any], legal: list[Any]) -> Any:
        best, why, _ = self.heuristic.decide(game, view, legal)
        if (
            len(legal) < 2
            or why in _NO_MISTAKE
            or game.id not in STRATEGIES
            or self.rng.random() >= self.mistake
        ):
            return best
        if self.slip == "second":
            second = self.second_choice(game, view, legal, best)
        else:
            same = [m for m in legal if m != best and type(m) is type(best)]
            second = same[int(self.rng.random() * len(same))] if same else None
        if second is None:
            return best
        self.slips += 1
        return second

    def second_choice(
        self, game: Game[Any], view: dict[str, Any], legal: list[Any], best: Any
    ) -> Any | None:
        """The heuristic's choice once ``best`` is taken away, if it is a move of the same kind."""
        rest = [m for m in legal if m != best]
        if not any(type(m) is type(best) for m in rest):
            return None
        second, _, _ = self.heuristic.decide(game, view, rest)
        if second == best or second not in rest or type(second) is not type(best):
            return None
        return second


def _expert(seed: int) -> Bot:
    bot = ISMCTSBot(seed)
    bot.time_cap = EXPERT_SECONDS
    return bot


register("debutant", BeginnerBot)
register("moyen", HeuristicBot)
register("fort", lambda seed: ISMCTSBot(seed, iterations=FORT_ITERATIONS))
register("expert", _expert)
