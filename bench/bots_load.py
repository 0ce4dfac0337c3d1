"""The game master under search bots and crashes (issue 11), on loopback, bounded in time.

1. **Bystander ping**: ``atout serve`` in its own process; one client creates TABLES tables where
   every seat is an ``ismcts`` bot at the lowest allowed delay (``bot_delay`` 0, raised to the
   server's floor); meanwhile a bystander sends ``ping`` every 20 ms and the round trips are
   measured (p50, p99, max) with the moves the tables made.
2. **SIGKILL under load**: CYCLES times, a fresh server on one database, PAIRS tables of two
   random-playing clients moving as fast as they can; after a random 0.5–2 s the server is
   SIGKILLed; every move a client saw acknowledged must be in the database.

    .venv/bin/python bench/bots_load.py --seconds 20 --tables 8 --cycles 12 [--json out.json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import signal
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from atout.client import Client, ClientError
from atout.client.runner import latency_ms
from atout.server.child import spawn
from atout.server.storage.store import Store


def start_server(db: Path, *limits: str) -> tuple[subprocess.Popen[bytes], str]:
    return spawn("--db", str(db), *(a for x in limits for a in ("--limit", x)))


async def bystander(url: str, tables: int, seconds: float, game: str, players: int) -> dict:
    host = await Client.connect(url, "host")

    async def new_table() -> None:
        info = await host.create_table(
            game, players, bots=list(range(players)), bot_kind="ismcts", bot_delay=0
        )
        await host.watch(info.table)

    for _ in range(tables):
        await new_table()
    watcher = await Client.connect(url, "bystander")
    rtts: list[float] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        t0 = time.perf_counter()
        await watcher.ping()
        rtts.append(time.perf_counter() - t0)
        # a finished table is replaced: TABLES all-bot tables play all the time
        playing = sum(1 for f in host.feeds.values() if f.over is None)
        try:
            for _ in range(tables - playing):
                await new_table()
        except ClientError as e:  # the creation rate limit: next time round
            if e.code != "limit.create_rate":
                raise
        await asyncio.sleep(0.02)
    moves = sum(f.update.version for f in host.feeds.values() if f.update is not None)
    games = sum(1 for f in host.feeds.values() if f.over is not None)
    await watcher.close()
    await host.close()
    return {
        "tables": tables,
        "game": game,
        "players": players,
        "seconds": seconds,
        "pings": len(rtts),
        "moves": moves,
        "games_finished": games,
        "ping_ms": latency_ms(rtts),
    }


async def play_fast(url: str, name: str, acked: dict[str, int], stop: asyncio.Event) -> None:
    """Two clients play random legal moves at one table, again and again, until ``stop``."""
    rng = random.Random(name)
    try:
        a = await Client.connect(url, f"{name}a")
        b = await Client.connect(url, f"{name}b")
        while not stop.is_set():
            info = await a.create_table("q2j", 2, private=True)
            tid = info.table
            acked[tid] = 0
            await a.join(tid, seat=0)
            await b.join(tid, seat=1)
            clients = (a, b)
            while not stop.is_set():
                f = a.feed(tid)
                if f.over is not None:
                    break
                u0, u1 = a.feed(tid).update, b.feed(tid).update
                mover = None
                for c, u in ((a, u0), (b, u1)):
                    if u is not None and u.legal and u.turn == u.seat:
                        mover, upd = c, u
                if mover is None:
                    await asyncio.wait(
                        [asyncio.ensure_future(c.feed(tid).wait(5)) for c in clients],
                        return_when=asyncio.FIRST_COMPLETED,
                    )
                    continue
                try:
                    rep = await mover.move(tid, upd.version, rng.choice(upd.legal))
                except ClientError:
                    continue
                acked[tid] = max(acked[tid], rep.version)
    except (TimeoutError, ConnectionError, OSError):
        pass
    except Exception as e:  # the connection died mid-request when the server was killed
        if "closed" not in str(e).lower():
            raise


async def crash_cycle(db: Path, pairs: int, rng: random.Random) -> tuple[int, int, int]:
    proc, url = start_server(db)
    acked: dict[str, int] = {}
    stop = asyncio.Event()
    tasks = [asyncio.create_task(play_fast(url, f"k{i}.", acked, stop)) for i in range(pairs)]
    await asyncio.sleep(rng.uniform(0.5, 2.0) + 0.5)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    store = Store(db)
    lost = 0
    for tid, v in acked.items():
        rec = store.load(tid)
        stored = len(rec.moves) if rec is not None else 0
        lost += max(0, v - stored)
    store.close()
    return sum(acked.values()), lost, len(acked)


async def crashes(cycles: int, pairs: int) -> dict:
    rng = random.Random(11)
    with tempfile.TemporaryDirectory() as d:
        db = Path(d) / "crash.db"
        acked = lost = tables = 0
        for _ in range(cycles):
            a, x, n = await crash_cycle(db, pairs, rng)
            acked, lost, tables = acked + a, lost + x, tables + n
    return {"sigkills": cycles, "acknowledged_moves": acked, "lost": lost, "tables": tables}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--tables", type=int, default=8)
    ap.add_argument("--game", default="q2j")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--cycles", type=int, default=12)
    ap.add_argument("--pairs", type=int, default=8)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as d:
        proc, url = start_server(Path(d) / "bench.db")
        try:
            out["bystander"] = asyncio.run(
                bystander(url, args.tables, args.seconds, args.game, args.players)
            )
        finally:
            proc.send_signal(signal.SIGINT)
            proc.wait(30)
    out["sigkill"] = asyncio.run(crashes(args.cycles, args.pairs))
    text = json.dumps(out, indent=2)
    print(text)
    if args.json:
        args.json.write_text(text + "\n")


if __name__ == "__main__":
    main()
