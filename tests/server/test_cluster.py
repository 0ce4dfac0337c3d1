"""Several game master nodes on one PostgreSQL and one Redis (both real, started by the test
setup): one lobby for all, a client on node A playing a whole game at a table node B holds
(its frames routed over the bus), and a graceful stop handing the tables over."""

from __future__ import annotations

import asyncio
from typing import Any

from tests.server.test_recovery import Player, assert_kept

from atout.client import Client
from atout.protocol import messages as m
from atout.server.core.limits import CoreLimits
from atout.server.shell.ws import Server, start
from atout.server.storage import record as rec
from atout.server.storage.pgstore import PostgresStore

LIMITS = CoreLimits(min_bot_delay=0.0, bot_workers=0)


async def _nodes(pg_url: str, redis_url: str, *names: str) -> list[Server]:
    return [
        await start(db=pg_url, node=n, bus=redis_url, leak_guard=True, core_limits=LIMITS)
        for n in names
    ]


async def _two_seated(url: str, delay: float) -> tuple[list[Client], m.TableInfo, list[Player]]:
    """Alma and Bea connected to ``url``, seated at a new Q²J table, moving every ``delay`` s."""
    cs = [await Client.connect(url, n) for n in ("Alma", "Bea")]
    info = await cs[0].create_table("q2j", 2)
    ps = [Player("q2j", 0), Player("q2j", 1)]
    for p, c in zip(ps, cs, strict=True):
        p.delay, p.resumed, p.table = delay, 0, info.table
        p.token = (await c.join(info.table, seat=p.seat)).token
    return cs, info, ps


async def _until(check: Any, seconds: float = 10.0) -> Any:
    for _ in range(int(seconds / 0.05)):
        got = await check()
        if got:
            return got
        await asyncio.sleep(0.05)
    raise AssertionError("not in time")


def test_a_client_on_node_a_plays_a_whole_game_at_a_table_of_node_b(pg_url, redis_url) -> None:
    async def run() -> None:
        a, b = await _nodes(pg_url, redis_url, "a", "b")
        try:
            host = await Client.connect(b.url, "Bea")  # on B: the table is B's
            info = await host.create_table("q2j", 2)
            assert b.store.tokens == {info.table: 1} and a.store.tokens == {}
            guest = await Client.connect(a.url, "Alma")  # on A

            async def listed() -> Any:  # the shared lobby: A lists B's table
                return [t for t in await guest.list_tables() if t.table == info.table]

            (seen,) = await _until(listed)
            assert seen.status == "waiting" and seen.players == 2
            players = [Player("q2j", 0), Player("q2j", 1)]
            for p, c in zip(players, (guest, host), strict=True):
                p.table = info.table
                p.token = (await c.join(info.table, seat=p.seat)).token
            overs = await asyncio.wait_for(
                asyncio.gather(players[0].play(guest), players[1].play(host)), 60
            )
            assert overs[0].version == overs[1].version > 0
            assert a.shell.node.forwarded > 0 and b.shell.node.proxied > 0
            assert info.table not in a.core.tables  # it never left B
            health = a.shell.health()
            assert health["node"] == "a" and health["forwarded"] > 0
            for c in (guest, host):
                await c.close()
        finally:
            for s in (a, b):
                await s.close()
        store = PostgresStore(pg_url)
        record = store.load(info.table)
        assert record is not None and record.status == "finished"
        for p in players:  # every acknowledged move of both, in order
            for v, move in p.acked.items():
                assert record.moves[v - 1].move == move and record.moves[v - 1].seat == p.seat
        assert rec.verify(rec.export_record(record)) == []
        store.close()

    asyncio.run(asyncio.wait_for(run(), 90))


def test_quick_play_seats_a_player_of_node_a_at_the_waiting_table_of_node_b(
    pg_url, redis_url
) -> None:
    async def run() -> None:
        a, b = await _nodes(pg_url, redis_url, "a", "b")
        try:
            first = await Client.connect(b.url, "Bea")
            qp = m.QuickPlay(body=m.QuickPlayBody(game="q2j", players=2))
            mine = (await first.request(qp)).body  # type: ignore[attr-defined]
            assert mine.table in b.core.tables

            async def listed() -> bool:  # B's listing is published within half a second
                return a.core.lobby.directory.quick("q2j", 2, "moyen") is not None

            await _until(listed)
            assert a.core.lobby.directory.quick("q2j", 2, "fort") is None  # B's bots: moyen
            # another level: not B's table, a new one on A (whose bots will be of that level)
            third = await Client.connect(a.url, "Cyd")
            qp = m.QuickPlay(body=m.QuickPlayBody(game="q2j", players=2, level="fort"))
            strong = (await third.request(qp)).body  # type: ignore[attr-defined]
            assert strong.table != mine.table and list(a.core.tables) == [strong.table]
            assert a.core.tables[strong.table].settings.bot_kind == "fort"
            second = await Client.connect(a.url, "Alma")
            qp = m.QuickPlay(body=m.QuickPlayBody(game="q2j", players=2))
            theirs = (await second.request(qp)).body  # type: ignore[attr-defined]
            assert theirs.table == mine.table and theirs.seat != mine.seat
            assert list(a.core.tables) == [strong.table]  # routed to B: A opened no other
            for c in (first, second, third):
                await c.close()
        finally:
            for s in (a, b):
                await s.close()

    asyncio.run(asyncio.wait_for(run(), 60))


