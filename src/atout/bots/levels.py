"""Named levels: what a player chooses an opponent by (issue 15). Each level is a bot kind of its
own (``make_bot("moyen", seed)``), accepted wherever a kind is: ``create_table``'s ``bot_kind``,
``atout play --bot-kind``, ``atout simulate --bots``, ``atout tournament --bots``.

* ``debutant``: the heuristic, which with probability ``MISTAKE`` (``GAME_MISTAKES`` per game)
  slips: it plays another move
  *of the same kind* as its choice (a card for a card, a fifteen for a fifteen: never a draw or a
  pass when it would play), drawn at random among them. It never misses a win or its last cards,
  nor errs on forced or bookkeeping moves. A plausible, beatable player. In Le Pouilleux, where
  the heuristic's choices among special pairs barely matter, it forgets to lay its pair instead. (Slipping to the
  heuristic's *second* choice only, as first tried, barely weakened it: 51% for the heuristic
  against it in Q²J at 400 games even at 70% slips; see bench/RESULTS.md.)
* ``moyen``: the heuristic; the level a table's bots get when nobody names one
  (:data:`DEFAULT_LEVEL`).
* ``fort``: ISMCTS with a small budget (``FORT_BUDGETS`` iterations per decision, per game).
* ``expert``: ISMCTS at ``EXPERT_BUDGETS`` iterations per game, never more than
  ``EXPERT_SECONDS`` per decision; in Q²J its samples follow what play revealed
  (:mod:`atout.bots.belief`, ``EXPERT_BELIEFS``), in Le Quinze they are uniform (the belief did
  not help there).
* **Le Pouilleux** has levels of its own, by size (``SIZED_SLIPS``): its skill is nearly all in
  laying the special pairs, so each level is the heuristic forgetting them at its own rate, and
  the search only where it beats the heuristic: the expert at 2 players. From 3 players the
  search does not (49.5% against the heuristic at 4), so the heuristic is the expert there.

bench/levels.py measures each level against the one below; bench/RESULTS.md has the figures.
"""

from __future__ import annotations

import random
import unicodedata
from dataclasses import dataclass
from typing import Any

from atout.bots.heuristic import STRATEGIES, HeuristicBot
from atout.bots.ismcts import ISMCTSBot
from atout.bots.registry import Bot, bot_kinds, make_bot, register, typed
from atout.games.base import Game, View
from atout.locales import say

#: The beginner's chance of slipping on a decision that has a real choice, per game
#: (``MISTAKE`` for the others), set from the ladder's figures (bench/RESULTS.md).
MISTAKE = 0.5
GAME_MISTAKES: dict[str, float] = {"q2j": 0.75}
#: How the beginner slips, per game: ``same_kind`` (another move of the kind it chose, at
#: random) unless named here; ``forget`` (Le Pouilleux: it forgets to lay its special pair and
#: ends the turn, the one choice there that matters; where the heuristic keeps its Queens, the
#: slip is the other way: it lays them).
GAME_SLIPS: dict[str, str] = {"pouilleux": "forget"}
#: ISMCTS iterations per decision of the ``fort`` level, per game (ISMCTS's own default else):
#: about halfway between the heuristic and the expert (bench/RESULTS.md, the level ladder).
FORT_BUDGETS: dict[str, int] = {"q2j": 100, "quinze": 150}
#: The ``expert``: ISMCTS with these iterations per game, never more than ``EXPERT_SECONDS`` per
#: decision (Q²J 4000: a median ~0.27 s of one core per decision, bench/RESULTS.md).
EXPERT_BUDGETS: dict[str, int] = {"q2j": 4000, "quinze": 400, "pouilleux": 300}
EXPERT_ROLLOUTS: dict[str, str] = {}
#: Whether the expert's samples follow what play revealed, per game (Le Pouilleux has no belief:
#: its determinization already keeps what the seat saw). Le Quinze's did not help (bench/RESULTS.md).
EXPERT_BELIEFS: dict[str, bool] = {"q2j": True, "quinze": False}
EXPERT_SECONDS = 0.5
#: The games whose levels are set by size: how often each level slips from the heuristic
#: (0: the heuristic itself; None: the level's search), by the fewest players a row applies to.
#: Le Pouilleux (bench/RESULTS.md, "Fourth run: Le Pouilleux's ladder"): a level forgets its
#: special pairs.
SIZED_SLIPS: dict[str, dict[int, dict[str, float | None]]] = {
    "pouilleux": {
        2: {"debutant": 0.4, "moyen": 0.2, "fort": 0.1, "expert": None},
        3: {"debutant": 0.5, "moyen": 0.3, "fort": 0.15, "expert": 0.0},
    },
}


