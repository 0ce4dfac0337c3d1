"""The store: moves journaled append-only, finished tables read back whole, old databases moved."""

from __future__ import annotations

import sqlite3

from atout.server.storage import store as store_mod
from atout.server.storage.record import MoveRecord, SeatRecord, TableRecord
from atout.server.storage.store import SQLiteStore


def _head(tid: str) -> TableRecord:
    return TableRecord(
        table=tid,
        game="q2j",
        players=2,
        seats=[SeatRecord(seat=0, name="a"), SeatRecord(seat=1, name="b")],
        created=1.0,
    )


def _move(i: int) -> MoveRecord:
    return MoveRecord(seat=i % 2, move={"type": "play", "cards": [f"{i}H"]}, t=float(i))


def test_moves_round_trip_through_journal_and_finish(tmp_path, monkeypatch):
    monkeypatch.setattr(store_mod, "PRUNE_EVERY", 5)
    s = SQLiteStore(tmp_path / "a.db")
    s.create_table(_head("done"))
    s.create_table(_head("live"))
    s.start("done", "ab" * 16, "c" * 64, 2.0)
    s.start("live", "cd" * 16, "d" * 64, 2.0)
    done = [_move(i) for i in range(1, 8)]
    live = [_move(i) for i in range(1, 4)]
    for i, mv in enumerate(done, 1):
        s.add_move("done", i, mv)
    s.commit()
    for i, mv in enumerate(live, 1):
        s.add_move("live", i, mv)
    s.finish("done", {"winner": 0}, 3.0, done)
    s.commit()
    more = [_move(i) for i in range(4, 12)]
    for i, mv in enumerate(more, 4):  # enough rows to prune the finished table's journal
        s.add_move("live", i, mv)
    s.commit()
    ids = [r[0] for r in s.db.execute("SELECT table_id FROM journal")]
    assert "done" not in ids and ids.count("live") == len(live) + len(more)
    rec = s.load("done")
    assert rec is not None and rec.status == "finished" and rec.moves == done
    rec = s.load("live")
    assert rec is not None and rec.moves == live + more
    s.db.close()  # a crash: what was committed survives

    s2 = SQLiteStore(tmp_path / "a.db")
    (back,) = s2.unfinished()
    assert back.table == "live" and back.moves == live + more
    s2.add_move("live", len(back.moves) + 1, _move(99))
    rec = s2.load("live")  # an unwritten move is read back too
    assert rec is not None and rec.moves[-1] == _move(99)
    s2.close()


def test_database_with_the_old_moves_table_is_moved_over(tmp_path):
    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    schema = store_mod.SCHEMA.split("CREATE TABLE IF NOT EXISTS journal")[0]
    db.executescript(schema.replace("    rematch TEXT,\n    moves TEXT\n", "    rematch TEXT\n"))
    db.executescript(
        """CREATE TABLE moves (table_id TEXT NOT NULL, n INTEGER NOT NULL, seat INTEGER NOT NULL,
        move TEXT NOT NULL, t REAL NOT NULL, how TEXT NOT NULL, PRIMARY KEY (table_id, n))
        WITHOUT ROWID;"""
    )
    for tid, status in (("old1", "finished"), ("old2", "playing")):
        db.execute(
            "INSERT INTO tables (id, game, players, options, settings, status, created, seed)"
            " VALUES (?, 'q2j', 2, '{}', '{}', ?, 1.0, ?)",
            (tid, status, "ab" * 16),
        )
        for n in (2, 1):
            db.execute(
                "INSERT INTO moves VALUES (?, ?, ?, ?, ?, 'player')",
                (tid, n, n % 2, f'{{"type":"draw","n":{n}}}', float(n)),
            )
    db.commit()
    db.close()

    s = SQLiteStore(path)
    for tid in ("old1", "old2"):
        rec = s.load(tid)
        assert rec is not None
        assert [m.move["n"] for m in rec.moves] == [1, 2]
    assert [r.table for r in s.unfinished()] == ["old2"]
    assert not s.db.execute("SELECT 1 FROM sqlite_master WHERE name='moves'").fetchone()
    s.close()


