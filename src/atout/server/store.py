"""The game master's store: one interface (:class:`TableStore`), SQLite (WAL) its first
implementation; tables, seats and moves, written before anything is announced.

A table's record (game, options, secret, seats and their nonces, seed, moves) is its journal:
the state is never stored, it is the replay of the record (:func:`atout.server.record.replay`).
A core without a database file uses ``SQLiteStore(":memory:")``: the same code path.

The game master calls the write methods as things happen; the shell calls :meth:`TableStore.commit`
before it sends the resulting frames, so several moves arriving together share one commit
(group commit) and nothing is ever announced that a crash could lose. With ``synchronous=NORMAL``
in WAL mode a commit survives the process being killed; ``--sync full`` also survives power loss.

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
from typing import Any, Protocol

import msgspec

from atout.server import migrations
from atout.server.migrations import SQLITE, V0
from atout.server.record import (
    RECORD_FORMAT,
    RECORD_FORMAT_1,
    MoveRecord,
    SeatRecord,
    TableRecord,
)

SCHEMA = "".join(SQLITE.sql(sql) + ";\n" for sql in V0)  # version 0, created if missing
_COLUMNS = (
    "id, game, players, options, settings, status, created, started, finished,"
    " seed, commitment, result, rematch_of, rematch, moves, secret, next_secret, record_format"
)
_SEAT_COLUMNS = "seat, name, bot, token_hash, nonce, nonce_by, account, nonce_commitment"
PRUNE_EVERY = 2_000  # journal rows between two prunings of its prefix (~0.4 ms each)
#: Commits between two checkpoints of the WAL (each commit appends a page or two: about
#: SQLite's own automatic checkpoint, 1000 pages), and the longest wait between two.
CHECKPOINT_COMMITS = 500
CHECKPOINT_SECONDS = 1.0
AUTO_CHECKPOINT = 1000  # SQLite's own default, back in force if the checkpointer dies
SYNC_MODES = ("NORMAL", "FULL")  # SQLite synchronous: survives a crash / a power loss

log = logging.getLogger("atout.server")

_enc = msgspec.json.Encoder()
_dec = msgspec.json.Decoder()
_dec_moves = msgspec.json.Decoder(list[MoveRecord])


class TableStore(Protocol):
    """What the game master keeps of its tables, and reads back (crash recovery, finished
    tables evicted from memory, ``atout verify``). Writes belong to one transaction that
    :meth:`commit` makes durable; the shell commits before it sends what the writes announce.

    Implementations: :class:`SQLiteStore` (a file, or ``":memory:"``) and
    :class:`atout.server.pgstore.PostgresStore` (``postgresql://``; docs/ARCHITECTURE.md,
    "Stores"), both run through tests/server/test_store_pg.py."""

    def create_table(self, rec: TableRecord) -> None:
        """A new table: its head (game, options, settings, secret) and its seats."""

    def set_seat(self, table: str, s: SeatRecord) -> None:
        """A seat taken, left or given a nonce."""

    def set_secret(self, table: str, secret: str, commitment: str) -> None:
        """A waiting table of an older database gets its secret (and its commitment)."""

    def set_next_secret(self, table: str, secret: str) -> None:
        """The secret committed (in ``game_over``) for ``table``'s rematch."""

    def start(self, table: str, seed: str, commitment: str, t: float) -> None:
        """Dealt: the seed."""

    def add_move(self, table: str, n: int, m: MoveRecord) -> None:
        """Move ``n`` (1-based) of ``table``."""

    def finish(self, table: str, result: dict[str, Any], t: float, moves: list[MoveRecord]) -> None:
        """The end, with the result and the whole move list."""

    def end(self, table: str, status: str, t: float, moves: list[MoveRecord]) -> None:
        """Ended without a result ("aborted" or "closed"): never resumed again."""

    def set_rematch(self, table: str, new_table: str) -> None:
        """``table``'s rematch is ``new_table``."""

    def commit(self) -> None:
        """Make everything written so far durable. Call before announcing it."""

    def close(self) -> None:
        """Commit, then release the database."""

    def exists(self, table: str) -> bool:
        """Whether a table of this id was ever created."""
        ...

    def load(self, table: str) -> TableRecord | None:
        """A table's whole record, or None."""
        ...

    def unfinished(self) -> list[TableRecord]:
        """Every table waiting or playing, with its moves, oldest first (recovery)."""
        ...

    def finished_ids(self, game: str | None = None, limit: int | None = None) -> list[str]:
        """The finished tables, in the order they finished (``atout export``)."""
        ...


