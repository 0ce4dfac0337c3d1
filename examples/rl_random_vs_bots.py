"""Evaluate an agent in atout's PettingZoo environments against atout's heuristic bot.

The agent here is the simplest that is legal: a uniform choice among the actions its mask
allows. Replace :func:`masked_random` by your policy (it receives the observation dict: the
``observation`` vector and the ``action_mask``). The bot plays its seats through
``env.unwrapped.actions_for(move)``, the actions that make the move it chose (one action, or a
Le Quinze fifteen's selections then its confirmation).

Run: ``python examples/rl_random_vs_bots.py [--games 200] [--players 2] [--bot heuristic]``
(needs the ``rl`` extra: ``pip install -e '.[rl]'``).
"""

from __future__ import annotations

import argparse
import math
import random
from typing import Any

import numpy as np

from atout import rl
from atout.bots import make_bot

OPTIONS: dict[str, dict[str, Any]] = {"q2j": {}, "pouilleux": {}, "quinze": {"match": False}}


def masked_random(obs: dict[str, np.ndarray], rng: random.Random) -> int:
    """A uniform choice among the legal actions."""
    legal = np.flatnonzero(obs["action_mask"])
    return int(legal[rng.randrange(len(legal))])


def play(game_id: str, players: int, games: int, bot_kind: str, seed: int) -> tuple[float, int]:
    """The agent's share of wins (a shared win counts as a win) over ``games`` games, with the
    agent in each seat in turn and the bot in all the others."""
    env = rl.env(game_id, players=players, **OPTIONS[game_id])
    rng = random.Random(seed)
    wins = 0
    for g in range(games):
        me = f"player_{g % players}"
        bots = {
            a: make_bot(bot_kind, seed * 1000 + g * 10 + i)
            for i, a in enumerate(env.possible_agents)
        }
        env.reset(seed=seed * 100_000 + g)
        raw = env.unwrapped
        queued: list[int] = []  # the bot's remaining actions for the move it chose
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            if term or trunc:
                if agent == me and reward > 0:
                    wins += 1
                env.step(None)
                continue
            if agent == me:
                env.step(masked_random(obs, rng))
                continue
            if not queued:
                st = raw.game_state
                move = bots[agent].choose(raw.game, st.view(st.current), st.legal_moves())
                queued = raw.actions_for(move)
            env.step(queued.pop(0))
    return wins / games, games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--bot", default="heuristic")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(f"masked-random agent against {args.bot} ({args.players} players, {args.games} games)")
    for game_id in OPTIONS:
        p, n = play(game_id, args.players, args.games, args.bot, args.seed)
        half = 1.96 * math.sqrt(p * (1 - p) / n)
        fair = 1 / args.players
        print(f"  {game_id:10s} win rate {p:6.1%} ± {half:.1%}  (an equal player: {fair:.0%})")


if __name__ == "__main__":
    main()
