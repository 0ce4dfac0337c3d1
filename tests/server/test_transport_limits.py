"""The transport's limits: Origin check, time-outs, output budgets, maximum sockets, EMFILE."""

from __future__ import annotations

import asyncio
import json
import os
import resource
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import websockets
from tests.server.test_transport_ws import Raw, connect, run, serving

from atout.server.core.limits import Limits
from atout.server.shell.ws import Shell

ROOT = Path(__file__).resolve().parents[2]


async def health(port: int) -> tuple[int, bytes]:
    r, w = await asyncio.open_connection("127.0.0.1", port)
    w.write(f"GET /health HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    data = await asyncio.wait_for(r.read(), 5)
    w.close()
    return int(data.split()[1]), data.split(b"\r\n\r\n", 1)[1]


async def wait_for(cond, timeout: float = 5.0) -> None:
    end = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < end, "timed out"
        await asyncio.sleep(0.02)


# ------------------------------------------------------------------------------- Origin
@pytest.mark.parametrize(
    "origin,limits,status",
    [
        (None, {}, 101),  # a program, not a page
        ("http://127.0.0.1:{port}", {}, 101),  # the server's own page on loopback
        ("http://localhost:{port}", {}, 101),
        ("http://[::1]:{port}", {}, 101),
        ("http://127.0.0.1:5173", {}, 403),  # another program's page on this machine
        ("http://localhost:3000", {}, 403),
        # a DNS-rebinding page: it names its own host in Host and Origin alike
        ("http://game.example:8000", {}, 403),
        ("https://evil.example", {}, 403),
        ("null", {}, 403),
        ("http://127.0.0.1.evil.example", {}, 403),
        ("https://cards.example", {"public_urls": ("https://cards.example/play",)}, 101),
        ("http://cards.example", {"public_urls": ("https://cards.example",)}, 403),
        ("https://friends.example", {"allow_origins": ("https://friends.example/",)}, 101),
        ("https://evil.example", {"allow_origins": ("https://friends.example",)}, 403),
        ("https://evil.example", {"allow_origins": ("*",)}, 101),
    ],
)
def test_origin_check(origin, limits, status):
    """Allowed origins are the server's own addresses (never derived from the request's Host):
    with ``Host: game.example:8000`` and the same origin, a rebinding page used to get 101."""

    async def go():
        async with serving(Limits(**limits)) as (_, port):
            r, w = await asyncio.open_connection("127.0.0.1", port)
            head = [
                "GET /ws HTTP/1.1",
                "Host: game.example:8000",
                "Upgrade: websocket",
                "Connection: Upgrade",
                "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
                "Sec-WebSocket-Version: 13",
            ]
            if origin:
                head.append(f"Origin: {origin.format(port=port)}")
            w.write(("\r\n".join(head) + "\r\n\r\n").encode())
            resp = await asyncio.wait_for(r.readuntil(b"\r\n\r\n"), 5)
            assert int(resp.split()[1]) == status
            w.close()

    run(go())


def test_origins_of_a_server_on_a_specific_address_and_of_public_urls():
    lim = Limits(public_urls=("https://cards.example:8443/", "http://[2001:db8::1]/"))
    got = lim.origins("192.0.2.7", 8000)
    assert "http://192.0.2.7:8000" in got and "https://cards.example:8443" in got
    assert "http://[2001:db8::1]" in got
    assert not any(isinstance(o, str) and "0.0.0.0" in o for o in Limits().origins("0.0.0.0", 80))
    with pytest.raises(ValueError):
        Limits(public_urls=("cards.example",)).origins("127.0.0.1", 8000)


# ------------------------------------------------------------------------------- time-outs
def test_silent_and_half_sent_requests_are_closed_health_stays_up():
    async def go():
        async with serving(Limits(handshake_timeout=0.5)) as (shell, port):
            silent = [await asyncio.open_connection("127.0.0.1", port) for _ in range(50)]
            half = [await asyncio.open_connection("127.0.0.1", port) for _ in range(20)]
            for _, w in half:
                w.write(b"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: webso")
            status, body = await health(port)  # served while they wait
            assert status == 200 and json.loads(body)["sockets"] >= 70
            for r, _ in silent + half:  # each answered 408 by the time-out, not left open
                data = await asyncio.wait_for(r.read(), 5)
                assert data.startswith(b"HTTP/1.1 408")
            await wait_for(lambda: not shell.socks)
            assert shell.timeouts == 70

    run(go())


def test_idle_websocket_pinged_then_closed_live_client_kept():
    async def go():
        async with serving(Limits(idle_timeout=0.6)) as (shell, port):
            mute = await connect(port)  # never answers pings
            async with websockets.connect(f"ws://127.0.0.1:{port}/ws") as live:  # answers them
                await live.send('{"cmd":"hello","body":{"versions":[1],"name":"live"},"id":1}')
                assert json.loads(await live.recv())["cmd"] == "welcome"
                assert await mute.next() == ("ping",)
                assert (await mute.closed(3))[0] == 1011
                await asyncio.sleep(1.0)  # well past the idle time-out: pongs keep it alive
                await live.send('{"cmd":"ping","body":{},"id":2}')
                assert json.loads(await live.recv())["cmd"] == "pong"
            assert shell.timeouts == 1

    run(go())


# ------------------------------------------------------------------------------- output budgets
def _unread(port: int) -> socket.socket:
    """A raw socket with a tiny receive buffer, upgraded, that will never read again."""
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.connect(("127.0.0.1", port))
    s.sendall(
        b"GET /ws HTTP/1.1\r\nHost: h\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    return s


def _opened(shell: Shell, n: int) -> bool:
    return len(shell.conns) >= n


def _squeeze(shell: Shell) -> None:
    """Small kernel send buffers on the server's side, so that what a client does not read
    stays in the process (where the limits apply) after a few kilobytes, not megabytes."""
    for c in shell.conns.values():
        sock = c.transport.get_extra_info("socket")  # type: ignore[union-attr]
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)


def test_slow_consumer_cut_at_its_limit():
    async def go():
        lim = Limits(conn_buffer=256 << 10, close_timeout=0.3)
        async with serving(lim) as (shell, port):
            s = _unread(port)
            await wait_for(lambda: _opened(shell, 1))
            _squeeze(shell)
            (conn,) = shell.conns.values()
            for _ in range(200):  # e.g. a busy table's updates
                conn.send(b'{"cmd":"pong","body":{},"x":"' + b"x" * 10_000 + b'"}')
                if conn.ws.state is not conn.ws.state.OPEN:
                    break
            assert shell.slow_cut == 1 and conn.buffered <= lim.conn_buffer + 20_000
            await wait_for(lambda: not shell.socks)  # dropped at the close time-out
            assert shell.buffered == 0
            s.close()

    run(go())


def test_total_budget_cuts_those_over_their_share():
    async def go():
        lim = Limits(conn_buffer=8 << 20, total_buffer=1 << 20)
        async with serving(lim) as (shell, port):
            socks = [_unread(port) for _ in range(4)]
            await wait_for(lambda: _opened(shell, 4))
            _squeeze(shell)
            reader = await connect(port)  # reads everything: costs nothing
            conns = [c for c in shell.conns.values()]
            big = b'{"cmd":"pong","body":{},"x":"' + b"x" * 10_000 + b'"}'
            for _ in range(30):
                for c in conns:
                    c.send(big)
            assert shell.slow_cut >= 1
            await asyncio.sleep(0.1)
            assert shell.buffered <= lim.total_buffer
            reader.text(b'{"cmd":"ping","body":{},"id":2}')
            ev = await reader.next()
            while isinstance(ev, dict) and ev["cmd"] != "pong":
                ev = await reader.next()
            assert ev["cmd"] == "pong"
            for s in socks:
                s.close()

    run(go())


def test_non_reading_client_stops_being_read():
    async def go():
        async with serving() as (shell, port):
            s = _unread(port)
            s.setblocking(False)
            await wait_for(lambda: _opened(shell, 1))
            _squeeze(shell)
            batch = b"".join(Raw.masked(b'{"cmd":"list_games","body":{}}') for _ in range(50))
            sent = 0
            for _ in range(100):
                try:
                    s.send(batch)
                    sent += 50
                except BlockingIOError:
                    pass
                await asyncio.sleep(0.005)
            # the server stopped reading at the high-water mark: most requests were never read
            assert shell.frames_in < 1000 and shell.slow_cut == 0
            assert shell.buffered < 256 << 10
            s.close()

    run(go())


# ------------------------------------------------------------------------------- sockets
def test_beyond_max_connections_ws_refused_health_served():
    async def go():
        async with serving(Limits(max_connections=5)) as (shell, port):
            held = [await connect(port) for _ in range(5)]
            extra = await connect(port, hello=False)
            assert extra.status == 503
            extra.close()
            status, _ = await health(port)
            assert status == 200
            held[0].close()
            await wait_for(lambda: len(shell.socks) <= 4)
            again = await connect(port)
            assert again.status == 101
            for c in held[1:]:
                c.close()

    run(go())


def test_one_remote_address_cannot_take_every_socket(monkeypatch):
    """Half-open handshakes from one host held every slot until their time-out: /ws answered
    503 for everyone. Beyond ``sockets_per_address`` a host's new sockets are closed at once,
    other hosts are served, and a closed socket frees its place. (The sockets come from
    127.0.0.1, taken here for a remote host: loopback is exempt from per-address limits.)"""
    import atout.server.shell.ws as ws

    monkeypatch.setattr(ws, "is_loopback", lambda address: False)

    async def go():
        async with serving(Limits(max_connections=50, sockets_per_address=4)) as (shell, port):
            held = []
            for _ in range(4):  # half-open: a request line, never finished
                r, w = await asyncio.open_connection("127.0.0.1", port)
                w.write(b"GET /ws HTTP/1.1\r\nHost: x\r\n")
                held.append((r, w))
            await wait_for(lambda: shell.per_address.get("127.0.0.1") == 4)
            r, w = await asyncio.open_connection("127.0.0.1", port)
            assert await asyncio.wait_for(r.read(), 5) == b""  # closed at once
            w.close()
            assert len(shell.socks) == 4 and shell.per_address["127.0.0.1"] == 4
            monkeypatch.setattr(ws, "is_loopback", lambda address: True)  # another host
            other = await connect(port)
            assert other.status == 101
            other.close()
            monkeypatch.setattr(ws, "is_loopback", lambda address: False)
            held.pop()[1].close()
            await wait_for(lambda: shell.per_address.get("127.0.0.1") == 3)
            again = await connect(port)
            assert again.status == 101
            again.close()
            for _, w in held:
                w.close()
            await wait_for(lambda: "127.0.0.1" not in shell.per_address)

    run(go())


SERVE = """
import asyncio, logging, resource, sys
from atout.server.core.limits import Limits
from atout.server.shell.ws import serve
resource.setrlimit(resource.RLIMIT_NOFILE, (int(sys.argv[1]), int(sys.argv[1])))
logging.basicConfig(level=logging.INFO, stream=sys.stderr)
async def main():
    ready = asyncio.get_running_loop().create_future()
    ready.add_done_callback(lambda f: print(f.result(), flush=True))
    await serve("127.0.0.1", 0, None, ready=ready,
                limits=Limits(max_connections=1000, handshake_timeout=1.0))
asyncio.run(main())
"""


def test_out_of_descriptors_backs_off_quietly_and_recovers():
    proc = subprocess.Popen(
        [sys.executable, "-c", SERVE, "64"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )
    try:
        port = int(proc.stdout.readline())  # type: ignore[union-attr]
        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
        assert soft > 400
        socks = []
        for _ in range(300):  # far more than the server's 64 descriptors
            s = socket.socket()
            s.setblocking(False)
            s.connect_ex(("127.0.0.1", port))
            socks.append(s)
        time.sleep(2.5)  # the accepted ones time out (1 s); the rest are accepted in turn
        for s in socks:
            s.close()

        async def check():
            end = time.monotonic() + 8
            while True:
                try:
                    status, _ = await health(port)
                    return status
                except (OSError, TimeoutError, IndexError):
                    assert time.monotonic() < end
                    await asyncio.sleep(0.2)

        assert run(check()) == 200
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=10)
    text = err.decode()
    assert "Traceback" not in text
    assert "cannot accept connections" in text
    assert text.count("WARNING") <= 5, text[-2000:]
