"""Random-playout speed of atout's game engines, side by side with RLCard's UNO and OpenSpiel's
Crazy Eights.

Why: bots and search live on random playouts, so moves/s is the figure that matters; the
comparison engines say whether ours is fast *for Python*. Target: atout Q²J moves/s at least twice
RLCard UNO's.

Method (the same for every engine):

* one game = set up from a per-game seed, then until the game is over pick a legal move with a
  ``random.Random`` seeded from that same seed (``rng.choice(legal_moves)``) and apply it;
* one **move** = one decision by a player (drawing or passing counts when it is a player's
  action). Chance events are never moves: atout and RLCard draw inside the engine from their own
  seeded generator; OpenSpiel exposes chance nodes, which we sample in the Python loop with the
  same ``random.Random`` (``chance_outcomes``) and count apart (``chance/game``); their time is
  part of OpenSpiel's time;
* each (engine, players) cell plays games for ``--seconds`` of wall time, ``--repeat`` times,
  cells interleaved round-robin so drift hits everybody alike; we report the MEDIAN games/s and
  moves/s over the repetitions (and the min-max of moves/s). Setup is inside the timing.

Run: ``python bench/engine.py [--game q2j] [--players 2,4,10] [--seconds S] [--repeat R]``.
``--json`` prints JSON instead of markdown (``--json FILE`` writes it and still prints the table);
``--profile`` runs cProfile over the atout playouts instead of benchmarking.
Comparison engines need the ``bench`` extra (``pip install -e '.[bench]'``); missing ones are
skipped and named in the output.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import json
import platform
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any

#: Player counts benchmarked when --players is not given.
DEFAULT_PLAYERS = {"q2j": (2, 4, 10), "quinze": (2, 4, 8), "pouilleux": (2, 4, 8)}
#: Wanted atout/RLCard-UNO moves/s ratio, per game.
TARGETS = {"q2j": 2.0}
#: A safety net: a game longer than this is abandoned and reported as ``capped``.
MAX_MOVES = 100_000

#: One game: (players, seed) -> (moves, chance outcomes, capped?).
PlayOne = Callable[[int, int], tuple[int, int, bool]]


@dataclass
class Engine:
    """A way to play one random game, and the player counts it supports."""

    name: str
    label: str
    make: Callable[[], PlayOne]
    min_players: int
    max_players: int
    note: str = ""


# --------------------------------------------------------------------------- engines


def random_playout(game: Any, players: int, seed: int) -> tuple[Any, int]:
    """One random game of an atout ``game`` through its generic interface: set up from ``seed``,
    then ``rng.choice(state.legal_moves())`` applied until the game is over (or
    :data:`MAX_MOVES` moves), ``rng`` seeded with ``seed``. Returns the last state and the
    number of moves."""
    rng = random.Random(seed)
    choice = rng.choice
    s = game.setup(players, None, seed)
    moves = 0
    while not s.is_over and moves < MAX_MOVES:
        s.apply(s.current, choice(s.legal_moves()))
        moves += 1
    return s, moves


def atout_engine(game_id: str) -> Engine:
    """atout through its generic interface only, as a bot would drive it."""
    from atout.games import get_game

    game = get_game(game_id)

    def make() -> PlayOne:
        def play(n: int, seed: int) -> tuple[int, int, bool]:
            _, moves = random_playout(game, n, seed)
            return moves, 0, moves >= MAX_MOVES

        return play

    return Engine(
        f"atout-{game_id}",
        f"atout {game_id}",
        make,
        game.min_players,
        game.max_players,
        "generic interface: setup, is_over, current, legal_moves, apply",
    )


def rlcard_uno_engine(core: bool = False) -> Engine:
    """RLCard's raw UNO game (no env wrapper).

    ``core=False``: ``UnoGame.init_game / get_legal_actions / step / is_over`` as documented;
    ``step`` also builds the next player's state dict, which is RLCard's normal cost.
    ``core=True``: ``UnoRound.proceed_round`` and ``get_legal_actions`` directly, skipping the
    state dicts: the fastest RLCard can be driven, for an honest upper bound.
    """
    import numpy as np
    from rlcard.games.uno.game import UnoGame

    def make() -> PlayOne:
        def play(n: int, seed: int) -> tuple[int, int, bool]:
            rng = random.Random(seed)
            choice = rng.choice
            g = UnoGame(num_players=n)
            g.np_random = np.random.RandomState(seed)
            g.init_game()
            moves = 0
            if core:
                rnd, players = g.round, g.players
                while not rnd.is_over:
                    rnd.proceed_round(
                        players, choice(rnd.get_legal_actions(players, rnd.current_player))
                    )
                    moves += 1
                    if moves >= MAX_MOVES:
                        return moves, 0, True
            else:
                while not g.is_over():
                    g.step(choice(g.get_legal_actions()))
                    moves += 1
                    if moves >= MAX_MOVES:
                        return moves, 0, True
            return moves, 0, False

        return play

    if core:
        return Engine(
            "rlcard-uno-core",
            "RLCard UNO (round only)",
            make,
            2,
            10,
            "UnoRound.proceed_round + get_legal_actions, no state dicts (RLCard's upper bound)",
        )
    return Engine(
        "rlcard-uno",
        "RLCard UNO",
        make,
        2,
        10,
        "rlcard.games.uno UnoGame: init_game, get_legal_actions, step, is_over",
    )


def openspiel_c8_engine() -> Engine:
    """OpenSpiel's C++ ``crazy_eights`` driven from a Python loop, default parameters."""
    import pyspiel

    type_ = pyspiel.load_game("crazy_eights").get_type()
    cache: dict[int, Any] = {}

    def make() -> PlayOne:
        def play(n: int, seed: int) -> tuple[int, int, bool]:
            rng = random.Random(seed)
            choice, choices = rng.choice, rng.choices
            game = cache.get(n)
            if game is None:
                game = cache[n] = pyspiel.load_game("crazy_eights", {"players": n})
            s = game.new_initial_state()
            moves = chance = 0
            while not s.is_terminal():
                if s.is_chance_node():
                    outcomes, probs = zip(*s.chance_outcomes(), strict=True)
                    s.apply_action(choices(outcomes, probs)[0])
                    chance += 1
                else:
                    s.apply_action(choice(s.legal_actions()))
                    moves += 1
                    if moves >= MAX_MOVES:
                        return moves, chance, True
            return moves, chance, False

        return play

    return Engine(
        "openspiel-crazy_eights",
        "OpenSpiel crazy_eights",
        make,
        type_.min_num_players,
        type_.max_num_players,
        "pyspiel.load_game('crazy_eights', {'players': N}), defaults otherwise "
        "(max_turns=100, no special cards, no reshuffle: many games end without a player "
        "going out, so compare moves/s, not games/s); deal and draws are chance nodes",
    )


