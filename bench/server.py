"""The game master under load, side by side with a bare WebSocket echo server (the ceiling).

Why: the users want 500 simultaneous four-player tables (2000 connections) on this 2-core
machine with p99 move latency under 100 ms, and the server's CPU per move under 4x an echo round
trip. The echo server uses the same transport stack as the game master (asyncio.Protocol +
websockets' sans-I/O ServerProtocol), so the ratio measures what the game master adds: decoding,
the rules, SQLite, four filtered views per move.

Method, for each client count N in ``--clients`` (default 100,1000,2000):

* ``atout serve`` runs in its own process on a fresh SQLite database (WAL, synchronous=NORMAL);
  the echo server in another. Clients run in ``--procs`` separate processes (websockets' asyncio
  client), so client and servers compete for the same 2 cores, as in the real target.
* game: N/4 tables of Q²J with 4 network bot clients each (random bot, acting on the update's
  legal moves). Each table plays games back to back for ``--seconds``. A move's latency is from
  sending ``move`` to receiving its reply ``update``. moves/s counts acknowledged moves.
* echo: N clients each send a move-sized frame and wait for it back, in a loop, for
  ``--seconds``: round trips/s and latency.
* server CPU (user+sys from /proc/PID/stat) over the measured window only, divided by moves
  (game) or round trips (echo).

Run: ``python bench/server.py [--clients 100,1000,2000] [--seconds 10] [--procs 2] [--json FILE]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing as mp
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TICK = os.sysconf("SC_CLK_TCK")
MOVE_FRAME = (
    '{"cmd":"move","from":"bot1.2","to":"gm","id":1234,'
    '"body":{"table":"0123456789ab","version":42,"move":{"type":"play","cards":["QH"]}}}'
)


# --------------------------------------------------------------------------- echo server


def echo_server(port_file: str) -> None:
    """A WebSocket echo on the game master's own transport stack."""
    from websockets.frames import Opcode
    from websockets.http11 import Request
    from websockets.server import ServerProtocol

    class Echo(asyncio.Protocol):
        def connection_made(self, t: Any) -> None:
            self.t, self.p = t, ServerProtocol(max_size=1 << 16)

        def data_received(self, data: bytes) -> None:
            p = self.p
            p.receive_data(data)
            for ev in p.events_received():
                if isinstance(ev, Request):
                    p.send_response(p.accept(ev))
                elif ev.opcode is Opcode.TEXT:
                    p.send_text(ev.data)
            for d in p.data_to_send():
                if d:
                    self.t.write(d)
                else:
                    self.t.close()

    async def main() -> None:
        loop = asyncio.get_running_loop()
        srv = await loop.create_server(Echo, "127.0.0.1", 0, backlog=4096)
        Path(port_file).write_text(str(srv.sockets[0].getsockname()[1]))
        await asyncio.Future()

    asyncio.run(main())


def start_game_server(db: str) -> tuple[subprocess.Popen[bytes], str]:
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "atout.server",
            "serve",
            "--port",
            "0",
            "--db",
            db,
            "--log-level",
            "warning",
        ],
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    # the listening line is logged at info; poll /proc for the port instead
    for _ in range(100):
        time.sleep(0.1)
        port = _listening_port(proc.pid)
        if port:
            return proc, f"ws://127.0.0.1:{port}/ws"
    proc.kill()
    raise RuntimeError("atout serve did not start")


def _listening_port(pid: int) -> int | None:
    inodes = set()
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            link = os.readlink(f"/proc/{pid}/fd/{fd}")
            if link.startswith("socket:["):
                inodes.add(link[8:-1])
    except OSError:
        return None
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        parts = line.split()
        if parts[3] == "0A" and parts[9] in inodes:  # LISTEN
            return int(parts[1].split(":")[1], 16)
    return None


