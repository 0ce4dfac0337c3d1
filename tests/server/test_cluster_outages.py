"""Two nodes whose dependencies blink (issue 28), each with a Redis or a PostgreSQL of its own
that the test stops and starts again: while Redis is away each node keeps playing the tables it
holds, a frame for another node's table is refused at once with a retryable ``node.unavailable``
and ``/health`` says "degraded" and why; once Redis is back everything works again by itself.
PostgreSQL away: a table the node cannot look up gets ``store.unavailable`` (saving is paused),
``/health`` says so, and the node is "ok" again once PostgreSQL answers."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any, TypeVar

import pytest
from tests.server.harness import players_for
from tests.server.netutil import http, post
from tests.server.pgcluster import Cluster
from tests.server.pgcluster import Unavailable as PgUnavailable
from tests.server.rediscluster import RedisServer, Unavailable
from tests.server.test_cluster import _nodes, _until
from tests.server.test_recovery import Player

from atout.client import Client, ClientError

LOGIN = {"name": "pat", "password": "correct horse battery"}
S = TypeVar("S", RedisServer, Cluster)


def killable(server: S) -> S:
    """``server`` started for this test alone, which may kill or stop it (skipped: none can
    start, or it is the environment's, ``ATOUT_TEST_REDIS`` or ``ATOUT_TEST_PG``)."""
    try:
        server.start()
    except (Unavailable, PgUnavailable) as e:
        pytest.skip(str(e))
    if server.dir is None:  # no folder of its own: the environment's server
        pytest.skip(f"{server.url.split(':')[0]} of the environment: not stopped by a test")
    return server


async def _refused(c: Client, table: str) -> tuple[str, dict[str, Any], float]:
    """The code, detail and answer time of a ``watch`` of ``table`` that must be refused."""
    t0 = time.monotonic()
    with pytest.raises(ClientError) as e:
        await c.watch(table)
    return e.value.code, e.value.detail, time.monotonic() - t0


async def _refused_raw(url: str, table: str) -> tuple[str, dict[str, Any], float]:
    """The same by a bare WebSocket (the client library sends a retryable refusal again by
    itself): the first answer, and how long it took."""
    from websockets.asyncio.client import connect

    async with connect(url) as ws:
        hello = {"cmd": "hello", "id": 1, "body": {"versions": [1], "name": "Raw"}}
        await ws.send(json.dumps(hello))
        assert json.loads(await ws.recv())["cmd"] == "welcome"
        t0 = time.monotonic()
        await ws.send(json.dumps({"cmd": "watch", "id": 2, "body": {"table": table}}))
        while True:
            msg = json.loads(await ws.recv())
            if msg.get("id") == 2:
                assert msg["cmd"] == "error", msg
                return msg["body"]["code"], msg["body"]["detail"], time.monotonic() - t0


async def _play(url: str, game: str) -> Any:
    """A whole game of random players, all connected to ``url``."""
    n = players_for(game)
    cs = [await Client.connect(url, f"p{i}") for i in range(n)]
    info = await cs[0].create_table(game, n)
    ps = [Player(game, i) for i in range(n)]
    for p, c in zip(ps, cs, strict=True):
        p.table = info.table
        p.token = (await c.join(info.table, seat=p.seat)).token
    overs = await asyncio.wait_for(
        asyncio.gather(*(p.play(c) for p, c in zip(ps, cs, strict=True))), 60
    )
    for c in cs:
        await c.close()
    return overs[0]


def test_redis_away_each_node_plays_its_own_tables_and_refuses_the_others(pg_url: str) -> None:
    server = killable(RedisServer())

    async def run() -> None:
        a, b = await _nodes(pg_url, server.url + "/0", "a", "b")
        try:
            host = await Client.connect(b.url, "Host")
            theirs = await host.create_table("q2j", 2)  # B's table
            seen = await Client.connect(a.url, "Watcher")
            await seen.watch(theirs.table)  # routed over the bus to B: it works
            assert a.shell.health()["status"] == "ok"

            assert server.proc is not None
            server.proc.kill()  # SIGKILL
            server.proc.wait()

            async def degraded() -> bool:
                h = a.shell.health()
                return h["status"] == "degraded" and any("bus" in r for r in h["reasons"])

            await _until(degraded, 10)
            other = await Client.connect(a.url, "Other")
            code, detail, took = await _refused_raw(a.url, theirs.table)
            assert code == "node.unavailable" and detail["retry_after"] > 0
            assert took < 2.0, f"refused after {took:.1f} s"
            over = await _play(a.url, "q2j")  # A's own tables play on without the bus
            assert over.result is not None

            await asyncio.to_thread(server.restart)

            async def healthy() -> bool:
                return a.shell.health()["status"] == "ok" and b.shell.health()["status"] == "ok"

            await _until(healthy, 15)

            async def routed() -> bool:
                try:
                    await other.watch(theirs.table)
                except ClientError as e:
                    assert e.code == "node.unavailable", e
                    return False
                return True

            await _until(routed, 10)  # the bus works again: B's table is reached from A
            for c in (host, seen, other):
                await c.close()
        finally:
            for s in (a, b):
                await s.close()

    try:
        asyncio.run(asyncio.wait_for(run(), 120))
    finally:
        server.stop()


def test_postgresql_away_saving_is_paused_and_said(redis_url: str) -> None:
    cluster = killable(Cluster())
    try:
        url = cluster.new_db()

        async def run() -> None:
            (a,) = await _nodes(url, redis_url, "a")
            try:
                c = await Client.connect(a.url, "Pat")
                await asyncio.to_thread(cluster.pause)

                async def degraded() -> bool:
                    h = a.shell.health()
                    return h["status"] == "degraded" and any("store" in r for r in h["reasons"])

                await _until(degraded, 10)
                code, detail, _ = await _refused(c, "Tnotinmemory")
                assert code == "store.unavailable" and detail["retry_after"] > 0
                # the HTTP API too: 503 with a Retry-After, not a 500 and a traceback
                status, headers, body = await http(a.port, post("/api/login", LOGIN))
                assert status == 503 and int(headers["retry-after"]) > 0, (status, body)
                status, headers, _ = await http(a.port, b"GET /api/me HTTP/1.1\r\nHost: x\r\n\r\n")
                assert status in (401, 503), status  # no session: nothing to read, or away
                await asyncio.to_thread(cluster.resume)

                async def healthy() -> bool:
                    return a.shell.health()["status"] == "ok"

                await _until(healthy, 15)
                code, _, _ = await _refused(c, "Tnotinmemory")
                assert code == "lobby.unknown_table"  # looked up again: it does not exist
                await c.close()
            finally:
                await a.close()

        asyncio.run(asyncio.wait_for(run(), 90))
    finally:
        cluster.stop()
