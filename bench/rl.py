"""Steps/s of atout's PettingZoo environments (atout.rl) beside RLCard's UNO environment.

Why: a reinforcement-learning run is bounded by environment steps per second; RLCard's UNO is the
card-game environment most researchers know, so it is the yardstick.

Method (the same for every environment):

* one **step** = one action by an agent; each step also builds the next decision's observation
  and legal actions (what a learner reads). atout: ``rl.env(...)`` with the classic wrappers,
  ``env.last()`` then ``env.step(action)`` over ``agent_iter()`` (the end-of-game bookkeeping
  steps with ``None`` are not counted); again with ``rl.raw_env(...)``, without PettingZoo's
  three wrappers (each attribute read goes through them); RLCard: ``rlcard.make("uno")``, ``env.step(action)``,
  whose return value is the next state (observation and legal actions);
* the action is a uniform choice among the legal ones, from a ``random.Random`` seeded per
  episode (atout: the mask's nonzero entries; RLCard: ``state["legal_actions"]``);
* a Le Quinze fifteen takes several steps (its cards are selected one by one, then confirmed):
  ``steps/move`` says how many steps a game move costs on average;
* each (environment, players) cell runs episodes for ``--seconds``, ``--repeat`` times, cells
  interleaved round-robin; we report the median steps/s (and min–max) and episodes/s.

Run: ``python bench/rl.py [--seconds S] [--repeat R] [--players 2,4] [--clock cpu]``. Needs the
``rl`` extra and, for the comparison, the ``bench`` extra (``pip install -e '.[rl,bench]'``);
without RLCard its rows are skipped and named.
"""

from __future__ import annotations

import argparse
import contextlib
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from importlib import metadata

import numpy as np

#: One cell: run episodes for ``seconds`` -> (steps, moves, episodes, elapsed).
Runner = Callable[[float], tuple[int, int, int, float]]

#: The clock cells are timed with: wall time, or this process's CPU time (``--clock cpu``).
CLOCK = [time.perf_counter]

GAMES = {"q2j": {}, "pouilleux": {}, "quinze (one deal)": {"match": False}, "quinze (match)": {}}


def atout_runner(game: str, players: int, options: dict, wrapped: bool = True) -> Runner:
    from atout import rl

    game_id = game.split()[0]
    make = rl.env if wrapped else rl.raw_env
    env = make(game_id, players=players, **options)
    seed = [0]

    def run(seconds: float) -> tuple[int, int, int, float]:
        steps = moves = episodes = 0
        t0 = CLOCK[0]()
        while CLOCK[0]() - t0 < seconds:
            seed[0] += 1
            rng = random.Random(seed[0])
            env.reset(seed=seed[0])
            for agent in env.agent_iter():
                obs, _, term, trunc, _ = env.last()
                if term or trunc:
                    env.step(None)
                    continue
                legal = np.flatnonzero(obs["action_mask"])
                env.step(int(legal[rng.randrange(len(legal))]))
                steps += 1
                del agent
            moves += env.unwrapped.game_state.move_count
            episodes += 1
        return steps, moves, episodes, CLOCK[0]() - t0

    return run


def uno_runner(players: int) -> Runner:
    import rlcard

    env = rlcard.make("uno", config={"seed": 0, "game_num_players": players})
    seed = [0]

    def run(seconds: float) -> tuple[int, int, int, float]:
        steps = episodes = 0
        t0 = CLOCK[0]()
        while CLOCK[0]() - t0 < seconds:
            seed[0] += 1
            rng = random.Random(seed[0])
            env.seed(seed[0])
            state, _ = env.reset()
            while not env.is_over():
                state, _ = env.step(rng.choice(list(state["legal_actions"])))
                steps += 1
            episodes += 1
        return steps, steps, episodes, CLOCK[0]() - t0

    return run


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--players", default="2,4")
    ap.add_argument(
        "--clock", choices=("wall", "cpu"), default="wall", help="cpu: on a busy machine"
    )
    args = ap.parse_args()
    if args.clock == "cpu":
        CLOCK[0] = time.process_time
    counts = [int(x) for x in args.players.split(",")]

    cells: list[tuple[str, int, Runner]] = []
    skipped = []
    for n in counts:
        for game, opts in GAMES.items():
            cells.append((f"atout {game}", n, atout_runner(game, n, opts)))
            raw = atout_runner(game, n, opts, wrapped=False)
            cells.append((f"atout {game}, raw_env", n, raw))
        try:
            cells.append(("RLCard uno", n, uno_runner(n)))
        except ImportError as e:
            skipped.append(f"RLCard uno ({e})")

    results: dict[tuple[str, int], list[tuple[int, int, int, float]]] = {}
    for _ in range(args.repeat):
        for name, n, run in cells:
            results.setdefault((name, n), []).append(run(args.seconds))

    uno = {
        n: statistics.median(s / t for s, _, _, t in results[("RLCard uno", n)])
        for n in counts
        if ("RLCard uno", n) in results
    }
    versions = []
    for pkg in ("pettingzoo", "gymnasium", "numpy", "rlcard"):
        with contextlib.suppress(metadata.PackageNotFoundError):
            versions.append(f"{pkg} {metadata.version(pkg)}")
    print(
        f"Python {platform.python_version()} on {platform.machine()}; {', '.join(versions)}; "
        f"{args.seconds:g} s ({args.clock}) × {args.repeat} per cell"
    )
    print()
    print(
        "| environment | players | steps/s (median) | min–max | episodes/s | steps/move "
        "| × RLCard UNO |"
    )
    print("|---|---|---|---|---|---|---|")
    for (name, n), runs in results.items():
        rates = [s / t for s, _, _, t in runs]
        med = statistics.median(rates)
        eps = statistics.median(e / t for _, _, e, t in runs)
        steps, moves = sum(r[0] for r in runs), sum(r[1] for r in runs)
        ratio = f"{med / uno[n]:.2f}" if n in uno else "–"
        print(
            f"| {name} | {n} | {med:,.0f} | {min(rates):,.0f}–{max(rates):,.0f} | {eps:,.1f} "
            f"| {steps / max(moves, 1):.2f} | {ratio} |"
        )
    for s in skipped:
        print(f"\nskipped: {s}", file=sys.stderr)


if __name__ == "__main__":
    main()