def start_echo() -> tuple[subprocess.Popen[bytes], str]:
    pf = tempfile.mktemp()
    proc = subprocess.Popen([sys.executable, __file__, "--echo-server", pf])
    for _ in range(100):
        time.sleep(0.1)
        if Path(pf).exists() and Path(pf).read_text():
            return proc, f"ws://127.0.0.1:{Path(pf).read_text()}/ws"
    proc.kill()
    raise RuntimeError("echo server did not start")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


# --------------------------------------------------------------------------- client workers


def _wait_start(ready: Any, go: Any, window: Any) -> tuple[float, float]:
    ready.put("ready")
    go.wait()
    return window[0], window[1]


def game_worker(
    url: str, tables: int, players: int, ready: Any, go: Any, window: Any, q: Any, seed: int
) -> None:
    async def main() -> dict[str, Any]:
        from atout.bots import make_bot
        from atout.client import Client, bot_chooser
        from atout.games import get_game

        game = get_game("q2j")
        sem = asyncio.Semaphore(64)

        async def conn(name: str) -> Client:
            async with sem:
                return await Client.connect(url, name, open_timeout=300)

        flat = await asyncio.gather(*(conn(f"w{seed}.{i}") for i in range(tables * players)))
        lanes = [flat[t * players : (t + 1) * players] for t in range(tables)]
        start_at, stop_at = await asyncio.to_thread(_wait_start, ready, go, window)
        stats: dict[str, Any] = {"moves": 0, "games": 0, "errors": 0, "lat": []}

        def on_move(dt: float) -> None:
            if start_at <= time.time() <= stop_at:
                stats["moves"] += 1
                stats["lat"].append(dt)

        for c in flat:
            c.on_move = on_move
        await asyncio.sleep(max(0.0, start_at - time.time()))

        async def lane(k: int, cs: list[Any]) -> None:
            g = 0
            while time.time() < stop_at:
                g += 1
                try:
                    info = await cs[0].create_table("q2j", players, private=True)
                    for i, c in enumerate(cs):
                        await c.join(info.table, seat=i)
                    choosers = [
                        bot_chooser(game, make_bot("random", seed * 7919 + k * 31 + g * 5 + i))
                        for i in range(players)
                    ]
                    await asyncio.gather(
                        *(
                            c.play(info.table, ch, timeout=120)
                            for c, ch in zip(cs, choosers, strict=True)
                        )
                    )
                    stats["games"] += 1
                    for c in cs:
                        c.feeds.pop(info.table, None)
                        c.latencies.clear()
                except Exception:
                    stats["errors"] += 1

        await asyncio.gather(*(lane(k, cs) for k, cs in enumerate(lanes)))
        for c in flat:
            await c.close()
        return stats

    q.put(asyncio.run(main()))


def echo_worker(url: str, clients: int, ready: Any, go: Any, window: Any, q: Any) -> None:
    async def main() -> dict[str, Any]:
        from websockets.asyncio.client import connect

        sem = asyncio.Semaphore(64)

        async def conn() -> Any:
            async with sem:
                return await connect(url, compression=None, ping_interval=None, open_timeout=300)

        wss = await asyncio.gather(*(conn() for _ in range(clients)))
        start_at, stop_at = await asyncio.to_thread(_wait_start, ready, go, window)
        stats: dict[str, Any] = {"moves": 0, "lat": []}
        await asyncio.sleep(max(0.0, start_at - time.time()))

        async def loop(ws: Any) -> None:
            while time.time() < stop_at:
                t0 = time.perf_counter()
                await ws.send(MOVE_FRAME)
                await ws.recv()
                if time.time() <= stop_at:
                    stats["lat"].append(time.perf_counter() - t0)
                    stats["moves"] += 1

        await asyncio.gather(*(loop(ws) for ws in wss))
        for ws in wss:
            await ws.close()
        return stats

    q.put(asyncio.run(main()))


