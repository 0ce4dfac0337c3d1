"""Accounts over real sockets under hostile conditions (issue 27): every HTTP request answered
under a login flood and at shutdown (1), client addresses read from trusted proxies only (3),
a logout that closes the session's WebSockets on this node and on every other (4)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from typing import Any

import pytest
import websockets
from argon2 import PasswordHasher
from tests.server.netutil import http, post, served, until

from atout.server.accounts import accounts as accounts_mod
from atout.server.core.limits import CoreLimits, Limits
from atout.server.core.proxies import client, parse_networks
from atout.server.shell.ws import SESSION_ENDED, start

GOOD = "correct horse"


def token_of(headers: dict[str, str]) -> str:
    (c,) = [c for c in headers["set-cookie"].split("\n") if c.startswith("atout_session=")]
    return c.split(";")[0].split("=", 1)[1]


# ------------------------------------------------------------------ 1. always an HTTP answer
@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """Password checks wait until the test opens the gate: the queue fills when the test says,
    however fast or loaded the machine."""
    opened = threading.Event()
    real = accounts_mod.verify_password

    def held(stored: str, password: str) -> bool:
        assert opened.wait(30), "the test never opened the gate"
        return real(stored, password)

    monkeypatch.setattr(accounts_mod, "verify_password", held)
    return opened


def test_a_login_flood_gets_an_http_answer_for_every_request(gate):
    """The sweep used to close a request waiting for its hash after close_timeout (a bare TCP
    close); a full queue now answers 503 with Retry-After at once. And a 503 counts for
    nothing: a flood that keeps the queue full cannot turn the owner's own retries into login
    delays (before, the owner's retries were counted and answered 429 after the flood)."""
    limits = Limits(close_timeout=0.2)
    core = CoreLimits(password_threads=1, password_queue=3, login_free=3)

    async def go() -> None:
        async with served(limits=limits, core_limits=core) as server:
            port, shell = server.port, server.shell
            status, _, _ = await http(
                port, post("/api/signup", {"name": "Owner", "password": GOOD})
            )
            assert status == 201
            bad = [
                post("/api/login", {"name": f"nobody{i}", "password": "x" * 9}) for i in range(12)
            ]
            queued = [asyncio.ensure_future(http(port, r)) for r in bad[:3]]
            await until(lambda: shell._password_jobs == 3, "the queue full")
            refused = await asyncio.gather(*(http(port, r) for r in bad[3:]))
            owner = post("/api/login", {"name": "Owner", "password": GOOD})
            for _ in range(2 * core.login_free):  # the owner, told to wait, tries again
                refused.append(await http(port, owner, "127.0.0.2"))
            for s, h, body in refused:
                assert s == 503, s
                e = json.loads(body)["error"]
                assert e["code"] == "server.busy" and int(h["retry-after"]) >= 1
                assert h["retry-after"] == str(e["detail"]["retry_after"])
            assert shell.busy_refused == len(refused)
            await asyncio.sleep(3 * limits.close_timeout)  # what the old sweep closed
            gate.set()
            assert [s for s, _, _ in await asyncio.gather(*queued)] == [401, 401, 401]
            assert (await http(port, owner, "127.0.0.2"))[0] == 200  # never counted: no 429

    asyncio.run(go())


def test_logins_pending_at_shutdown_end_without_a_traceback(monkeypatch):
    """At a stop, the cancelled hashing jobs' callbacks used to raise CancelledError on the
    loop (a traceback in the log)."""
    monkeypatch.setattr(
        accounts_mod, "_hasher", PasswordHasher(time_cost=3, memory_cost=65536, parallelism=4)
    )

    async def go() -> None:
        async with served(core_limits=CoreLimits(password_threads=1, password_queue=16)) as s:
            reqs = [
                asyncio.ensure_future(
                    http(s.port, post("/api/login", {"name": f"n{i}", "password": "x" * 9}))
                )
                for i in range(6)
            ]
            await until(lambda: s.shell._password_jobs >= 6, "six checks queued")
        for got in await asyncio.gather(*reqs, return_exceptions=True):
            if not isinstance(got, BaseException) and got[0] is not None:
                assert got[0] in (401, 503)

    asyncio.run(go())


# ------------------------------------------------------------------ 3. trusted proxies
def test_forwarded_addresses_are_read_from_trusted_proxies_only():
    nets = parse_networks(["127.0.0.1", "10.0.0.0/8"])
    xff = {"x-forwarded-for": ["6.6.6.6, 198.51.100.7, 10.1.2.3"], "x-forwarded-proto": ["https"]}

    def get(headers: dict[str, list[str]]) -> Any:
        return lambda k: headers.get(k, [])

    # the client's own X-Forwarded-For (6.6.6.6) lies beyond the first untrusted hop
    assert client("127.0.0.1", get(xff), nets) == ("198.51.100.7", True)
    assert client("192.0.2.1", get(xff), nets) == ("192.0.2.1", False)  # not a proxy of ours
    fwd = {"forwarded": ['for="[2001:db8::7]:4711";proto=https, for=10.0.0.9']}
    assert client("10.9.9.9", get(fwd), nets) == ("2001:db8::7", True)
    assert client("127.0.0.1", get({}), nets) == ("127.0.0.1", False)
    bad = {"x-forwarded-for": ["not an address"]}
    assert client("127.0.0.1", get(bad), nets) == ("127.0.0.1", False)
    with pytest.raises(ValueError):
        parse_networks(["10.0.0.0/33"])


def test_behind_a_trusted_proxy_each_client_has_its_own_limits_and_https_cookies():
    core = CoreLimits(login_free=2, signup_burst=2)

    async def go() -> None:
        proxy = Limits(trusted_proxies=parse_networks(["127.0.0.1/32"]))
        async with served(limits=proxy, core_limits=core) as server:
            port = server.port

            def via(ip: str, proto: str = "http") -> str:
                return f"X-Forwarded-For: {ip}\r\nX-Forwarded-Proto: {proto}\r\n"

            # signups: each client behind the proxy has its own bucket (2 each here)
            for i in range(4):
                body = {"name": f"P{i}", "password": GOOD}
                s, h, _ = await http(port, post("/api/signup", body, via(f"198.51.100.{i}")))
                assert s == 201
            assert "Secure" not in h["set-cookie"]
            bad = {"name": "P0", "password": "wrong wrong"}
            for _ in range(2):
                assert (await http(port, post("/api/login", bad, via("203.0.113.66"))))[0] == 401
            assert (await http(port, post("/api/login", bad, via("203.0.113.66"))))[0] == 429
            ok = {"name": "P0", "password": GOOD}
            s, h, _ = await http(port, post("/api/login", ok, via("203.0.113.1", "https")))
            assert s == 200 and all("; Secure" in c for c in h["set-cookie"].split("\n"))
            # a proxy's own sockets are not counted as one address's
            assert server.shell.per_address == {}

        async with served(core_limits=core) as server:  # no trusted proxy: headers ignored
            port = server.port
            await http(port, post("/api/signup", {"name": "Q0", "password": GOOD}))
            bad = {"name": "Q0", "password": "wrong wrong"}
            for i in range(2):
                await http(port, post("/api/login", bad, via(f"203.0.113.{i}")))
            ok = {"name": "Q0", "password": GOOD}
            s, h, _ = await http(port, post("/api/login", ok, via("203.0.113.9", "https")))
            assert s == 429  # counted under the peer's own address, whatever it claims

    asyncio.run(go())


def test_behind_a_trusted_proxy_each_client_has_its_own_sockets_limit():
    """A proxy's sockets are not counted as one address's; each client behind it is, once its
    request names it (before, one client behind the proxy could take every socket)."""
    lim = Limits(trusted_proxies=parse_networks(["127.0.0.1"]), sockets_per_address=2)

    async def go() -> None:
        async with served(limits=lim) as server:

            async def upgrade(ip: str) -> tuple[int, Any]:
                r, w = await asyncio.open_connection("127.0.0.1", server.port)
                w.write(
                    (
                        "GET /ws HTTP/1.1\r\nHost: h\r\nUpgrade: websocket\r\n"
                        "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                        f"Sec-WebSocket-Version: 13\r\nX-Forwarded-For: {ip}\r\n\r\n"
                    ).encode()
                )
                head = await asyncio.wait_for(r.readuntil(b"\r\n\r\n"), 10)
                return int(head.split()[1]), w

            got = [await upgrade("198.51.100.7") for _ in range(3)]
            assert [s for s, _ in got] == [101, 101, 503]
            other, w = await upgrade("198.51.100.8")
            assert other == 101
            s, _, _ = await http(
                server.port,
                b"GET /api/me HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 198.51.100.7\r\n\r\n",
            )
            assert s == 503  # the HTTP API counts the same sockets
            for _, ws in [*got, (other, w)]:
                ws.close()

    asyncio.run(go())


# ------------------------------------------------------------------ 4. a logout ends the sockets
async def _account_socket(port: int, token: str) -> Any:
    ws = await websockets.connect(
        f"ws://127.0.0.1:{port}/ws", additional_headers={"Cookie": f"atout_session={token}"}
    )
    await ws.send(json.dumps({"cmd": "hello", "body": {"versions": [1], "name": "x"}, "id": 1}))
    welcome = json.loads(await ws.recv())
    return ws, welcome["body"]["account"]


async def _closed(ws: Any) -> tuple[list[dict[str, Any]], int | None]:
    """The messages a socket gets until it is closed, and its close code."""
    got = []
    with contextlib.suppress(websockets.ConnectionClosed):
        async with asyncio.timeout(10):
            while True:
                got.append(json.loads(await ws.recv()))
    return got, ws.close_code


def test_logout_closes_every_websocket_of_that_session_and_no_other():
    async def go() -> None:
        async with served() as server:
            port = server.port
            s, h, _ = await http(port, post("/api/signup", {"name": "Lou", "password": GOOD}))
            first = token_of(h)
            s, h, _ = await http(port, post("/api/login", {"name": "Lou", "password": GOOD}))
            other_device = token_of(h)
            tab1, who1 = await _account_socket(port, first)
            tab2, _ = await _account_socket(port, first)
            phone, _ = await _account_socket(port, other_device)
            assert who1 == "Lou"
            s, _, _ = await http(
                port, post("/api/logout", {}, f"Cookie: atout_session={first}\r\n")
            )
            assert s == 204
            for tab in (tab1, tab2):
                msgs, code = await _closed(tab)
                assert code == SESSION_ENDED
                assert msgs[-1]["cmd"] == "error"
                assert msgs[-1]["body"]["code"] == "account.logged_out"
            # the other device's session is another one: still the account's, still open
            await phone.send(json.dumps({"cmd": "ping", "body": {}, "id": 5}))
            assert json.loads(await phone.recv())["cmd"] == "pong"
            await phone.close()

    asyncio.run(go())


def test_a_logout_on_one_node_closes_the_sessions_sockets_on_another(pg_url, redis_url):
    async def go() -> None:
        lim = CoreLimits(min_bot_delay=0.0, bot_workers=0)
        a = await start(db=pg_url, node="a", bus=redis_url, core_limits=lim)
        b = await start(db=pg_url, node="b", bus=redis_url, core_limits=lim)
        try:
            s, h, _ = await http(a.port, post("/api/signup", {"name": "Noé", "password": GOOD}))
            token = token_of(h)
            on_b, who = await _account_socket(b.port, token)
            assert who == "Noé"
            for _ in range(100):  # a has seen b alive (its heartbeat)
                if "b" in a.shell.node.alive:
                    break
                await asyncio.sleep(0.05)
            s, _, _ = await http(
                a.port, post("/api/logout", {}, f"Cookie: atout_session={token}\r\n")
            )
            assert s == 204
            msgs, code = await _closed(on_b)
            assert code == SESSION_ENDED and msgs[-1]["body"]["code"] == "account.logged_out"
            # the bus lost it (or Redis was away): b still finds out from the database
            s, h, _ = await http(a.port, post("/api/login", {"name": "Noé", "password": GOOD}))
            token = token_of(h)
            on_b, _ = await _account_socket(b.port, token)
            a.store.conn.execute("DELETE FROM sessions")
            a.store.commit()
            msgs, code = await _closed(on_b)
            assert code == SESSION_ENDED
        finally:
            await a.close()
            await b.close()
            a.store.close()
            b.store.close()

    asyncio.run(go())