def test_the_wal_is_checkpointed_off_the_writer_and_stays_bounded(tmp_path, monkeypatch):
    """The writer never runs SQLite's automatic checkpoint (wal_autocheckpoint=0): the
    checkpointer's thread copies the WAL back and the writer copies the short tail after each
    pass, so the log is reused from its start even while commits never stop."""
    monkeypatch.setattr(store_mod, "CHECKPOINT_COMMITS", 50)
    path = tmp_path / "w.db"
    s = SQLiteStore(path)
    assert s.db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0
    s.create_table(_head("t"))
    s.start("t", "ab" * 16, "c" * 64, 2.0)
    wal = tmp_path / "w.db-wal"
    ck = s.checkpointer
    assert ck is not None

    def restarts() -> int:
        """The WAL header's checkpoint sequence: +1 each time the log starts again from its
        beginning (what the tail copies make possible while commits never stop)."""
        with open(wal, "rb") as f:
            return int.from_bytes(f.read(16)[12:16], "big")

    n = 0
    first = None
    # Commits back to back, each of one move (at least one WAL page each), until the log has
    # started again from its beginning twice while they never stopped: the witness that it is
    # reused, not grown (a log never reused holds every page of every commit). How many commits
    # that takes depends on when the thread gets a core (~1,000 on an idle machine), so the loop
    # waits for it instead of counting on it; without the tail copies it never comes.
    while first is None or restarts() - first < 2:
        assert n < 200_000, ("the WAL never started again", ck.passes, restarts(), first)
        n += 1
        s.add_move("t", n, _move(n))
        s.commit()
        if first is None:
            first = restarts()
    assert ck.passes >= 1
    s.db.close()  # a crash (its thread dies with it): everything committed is there
    s.checkpointer.stop()
    s2 = SQLiteStore(path)
    (back,) = s2.unfinished()
    assert [m.t for m in back.moves] == [float(i) for i in range(1, n + 1)]
    s2.close()
    assert s2.checkpointer is not None and not s2.checkpointer.thread.is_alive()
    assert not wal.exists()  # the last connection's close checkpointed and removed it


def test_a_failed_checkpoint_or_a_dead_checkpointer_never_breaks_the_commits(tmp_path, monkeypatch):
    s = SQLiteStore(tmp_path / "f.db")
    s.create_table(_head("t"))
    s.start("t", "ab" * 16, "c" * 64, 2.0)
    s.add_move("t", 1, _move(1))
    s.add_move("t", 2, _move(2))
    s.commit()
    ck = s.checkpointer
    assert ck is not None
    # a read left open on the writer's connection makes its tail copy fail ("locked")
    cur = s.db.execute("SELECT id FROM journal")
    cur.fetchone()
    s._caught_up = ck.passes - 1  # as if a pass had just ended
    s.add_move("t", 3, _move(3))
    s.commit()  # the copy fails; the commit does not, and the next transaction is open
    cur.close()
    s.add_move("t", 4, _move(4))
    s.commit()
    assert [m.t for m in s.load("t").moves] == [1.0, 2.0, 3.0, 4.0]
    # the thread gone (here stopped; in life an error): SQLite's own checkpoint comes back
    ck.stop()
    monkeypatch.setattr(store_mod, "CHECKPOINT_COMMITS", 1)  # its turn comes at the next commit
    s.add_move("t", 5, _move(5))
    s.commit()
    assert s.checkpointer is None
    assert s.db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == store_mod.AUTO_CHECKPOINT
    s.add_move("t", 6, _move(6))
    s.commit()
    s.close()
    s2 = SQLiteStore(tmp_path / "f.db")
    assert [m.t for m in s2.unfinished()[0].moves] == [float(i) for i in range(1, 7)]
    s2.close()


def test_a_store_dropped_without_close_stops_its_thread(tmp_path):
    import gc

    s = SQLiteStore(tmp_path / "d.db")
    ck = s.checkpointer
    assert ck is not None and ck.thread.is_alive()
    del s
    gc.collect()
    ck.thread.join(5)
    assert not ck.thread.is_alive()
