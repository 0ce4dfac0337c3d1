"""SQLite persistence (WAL): tables, seats and moves, written before anything is announced.

The game master calls the write methods as things happen; the shell calls :meth:`Store.commit`
before it sends the resulting frames, so several moves arriving together share one commit
(group commit) and nothing is ever announced that a crash could lose. With ``synchronous=NORMAL``
in WAL mode a commit survives the process being killed; ``--sync full`` also survives power loss.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import msgspec

from atout.server.record import MoveRecord, SeatRecord, TableRecord

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    options TEXT NOT NULL,
    settings TEXT NOT NULL,
    status TEXT NOT NULL,
    created REAL NOT NULL,
    started REAL,
    finished REAL,
    seed TEXT,
    commitment TEXT,
    result TEXT,
    rematch_of TEXT,
    rematch TEXT
);
CREATE INDEX IF NOT EXISTS tables_status ON tables(status);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    bot TEXT,
    token_hash TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL,
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    move TEXT NOT NULL,
    t REAL NOT NULL,
    how TEXT NOT NULL,
    PRIMARY KEY (table_id, n)
) WITHOUT ROWID;
"""

_enc = msgspec.json.Encoder()
_dec = msgspec.json.Decoder()


class Store:
    """One SQLite database. Not thread-safe: the game master's loop owns it."""

    def __init__(self, path: str | Path, synchronous: str = "NORMAL") -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA synchronous={synchronous}")
        self.db.executescript(SCHEMA)
        self.db.execute("BEGIN")
        self.dirty = False

    # -- writes (inside the open transaction) -------------------------------------------
    def create_table(self, rec: TableRecord) -> None:
        self.db.execute(
            "INSERT INTO tables (id, game, players, options, settings, status, created, rematch_of)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                rec.table,
                rec.game,
                rec.players,
                _enc.encode(rec.options),
                _enc.encode(rec.settings),
                rec.status,
                rec.created,
                rec.rematch_of,
            ),
        )
        for s in rec.seats:
            self.set_seat(rec.table, s)
        self.dirty = True

    def set_seat(self, table: str, s: SeatRecord) -> None:
        self.db.execute(
            "INSERT OR REPLACE INTO seats (table_id, seat, name, bot, token_hash) VALUES (?, ?, ?, ?, ?)",
            (table, s.seat, s.name, s.bot, s.token_hash),
        )
        self.dirty = True

    def start(self, table: str, seed: str, commitment: str, t: float) -> None:
        self.db.execute(
            "UPDATE tables SET status='playing', seed=?, commitment=?, started=? WHERE id=?",
            (seed, commitment, t, table),
        )
        self.dirty = True

    def add_move(self, table: str, n: int, m: MoveRecord) -> None:
        self.db.execute(
            "INSERT INTO moves (table_id, n, seat, move, t, how) VALUES (?, ?, ?, ?, ?, ?)",
            (table, n, m.seat, _enc.encode(m.move), m.t, m.how),
        )
        self.dirty = True

    def finish(self, table: str, result: dict[str, Any], t: float) -> None:
        self.db.execute(
            "UPDATE tables SET status='finished', result=?, finished=? WHERE id=?",
            (_enc.encode(result), t, table),
        )
        self.dirty = True

    def set_rematch(self, table: str, new_table: str) -> None:
        self.db.execute("UPDATE tables SET rematch=? WHERE id=?", (new_table, table))
        self.dirty = True

    def commit(self) -> None:
        """Make everything written so far durable. Call before announcing it."""
        if self.dirty:
            self.db.execute("COMMIT")
            self.db.execute("BEGIN")
            self.dirty = False

    def close(self) -> None:
        self.commit()
        self.db.execute("COMMIT")
        self.db.close()

    # -- reads ---------------------------------------------------------------------------
    def load(self, table: str) -> TableRecord | None:
        row = self.db.execute(
            "SELECT id, game, players, options, settings, status, created, started, finished,"
            " seed, commitment, result, rematch_of, rematch FROM tables WHERE id=?",
            (table,),
        ).fetchone()
        return None if row is None else self._record(row)

    def _record(self, row: tuple[Any, ...]) -> TableRecord:
        tid = row[0]
        seats = [
            SeatRecord(seat=s, name=n, bot=b, token_hash=h)
            for s, n, b, h in self.db.execute(
                "SELECT seat, name, bot, token_hash FROM seats WHERE table_id=? ORDER BY seat",
                (tid,),
            )
        ]
        moves = [
            MoveRecord(seat=s, move=_dec.decode(m), t=t, how=h)
            for s, m, t, h in self.db.execute(
                "SELECT seat, move, t, how FROM moves WHERE table_id=? ORDER BY n", (tid,)
            )
        ]
        return TableRecord(
            table=tid,
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
            seats=seats,
            moves=moves,
        )

    def unfinished(self) -> list[TableRecord]:
        rows = self.db.execute(
            "SELECT id, game, players, options, settings, status, created, started, finished,"
            " seed, commitment, result, rematch_of, rematch FROM tables"
            " WHERE status != 'finished' ORDER BY created"
        ).fetchall()
        return [self._record(r) for r in rows]

    def finished_ids(self, game: str | None = None, limit: int | None = None) -> list[str]:
        q = "SELECT id FROM tables WHERE status='finished'"
        args: list[Any] = []
        if game:
            q += " AND game=?"
            args.append(game)
        q += " ORDER BY finished"
        if limit:
            q += " LIMIT ?"
            args.append(limit)
        return [r[0] for r in self.db.execute(q, args)]
