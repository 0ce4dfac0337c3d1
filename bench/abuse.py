"""Hostile clients against the real game master (``atout serve`` in a subprocess, loopback only).

Three measurements, in one run (about a minute):

A. **Hostile frames**: several connections send at least ``--frames`` frames a well-behaved
   client never would — malformed JSON, nesting 40,000 deep, invalid UTF-8 (inside and outside
   strings), unknown and refused commands, binary frames, fragments, oversize messages, framing
   errors, pipelined and half-sent HTTP — reconnecting when the server closes them. Meanwhile one
   normal client pings every 10 ms. Reported: frames sent, the normal client's ping p50/p99, the
   tracebacks in the server's stderr, and the server's state (tables, moves) before and after.
B. **Memory**: 300 clients that never read send ``list_tables`` as fast as the server takes them
   for ``--spam-seconds``; the server's peak RSS (``/proc/PID/status``), and the ping p99 of a
   normal client meanwhile.
C. **Descriptors**: a server started under ``ulimit -n 1024`` with ``--idle-timeout 10``; 1,000
   WebSocket clients say hello then fall silent (never answering pings) and 200 sockets send
   nothing. Reported: how long until a new client is served again (handshake, hello, pong).

Run: ``python bench/abuse.py`` (``--help`` for the knobs).
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import json
import os
import random
import re
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from websockets.frames import Frame, Opcode

ROOT = Path(__file__).resolve().parents[1]
TEXT, BINARY, CONT = Opcode.TEXT, Opcode.BINARY, Opcode.CONT


def masked(data: bytes, op: Opcode = TEXT, fin: bool = True) -> bytes:
    return Frame(op, data, fin).serialize(mask=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``atout serve`` in a subprocess, its stderr kept in a file."""

    def __init__(self, tmp: str, *args: str, nofile: int | None = None) -> None:
        self.port = free_port()
        self.err_path = Path(tmp) / f"serve-{self.port}.err"
        self.db = str(Path(tmp) / f"abuse-{self.port}.db")
        cmd = [sys.executable, "-m", "atout.server", "serve", "--port", str(self.port)]
        cmd += ["--db", self.db, "--log-level", "warning", *args]

        def limit() -> None:
            if nofile:
                resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))

        self.proc = subprocess.Popen(
            cmd,
            stderr=self.err_path.open("wb"),
            stdout=subprocess.DEVNULL,
            preexec_fn=limit,
            env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        )

    async def ready(self) -> None:
        for _ in range(100):
            try:
                await health(self.port)
                return
            except OSError:
                await asyncio.sleep(0.1)
        raise RuntimeError("atout serve did not start")

    def rss_mb(self) -> float:
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return 0.0

    def stop(self) -> str:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        return self.err_path.read_text(errors="replace")


