"""The level ladder (issue 15): each named level against the one below, per game.

Pairings (``--line``): ``debutant-random`` (is the beginner still a player?), ``moyen-debutant``,
``fort-moyen``, ``expert-fort``, and ``expert-heuristic`` (the top level against the raw
heuristic); any other ``kind-kind`` pair of bot specs too (``ismcts:1000-heuristic``: the same
deals without a level, to compare). Kinds alternate over the seats (two of each at 4 players) and every deal is played
once per rotation, as the tournament runner does (``atout.sim.tournament``: same lineups, same
seeds, same records); each line gives the upper level's win rate with a 95% Wilson interval (fair
share 50%) and each level's decision times (mean, median, p95, over decisions with a choice: two
legal moves or more). Le Quinze is played as single deals (as bench/bots.py does), whole matches
being ~10x longer.

Games are played in chunks of ``--chunk``; after each chunk the line's figures so far are written
to ``--json`` (a partial run still gives figures, with the games it reached), and a run given the
same ``--json`` again resumes every line from the games it already has.

Run: ``python bench/levels.py [--game q2j,quinze,pouilleux] [--players 2,4]
[--line fort-moyen,...] [--games 1000] [--search-games 1000] [--expert-games 2000] [--seed 15]
[--chunk 50] [--json FILE]``. One process (``nice -n 19`` on a shared machine); two processes
give each its own ``--json`` (each rewrites its whole file), and ``--table --json a.json,b.json``
reads them together. ``--cpu-time`` measures decisions (and caps the expert's search) in the
process's CPU time, for a shared machine where the process waits or is paused.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from typing import Any

from atout.sim.runner import game_seed
from atout.sim.tournament import GameRecord, TableResult, lineup, play_one

GAMES = ("q2j", "quinze", "pouilleux")
LINES = ("debutant-random", "moyen-debutant", "fort-moyen", "expert-fort", "expert-heuristic")
SEARCHING = {"fort", "expert"}


def _ms(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    s = sorted(xs)
    return round(1000 * s[min(len(s) - 1, int(q * len(s)))], 2)


def summary(
    game_id: str,
    players: int,
    upper: str,
    lower: str,
    seed: int,
    options: dict[str, Any] | None,
    records: list[GameRecord],
    times: dict[str, list[float]],
    seconds: float,
    target: int,
) -> dict[str, Any]:
    t = TableResult(game_id, players, [upper, lower], seed, dict(options or {}), records)
    t.summarise()
    k = {x["kind"]: x for x in t.to_dict()["kinds"]}
    return {
        "game": game_id,
        "players": players,
        "level": upper,
        "against": lower,
        "seed": seed,
        "options": options or {},
        "games": len(records),
        "target": target,
        "win_rate": k[upper]["win_rate"],
        "ci95": k[upper]["ci95"],
        "ms_per_decision": {upper: k[upper]["ms_per_decision"], lower: k[lower]["ms_per_decision"]},
        "decision_ms": {
            kind: {
                "decisions": len(times[kind]),
                "mean": round(1000 * statistics.fmean(times[kind]), 2) if times[kind] else 0.0,
                "median": _ms(times[kind], 0.5),
                "p95": _ms(times[kind], 0.95),
                "max": _ms(times[kind], 1.0),
            }
            for kind in (upper, lower)
        },
        "records": [[r.index, r.winners, r.reason, r.moves, r.think] for r in records],
        "times": {kind: [round(x, 5) for x in v] for kind, v in times.items()},
        "seconds": round(seconds, 1),
    }


def _restore(
    line: dict[str, Any], game_id: str, seed: int, kinds: list[str], players: int
) -> tuple[list[GameRecord], dict[str, list[float]], float]:
    records = [
        GameRecord(i, game_seed(seed, i // len(kinds)), lineup(kinds, players, i), w, r, m, t)
        for i, w, r, m, t in line["records"]
    ]
    return records, {k: list(v) for k, v in line["times"].items()}, float(line["seconds"])


def run_line(
    out: dict[str, Any],
    key: str,
    game_id: str,
    players: int,
    upper: str,
    lower: str,
    games: int,
    seed: int,
    chunk: int,
    dump: Any,
) -> dict[str, Any]:
    """Play the line up to ``games`` games, resuming from ``out["lines"][key]`` if present."""
    options = {"match": False} if game_id == "quinze" else None
    kinds = [upper, lower]
    records: list[GameRecord] = []
    times: dict[str, list[float]] = {upper: [], lower: []}
    spent = 0.0
    if key in out["lines"]:
        records, times, spent = _restore(out["lines"][key], game_id, seed, kinds, players)
    r = out["lines"].get(key)
    while len(records) < games:
        t0 = time.perf_counter()
        for i in range(len(records), min(games, len(records) + chunk)):
            records.append(play_one(game_id, players, options, seed, i, kinds, times))
        spent += time.perf_counter() - t0
        r = summary(game_id, players, upper, lower, seed, options, records, times, spent, games)
        out["lines"][key] = r
        dump()
        print(f"# {key}: {len(records)}/{games} {r['win_rate']:.1%}", file=sys.stderr, flush=True)
    assert r is not None
    return r


def row(r: dict[str, Any]) -> str:
    lo, hi = r["ci95"]
    d = r["decision_ms"]
    up, low = r["level"], r["against"]
    return (
        f"| {r['game']}{' (one deal)' if r['game'] == 'quinze' else ''} | {r['players']} | {up} "
        f"| {low} | {r['games']} | {r['win_rate']:.1%} | {lo:.1%}–{hi:.1%} "
        f"| {d[up]['median']} / {d[up]['p95']} | {d[low]['median']} / {d[low]['p95']} |"
    )


HEADER = (
    "| game | players | level | against | games | win rate | 95% CI "
    "| ms median / p95 (level) | ms median / p95 (against) |\n"
    "|---|---:|---|---|---:|---:|---|---|---|"
)


def _rank(name: str) -> int:
    return LINES.index(name) if name in LINES else len(LINES)


def tables(out: dict[str, Any]) -> None:
    """The ladder (every line of ``out``, as far as it got) and each level's decision times per
    game and player count, over every line it played in."""
    lines = sorted(
        out["lines"].values(),
        key=lambda r: (
            GAMES.index(r["game"]),
            r["players"],
            _rank(f"{r['level']}-{r['against']}"),
        ),
    )
    print(HEADER)
    for r in lines:
        print(row(r))
    print()
    print("| game | players | level | decisions | mean ms | median ms | p95 ms | max ms |")
    print("|---|---:|---|---:|---:|---:|---:|---:|")
    order = ("random", "debutant", "moyen", "heuristic", "fort", "expert")

    def rank(kind: str) -> tuple[int, str]:
        return (order.index(kind) if kind in order else len(order), kind)

    for gid in GAMES:
        for n in (2, 3, 4, 5, 6, 7, 8):
            got: dict[str, list[float]] = {}
            for r in lines:
                if r["game"] == gid and r["players"] == n:
                    for kind, xs in r["times"].items():
                        got.setdefault(kind, []).extend(xs)
            for kind in sorted(got, key=rank):
                xs = got[kind]
                mean = round(1000 * statistics.fmean(xs), 2) if xs else 0.0
                print(
                    f"| {gid} | {n} | {kind} | {len(xs)} | {mean} | {_ms(xs, 0.5)} "
                    f"| {_ms(xs, 0.95)} | {_ms(xs, 1.0)} |"
                )


def _wins(r: dict[str, Any]) -> dict[int, float]:
    """The upper kind's share of each game of a line, by game index."""
    kinds = [r["level"], r["against"]]
    out: dict[int, float] = {}
    for i, winners, *_ in r["records"]:
        seats = lineup(kinds, r["players"], i)
        out[i] = sum(1 / len(winners) for w in winners if seats[w] == r["level"])
    return out


