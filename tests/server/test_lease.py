"""Leases with fencing, against a real PostgreSQL (no mock): a table is written only by the node
holding its lease; another node takes it over once the lease expires, with a newer token, and
from then on the old node's writes are refused by the database."""

from __future__ import annotations

import time

import pytest

from atout.server.storage.pgstore import LeaseLost, PostgresStore
from atout.server.storage.record import MoveRecord, SeatRecord, TableRecord

LEASE = 0.4  # seconds: short, so that a lease expires within the test


def _table(tid: str) -> TableRecord:
    return TableRecord(
        table=tid,
        game="q2j",
        players=2,
        options={},
        settings={},
        secret="5e" * 16,
        commitment="c0" * 32,
        seats=[SeatRecord(seat=0, name="Alma", token_hash="aa" * 32), SeatRecord(seat=1)],
        created=1.0,
    )


def _move(i: int) -> MoveRecord:
    return MoveRecord(seat=i % 2, move={"type": "draw", "i": i}, t=float(i), how="player")


@pytest.fixture
def nodes(pg_url: str):
    a = PostgresStore(pg_url, node="a", lease_seconds=LEASE)
    b = PostgresStore(pg_url, node="b", lease_seconds=LEASE)
    yield a, b
    for s in (a, b):
        s.conn.close()


def _playing(s: PostgresStore, tid: str) -> None:
    s.create_table(_table(tid))
    s.start(tid, "ab" * 16, "cd" * 32, 2.0)
    s.add_move(tid, 1, _move(1))
    s.commit()


def test_a_table_created_on_a_node_is_leased_to_it(nodes) -> None:
    a, b = nodes
    _playing(a, "t1")
    assert a.tokens == {"t1": 1}
    assert b.take_over() == []  # the lease runs: nobody else may take it
    assert a.renew() == set()


def test_takeover_after_expiry_and_the_stale_writer_is_refused(nodes) -> None:
    a, b = nodes
    _playing(a, "t1")
    _playing(a, "t2")
    time.sleep(LEASE + 0.1)  # a stalls: its leases expire
    assert sorted(b.take_over()) == ["t1", "t2"]
    assert b.tokens == {"t1": 2, "t2": 2}
    rec = b.load("t1")
    assert rec is not None and rec.moves == [_move(1)]  # the journal a committed is replayed

    a.add_move("t1", 2, _move(2))  # a wakes up and writes: refused, nothing written
    a.set_seat("t2", SeatRecord(seat=1, name="Bruno"))
    with pytest.raises(LeaseLost) as lost:
        a.commit()
    assert lost.value.tables == {"t1", "t2"}
    assert "t1" not in a.tokens
    assert b.load("t2").seats[1].name == ""  # type: ignore[union-attr]

    b.add_move("t1", 2, _move(20))  # the new owner writes move 2
    b.commit()
    rec = b.load("t1")
    assert rec is not None and rec.moves == [_move(1), _move(20)]
    assert a.renew() == set()  # a knows nothing more of them
    assert b.renew() == set()


def test_renewal_keeps_the_lease_and_a_lost_one_is_reported(nodes) -> None:
    a, b = nodes
    _playing(a, "t1")
    for _ in range(3):
        time.sleep(LEASE / 2)
        assert a.renew() == set()
        assert b.take_over() == []
    time.sleep(LEASE + 0.1)
    assert b.take_over() == ["t1"]
    assert a.renew() == {"t1"}  # a learns it lost the table at its next renewal


def test_a_restarted_node_takes_its_tables_back_with_a_new_token(pg_url: str) -> None:
    a = PostgresStore(pg_url, node="a", lease_seconds=LEASE)
    _playing(a, "t1")
    a2 = PostgresStore(pg_url, node="a", lease_seconds=LEASE)  # the same node started again
    recs = a2.unfinished()
    assert [r.table for r in recs] == ["t1"] and a2.tokens == {"t1": 2}
    a.add_move("t1", 2, _move(2))  # the old process, still running, is fenced
    with pytest.raises(LeaseLost):
        a.commit()
    for s in (a, a2):
        s.conn.close()


def test_tables_of_a_single_game_master_are_taken_by_the_first_node(pg_url: str) -> None:
    single = PostgresStore(pg_url)
    _playing(single, "t1")
    single.close()
    a = PostgresStore(pg_url, node="a", lease_seconds=LEASE)
    assert [r.table for r in a.unfinished()] == ["t1"]
    a.add_move("t1", 2, _move(2))
    a.commit()
    assert a.load("t1").moves == [_move(1), _move(2)]  # type: ignore[union-attr]
    a.close()