def comparison_engines(wanted: set[str]) -> tuple[list[Engine], dict[str, str]]:
    """The comparison engines that import, and why the others were skipped."""
    builders: list[tuple[str, Callable[[], Engine]]] = [
        ("rlcard-uno", rlcard_uno_engine),
        ("rlcard-uno-core", lambda: rlcard_uno_engine(core=True)),
        ("openspiel-crazy_eights", openspiel_c8_engine),
    ]
    engines, skipped = [], {}
    for name, build in builders:
        if name not in wanted:
            continue
        try:
            engines.append(build())
        except ImportError as e:
            skipped[name] = f"not installed ({e}); pip install -e '.[bench]'"
    return engines, skipped


# --------------------------------------------------------------------------- measuring


@dataclass
class Run:
    """One repetition of one cell."""

    games: int
    moves: int
    chance: int
    seconds: float
    cpu_seconds: float
    capped: int
    failed: int


@dataclass
class Cell:
    engine: Engine
    players: int
    play: PlayOne
    runs: list[Run] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    next_seed: int = 0


def run_once(cell: Cell, seconds: float) -> Run:
    """Play games until ``seconds`` of wall time have passed (at least one game)."""
    games = moves = chance = capped = failed = 0
    play, n = cell.play, cell.players
    gc.collect()
    clock = time.perf_counter
    cpu = time.process_time
    cpu_start = cpu()
    start = clock()
    deadline = start + seconds
    while True:
        seed = cell.next_seed
        cell.next_seed += 1
        try:
            m, c, cap = play(n, seed)
        except Exception as e:  # a crash of a foreign engine is a finding, not a stop
            failed += 1
            if len(cell.errors) < 3:
                cell.errors.append(f"seed {seed}: {type(e).__name__}: {e}")
        else:
            games += 1
            moves += m
            chance += c
            capped += cap
        if clock() >= deadline:
            break
    return Run(games, moves, chance, clock() - start, cpu() - cpu_start, capped, failed)