def run_load(
    kind: str, url: str, pid: int, clients: int, seconds: float, procs: int, players: int = 4
) -> dict[str, Any]:
    ctx = mp.get_context("spawn")
    q, ready, go = ctx.Queue(), ctx.Queue(), ctx.Event()
    window = ctx.Array("d", [0.0, 0.0])
    ps = []
    if kind == "game":
        tables = clients // players
        shares = [tables // procs + (1 if i < tables % procs else 0) for i in range(procs)]
        for i, n in enumerate(shares):
            if n:
                ps.append(
                    ctx.Process(
                        target=game_worker, args=(url, n, players, ready, go, window, q, i + 1)
                    )
                )
    else:
        shares = [clients // procs + (1 if i < clients % procs else 0) for i in range(procs)]
        for n in shares:
            if n:
                ps.append(ctx.Process(target=echo_worker, args=(url, n, ready, go, window, q)))
    for p in ps:
        p.start()
    for _ in ps:  # every connection is open before the window starts
        ready.get(timeout=600)
    start_at = time.time() + 1.0
    stop_at = start_at + seconds
    window[0], window[1] = start_at, stop_at
    go.set()
    time.sleep(max(0.0, start_at - time.time()))
    cpu0 = cpu_seconds(pid)
    time.sleep(max(0.0, stop_at - time.time()))
    cpu1 = cpu_seconds(pid)
    results = [q.get(timeout=seconds + 600) for _ in ps]
    for p in ps:
        p.join(timeout=60)
    moves = sum(r["moves"] for r in results)
    lat = sorted(x for r in results for x in r["lat"])

    def pct(f: float) -> float:
        return round(lat[min(len(lat) - 1, int(f * len(lat)))] * 1000, 2) if lat else 0.0

    return {
        "kind": kind,
        "clients": clients,
        "per_s": round(moves / seconds, 1),
        "p50_ms": pct(0.5),
        "p99_ms": pct(0.99),
        "server_cpu_s": round(cpu1 - cpu0, 2),
        "cpu_us_per_op": round((cpu1 - cpu0) / moves * 1e6, 1) if moves else None,
        "games": sum(r.get("games", 0) for r in results),
        "errors": sum(r.get("errors", 0) for r in results),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clients", default="100,1000,2000")
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--procs", type=int, default=2, help="client processes")
    ap.add_argument("--json", default=None)
    ap.add_argument("--echo-server", default=None, help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.echo_server:
        echo_server(a.echo_server)
        return
    rows = []
    for n in [int(x) for x in a.clients.split(",")]:
        with tempfile.TemporaryDirectory() as d:
            gproc, gurl = start_game_server(str(Path(d) / "bench.db"))
            eproc, eurl = start_echo()
            try:
                game = run_load("game", gurl, gproc.pid, n, a.seconds, a.procs)
                echo = run_load("echo", eurl, eproc.pid, n, a.seconds, a.procs)
            finally:
                for p in (gproc, eproc):
                    p.terminate()
                    p.wait(timeout=30)
        ratio = (
            (game["cpu_us_per_op"] / echo["cpu_us_per_op"])
            if game["cpu_us_per_op"] and echo["cpu_us_per_op"]
            else None
        )
        row = {
            "clients": n,
            "game": game,
            "echo": echo,
            "cpu_ratio": round(ratio, 2) if ratio else None,
        }
        rows.append(row)
        print(json.dumps(row), flush=True)
    print()
    print(
        "| clients | tables | moves/s | p50 ms | p99 ms | server CPU µs/move | echo rt/s | echo p50 ms | echo p99 ms | echo CPU µs/rt | CPU ratio | errors |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        g, e = r["game"], r["echo"]
        print(
            f"| {r['clients']} | {r['clients'] // 4} | {g['per_s']} | {g['p50_ms']} | {g['p99_ms']} | {g['cpu_us_per_op']} "
            f"| {e['per_s']} | {e['p50_ms']} | {e['p99_ms']} | {e['cpu_us_per_op']} | {r['cpu_ratio']} | {g['errors']} |"
        )
    if a.json:
        Path(a.json).write_text(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
