"""``GET /metrics`` scraped from real game masters and read with prometheus_client's own parser:
one server after a whole game and a refused login, and two nodes on PostgreSQL and Redis
(issue 28, "operators' basics")."""

from __future__ import annotations

import asyncio
from typing import Any

from prometheus_client.parser import text_string_to_metric_families
from tests.server.netutil import http, post, served, until
from tests.server.test_cluster import _nodes
from tests.server.test_recovery import Player

from atout.client import Client
from atout.server.core.limits import CoreLimits

LIMITS = CoreLimits(min_bot_delay=0.0, bot_workers=0)


async def scrape(port: int) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of ``GET /metrics`` by (name, sorted labels), parsed by the client library."""
    status, headers, body = await http(port, b"GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n")
    assert status == 200, (status, body)
    assert headers["content-type"].startswith("text/plain; version=0.0.4")
    samples = {}
    for family in text_string_to_metric_families(body.decode()):
        for s in family.samples:
            samples[s.name, tuple(sorted(s.labels.items()))] = s.value
    return samples


def one(samples: dict[Any, float], name: str, **labels: str) -> float:
    return samples[name, tuple(sorted(labels.items()))]


def test_metrics_of_a_server_after_a_game_and_a_wrong_password() -> None:
    async def go() -> None:
        async with served(core_limits=LIMITS) as server:
            cs = [await Client.connect(server.url, n) for n in ("Alma", "Bea")]
            info = await cs[0].create_table("q2j", 2)
            ps = [Player("q2j", 0), Player("q2j", 1)]
            for p, c in zip(ps, cs, strict=True):
                p.table = info.table
                p.token = (await c.join(info.table, seat=p.seat)).token
            games = (p.play(c) for p, c in zip(ps, cs, strict=True))
            await asyncio.wait_for(asyncio.gather(*games), 60)
            wrong = {"name": "Alma", "password": "not her password"}
            assert (await http(server.port, post("/api/login", wrong)))[0] == 401

            got = await scrape(server.port)
            record = server.store.load(info.table)
            assert record is not None and record.status == "finished"
            played = sum(len(p.acked) for p in ps)
            assert one(got, "atout_moves_total") == len(record.moves) == played > 0
            # every move was a player's frame: each timed from its read to its answer written
            assert one(got, "atout_move_latency_seconds_count") == played
            assert 0 < one(got, "atout_move_latency_seconds_sum") < played * 5
            assert one(got, "atout_move_latency_seconds_bucket", le="+Inf") == played
            assert one(got, "atout_store_commit_seconds_count") >= played  # each move written
            assert one(got, "atout_store_commit_seconds_sum") > 0
            assert one(got, "atout_connections") == 2
            assert one(got, "atout_sockets") >= 3  # and the scrape's own
            assert one(got, "atout_tables", status="finished") == 1
            assert one(got, "atout_tables", status="playing") == 0
            assert one(got, "atout_rejected_logins_total", reason="bad_login") == 1
            assert one(got, "atout_rejected_logins_total", reason="rate_limited") == 0
            assert not any(name.startswith("atout_leases") for name, _ in got)  # not a node
            for c in cs:
                await c.close()
            await until(lambda: not server.shell.conns, "the clients' close")
            assert one(await scrape(server.port), "atout_connections") == 0

    asyncio.run(asyncio.wait_for(go(), 90))


def test_each_node_exports_its_leases_bus_and_forwarded_frames(pg_url, redis_url) -> None:
    async def go() -> None:
        a, b = await _nodes(pg_url, redis_url, "a", "b")
        try:
            host = await Client.connect(b.url, "Bea")  # the table is B's
            info = await host.create_table("q2j", 2)
            guest = await Client.connect(a.url, "Alma")  # A forwards her frames to B
            await guest.join(info.table, seat=0)
            ga, gb = await scrape(a.port), await scrape(b.port)
            assert one(gb, "atout_leases") == 1 and one(ga, "atout_leases") == 0
            assert one(ga, "atout_bus_up") == one(gb, "atout_bus_up") == 1
            assert one(ga, "atout_frames_forwarded_total") == a.shell.node.forwarded > 0
            assert one(gb, "atout_frames_proxied_total") == b.shell.node.proxied > 0
            for g in (ga, gb):
                assert one(g, "atout_takeovers_total") == 0
                assert one(g, "atout_tables_lost_total") == 0
            assert one(gb, "atout_tables", status="waiting") == 1
            node = a.shell.node
            await until(lambda: node.bus_lag is not None, "a bus echo", 15)
            assert 0 <= one(await scrape(a.port), "atout_bus_lag_seconds") < 5
            assert a.shell.health()["status"] == "ok"
            for c in (guest, host):
                await c.close()
        finally:
            for s in (a, b):
                await s.close()

    asyncio.run(asyncio.wait_for(go(), 60))
