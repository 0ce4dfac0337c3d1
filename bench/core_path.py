"""The game master's own share of a move, without sockets: what ``bench/server.py`` cannot
separate from the transport and the machine's noise.

The sans-I/O core is driven in-process exactly as the shell drives it: each move is a client
frame given to ``Core.receive``, then the store's commit (durable before announced), then every
outgoing message encoded once (a message shared by several recipients once). Q²J at four-seat
tables, one seat per connection, random legal moves from a seeded generator: the same moves on
every run. A table is created, joined and started when the previous one ends, as in the load
test, so the lobby's share is in the figure too. ``--tables`` tables move in each "loop turn"
(one move each), then the turn's one commit and its encodes: the shell's shape at saturation.

Reported: CPU µs per move (process time, so that other work on the machine counts less; median of ``--repeat`` runs, with the spread), and with ``--profile``
the functions that cost the most (cProfile, own time). ``--src DIR`` runs another source tree
(``git archive`` of an older commit): before/after in one run.

    .venv/bin/python bench/core_path.py [--moves 20000] [--repeat 5] [--profile] [--src DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

PLAYERS = 4


def run(moves: int, seed: int, profile: bool, tables: int) -> dict[str, Any]:
    import cProfile
    import pstats

    import msgspec

    from atout.protocol import messages as m
    from atout.protocol.codec import encode
    from atout.server.core.limits import CoreLimits
    from atout.server.core.router import Core
    from atout.server.storage.store import SQLiteStore

    rng = random.Random(seed)
    tmp = tempfile.mkdtemp()
    store = SQLiteStore(os.path.join(tmp, "bench.db"))
    core = Core(store, entropy=rng.randbytes, limits=CoreLimits.unlimited())
    now = 1000.0
    rid = 0
    last: dict[int, m.UpdateBody] = {}  # each connection's last update
    outs: list[tuple[int, m.Message]] = []

    def deliver() -> None:
        """What the shell does once per loop turn: one commit, then each message encoded once."""
        store.commit()
        frames: dict[int, bytes] = {}
        for conn, msg in outs:
            if id(msg) not in frames:
                frames[id(msg)] = encode(msg)
            if isinstance(msg, m.Update):
                last[conn] = msg.body
        outs.clear()

    def send(conn: int, cmd: str, **body: Any) -> None:
        nonlocal rid
        rid += 1
        frame = msgspec.json.encode({"cmd": cmd, "id": rid, "body": body})
        outs.extend(core.receive(conn, frame, now))

    lanes = [list(range(k * PLAYERS + 1, (k + 1) * PLAYERS + 1)) for k in range(tables)]
    for lane in lanes:
        for c in lane:
            outs.extend(core.connect(c, now=now))
            send(c, "hello", versions=[1], name=f"p{c}")
    deliver()

    def new_table(lane: list[int]) -> None:
        send(lane[0], "create_table", game="q2j", players=PLAYERS, bot_delay=0)
        tid = next(msg.body.table for _, msg in outs if isinstance(msg, m.TableCreated))
        for c in lane:
            send(c, "join", table=tid)  # no commitment: no reveal round (the GM's nonce)

    def one_move(lane: list[int]) -> bool:
        """The lane's seat to act plays a random listed move; False when its game is over."""
        for c in lane:
            u = last.get(c)
            if u is not None and u.legal and u.turn == u.seat:
                send(c, "move", table=u.table, version=u.version, move=rng.choice(u.legal))
                return True
        return False

    prof = cProfile.Profile() if profile else None
    done = 0
    start = time.process_time()
    if prof:
        prof.enable()
    for lane in lanes:
        new_table(lane)
    deliver()
    while done < moves:  # one loop turn: one move per table, then one commit and the writes
        now += 0.001
        for lane in lanes:
            if one_move(lane):
                done += 1
            else:
                for c in lane:
                    last.pop(c, None)
                new_table(lane)
        deliver()
    if prof:
        prof.disable()
    elapsed = time.process_time() - start
    out: dict[str, Any] = {"moves": done, "us_per_move": elapsed / done * 1e6}
    if prof:
        st = pstats.Stats(prof)
        rows = sorted(st.stats.items(), key=lambda kv: kv[1][2], reverse=True)[:25]  # type: ignore[attr-defined]
        out["top"] = [
            (f"{Path(f).name}:{ln} {fn}", round(tt / done * 1e6, 2), cc)
            for (f, ln, fn), (cc, _nc, tt, _ct, _callers) in rows
        ]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--moves", type=int, default=20000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--seed", type=int, default=17)
    ap.add_argument("--tables", type=int, default=16, help="tables moving in one loop turn")
    ap.add_argument("--profile", action="store_true", help="cProfile's top functions (own time)")
    ap.add_argument("--src", action="append", default=[], help="label=DIR: another tree's src")
    ap.add_argument("--json", default=None)
    ap.add_argument("--child", default=None, help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.child:  # one repetition, in a fresh process (its own src on sys.path)
        print(json.dumps(run(a.moves, a.seed, a.profile, a.tables)))
        return
    trees = [tuple(s.split("=", 1)) for s in a.src] or [("working tree", "")]
    results: dict[str, list[dict[str, Any]]] = {label: [] for label, _ in trees}
    for _ in range(a.repeat):  # interleaved: the machine's load falls on every tree alike
        for label, src in trees:
            env = dict(os.environ)
            if src:
                env["PYTHONPATH"] = src
            cmd = [sys.executable, __file__, "--child", "1", "--moves", str(a.moves)]
            cmd += ["--seed", str(a.seed), "--tables", str(a.tables)]
            cmd += ["--profile"] if a.profile else []
            res = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
            results[label].append(json.loads(res.stdout))
    print(f"load average {os.getloadavg()[0]:.1f}")
    print("| tree | moves | µs per move, median (min–max) |\n|---|---:|---:|")
    for label, runs in results.items():
        us = [r["us_per_move"] for r in runs]
        print(
            f"| {label} | {runs[0]['moves']} | {statistics.median(us):.1f} "
            f"({min(us):.1f}–{max(us):.1f}) |"
        )
        if a.profile:
            for name, per_move, calls in runs[0]["top"]:
                print(f"    {per_move:7.2f} µs/move  {calls:>8}  {name}")
    if a.json:
        Path(a.json).write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
