"""Several game master nodes (issue 14): one node against two at saturation, and the failover
time over repeated SIGKILLs.

Method:

* PostgreSQL (a throwaway cluster, fsync on, as in production: tests/server/pgcluster.py) and
  Redis (tests/server/rediscluster.py) on loopback; each node is an ``atout serve --db
  postgresql://… --bus redis://… --node NAME`` process.
* saturation: bench/server.py's light clients (N/4 lanes of four seats playing Q²J back to back
  at private tables, answering at once) in two client processes. With one node, both processes
  connect to it; with two, each process connects to one node (a table's four players on the
  table's node: the best case; a player on another node than the table pays a bus round trip
  each way). moves/s counts replies in the window; server CPU is the nodes' user+sys together
  over the window divided by the moves.
* failover: two nodes; each round, ``--tables`` tables of four seated random bots (0.2 s between
  moves) are created on the victim, which is SIGKILLed 1.5 s later; measured from the kill:
  *taken*, until the survivor holds the lease of every one of those tables still playing;
  *moving*, until each of them has a move after the one it had at the kill (or has finished).
  The victim is restarted under its name and the next round kills the other node.

Run: ``python bench/nodes.py [--clients 400,1000] [--seconds 10] [--kills 10] [--tables 20]
[--json FILE]``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing as mp
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from tests.server.pgcluster import Cluster  # noqa: E402
from tests.server.rediscluster import RedisServer  # noqa: E402

from atout.protocol.status import Status  # noqa: E402
from server import (  # noqa: E402
    LIMITS,
    PLAYERS,
    _listening_port,
    cpu_seconds,
    gather,
    percentile_ms,
    start_game_server,
    start_window,
    worker,
)


def start_node(name: str, pg: str, bus: str, max_conns: int = 3000) -> subprocess.Popen[bytes]:
    args = [sys.executable, "-m", "atout.server", "serve", "--port", "0", "--db", pg,
            "--bus", bus, "--node", name, "--log-level", "warning",
            "--max-connections", str(max_conns)]  # fmt: skip
    for lim in LIMITS:
        args += ["--limit", lim]
    return subprocess.Popen(args, env={**os.environ, "PYTHONUNBUFFERED": "1"})


def port_of(proc: subprocess.Popen[bytes]) -> int:
    for _ in range(300):
        time.sleep(0.05)
        port = _listening_port(proc.pid)
        if port:
            return port
    proc.kill()
    raise RuntimeError("the node did not start")


def db_pids(pg: Cluster, redis: RedisServer) -> list[int]:
    """PostgreSQL's processes (the postmaster and its children) and Redis's."""
    pids = [redis.proc.pid] if redis.proc is not None else []
    if pg.dir is None:
        return pids
    master = int(Path(f"{pg.dir}/data/postmaster.pid").read_text().split()[0])
    pids.append(master)
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                if int((d / "stat").read_text().rsplit(")", 1)[1].split()[1]) == master:
                    pids.append(int(d.name))
            except (OSError, ValueError, IndexError):
                pass
    return pids


COUNTED = ("atout_store_commit_seconds_count", "atout_frames_forwarded_total")


def counted(port: int) -> dict[str, float]:
    """The game master on ``port``'s commits that wrote and frames forwarded to other nodes,
    so far (read from its /metrics)."""
    from urllib.request import urlopen

    from prometheus_client.parser import text_string_to_metric_families

    with urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as r:
        text = r.read().decode()
    got = dict.fromkeys(COUNTED, 0.0)
    for fam in text_string_to_metric_families(text):
        for s in fam.samples:
            if s.name in got:
                got[s.name] = s.value
    return got


def _counts(nodes: list[tuple[int, int]]) -> dict[str, float]:
    each = [counted(port) for port, _ in nodes]
    return {k: sum(c[k] for c in each) for k in COUNTED}


def _cpu(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        with contextlib.suppress(OSError):
            total += cpu_seconds(pid)
    return total


def saturation(
    nodes: list[tuple[int, int]],
    clients: int,
    seconds: float,
    others: list[int],
    think: tuple[float, float] = (0.0, 0.0),
    split: bool = False,
) -> dict[str, Any]:
    """bench/server.py's game load: two client processes, spread over ``nodes`` (port, pid);
    ``others``: the database's processes, whose CPU is reported apart."""
    ctx = mp.get_context("spawn")
    q, ready, go = ctx.Queue(), ctx.Queue(), ctx.Event()
    window = ctx.Array("d", [0.0, 0.0])
    lanes = clients // PLAYERS
    shares = [lanes // 2 + (1 if i < lanes % 2 else 0) for i in range(2)]
    ports = [port for port, _ in nodes]
    ps = [
        ctx.Process(target=worker, args=("game", ports, n, think, i + 1, ready, go, window, q))
        if split
        else ctx.Process(
            target=worker,
            args=("game", nodes[i % len(nodes)][0], n, think, i + 1, ready, go, window, q),
        )
        for i, n in enumerate(shares)
    ]
    stop_at = start_window(ps, ready, go, window, seconds)
    counts0 = _counts(nodes)
    cpu0 = sum(cpu_seconds(pid) for _, pid in nodes)
    gen0 = sum(cpu_seconds(p.pid) for p in ps)  # type: ignore[arg-type]
    db0 = _cpu(others)
    rd0 = _cpu(others[:1])  # Redis's (db_pids puts it first)
    time.sleep(max(0.0, stop_at - time.time()))
    cpu1 = sum(cpu_seconds(pid) for _, pid in nodes)
    counts1 = _counts(nodes)
    commits = counts1[COUNTED[0]] - counts0[COUNTED[0]]
    forwarded = counts1[COUNTED[1]] - counts0[COUNTED[1]]
    gen1 = sum(cpu_seconds(p.pid) for p in ps)  # type: ignore[arg-type]
    db1 = _cpu(others)
    rd1 = _cpu(others[:1])
    results, moves, lat = gather(q, ps)

    def pct(f: float) -> float:
        return percentile_ms(lat, f, 1)

    return {
        "nodes": len(nodes),
        "clients": clients,
        "moves_s": round(moves / seconds),
        "p50_ms": pct(0.5),
        "p99_ms": pct(0.99),
        "cpu_us_move": round((cpu1 - cpu0) / moves * 1e6) if moves else None,
        "nodes_busy": round((cpu1 - cpu0) / seconds, 2),
        "db_busy": round((db1 - db0) / seconds, 2),
        "redis_busy": round((rd1 - rd0) / seconds, 3),
        "pg_us_move": round((db1 - db0 - rd1 + rd0) / moves * 1e6, 1) if moves else None,
        "redis_us_move": round((rd1 - rd0) / moves * 1e6, 1) if moves else None,
        "clients_us_move": round((gen1 - gen0) / moves * 1e6, 1) if moves else None,
        "clients_busy": round((gen1 - gen0) / seconds, 2),
        "errors": sum(r["errors"] for r in results),
        "commits_s": round(commits / seconds),
        "moves_per_commit": round(moves / commits, 1) if commits else None,
        "forwarded_s": round(forwarded / seconds),
    }


def run_saturation(
    pg: Cluster, redis: RedisServer, clients: int, seconds: float, tmp: str
) -> list[Any]:
    """One SQLite game master (the single-process default), one node, two nodes (each table's
    players on its node), two nodes with half of each table's players on the other node."""
    rows = []
    for setup in ("sqlite", 1, 2, "2 split"):
        db, bus = pg.new_db(), redis.new_db()
        if setup == "sqlite":
            procs = [start_game_server(f"{tmp}/sat{clients}.db", None, clients + 200)[0]]
        else:
            n = 2 if setup == "2 split" else int(setup)
            procs = [start_node(f"n{i}", db, bus, clients + 200) for i in range(n)]
        try:
            nodes = [(port_of(p), p.pid) for p in procs]
            others = db_pids(pg, redis) if setup != "sqlite" else []
            rows.append(saturation(nodes, clients, seconds, others, split=setup == "2 split"))
            rows[-1]["setup"] = setup
        finally:
            for p in procs:
                p.terminate()
            for p in procs:
                p.wait(timeout=30)
        rows[-1]["loadavg"] = round(os.getloadavg()[0], 2)
        print(json.dumps(rows[-1]), flush=True)
    return rows


def run_paced(pg: Cluster, redis: RedisServer, clients: int, seconds: float) -> dict[str, Any]:
    """Two nodes, ``clients`` players thinking 0.5-1.5 s before each move."""
    db, bus = pg.new_db(), redis.new_db()
    procs = [start_node(f"n{i}", db, bus, clients // 2 + 200) for i in range(2)]
    try:
        nodes = [(port_of(p), p.pid) for p in procs]
        row = saturation(nodes, clients, seconds, db_pids(pg, redis), think=(0.5, 1.5))
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            p.wait(timeout=30)
    row["setup"] = "2 paced"
    row["loadavg"] = round(os.getloadavg()[0], 2)
    print(json.dumps(row), flush=True)
    return row


async def _bot_tables(port: int, n: int) -> list[str]:
    from atout.client import Client

    c = await Client.connect(f"ws://127.0.0.1:{port}/ws", "bench")
    tids = []
    for _ in range(n):
        info = await c.create_table(
            "q2j", PLAYERS, bots=list(range(PLAYERS)), bot_delay=0.2, private=True
        )
        tids.append(info.table)
    await c.close()
    return tids


def run_failover(pg: Cluster, redis: RedisServer, kills: int, tables: int) -> list[Any]:
    import psycopg

    db, bus = pg.new_db(), redis.new_db()
    names = ["a", "b"]
    procs = {name: start_node(name, db, bus) for name in names}
    ports = {name: port_of(p) for name, p in procs.items()}
    conn = psycopg.connect(db, autocommit=True)
    rounds = []
    try:
        for k in range(kills):
            victim, survivor = names[k % 2], names[1 - k % 2]
            tids = asyncio.run(_bot_tables(ports[victim], tables))
            time.sleep(1.5)
            procs[victim].send_signal(signal.SIGKILL)
            killed = time.monotonic()
            procs[victim].wait()
            at_kill = dict(
                conn.execute(
                    "SELECT table_id, max(n) FROM journal WHERE table_id = ANY(%s)"
                    " GROUP BY table_id",
                    (tids,),
                ).fetchall()
            )
            taken = moving = None
            while time.monotonic() - killed < 30 and (taken is None or moving is None):
                rows = conn.execute(
                    "SELECT t.id, t.status, l.node, (SELECT max(n) FROM journal j"
                    " WHERE j.table_id = t.id) FROM tables t LEFT JOIN leases l"
                    " ON l.table_id = t.id WHERE t.id = ANY(%s)",
                    (tids,),
                ).fetchall()
                playing = [r for r in rows if r[1] == Status.PLAYING]
                if taken is None and all(r[2] == survivor for r in playing):
                    taken = time.monotonic() - killed
                if moving is None and all(
                    r[1] != Status.PLAYING or (r[3] or 0) > at_kill.get(r[0], 0) for r in rows
                ):
                    moving = time.monotonic() - killed
                time.sleep(0.02)
            rounds.append({"kill": k + 1, "victim": victim, "taken_s": taken, "moving_s": moving})
            print(json.dumps(rounds[-1]), flush=True)
            procs[victim] = start_node(victim, db, bus)
            ports[victim] = port_of(procs[victim])
            time.sleep(1.0)  # the restarted node is in the group again
    finally:
        conn.close()
        for p in procs.values():
            p.terminate()
        for p in procs.values():
            p.wait(timeout=30)
    return rounds


def run_efficiency(
    pg: Cluster, redis: RedisServer, clients: int, seconds: float, rounds: int,
    think: tuple[float, float],
) -> list[dict[str, Any]]:  # fmt: skip
    """One node against two under the same offered load (``clients`` players thinking
    ``think`` seconds before each move), alternated ``rounds`` times in one run: moves per
    CPU-second of the whole system (the nodes, PostgreSQL, Redis and the client processes)."""
    rows = []
    for k in range(rounds):
        for n in (1, 2) if k % 2 == 0 else (2, 1):
            db, bus = pg.new_db(), redis.new_db()
            procs = [start_node(f"n{i}", db, bus, clients + 200) for i in range(n)]
            try:
                nodes = [(port_of(p), p.pid) for p in procs]
                row = saturation(nodes, clients, seconds, db_pids(pg, redis), think=think)
            finally:
                for p in procs:
                    p.terminate()
                for p in procs:
                    p.wait(timeout=30)
            busy = row["nodes_busy"] + row["db_busy"] + row["clients_busy"]
            row.update(setup=f"{n} node{'s' if n > 1 else ''}", round=k + 1,
                       system_busy=round(busy, 3),
                       moves_per_cpu_s=round(row["moves_s"] / busy) if busy else None,
                       loadavg=round(os.getloadavg()[0], 2))  # fmt: skip
            print(json.dumps(row), flush=True)
            rows.append(row)
    return rows


def efficiency_summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Medians per setup, and two nodes' efficiency: the ratio of the medians, and the median
    of the ratios within each round (the two setups measured back to back)."""
    med = {
        n: statistics.median(r["moves_per_cpu_s"] for r in rows if r["setup"] == n)
        for n in ("1 node", "2 nodes")
    }
    per_round = [
        b["moves_per_cpu_s"] / a["moves_per_cpu_s"]
        for a in rows if a["setup"] == "1 node"
        for b in rows if b["setup"] == "2 nodes" and b["round"] == a["round"]
    ]  # fmt: skip
    return {
        "moves_per_cpu_s": med,
        "ratio_of_medians": round(med["2 nodes"] / med["1 node"], 3),
        "ratios": [round(x, 3) for x in per_round],
        "median_ratio": round(statistics.median(per_round), 3),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clients", default="400,1000")
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--kills", type=int, default=10)
    ap.add_argument("--tables", type=int, default=20, help="bot tables on the victim per kill")
    ap.add_argument("--paced", type=int, default=4000, help="clients of the paced run (0: none)")
    ap.add_argument(
        "--efficiency",
        type=int,
        default=0,
        help="rounds of one node against two under the same paced load (only that)",
    )
    ap.add_argument("--think", default="0.5,1.5", help="the paced players' think time (s, s)")
    ap.add_argument("--json", default=None)
    a = ap.parse_args()
    lo, hi = (float(x) for x in a.think.split(","))
    pg, redis = Cluster(durable=True).start(), RedisServer().start()
    if a.efficiency:
        try:
            rows = run_efficiency(pg, redis, int(a.clients.split(",")[0]), a.seconds,
                                  a.efficiency, (lo, hi))  # fmt: skip
        finally:
            redis.stop()
            pg.stop()
        summary = efficiency_summary(rows)
        print(json.dumps(summary))
        if a.json:
            Path(a.json).write_text(json.dumps({"efficiency": rows, "summary": summary}, indent=2))
        return
    try:
        with tempfile.TemporaryDirectory() as tmp:
            sat = [
                r
                for n in a.clients.split(",")
                for r in run_saturation(pg, redis, int(n), a.seconds, tmp)
            ]
        if a.paced:
            sat.append(run_paced(pg, redis, a.paced, a.seconds))
        fo = run_failover(pg, redis, a.kills, a.tables) if a.kills else []
    finally:
        redis.stop()
        pg.stop()
    print()
    print("| clients | setup | moves/s | p50 / p99 ms | nodes' CPU µs/move | nodes busy"
          " | PostgreSQL+Redis busy | clients busy | load average | errors |")  # fmt: skip
    print("|---:|---|---:|---|---:|---:|---:|---:|---:|---:|")
    for r in sat:
        print(
            f"| {r['clients']} | {r['setup']} | {r['moves_s']:,} | {r['p50_ms']} / {r['p99_ms']}"
            f" | {r['cpu_us_move']} | {r['nodes_busy']} | {r['db_busy']} | {r['clients_busy']}"
            f" | {r['loadavg']} | {r['errors']} |"
        )
    if fo:
        for key in ("taken_s", "moving_s"):
            xs = [r[key] for r in fo if r[key] is not None]
            print(
                f"{key}: median {statistics.median(xs):.2f} s, max {max(xs):.2f} s over"
                f" {len(xs)} of {len(fo)} kills"
            )
    if a.json:
        Path(a.json).write_text(json.dumps({"saturation": sat, "failover": fo}, indent=2))


if __name__ == "__main__":
    main()
