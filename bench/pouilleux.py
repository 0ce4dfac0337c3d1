"""Random-playout speed of Le Pouilleux for 2, 4 and 8 players, as a markdown table.

Why: bots and the server's load both scale with how fast a game can be played out; this is the
figure recorded in bench/RESULTS.md for the issue "Le Pouilleux with special pairs complete".

Method (the same as bench/engine.py): one game = ``GAME.setup(players, None, seed)`` then, until
it is over, ``rng.choice(state.legal_moves())`` applied with ``state.apply``, ``rng`` seeded with
the game's seed. Setup is inside the timing. One move = one decision (draw, pick, lay, end).
Each player count plays games for ``--seconds`` of wall time, ``--repeat`` times, interleaved;
the table shows the median games/s and moves/s (and the min–max of moves/s).

Run: ``.venv/bin/python bench/pouilleux.py [--players 2,4,8] [--seconds 3] [--repeat 3]
[--clock wall|cpu]``; ``--clock cpu`` counts this process's CPU time, steadier on a busy machine.
"""

from __future__ import annotations

import argparse
import gc
import platform
import statistics
import sys
import time

from atout.games import get_game
from engine import random_playout


def play(n: int, seed: int) -> tuple[int, int]:
    """One random game (bench/engine.py's playout): (moves, turns)."""
    s, moves = random_playout(get_game("pouilleux"), n, seed)
    return moves, s.turns


def run(n: int, seconds: float, first_seed: int, clock: str) -> tuple[int, int, int, float]:
    """Play games for ``seconds`` of the chosen clock: (games, moves, turns, elapsed)."""
    now_fn = time.process_time if clock == "cpu" else time.perf_counter
    games = moves = turns = 0
    seed = first_seed
    gc.collect()
    start = now_fn()
    deadline = start + seconds
    while True:
        m, t = play(n, seed)
        games += 1
        moves += m
        turns += t
        seed += 1
        now = now_fn()
        if now >= deadline:
            return games, moves, turns, now - start


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", default="2,4,8", help="comma-separated player counts")
    ap.add_argument("--seconds", type=float, default=3.0, help="wall time per cell and repeat")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    args = ap.parse_args(argv)
    counts = [int(x) for x in args.players.split(",")]
    per: dict[int, list[tuple[int, int, int, float]]] = {n: [] for n in counts}
    for r in range(args.repeat):
        for n in counts:
            per[n].append(run(n, args.seconds, 1_000_000 * r, args.clock))
    print(
        f"Le Pouilleux random playouts — Python {platform.python_version()}, "
        f"{platform.machine()}, {args.seconds:g} s ({args.clock} clock) × {args.repeat} per cell, "
        "median\n"
    )
    print("| players | games/s | moves/s | moves/s min–max | moves/game | turns/game |")
    print("|---:|---:|---:|---:|---:|---:|")
    for n in counts:
        rows = per[n]
        gps = statistics.median(g / e for g, _, _, e in rows)
        mps_all = [m / e for _, m, _, e in rows]
        mps = statistics.median(mps_all)
        games = sum(g for g, _, _, _ in rows)
        mpg = sum(m for _, m, _, _ in rows) / games
        tpg = sum(t for _, _, t, _ in rows) / games
        print(
            f"| {n} | {gps:,.0f} | {mps:,.0f} | {min(mps_all):,.0f}–{max(mps_all):,.0f} "
            f"| {mpg:.1f} | {tpg:.1f} |"
        )
    sys.stdout.flush()


if __name__ == "__main__":
    main()
