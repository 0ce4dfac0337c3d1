"""Memory a finished table holds in the game master, archived or not.

Plays ``--tables`` games per game (random moves, 4 players, a SQLite store) through the sans-I/O
core, then measures with tracemalloc what the finished tables hold: first **archived** (their
moves and events dropped, as the core does once the record is stored), then after a late
spectator's catch-up has read each one back from the store (**in full**, as every finished table
was kept before archiving). Both figures come from the same run.

Run: ``python bench/memory.py [--tables 20] [--players 4]``.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import tempfile
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.server.harness import Harness

from atout.server.storage.store import Store


def measure(game: str, players: int, tables: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        h = Harness(Store(Path(tmp) / "bench.db"), leak_guard=False)
        conns = [h.connect(f"p{i}") for i in range(players)]
        watcher = h.connect("late")
        gc.collect()
        tracemalloc.start()
        base = tracemalloc.get_traced_memory()[0]
        ids = []
        for _ in range(tables):
            tid = h.create(conns[0], game, players)
            for i, c in enumerate(conns):
                h.request(c, "join", table=tid, seat=i)
            h.play_out(tid, dict(enumerate(conns)))
            ids.append(tid)
        for inbox in h.inbox.values():
            inbox.clear()
        gc.collect()
        archived = tracemalloc.get_traced_memory()[0] - base
        moves = sum(h.core.tables[t].version for t in ids) / tables
        for tid in ids:
            h.request(watcher, "watch", table=tid, version=-1)
        for inbox in h.inbox.values():
            inbox.clear()
        gc.collect()
        full = tracemalloc.get_traced_memory()[0] - base
        tracemalloc.stop()
    return {
        "game": game,
        "players": players,
        "moves": round(moves),
        "archived_kb": round(archived / tables / 1024, 1),
        "full_kb": round(full / tables / 1024, 1),
        "ratio": round(full / archived, 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=int, default=20)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", default="q2j,quinze,pouilleux")
    args = ap.parse_args()
    for game in args.games.split(","):
        print(json.dumps(measure(game, args.players, args.tables)), flush=True)


if __name__ == "__main__":
    main()
