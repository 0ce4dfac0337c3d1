"""Logins under attack against the real game master (``atout serve`` in a subprocess, its
default limits and argon2id parameters, loopback only). Issue 27's figures:

A. **Flood**: 16 parallel clients post logins with wrong passwords on random names for
   ``--seconds`` (12), each request from another loopback address (127.1.x.y: a botnet, so that
   the per-address limits do not stop it and the password checks' queue fills). Meanwhile the
   owner logs in from 127.0.0.2 and, when told to wait (503 or 429 with Retry-After), waits as
   told and tries again. Reported: requests, their statuses, those closed without an HTTP answer
   (the goal: 0), the owner's first answer and first acceptance (goals: within 5 s and 20 s).
B. **Guesser**: 12 wrong passwords on the owner's name from 127.0.0.3, then the owner's right
   password from 127.0.0.2 (the goal: accepted at once, not rate limited).

Run: ``python bench/logins.py`` (``--json`` for the whole result as JSON).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
from atout.server.child import spawn  # noqa: E402

OWNER, GOOD = "Owner", "correct horse battery"


async def http(port: int, raw: bytes, source: str) -> tuple[int | None, dict[str, str]]:
    """One request from ``source``; status None: the connection closed without an answer."""
    r, w = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    try:
        w.write(raw)
        await w.drain()
        data = await asyncio.wait_for(r.read(), 60)
    except (ConnectionError, TimeoutError):
        data = b""
    finally:
        w.close()
    if not data.startswith(b"HTTP/1.1 "):
        return None, {}
    head = data.partition(b"\r\n\r\n")[0].decode("latin-1").split("\r\n")
    headers = {}
    for line in head[1:]:
        k, _, v = line.partition(":")
        headers[k.strip().lower()] = v.strip()
    return int(head[0].split(" ")[1]), headers


def login(name: str, password: str) -> bytes:
    body = json.dumps({"name": name, "password": password}).encode()
    return (
        "POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    ).encode() + body


def signup(name: str, password: str) -> bytes:
    return login(name, password).replace(b"/api/login", b"/api/signup", 1)


async def flood(port: int, seconds: float, clients: int) -> dict:
    statuses: dict[str, int] = {}
    latencies: list[float] = []
    end = time.monotonic() + seconds
    rng = random.Random(7)

    async def one_client(i: int) -> None:
        n = 0
        while time.monotonic() < end:
            n += 1
            source = f"127.1.{i}.{n % 250 + 1}"
            t = time.perf_counter()
            status, _ = await http(port, login(f"x{rng.getrandbits(40):x}", "wrong guess"), source)
            latencies.append(time.perf_counter() - t)
            key = str(status)
            statuses[key] = statuses.get(key, 0) + 1

    owner: dict = {"tries": 0}

    async def the_owner() -> None:
        await asyncio.sleep(1.0)  # the flood is on
        start = time.perf_counter()
        while True:
            owner["tries"] += 1
            status, headers = await http(port, login(OWNER, GOOD), "127.0.0.2")
            took = time.perf_counter() - start
            owner.setdefault("first_answer_s", round(took, 2))
            owner.setdefault("first_status", status)
            if status == 200:
                owner["accepted_s"] = round(took, 2)
                return
            if status is None:
                owner["unanswered"] = owner.get("unanswered", 0) + 1
                await asyncio.sleep(0.5)
                continue
            await asyncio.sleep(float(headers.get("retry-after", "1")))

    await asyncio.gather(*(one_client(i) for i in range(clients)), the_owner())
    q = statistics.quantiles(latencies, n=100) if len(latencies) > 2 else [0.0] * 99
    return {
        "clients": clients,
        "seconds": seconds,
        "requests": sum(statuses.values()),
        "statuses": dict(sorted(statuses.items())),
        "without_http_answer": statuses.get("None", 0),
        "latency_p50_ms": round(statistics.median(latencies) * 1e3, 1),
        "latency_p99_ms": round(q[98] * 1e3, 1),
        "owner": owner,
    }


async def guesser(port: int) -> dict:
    statuses = []
    for _ in range(12):
        statuses.append((await http(port, login(OWNER, "wrong guess"), "127.0.0.3"))[0])
    t = time.perf_counter()
    status, _ = await http(port, login(OWNER, GOOD), "127.0.0.2")
    return {
        "guesses": statuses,
        "owner_status": status,
        "owner_ms": round((time.perf_counter() - t) * 1e3, 1),
    }


async def main(args: argparse.Namespace) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "serve.log"
        proc, url = spawn("--db", str(Path(tmp) / "logins.db"), log=log)
        port = int(url.rsplit(":", 1)[1].split("/")[0])
        try:
            status, _ = await http(port, signup(OWNER, GOOD), "127.0.0.4")
            assert status == 201, status
            out = {"A_flood": await flood(port, args.seconds, args.clients)}
            print(json.dumps(out["A_flood"]), flush=True)
            await asyncio.sleep(2)  # the queue drains
            out["B_guesser"] = await guesser(port)
            print(json.dumps(out["B_guesser"]), flush=True)
        finally:
            proc.terminate()
            proc.wait(30)
            err = log.read_text(errors="replace")
        out["tracebacks"] = err.count("Traceback")
    return out


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seconds", type=float, default=12.0, help="how long the flood lasts")
    p.add_argument("--clients", type=int, default=16, help="parallel flooding clients")
    p.add_argument("--json", action="store_true", help="print the whole result as JSON")
    a = p.parse_args()
    res = asyncio.run(main(a))
    if a.json:
        print(json.dumps(res, indent=2))