def paired(out: dict[str, Any]) -> None:
    """Lines against the same opponent on the same deals (same game, players, seed): the
    difference of the two upper kinds' win rates over the games both played, with a 95%
    interval from the per-game differences (most games end the same way for both)."""
    lines = list(out["lines"].values())
    print(
        "| game | players | against | A | B | games | A | B | A − B | 95% CI | games that differ |"
    )
    print("|---|---:|---|---|---|---:|---:|---:|---:|---|---:|")
    for i, a in enumerate(lines):
        for b in lines[i + 1 :]:
            same = all(a[k] == b[k] for k in ("game", "players", "against", "seed"))
            if not same or a["level"] == b["level"]:
                continue
            wa, wb = _wins(a), _wins(b)
            common = sorted(set(wa) & set(wb))
            if len(common) < 2:
                continue
            d = [wa[g] - wb[g] for g in common]
            mean = statistics.fmean(d)
            half = 1.959963984540054 * statistics.stdev(d) / len(d) ** 0.5
            ra = statistics.fmean(wa[g] for g in common)
            rb = statistics.fmean(wb[g] for g in common)
            print(
                f"| {a['game']} | {a['players']} | {a['against']} | {a['level']} | {b['level']} "
                f"| {len(common)} | {ra:.1%} | {rb:.1%} | {mean:+.1%} "
                f"| {mean - half:+.1%} to {mean + half:+.1%} | {sum(1 for x in d if x)} |"
            )


