"""The game master's store in PostgreSQL: the second real :class:`~atout.server.store.TableStore`,
chosen by ``atout serve --db postgresql://…`` (:func:`open_store`).

Same records as :class:`~atout.server.store.SQLiteStore` (the same columns, JSON kept as the
same text, floats as ``double precision``), same rule: the game master's writes go into one open
transaction, and :meth:`PostgresStore.commit` makes them durable (PostgreSQL's default
``synchronous_commit=on``: the commit is flushed to the WAL before it returns) before the shell
announces anything they caused. Moves arriving together share one commit (group commit), as in
SQLite.

**Why a synchronous driver.** The store interface is synchronous: the sans-I/O core calls it
between two frames, and the shell commits once per batch on the event loop. psycopg 3's
synchronous connection is the honest first implementation of that interface: one round trip per
batch of moves (``executemany`` is pipelined by psycopg), each a few tens of microseconds on
loopback, during which the loop waits, exactly as it waits for SQLite's ``fsync``. An async
driver (psycopg's ``AsyncConnection`` or asyncpg) only pays once the shell awaits the commit
instead of calling it: the loop could then read more frames while a commit is in flight, but the
frames of that batch must still wait for it (write before announce), so the store interface would
become ``async def commit`` and the shell's batch would be pipelined. That is the change that comes
with several nodes (docs/ARCHITECTURE.md, "Stores"); nothing else in this module would change.

**The journal.** SQLite appends moves in rowid order and prunes the prefix; here ``journal`` is
keyed by ``(table_id, n)``: PostgreSQL appends heap rows anyway, a finished table's rows are
deleted in the transaction that copies them into ``tables.moves``, and the key refuses a move
written twice (which several nodes, each with a lease, will rely on).

**The players' platform** (accounts, sessions, ratings, plays: :mod:`atout.server.accounts`,
:mod:`atout.server.ratings`) writes its SQL through ``store.db``; here ``db`` is :class:`PgDb`,
which runs the same statements (``?`` placeholders become ``%s``), each in a savepoint so that a
failing statement fails alone, as it does in SQLite, and never the moves of the open
transaction.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import msgspec

from atout.server.migrations import SchemaTooNew
from atout.server.record import (
    RECORD_FORMAT,
    RECORD_FORMAT_1,
    MoveRecord,
    SeatRecord,
    TableRecord,
)

URL_SCHEMES = ("postgresql://", "postgres://")

_COLUMNS = (
    "id, game, players, options, settings, status, created, started, finished,"
    " seed, commitment, result, rematch_of, rematch, moves, secret, next_secret"
)

# The schema, version by version, as SQLite's (migrations.py: version 0 is store.SCHEMA, then
# migrations 1 and 2). Text that is ordered for people (names) uses the "C" collation: the
# order of SQLite's BINARY, whatever the cluster's locale. ``plays.rowid`` stands for SQLite's
# implicit rowid (the order of insertion), which the history's ORDER BY uses.
PG_MIGRATIONS: list[tuple[int, str, list[str]]] = [
    (
        0,
        "tables, seats, journal",
        [
            """CREATE TABLE tables (
                id TEXT PRIMARY KEY,
                game TEXT NOT NULL,
                players INTEGER NOT NULL,
                options TEXT NOT NULL,
                settings TEXT NOT NULL,
                status TEXT NOT NULL,
                created DOUBLE PRECISION NOT NULL,
                started DOUBLE PRECISION,
                finished DOUBLE PRECISION,
                seed TEXT,
                commitment TEXT,
                result TEXT,
                rematch_of TEXT,
                rematch TEXT,
                moves TEXT,
                secret TEXT,
                next_secret TEXT
            )""",
            "CREATE INDEX tables_status ON tables(status)",
            """CREATE TABLE seats (
                table_id TEXT NOT NULL,
                seat INTEGER NOT NULL,
                name TEXT COLLATE "C" NOT NULL,
                bot TEXT,
                token_hash TEXT,
                nonce TEXT,
                nonce_by TEXT,
                PRIMARY KEY (table_id, seat)
            )""",
            """CREATE TABLE journal (
                table_id TEXT NOT NULL,
                n INTEGER NOT NULL,
                seat INTEGER NOT NULL,
                move TEXT NOT NULL,
                t DOUBLE PRECISION NOT NULL,
                how TEXT NOT NULL,
                PRIMARY KEY (table_id, n)
            )""",
        ],
    ),
    (
        1,
        "accounts, sessions, ratings, plays; tables.rated, seats.account",
        [
            "ALTER TABLE tables ADD COLUMN rated INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE seats ADD COLUMN account TEXT",
            "CREATE INDEX tables_finished ON tables(status, finished)",
            """CREATE TABLE accounts (
                id BIGSERIAL PRIMARY KEY,
                name TEXT COLLATE "C" NOT NULL,
                key TEXT NOT NULL UNIQUE,
                password TEXT NOT NULL,
                created DOUBLE PRECISION NOT NULL
            )""",
            """CREATE TABLE sessions (
                token_hash TEXT PRIMARY KEY,
                account BIGINT NOT NULL REFERENCES accounts(id),
                created DOUBLE PRECISION NOT NULL,
                expires DOUBLE PRECISION NOT NULL
            )""",
            "CREATE INDEX sessions_account ON sessions(account)",
            "CREATE INDEX sessions_expires ON sessions(expires)",
            """CREATE TABLE ratings (
                game TEXT NOT NULL,
                player TEXT NOT NULL,
                kind TEXT NOT NULL,
                name TEXT COLLATE "C" NOT NULL,
                mu DOUBLE PRECISION NOT NULL,
                sigma DOUBLE PRECISION NOT NULL,
                ordinal DOUBLE PRECISION NOT NULL,
                games INTEGER NOT NULL DEFAULT 0,
                wins INTEGER NOT NULL DEFAULT 0,
                PRIMARY KEY (game, player)
            )""",
            "CREATE INDEX ratings_board ON ratings(game, ordinal DESC)",
            """CREATE TABLE plays (
                rowid BIGSERIAL,
                table_id TEXT NOT NULL,
                seat INTEGER NOT NULL,
                account TEXT NOT NULL,
                game TEXT NOT NULL,
                ended DOUBLE PRECISION NOT NULL,
                won INTEGER NOT NULL,
                rated INTEGER NOT NULL,
                rating_after DOUBLE PRECISION,
                PRIMARY KEY (table_id, seat)
            )""",
            "CREATE INDEX plays_account ON plays(account, ended DESC)",
        ],
    ),
    (
        2,
        "covering leaderboard index; ratings by player",
        [
            "DROP INDEX ratings_board",
            "CREATE INDEX ratings_board ON ratings(game, ordinal DESC, name, kind, mu, sigma,"
            " games, wins)",
            "CREATE INDEX ratings_player ON ratings(player)",
        ],
    ),
]
LATEST = PG_MIGRATIONS[-1][0]
_IDLE = 0  # psycopg.pq.TransactionStatus.IDLE (psycopg is imported only for a PostgreSQL store)
_LOCK = 0x61746F7574  # "atout": the advisory lock held while the schema is upgraded

_enc = msgspec.json.Encoder()
_dec = msgspec.json.Decoder()
_dec_moves = msgspec.json.Decoder(list[MoveRecord])


def is_url(db: str | None) -> bool:
    """Whether ``--db`` names a PostgreSQL database rather than an SQLite file."""
    return db is not None and db.startswith(URL_SCHEMES)


def open_store(db: str | None, synchronous: str = "NORMAL") -> Any:
    """The store ``--db`` names: a ``postgresql://`` URL, an SQLite file, or None (SQLite in
    memory). ``synchronous`` is SQLite's; PostgreSQL always commits with
    ``synchronous_commit=on``."""
    if is_url(db):
        assert db is not None
        return PostgresStore(db)
    from atout.server.store import SQLiteStore

    return SQLiteStore(db or ":memory:", synchronous=synchronous)


def _text(value: Any) -> str:
    return _enc.encode(value).decode()


class PgDb:
    """``store.db`` for the platform's SQL (written for sqlite3): ``execute`` and
    ``executemany`` with ``?`` placeholders, returning a cursor (``fetchone``, ``fetchall``,
    iteration, ``rowcount``). Each statement runs in a savepoint of the store's open
    transaction: a failing one is undone alone and the transaction (with its moves) goes on."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn
        self._sql: dict[str, str] = {}

    def _translate(self, sql: str) -> str:
        out = self._sql.get(sql)
        if out is None:
            out = self._sql[sql] = sql.replace("%", "%%").replace("?", "%s")
        return out

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return self._run(sql, [tuple(params)], many=False)

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> Any:
        return self._run(sql, [tuple(r) for r in rows], many=True)

    def _run(self, sql: str, rows: list[tuple[Any, ...]], many: bool) -> Any:
        # SAVEPOINT by hand: psycopg's conn.transaction() would BEGIN and COMMIT a transaction
        # of its own when none is open, committing this statement apart from the store's.
        cur = self.conn.cursor()
        cur.execute("SAVEPOINT atout_stmt")  # opens the store's transaction if none is
        try:
            if many:
                cur.executemany(self._translate(sql), rows)
            else:
                cur.execute(self._translate(sql), rows[0])
        except BaseException:
            self.conn.execute("ROLLBACK TO SAVEPOINT atout_stmt")
            self.conn.execute("RELEASE SAVEPOINT atout_stmt")
            raise
        self.conn.execute("RELEASE SAVEPOINT atout_stmt")
        return cur


