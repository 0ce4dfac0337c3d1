"""The cost of a move in each store, side by side in one run: SQLite (WAL, synchronous=NORMAL and
FULL) and PostgreSQL (a local cluster with fsync on and synchronous_commit=on, started by this
script from Debian's packages, or ``ATOUT_TEST_PG``).

Two measures per store:

- **journal**: ``--tables`` tables playing; batches of ``B`` moves from random tables, each batch
  one :meth:`commit` (what the shell does with the frames read together). Moves/s and the
  commit's p50/p99 per batch size.
- **games**: whole games through the sans-I/O core (the test harness, random legal moves, one
  commit per move, as a quiet server), finished tables moved out of the journal: moves/s.

Run: ``python bench/stores.py [--moves 20000] [--games 40]``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.server.harness import Harness
from tests.server.pgcluster import Cluster

from atout.server.storage.pgstore import PostgresStore
from atout.server.storage.record import MoveRecord, SeatRecord, TableRecord
from atout.server.storage.store import SQLiteStore


def journal(store: Any, moves: int, batch: int, tables: int, seed: int) -> dict[str, float]:
    rng = random.Random(seed)
    ids = [f"b{batch}-{i}" for i in range(tables)]
    for tid in ids:
        store.create_table(
            TableRecord(
                table=tid,
                game="q2j",
                players=2,
                seats=[SeatRecord(seat=0, name="a"), SeatRecord(seat=1, name="b")],
                created=1.0,
            )
        )
        store.start(tid, "ab" * 16, "cd" * 32, 1.0)
    store.commit()
    n = dict.fromkeys(ids, 0)
    lat = []
    t0 = time.perf_counter()
    done = 0
    while done < moves:
        for _ in range(batch):
            tid = rng.choice(ids)
            n[tid] += 1
            mv = MoveRecord(seat=n[tid] % 2, move={"type": "play", "cards": ["QH"]}, t=2.0)
            store.add_move(tid, n[tid], mv)
        c0 = time.perf_counter()
        store.commit()
        lat.append(time.perf_counter() - c0)
        done += batch
    wall = time.perf_counter() - t0
    lat.sort()
    return {
        "moves_per_s": round(done / wall),
        "commit_p50_us": round(statistics.median(lat) * 1e6),
        "commit_p99_us": round(lat[int(len(lat) * 0.99)] * 1e6),
        "us_per_move": round(wall / done * 1e6, 1),
    }


def games(store: Any, count: int) -> dict[str, float]:
    h = Harness(store, leak_guard=False)
    conns = [h.connect(f"p{i}") for i in range(2)]
    moves = 0
    t0 = time.perf_counter()
    for _ in range(count):
        tid = h.create(conns[0], "q2j", 2)
        for c in conns:
            h.request(c, "join", table=tid)
        moves += h.play_out(tid, dict(enumerate(conns)))
    wall = time.perf_counter() - t0
    return {"games": count, "moves": moves, "moves_per_s": round(moves / wall)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--moves", type=int, default=20000)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--tables", type=int, default=200)
    a = ap.parse_args()
    cluster = Cluster(durable=True).start()
    out: dict[str, Any] = {}
    try:
        with tempfile.TemporaryDirectory() as tmp:
            makers = {
                "sqlite_normal": lambda k: SQLiteStore(Path(tmp) / f"n{k}.db", "NORMAL"),
                "sqlite_full": lambda k: SQLiteStore(Path(tmp) / f"f{k}.db", "FULL"),
                "postgresql": lambda k: PostgresStore(cluster.new_db()),
            }
            for name, make in makers.items():
                res: dict[str, Any] = {}
                for batch in (1, 8, 64):
                    s = make(f"j{batch}")
                    res[f"journal_batch_{batch}"] = journal(s, a.moves, batch, a.tables, 1)
                    s.close()
                s = make("g")
                res["games"] = games(s, a.games)
                s.close()
                out[name] = res
                print(name, json.dumps(res), flush=True)
    finally:
        cluster.stop()
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