def cpu_time() -> None:
    """Measure in this process's CPU time: the decision times (the tournament's ``play_one``
    reads ``time.perf_counter``) and the search's time cap (``atout.bots.ismcts.clock``). On a
    shared machine a process at ``nice 19`` waits, or is paused by other benchmarks; in wall time
    the waits would count as thinking and cut searches short at the expert's 0.5 s cap."""
    import types

    import atout.bots.ismcts as ismcts
    import atout.sim.tournament as tournament

    ismcts.clock = time.process_time
    tournament.time = types.SimpleNamespace(perf_counter=time.process_time)  # type: ignore[assignment]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000, help="games per line without a search")
    ap.add_argument("--search-games", type=int, default=1000, help="lines with fort or expert")
    ap.add_argument("--expert-games", type=int, default=2000, help="the expert-heuristic lines")
    ap.add_argument("--players", default="2,4")
    ap.add_argument("--game", default=",".join(GAMES))
    ap.add_argument("--line", default=",".join(LINES[:4]), help=f"among {', '.join(LINES)}")
    ap.add_argument("--seed", type=int, default=15)
    ap.add_argument("--chunk", type=int, default=50, help="games between two writes of --json")
    ap.add_argument("--json", default=None, help="results, written after every chunk; resumed")
    ap.add_argument(
        "--cpu-time",
        action="store_true",
        help="decision times and the search's time cap in this process's CPU time, not wall time",
    )
    ap.add_argument(
        "--table",
        action="store_true",
        help="print the tables of --json (a,b: several), play nothing",
    )
    args = ap.parse_args(argv)
    if args.table:  # several runs (one per process) may be read together: --json a.json,b.json
        got: dict[str, Any] = {"lines": {}}
        for name in args.json.split(","):
            with open(name) as f:
                got["lines"].update(json.load(f)["lines"])
        tables(got)
        print()
        paired(got)
        return
    if args.cpu_time:
        cpu_time()
    out: dict[str, Any] = {"lines": {}}
    if args.json and os.path.exists(args.json):
        with open(args.json) as f:
            out = json.load(f)
    out["clock"] = "cpu" if args.cpu_time else "wall"
    out["machine"] = (
        f"{platform.machine()} {platform.python_implementation()} {platform.python_version()}"
    )
    out.setdefault("argv", []).append(sys.argv[1:])

    def dump() -> None:
        if args.json:
            tmp = args.json + ".tmp"
            with open(tmp, "w") as f:
                json.dump(out, f)
            os.replace(tmp, args.json)

    print(HEADER, flush=True)
    for gid in args.game.split(","):
        for n in (int(p) for p in args.players.split(",")):
            for name in args.line.split(","):
                upper, lower = name.split("-")
                if name == "expert-heuristic":
                    games = args.expert_games
                elif {upper, lower} & SEARCHING or "ismcts" in name:
                    games = args.search_games
                else:
                    games = args.games
                key = f"{gid}/{n}/{name}/{args.seed}"
                r = run_line(out, key, gid, n, upper, lower, games, args.seed, args.chunk, dump)
                print(row(r), flush=True)


if __name__ == "__main__":
    main()
