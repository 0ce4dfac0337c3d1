"""The SQLite store's commits back to back: SQLite's automatic WAL checkpoint (inside a commit,
on the caller's thread) against the store's ``Checkpointer`` thread with the tail copied by the
writer (src/atout/server/storage/store.py).

Why: the game master commits on its event loop; a commit that also checkpoints stalls every
table for that long (the paced load's p99, bench/RESULTS.md, issue 17). Each commit here holds
four moves (a flush at saturation); per mode: commits/s, commit time (median, p99, p99.9, max),
the largest WAL seen and the process's CPU per commit (both threads).

Run: ``python bench/checkpoint.py [--seconds 5] [--repeat 2]``; modes interleave.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from atout.server.storage.record import MoveRecord, SeatRecord, TableRecord
from atout.server.storage.store import SQLiteStore


def run(mode: str, seconds: float) -> dict[str, float]:
    folder = tempfile.mkdtemp()
    s = SQLiteStore(os.path.join(folder, "w.db"))
    if mode == "automatic":  # as before the Checkpointer: SQLite's own, every 1000 pages
        assert s.checkpointer is not None
        s.checkpointer.stop()
        s.checkpointer = None
        s.db.execute("COMMIT")
        s.db.execute("PRAGMA wal_autocheckpoint=1000")
        s.db.execute("BEGIN")
    seats = [SeatRecord(seat=0, name="a"), SeatRecord(seat=1, name="b")]
    s.create_table(TableRecord(table="t", game="q2j", players=2, seats=seats, created=1.0))
    s.start("t", "ab" * 16, "c" * 64, 2.0)
    wal = os.path.join(folder, "w.db-wal")
    times: list[float] = []
    n = biggest = 0
    t0, c0 = time.perf_counter(), time.process_time()
    while time.perf_counter() - t0 < seconds:
        for _ in range(4):
            n += 1
            s.add_move("t", n, MoveRecord(seat=0, move={"type": "play", "cards": ["QH"]}, t=n))
        a = time.perf_counter()
        s.commit()
        times.append(time.perf_counter() - a)
        if n % 4000 == 0:
            biggest = max(biggest, os.path.getsize(wal))
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    s.close()
    times.sort()

    def q(f: float) -> float:
        return round(1e3 * times[min(len(times) - 1, int(f * len(times)))], 3)

    return {
        "commits_per_s": round(len(times) / wall),
        "p50_ms": q(0.5),
        "p99_ms": q(0.99),
        "p999_ms": q(0.999),
        "max_ms": round(1e3 * times[-1], 2),
        "wal_kib": biggest // 1024,
        "cpu_us_per_commit": round(1e6 * cpu / len(times), 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--repeat", type=int, default=2)
    args = ap.parse_args()
    print(
        "| mode | commits/s | p50 ms | p99 ms | p99.9 ms | max ms | largest WAL KiB | CPU µs/commit |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for _ in range(args.repeat):
        for mode in ("automatic", "checkpointer"):
            r = run(mode, args.seconds)
            print(f"| {mode} | " + " | ".join(str(v) for v in r.values()) + " |", flush=True)


if __name__ == "__main__":
    main()
