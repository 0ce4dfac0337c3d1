"""Le Quinze in match play: how ISMCTS plays one deal of a match against the heuristic.

A whole match is ~17 deals with 2 players, so comparing ISMCTS variants on match wins needs
thousands of matches. This plays the **first deal of a match** instead (totals 0, the match
evaluation in force), twice per deal with the seats swapped, and reports per variant: how often
ISMCTS overruled the heuristic's move, the deals it won, the points left in hand by the loser
of each deal (ISMCTS's when it lost, the heuristic's when it won), and the points per deal it
gained over the heuristic, with the standard error over the deal pairs.

Variants (comma-separated): ``lowest`` (the deal judged by "lowest total wins", the evaluation
before win chances), ``chances`` (win chances, the current evaluation); ``:prior=X`` sets how many
standard errors ISMCTS must win by to overrule the heuristic (default: the game's own).

Run: ``python bench/quinze_match.py --variants lowest:prior=1,chances:prior=1,chances:prior=2
--deals 100 --players 2 --iterations 200 --workers 2``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from multiprocessing import Pool
from typing import Any

from atout.bots import heuristic
from atout.bots.heuristic import HeuristicBot
from atout.bots.heuristic import quinze as strategy
from atout.bots.ismcts import ISMCTSBot
from atout.games import get_game
from atout.games.base import State
from atout.games.fifteens import points


def lowest_total_wins(state: State[Any]) -> list[float]:
    """The evaluation before win chances: the lowest total after the deal takes the reward."""
    totals = list(state.totals)  # type: ignore[attr-defined]
    if state.phase == "play":  # type: ignore[attr-defined]
        for i, h in enumerate(state.hands):  # type: ignore[attr-defined]
            totals[i] += sum(points(c) for c in h)
    low = min(totals)
    n = totals.count(low)
    return [1.0 / n if t == low else 0.0 for t in totals]


def one_deal(job: tuple[str, int, int, int, int]) -> dict[str, Any]:
    variant, players, seed, rotation, iterations = job
    name, *flags = variant.split(":")
    prior = next((float(f[6:]) for f in flags if f.startswith("prior=")), None)
    heuristic.EVALUATIONS["quinze"] = lowest_total_wins if name == "lowest" else strategy.evaluate
    game = get_game("quinze")
    state = game.setup(players, None, seed)
    kinds = ["ismcts" if (i + rotation) % 2 == 0 else "heuristic" for i in range(players)]
    bots = [
        ISMCTSBot(seed * 7 + i, iterations=iterations, prior=prior)
        if k == "ismcts"
        else HeuristicBot(seed + i)
        for i, k in enumerate(kinds)
    ]
    searched = overruled = 0
    while state.phase == "play":  # type: ignore[attr-defined]
        seat = state.current
        assert seat is not None
        view, legal = state.view(seat), state.legal_moves()
        move = bots[seat].choose(game, view, legal)
        if kinds[seat] == "ismcts" and bots[seat].last.get("iterations"):  # type: ignore[attr-defined]
            searched += 1
            overruled += move != HeuristicBot(0).decide(game, view, legal)[0]
        state.apply(seat, move)
    deal = state.history[0]  # type: ignore[attr-defined]
    mine = [deal["scores"][i] for i in range(players) if kinds[i] == "ismcts"]
    theirs = [deal["scores"][i] for i in range(players) if kinds[i] == "heuristic"]
    out = deal["out"]
    return {
        "gain": statistics.mean(theirs) - statistics.mean(mine),
        "won": out is not None and kinds[out] == "ismcts",
        "mine": statistics.mean(mine),
        "theirs": statistics.mean(theirs),
        "searched": searched,
        "overruled": overruled,
    }


def summarise(variant: str, rows: list[dict[str, Any]]) -> dict[str, Any]:
    pairs = [(rows[i]["gain"] + rows[i + 1]["gain"]) / 2 for i in range(0, len(rows), 2)]
    lost = [r["mine"] for r in rows if not r["won"]]
    won = [r["theirs"] for r in rows if r["won"]]
    return {
        "variant": variant,
        "deals": len(rows),
        "overruled": round(sum(r["overruled"] for r in rows) / sum(r["searched"] for r in rows), 3),
        "deals_won": round(statistics.mean(r["won"] for r in rows), 3),
        "ismcts_points_when_losing": round(statistics.mean(lost), 1) if lost else None,
        "heuristic_points_when_losing": round(statistics.mean(won), 1) if won else None,
        "gain_per_deal": round(statistics.mean(pairs), 2),
        "gain_se": round(statistics.stdev(pairs) / len(pairs) ** 0.5, 2),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--variants", default="lowest:prior=1,chances:prior=1,chances:prior=2")
    ap.add_argument("--deals", type=int, default=100, help="deals, each played twice")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--iterations", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    variants = args.variants.split(",")
    jobs = [
        (v, args.players, args.seed + d, r, args.iterations)
        for v in variants
        for d in range(args.deals)
        for r in (0, 1)
    ]
    t0 = time.perf_counter()
    with Pool(args.workers) as pool:
        rows = pool.map(one_deal, jobs, chunksize=1)
    for k, v in enumerate(variants):
        part = rows[k * 2 * args.deals : (k + 1) * 2 * args.deals]
        print(json.dumps(summarise(v, part)))
    print(json.dumps({"seconds": round(time.perf_counter() - t0, 1)}))


if __name__ == "__main__":
    main()
