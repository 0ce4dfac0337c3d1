"""The game master's database in SQLite (WAL), its embedded default: the first implementation of
:class:`~atout.server.storage.db.Database` (tables, seats and moves, accounts, ratings, the login limits'
counters), written before anything is announced.

A table's record (game, options, secret, seats and their nonces, seed, moves) is its journal:
the state is never stored, it is the replay of the record (:func:`atout.server.storage.record.replay`).
A core without a database file uses ``SQLiteStore(":memory:")``: the same code path.

The game master calls the write methods as things happen; the shell calls :meth:`SQLiteStore.commit`
before it sends the resulting frames, so several moves arriving together share one commit
(group commit) and nothing is ever announced that a crash could lose. With ``synchronous=NORMAL``
in WAL mode a commit survives the process being killed; ``--sync full`` also survives power loss.

What SQLite shares with PostgreSQL is in :mod:`atout.server.storage.sqlbase` (``?`` placeholders here);
here is SQLite's own: the journal, the schema's upgrade (``PRAGMA user_version``), the layouts
older than the versioned migrations, the WAL's checkpoints and the online backup.

Moves go to an append-only ``journal`` (rowid order, no secondary index) so that a commit of
moves from many tables writes one or two pages, not one page per table as a table keyed by
(table, n) did (measured: ~35 µs of WAL writing per move, whatever the batch). A finished
table's moves are copied into its ``tables`` row (``moves``, one JSON list): that is what
:meth:`SQLiteStore.load` reads back. The journal is then only needed for unfinished tables (crash
recovery), and its prefix older than every unfinished table's first move is deleted from time
to time.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import weakref
from pathlib import Path
from typing import Any

from atout.protocol.status import Status
from atout.server.storage.db import TableStore as TableStore  # where core, table and ws find it
from atout.server.storage.migrations import SQLITE, V0, pending
from atout.server.storage.record import MoveRecord
from atout.server.storage.sqlbase import Sql, SqlStore, _dec, _enc

SCHEMA = "".join(SQLITE.sql(sql) + ";\n" for sql in V0)  # version 0, created if missing
PRUNE_EVERY = 2_000  # journal rows between two prunings of its prefix (~0.4 ms each)
#: Commits between two checkpoints of the WAL (each commit appends a page or two: about
#: SQLite's own automatic checkpoint, 1000 pages), and the longest wait between two.
CHECKPOINT_COMMITS = 500
CHECKPOINT_SECONDS = 1.0
AUTO_CHECKPOINT = 1000  # SQLite's own default, back in force if the checkpointer dies
SYNC_MODES = ("NORMAL", "FULL")  # SQLite synchronous: survives a crash / a power loss

log = logging.getLogger("atout.server")


class Checkpointer:
    """Copies the WAL back into the database file on a thread of its own, with its own
    connection, so that the game master's loop does not wait for it: SQLite's automatic
    checkpoint ran inside a commit and stalled the loop 4-7 ms every ~1000 commits (the paced
    load's p99, bench/RESULTS.md). ``sqlite3`` releases the GIL while SQLite works, and a
    PASSIVE checkpoint never blocks the writer.

    That alone lets the WAL grow without end while commits keep coming (115 MB/s in a tight
    loop): SQLite reuses the log from its start only when a write transaction begins with the
    whole log copied back, and commits made during a pass always leave a tail. So after each
    pass (``passes``) the writer copies that short tail itself, between its COMMIT and its next
    BEGIN (:meth:`SQLiteStore.commit`), and its next write restarts the log."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.wake = threading.Event()
        self.stopping = False
        self.passes = 0  # checkpoints done
        self.thread = threading.Thread(target=self._run, name="atout-checkpoint", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        except Exception as e:  # the writer sees the thread gone and checkpoints itself
            log.warning("WAL checkpointer not started: %s", e)
            return
        failing = ""
        try:
            while not self.stopping:
                self.wake.wait(CHECKPOINT_SECONDS)
                self.wake.clear()
                if self.stopping:
                    break
                try:
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
                    self.passes += 1
                    failing = ""
                except Exception as e:  # an I/O error (a full disk): the next turn tries again
                    if str(e) != failing:
                        failing = str(e)
                        log.warning("WAL checkpoint failed: %s", e)
        finally:
            db.close()

    def request_stop(self) -> None:
        self.stopping = True
        self.wake.set()

    def stop(self) -> None:
        self.request_stop()
        self.thread.join()


class SQLiteStore(SqlStore):
    """A :class:`~atout.server.storage.db.Database` in one SQLite file (or ``":memory:"``). Not
    thread-safe: the game master's loop owns it."""

    sql = Sql("?")

    def __init__(self, path: str | Path, synchronous: str = "NORMAL") -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        # the statements run as sqlite3 runs them: a failing one is undone alone in SQLite
        self._run = self._alone = self.db.execute
        self._alone_many = self.db.executemany
        self.db.execute("PRAGMA journal_mode=WAL")
        if synchronous.upper() not in SYNC_MODES:  # it goes into a PRAGMA as it is
            raise ValueError(f"synchronous={synchronous!r}: one of {', '.join(SYNC_MODES)}")
        self.db.execute(f"PRAGMA synchronous={synchronous}")
        self.db.executescript(SCHEMA)
        self.db.execute("BEGIN")
        self._legacy()
        self.migrated = self._upgrade()  # versioned steps (schema version 1 on)
        self._rows: list[tuple[Any, ...]] = []  # journal rows written at the next commit
        self._next_id = self.db.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM journal").fetchone()[
            0
        ]
        # first journal row of each unfinished table: the journal is kept from the smallest on
        self._first: dict[str, int] = dict(
            self.db.execute(
                "SELECT j.table_id, MIN(j.id) FROM journal j JOIN tables t ON t.id = j.table_id"
                " WHERE t.status IN ('waiting', 'playing') GROUP BY j.table_id"
            ).fetchall()
        )
        self._appended = 0
        self.db.execute("COMMIT")  # the upgrades, if any, before anything else is written
        self.checkpointer: Checkpointer | None = None
        self._commits = 0
        self._caught_up = 0  # the checkpointer's pass whose tail this connection copied
        if self.path != ":memory:":
            self.db.execute("PRAGMA wal_autocheckpoint=0")  # the checkpointer's thread does it
            self.checkpointer = Checkpointer(self.path)
            # a store dropped without close() must not leave its thread behind
            weakref.finalize(self, self.checkpointer.request_stop)
        self.db.execute("BEGIN")
        self.dirty = False

    def version(self) -> int:
        """The schema's version (``PRAGMA user_version``)."""
        return int(self.db.execute("PRAGMA user_version").fetchone()[0])

    def _upgrade(self) -> list[int]:
        """Apply every step of :data:`~atout.server.storage.migrations.MIGRATIONS` above the database's
        version, in the open transaction (``PRAGMA user_version`` is transactional: a failed
        upgrade leaves the old version). Returns the versions applied. Raises
        :class:`~atout.server.storage.migrations.SchemaTooNew` for a newer database."""
        done = []
        for v, _what, steps in pending(self.version()):
            for step in steps:
                if callable(step):  # a step in Python (migrations.V8's backfill)
                    step(self.db.cursor(), SQLITE)
                else:
                    self.db.execute(SQLITE.sql(step))
            self.db.execute(f"PRAGMA user_version={v}")
            done.append(v)
        return done

    def _legacy(self) -> None:
        """Databases older than the versioned migrations (:mod:`atout.server.storage.migrations`): add
        ``tables.moves`` and move ``moves`` over (before the journal); add the columns of fair deals (``tables.secret``, ``tables.next_secret``,
        ``seats.nonce``, ``seats.nonce_by``: NULL for format-1 tables)."""
        cols = {r[1] for r in self.db.execute("PRAGMA table_info(tables)")}
        for col in ("moves", "secret", "next_secret"):
            if col not in cols:
                self.db.execute(f"ALTER TABLE tables ADD COLUMN {col} TEXT")
                self.dirty = True
        seat_cols = {r[1] for r in self.db.execute("PRAGMA table_info(seats)")}
        for col in ("nonce", "nonce_by"):
            if col not in seat_cols:
                self.db.execute(f"ALTER TABLE seats ADD COLUMN {col} TEXT")
                self.dirty = True
        if not self.db.execute(
            "SELECT 1 FROM sqlite_master WHERE type='table' AND name='moves'"
        ).fetchone():
            return
        rows = self.db.execute(
            "SELECT m.table_id, m.n, m.seat, m.move, m.t, m.how, t.status FROM moves m"
            " JOIN tables t ON t.id = m.table_id ORDER BY m.table_id, m.n"
        ).fetchall()
        done: dict[str, list[MoveRecord]] = {}
        n = self.db.execute("SELECT COALESCE(MAX(id), 0) FROM journal").fetchone()[0]
        for tid, k, seat, move, t, how, status in rows:
            if status == Status.FINISHED:
                mv = MoveRecord(seat=seat, move=_dec.decode(move), t=t, how=how)
                done.setdefault(tid, []).append(mv)
            else:
                n += 1
                self.db.execute(
                    "INSERT INTO journal VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (n, tid, k, seat, move, t, how),
                )
        for tid, moves in done.items():
            self.db.execute("UPDATE tables SET moves=? WHERE id=?", (_enc.encode(moves), tid))
        self.db.execute("DROP TABLE moves")
        self.dirty = True

    # -- the journal: append-only, its prefix pruned ----------------------------------------
    def add_move(self, table: str, n: int, m: MoveRecord) -> None:
        """Queue move ``n`` (1-based) of ``table``; it is written by the next :meth:`commit`."""
        jid = self._next_id
        self._next_id = jid + 1
        self._rows.append((jid, table, n, m.seat, _enc.encode(m.move), m.t, m.how))
        if table not in self._first:
            self._first[table] = jid
        self.dirty = True

    def _ended(self, table: str) -> None:
        self._first.pop(table, None)

    def _write_rows(self) -> None:
        rows = self._rows
        if rows:
            self._rows = []
            self.db.executemany("INSERT INTO journal VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
            self._appended += len(rows)
            if self._appended >= PRUNE_EVERY:
                self._appended = 0
                low = min(self._first.values(), default=self._next_id)
                self.db.execute("DELETE FROM journal WHERE id < ?", (low,))

    def commit(self) -> None:
        """Make everything written so far durable. Call before announcing it."""
        if self.dirty:
            self._write_rows()
            self.db.execute("COMMIT")
            self.dirty = False
            try:
                if self.checkpointer is not None:
                    self._checkpoint_turn(self.checkpointer)
            finally:
                self.db.execute("BEGIN")

    def _checkpoint_turn(self, ck: Checkpointer) -> None:
        """After a commit: copy the tail a finished pass left, wake the thread every
        ``CHECKPOINT_COMMITS``; a thread that died hands checkpoints back to SQLite."""
        if ck.passes != self._caught_up:  # a pass ended: copy the tail it left
            self._caught_up = ck.passes
            try:
                self.db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
            except sqlite3.Error as e:  # a full disk, a read still open: after the next pass
                log.warning("WAL checkpoint (tail) failed: %s", e)
        self._commits += 1
        if self._commits < CHECKPOINT_COMMITS:
            return
        self._commits = 0
        if not ck.thread.is_alive():  # checked when it is due, not at every commit
            log.warning("WAL checkpointer stopped: SQLite checkpoints in the commits again")
            self.checkpointer = None
            self.db.execute(f"PRAGMA wal_autocheckpoint={AUTO_CHECKPOINT}")
            return
        ck.wake.set()

    def close(self) -> None:
        self.commit()
        self.db.execute("COMMIT")
        if self.checkpointer is not None:
            self.checkpointer.stop()  # then the last connection's close checkpoints the rest
        self.db.close()


Store = SQLiteStore  # the name bench/ scripts use


def backup(src: str | Path, dest: str | Path) -> int:
    """A consistent copy of the database ``src`` at ``dest`` with SQLite's online backup API,
    safe while a game master writes to it (the copy is one committed state; in WAL mode the
    writer is not blocked). Returns the pages copied."""
    source = sqlite3.connect(str(src))
    target = sqlite3.connect(str(dest))
    copied = 0

    def progress(status: int, remaining: int, total: int) -> None:
        nonlocal copied
        copied = total

    try:
        with target:
            source.backup(target, pages=1024, progress=progress)
        target.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
    finally:
        target.close()
        source.close()
    return copied