async def health(port: int) -> dict:
    r, w = await asyncio.open_connection("127.0.0.1", port)
    try:
        w.write(f"GET /health HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        data = await asyncio.wait_for(r.read(), 5)
    finally:
        w.close()
    return json.loads(data.split(b"\r\n\r\n", 1)[1])


def upgrade(port: int) -> bytes:
    key = base64.b64encode(os.urandom(16)).decode()
    return (
        f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
    ).encode()


def hello(name: str) -> bytes:
    return masked(b'{"cmd":"hello","body":{"versions":[1],"name":"%s"},"id":1}' % name.encode())


async def ws_open(port: int, name: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter, int]:
    r, w = await asyncio.open_connection("127.0.0.1", port)
    w.write(upgrade(port) + hello(name))
    head = await asyncio.wait_for(r.readuntil(b"\r\n\r\n"), 10)
    return r, w, int(head.split()[1])


class Pinger:
    """A normal client: a ping every ``every`` seconds, round trips recorded."""

    def __init__(self, port: int, every: float = 0.01) -> None:
        self.port, self.every = port, every
        self.rtts: list[float] = []
        self.stop = False

    async def run(self) -> None:
        import websockets

        async with websockets.connect(f"ws://127.0.0.1:{self.port}/ws", max_size=None) as ws:
            await ws.send('{"cmd":"hello","body":{"versions":[1],"name":"normal"},"id":1}')
            await ws.recv()
            i = 1
            while not self.stop:
                i += 1
                t = time.perf_counter()
                await ws.send(f'{{"cmd":"ping","body":{{}},"id":{i}}}')
                while json.loads(await ws.recv()).get("id") != i:
                    pass
                self.rtts.append(time.perf_counter() - t)
                await asyncio.sleep(self.every)

    def summary(self) -> dict:
        if len(self.rtts) < 2:
            return {"pings": len(self.rtts)}
        q = statistics.quantiles(self.rtts, n=100)
        return {
            "pings": len(self.rtts),
            "p50_ms": round(statistics.median(self.rtts) * 1e3, 2),
            "p99_ms": round(q[98] * 1e3, 2),
            "max_ms": round(max(self.rtts) * 1e3, 2),
        }


# ------------------------------------------------------------------------------- A
KEEP = [  # frames the server answers with an error and stays open
    masked(b'{"cmd":"ping"'),
    masked(b"not json at all"),
    masked(b"[" * 3000),
    masked(b'{"cmd":"ping","body":{},"x":' + b'{"a":' * 2000 + b"1" + b"}" * 2000 + b"}"),
    masked(b'{"cmd":"shutdown","body":{}}'),
    masked(b'{"cmd":"move","body":{"table":"nope","version":0,"move":{"type":"draw"}}}'),
    masked(b'{"cmd":"join","body":{"table":"zzzz"}}'),
    masked(b'{"cmd":"resume","body":{"table":"zzzz","token":"00"}}'),
    masked(b'{"cmd":"start","body":{"table":"zzzz"}}'),
    masked(b'{"cmd":"hello","body":{"versions":[99],"name":"x"}}'),
    masked(b'{"cmd":"create_table","body":{"game":"nope","players":2}}'),
    masked(b'{"cmd":"create_table","body":{"game":"q2j","players":99}}'),
    masked(b'{"cmd":"ping","body":{},"id":1e400}'),
    masked(b'{"cmd":"ping","body":[],"id":"x"}'),
    masked(b'{"cmd":"ping","body":{}}', BINARY),
    masked(b'{"cmd":', TEXT, False) + masked(b'"pi', CONT, False) + masked(b'ng"', CONT, True),
    masked(b"\x00\x01\x02\x03"),
]
DEEP = masked(b'{"cmd":"ping","body":{},"x":' + b"[" * 40_000 + b"}")
FATAL = [  # frames after which the server closes (1007, 1009, 1002)
    masked(b'{"cmd":"ping","body":{},"x":"caf\xe9"}'),
    masked(b'{"cmd":"ping"\xff\xfe}'),
    masked(b'{"cmd":"ping","x":"\xf0\x9f', TEXT, False) + masked(b'"}', CONT),
    masked(b'{"x":"' + b"a" * 70_000 + b'"}'),
    masked(b"a" * 40_000, BINARY, False) + masked(b"a" * 40_000, CONT, True),
    masked(b"orphan continuation", CONT),
]


async def drain(r: asyncio.StreamReader) -> None:
    with contextlib.suppress(OSError):
        while await r.read(1 << 16):
            pass


async def hostile(port: int, quota: int, counter: list[int], seed: int) -> None:
    rng = random.Random(seed)
    while counter[0] < quota:
        try:
            r, w, status = await ws_open(port, f"h{seed}")
        except (OSError, TimeoutError):
            await asyncio.sleep(0.05)
            continue
        if status != 101:
            w.close()
            continue

        reader = asyncio.create_task(drain(r))
        try:
            for _ in range(rng.randint(5, 40)):  # batches on this connection
                batch = [rng.choice(KEEP) for _ in range(200)]
                if rng.random() < 0.2:
                    batch[0] = DEEP
                w.write(b"".join(batch))
                counter[0] += len(batch)
                await w.drain()
                if counter[0] >= quota:
                    break
            w.write(rng.choice(FATAL))
            counter[0] += 1
            await w.drain()
            await asyncio.wait_for(reader, 5)  # the server closes
        except (OSError, TimeoutError):
            pass
        finally:
            reader.cancel()
            w.close()


async def hostile_http(port: int, rounds: int) -> None:
    for i in range(rounds):
        r, w = await asyncio.open_connection("127.0.0.1", port)
        req = f"GET /health HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()
        if i % 3 == 0:
            w.write(req * 3)  # pipelined
        elif i % 3 == 1:
            w.write(b"POST /ws HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc")
        else:
            w.write(b"\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03" + os.urandom(64) + b"\r\n\r\n")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(r.read(), 5)
        w.close()


async def phase_a(tmp: str, frames: int) -> dict:
    srv = Server(tmp)
    await srv.ready()
    before = await health(srv.port)
    pinger = Pinger(srv.port)
    ping_task = asyncio.create_task(pinger.run())
    await asyncio.sleep(0.5)
    counter = [0]
    t0 = time.perf_counter()
    await asyncio.gather(
        *(hostile(srv.port, frames, counter, seed) for seed in range(4)),
        hostile_http(srv.port, 300),
    )
    elapsed = time.perf_counter() - t0
    pinger.stop = True
    await ping_task
    after = await health(srv.port)
    err = srv.stop()
    keys = ("tables", "playing", "moves")
    return {
        "hostile_frames": counter[0],
        "seconds": round(elapsed, 1),
        "frames_per_s": round(counter[0] / elapsed),
        "normal_client": pinger.summary(),
        "tracebacks": err.count("Traceback"),
        "stderr_lines": len(err.splitlines()),
        "state_before": {k: before[k] for k in keys},
        "state_after": {k: after[k] for k in keys},
        "state_changed": any(before[k] != after[k] for k in keys),
    }


# ------------------------------------------------------------------------------- B
async def phase_b(tmp: str, clients: int, seconds: float) -> dict:
    srv = Server(tmp)
    await srv.ready()
    base_rss = srv.rss_mb()
    pinger = Pinger(srv.port, every=0.02)
    ping_task = asyncio.create_task(pinger.run())
    one = masked(b'{"cmd":"list_tables","body":{}}')
    spam = one * 100
    socks: list[socket.socket] = []
    for i in range(clients):
        s = socket.socket()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.connect(("127.0.0.1", srv.port))
        s.sendall(upgrade(srv.port) + hello(f"spam{i}"))
        s.setblocking(False)
        socks.append(s)
    peak, sent = base_rss, 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for s in socks:
            with contextlib.suppress(OSError):  # full (it does not read) or closed
                sent += s.send(spam) // len(one)
        peak = max(peak, srv.rss_mb())
        await asyncio.sleep(0.02)
    during = pinger.summary()
    h = await health(srv.port)
    for s in socks:
        s.close()
    await asyncio.sleep(2)
    after = srv.rss_mb()
    pinger.stop = True
    await ping_task
    err = srv.stop()
    return {
        "clients": clients,
        "list_tables_written": sent,
        "rss_start_mb": round(base_rss, 1),
        "rss_peak_mb": round(peak, 1),
        "rss_after_close_mb": round(after, 1),
        "sockets_during": h["sockets"],
        "normal_client": during,
        "tracebacks": err.count("Traceback"),
        "warning_lines": err.count("WARNING"),
    }


# ------------------------------------------------------------------------------- C
async def served(port: int) -> bool:
    """A new client gets a WebSocket, a welcome and a pong."""
    try:
        r, w, status = await asyncio.wait_for(ws_open(port, "probe"), 0.5)
    except (OSError, TimeoutError):
        return False
    try:
        if status != 101:
            return False
        w.write(masked(b'{"cmd":"ping","body":{},"id":2}'))
        data = b""
        end = time.monotonic() + 2
        while b'"pong"' not in data and time.monotonic() < end:
            chunk = await asyncio.wait_for(r.read(1 << 16), 2)
            if not chunk:
                return False
            data += chunk
        return b'"pong"' in data
    except (OSError, TimeoutError):
        return False
    finally:
        w.close()


async def phase_c(tmp: str, silent_ws: int, silent_tcp: int, idle: float) -> dict:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 8192), hard))
    srv = Server(tmp, "--idle-timeout", str(idle), "--handshake-timeout", "5", nofile=1024)
    await srv.ready()
    held: list[asyncio.StreamWriter] = []
    refused = 0
    first = time.monotonic()
    for i in range(silent_ws):
        try:
            _, w, status = await asyncio.wait_for(ws_open(srv.port, f"s{i}"), 3)
        except (OSError, TimeoutError):
            refused += 1
            continue
        if status == 101:
            held.append(w)  # never reads again, never answers a ping
        else:
            refused += 1
            w.close()
    raw = []
    for _ in range(silent_tcp):
        s = socket.socket()
        s.setblocking(False)
        s.connect_ex(("127.0.0.1", srv.port))
        raw.append(s)
    t0 = time.monotonic()
    locked = not await served(srv.port)
    recovered = None
    while time.monotonic() - t0 < idle * 3:
        if await served(srv.port):
            recovered = time.monotonic() - t0
            break
        await asyncio.sleep(0.1)
    h = await health(srv.port)
    for w in held:
        w.close()
    for s in raw:
        s.close()
    err = srv.stop()
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    return {
        "server_nofile": 1024,
        "idle_timeout_s": idle,
        "silent_websockets_opened": len(held),
        "refused_503_or_failed": refused,
        "silent_tcp": silent_tcp,
        "locked_out_at_first": locked,
        "opening_them_took_s": round(t0 - first, 1),
        "recovered_after_s": round(recovered, 1) if recovered is not None else None,
        "sockets_after": h["sockets"],
        "tracebacks": err.count("Traceback"),
        "warning_lines": len(re.findall(r"WARNING", err)),
    }


