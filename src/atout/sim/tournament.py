"""Tournaments between bot kinds: seats rotated, deals duplicated, seeded, on every core.

With bot kinds ``K = [k0, k1, …]`` and ``n`` seats, game ``i`` seats ``K[(s + i) % len(K)]`` at
seat ``s`` and is dealt from deal ``i // len(K)``: each deal is played once per rotation, so
every kind sits at every seat and holds every hand equally often (duplicate play: the luck of the
deal cancels out between kinds). ``["ismcts", "heuristic"]`` at 4 seats is two of each,
alternating; ``["ismcts", "heuristic", "heuristic", "heuristic"]`` is one against three.

Measures, per kind: the share of games won by a seat of that kind, with a 95% Wilson interval,
against its fair share (seats held / seats); the average decision time; an OpenSkill rating
(Plackett-Luce, one team per kind and game: the kinds holding a winner rank first). Same
arguments, same results, whatever the number of worker processes (timing aside).

A bot spec is a registered kind, or ``kind:arg`` for kinds that take one (``ismcts:1000``,
``ismcts:0.5s``).
"""

from __future__ import annotations

import base64
import html
import io
import math
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from atout.bots import make_spec
from atout.games import get_game
from atout.sim.runner import MAX_MOVES, game_seed

Z95 = 1.959963984540054


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (``successes`` may be fractional: shared wins)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def lineup(kinds: Sequence[str], players: int, index: int) -> list[str]:
    """The kind at each seat in game ``index``."""
    k = len(kinds)
    return [kinds[(s + index) % k] for s in range(players)]


# --------------------------------------------------------------------------- playing


@dataclass
class GameRecord:
    """One game of a tournament, small enough to send back from a worker."""

    index: int
    seed: int
    lineup: list[str]
    winners: list[int]
    reason: str
    moves: int
    think: dict[str, list[float]] = field(default_factory=dict)  # kind -> [seconds, decisions]


