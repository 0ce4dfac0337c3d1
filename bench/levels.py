"""The level ladder (issue 15): each named level against the one below, per game.

Pairings: ``debutant`` against ``random`` (is the beginner still a player?), then ``moyen`` against
``debutant``, ``fort`` against ``moyen``, ``expert`` against ``fort``. Each line goes through the
tournament runner (kinds alternate over the seats, every deal played once per rotation) and gives
the upper level's win rate with a 95% Wilson interval (fair share 50% at 2 players). Le Quinze is
played as single deals (as bench/bots.py does), whole matches being ~10x longer.

Lines whose upper or lower level searches (fort, expert) are far slower, so they get fewer games
(``--search-games``) than the others (``--games``); the output says how many each line had.

Run: ``python bench/levels.py [--games 400] [--search-games 60] [--players 2] [--game q2j,...]
[--seed 15] [--workers 1] [--json FILE]``.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from typing import Any

from atout.sim.tournament import run_table

GAMES = ("q2j", "quinze", "pouilleux")
LADDER = (("debutant", "random"), ("moyen", "debutant"), ("fort", "moyen"), ("expert", "fort"))
SEARCHING = {"fort", "expert"}


def line(
    game_id: str, players: int, upper: str, lower: str, games: int, seed: int, workers: int
) -> dict[str, Any]:
    opts = {"match": False} if game_id == "quinze" else None
    t0 = time.perf_counter()
    d = run_table(game_id, players, [upper, lower], games, seed, opts, workers).to_dict()
    k = {x["kind"]: x for x in d["kinds"]}
    return {
        "game": game_id,
        "players": players,
        "level": upper,
        "against": lower,
        "games": d["games"],
        "win_rate": k[upper]["win_rate"],
        "ci95": k[upper]["ci95"],
        "ms_per_decision": {upper: k[upper]["ms_per_decision"], lower: k[lower]["ms_per_decision"]},
        "seconds": round(time.perf_counter() - t0, 1),
    }


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400, help="games per line without a search")
    ap.add_argument("--search-games", type=int, default=60, help="games per line with fort/expert")
    ap.add_argument("--players", default="2")
    ap.add_argument("--game", default=",".join(GAMES))
    ap.add_argument("--seed", type=int, default=15)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--json", default=None)
    args = ap.parse_args(argv)
    out: dict[str, Any] = {
        "machine": f"{platform.machine()} {platform.python_implementation()} "
        f"{platform.python_version()}",
        "argv": sys.argv[1:],
        "lines": [],
    }
    print("| game | players | level | against | games | win rate | 95% CI | ms/decision | s |")
    print("|---|---:|---|---|---:|---:|---|---|---:|")
    for gid in args.game.split(","):
        for n in (int(p) for p in args.players.split(",")):
            for upper, lower in LADDER:
                games = args.search_games if {upper, lower} & SEARCHING else args.games
                r = line(gid, n, upper, lower, games, args.seed, args.workers)
                out["lines"].append(r)
                if args.json:
                    with open(args.json, "w") as f:
                        json.dump(out, f, indent=1)
                lo, hi = r["ci95"]
                ms = r["ms_per_decision"]
                print(
                    f"| {gid}{' (one deal)' if gid == 'quinze' else ''} | {n} | {upper} | {lower} "
                    f"| {r['games']} | {r['win_rate']:.1%} | {lo:.1%}–{hi:.1%} "
                    f"| {ms[upper]} / {ms[lower]} | {r['seconds']} |",
                    flush=True,
                )


if __name__ == "__main__":
    main()