def test_a_graceful_stop_hands_the_tables_to_the_other_node(pg_url, redis_url) -> None:
    async def run() -> None:
        a, b = await _nodes(pg_url, redis_url, "a", "b")
        try:
            host = await Client.connect(b.url, "Bea")
            info = await host.create_table("q2j", 2)
            p0, p1 = Player("q2j", 0), Player("q2j", 1)
            guest = await Client.connect(a.url, "Alma")
            for p, c in ((p0, guest), (p1, host)):
                p.table = info.table
                p.token = (await c.join(info.table, seat=p.seat)).token
            await host.close()
            await b.close()  # B stops: its leases are given up, A is told at once

            async def taken() -> bool:
                return info.table in a.core.tables

            await _until(taken, 2)  # at B's word (Handover), else at A's next tick
            back = await Client.connect(a.url, "Bea")
            await back.resume(info.table, p1.token)
            again = await Client.connect(a.url, "Alma2")
            await again.resume(info.table, p0.token)
            overs = await asyncio.wait_for(asyncio.gather(p0.play(again), p1.play(back)), 60)
            assert overs[0].version > 0
            for c in (guest, back, again):
                await c.close()
        finally:
            await a.close()

    asyncio.run(asyncio.wait_for(run(), 90))


def test_postgresql_restarted_mid_game_the_node_reloads_its_tables(redis_url, tmp_path) -> None:
    """PostgreSQL goes away and comes back (its own cluster, restarted): the node's commit
    fails, so nothing of that batch is announced; the tables it wrote are dropped from memory
    and taken back from their records once PostgreSQL answers; the players resume and finish,
    with every acknowledged move in the record."""
    from tests.server.pgcluster import Cluster, _bin
    from tests.server.test_cluster_failover import play_through

    cluster = Cluster().start()
    try:
        url = cluster.new_db()

        async def run() -> tuple[str, list[Player]]:
            (a,) = await _nodes(url, redis_url, "a")
            try:
                cs, info, ps = await _two_seated(a.url, delay=0.02)
                games = asyncio.gather(
                    *(play_through(p, a.url, c) for p, c in zip(ps, cs, strict=True))
                )
                while sum(len(p.acked) for p in ps) < 4:
                    await asyncio.sleep(0.01)
                assert cluster.dir is not None
                d = cluster.dir
                restart = [_bin("pg_ctl"), "-D", f"{d}/data", "-l", f"{d}/log", "-m", "fast",
                           "-w", "restart"]  # fmt: skip
                await asyncio.to_thread(cluster._run, restart)
                await asyncio.wait_for(games, 60)
                assert sum(p.resumed for p in ps) > 0
                for c in cs:
                    await c.close()
            finally:
                await a.close()
            return info.table, ps

        tid, ps = asyncio.run(asyncio.wait_for(run(), 120))
        store = PostgresStore(url)
        record = store.load(tid)
        assert_kept(record, ps)
        assert rec.verify(rec.export_record(record)) == []
        store.close()
    finally:
        cluster.stop()


def test_a_stalled_node_that_lost_its_lease_writes_nothing_more(pg_url, redis_url) -> None:
    """Node A stalls (its ticks stop, so its leases are not renewed) and node B takes its table
    over; A's players' next moves reach A, which applies them in memory but cannot commit them
    (the token is stale): nothing is announced, A forgets the table and closes the connections,
    the players resume on B and finish; only what was acknowledged is in the record."""
    from tests.server.test_cluster_failover import play_through

    async def run() -> tuple[str, list[Player], Any]:
        a, b = await _nodes(pg_url, redis_url, "a", "b")
        try:
            cs, info, ps = await _two_seated(a.url, delay=0.05)
            a.shell.node._timer.cancel()  # A stalls: no renewal, no takeover
            games = asyncio.gather(
                *(play_through(p, b.url, c) for p, c in zip(ps, cs, strict=True))
            )
            while sum(len(p.acked) for p in ps) < 2:
                await asyncio.sleep(0.01)
            a.store.conn.execute(
                "UPDATE leases SET expires = 0 WHERE table_id = %s", (info.table,)
            )  # its lease runs out (as it would after 3 s)
            a.store.conn.commit()

            async def taken() -> bool:
                return info.table in b.core.tables

            await _until(taken, 5)
            await asyncio.wait_for(games, 60)
            assert info.table not in a.core.tables  # A forgot it at its refused commit
            assert a.shell.node.lost == 1 and b.shell.node.taken_over == 1
            assert sum(p.resumed for p in ps) > 0
        finally:
            for s in (a, b):
                await s.close()
        return info.table, ps, None

    tid, ps, _ = asyncio.run(asyncio.wait_for(run(), 90))
    store = PostgresStore(pg_url)
    record = store.load(tid)
    assert_kept(record, ps)
    assert rec.verify(rec.export_record(record)) == []
    store.close()
