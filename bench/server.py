"""The game master under load, side by side with a bare WebSocket echo server (the ceiling).

Why: the users want 500 simultaneous four-player tables (2000 connections) on this 2-core
machine with p99 move latency under 100 ms, and the server's CPU per move under 4x an echo
round trip. The echo server uses the same transport stack as the game master (asyncio.Protocol +
websockets' sans-I/O ServerProtocol), so the ratio measures what the game master adds: decoding,
the rules, SQLite, one filtered view per seat, and the three extra frames a move sends.

Method, for each client count N in ``--clients`` and each load in ``--loads``:

* ``atout serve`` runs in its own process on a fresh SQLite database (WAL, synchronous=NORMAL);
  the echo server in another. Clients run in ``--procs`` separate processes on the same 2 cores
  as the servers. They are deliberately light (a raw WebSocket client on asyncio.Protocol,
  frames built and parsed by hand, only the fields a bot needs decoded, on uvloop: half the
  CPU per move of the same client on asyncio) so that the load generators take as little of
  the machine as possible from the server. ``ATOUT_BENCH_CLIENT_LOOP=asyncio`` runs them on
  asyncio, as every figure before 1 December 2026 did. The servers always run on asyncio.
* game: N/4 lanes of 4 connections; each lane plays Q²J games back to back at a private table
  (create, join, autostart), each seat playing a random legal move from its update. A move's
  latency is from sending ``move`` to receiving its reply ``update`` (the frame with its request
  id), measured by the client. moves/s counts replies received in the window.
* echo: the same N/4 lanes of 4 connections; in each lane the turn passes round: a client sends
  a move-sized frame, waits for it back, then it is the next client's turn. Same number of
  requests in flight as the game (one per lane), same pacing, so like is compared with like.
* fan-out echo (for explanation, not the target): the same, but the server sends each frame to
  the lane's four connections: the transport of a move (1 frame in, 4 out) without the game.
* loads: ``saturation`` - clients answer at once (throughput; latency is then queueing: by
  Little's law, lanes in flight / throughput). ``paced`` - each client thinks uniformly
  ``--think`` seconds before answering (default 0.5-1.5 s), i.e. 500 tables really being played
  at once: this is what "p99 under 100 ms for 500 simultaneous tables" means.
* server CPU: user+sys of the server process (from /proc/PID/stat) over the measured window
  only, divided by the moves (game) or round trips (echo) completed in it. A move's CPU thus
  includes everything the server did for it (decode, rules, SQLite insert and commit, one update
  per seat encoded and written: 1 frame in, 4 out) plus its share of the table's lobby traffic;
  an echo round trip is 1 frame in and 1 out. The ratio is the target's "CPU per move / echo".
  Per-operation CPU depends on how many events one loop iteration handles (batching), hence on
  the load and on whatever else runs on the machine: on a shared machine the echo's figure
  varied from 12 to 35 µs between runs. Compare rows of one run, and check ``clients_busy`` /
  ``server_busy`` in the JSON: if they add up to well under 2 cores at saturation, something
  else was using the machine.

Run: ``python bench/server.py [--clients 100,1000,2000] [--seconds 10] [--loads
saturation,paced] [--think 0.5,1.5] [--procs 2] [--json FILE]``.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import multiprocessing as mp
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import msgspec

ROOT = Path(__file__).resolve().parent.parent
TICK = os.sysconf("SC_CLK_TCK")
PLAYERS = 4
WARMUP = 2.0  # seconds between the go and the measured window (tables created, games running)
MOVE_FRAME = (  # a move as a client sends it; the id tells a lane's frames apart
    b'{"cmd":"move","from":"bot1.2","to":"gm","id":%d,'
    b'"body":{"table":"0123456789ab","version":42,"move":{"type":"play","cards":["QH"]}}}'
)


# --------------------------------------------------------------------------- echo server


def echo_server(port_file: str) -> None:
    """A WebSocket echo on the game master's own transport stack: asyncio.Protocol and
    websockets' sans-I/O ServerProtocol. It writes with the library's ``send_text``: with the game
    master's hand-built header (``atout.server.shell.ws.text_frame``) this echo measured ~35 µs per
    round trip against ~20 with ``send_text``, alternating runs (cause not found; for the game
    master the hand-built header is the cheaper one), so ``send_text`` is the stricter ceiling."""
    from websockets.frames import Opcode
    from websockets.http11 import Request
    from websockets.server import ServerProtocol

    lanes: dict[bytes, list[Any]] = {}

    class Echo(asyncio.Protocol):
        def connection_made(self, t: Any) -> None:
            self.t, self.p = t, ServerProtocol(max_size=1 << 16)
            self.lane: list[Any] | None = None

        def connection_lost(self, exc: Exception | None) -> None:
            if self.lane is not None:
                self.lane.remove(self)

        def data_received(self, data: bytes) -> None:
            p = self.p
            p.receive_data(data)
            for ev in p.events_received():
                if isinstance(ev, Request):
                    p.send_response(p.accept(ev))
                elif ev.opcode is Opcode.TEXT:
                    if self.lane is not None:  # fan-out: the frame goes to the whole lane
                        for other in self.lane:
                            if other is not self:
                                other.p.send_text(ev.data)
                                other.flush()
                        p.send_text(ev.data)
                    elif ev.data.startswith(b"lane:"):
                        self.lane = lanes.setdefault(bytes(ev.data), [])
                        self.lane.append(self)
                    else:
                        p.send_text(ev.data)
            self.flush()

        def flush(self) -> None:
            for d in self.p.data_to_send():
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


# The load plays as fast as it can from a few addresses: the per-client limits meant for people
# (0.5 tables created a second, 100 commands a second) would stall its lanes.
LIMITS = [
    "bot_tables=100000", "create_rate=100000", "create_burst=100000", "tables_per_conn=100000",
    "conn_rate=100000", "conn_burst=100000",
]  # fmt: skip


def start_game_server(
    db: str, src: str | None = None, max_conns: int = 1000
) -> tuple[subprocess.Popen[bytes], int]:
    """``atout serve`` on ``db``; ``src``: run it from another source tree (before/after)."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    if src:
        env["PYTHONPATH"] = src
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
            "--max-connections",
            str(max_conns),
            *(arg for lim in LIMITS for arg in ("--limit", lim)),
        ],
        env=env,
    )
    # the listening line is logged at info; poll /proc for the port instead
    for _ in range(100):
        time.sleep(0.1)
        port = _listening_port(proc.pid)
        if port:
            return proc, port
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