def summarize(cell: Cell, clock: str = "wall") -> dict[str, Any]:
    """Medians over the repetitions, rates per ``clock`` second (wall or this process's CPU)."""
    runs = cell.runs
    secs = [r.seconds if clock == "wall" else r.cpu_seconds for r in runs]
    gps = [r.games / t for r, t in zip(runs, secs, strict=True)]
    mps = [r.moves / t for r, t in zip(runs, secs, strict=True)]
    games = sum(r.games for r in runs)
    return {
        "engine": cell.engine.name,
        "label": cell.engine.label,
        "players": cell.players,
        "games_per_s": statistics.median(gps),
        "moves_per_s": statistics.median(mps),
        "moves_per_s_min": min(mps),
        "moves_per_s_max": max(mps),
        "moves_per_game": sum(r.moves for r in runs) / games if games else 0.0,
        "chance_per_game": sum(r.chance for r in runs) / games if games else 0.0,
        "games": games,
        "capped": sum(r.capped for r in runs),
        "failed": sum(r.failed for r in runs),
        "errors": cell.errors,
        "repeats": len(runs),
        "cpu_share": statistics.median(r.cpu_seconds / r.seconds for r in runs),
    }


def environment() -> dict[str, Any]:
    versions = {}
    for dist in ("atout", "msgspec", "rlcard", "open-spiel", "numpy"):
        try:
            versions[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            versions[dist] = None
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "cpu": cpu,
        "versions": versions,
    }


# --------------------------------------------------------------------------- output


def ratios(
    rows: list[dict[str, Any]], ours: str, theirs: str, target: float | None
) -> list[dict[str, Any]]:
    """atout's moves/s over ``theirs`` for each player count both ran."""
    by = {(r["engine"], r["players"]): r for r in rows}
    out = []
    for (engine, n), row in sorted(by.items(), key=lambda kv: kv[0][1]):
        other = by.get((theirs, n))
        if engine != ours or other is None or not other["moves_per_s"]:
            continue
        ratio = row["moves_per_s"] / other["moves_per_s"]
        met = None if target is None else ratio >= target
        out.append({"players": n, "against": theirs, "ratio": ratio, "target": target, "met": met})
    return out