class SqlStore:
    """What both SQL stores share: the tables' and seats' writes, reading records back, the
    list of unfinished and finished tables. Statements are written once with ``?``
    placeholders and run by :meth:`_x` in the store's open transaction; a subclass supplies the
    journal (:meth:`add_move`, :meth:`_write_rows`, :meth:`_ended`), the commit and the close.
    Subclasses: :class:`SQLiteStore` and :class:`atout.server.pgstore.PostgresStore`."""

    dirty: bool

    def _x(self, sql: str, args: Any = ()) -> Any:
        """Run one statement (``?`` placeholders) in the open transaction; its cursor."""
        raise NotImplementedError

    def _write_rows(self) -> None:
        """Write the queued journal rows (before a read of the journal, and at commit)."""
        raise NotImplementedError

    def _ended(self, table: str) -> None:
        """``table`` finished or ended: its moves are in its row; the journal may forget it."""
        raise NotImplementedError

    def _wrote(self, table: str) -> None:
        """Something of ``table`` was written in the open transaction."""
        self.dirty = True

    # -- writes (inside the open transaction) -------------------------------------------
    def create_table(self, rec: TableRecord) -> None:
        self._x(
            "INSERT INTO tables (id, game, players, options, settings, status, created, rematch_of,"
            " secret, commitment, private) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                rec.table,
                rec.game,
                rec.players,
                _text(rec.options),
                _text(rec.settings),
                rec.status,
                rec.created,
                rec.rematch_of,
                rec.secret,
                rec.commitment,
                int(bool(rec.settings.get("private"))),  # the lists' filter (ratings.py)
            ),
        )
        for s in rec.seats:
            self.set_seat(rec.table, s)
        self._wrote(rec.table)

    def set_seat(self, table: str, s: SeatRecord) -> None:
        self._x(
            f"INSERT INTO seats (table_id, {_SEAT_COLUMNS})"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (table_id, seat) DO UPDATE SET"
            " name=excluded.name, bot=excluded.bot, token_hash=excluded.token_hash,"
            " nonce=excluded.nonce, nonce_by=excluded.nonce_by, account=excluded.account,"
            " nonce_commitment=excluded.nonce_commitment",
            (
                table,
                s.seat,
                s.name,
                s.bot,
                s.token_hash,
                s.nonce,
                s.nonce_by,
                s.account,
                s.nonce_commitment,
            ),
        )
        self._wrote(table)

    def set_secret(self, table: str, secret: str, commitment: str) -> None:
        """A waiting table of an older database gets its secret (and its commitment)."""
        self._x("UPDATE tables SET secret=?, commitment=? WHERE id=?", (secret, commitment, table))
        self._wrote(table)

    def set_next_secret(self, table: str, secret: str) -> None:
        """The secret committed (in ``game_over``) for ``table``'s rematch."""
        self._x("UPDATE tables SET next_secret=? WHERE id=?", (secret, table))
        self._wrote(table)

    def start(self, table: str, seed: str, commitment: str, t: float) -> None:
        self._x(
            "UPDATE tables SET status='playing', seed=?, commitment=?, started=? WHERE id=?",
            (seed, commitment, t, table),
        )
        self._wrote(table)

    def finish(self, table: str, result: dict[str, Any], t: float, moves: list[MoveRecord]) -> None:
        """The end, with the whole move list: the journal is no longer needed for ``table``."""
        self._x(
            "UPDATE tables SET status='finished', result=?, finished=?, moves=? WHERE id=?",
            (_text(result), t, _text(moves), table),
        )
        self._ended(table)
        self._wrote(table)

    def end(self, table: str, status: str, t: float, moves: list[MoveRecord]) -> None:
        """A table ended without a result ("aborted" or "closed"): never resumed again."""
        self._x(
            "UPDATE tables SET status=?, finished=?, moves=? WHERE id=?",
            (status, t, _text(moves), table),
        )
        self._ended(table)
        self._wrote(table)

    def set_rematch(self, table: str, new_table: str) -> None:
        self._x("UPDATE tables SET rematch=? WHERE id=?", (new_table, table))
        self._wrote(table)

    # -- reads ---------------------------------------------------------------------------
    def exists(self, table: str) -> bool:
        return self._x("SELECT 1 FROM tables WHERE id=?", (table,)).fetchone() is not None

    def load(self, table: str) -> TableRecord | None:
        row = self._x(f"SELECT {_COLUMNS} FROM tables WHERE id=?", (table,)).fetchone()
        if row is None:
            return None
        if row[14] is not None:
            moves = _dec_moves.decode(row[14])
        else:  # not finished: its moves are in the journal (queued ones too)
            self._write_rows()
            moves = [
                MoveRecord(seat=s, move=_dec.decode(m), t=t, how=h)
                for s, m, t, h in self._x(
                    "SELECT seat, move, t, how FROM journal WHERE table_id=? ORDER BY n", (table,)
                )
            ]
        seats = [
            _seat(*row)
            for row in self._x(
                f"SELECT {_SEAT_COLUMNS} FROM seats WHERE table_id=? ORDER BY seat", (table,)
            )
        ]
        return _record(row, seats, moves)

    def unfinished(self) -> list[TableRecord]:
        """Every table not finished, with its seats and moves (three queries in all)."""
        self._write_rows()
        live = "JOIN tables t ON t.id = x.table_id WHERE t.status IN ('waiting', 'playing')"
        rows = self._x(
            f"SELECT {_COLUMNS} FROM tables WHERE status IN ('waiting', 'playing')"
            " ORDER BY created, id"
        ).fetchall()
        moves: dict[str, list[MoveRecord]] = {r[0]: [] for r in rows}
        for tid, s, m, t, h in self._x(
            f"SELECT x.table_id, x.seat, x.move, x.t, x.how FROM journal x {live}"
            " ORDER BY x.table_id, x.n"
        ):
            moves[tid].append(MoveRecord(seat=s, move=_dec.decode(m), t=t, how=h))
        seats: dict[str, list[SeatRecord]] = {r[0]: [] for r in rows}
        cols = ", ".join(f"x.{c}" for c in _SEAT_COLUMNS.split(", "))
        for tid, *row in self._x(
            f"SELECT x.table_id, {cols} FROM seats x {live} ORDER BY x.table_id, x.seat"
        ):
            seats[tid].append(_seat(*row))
        return [_record(r, seats[r[0]], moves[r[0]]) for r in rows]

    def finished_ids(self, game: str | None = None, limit: int | None = None) -> list[str]:
        q = "SELECT id FROM tables WHERE status='finished'"
        args: list[Any] = []
        if game:
            q += " AND game=?"
            args.append(game)
        q += " ORDER BY finished, id"
        if limit:
            q += " LIMIT ?"
            args.append(limit)
        return [r[0] for r in self._x(q, args)]


