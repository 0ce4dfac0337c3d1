"""How strong the bots are, and how fast ISMCTS thinks.

1. **Head-to-head** for each game with 2 and 4 players: ``heuristic`` against ``random`` and
   ``ismcts`` against ``heuristic``, ``--games`` games each (default 2000) through the tournament
   runner: kinds alternate over the seats (2 of each at 4 players), every deal is played once per
   rotation, win rates with 95% Wilson intervals (fair share 50%).
2. **ISMCTS speed** per game: iterations per second and the time of one decision at the
   *default* budget, measured over real positions (seat 0 plays ISMCTS against heuristics).

The head-to-head ISMCTS budget can be lowered (``--ismcts q2j=300,quinze=100``) so 2000 games
fit on a small machine; the output states the budget used. Le Quinze defaults to single deals
(``--quinze-match`` for whole matches, ~10x longer).

Run: ``python bench/bots.py [--games N] [--players 2,4] [--game q2j,quinze,pouilleux]
[--ismcts q2j=300,...] [--only h2h|speed] [--json FILE] [--workers W]``.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from typing import Any

from atout.bots.heuristic import HeuristicBot
from atout.bots.ismcts import DEFAULT_ITERATIONS, GAME_ITERATIONS, ISMCTSBot
from atout.games import get_game
from atout.sim.tournament import run_table

GAMES = ("q2j", "quinze", "pouilleux")


def head_to_head(
    game_id: str,
    players: int,
    a: str,
    b: str,
    games: int,
    seed: int,
    options: dict[str, Any] | None,
    workers: int | None,
) -> dict[str, Any]:
    t = run_table(game_id, players, [a, b], games, seed, options, workers)
    d = t.to_dict()
    ka = next(k for k in d["kinds"] if k["kind"] == a)
    return {
        "game": game_id,
        "players": players,
        "bot": a,
        "against": b,
        "games": d["games"],
        "win_rate": ka["win_rate"],
        "ci95": ka["ci95"],
        "ms_per_decision": ka["ms_per_decision"],
        "avg_moves": d["avg_moves"],
        "seconds": d["seconds"],
        "options": options or {},
    }


def speed(game_id: str, players: int, decisions: int, seed: int = 1) -> dict[str, Any]:
    """ISMCTS at its default budget on positions from real games against heuristics."""
    game = get_game(game_id)
    bot = ISMCTSBot(seed)
    others = HeuristicBot(seed)
    times: list[float] = []
    iters = 0
    spent = 0.0
    g = 0
    while len(times) < decisions:
        state = game.setup(players, None, seed * 1000 + g)
        g += 1
        while not state.is_over and len(times) < decisions:
            seat = state.current
            legal = state.legal_moves()
            view = state.view(seat)
            if seat == 0 and len(legal) > 1:
                t0 = time.perf_counter()
                move = bot.choose(game, view, legal)
                times.append(time.perf_counter() - t0)
                iters += bot.last.get("iterations", 0)
                spent += bot.last.get("seconds", 0.0)
            else:
                move = others.choose(game, view, legal)
            state.apply(seat, move)
    times.sort()
    return {
        "game": game_id,
        "players": players,
        "budget": GAME_ITERATIONS.get(game_id, DEFAULT_ITERATIONS),
        "decisions": len(times),
        "iterations_per_s": round(iters / spent) if spent else 0,
        "mean_ms": round(1000 * statistics.fmean(times), 1),
        "p95_ms": round(1000 * times[int(0.95 * (len(times) - 1))], 1),
        "max_ms": round(1000 * times[-1], 1),
    }


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--players", default="2,4")
    ap.add_argument("--game", default=",".join(GAMES))
    ap.add_argument("--ismcts", default="", help="head-to-head budgets: q2j=300,quinze=100")
    ap.add_argument("--quinze-match", action="store_true", help="whole matches, not single deals")
    ap.add_argument("--only", choices=("h2h", "speed"), default=None)
    ap.add_argument("--pairings", default="heuristic-random,ismcts-heuristic")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--workers", type=int, default=0)
    ap.add_argument("--decisions", type=int, default=60, help="ISMCTS decisions timed per game")
    ap.add_argument("--json", default=None, help="write the results here too")
    args = ap.parse_args(argv)
    game_ids = args.game.split(",")
    counts = [int(p) for p in args.players.split(",")]
    budgets = dict(kv.split("=") for kv in args.ismcts.split(",") if kv)
    out: dict[str, Any] = {
        "machine": f"{platform.machine()} {platform.python_implementation()} "
        f"{platform.python_version()}",
        "argv": sys.argv[1:],
        "head_to_head": [],
        "speed": [],
    }

    def dump() -> None:
        if args.json:
            with open(args.json, "w") as f:
                json.dump(out, f, indent=1)

    if args.only != "speed":
        print("| game | players | bot | against | games | win rate | 95% CI | ms/decision |")
        print("|---|---|---|---|---|---|---|---|")
        for pairing in args.pairings.split(","):
            a, b = pairing.split("-")
            for gid in game_ids:
                opts = None if gid != "quinze" or args.quinze_match else {"match": False}
                spec_a = f"ismcts:{budgets[gid]}" if a == "ismcts" and gid in budgets else a
                for n in counts:
                    r = head_to_head(
                        gid, n, spec_a, b, args.games, args.seed, opts, args.workers or None
                    )
                    out["head_to_head"].append(r)
                    dump()
                    lo, hi = r["ci95"]
                    print(
                        f"| {gid}{' (one deal)' if opts else ''} | {n} | {spec_a} | {b} | "
                        f"{r['games']} | {r['win_rate']:.1%} | {lo:.1%}–{hi:.1%} | "
                        f"{r['ms_per_decision']} |",
                        flush=True,
                    )
    if args.only != "h2h":
        print()
        print("| game | players | default budget | iterations/s | mean ms | p95 ms | max ms |")
        print("|---|---|---|---|---|---|---|")
        for gid in game_ids:
            for n in counts:
                s = speed(gid, n, args.decisions, random.Random(args.seed).randrange(1000))
                out["speed"].append(s)
                dump()
                print(
                    f"| {gid} | {n} | {s['budget']} | {s['iterations_per_s']} | {s['mean_ms']} "
                    f"| {s['p95_ms']} | {s['max_ms']} |",
                    flush=True,
                )


if __name__ == "__main__":
    main()
