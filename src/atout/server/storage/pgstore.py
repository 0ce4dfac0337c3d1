"""The game master's database in PostgreSQL: the second real :class:`~atout.server.storage.db.Database`,
chosen by ``atout serve --db postgresql://…`` (:func:`open_store`), and the only one of several
nodes (:class:`~atout.server.storage.db.NodeRows`). What it shares with SQLite's is written once in
:class:`~atout.server.storage.sqlbase.SqlStore` (rendered with ``%s`` placeholders); here is PostgreSQL's
own SQL: the connection, the schema's upgrade, the journal, the commit, the savepoints of the
platform's statements, and the nodes' leases, listing and heartbeat.

Same records as :class:`~atout.server.storage.store.SQLiteStore` (the same columns, JSON kept as the
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
become ``async def commit`` and the shell's batch would be pipelined. Several nodes kept this
driver (the fencing token travels in the commit's one statement: :meth:`PostgresStore._fenced`);
pipelining the commit is the next step for throughput (docs/ARCHITECTURE.md, "Stores").

**The journal.** SQLite appends moves in rowid order and prunes the prefix; here ``journal`` is
keyed by ``(table_id, n)``: PostgreSQL appends heap rows anyway, a finished table's rows are
deleted in the transaction that copies them into ``tables.moves``, and the key refuses a move
written twice (which several nodes, each with a lease, will rely on).

**The players' platform** (accounts, sessions, ratings, plays, the login limits' counters:
:mod:`atout.server.accounts.accounts`, :mod:`.ratings`, :mod:`.throttle`) calls the store's typed
methods; here each of their statements runs in a savepoint (:meth:`PostgresStore._alone`), so
that a failing one fails alone, as it does in SQLite, and never takes the moves of the open
transaction with it.

**Several nodes** ask the store what :class:`~atout.server.storage.db.NodeRows` says: each method that
writes leases commits what is pending first (fenced), then its own rows. Who holds a table, the
node's heartbeat, its listing and the sessions check go through a connection of their own
(:class:`SideConnection`), so that a worker thread does them while the loop's connection is
busy.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Collection, Sequence
from typing import Any

from atout.server.storage.db import Listed
from atout.server.storage.migrations import MIGRATIONS, PG_ONLY, POSTGRES, V0, Step, pending
from atout.server.storage.record import MoveRecord, TableRecord
from atout.server.storage.sqlbase import Sql, SqlStore, _dec, _text

URL_SCHEMES = ("postgresql://", "postgres://")

# The schema, version by version, as SQLite's (migrations.py: the same templates, PostgreSQL's
# types; version 0 is store.SCHEMA's tables), then the steps of PostgreSQL alone (the leases of
# several nodes).
PG_MIGRATIONS: list[tuple[int, str, list[Step]]] = [
    (0, "tables, seats, journal", [POSTGRES.sql(t) for t in V0]),
    *(
        (v, what, [t if callable(t) else POSTGRES.sql(t) for t in steps])  # callable: Python
        for v, what, steps in sorted(MIGRATIONS + PG_ONLY, key=lambda step: step[0])
    ),
]
LATEST = PG_MIGRATIONS[-1][0]
LEASE_SECONDS = 3.0  # a node's lease on its tables lasts this long unless renewed
NOW = "extract(epoch from clock_timestamp())"  # the database's clock: every node's lease uses it
_LOST = 4  # psycopg.pq.TransactionStatus.UNKNOWN: the connection is lost
_IDLE = 0  # psycopg.pq.TransactionStatus.IDLE (psycopg is imported only for a PostgreSQL store)
_LOCK = 0x61746F7574  # "atout": the advisory lock held while the schema is upgraded
READER_TIMEOUT = 2  # seconds the lease reader waits to connect (a worker thread, not the loop)


def unreachable(e: BaseException) -> bool:
    """Whether ``e`` says that PostgreSQL cannot be reached now (psycopg's OperationalError:
    a lost connection, a server shutting down or away), not that the request was wrong."""
    if not type(e).__module__.startswith("psycopg"):
        return False
    import psycopg

    return isinstance(e, psycopg.OperationalError)


class LeaseLost(RuntimeError):
    """A commit was refused: this node no longer holds the lease of ``tables`` (another node
    took them over, so its token is newer). Nothing of the transaction was written."""

    def __init__(self, tables: set[str], touched: set[str]) -> None:
        super().__init__(f"lease lost on {len(tables)} tables: {sorted(tables)[:5]}")
        self.tables = tables  # whose lease is lost
        self.touched = touched  # every table the refused transaction wrote


def is_url(db: str | None) -> bool:
    """Whether ``--db`` names a PostgreSQL database rather than an SQLite file."""
    return db is not None and db.startswith(URL_SCHEMES)


def open_store(db: str | None, synchronous: str = "NORMAL", node: str | None = None) -> Any:
    """The store ``--db`` names: a ``postgresql://`` URL, an SQLite file, or None (SQLite in
    memory). ``synchronous`` is SQLite's; PostgreSQL always commits with
    ``synchronous_commit=on``. ``node``: this game master is one node of several (PostgreSQL
    only): it writes only the tables it holds the lease of."""
    if is_url(db):
        assert db is not None
        return PostgresStore(db, node=node)
    if node is not None:
        raise ValueError("several nodes need a PostgreSQL database (--db postgresql://…)")
    from atout.server.storage.store import SQLiteStore

    return SQLiteStore(db or ":memory:", synchronous=synchronous)


#: Each node's session limits: a statement waits at most a second for a lock, and a transaction
#: left open for a lease's length (its node paused, frozen or cut off mid-batch) is ended by
#: PostgreSQL, so that its lease rows' locks do not keep the other nodes from taking its tables
#: over (they waited until it woke: bench/chaos.py's paused node).
SESSION_LIMITS = {
    "lock_timeout": 1000,
    "idle_in_transaction_session_timeout": int(LEASE_SECONDS * 1000),
}  # milliseconds
SESSION = " ".join(f"-c {name}={ms}" for name, ms in SESSION_LIMITS.items())


class PostgresStore(SqlStore):
    """A :class:`~atout.server.storage.db.Database` (and, with ``node``, the
    :class:`~atout.server.storage.db.NodeRows` of that node) in a PostgreSQL database, through one
    synchronous psycopg 3 connection. Not thread-safe: the game master's loop owns it, but for
    :meth:`owner_lookup`, which any thread may call."""

    sql = Sql("%s")

    def __init__(
        self, url: str, node: str | None = None, lease_seconds: float = LEASE_SECONDS
    ) -> None:
        import psycopg

        self.path = url
        self.limited = False  # the node's session limits (limit_session) are set
        self.conn = psycopg.connect(url, autocommit=False)
        self.side = SideConnection(url)
        self.migrated = self._upgrade()
        self._rows: list[tuple[Any, ...]] = []  # journal rows written at the next commit
        self.dirty = False
        # several nodes: this node's name, and the fencing token of each table it holds
        self.node = node
        self.lease_seconds = lease_seconds
        self.tokens: dict[str, int] = {}
        self._touched: set[str] = set()  # tables written in the open transaction

    def _upgrade(self) -> list[int]:
        """Create or upgrade the schema (:data:`PG_MIGRATIONS`) under an advisory lock, so that
        several game masters starting on one database upgrade it once. Returns the versions
        applied; refuses a database newer than this code."""
        c = self.conn
        with c.transaction():
            c.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK,))
            c.execute("CREATE TABLE IF NOT EXISTS atout_schema (version INTEGER NOT NULL)")
            row = c.execute("SELECT version FROM atout_schema").fetchone()
            done = []
            for v, _what, steps in pending(-1 if row is None else int(row[0]), PG_MIGRATIONS):
                for step in steps:
                    if callable(step):  # a step in Python (migrations.V8's backfill)
                        step(c.cursor(), POSTGRES)
                    else:
                        c.execute(step)
                done.append(v)
            if done:
                c.execute("DELETE FROM atout_schema")
                c.execute("INSERT INTO atout_schema VALUES (%s)", (done[-1],))
        return [v for v in done if v > 0]

    def version(self) -> int:
        row = self.conn.execute("SELECT version FROM atout_schema").fetchone()
        return int(row[0])

    def _run(self, sql: str, args: Sequence[Any] = ()) -> Any:
        return self.conn.execute(sql, args)

    def _alone(self, sql: str, args: Sequence[Any] = ()) -> Any:
        """In a savepoint: in PostgreSQL a failing statement aborts the whole transaction (the
        moves written beside it would be lost); here it is undone alone, as in SQLite."""
        return self._saved(lambda cur: cur.execute(sql, args))

    def _alone_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> Any:
        return self._saved(lambda cur: cur.executemany(sql, rows))

    def _saved(self, run: Any) -> Any:
        # SAVEPOINT by hand: psycopg's conn.transaction() would BEGIN and COMMIT a transaction
        # of its own when none is open, committing this statement apart from the store's.
        conn = self.conn
        cur = conn.cursor()
        cur.execute("SAVEPOINT atout_stmt")  # opens the store's transaction if none is
        try:
            run(cur)
        except BaseException:
            conn.execute("ROLLBACK TO SAVEPOINT atout_stmt")
            conn.execute("RELEASE SAVEPOINT atout_stmt")
            raise
        conn.execute("RELEASE SAVEPOINT atout_stmt")
        return cur

    # -- the journal: keyed by (table_id, n), a table's rows deleted when it ends -------------
    def add_move(self, table: str, n: int, m: MoveRecord) -> None:
        """Queue move ``n`` (1-based) of ``table``; it is written by the next :meth:`commit`."""
        self._rows.append((table, n, m.seat, _text(m.move), m.t, m.how))
        self.dirty = True

    def _ended(self, table: str) -> None:
        """Its row has the whole move list: its journal rows go, queued ones included."""
        if any(r[0] == table for r in self._rows):
            self._rows = [r for r in self._rows if r[0] != table]
        self.conn.execute("DELETE FROM journal WHERE table_id=%s", (table,))

    def _write_rows(self) -> None:
        rows = self._rows
        if rows and self.node is None:  # a node writes them at commit only, fenced
            self._rows = []
            with self.conn.cursor() as cur:
                cur.executemany(
                    "INSERT INTO journal (table_id, n, seat, move, t, how)"
                    " VALUES (%s, %s, %s, %s, %s, %s)",
                    rows,
                )

    def _wrote(self, table: str) -> None:
        self.dirty = True
        if self.node is not None:
            self._touched.add(table)

    def commit(self) -> None:
        """Make everything written so far durable. Call before announcing it. A transaction
        of reads only is ended too, so that no lock outlives the batch. On a node, raises
        :class:`LeaseLost` (everything rolled back) if a table written is no longer its own."""
        if self.dirty:
            writing = self._touched | {r[0] for r in self._rows}
            if self.node is not None:
                self._fenced()
            else:
                self._write_rows()
            try:
                self.conn.commit()
            except BaseException:  # its outcome unknown: abandon() forgets what it wrote
                self._touched |= writing
                raise
            self.dirty = False
        elif self.conn.info.transaction_status not in (_IDLE, _LOST):
            self.conn.commit()  # (a lost connection has nothing to end: reopen() connects)

    def _fenced(self) -> None:
        """The journal rows written and every table touched checked against the leases, in one
        statement: the lease rows of this node's tokens are locked (``FOR SHARE``: a takeover
        waits for this commit, then replays what it wrote), and the journal rows are inserted
        only joined to them, so a stale token writes nothing. If any table is not held, the
        transaction is rolled back and :class:`LeaseLost` raised."""
        rows, touched = self._rows, self._touched
        for r in rows:
            touched.add(r[0])
        if not touched:
            return
        ids = list(touched)
        held, inserted = self.conn.execute(
            "WITH held AS (SELECT l.table_id FROM leases l"
            " JOIN unnest(%s::text[], %s::bigint[]) AS v(id, token)"
            " ON l.table_id = v.id AND l.token = v.token WHERE l.node = %s FOR SHARE OF l),"
            " ins AS (INSERT INTO journal (table_id, n, seat, move, t, how)"
            " SELECT v.table_id, v.n, v.seat, v.move, v.t, v.how FROM unnest(%s::text[],"
            " %s::int[], %s::int[], %s::text[], %s::float8[], %s::text[])"
            " AS v(table_id, n, seat, move, t, how) JOIN held h ON h.table_id = v.table_id"
            " RETURNING 1)"
            " SELECT (SELECT array_agg(table_id) FROM held), (SELECT count(*) FROM ins)",
            (
                ids,
                [self.tokens.get(t, 0) for t in ids],
                self.node,
                *([r[i] for r in rows] for i in range(6)),
            ),
        ).fetchone()
        self._rows, self._touched = [], set()
        lost = touched - set(held or ())
        if lost or inserted != len(rows):
            self.conn.rollback()
            self.dirty = False
            for t in lost:
                self.tokens.pop(t, None)
            raise LeaseLost(lost, touched)

    def abandon(self) -> set[str]:
        """After a failure (a commit, or a node's round of statements: the place to roll back
        after one): forget the open transaction (rolled back, or lost with the connection) and
        the tokens of the tables it wrote; returns those tables (none after a round, which
        commits the tables' writes first)."""
        tables = self._touched | {r[0] for r in self._rows}
        self._rows, self._touched = [], set()
        self.dirty = False
        with contextlib.suppress(Exception):
            self.conn.rollback()
        for t in tables:
            self.tokens.pop(t, None)
        return tables

    def reopen(self) -> bool:
        """Connect again if the connection was lost (PostgreSQL restarted). Whether it did."""
        if not (self.conn.closed or self.conn.broken):
            return False
        import psycopg

        self.conn = psycopg.connect(self.path, autocommit=False)
        if self.limited:
            self.limit_session()
        self._rows, self._touched, self.dirty = [], set(), False
        return True

    def limit_session(self) -> None:
        """A running node's session limits (:data:`SESSION`), set once it has started: not
        before, since its schema upgrade waits for the others' (an advisory lock) and its
        recovery reads for as long as it replays."""
        self.commit()
        for name, ms in SESSION_LIMITS.items():
            self.conn.execute(f"SET {name} = {ms}")
        self.conn.commit()
        self.limited = True

    # -- leases (several nodes) -----------------------------------------------------------
    def claim(self, table: str) -> int:
        """Lease a new table to this node, in the open transaction (committed with the table's
        creation); its token."""
        (token,) = self.conn.execute(
            f"INSERT INTO leases (table_id, node, token, expires) VALUES (%s, %s, 1, {NOW} + %s)"
            " ON CONFLICT (table_id) DO UPDATE SET node = excluded.node,"
            " token = leases.token + 1, expires = excluded.expires RETURNING token",
            (table, self.node, self.lease_seconds),
        ).fetchone()
        self.tokens[table] = token
        self._wrote(table)
        return int(token)

    def create_table(self, rec: TableRecord) -> None:
        super().create_table(rec)
        if self.node is not None:
            self.claim(rec.table)

    def take_over(self, limit: int = 200, tables: list[str] | None = None) -> list[str]:
        """Lease to this node the unfinished tables nobody holds: leases expired (their node
        is gone or stalled), and tables of no lease (written by a single game master, or this
        node's own before a restart: a new token fences the old process). Committed at once;
        returns the tables taken (read their records with :meth:`load`); ``tables``: only
        these."""
        self.commit()
        only = "" if tables is None else " AND t.id = ANY(%s)"
        some: tuple[Any, ...] = () if tables is None else (tables,)
        got = self.conn.execute(
            "INSERT INTO leases (table_id, node, token, expires)"
            f" SELECT t.id, %s, 1, {NOW} + %s FROM tables t"
            f" WHERE t.status IN ('waiting', 'playing'){only}"
            " AND NOT EXISTS (SELECT 1 FROM leases l WHERE l.table_id = t.id) LIMIT %s"
            " ON CONFLICT (table_id) DO NOTHING RETURNING table_id, token",
            (self.node, self.lease_seconds, *some, limit),
        ).fetchall()
        got += self.conn.execute(
            f"UPDATE leases SET node = %s, token = token + 1, expires = {NOW} + %s"
            " WHERE table_id IN (SELECT l.table_id FROM leases l JOIN tables t ON t.id = l.table_id"
            f" WHERE (l.expires < {NOW} OR (l.node = %s AND NOT l.table_id = ANY(%s)))"
            f" AND t.status IN ('waiting', 'playing'){only} LIMIT %s FOR UPDATE OF l SKIP LOCKED)"
            " RETURNING table_id, token",
            (self.node, self.lease_seconds, self.node, list(self.tokens), *some, limit),
        ).fetchall()
        self.conn.commit()
        for tid, token in got:
            self.tokens[tid] = int(token)
        return [tid for tid, _ in got]

    def renew(self) -> set[str]:
        """Extend every lease this node holds; returns the tables whose lease it lost (taken
        over with a newer token). Committed at once."""
        self.commit()
        rows = self.conn.execute(
            f"UPDATE leases SET expires = {NOW} + %s WHERE node = %s RETURNING table_id, token",
            (self.lease_seconds, self.node),
        ).fetchall()
        self.conn.commit()
        now_held = {tid: int(tok) for tid, tok in rows}
        lost = {t for t, tok in self.tokens.items() if now_held.get(t) != tok}
        for t in lost:
            del self.tokens[t]
        return lost

    def release(self, tables: list[str]) -> None:
        """Give up the leases of ``tables`` (ended and out of memory). Committed at once."""
        self.commit()
        self.conn.execute(
            "DELETE FROM leases WHERE node = %s AND table_id = ANY(%s)", (self.node, tables)
        )
        self.conn.commit()
        for t in tables:
            self.tokens.pop(t, None)

    def load(self, table: str) -> TableRecord | None:
        rec = super().load(table)
        if rec is not None and self.node is not None:  # its moves not yet written
            rec.moves.extend(
                MoveRecord(seat=r[2], move=_dec.decode(r[3]), t=r[4], how=r[5])
                for r in self._rows
                if r[0] == table
            )
        return rec

    def unfinished(self) -> list[TableRecord]:
        """Every table not finished; on a node, only those it holds, after taking over the
        ones nobody holds (its start-up recovery)."""
        if self.node is None:
            return super().unfinished()
        self.take_over(limit=1_000_000)
        return [r for r in super().unfinished() if r.table in self.tokens]

    # -- the rest of what a node asks (NodeRows) ------------------------------------------------
    def hand_back(self) -> list[str]:
        """Stopping: this node's leases expire now and its heartbeat row goes, so that the
        other nodes need not wait for them; returns the other nodes alive (to be told to take
        over at once). Committed at once."""
        self.commit()
        held = list(self.tokens)
        if held:
            self.conn.execute(
                f"UPDATE leases SET expires = {NOW} - 1 WHERE node = %s AND table_id = ANY(%s)",
                (self.node, held),
            )
        self.conn.execute("DELETE FROM nodes WHERE name = %s", (self.node,))
        others = self.conn.execute(
            f"SELECT name FROM nodes WHERE seen > {NOW} - %s", (self.lease_seconds,)
        ).fetchall()
        self.conn.commit()
        return [str(name) for (name,) in others]

    def owner_lookup(self, table: str) -> tuple[str, bool] | None:
        """(the node holding ``table``'s lease, whether it is live), or None: no lease. Read
        on :attr:`reader`'s connection, not the loop's: any thread may call it. It sees
        committed leases only (a table's lease is committed with its creation)."""
        return self.side.owner(table)

    def publish(self, listed: Sequence[Listed], gone: Sequence[str]) -> None:
        """This node's tables in the lobby's shared listing: ``listed`` written under this
        node's name, ``gone`` deleted. On :attr:`side`'s connection: any thread may call it."""
        self.side.publish(self.node or "", listed, gone)

    def heartbeat(self, started: float) -> tuple[set[str], set[str]]:
        """This node is alive (``nodes.seen``, the database's clock); returns the other nodes
        (alive, silent for a lease's length). On :attr:`side`'s connection: any thread may
        call it."""
        return self.side.heartbeat(self.node or "", started, self.lease_seconds)

    def live_sessions(self, hashes: Collection[str]) -> set[str]:
        """Those of these session hashes whose session exists and has not expired (the
        database's clock). On :attr:`side`'s connection: any thread may call it."""
        return self.side.live_sessions(hashes)

    def listed(
        self,
        node: str,
        statuses: Sequence[str],
        game: str | None,
        after: tuple[float, str] | None,
        limit: int,
    ) -> list[tuple[float, str]]:
        """(created, info) of the public tables other nodes than ``node`` list, in these
        statuses (of ``game``; after ``after`` in (created, table) order), oldest first."""
        q = "SELECT created, info FROM listing WHERE node <> %s AND private = 0 AND status = ANY(%s)"
        args: list[Any] = [node, list(statuses)]
        if game is not None:
            q += " AND game = %s"
            args.append(game)
        if after is not None:
            q += " AND (created, table_id) > (%s, %s)"
            args += [after[0], after[1]]
        q += " ORDER BY created, table_id LIMIT %s"
        args.append(limit)
        return [(float(c), str(i)) for c, i in self.conn.execute(q, args).fetchall()]

    def quick_listed(
        self, node: str, game: str, players: int, level: str
    ) -> tuple[str, str] | None:
        """(table, node) of the oldest quick-play table of another node than ``node`` (its
        lease live), waiting, of this game, size and bot level, with a free seat."""
        row = self.conn.execute(
            "SELECT l.table_id, l.node FROM listing l JOIN leases s ON s.table_id = l.table_id"
            f" AND s.node = l.node AND s.expires > {NOW} WHERE l.node <> %s AND l.quick = 1"
            " AND l.status = 'waiting' AND l.game = %s AND l.players = %s AND l.free > 0"
            " AND l.bot_kind = %s ORDER BY l.created, l.table_id LIMIT 1",
            (node, game, players, level),
        ).fetchone()
        return None if row is None else (str(row[0]), str(row[1]))

    def close(self) -> None:
        self.side.close()
        if not self.conn.closed:
            self.commit()
            self.conn.close()


class SideConnection:
    """A node's second connection to PostgreSQL (autocommit, opened at its first use, opened
    again after a failure), for what needs nothing of the loop's transaction: who holds a
    table, the node's heartbeat, its listing, the sessions check. A worker thread asks here
    while the loop's connection is in a transaction, so the event loop never waits on these:
    one statement at a time (a lock)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.lock = threading.Lock()
        self.conn: Any = None

    def _connected(self) -> Any:
        import psycopg

        if self.conn is None or self.conn.closed or self.conn.broken:
            self.conn = psycopg.connect(
                self.url, autocommit=True, connect_timeout=READER_TIMEOUT, options=SESSION
            )
        return self.conn

    def owner(self, table: str) -> tuple[str, bool] | None:
        """(node, whether its lease is live), or None: no lease. Raises psycopg's errors
        (PostgreSQL away); the next call connects again."""
        with self.lock:
            row = (
                self._connected()
                .execute(f"SELECT node, expires > {NOW} FROM leases WHERE table_id = %s", (table,))
                .fetchone()
            )
        return None if row is None else (str(row[0]), bool(row[1]))

    def heartbeat(self, node: str, started: float, lease: float) -> tuple[set[str], set[str]]:
        """``node`` is alive; the other nodes (alive, silent for ``lease`` seconds)."""
        with self.lock:
            conn = self._connected()
            conn.execute(
                f"INSERT INTO nodes (name, started, seen) VALUES (%s, %s, {NOW})"
                " ON CONFLICT (name) DO UPDATE SET seen = excluded.seen",
                (node, started),
            )
            seen = conn.execute(
                f"SELECT name, seen < {NOW} - %s FROM nodes WHERE name <> %s", (lease, node)
            ).fetchall()
        return {n for n, silent in seen if not silent}, {n for n, silent in seen if silent}

    def publish(self, node: str, listed: Sequence[Listed], gone: Sequence[str]) -> None:
        """``listed`` written in the listing under ``node``'s name, ``gone`` deleted (one
        transaction)."""
        with self.lock:
            conn = self._connected()
            with conn.transaction(), conn.cursor() as cur:
                if listed:
                    cur.executemany(
                        "INSERT INTO listing (table_id, node, game, players, status, created,"
                        " private, quick, free, info, bot_kind)"
                        " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
                        " ON CONFLICT (table_id) DO UPDATE SET node = excluded.node,"
                        " status = excluded.status, free = excluded.free, info = excluded.info",
                        [(t.table, node, *t[1:]) for t in listed],
                    )
                if gone:
                    cur.execute("DELETE FROM listing WHERE table_id = ANY(%s)", (list(gone),))

    def live_sessions(self, hashes: Collection[str]) -> set[str]:
        with self.lock:
            rows = (
                self._connected()
                .execute(
                    f"SELECT token_hash FROM sessions WHERE token_hash = ANY(%s) AND expires > {NOW}",
                    (list(hashes),),
                )
                .fetchall()
            )
        return {str(h) for (h,) in rows}

    def close(self) -> None:
        with self.lock:
            if self.conn is not None:
                self.conn.close()
                self.conn = None