def play_one(
    game_id: str,
    players: int,
    options: dict[str, Any] | None,
    seed: int,
    index: int,
    kinds: Sequence[str],
    times: dict[str, list[float]] | None = None,
) -> GameRecord:
    """Play game ``index`` of a run seeded ``seed``: each bot sees only its seat's view.
    ``times``: each decision that had a choice appends its seconds to ``times[kind]``."""
    game = get_game(game_id)
    seats = lineup(kinds, players, index)
    deal = game_seed(seed, index // len(kinds))
    state = game.setup(players, options, deal)
    bots = [
        make_spec(k, game_seed(deal, 1000 * (index % len(kinds)) + s)) for s, k in enumerate(seats)
    ]
    think: dict[str, list[float]] = {k: [0.0, 0] for k in set(seats)}
    moves = 0
    while (seat := state.current) is not None and moves < MAX_MOVES:
        bot = bots[seat]
        legal = state.legal_moves()
        view = state.view(seat) if getattr(bot, "needs_view", True) else {}
        t0 = time.perf_counter()
        move = bot.choose(game, view, legal)
        spent = time.perf_counter() - t0
        acc = think[seats[seat]]
        acc[0] += spent
        acc[1] += 1
        if times is not None and len(legal) > 1:
            times.setdefault(seats[seat], []).append(spent)
        state.apply(seat, move)
        moves += 1
    res = state.result()
    return GameRecord(
        index,
        deal,
        seats,
        list(res.winners) if res else [],
        res.reason if res else "unfinished",
        moves,
        think,
    )


def _play_chunk(args: tuple[Any, ...]) -> list[GameRecord]:
    game_id, players, options, seed, kinds, indices = args
    return [play_one(game_id, players, options, seed, i, kinds) for i in indices]


# --------------------------------------------------------------------------- summarising


@dataclass
class KindResult:
    kind: str
    games: int = 0  # games with at least one seat of this kind
    seats: int = 0  # seat-games
    wins: float = 0.0  # games won, a shared win counted by share
    fair: float = 0.0  # expected wins if all kinds were equal: sum of seats held / seats
    think_s: float = 0.0
    decisions: int = 0
    mu: float = 0.0
    sigma: float = 0.0

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def to_dict(self) -> dict[str, Any]:
        lo, hi = wilson(self.wins, self.games)
        return {
            "kind": self.kind,
            "games": self.games,
            "seat_games": self.seats,
            "wins": round(self.wins, 3),
            "win_rate": round(self.rate, 4),
            "ci95": [round(lo, 4), round(hi, 4)],
            "fair_share": round(self.fair / self.games, 4) if self.games else 0.0,
            "ms_per_decision": round(1000 * self.think_s / self.decisions, 3)
            if self.decisions
            else 0.0,
            "rating": {
                "mu": round(self.mu, 3),
                "sigma": round(self.sigma, 3),
                "ordinal": round(self.mu - 3 * self.sigma, 3),
            },
        }


@dataclass
class TableResult:
    """Every game of one (game, players) pairing and its summary."""

    game: str
    players: int
    kinds: list[str]
    seed: int
    options: dict[str, Any]
    records: list[GameRecord]
    seconds: float = 0.0
    kinds_result: dict[str, KindResult] = field(default_factory=dict)
    rating_history: dict[str, list[float]] = field(default_factory=dict)

    def summarise(self) -> None:
        from openskill.models import PlackettLuce

        model = PlackettLuce()
        ratings = {k: model.rating(name=k) for k in dict.fromkeys(self.kinds)}
        out = {k: KindResult(k) for k in ratings}
        history: dict[str, list[float]] = {k: [] for k in ratings}
        n = self.players
        for rec in self.records:
            present = list(dict.fromkeys(rec.lineup))
            share = 1.0 / len(rec.winners) if rec.winners else 0.0
            won: dict[str, float] = dict.fromkeys(present, 0.0)
            for w in rec.winners:
                won[rec.lineup[w]] += share
            for k in present:
                r = out[k]
                held = rec.lineup.count(k)
                r.games += 1
                r.seats += held
                r.wins += won[k]
                r.fair += held / n
                r.think_s += rec.think.get(k, [0.0, 0])[0]
                r.decisions += int(rec.think.get(k, [0.0, 0])[1])
            if len(present) > 1 and rec.winners:
                teams = [[ratings[k]] for k in present]
                ranks = [0 if won[k] > 0 else 1 for k in present]
                for k, team in zip(present, model.rate(teams, ranks=ranks), strict=True):
                    ratings[k] = team[0]
            for k in ratings:
                history[k].append(ratings[k].mu)
        for k, r in out.items():
            r.mu, r.sigma = ratings[k].mu, ratings[k].sigma
        self.kinds_result = out
        self.rating_history = history

    @property
    def avg_moves(self) -> float:
        return sum(r.moves for r in self.records) / len(self.records) if self.records else 0.0

    def to_dict(self) -> dict[str, Any]:
        reasons: dict[str, int] = {}
        for r in self.records:
            reasons[r.reason] = reasons.get(r.reason, 0) + 1
        return {
            "game": self.game,
            "players": self.players,
            "bots": self.kinds,
            "seed": self.seed,
            "options": self.options,
            "games": len(self.records),
            "avg_moves": round(self.avg_moves, 2),
            "end_reasons": dict(sorted(reasons.items())),
            "seconds": round(self.seconds, 2),
            "kinds": [r.to_dict() for r in self.kinds_result.values()],
        }


def run_table(
    game_id: str,
    players: int,
    kinds: Sequence[str],
    games: int,
    seed: int = 7,
    options: dict[str, Any] | None = None,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> TableResult:
    """Play ``games`` games of one pairing (on ``workers`` processes; 0/None: every core)."""
    game = get_game(game_id)
    game.check_players(players)
    game.parse_options(options)
    for k in dict.fromkeys(kinds):
        make_spec(k, 0)  # fail early on an unknown kind
    workers = workers or os.cpu_count() or 1
    t0 = time.perf_counter()
    records: list[GameRecord] = []
    if workers <= 1 or games < 2:
        for i in range(games):
            records.append(play_one(game_id, players, options, seed, i, kinds))
            if progress:
                progress(1)
    else:
        size = max(1, min(50, games // (workers * 8) or 1))
        chunks = [list(range(a, min(games, a + size))) for a in range(0, games, size)]
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futs = [
                pool.submit(_play_chunk, (game_id, players, options, seed, list(kinds), c))
                for c in chunks
            ]
            for f in as_completed(futs):
                got = f.result()
                records.extend(got)
                if progress:
                    progress(len(got))
        records.sort(key=lambda r: r.index)
    table = TableResult(game_id, players, list(kinds), seed, dict(options or {}), records)
    table.seconds = time.perf_counter() - t0
    table.summarise()
    return table


def run_tournament(
    game_ids: Sequence[str], player_counts: Sequence[int], *args: Any, **kwargs: Any
) -> list[TableResult]:
    """One table per (game, players) pairing, in that order; the other arguments (kinds, games,
    seed, options, workers, progress) are :func:`run_table`'s, the same for every table."""
    return [run_table(g, p, *args, **kwargs) for g in game_ids for p in player_counts]


# --------------------------------------------------------------------------- the HTML report


def _png(fig: Any) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=110, bbox_inches="tight")
    import matplotlib.pyplot as plt

    plt.close(fig)
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()


def _plots(t: TableResult) -> list[tuple[str, str]]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out = []
    kinds = list(t.kinds_result.values())
    fig, ax = plt.subplots(figsize=(5.5, 3.2))
    rates = [k.rate for k in kinds]
    cis = [wilson(k.wins, k.games) for k in kinds]
    err = [
        [r - lo for r, (lo, _) in zip(rates, cis, strict=True)],
        [hi - r for r, (_, hi) in zip(rates, cis, strict=True)],
    ]
    xs = range(len(kinds))
    ax.bar(xs, rates, yerr=err, capsize=6, color="#4878a8")
    for x, k in zip(xs, kinds, strict=True):
        fair = k.fair / k.games if k.games else 0
        ax.hlines(fair, x - 0.4, x + 0.4, colors="#c44", linestyles="dashed")
    ax.set_xticks(list(xs), [k.kind for k in kinds])
    ax.set_ylim(0, 1)
    ax.set_ylabel("share of games won (95% CI)")
    ax.set_title("Win rates (dashed: fair share)")
    out.append(("Win rates", _png(fig)))

    fig, ax = plt.subplots(figsize=(5.5, 3.2))
    lengths = [r.moves for r in t.records]
    ax.hist(lengths, bins=min(40, max(5, len(set(lengths)))), color="#6a9f58")
    ax.set_xlabel("moves per game")
    ax.set_ylabel("games")
    ax.set_title(f"Game lengths (mean {t.avg_moves:.1f})")
    out.append(("Game lengths", _png(fig)))

    fig, ax = plt.subplots(figsize=(5.5, 3.2))
    for k, hist in t.rating_history.items():
        ax.plot(range(1, len(hist) + 1), hist, label=k)
    ax.set_xlabel("games")
    ax.set_ylabel("OpenSkill μ")
    ax.legend()
    ax.set_title("Ratings")
    out.append(("Ratings", _png(fig)))
    return out


def write_report(tables: Sequence[TableResult], directory: str | Path) -> Path:
    """``DIR/index.html`` (plots embedded as PNG) and ``DIR/results.json``. Returns the page."""
    import json

    d = Path(directory)
    d.mkdir(parents=True, exist_ok=True)
    (d / "results.json").write_text(json.dumps([t.to_dict() for t in tables], indent=1))
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        "<title>atout tournament</title><style>body{font-family:sans-serif;max-width:60em;"
        "margin:auto;padding:1em}table{border-collapse:collapse}td,th{border:1px solid #ccc;"
        "padding:.25em .6em;text-align:right}th{background:#eee}img{margin:.3em}</style>"
        "</head><body><h1>atout tournament</h1>",
    ]
    for t in tables:
        data = t.to_dict()
        title = f"{get_game(t.game).titles['en']} — {t.players} players"
        parts.append(f"<h2>{html.escape(title)}</h2>")
        parts.append(
            f"<p>{data['games']} games, bots {html.escape(', '.join(t.kinds))} (rotated over the "
            f"seats, each deal played once per rotation), seed {t.seed}, options "
            f"{html.escape(str(t.options or 'default'))}. Average {data['avg_moves']} moves per "
            f"game; ends: {html.escape(str(data['end_reasons']))}; {data['seconds']} s.</p>"
        )
        parts.append(
            "<table><tr><th>bot</th><th>games</th><th>wins</th><th>win rate</th>"
            "<th>95% CI</th><th>fair share</th><th>ms/decision</th><th>OpenSkill μ ± σ</th></tr>"
        )
        for k in data["kinds"]:
            lo, hi = k["ci95"]
            parts.append(
                f"<tr><td>{html.escape(k['kind'])}</td><td>{k['games']}</td><td>{k['wins']:g}</td>"
                f"<td>{k['win_rate']:.1%}</td><td>{lo:.1%} – {hi:.1%}</td>"
                f"<td>{k['fair_share']:.1%}</td><td>{k['ms_per_decision']}</td>"
                f"<td>{k['rating']['mu']:.2f} ± {k['rating']['sigma']:.2f}</td></tr>"
            )
        parts.append("</table><div>")
        for alt, src in _plots(t):
            parts.append(f"<img alt='{html.escape(alt)}' src='{src}'>")
        parts.append("</div>")
    parts.append("</body></html>")
    page = d / "index.html"
    page.write_text("\n".join(parts), encoding="utf-8")
    return page