class PostgresStore:
    """A :class:`~atout.server.store.TableStore` in a PostgreSQL database, through one
    synchronous psycopg 3 connection. Not thread-safe: the game master's loop owns it."""

    def __init__(self, url: str) -> None:
        import psycopg

        self.path = url
        self.conn = psycopg.connect(url, autocommit=False)
        self.db = PgDb(self.conn)
        self.migrated = self._upgrade()
        self._rows: list[tuple[Any, ...]] = []  # journal rows written at the next commit
        self.dirty = False

    def _upgrade(self) -> list[int]:
        """Create or upgrade the schema (:data:`PG_MIGRATIONS`) under an advisory lock, so that
        several game masters starting on one database upgrade it once. Returns the versions
        applied; refuses a database newer than this code."""
        c = self.conn
        with c.transaction():
            c.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK,))
            c.execute("CREATE TABLE IF NOT EXISTS atout_schema (version INTEGER NOT NULL)")
            row = c.execute("SELECT version FROM atout_schema").fetchone()
            have = -1 if row is None else int(row[0])
            if have > LATEST:
                raise SchemaTooNew(
                    f"the database has schema version {have}; this atout knows up to {LATEST}"
                )
            done = []
            for v, _what, steps in PG_MIGRATIONS:
                if v > have:
                    for sql in steps:
                        c.execute(sql)
                    done.append(v)
            if done:
                c.execute("DELETE FROM atout_schema")
                c.execute("INSERT INTO atout_schema VALUES (%s)", (done[-1],))
        return [v for v in done if v > 0]

    def version(self) -> int:
        row = self.conn.execute("SELECT version FROM atout_schema").fetchone()
        return int(row[0])

    # -- writes (inside the open transaction) -------------------------------------------
    def create_table(self, rec: TableRecord) -> None:
        self.conn.execute(
            "INSERT INTO tables (id, game, players, options, settings, status, created, rematch_of,"
            " secret, commitment) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
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
            ),
        )
        for s in rec.seats:
            self.set_seat(rec.table, s)
        self.dirty = True

    def set_seat(self, table: str, s: SeatRecord) -> None:
        self.conn.execute(
            "INSERT INTO seats (table_id, seat, name, bot, token_hash, nonce, nonce_by, account)"
            " VALUES (%s, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT (table_id, seat) DO UPDATE SET"
            " name=excluded.name, bot=excluded.bot, token_hash=excluded.token_hash,"
            " nonce=excluded.nonce, nonce_by=excluded.nonce_by, account=excluded.account",
            (table, s.seat, s.name, s.bot, s.token_hash, s.nonce, s.nonce_by, s.account),
        )
        self.dirty = True

    def set_secret(self, table: str, secret: str, commitment: str) -> None:
        self.conn.execute(
            "UPDATE tables SET secret=%s, commitment=%s WHERE id=%s", (secret, commitment, table)
        )
        self.dirty = True

    def set_next_secret(self, table: str, secret: str) -> None:
        self.conn.execute("UPDATE tables SET next_secret=%s WHERE id=%s", (secret, table))
        self.dirty = True

    def start(self, table: str, seed: str, commitment: str, t: float) -> None:
        self.conn.execute(
            "UPDATE tables SET status='playing', seed=%s, commitment=%s, started=%s WHERE id=%s",
            (seed, commitment, t, table),
        )
        self.dirty = True

    def add_move(self, table: str, n: int, m: MoveRecord) -> None:
        """Queue move ``n`` (1-based) of ``table``; it is written by the next :meth:`commit`."""
        self._rows.append((table, n, m.seat, _text(m.move), m.t, m.how))
        self.dirty = True

    def _done(self, table: str, sql: str, args: tuple[Any, ...]) -> None:
        """A table ended: its row gets the whole move list and its journal rows go, queued ones
        included (they are in ``moves``)."""
        if any(r[0] == table for r in self._rows):
            self._rows = [r for r in self._rows if r[0] != table]
        self.conn.execute(sql, args)
        self.conn.execute("DELETE FROM journal WHERE table_id=%s", (table,))
        self.dirty = True

    def finish(self, table: str, result: dict[str, Any], t: float, moves: list[MoveRecord]) -> None:
        self._done(
            table,
            "UPDATE tables SET status='finished', result=%s, finished=%s, moves=%s WHERE id=%s",
            (_text(result), t, _text(moves), table),
        )

    def end(self, table: str, status: str, t: float, moves: list[MoveRecord]) -> None:
        self._done(
            table,
            "UPDATE tables SET status=%s, finished=%s, moves=%s WHERE id=%s",
            (status, t, _text(moves), table),
        )

    def set_rematch(self, table: str, new_table: str) -> None:
        self.conn.execute("UPDATE tables SET rematch=%s WHERE id=%s", (new_table, table))
        self.dirty = True

    def _write_rows(self) -> None:
        rows = self._rows
        if rows:
            self._rows = []
            with self.conn.cursor() as cur:
                cur.executemany(
                    "INSERT INTO journal (table_id, n, seat, move, t, how)"
                    " VALUES (%s, %s, %s, %s, %s, %s)",
                    rows,
                )

    def commit(self) -> None:
        """Make everything written so far durable. Call before announcing it. A transaction
        of reads only is ended too, so that no lock outlives the batch."""
        if self.dirty:
            self._write_rows()
            self.conn.commit()
            self.dirty = False
        elif self.conn.info.transaction_status != _IDLE:
            self.conn.commit()

    def close(self) -> None:
        if not self.conn.closed:
            self.commit()
            self.conn.close()

    # -- reads ---------------------------------------------------------------------------
    def exists(self, table: str) -> bool:
        return (
            self.conn.execute("SELECT 1 FROM tables WHERE id=%s", (table,)).fetchone() is not None
        )

    def load(self, table: str) -> TableRecord | None:
        row = self.conn.execute(f"SELECT {_COLUMNS} FROM tables WHERE id=%s", (table,)).fetchone()
        if row is None:
            return None
        if row[14] is not None:
            moves = _dec_moves.decode(row[14])
        else:  # not finished: its moves are in the journal (queued ones too)
            self._write_rows()
            moves = [
                MoveRecord(seat=s, move=_dec.decode(m), t=t, how=h)
                for s, m, t, h in self.conn.execute(
                    "SELECT seat, move, t, how FROM journal WHERE table_id=%s ORDER BY n",
                    (table,),
                )
            ]
        return self._record(row, self._seats([table])[table], moves)

    def _seats(self, tables: list[str]) -> dict[str, list[SeatRecord]]:
        out: dict[str, list[SeatRecord]] = {t: [] for t in tables}
        for tid, s, n, b, h, nc, nb, a in self.conn.execute(
            "SELECT table_id, seat, name, bot, token_hash, nonce, nonce_by, account FROM seats"
            " WHERE table_id = ANY(%s) ORDER BY table_id, seat",
            (tables,),
        ):
            out[tid].append(
                SeatRecord(seat=s, name=n, bot=b, token_hash=h, nonce=nc, nonce_by=nb, account=a)
            )
        return out

    def _record(
        self, row: tuple[Any, ...], seats: list[SeatRecord], moves: list[MoveRecord]
    ) -> TableRecord:
        return TableRecord(
            format=RECORD_FORMAT if row[15] is not None else RECORD_FORMAT_1,
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

    def unfinished(self) -> list[TableRecord]:
        """Every table not finished, with its seats and moves (three queries in all)."""
        self._write_rows()
        rows = self.conn.execute(
            f"SELECT {_COLUMNS} FROM tables WHERE status IN ('waiting', 'playing')"
            " ORDER BY created, id"
        ).fetchall()
        ids = [r[0] for r in rows]
        moves: dict[str, list[MoveRecord]] = {t: [] for t in ids}
        for tid, s, m, t, h in self.conn.execute(
            "SELECT table_id, seat, move, t, how FROM journal WHERE table_id = ANY(%s)"
            " ORDER BY table_id, n",
            (ids,),
        ):
            moves[tid].append(MoveRecord(seat=s, move=_dec.decode(m), t=t, how=h))
        seats = self._seats(ids)
        return [self._record(r, seats[r[0]], moves[r[0]]) for r in rows]

    def finished_ids(self, game: str | None = None, limit: int | None = None) -> list[str]:
        q = "SELECT id FROM tables WHERE status='finished'"
        args: list[Any] = []
        if game:
            q += " AND game=%s"
            args.append(game)
        q += " ORDER BY finished, id"
        if limit:
            q += " LIMIT %s"
            args.append(limit)
        return [r[0] for r in self.conn.execute(q, args)]