def slip_rate(level: str, game_id: str, players: int) -> float | None:
    """How often ``level`` slips from the heuristic in this game at this size; None: it
    searches instead."""
    rows = SIZED_SLIPS.get(game_id)
    if rows:
        return rows[max(k for k in rows if k <= players)][level]
    if level == "debutant":
        return GAME_MISTAKES.get(game_id, MISTAKE)
    return 0.0 if level == "moyen" else None


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
    """A level of play, named in words by the catalogue (``bots-level-<id>`` in ``bots.ftl``)."""

    id: str

    def name(self, lang: str = "en") -> str:
        """``Intermediate`` / ``Moyen``, or in any language of the catalogue."""
        return say(lang, f"bots-level-{self.id}")

    @property
    def en(self) -> str:
        return self.name("en")

    @property
    def fr(self) -> str:
        return self.name("fr")

    def kind(self, game_id: str) -> str:
        """What this level is made of in ``game_id``, as a bot spec (informational: clients
        pass ``id`` as the bot kind): ``ismcts:100``, ``heuristic+forget:0.15 (3p+)``…"""
        rows = SIZED_SLIPS.get(game_id)
        if rows:
            top = max(rows)
            return "; ".join(
                f"{self._spec(game_id, rows[n][self.id])} ({n}p{'+' if n == top else ''})"
                for n in sorted(rows)
            )
        return self._spec(game_id, slip_rate(self.id, game_id, 2))

    def _spec(self, game_id: str, slips: float | None) -> str:
        if slips is None:  # the level's search, as its bot would run it
            bot = make_bot(self.id, 0)
            assert isinstance(bot, ISMCTSBot)
            infer = "+infer" if bot.infers(game_id) else ""
            cap = f"<={bot.time_cap}s" if bot.time_cap else ""
            return f"ismcts:{bot.budget(game_id)}{infer}{cap}"
        if not slips:
            return "heuristic"
        how = GAME_SLIPS.get(game_id, "mistakes")
        return f"heuristic+{'mistakes' if how == 'same_kind' else how}:{slips}"

    def to_dict(self, game_id: str) -> dict[str, str]:
        return {"id": self.id, "en": self.en, "fr": self.fr, "kind": self.kind(game_id)}


LEVELS: tuple[Level, ...] = (
    Level("debutant"),
    Level("moyen"),
    Level("fort"),
    Level("expert"),
)
#: The level bots play at when none is named: quick play's, ``atout play``'s, the page's forms.
#: Published in ``list_games`` (:func:`published`); every other part reads it from here.
DEFAULT_LEVEL = "moyen"


def level_id(name: str) -> str | None:
    """The level called ``name`` by its id or its English or French name, in any case and with
    or without accents (``"Intermediate"``, ``"debutant"``, ``"Débutant"``); None if none is."""
    key = _plain(name)
    for lv in LEVELS:
        if key in (lv.id, _plain(lv.en), _plain(lv.fr)):
            return lv.id
    return None


def _plain(text: str) -> str:
    return unicodedata.normalize("NFKD", text.strip()).encode("ascii", "ignore").decode().lower()


def bot_levels(game_id: str) -> list[dict[str, str]]:
    """The levels as published to clients (``list_games``: each game's ``bot_levels``, with
    what each is made of in that game)."""
    return [lv.to_dict(game_id) for lv in LEVELS]


def raw_kinds() -> list[str]:
    """The bot kinds that are not levels (``heuristic``, ``ismcts``, ``random``): what an
    expert may seat by name."""
    levels = {lv.id for lv in LEVELS}
    return [k for k in bot_kinds() if k not in levels]