def start_echo() -> tuple[subprocess.Popen[bytes], int]:
    pf = tempfile.mktemp()
    proc = subprocess.Popen([sys.executable, __file__, "--echo-server", pf])
    for _ in range(100):
        time.sleep(0.1)
        if Path(pf).exists() and Path(pf).read_text():
            return proc, int(Path(pf).read_text())
    proc.kill()
    raise RuntimeError("echo server did not start")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


# --------------------------------------------------------------------------- light client


class Body(msgspec.Struct):
    """The few fields of any server body a bot needs (the rest, e.g. the view, is skipped)."""

    table: str = ""
    version: int = -1
    turn: int | None = None
    seat: int | None = None
    legal: list[msgspec.Raw] | None = None
    code: str | None = None


class Msg(msgspec.Struct):
    cmd: str
    id: int | None = None
    body: Body = msgspec.field(default_factory=Body)


_decode = msgspec.json.Decoder(Msg).decode


class Ws(asyncio.Protocol):
    """A minimal WebSocket client: hand-built frames (masked with a zero key, which RFC 6455
    allows the server to accept), hand-parsed server frames (never fragmented, never masked)."""

    def __init__(self, host: str, port: int, on_frame: Any) -> None:
        self.host, self.port, self.on_frame = host, port, on_frame
        self.buf = b""
        self.open: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.t: Any = None
        self.owner: Any = None

    def connection_made(self, t: Any) -> None:
        self.t = t
        key = base64.b64encode(os.urandom(16)).decode()
        t.write(
            (
                f"GET /ws HTTP/1.1\r\nHost: {self.host}:{self.port}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.open.done():
            self.open.set_exception(ConnectionError("closed during the handshake"))

    def data_received(self, data: bytes) -> None:
        buf = self.buf + data if self.buf else data
        if not self.open.done():
            end = buf.find(b"\r\n\r\n")
            if end < 0:
                self.buf = buf
                return
            if b" 101 " not in buf[:end]:
                self.open.set_exception(ConnectionError(buf[:end].decode(errors="replace")))
                return
            self.open.set_result(None)
            buf = buf[end + 4 :]
        pos, size = 0, len(buf)
        while size - pos >= 2:
            n = buf[pos + 1] & 0x7F
            head = 2
            if n == 126:
                if size - pos < 4:
                    break
                n, head = int.from_bytes(buf[pos + 2 : pos + 4], "big"), 4
            elif n == 127:
                if size - pos < 10:
                    break
                n, head = int.from_bytes(buf[pos + 2 : pos + 10], "big"), 10
            if size - pos < head + n:
                break
            if buf[pos] & 0x0F == 1:
                self.on_frame(self, buf[pos + head : pos + head + n])
            pos += head + n
        self.buf = buf[pos:] if pos < size else b""

    def send(self, payload: bytes) -> None:
        n = len(payload)
        if n < 126:
            head = bytes((0x81, 0x80 | n))
        elif n < 65536:
            head = b"\x81\xfe" + n.to_bytes(2, "big")
        else:
            head = b"\x81\xff" + n.to_bytes(8, "big")
        self.t.write(head + b"\0\0\0\0" + payload)


class Stats:
    def __init__(self, start_at: float, stop_at: float) -> None:
        self.start_at, self.stop_at = start_at, stop_at
        self.moves = 0
        self.games = 0
        self.errors = 0
        self.lat: list[float] = []

    def done(self, sent_at: float) -> None:
        now = time.time()
        if self.start_at <= sent_at and now <= self.stop_at:
            self.moves += 1
            self.lat.append(now - sent_at)


class GameLane:
    """Four seats playing Q²J games back to back at one private table each time."""

    def __init__(self, k: int, conns: list[Ws], stats: Stats, think: tuple[float, float]) -> None:
        self.k, self.conns, self.stats, self.think = k, conns, stats, think
        self.rng = random.Random(k)
        self.loop = asyncio.get_running_loop()
        self.rid = 0
        self.table = ""
        self.sent: dict[int, float] = {}  # request id -> time sent
        self.moved: list[int] = [-1] * PLAYERS
        self.over = 0
        self.create_id = -1
        for i, c in enumerate(conns):
            c.owner = i
            c.on_frame = self.frame

    def request(self, c: Ws, cmd: bytes, body: bytes) -> int:
        self.rid += 1
        c.send(b'{"cmd":"' + cmd + b'","id":%d,"body":' % self.rid + body + b"}")
        return self.rid

    def hello(self) -> None:
        for i, c in enumerate(self.conns):
            self.request(c, b"hello", b'{"versions":[1],"name":"b%d.%d"}' % (self.k, i))

    def new_game(self) -> None:
        if time.time() >= self.stats.stop_at:
            return
        self.table, self.over, self.moved = "", 0, [-1] * PLAYERS
        self.create_id = self.request(
            self.conns[0], b"create_table", b'{"game":"q2j","players":4,"private":true}'
        )

    def frame(self, c: Ws, data: bytes) -> None:
        msg = _decode(data)
        b = msg.body
        cmd = msg.cmd
        if cmd == "update":
            if msg.id is not None:
                sent = self.sent.pop(msg.id, None)
                if sent is not None:
                    self.stats.done(sent)
            if b.legal and b.turn == b.seat == c.owner and self.moved[c.owner] != b.version:
                self.moved[c.owner] = b.version
                move = self.rng.choice(b.legal)
                lo, hi = self.think
                if hi > 0:
                    self.loop.call_later(self.rng.uniform(lo, hi), self.move, c, b.version, move)
                else:
                    self.move(c, b.version, move)
        elif cmd == "table_created" and msg.id == self.create_id:
            self.table = b.table
            tb = b.table.encode()
            for i, x in enumerate(self.conns):
                self.request(x, b"join", b'{"table":"%s","seat":%d}' % (tb, i))
        elif cmd == "game_over":
            self.over += 1
            if self.over == PLAYERS:
                self.stats.games += 1
                self.new_game()
        elif cmd == "error":
            self.stats.errors += 1
            if msg.id is not None:
                self.sent.pop(msg.id, None)

    def move(self, c: Ws, version: int, move: msgspec.Raw) -> None:
        if time.time() >= self.stats.stop_at:
            return
        body = b'{"table":"%s","version":%d,"move":' % (self.table.encode(), version)
        rid = self.request(c, b"move", body + bytes(move) + b"}")
        self.sent[rid] = time.time()


class EchoLane:
    """Four echo clients taking turns, one frame in flight per lane, as in a game. With
    ``fanout`` the server sends each frame to the four (a move's transport: 1 frame in, 4 out)
    and the round trip ends when the sender gets its copy."""

    fanout = False

    def __init__(self, k: int, conns: list[Ws], stats: Stats, think: tuple[float, float]) -> None:
        self.k, self.conns, self.stats, self.think = k, conns, stats, think
        self.rng = random.Random(k)
        self.loop = asyncio.get_running_loop()
        self.turn = 0
        self.sent_at = 0.0
        self.n = 0
        self.payload = b""
        for c in conns:
            c.on_frame = self.frame

    def new_game(self) -> None:
        self.send()

    def hello(self) -> None:
        if self.fanout:
            for c in self.conns:
                c.send(b"lane:%d" % self.k)

    def send(self) -> None:
        if time.time() >= self.stats.stop_at:
            return
        self.sent_at = time.time()
        self.n += 1
        self.payload = MOVE_FRAME % self.n
        self.conns[self.turn].send(self.payload)

    def frame(self, c: Ws, data: bytes) -> None:
        if c is not self.conns[self.turn] or data != self.payload:
            return
        self.stats.done(self.sent_at)
        self.turn = (self.turn + 1) % PLAYERS
        lo, hi = self.think
        if hi > 0:
            self.loop.call_later(self.rng.uniform(lo, hi), self.send)
        else:
            self.send()


class FanoutLane(EchoLane):
    fanout = True


def worker(
    kind: str,
    port: int | list[int],
    lanes: int,
    think: tuple[float, float],
    seed: int,
    ready: Any,
    go: Any,
    window: Any,
    q: Any,
) -> None:
    """``lanes`` lanes of four connections. With several ports (several game master nodes,
    bench/nodes.py), seat i of lane k connects to port (i + k) mod their number."""
    ports = [port] if isinstance(port, int) else port

    async def main() -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        sem = asyncio.Semaphore(64)

        async def conn(port: int) -> Ws:
            async with sem:
                _, ws = await loop.create_connection(
                    lambda: Ws("127.0.0.1", port, None), "127.0.0.1", port
                )
                await asyncio.wait_for(ws.open, 300)
                return ws

        flat = await asyncio.gather(
            *(conn(ports[(i + k) % len(ports)]) for k in range(lanes) for i in range(PLAYERS))
        )
        stats = Stats(0.0, 0.0)
        cls = {"game": GameLane, "echo": EchoLane, "fanout": FanoutLane}[kind]
        ls = [
            cls(seed * 100_000 + k, flat[k * PLAYERS : (k + 1) * PLAYERS], stats, think)
            for k in range(lanes)
        ]
        for lane in ls:
            lane.hello()
        await asyncio.sleep(0.5)
        ready.put("ready")
        await asyncio.to_thread(go.wait)
        stats.start_at, stats.stop_at = window[0], window[1]
        for lane in ls:
            lane.new_game()
        await asyncio.sleep(max(0.0, stats.stop_at - time.time()) + 0.5)
        for c in flat:
            c.t.close()
        return {
            "moves": stats.moves,
            "games": stats.games,
            "errors": stats.errors,
            "lat": stats.lat,
        }

    q.put(client_loop_run()(main()))


def client_loop_name() -> str:
    """The loop the load processes run: uvloop (the bench extra) unless
    ``ATOUT_BENCH_CLIENT_LOOP=asyncio`` or uvloop is not installed (then asyncio, and every
    result says so: asyncio clients take about twice the CPU from the server measured)."""
    if os.environ.get("ATOUT_BENCH_CLIENT_LOOP", "uvloop") != "uvloop":
        return "asyncio"
    try:
        import uvloop  # noqa: F401
    except ImportError:
        return "asyncio"
    return "uvloop"


def client_loop_run() -> Any:
    """How the load processes run their loop (:func:`client_loop_name`). The clients only make
    load: the cheaper they are, the more of the machine is left to the server measured (which
    always runs on asyncio)."""
    if client_loop_name() == "uvloop":
        import uvloop

        return uvloop.run
    return asyncio.run


def gather(q: Any, ps: list[Any]) -> tuple[list[dict[str, Any]], int, list[float]]:
    """The load processes' results, the moves they made and every latency, sorted."""
    results = [q.get(timeout=600) for _ in ps]
    for p in ps:
        p.join(timeout=60)
    moves = sum(r["moves"] for r in results)
    return results, moves, sorted(x for r in results for x in r["lat"])


def percentile_ms(lat: list[float], f: float, digits: int) -> float:
    """The ``f`` quantile of sorted latencies (seconds), in ms."""
    return round(lat[min(len(lat) - 1, int(f * len(lat)))] * 1000, digits) if lat else 0.0


def start_window(ps: list[Any], ready: Any, go: Any, window: Any, seconds: float) -> float:
    """Start the load processes ``ps``, wait until every connection is open, then open the
    measured window (after ``WARMUP`` s, for ``seconds``) and sleep to its start; returns its end."""
    for p in ps:
        p.start()
    for _ in ps:
        ready.get(timeout=600)
    start_at = time.time() + WARMUP
    window[0], window[1] = start_at, start_at + seconds
    go.set()
    time.sleep(max(0.0, start_at - time.time()))
    return start_at + seconds


def run_load(
    kind: str,
    port: int,
    pid: int,
    clients: int,
    seconds: float,
    procs: int,
    think: Any,
    hook: Any = None,
) -> dict[str, Any]:
    """One load against one server; ``hook("start")`` and ``hook("stop")`` are called at the
    edges of the measured window (the profiler attaches there)."""
    ctx = mp.get_context("spawn")
    q, ready, go = ctx.Queue(), ctx.Queue(), ctx.Event()
    window = ctx.Array("d", [0.0, 0.0])
    lanes = clients // PLAYERS
    shares = [lanes // procs + (1 if i < lanes % procs else 0) for i in range(procs)]
    ps = [
        ctx.Process(target=worker, args=(kind, port, n, think, i + 1, ready, go, window, q))
        for i, n in enumerate(shares)
        if n
    ]
    stop_at = start_window(ps, ready, go, window, seconds)
    if hook is not None:
        hook("start")
    cpu0 = cpu_seconds(pid)
    gen0 = sum(cpu_seconds(p.pid) for p in ps)
    time.sleep(max(0.0, stop_at - time.time()))
    cpu1 = cpu_seconds(pid)
    if hook is not None:
        hook("stop")
    gen1 = sum(cpu_seconds(p.pid) for p in ps)
    results, moves, lat = gather(q, ps)

    def pct(f: float) -> float:
        return percentile_ms(lat, f, 2)

    return {
        "kind": kind,
        "clients": clients,
        "per_s": round(moves / seconds, 1),
        "p50_ms": pct(0.5),
        "p99_ms": pct(0.99),
        "max_ms": pct(1.0),
        "server_cpu_s": round(cpu1 - cpu0, 2),
        "server_busy": round((cpu1 - cpu0) / seconds, 2),
        "clients_busy": round((gen1 - gen0) / seconds, 2),
        "cpu_us_per_op": round((cpu1 - cpu0) / moves * 1e6, 1) if moves else None,
        "games": sum(r["games"] for r in results),
        "errors": sum(r["errors"] for r in results),
        "client_loop": client_loop_name(),
    }


def _median(xs: list[float]) -> float:
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def _fig(xs: list[Any], digits: int = 0) -> str:
    """Median and spread (min-max) of one figure over the repetitions."""
    xs = [x for x in xs if x is not None]
    if not xs:
        return "-"
    med, lo, hi = _median(xs), min(xs), max(xs)
    f = f"{{:,.{digits}f}}"
    return f.format(med) if len(xs) == 1 else f"{f.format(med)} ({f.format(lo)}-{f.format(hi)})"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clients", default="100,1000,2000")
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--loads", default="saturation,paced", help="saturation and/or paced")
    ap.add_argument("--think", default="0.5,1.5", help="paced think time: min,max seconds")
    ap.add_argument("--procs", type=int, default=2, help="client processes")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each row, interleaved")
    ap.add_argument(
        "--src",
        action="append",
        default=None,
        metavar="NAME=DIR",
        help="run the game master from the source tree DIR (a git archive of a commit; "
        "repeat for a before/after in one run, interleaved); default: this working tree",
    )
    ap.add_argument("--json", default=None)
    ap.add_argument("--echo-server", default=None, help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.echo_server:
        echo_server(a.echo_server)
        return
    if client_loop_name() != "uvloop" and os.environ.get("ATOUT_BENCH_CLIENT_LOOP") != "asyncio":
        print("# uvloop is not installed (pip install -e '.[bench]'): the clients run on asyncio")
    variants: list[tuple[str, str | None]] = [
        (x.split("=", 1)[0], x.split("=", 1)[1]) for x in a.src or []
    ]
    if not variants:  # the working tree (the engineers' work in progress included)
        variants.append(("now", None))
    lo, hi = (float(x) for x in a.think.split(","))
    rows = []
    for n in [int(x) for x in a.clients.split(",")]:
        for load in a.loads.split(","):
            think = (0.0, 0.0) if load == "saturation" else (lo, hi)
            runs: dict[str, list[dict[str, Any]]] = {}
            for rep in range(a.repeat):
                # the variants' order turns round from one repetition to the next
                k = rep % len(variants)
                for name, src in variants[k:] + variants[:k]:
                    with tempfile.TemporaryDirectory() as d:
                        gproc, gport = start_game_server(str(Path(d) / "bench.db"), src, n + 100)
                        try:
                            r = run_load("game", gport, gproc.pid, n, a.seconds, a.procs, think)
                        finally:
                            gproc.terminate()
                            gproc.wait(timeout=30)
                    r["loadavg"] = round(os.getloadavg()[0], 2)
                    runs.setdefault(name, []).append(r)
                eproc, eport = start_echo()
                try:
                    for kind in ("echo", "fanout"):
                        r = run_load(kind, eport, eproc.pid, n, a.seconds, a.procs, think)
                        r["loadavg"] = round(os.getloadavg()[0], 2)
                        runs.setdefault(kind, []).append(r)
                finally:
                    eproc.terminate()
                    eproc.wait(timeout=30)
                last = {k: v[-1] for k, v in runs.items()}
                print(
                    json.dumps({"clients": n, "load": load, "rep": rep, "runs": last}), flush=True
                )
            fan = runs["fanout"]
            for name, _ in variants:
                g = runs[name]
                ratios = [
                    x["cpu_us_per_op"] / f["cpu_us_per_op"]
                    if x["cpu_us_per_op"] and f["cpu_us_per_op"]
                    else None
                    for x, f in zip(g, fan, strict=True)
                ]
                rows.append(
                    {
                        "clients": n,
                        "load": load if load == "saturation" else f"paced {lo:g}-{hi:g} s",
                        "variant": name,
                        "game": g,
                        "echo": runs["echo"],
                        "fanout": fan,
                        "ratio_fanout": ratios,
                    }
                )
    print()
    print(
        f"Median (min-max) of {a.repeat} interleaved runs; ratio: the game master's CPU per "
        "move over the fan-out echo's CPU per round trip of the same repetition."
    )
    print()
    print(
        "| clients | load | server | moves/s | p99 ms | server CPU µs/move | echo CPU µs/rt "
        "| fan-out echo CPU µs/rt | **ratio to fan-out** | load average | errors |"
    )
    print("|---|---|---|---:|---:|---:|---:|---:|---:|---|---:|")
    for r in rows:
        g, e, f = r["game"], r["echo"], r["fanout"]
        la = [x["loadavg"] for x in g]
        print(
            f"| {r['clients']} | {r['load']} | {r['variant']} | {_fig([x['per_s'] for x in g])} "
            f"| {_fig([x['p99_ms'] for x in g], 1)} | {_fig([x['cpu_us_per_op'] for x in g])} "
            f"| {_fig([x['cpu_us_per_op'] for x in e])} | {_fig([x['cpu_us_per_op'] for x in f])} "
            f"| **{_fig(r['ratio_fanout'], 2)}×** | {min(la):.1f}-{max(la):.1f} "
            f"| {sum(x['errors'] for x in g)} |"
        )
    if a.json:
        Path(a.json).write_text(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
