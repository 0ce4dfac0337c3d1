"""Failover: two ``atout serve --node`` processes on one PostgreSQL and one Redis (real ones,
started by the test setup); node B is SIGKILLed while its tables are being played, by players
connected to both nodes. Node A takes B's tables over within seconds, the players resume with
their seat tokens on A and finish; no acknowledged move is lost or applied twice, and
``atout verify`` passes every record."""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

from tests.server.harness import game_ids, players_for
from tests.server.test_recovery import Player, assert_kept
from websockets.exceptions import ConnectionClosed

from atout.client import Client, ClientError
from atout.server.child import spawn
from atout.server.storage import record as rec
from atout.server.storage.pgstore import PostgresStore

TABLES_PER_GAME = 2


def start_node(name: str, pg: str, bus: str, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    """``atout serve`` as node ``name``; its process and WebSocket URL (its log in ``log``)."""
    limits = ("min_bot_delay=0", "conn_rate=1000", "conn_burst=1000")
    args = ("--db", pg, "--bus", bus, "--node", name, *(a for x in limits for a in ("--limit", x)))
    return spawn(*args, log=log)


async def play_through(p: Player, url: str, first: Client) -> Any:
    """Play ``p``'s seat to the end; whenever the connection is lost, connect to ``url`` (the
    surviving node) and resume with the seat token."""
    c = first
    for _ in range(20):
        try:
            return await p.play(c)
        except (ConnectionError, ClientError, OSError, TimeoutError, ConnectionClosed):
            pass  # closed by the node (its table moved), or refused as it moved: resume
        await c.close()
        for attempt in range(40):  # the table may be on its way to this node
            await asyncio.sleep(0.05 * min(attempt + 1, 5))
            try:
                c = await Client.connect(url, f"back{p.seat}{p.table[:4]}")
            except (ClientError, ConnectionError, ConnectionClosed, OSError):
                continue  # the node cannot answer yet (its database is away)
            try:
                await c.resume(p.table, p.token, version=p.seen)
                break
            except (ClientError, ConnectionError, ConnectionClosed):
                await c.close()
        p.resumed += 1
    raise AssertionError("resumed too often")


def test_sigkill_of_a_node_mid_game_its_tables_finish_on_the_other(
    pg_url: str, redis_url: str, tmp_path: Path
) -> None:
    async def run() -> tuple[list[str], float]:
        a, url_a = start_node("a", pg_url, redis_url, tmp_path / "a.log")
        b, url_b = start_node("b", pg_url, redis_url, tmp_path / "b.log")
        tables: dict[str, list[Player]] = {}
        tasks = []
        try:
            k = 0
            for gid in game_ids():
                for _ in range(TABLES_PER_GAME):
                    n = players_for(gid)
                    # every table is B's; its players are on both nodes
                    urls = [url_b if (i + k) % 2 else url_a for i in range(n)]
                    k += 1
                    cs = [await Client.connect(u, f"{gid}{i}") for i, u in enumerate(urls)]
                    info = await cs[[u == url_b for u in urls].index(True)].create_table(gid, n)
                    ps = [Player(gid, i) for i in range(n)]
                    for p, c in zip(ps, cs, strict=True):
                        p.delay = 0.01
                        p.resumed = 0
                        p.table = info.table
                        p.token = (await c.join(info.table, seat=p.seat)).token
                        tasks.append(asyncio.create_task(play_through(p, url_a, c)))
                    tables[info.table] = ps
            store = PostgresStore(pg_url)
            owners = dict(store.conn.execute("SELECT table_id, node FROM leases").fetchall())
            assert all(owners[t] == "b" for t in tables)
            for _ in range(1000):  # kill once every table is under way
                if all(sum(len(p.acked) for p in ps) >= 4 for ps in tables.values()):
                    break
                await asyncio.sleep(0.01)
            b.send_signal(signal.SIGKILL)
            killed = time.monotonic()
            b.wait()
            taken = None
            while time.monotonic() - killed < 15:  # until A holds every table left
                live = store.conn.execute(
                    "SELECT count(*) FROM leases l JOIN tables t ON t.id = l.table_id"
                    " WHERE t.status = 'playing' AND l.node = 'b'"
                ).fetchone()[0]
                store.conn.commit()
                if live == 0:
                    taken = time.monotonic() - killed
                    break
                await asyncio.sleep(0.05)
            assert taken is not None, "node A did not take the tables over"
            assert any(
                store.load(t).status == "playing"  # type: ignore[union-attr]
                for t in tables
            ), "killed too late"
            store.close()
            overs = await asyncio.wait_for(asyncio.gather(*tasks), 120)
        finally:
            b.kill()
            a.send_signal(signal.SIGTERM)
            a.wait(timeout=20)
        assert sum(p.resumed for ps in tables.values() for p in ps) > 0
        assert len(overs) == sum(len(ps) for ps in tables.values())
        store = PostgresStore(pg_url)
        for tid, ps in tables.items():
            record = store.load(tid)
            assert_kept(record, ps)
            assert rec.verify(rec.export_record(record)) == []
        assert store.unfinished() == []
        store.close()
        return list(tables), taken

    tables, taken = asyncio.run(asyncio.wait_for(run(), 240))
    # liveness only: the time it takes is measured by bench/nodes.py (RESULTS: median 2.95 s,
    # max 3.24 s over 10 kills), not asserted on a loaded machine
    assert taken < 30.0, f"failover took {taken:.1f} s"
    from typer.testing import CliRunner

    from atout.cli import app

    out = tmp_path / "records.json"
    runner = CliRunner()
    done = runner.invoke(app, ["export", "--db", pg_url, "--out", str(out)])
    assert done.exit_code == 0, done.output
    assert set(tables) <= {r["table"] for r in json.loads(out.read_text())}
    checked = runner.invoke(app, ["verify", str(out)])
    assert checked.exit_code == 0, checked.output