async def main(args: argparse.Namespace) -> dict:
    out: dict = {}
    with tempfile.TemporaryDirectory() as tmp:
        if "A" in args.phases:
            out["A_hostile"] = await phase_a(tmp, args.frames)
            print(json.dumps(out["A_hostile"]), flush=True)
        if "B" in args.phases:
            out["B_memory"] = await phase_b(tmp, args.clients, args.spam_seconds)
            print(json.dumps(out["B_memory"]), flush=True)
        if "C" in args.phases:
            out["C_descriptors"] = await phase_c(tmp, 1000, 200, args.idle)
            print(json.dumps(out["C_descriptors"]), flush=True)
    return out


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--frames", type=int, default=100_000, help="hostile frames (A)")
    p.add_argument("--clients", type=int, default=300, help="non-reading clients (B)")
    p.add_argument("--spam-seconds", type=float, default=15.0, help="how long they spam (B)")
    p.add_argument("--idle", type=float, default=10.0, help="the server's idle time-out (C)")
    p.add_argument("--phases", default="ABC", help="which measurements to run, e.g. B")
    p.add_argument("--json", action="store_true", help="print the whole result as JSON")
    res = asyncio.run(main(p.parse_args()))
    if p.parse_args().json:
        print(json.dumps(res, indent=2))