def _text(value: Any) -> str:
    return _enc.encode(value).decode()


def _seat(*row: Any) -> SeatRecord:
    """A seat's record from its columns (:data:`_SEAT_COLUMNS`)."""
    s, n, b, h, nc, nb, a, c = row
    return SeatRecord(
        seat=s, name=n, bot=b, token_hash=h, nonce=nc, nonce_by=nb, account=a, nonce_commitment=c
    )


def _record(row: tuple[Any, ...], seats: list[SeatRecord], moves: list[MoveRecord]) -> TableRecord:
    return TableRecord(
        # record_format marks the tables written before commit-reveal (format 2); otherwise a
        # table with a secret derives its seed from it and the committed nonces (format 3), one
        # without has a seed of the game master's (format 1)
        format=row[17] or (RECORD_FORMAT if row[15] is not None else RECORD_FORMAT_1),
        table=row[0],
        game=row[1],
        players=row[2],
        options=_dec.decode(row[3]),
        settings=_dec.decode(row[4]),
        status=row[5],
        created=row[6],
        started=row[7],
        finished=row[8],
        seed=row[9],
        commitment=row[10],
        result=_dec.decode(row[11]) if row[11] else None,
        rematch_of=row[12],
        rematch=row[13],
        secret=row[15],
        next_secret=row[16],
        seats=seats,
        moves=moves,
    )


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
    """A :class:`TableStore` in one SQLite database. Not thread-safe: the game master's loop
    owns it."""

    def __init__(self, path: str | Path, synchronous: str = "NORMAL") -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._x = self.db.execute
        self.db.execute("PRAGMA journal_mode=WAL")
        if synchronous.upper() not in SYNC_MODES:  # it goes into a PRAGMA as it is
            raise ValueError(f"synchronous={synchronous!r}: one of {', '.join(SYNC_MODES)}")
        self.db.execute(f"PRAGMA synchronous={synchronous}")
        self.db.executescript(SCHEMA)
        self.db.execute("BEGIN")
        self._legacy()
        self.migrated = migrations.upgrade(self.db)  # versioned steps (schema version 1 on)
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

    def _legacy(self) -> None:
        """Databases older than the versioned migrations (:mod:`atout.server.migrations`): add
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
            if status == "finished":
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
