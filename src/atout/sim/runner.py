"""Play seeded games between bots in-process and summarise them.

A game is fully determined by (game, players, options, seed, bot kinds): the deal uses ``seed``
and each bot gets its own generator derived from it, so a run can always be reproduced.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from atout.bots import Bot, make_spec
from atout.games import get_game
from atout.games.base import Event, Game, Result, State

# A random playout that has not ended after this many moves is reported as unfinished.
MAX_MOVES = 20_000


@dataclass
class Played:
    """One finished (or abandoned) game: enough to replay it."""

    game: str
    players: int
    options: dict[str, Any]
    seed: int
    bots: list[str]
    moves: list[Any] = field(default_factory=list)
    result: Result | None = None


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` in a run seeded with ``seed``."""
    return (seed * 1_000_003 + index) & 0xFFFF_FFFF_FFFF


def play(
    game: Game[Any],
    players: int,
    options: dict[str, Any] | None,
    seed: int,
    bot_kinds: Sequence[str],
    on_event: Callable[[State[Any], int | None, list[Event]], None] | None = None,
    on_turn: Callable[[State[Any], int], None] | None = None,
) -> Played:
    """Play one game; ``on_turn(state, seat)`` runs before each move and
    ``on_event(state, seat, events)`` after it (for the demo)."""
    state = game.setup(players, options, seed)
    bots: list[Bot] = [make_spec(k, seed * 31 + i) for i, k in enumerate(bot_kinds)]
    record = Played(game.id, players, dict(options or {}), seed, list(bot_kinds))
    if on_event:
        on_event(state, None, state.start_events())
    while (seat := state.current) is not None and len(record.moves) < MAX_MOVES:
        if on_turn:
            on_turn(state, seat)
        bot = bots[seat]
        legal = state.legal_moves()
        view = state.view(seat) if getattr(bot, "needs_view", True) else {}
        move = bot.choose(game, view, legal)
        events = state.apply(seat, move)
        record.moves.append(move)
        if on_event:
            on_event(state, seat, events)
    record.result = state.result()
    return record


@dataclass
class Summary:
    game: str
    players: int
    games: int
    completed: int = 0
    wins: list[float] = field(default_factory=list)
    moves: int = 0
    seconds: float = 0.0
    reasons: dict[str, int] = field(default_factory=dict)
    bots: list[str] = field(default_factory=list)

    def add(self, rec: Played) -> None:
        self.moves += len(rec.moves)
        if rec.result is None:
            return
        self.completed += 1
        share = 1.0 / len(rec.result.winners)
        for w in rec.result.winners:
            self.wins[w] += share
        self.reasons[rec.result.reason] = self.reasons.get(rec.result.reason, 0) + 1

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "bots": self.bots,
            "games": self.games,
            "completed": self.completed,
            "wins": [round(w, 3) for w in self.wins],
            "win_rates": [
                round(w / self.completed, 4) if self.completed else 0.0 for w in self.wins
            ],
            "end_reasons": dict(sorted(self.reasons.items())),
            "avg_moves": round(self.moves / self.games, 2) if self.games else 0.0,
            "games_per_s": round(self.games / self.seconds, 1) if self.seconds else 0.0,
            "moves_per_s": round(self.moves / self.seconds, 1) if self.seconds else 0.0,
            "seconds": round(self.seconds, 3),
        }


def simulate(
    game_id: str,
    players: int,
    games: int,
    seed: int,
    bot_kinds: Sequence[str],
    options: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
) -> Summary:
    """Play ``games`` seeded games and summarise them. Same arguments, same summary (timing aside)."""
    game = get_game(game_id)
    kinds = (
        list(bot_kinds)
        if len(bot_kinds) == players
        else [bot_kinds[i % len(bot_kinds)] for i in range(players)]
    )
    summary = Summary(game_id, players, games, wins=[0.0] * players, bots=kinds)
    t0 = time.perf_counter()
    for i in range(games):
        summary.add(play(game, players, options, game_seed(seed, i), kinds))
        if progress:
            progress(1)
    summary.seconds = time.perf_counter() - t0
    return summary
