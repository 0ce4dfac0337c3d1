"""What a node asks of the shared PostgreSQL database (db.NodeRows), against a real PostgreSQL
(no mock): the heartbeat, the lobby's shared listing, the hand-back of leases, the sessions
still alive, and who holds a table, asked from a worker thread on a connection of its own."""

from __future__ import annotations

import concurrent.futures
import threading

import psycopg
import pytest

from atout.server.storage.db import Listed
from atout.server.storage.pgstore import PostgresStore
from atout.server.storage.record import SeatRecord, TableRecord


@pytest.fixture
def nodes(pg_url: str):
    a = PostgresStore(pg_url, node="a")
    b = PostgresStore(pg_url, node="b")
    yield a, b
    for s in (a, b):
        s.close()


def _table(tid: str) -> TableRecord:
    return TableRecord(
        table=tid, game="q2j", players=2, seats=[SeatRecord(seat=0), SeatRecord(seat=1)]
    )


def _listed(tid: str, status: str = "waiting", created: float = 1.0, **kw: object) -> Listed:
    row = dict(
        table=tid, game="q2j", players=2, status=status, created=created, private=0, quick=0,
        free=1, info=f'{{"table":"{tid}"}}', bot_kind="",
    )  # fmt: skip
    row.update(kw)
    return Listed(**row)  # type: ignore[arg-type]


def test_each_node_sees_the_others_heartbeat(nodes) -> None:
    a, b = nodes
    assert a.heartbeat(1.0) == (set(), set())
    assert b.heartbeat(2.0) == ({"a"}, set())
    assert a.heartbeat(1.0) == ({"b"}, set())
    b.conn.execute("UPDATE nodes SET seen = seen - 60 WHERE name = 'b'")  # b stopped long ago
    b.conn.commit()
    assert a.heartbeat(1.0) == (set(), {"b"})


def test_the_listing_a_node_publishes_is_what_the_others_list(nodes) -> None:
    a, b = nodes
    a.create_table(_table("t1"))  # leased to a
    a.commit()  # (publish writes on the side connection: it commits nothing of the loop's)
    a.publish([_listed("t1", quick=1), _listed("t2", created=2.0)], [])
    b.publish([_listed("t3", created=0.5)], [])
    assert [i for _, i in b.listed("b", ["waiting"], None, None, 10)] == [
        '{"table":"t1"}',
        '{"table":"t2"}',
    ]
    assert [c for c, _ in a.listed("a", ["waiting", "playing"], "q2j", None, 10)] == [0.5]
    assert b.listed("b", ["waiting"], None, (1.0, "t1"), 10) == [(2.0, '{"table":"t2"}')]
    assert b.listed("b", ["playing"], None, None, 10) == []
    assert b.quick_listed("b", "q2j", 2, "") == ("t1", "a")  # t1's lease is live
    assert b.quick_listed("b", "q2j", 3, "") is None and a.quick_listed("a", "q2j", 2, "") is None
    a.publish([_listed("t2", status="playing", created=2.0)], ["t1"])
    assert b.listed("b", ["waiting", "playing"], None, None, 10) == [(2.0, '{"table":"t2"}')]
    assert b.quick_listed("b", "q2j", 2, "") is None


def test_a_node_that_stops_hands_its_leases_back_at_once(nodes) -> None:
    a, b = nodes
    a.create_table(_table("t1"))
    a.commit()
    b.heartbeat(0.0)
    assert b.owner_lookup("t1") == ("a", True) and b.owner_lookup("none") is None
    assert a.hand_back() == ["b"]
    assert b.owner_lookup("t1") == ("a", False)  # expired: b need not wait for it
    assert b.take_over() == ["t1"] and a.heartbeat(0.0) == ({"b"}, set())


def test_the_sessions_still_alive_on_the_database_clock(nodes) -> None:
    a, b = nodes
    alma = a.add_account("Alma", "alma", "h", 0.0, "aima", "AIma")
    a.add_session("live", alma, 0.0, 4e9)
    a.add_session("expired", alma, 0.0, 1.0)
    a.commit()
    assert b.live_sessions(["live", "expired", "unknown"]) == {"live"}
    assert b.live_sessions([]) == set()


def test_who_holds_a_table_is_asked_from_threads_while_the_loops_connection_is_busy(
    nodes,
) -> None:
    """The lookup has a connection of its own: it answers from worker threads while the loop's
    connection is inside a failed transaction (as after an error, before its rollback), and
    never touches that transaction."""
    a, b = nodes
    a.create_table(_table("t1"))
    a.commit()
    with pytest.raises(psycopg.errors.UndefinedTable):
        b.conn.execute("SELECT * FROM no_such_table")  # the loop's transaction is now aborted
    started = threading.Barrier(8)

    def ask(_: int) -> tuple[str, bool] | None:
        started.wait(10)
        return b.owner_lookup("t1")

    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        assert list(pool.map(ask, range(8))) == [("a", True)] * 8
    with pytest.raises(psycopg.errors.InFailedSqlTransaction):
        b.conn.execute("SELECT 1")  # untouched: still the loop's to roll back
    assert b.abandon() == set()
    assert b.conn.execute("SELECT 1").fetchone() == (1,)


def test_the_lookup_connects_again_after_losing_its_connection(nodes) -> None:
    a, b = nodes
    a.create_table(_table("t1"))
    a.commit()
    assert b.owner_lookup("t1") == ("a", True)
    b.side.conn.close()  # lost (PostgreSQL restarted, say)
    assert b.owner_lookup("t1") == ("a", True)