def markdown(report: dict[str, Any]) -> str:
    env = report["environment"]
    p = report["params"]
    lines = [
        f"## Random playouts: {report['game']} (median of {p['repeat']} x {p['seconds']:g} s,"
        f" per {p['clock']} second)",
        "",
        f"Python {env['python']} ({env['implementation']}), {env['cpu']}; "
        + ", ".join(f"{k} {v}" for k, v in env["versions"].items() if v),
        "",
        "| engine | players | games/s | moves/s | moves/s min-max | moves/game | chance/game | games |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in report["rows"]:
        extra = ""
        if r["capped"] or r["failed"]:
            extra = f" ({r['capped']} capped, {r['failed']} failed)"
        lines.append(
            f"| {r['label']} | {r['players']} | {r['games_per_s']:,.1f} | {r['moves_per_s']:,.0f}"
            f" | {r['moves_per_s_min']:,.0f}-{r['moves_per_s_max']:,.0f}"
            f" | {r['moves_per_game']:.1f} | {r['chance_per_game']:.1f} | {r['games']}{extra} |"
        )
    if report["ratios"]:
        lines += [
            "",
            "| players | atout / engine (moves/s) | ratio | target | met |",
            "|---:|---|---:|---:|:---:|",
        ]
        for q in report["ratios"]:
            target = "-" if q["target"] is None else f"{q['target']:g}x"
            met = {None: "-", True: "yes", False: "NO"}[q["met"]]
            lines.append(
                f"| {q['players']} | {report['atout_engine']} / {q['against']} | {q['ratio']:.2f}x"
                f" | {target} | {met} |"
            )
    lines += ["", "Engines:"]
    lines += [f"- {name}: {note}" for name, note in report["notes"].items()]
    if report["unsupported"]:
        lines += [f"- not run: {u}" for u in report["unsupported"]]
    for name, why in report["skipped"].items():
        lines.append(f"- skipped {name}: {why}")
    for r in report["rows"]:
        for e in r["errors"]:
            lines.append(f"- error in {r['engine']} with {r['players']} players, {e}")
    lines.append(
        "- one move = one player decision (draws/passes included); chance outcomes are not moves"
    )
    busy = [r for r in report["rows"] if r["cpu_share"] < 0.95]
    if busy:
        worst = min(r["cpu_share"] for r in busy)
        lines.append(
            f"- WARNING: the machine was busy: {len(busy)} cells got less than 95% of a CPU"
            f" (worst {worst:.0%}); wall-clock figures are low, compare ratios or use --clock cpu"
        )
    return "\n".join(lines)


# --------------------------------------------------------------------------- main


def profile(engine: Engine, players: list[int], seconds: float, top: int) -> str:
    """cProfile of the atout playouts, sorted by own time then cumulative time."""
    play = engine.make()
    prof = cProfile.Profile()
    for n in players:
        seed, deadline = 0, time.perf_counter() + seconds
        prof.enable()
        while time.perf_counter() < deadline:
            play(n, seed)
            seed += 1
        prof.disable()
    out = io.StringIO()
    stats = pstats.Stats(prof, stream=out).strip_dirs()
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="q2j", help="atout game id (default q2j)")
    ap.add_argument("--players", help="comma-separated player counts (default per game)")
    ap.add_argument("--seconds", type=float, default=2.0, help="wall time per repetition")
    ap.add_argument("--repeat", type=int, default=5, help="repetitions; the median is reported")
    ap.add_argument(
        "--compare",
        default="rlcard-uno,rlcard-uno-core,openspiel-crazy_eights",
        help="comparison engines, comma-separated ('' for none)",
    )
    ap.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="rates per wall second (default) or per CPU second of this process (busy machines)",
    )
    ap.add_argument(
        "--target",
        type=float,
        help="wanted atout/RLCard-UNO moves/s ratio (default 2 for q2j, none otherwise)",
    )
    ap.add_argument("--json", nargs="?", const="-", metavar="FILE", help="JSON ('-': stdout)")
    ap.add_argument("--profile", action="store_true", help="cProfile atout instead of timing")
    ap.add_argument("--top", type=int, default=25, help="rows of the profile")
    args = ap.parse_args(argv)

    players = (
        [int(x) for x in args.players.split(",")]
        if args.players
        else list(DEFAULT_PLAYERS.get(args.game, ()))
    )
    ours = atout_engine(args.game)
    if not players:
        players = sorted({ours.min_players, ours.max_players})
    target = args.target if args.target is not None else TARGETS.get(args.game)
    if args.profile:
        print(profile(ours, players, args.seconds, args.top))
        return 0

    wanted = {x.strip() for x in args.compare.split(",") if x.strip()}
    others, skipped = comparison_engines(wanted)
    engines = [ours, *others]
    cells, unsupported = [], []
    for e in engines:
        for n in players:
            if e.min_players <= n <= e.max_players:
                cells.append(Cell(e, n, e.make()))
            else:
                unsupported.append(f"{e.name} with {n} players ({e.min_players}-{e.max_players})")
    for cell in cells:  # warm-up: imports, caches, first-call costs
        run_once(cell, min(0.2, args.seconds))
        cell.next_seed = 0
    for rep in range(args.repeat):
        for cell in cells:
            print(
                f"[{rep + 1}/{args.repeat}] {cell.engine.name} x{cell.players}",
                file=sys.stderr,
                flush=True,
            )
            cell.runs.append(run_once(cell, args.seconds))

    rows = [summarize(c, args.clock) for c in cells]
    report = {
        "game": args.game,
        "atout_engine": ours.name,
        "params": {
            "players": players,
            "seconds": args.seconds,
            "repeat": args.repeat,
            "clock": args.clock,
        },
        "environment": environment(),
        "rows": rows,
        "ratios": ratios(rows, ours.name, "rlcard-uno", target)
        + ratios(rows, ours.name, "rlcard-uno-core", None),
        "notes": {e.name: e.note for e in engines},
        "unsupported": unsupported,
        "skipped": skipped,
    }
    if args.json == "-":
        print(json.dumps(report, indent=2))
    else:
        print(markdown(report))
        if args.json:
            with open(args.json, "w") as f:
                json.dump(report, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
