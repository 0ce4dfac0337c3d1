"""Versioned schema migrations of the game master's database, written once for both SQL
dialects (SQLite and PostgreSQL, :class:`Dialect`).

Version 0 is the tables, seats and journal (:data:`V0`; SQLite's ``store.SCHEMA``) as every
database had them before the players' platform (older SQLite layouts are brought there by
``SQLiteStore._legacy``). Each later version is one step of :data:`MIGRATIONS`, applied in order
inside the store's open transaction and committed with it: an existing database is upgraded in
place, nothing is dropped or rewritten, and a database newer than this code is refused rather
than guessed at (:func:`pending`). Each store applies them: SQLite keeps the version in
``PRAGMA user_version`` (``SQLiteStore._upgrade``), PostgreSQL in ``atout_schema``
(``PostgresStore._upgrade``).

The statements are templates: ``{real}`` a float, ``{key}`` an integer key the database gives,
``{ref}`` a column referring to one, ``{name}`` text ordered for people (byte order in both:
SQLite's BINARY, PostgreSQL's "C" collation, whatever the cluster's locale), ``{rowid}`` the order
of insertion where the database has no implicit rowid (``plays.rowid``, which the history's ORDER
BY uses), ``{journal_id}``/``{journal_key}`` the journal's key (SQLite: an append-only rowid;
PostgreSQL: ``(table_id, n)``, which refuses a move written twice), ``{p}`` the driver's
placeholder (``?``, ``%s``). A step may also be a function, given a cursor and the dialect.

Add a migration by appending a step; never edit one that has shipped (the text each dialect
gets from a template must stay the same).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from atout.server.accounts import names


class SchemaTooNew(RuntimeError):
    """The database was written by a newer atout: upgrade atout, do not open it with this one."""


@dataclass(frozen=True)
class Dialect:
    """What differs between SQLite and PostgreSQL in the schema: column types, the journal's
    key and the placeholder (see the module's docstring)."""

    name: str
    real: str
    key: str
    ref: str
    text_c: str
    rowid: str
    journal_id: str
    journal_key: str
    p: str

    def sql(self, template: str) -> str:
        return template.format_map({**vars(self), "name": self.text_c})


SQLITE = Dialect(
    "sqlite",
    "REAL",
    "INTEGER PRIMARY KEY",
    "INTEGER",
    "TEXT",
    "",
    "\n    id INTEGER PRIMARY KEY,",
    "",
    "?",
)
POSTGRES = Dialect(
    "postgresql",
    "DOUBLE PRECISION",
    "BIGSERIAL PRIMARY KEY",
    "BIGINT",
    'TEXT COLLATE "C"',
    "\n            rowid BIGSERIAL,",
    "",
    ",\n    PRIMARY KEY (table_id, n)",
    "%s",
)


class Cursor(Protocol):
    """A DB-API cursor (sqlite3's or psycopg's): what a step written in Python is given."""

    def execute(self, sql: str, params: Any = ..., /) -> Any: ...

    def executemany(self, sql: str, rows: Any, /) -> Any: ...


Step = str | Callable[[Cursor, Dialect], None]

#: Version 0: the tables, their seats and the journal of unfinished tables' moves.
V0 = [
    """CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    options TEXT NOT NULL,
    settings TEXT NOT NULL,
    status TEXT NOT NULL,
    created {real} NOT NULL,
    started {real},
    finished {real},
    seed TEXT,
    commitment TEXT,
    result TEXT,
    rematch_of TEXT,
    rematch TEXT,
    moves TEXT,
    secret TEXT,
    next_secret TEXT
)""",
    "CREATE INDEX IF NOT EXISTS tables_status ON tables(status)",
    """CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    name {name} NOT NULL,
    bot TEXT,
    token_hash TEXT,
    nonce TEXT,
    nonce_by TEXT,
    PRIMARY KEY (table_id, seat)
)""",
    """CREATE TABLE IF NOT EXISTS journal ({journal_id}
    table_id TEXT NOT NULL,
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    move TEXT NOT NULL,
    t {real} NOT NULL,
    how TEXT NOT NULL{journal_key}
)""",
]

V1_PLATFORM = [
    "ALTER TABLE tables ADD COLUMN rated INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE seats ADD COLUMN account TEXT",  # the account's name, or NULL
    "CREATE INDEX tables_finished ON tables(status, finished)",
    # name: as its owner wrote it (NFKC); key: casefolded, unique
    """CREATE TABLE accounts (
            id {key},
            name {name} NOT NULL,
            key TEXT NOT NULL UNIQUE,
            password TEXT NOT NULL,
            created {real} NOT NULL
        )""",
    # the sha256 of the session token (the token itself is never stored)
    """CREATE TABLE sessions (
            token_hash TEXT PRIMARY KEY,
            account {ref} NOT NULL REFERENCES accounts(id),
            created {real} NOT NULL,
            expires {real} NOT NULL
        )""",
    "CREATE INDEX sessions_account ON sessions(account)",
    "CREATE INDEX sessions_expires ON sessions(expires)",
    # player: an account's key, or 'bot:<kind>'; ordinal = mu - 3 sigma
    """CREATE TABLE ratings (
            game TEXT NOT NULL,
            player TEXT NOT NULL,
            kind TEXT NOT NULL,
            name {name} NOT NULL,
            mu {real} NOT NULL,
            sigma {real} NOT NULL,
            ordinal {real} NOT NULL,
            games INTEGER NOT NULL DEFAULT 0,
            wins INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (game, player)
        )""",
    "CREATE INDEX ratings_board ON ratings(game, ordinal DESC)",
    # one row per seat an account held at a finished table
    """CREATE TABLE plays ({rowid}
            table_id TEXT NOT NULL,
            seat INTEGER NOT NULL,
            account TEXT NOT NULL,
            game TEXT NOT NULL,
            ended {real} NOT NULL,
            won INTEGER NOT NULL,
            rated INTEGER NOT NULL,
            rating_after {real},
            PRIMARY KEY (table_id, seat)
        )""",
    "CREATE INDEX plays_account ON plays(account, ended DESC)",
]

# A leaderboard page read from the index alone, in its order (rating, then name: the first
# index ordered by rating only, so every page sorted the whole game: 56 ms p99 at 10,000
# players); a player's ratings by player.
V2_RATING_INDEXES = [
    "DROP INDEX ratings_board",
    "CREATE INDEX ratings_board ON ratings(game, ordinal DESC, name, kind, mu, sigma, games, wins)",
    "CREATE INDEX ratings_player ON ratings(player)",
]

# Several game master nodes on one database (PostgreSQL only: pgstore's version 3; SQLite stays
# at version 2):
# each unfinished table is owned by the node holding its lease, renewed before ``expires`` (the
# database's clock, seconds since the epoch); ``token`` grows at every takeover and every write
# of the owner carries it (pgstore: a stale token is refused). ``listing`` is each node's
# tables as the shared lobby lists them (``info``: the protocol's TableInfo, JSON); ``nodes``
# the nodes alive (``seen`` renewed with their leases).
V3_NODES = [
    """CREATE TABLE leases (
            table_id TEXT PRIMARY KEY,
            node TEXT NOT NULL,
            token {ref} NOT NULL,
            expires {real} NOT NULL
        )""",
    "CREATE INDEX leases_node ON leases(node)",
    """CREATE TABLE listing (
            table_id TEXT PRIMARY KEY,
            node TEXT NOT NULL,
            game TEXT NOT NULL,
            players INTEGER NOT NULL,
            status TEXT NOT NULL,
            created {real} NOT NULL,
            private INTEGER NOT NULL,
            quick INTEGER NOT NULL,
            free INTEGER NOT NULL,
            info TEXT NOT NULL
        )""",
    "CREATE INDEX listing_node ON listing(node)",
    """CREATE TABLE nodes (
            name TEXT PRIMARY KEY,
            started {real} NOT NULL,
            seen {real} NOT NULL
        )""",
]

# Quick play's bot level in the shared listing, so that a node sends a quick-play request to
# another node's waiting table of the same level only (PostgreSQL only: version 4).
V4_LISTING_LEVEL = ["ALTER TABLE listing ADD COLUMN bot_kind TEXT NOT NULL DEFAULT ''"]

# Login and signup limits (issue 27): one row per counter, shared by every node on PostgreSQL.
# ``key`` names the counter ("n:<address>:<name>" a name tried from an address, "a:<address>" an
# address's logins, "s:<address>" its signups); ``n`` its count (or a bucket's tokens), ``at``
# when it last moved, ``until`` the first time another attempt is allowed (accounts.Throttle).
V5_THROTTLE = [
    """CREATE TABLE throttle (
            key TEXT PRIMARY KEY,
            n {real} NOT NULL,
            at {real} NOT NULL,
            until {real} NOT NULL
        )""",
    "CREATE INDEX throttle_at ON throttle(at)",
]

# Private tables (issue 27): 1 for a table created with ``private: true`` (its settings say so
# too; this column lets the history and the player pages leave it out for whoever did not sit at
# it). Tables written before it are marked from their settings: compact JSON, which holds
# ``"private":true`` only when it is true (older stores wrote it as bytes: hence the CAST).
V6_PRIVATE = [
    "ALTER TABLE tables ADD COLUMN private INTEGER NOT NULL DEFAULT 0",
    """UPDATE tables SET private = 1 WHERE CAST(settings AS TEXT) LIKE '%"private":true%'""",
]

# Fair deals by commit-reveal (issue 27 item 7): each seat's nonce_commitment, sent with the
# seat (its nonce comes with the reveal); the record format of the tables written before it
# with a secret ("atout-record/2": nonces given in the clear). NULL: the current rules
# (format 3 with a secret, format 1 without).
V7_COMMIT_REVEAL = [
    "ALTER TABLE seats ADD COLUMN nonce_commitment TEXT",
    "ALTER TABLE tables ADD COLUMN record_format TEXT",
    "UPDATE tables SET record_format = 'atout-record/2' WHERE secret IS NOT NULL",
]


def backfill_skeletons(cur: Cursor, d: Dialect) -> None:
    """Every account's skeletons (version 8 adds their columns)."""
    rows = cur.execute("SELECT id, name FROM accounts").fetchall()
    cur.executemany(
        d.sql("UPDATE accounts SET skeleton={p}, skeleton_cased={p} WHERE id={p}"),
        [(*names.keys(str(name)), ident) for ident, name in rows],
    )


# Names that look alike (issue 27 item 8): each account's two UTS #39 skeletons (names.keys: of
# the case-folded name, and as written), indexed: a signup or a guest whose name looks like an
# account's is refused. The accounts written before are filled in by Python (a skeleton comes
# from Unicode's confusables data, names.py, not from SQL): a step may be a function of a
# cursor and the dialect.
V8_NAME_SKELETONS: list[Step] = [
    "ALTER TABLE accounts ADD COLUMN skeleton TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE accounts ADD COLUMN skeleton_cased TEXT NOT NULL DEFAULT ''",
    backfill_skeletons,
    "CREATE INDEX accounts_skeleton ON accounts(skeleton)",
    "CREATE INDEX accounts_skeleton_cased ON accounts(skeleton_cased)",
]

#: (version reached, what it adds, the step). Version 0 needs no step. Versions are shared with
#: :data:`PG_ONLY` (PostgreSQL applies both lists, in version order): a new step of either list
#: takes the next number after every step of both (SQLite skips the numbers of PG_ONLY's).
MIGRATIONS: list[tuple[int, str, list[Step]]] = [
    (1, "accounts, sessions, ratings, plays; tables.rated, seats.account", V1_PLATFORM),
    (2, "covering leaderboard index; ratings by player", V2_RATING_INDEXES),
    (5, "throttle: login and signup limits shared by every node", V5_THROTTLE),
    (6, "tables.private: private tables stay out of public lists", V6_PRIVATE),
    (7, "seats.nonce_commitment, tables.record_format (commit-reveal)", V7_COMMIT_REVEAL),
    (8, "accounts.skeleton, skeleton_cased (names that look alike)", V8_NAME_SKELETONS),
]
#: Steps of PostgreSQL alone, after the shared ones.
PG_ONLY: list[tuple[int, str, list[Step]]] = [
    (3, "leases, listing, nodes (several nodes)", V3_NODES),
    (4, "listing.bot_kind (quick play by level)", V4_LISTING_LEVEL),
]
LATEST = MIGRATIONS[-1][0]


def pending(
    have: int, steps: list[tuple[int, str, list[Step]]] = MIGRATIONS
) -> list[tuple[int, str, list[Step]]]:
    """The steps above version ``have``, in order. Raises :class:`SchemaTooNew` for a database
    newer than the last step."""
    latest = steps[-1][0]
    if have > latest:
        raise SchemaTooNew(
            f"the database has schema version {have}; this atout knows up to {latest}"
        )
    return [step for step in steps if step[0] > have]