def published(game_id: str) -> dict[str, Any]:
    """What ``list_games`` publishes of the bots for ``game_id``, so that no client writes it:
    ``bot_levels`` (each with what it is made of in that game), ``default_level`` and
    ``bot_kinds`` (the kinds that are not levels)."""
    return {
        "bot_levels": bot_levels(game_id),
        "default_level": DEFAULT_LEVEL,
        "bot_kinds": raw_kinds(),
    }


class BeginnerBot:
    """The heuristic with human-like slips: see the module's docstring. ``second_choice``
    (the heuristic's own next pick) is kept for comparison: ``slip="second"``. Also the
    ``moyen`` level (no slips but in the games set by size)."""

    def __init__(
        self,
        seed: int = 0,
        mistake: float | None = None,
        slip: str | None = None,
        level: str = "debutant",
    ) -> None:
        self.name = level
        self.level = level
        self.heuristic = HeuristicBot(seed)
        # its own stream: the slips do not shift the heuristic's
        self.rng = random.Random(seed * 2 + 1)
        self.mistake = mistake  # None: the level's in this game at this size (slip_rate)
        self.slip = slip  # None: the game's (GAME_SLIPS, else "same_kind")
        self.slips = 0  # how many decisions took the second choice (for tests and benches)

    def choose(self, game: Game[Any], view: View | dict[str, Any], legal: list[Any]) -> Any:
        view = typed(game, view)
        best, why, _ = self.heuristic.decide(game, view, legal)
        mistake = self.mistake
        if mistake is None:
            mistake = slip_rate(self.level, game.id, view.players) or 0.0
        slip = self.slip or GAME_SLIPS.get(game.id, "same_kind")
        if (
            len(legal) < 2
            or why in _NO_MISTAKE
            or game.id not in STRATEGIES
            or self.rng.random() >= mistake
        ):
            return best
        if slip == "second":
            second = self.second_choice(game, view, legal, best)
        elif slip == "forget":
            second = next((m for m in legal if type(m) is not type(best)), None)
        else:
            same = [m for m in legal if m != best and type(m) is type(best)]
            second = same[int(self.rng.random() * len(same))] if same else None
        if second is None:
            return best
        self.slips += 1
        return second

    def second_choice(
        self, game: Game[Any], view: View | dict[str, Any], legal: list[Any], best: Any
    ) -> Any | None:
        """The heuristic's choice once ``best`` is taken away, if it is a move of the same kind."""
        rest = [m for m in legal if m != best]
        if not any(type(m) is type(best) for m in rest):
            return None
        second, _, _ = self.heuristic.decide(game, view, rest)
        if second == best or second not in rest or type(second) is not type(best):
            return None
        return second


class LevelSearch(ISMCTSBot):
    """``fort`` and ``expert``: their search, or where ``SIZED_SLIPS`` says so for the game and
    size, the heuristic with that level's slips (decided on each view: the size is in it)."""

    def __init__(self, seed: int, level: str, **kw: Any) -> None:
        super().__init__(seed, **kw)
        self.level = level
        self.plain = BeginnerBot(seed, level=level)

    def offloads(self, game_id: str, players: int) -> bool:
        return slip_rate(self.level, game_id, players) is None  # the heuristic stays in the loop

    def _choose(self, game: Game[Any], view: View, legal: list[Any]) -> Any:
        if not self.offloads(game.id, view.players):
            self.last = {"iterations": 0, "stats": {}}
            return self.plain.choose(game, view, legal)
        return super()._choose(game, view, legal)


def _fort(seed: int) -> Bot:
    return LevelSearch(seed, "fort", budgets=FORT_BUDGETS)


def _expert(seed: int) -> Bot:
    bot = LevelSearch(
        seed,
        "expert",
        budgets=EXPERT_BUDGETS,
        rollouts=EXPERT_ROLLOUTS,
        beliefs=EXPERT_BELIEFS,
    )
    bot.time_cap = EXPERT_SECONDS
    return bot


register("debutant", BeginnerBot)
register("moyen", lambda seed: BeginnerBot(seed, level="moyen"))
register("fort", _fort)
register("expert", _expert)
