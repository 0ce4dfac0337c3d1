"""Chaos: two game master nodes on PostgreSQL and Redis under network players, while their
dependencies and the nodes themselves fail (issue 28).

Method:

* A PostgreSQL cluster and a Redis of this run's own (tests/server/pgcluster.py,
  tests/server/rediscluster.py, on loopback), so that they can be stopped; nodes A and B are
  ``atout serve --db postgresql://… --bus redis://… --node NAME`` processes.
* Each phase starts ``--lanes`` tables (Q²J, Le Quinze and Le Pouilleux in turn, two seats),
  created on A and B in turn, each table with one player on each node. A player is an
  ordinary network client (:class:`atout.client.Client`, which notices a silent node within
  ``--keepalive`` seconds) given both nodes' addresses, its own first: it plays random legal moves every
  ``--delay`` seconds; whenever its connection is lost or a frame is refused as retryable
  (``node.unavailable``, ``store.unavailable``), it connects again (its own node, then the
  other) and resumes its seat with its token and the last version it saw.
* Once every table has moves, one fault: **redis** (SIGKILL, restarted on its port 5 s
  later), **postgres** (stopped 10 s, ``pg_ctl stop -m fast``), **pause** (node A SIGSTOPped 12
  s), **kill** (node B SIGKILLed, not restarted: the last phase).
* Checked for each phase: every game finishes; every move a player saw acknowledged is in the
  record, once, where it was (0 lost); every record verifies (``record.verify``); no seat ever
  received two different views at one version (each frame received is kept and compared). For
  **pause** and **kill**: the tables the stricken node held, time from the fault until each
  has a new acknowledged move (the paused node's tables must move again before it wakes).

Run: ``python bench/chaos.py [--lanes 18] [--faults redis,postgres,pause,kill] [--json F]``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import msgspec
from websockets.exceptions import ConnectionClosed

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.server.pgcluster import Cluster  # noqa: E402
from tests.server.rediscluster import RedisServer  # noqa: E402

from atout.bots import make_bot  # noqa: E402
from atout.client import Client, ClientError, bot_chooser  # noqa: E402
from atout.games import get_game  # noqa: E402
from atout.protocol.status import Status  # noqa: E402
from atout.server.child import spawn  # noqa: E402
from atout.server.storage import record as rec  # noqa: E402
from atout.server.storage.pgstore import PostgresStore  # noqa: E402

GAMES = ("q2j", "quinze", "pouilleux")
RETRYABLE = {"node.unavailable", "store.unavailable", "limit.rate", "table.moved"}
LIMITS = ("min_bot_delay=0", "conn_rate=1000", "conn_burst=1000")
FAULT_SECONDS = {"redis": 5.0, "postgres": 10.0, "pause": 12.0, "kill": 0.0}


class Seat:
    """One player: plays its seat to the end through faults, keeping what it was told."""

    def __init__(self, game: str, seat: int, urls: list[str], opts: argparse.Namespace) -> None:
        self.game = game
        self.seat = seat
        self.urls = urls  # its own node first
        self.opts = opts
        self.choose = bot_chooser(get_game(game), make_bot("random", seat * 7 + len(urls)))
        self.table = ""
        self.token = ""
        self.seen = -1
        self.acked: dict[int, Any] = {}  # version after the move -> the move
        self.acked_at: list[float] = []  # monotonic time of each acknowledged move
        self.frames: list[bytes] = []  # every frame received, to compare views by version
        self.resumed = 0
        self.over_at: float | None = None  # monotonic time its game ended (for this seat)
        self.refused: dict[str, int] = {}

    async def connect(self, first: int = 0) -> tuple[Client, int]:
        """A connection to one of the nodes (tried in turn from ``first``), retried for 60 s;
        and the index of its node."""
        end = time.monotonic() + 60
        k = first
        while True:
            node = k % len(self.urls)
            k += 1
            try:
                return await Client.connect(
                    self.urls[node], f"s{self.seat}{self.game[:2]}", record=self.frames,
                    keepalive=self.opts.keepalive, open_timeout=5,
                ), node  # fmt: skip
            except Exception:
                if time.monotonic() > end:
                    raise
                await asyncio.sleep(0.2)

    async def play(self, c: Client) -> Any:
        """To the end; the connection is replaced (and the seat resumed) whenever it fails."""
        node = 0  # the index in urls of the node this connection is to
        for _ in range(500):
            try:
                over = await self._play(c)
                self.over_at = time.monotonic()
                return over
            except (ConnectionError, OSError, TimeoutError, ConnectionClosed):
                if c.ws.protocol.close_rcvd is None:
                    node += 1  # that node failed us (no close from it): the next one first
            except ClientError as e:
                if e.code not in RETRYABLE:
                    raise
                self._refused(e)
                await asyncio.sleep(float((e.detail or {}).get("retry_after") or 0.3))
                if not c.closed.is_set():
                    continue  # refused, nothing done: send again on the same connection
            await c.close()
            c, node = await self._resume(node)
        raise AssertionError(f"{self.table}: resumed too often")

    def _refused(self, e: Exception) -> None:
        code = getattr(e, "code", type(e).__name__)
        self.refused[code] = self.refused.get(code, 0) + 1

    async def _resume(self, node: int) -> tuple[Client, int]:
        """A new connection (to ``urls[node]`` first, then the next) with the seat resumed;
        a retryable refusal is sent again on the same connection."""
        while True:
            c, node = await self.connect(first=node)
            for _ in range(60):
                try:
                    await c.resume(self.table, self.token, version=self.seen)
                    self.resumed += 1
                    return c, node
                except ClientError as e:
                    self._refused(e)
                    if e.code not in RETRYABLE and e.code != "lobby.unknown_table":
                        raise
                    await asyncio.sleep(float((e.detail or {}).get("retry_after") or 0.3))
                except (ConnectionError, OSError, TimeoutError, ConnectionClosed) as e:
                    self._refused(e)
                    break
            await c.close()
            node += 1

    async def _play(self, c: Client) -> Any:
        f = c.feed(self.table)
        while f.over is None:
            if c.closed.is_set():
                raise ConnectionError
            if f.error is not None and f.error.code in RETRYABLE:  # e.g. the table moved
                err, f.error = f.error, None
                raise ClientError(err)
            u = f.update
            if u is not None:
                self.seen = max(self.seen, u.version)
            if u is not None and u.legal and u.turn == u.seat and u.version != f.moved_at:
                f.moved_at = u.version
                await asyncio.sleep(self.opts.delay)
                move = msgspec.to_builtins(self.choose(u))
                try:
                    rep = await c.move(self.table, u.version, move)
                except ClientError as e:
                    if e.code == "table.stale_state":
                        continue
                    f.moved_at = -1  # not played: choose again once resumed
                    raise
                self.acked[rep.version] = rec.jsonable(move)
                self.acked_at.append(time.monotonic())
                self.seen = max(self.seen, rep.version)
                continue
            with contextlib.suppress(TimeoutError):
                await f.wait(5)
        return f.over

    def views_conflicts(self) -> int:
        """Versions at which this seat received two different views."""
        seen: dict[int, bytes] = {}
        bad = 0
        for frame in self.frames:
            msg = json.loads(frame)
            if msg.get("cmd") != "update" or msg["body"].get("table") != self.table:
                continue
            v = msg["body"]["version"]
            view = json.dumps(msg["body"]["view"], sort_keys=True).encode()
            if seen.setdefault(v, view) != view:
                bad += 1
        return bad


def start_node(name: str, pg: str, bus: str, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    args = ("--db", pg, "--bus", bus, "--node", name, *(a for x in LIMITS for a in ("--limit", x)))
    return spawn(*args, log=log)


def owners(pg: str) -> dict[str, str]:
    store = PostgresStore(pg)
    try:
        return dict(store.conn.execute("SELECT table_id, node FROM leases").fetchall())
    finally:
        store.close()


async def phase(
    fault: str, opts: argparse.Namespace, pg: Cluster, db: str, redis: RedisServer,
    nodes: dict[str, tuple[subprocess.Popen[bytes], str]],
) -> dict[str, Any]:  # fmt: skip
    urls = {n: u for n, (_, u) in nodes.items()}
    names = sorted(urls)
    tables: dict[str, list[Seat]] = {}
    tasks: dict[str, list[asyncio.Task[Any]]] = {}
    for k in range(opts.lanes):
        game = opts.games[k % len(opts.games)]
        seats = []
        for i in range(2):
            own = names[(k + i) % 2]
            seats.append(Seat(game, i, [urls[own], *(urls[n] for n in names if n != own)], opts))
        clients = [(await s.connect())[0] for s in seats]
        info = await clients[0].create_table(game, 2)
        for s, c in zip(seats, clients, strict=True):
            s.table = info.table
            s.token = (await c.join(info.table, seat=s.seat)).token
        tables[info.table] = seats
        tasks[info.table] = [
            asyncio.create_task(s.play(c)) for s, c in zip(seats, clients, strict=True)
        ]
    while not all(sum(len(s.acked) for s in ss) >= 3 for ss in tables.values()):
        await asyncio.sleep(0.05)
    held = owners(db)
    victim = {"pause": "a", "kill": "b"}.get(fault)
    struck = [t for t in tables if held.get(t) == victim] if victim else []
    t0 = time.monotonic()
    before = {t: max(x for s in tables[t] for x in s.acked_at) for t in tables}
    await inject(fault, pg, redis, nodes)
    woke = time.monotonic() - t0 if fault == "pause" else None
    every = [t for ts in tasks.values() for t in ts]
    await asyncio.wait(every, timeout=opts.timeout)
    failed = {
        tid: [repr(t.exception()) if t.done() else "not finished in time" for t in ts]
        for tid, ts in tasks.items()
        if any(not t.done() or t.exception() is not None for t in ts)
    }
    for t in every:
        t.cancel()
    moved_again = []
    ended = [t for t in struck if all(s.over_at and s.over_at < t0 + 0.5 for s in tables[t])]
    for t in struck:
        after = [x for s in tables[t] for x in s.acked_at if x > max(t0 + 0.5, before[t])]
        if after:
            moved_again.append(min(after) - t0)
    return {
        "fault": fault,
        "tables": len(tables),
        "finished": len(tables) - len(failed),
        "errors": [e for es in failed.values() for e in es][:5],
        "moves_acked": sum(len(s.acked) for ss in tables.values() for s in ss),
        "resumed": sum(s.resumed for ss in tables.values() for s in ss),
        "refused": _sum_counts(s.refused for ss in tables.values() for s in ss),
        "view_conflicts": sum(s.views_conflicts() for ss in tables.values() for s in ss),
        "struck_tables": len(struck),
        "struck_ended_at_once": len(ended),  # over within 0.5 s of the fault: nothing to move
        "moved_again_s": sorted(round(x, 2) for x in moved_again),
        "moved_again_median_s": round(statistics.median(moved_again), 2) if moved_again else None,
        "woke_at_s": None if woke is None else round(woke, 2),
        **check_records(db, tables),
    }


def _sum_counts(counts: Any) -> dict[str, int]:
    total: dict[str, int] = {}
    for c in counts:
        for k, v in c.items():
            total[k] = total.get(k, 0) + v
    return total


def check_records(db: str, tables: dict[str, list[Seat]]) -> dict[str, Any]:
    """Each record finished, holding every acknowledged move where it was; and verified."""
    store = PostgresStore(db)
    lost = unfinished = bad = 0
    try:
        for tid, seats in tables.items():
            r = store.load(tid)
            if r is None or r.status != Status.FINISHED:
                unfinished += 1
                continue
            for s in seats:
                for v, move in s.acked.items():
                    if (
                        v > len(r.moves)
                        or r.moves[v - 1].move != move
                        or r.moves[v - 1].seat != s.seat
                    ):
                        lost += 1
            bad += bool(rec.verify(rec.export_record(r)))
    finally:
        store.close()
    return {"records_unfinished": unfinished, "acked_moves_lost": lost, "records_not_verified": bad}


async def inject(
    fault: str,
    pg: Cluster,
    redis: RedisServer,
    nodes: dict[str, tuple[subprocess.Popen[bytes], str]],
) -> None:
    """The fault, and its end (what a supervisor or an operator would do)."""
    seconds = FAULT_SECONDS[fault]
    if fault == "redis":
        assert redis.proc is not None
        redis.proc.kill()
        redis.proc.wait()
        await asyncio.sleep(seconds)
        await asyncio.to_thread(redis.restart)
    elif fault == "postgres":
        await asyncio.to_thread(pg.pause)
        await asyncio.sleep(seconds)
        await asyncio.to_thread(pg.resume)
    elif fault == "pause":
        proc = nodes["a"][0]
        proc.send_signal(signal.SIGSTOP)
        try:
            await asyncio.sleep(seconds)
        finally:
            proc.send_signal(signal.SIGCONT)
    elif fault == "kill":
        proc = nodes.pop("b")[0]
        proc.kill()
        proc.wait()


async def run(opts: argparse.Namespace) -> list[dict[str, Any]]:
    pg = Cluster(durable=True).start()
    redis = RedisServer().start()
    if pg.dir is None or redis.proc is None:
        raise SystemExit("chaos: needs a PostgreSQL and a Redis of its own (unset ATOUT_TEST_*)")
    logs = Path(opts.logs)
    logs.mkdir(parents=True, exist_ok=True)
    db = pg.new_db()
    nodes = {n: start_node(n, db, redis.url + "/0", logs / f"{n}.log") for n in ("a", "b")}
    results = []
    try:
        for fault in opts.faults:
            t = time.monotonic()
            r = await phase(fault, opts, pg, db, redis, nodes)
            r["seconds"] = round(time.monotonic() - t, 1)
            print(json.dumps(r), flush=True)
            results.append(r)
    finally:
        for proc, _ in nodes.values():
            with contextlib.suppress(ProcessLookupError):
                proc.send_signal(signal.SIGCONT)
            proc.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(20)
            proc.kill()
        redis.stop()
        pg.stop()
    return results


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lanes", type=int, default=18, help="tables per phase")
    ap.add_argument("--faults", default="redis,postgres,pause,kill")
    ap.add_argument("--games", default=",".join(GAMES), help="the games played, in turn")
    ap.add_argument("--delay", type=float, default=0.15, help="seconds before each move")
    ap.add_argument(
        "--keepalive", type=float, default=8.0, help="seconds a silent node goes unnoticed"
    )
    ap.add_argument("--timeout", type=float, default=240.0, help="seconds for a phase's games")
    ap.add_argument("--logs", default=os.path.join(os.environ.get("TMPDIR", "/tmp"), "chaos"))
    ap.add_argument("--json", help="write the results there too")
    opts = ap.parse_args()
    opts.faults = [f.strip() for f in opts.faults.split(",") if f.strip()]
    opts.games = [g.strip() for g in opts.games.split(",") if g.strip()]
    if not opts.games or any(g not in GAMES for g in opts.games):
        ap.error(f"games are {', '.join(GAMES)} (got {opts.games})")
    unknown = [f for f in opts.faults if f not in FAULT_SECONDS]
    if unknown or "kill" in opts.faults[:-1]:
        ap.error(f"faults are {', '.join(FAULT_SECONDS)}, 'kill' last (got {opts.faults})")
    results = asyncio.run(run(opts))
    if opts.json:
        Path(opts.json).write_text(json.dumps(results, indent=1))
    ok = all(
        r["finished"] == r["tables"] and not r["acked_moves_lost"] and not r["view_conflicts"]
        and not r["records_not_verified"] and not r["records_unfinished"]
        for r in results
    )  # fmt: skip
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
