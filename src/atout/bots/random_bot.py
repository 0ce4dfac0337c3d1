"""The random bot: a uniform choice among the legal moves. The baseline every bot must beat."""

from __future__ import annotations

import random
from typing import Any

from atout.bots.registry import register
from atout.games.base import Game


class RandomBot:
    name = "random"
    needs_view = False  # skip building a view the bot would not read

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game[Any], view: dict[str, Any], legal: list[Any]) -> Any:
        return self.rng.choice(legal)


register("random", RandomBot)
