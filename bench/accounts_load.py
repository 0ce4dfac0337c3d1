"""The players' platform at size: 10,000 accounts and 100,000 finished games in one database,
then the latency of leaderboard and player-page requests (through the HTTP API's handler, JSON
encoding included) and of the rating update at a game's end.

    python bench/accounts_load.py                      # 10,000 accounts, 100,000 games
    python bench/accounts_load.py --accounts 1000 --games 10000 --db /tmp/p.db

The games are generated directly (their tables, seats and results rows, no moves: the requests
measured never read moves); each one's ratings are moved by the game master's own code
(``Ratings.record_game``), whose time is the rating update measured. 85% of the games are rated
(2 to 4 seats: accounts, sometimes a bot), the rest have a guest.
"""

from __future__ import annotations

import sys
from pathlib import Path

# this file's name hides the standard library's ``platform`` (argon2 imports it): run without
# bench/ on the path
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).parent.resolve()]

import argparse  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402

import msgspec  # noqa: E402

from atout.server.accounts.accounts import hash_password  # noqa: E402
from atout.server.accounts.api import HttpRequest, run  # noqa: E402
from atout.server.core.router import Core  # noqa: E402
from atout.server.storage.store import SQLiteStore  # noqa: E402

GAMES = ("q2j", "pouilleux", "quinze")
BOTS = ("random", "heuristic", "ismcts")


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(p / 100 * (len(xs) - 1)))]


def generate(store: SQLiteStore, core: Core, accounts: int, games: int, seed: int) -> list[float]:
    """Fill the database; returns each rated game's rating-update time (ms)."""
    rng = random.Random(seed)
    db = store.db
    hashed = hash_password("bench password")  # one hash for all: hashing is not measured here
    names = [f"player{i:05d}" for i in range(accounts)]
    db.executemany(
        "INSERT INTO accounts (name, key, password, created) VALUES (?, ?, ?, ?)",
        [(n, n.casefold(), hashed, 1.6e9 + i) for i, n in enumerate(names)],
    )
    store.dirty = True
    store.commit()
    times: list[float] = []
    enc = msgspec.json.encode
    t0 = 1.7e9
    for g in range(games):
        game = rng.choice(GAMES)
        n = rng.randint(2, 4)
        players = rng.sample(names, n)
        seats: list[tuple[str | None, str | None]] = [(p, None) for p in players]
        rated = rng.random() < 0.85
        if rng.random() < 0.2:
            seats[-1] = (None, rng.choice(BOTS))
        if not rated:
            seats[-1] = (None, None)  # a guest
        winners = [rng.randrange(n)]
        tid = f"{g:012x}"
        ended = t0 + g * 30.0
        db.execute(
            "INSERT INTO tables (id, game, players, options, settings, status, created, started,"
            " finished, seed, commitment, result, moves) VALUES"
            " (?, ?, ?, '{}', '{}', 'finished', ?, ?, ?, '', '', ?, '[]')",
            (tid, game, n, ended - 600, ended - 590, ended, enc({"winners": winners})),
        )
        db.executemany(
            "INSERT INTO seats (table_id, seat, name, bot, account) VALUES (?, ?, ?, ?, ?)",
            [
                (tid, i, a or (f"bot-{b}" if b else f"guest{g}"), b, a)
                for i, (a, b) in enumerate(seats)
            ],
        )
        t = time.perf_counter()
        core.ratings.record_game(tid, game, ended, seats, winners, rated)
        if rated:
            times.append((time.perf_counter() - t) * 1000)
        if g % 1000 == 999:
            store.dirty = True
            store.commit()
            print(f"\r{g + 1} games", end="", file=sys.stderr, flush=True)
    store.dirty = True
    store.commit()
    print(file=sys.stderr)
    return times


def measure(core: Core, requests: int, seed: int, accounts: int) -> dict[str, list[float]]:
    rng = random.Random(seed + 1)
    out: dict[str, list[float]] = {"leaderboard": [], "leaderboard_deep": [], "player": []}
    for _ in range(requests):
        game = rng.choice(GAMES)
        for kind, target in (
            ("leaderboard", f"/api/leaderboard/{game}?limit=50"),
            ("leaderboard_deep", f"/api/leaderboard/{game}?limit=50&offset={rng.randrange(9000)}"),
            ("player", f"/api/players/player{rng.randrange(accounts):05d}"),
        ):
            t = time.perf_counter()
            resp = run(core.api, HttpRequest("GET", target, {}, b"", None), time.time())
            out[kind].append((time.perf_counter() - t) * 1000)
            assert resp.status == 200, resp.body[:200]
    return out


def end_of_game(core: Core, store: SQLiteStore, n: int, seed: int) -> list[float]:
    """Rating update plus the commit that makes it durable, for ``n`` more games (ms)."""
    rng = random.Random(seed + 2)
    names = [r[0] for r in store.db.execute("SELECT name FROM accounts LIMIT 2000")]
    out = []
    for g in range(n):
        tid = f"end{g:09d}"
        players = rng.sample(names, 3)
        store.db.execute(
            "INSERT INTO tables (id, game, players, options, settings, status, created)"
            " VALUES (?, 'q2j', 3, '{}', '{}', 'finished', 0)",
            (tid,),
        )
        store.commit()
        t = time.perf_counter()
        core.ratings.record_game(tid, "q2j", 2e9 + g, [(p, None) for p in players], [0], True)
        store.commit()
        out.append((time.perf_counter() - t) * 1000)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--accounts", type=int, default=10_000)
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--requests", type=int, default=1000, help="of each kind")
    ap.add_argument("--db", type=Path, default=None, help="default: a temporary file")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    tmp = None
    if a.db is None:
        tmp = tempfile.TemporaryDirectory()
        a.db = Path(tmp.name) / "platform.db"
    store = SQLiteStore(a.db)
    core = Core(store)
    t = time.perf_counter()
    times = generate(store, core, a.accounts, a.games, a.seed)
    gen_s = time.perf_counter() - t
    size = a.db.stat().st_size / 1e6
    res = measure(core, a.requests, a.seed, a.accounts)
    ends = end_of_game(core, store, 500, a.seed)
    print(
        f"{a.accounts} accounts, {a.games} games ({len(times)} rated) generated in {gen_s:.0f} s;"
        f" database {size:.0f} MB"
    )
    print(f"{'what':<34} {'n':>6} {'median ms':>10} {'p99 ms':>8} {'max ms':>8}")
    rows = [
        ("GET /api/leaderboard/<game> top 50", res["leaderboard"]),
        ("GET /api/leaderboard, deep offset", res["leaderboard_deep"]),
        ("GET /api/players/<name>", res["player"]),
        ("rating update (generation)", times),
        ("rating update + commit", ends),
    ]
    for what, xs in rows:
        print(
            f"{what:<34} {len(xs):>6} {statistics.median(xs):>10.3f} {pct(xs, 99):>8.3f}"
            f" {max(xs):>8.3f}"
        )
    store.close()
    if tmp is not None:
        tmp.cleanup()


if __name__ == "__main__":
    main()
