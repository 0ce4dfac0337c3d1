"""Where a move's CPU goes in the game master at saturation: py-spy over ``bench/server.py``'s load.

Method: the game master runs in its own process (``ws.serve``, exactly as ``atout serve`` runs
it, on a fresh SQLite file), with a ``gc.callbacks`` hook that times every collection. The load
is ``bench/server.py``'s saturation load (Q²J, four-seat tables, bots answering at once, their
random moves seeded per lane: the same load on every run). Over the measured window only,
``py-spy record --nonblocking`` samples the server (``--rate`` per second, idle samples
dropped: only CPU), and the server's user+sys CPU and the moves completed are counted. Each
sample is put in one category by the innermost frame that names one (the table below, first
match from the innermost frame outwards); a sample with no such frame is the event loop's
(asyncio, selectors, the socket callbacks). A category's µs per move is its share of the samples
times the server's CPU per move; GC is timed by its hook, not sampled.

``--native`` pauses the server for each sample and reads its C frames as well: the stacks are
exact and the system calls (``send``, ``recv``, ``epoll_wait``) and the encoder are named; samples
that wait (the GIL, an idle thread) are dropped. The pauses slow the server (its CPU per move
is higher under this profile: compare shares, not microseconds, with the default). Without it
the sampler reads a running process, and some samples land in the wrong function: the default
profile put 15 µs a move in websockets' frame parser, which costs 4.1 µs a frame measured alone.

``--src DIR`` runs the game master from another source tree (``git archive`` of an older
commit): the before/after comparison in one run.

Run: ``python bench/profile_server.py [--clients 1000,2000] [--seconds 10] [--rate 250]
[--src DIR] [--stacks FILE] [--json FILE] [--native]``. Needs py-spy (the bench extra).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import server as bench  # bench/server.py: the load and the CPU clock

# (category, what the frame's function name contains, what its file contains): the innermost
# frame that matches a rule gives the sample its category (rules tried in this order)
RULES: list[tuple[str, tuple[str, ...], tuple[str, ...]]] = [
    ("encode", ("<encode>",), ()),
    ("decode", ("decode_client", "too_deep", "parse_move"), ()),
    ("view per seat", ("State.view", "events_out", "visible_to", "describe"), ()),
    ("rules", (), ("atout/games/", "atout/cards")),
    ("journal", (), ("store.py",)),
    ("writes", ("text_frame", "WsConnection.send", "WsConnection._write", "Transport.write"), ()),
    ("timers", ("rearm", "next_deadline", "call_later", "TimerHandle", "Core.tick"), ("heapq",)),
    ("build updates", ("send_updates", "broadcast"), ("members.py", "told.py")),
    ("websocket parsing", (), ("websockets/",)),
    ("table and lobby", (), ("atout/",)),
]


# --native: C functions by exact name (a C frame is innermost when the sample is in C code)
NATIVE = {
    "send": "writes",
    "sendmsg": "writes",
    "recv": "reads",
    "recvfrom": "reads",
    "epoll_wait": "event loop",
    "Encoder_encode": "encode",
}
# --native: a sample whose innermost frames wait (a lock, a condition: the GIL, an idle
# thread) is not CPU time, whatever the sampler says
WAITS = ("cond_timedwait", "cond_wait", "sem_wait", "sem_timedwait", "acquire_lock", "futex")


def waiting(stack: list[str]) -> bool:
    return any(w in f.partition(" (")[0] for f in stack[-3:] for w in WAITS)


def categorize(stack: list[str]) -> str:
    """The category of one sample (``stack``: outermost frame first); "event loop" when no
    frame names one (asyncio, selectors, the socket callbacks)."""
    for frame in reversed(stack):
        func, _, where = frame.partition(" (")
        if func in NATIVE:
            return NATIVE[func]
        if func.startswith("json_encode"):
            return "encode"
        for name, funcs, files in RULES:
            if any(k in func for k in funcs) or any(k in where for k in files):
                return name
    return "event loop"


def expand(stack: list[str], sources: dict[str, list[str]]) -> list[str]:
    """Mark a frame whose line calls the JSON encoder (a C function py-spy does not see)."""
    if stack:
        last = stack[-1]
        if "(" in last and ":" in last:
            where = last.rsplit("(", 1)[1].rstrip(")")
            path, _, line = where.rpartition(":")
            lines = sources.get(path)
            if lines is None:
                lines = sources[path] = _read(path)
            if line.isdigit() and 0 < int(line) <= len(lines):
                text = lines[int(line) - 1]
                if "encode(" in text and "decode" not in text:
                    return [*stack, "<encode>"]
    return stack


def _read(path: str) -> list[str]:
    for base in [os.environ.get("ATOUT_SRC", ""), *sys.path]:
        p = Path(base) / path
        if p.is_file():
            return p.read_text().splitlines()
    p = Path(path)
    return p.read_text().splitlines() if p.is_file() else []


# --------------------------------------------------------------------------- the server


def serve(db: str, port_file: str, gc_file: str, max_conns: int) -> None:
    """The game master as ``atout serve`` runs it, with its collections timed; SIGUSR1 appends
    the totals so far to ``gc_file``."""
    from atout.server.core.limits import Limits
    from atout.server.shell import ws

    spent = [0.0, 0, 0.0]  # seconds collecting, collections, the longest (seconds)
    gens = [0, 0, 0]
    log: list[tuple[int, float, int]] = []  # each collection: generation, ms, objects freed
    began = [0.0]

    def timed(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            began[0] = time.thread_time()
        else:
            took = time.thread_time() - began[0]
            spent[0] += took
            spent[1] += 1
            spent[2] = max(spent[2], took)
            gens[info["generation"]] += 1
            log.append((info["generation"], round(took * 1000, 1), info["collected"]))

    def dump(*_: Any) -> None:
        with open(gc_file, "a") as f:
            line = {
                "gc_s": spent[0],
                "gc_n": spent[1],
                "gc_max_s": spent[2],
                "gens": gens,
                "log": log[-20:],
            }
            f.write(json.dumps(line) + "\n")

    gc.callbacks.append(timed)
    signal.signal(signal.SIGUSR1, dump)

    async def main() -> None:
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[int] = loop.create_future()
        task = asyncio.ensure_future(
            ws.serve("127.0.0.1", 0, db, limits=Limits(max_connections=max_conns), ready=ready)
        )
        Path(port_file).write_text(str(await ready))
        await task

    asyncio.run(main())


def start_server(d: str, src: str | None, clients: int) -> tuple[subprocess.Popen[bytes], int, str]:
    port_file, gc_file = f"{d}/port", f"{d}/gc.jsonl"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    if src:
        env["PYTHONPATH"] = src
    proc = subprocess.Popen(
        [
            sys.executable,
            __file__,
            "--serve",
            f"{d}/bench.db",
            port_file,
            gc_file,
            str(clients + 100),
        ],
        env=env,
    )
    for _ in range(200):
        time.sleep(0.1)
        if Path(port_file).exists() and Path(port_file).read_text():
            return proc, int(Path(port_file).read_text()), gc_file
    proc.kill()
    raise RuntimeError("the game master did not start")


def profile(
    clients: int,
    seconds: float,
    rate: int,
    procs: int,
    src: str | None,
    stacks: str | None,
    native: bool = False,
) -> dict[str, Any]:
    spy = shutil.which("py-spy") or str(Path(sys.executable).parent / "py-spy")
    with tempfile.TemporaryDirectory() as d:
        proc, port, gc_file = start_server(d, src, clients)
        raw = f"{d}/stacks.txt"
        rec: list[subprocess.Popen[bytes]] = []

        def hook(edge: str) -> None:
            os.kill(proc.pid, signal.SIGUSR1)
            if edge == "start":
                rec.append(
                    subprocess.Popen(
                        [
                            spy, "record", "--pid", str(proc.pid), "--duration",
                            str(int(seconds)), "--rate", str(rate),
                            *(["--native"] if native else ["--nonblocking"]),
                            "--format", "raw", "--output", raw,
                        ],
                        stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL,
                    )
                )  # fmt: skip

        try:
            load = bench.run_load(
                "game", port, proc.pid, clients, seconds, procs, (0.0, 0.0), hook=hook
            )
            rec[0].wait(timeout=seconds + 60)
            time.sleep(0.2)
            gcs = [json.loads(x) for x in Path(gc_file).read_text().splitlines()]
        finally:
            proc.terminate()
            proc.wait(timeout=30)
        if src:  # the lines of the source tree profiled (encode is marked by its line)
            os.environ["ATOUT_SRC"] = src
        else:
            os.environ.pop("ATOUT_SRC", None)
        samples: Counter[str] = Counter()
        frames: Counter[str] = Counter()
        sources: dict[str, list[str]] = {}
        total = 0
        for line in Path(raw).read_text().splitlines():
            stack_s, _, n_s = line.rpartition(" ")
            if not n_s.isdigit():
                continue
            n = int(n_s)
            stack = expand(stack_s.split(";")[1:], sources)  # the first is the thread
            if native and waiting(stack):
                continue
            samples[categorize(stack)] += n
            frames[stack[-1] if stack else "?"] += n
            total += n
        if stacks:
            Path(stacks).write_text(Path(raw).read_text())
    moves = load["per_s"] * seconds
    cpu_us = load["cpu_us_per_op"] or 0.0
    gc_us = (gcs[-1]["gc_s"] - gcs[0]["gc_s"]) / moves * 1e6 if moves else 0.0
    sampled_us = max(0.0, cpu_us - gc_us)  # py-spy does not see the collector as such
    cats = {k: round(v / total * sampled_us, 1) for k, v in samples.most_common()} if total else {}
    cats["GC"] = round(gc_us, 1)
    return {
        "clients": clients,
        "src": src or "working tree",
        "load": load,
        "samples": total,
        "gc_collections": [a - b for a, b in zip(gcs[-1]["gens"], gcs[0]["gens"], strict=True)],
        "gc_longest_ms": round(gcs[-1]["gc_max_s"] * 1000, 1),
        "gc_window": gcs[-1]["log"][len(gcs[0]["log"]) :] if len(gcs[0]["log"]) < 20 else None,
        "us_per_move": cats,
        "top_frames": [(f, round(n / total * sampled_us, 1)) for f, n in frames.most_common(25)]
        if total
        else [],
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clients", default="1000,2000")
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--rate", type=int, default=250, help="py-spy samples per second")
    ap.add_argument("--procs", type=int, default=2, help="client processes")
    ap.add_argument("--src", action="append", default=None, help="source tree(s) to compare")
    ap.add_argument("--stacks", default=None, help="keep the raw stacks (a prefix)")
    ap.add_argument(
        "--native",
        action="store_true",
        help="py-spy pauses the server for each sample and reads its C frames too: exact "
        "stacks, the system calls named (without it, samples are read while the server runs "
        "and some land in the wrong function)",
    )
    ap.add_argument("--json", default=None)
    ap.add_argument("--serve", nargs=4, default=None, help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.serve:
        serve(a.serve[0], a.serve[1], a.serve[2], int(a.serve[3]))
        return
    rows = []
    for n in [int(x) for x in a.clients.split(",")]:
        for i, src in enumerate(a.src or [None]):
            stacks = f"{a.stacks}.{n}.{i}.txt" if a.stacks else None
            row = profile(n, a.seconds, a.rate, a.procs, src, stacks, a.native)
            row["loadavg"] = os.getloadavg()[0]
            rows.append(row)
            print(json.dumps(row), flush=True)
    if a.json:
        Path(a.json).write_text(json.dumps(rows, indent=2))
    names = list(dict.fromkeys(k for r in rows for k in r["us_per_move"]))
    print()
    print("| µs per move | " + " | ".join(f"{r['clients']} ({r['src']})" for r in rows) + " |")
    print("|---|" + "---:|" * len(rows))
    for k in names:
        print(f"| {k} | " + " | ".join(str(r["us_per_move"].get(k, 0.0)) for r in rows) + " |")
    print(
        "| **total CPU per move** | "
        + " | ".join(f"**{r['load']['cpu_us_per_op']}**" for r in rows)
        + " |"
    )
    print("| moves/s | " + " | ".join(f"{r['load']['per_s']:.0f}" for r in rows) + " |")


if __name__ == "__main__":
    main()
