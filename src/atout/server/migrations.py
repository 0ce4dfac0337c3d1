"""Versioned schema migrations of the game master's one SQLite database.

The schema's version is SQLite's ``PRAGMA user_version``. Version 0 is the tables, seats and
journal of :data:`atout.server.store.SCHEMA` as every database had them before the players'
platform (older layouts are brought there by ``SQLiteStore._legacy``). Each later version is one
step of :data:`MIGRATIONS`, applied in order inside the store's open transaction and committed
with it: an existing database is upgraded in place, nothing is dropped or rewritten, and a
database newer than this code is refused rather than guessed at.

Add a migration by appending a step; never edit one that has shipped.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

Step = Callable[[sqlite3.Connection], None]


class SchemaTooNew(RuntimeError):
    """The database was written by a newer atout: upgrade atout, do not open it with this one."""


def _v1_platform(db: sqlite3.Connection) -> None:
    """Accounts, sessions, ratings and each account's games (the players' platform)."""
    db.execute("ALTER TABLE tables ADD COLUMN rated INTEGER NOT NULL DEFAULT 0")
    db.execute("ALTER TABLE seats ADD COLUMN account TEXT")  # the account's name, or NULL
    for sql in (
        "CREATE INDEX tables_finished ON tables(status, finished)",
        # name: as its owner wrote it (NFKC); key: casefolded, unique
        """CREATE TABLE accounts (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            key TEXT NOT NULL UNIQUE,
            password TEXT NOT NULL,
            created REAL NOT NULL
        )""",
        # the sha256 of the session token (the token itself is never stored)
        """CREATE TABLE sessions (
            token_hash TEXT PRIMARY KEY,
            account INTEGER NOT NULL REFERENCES accounts(id),
            created REAL NOT NULL,
            expires REAL NOT NULL
        )""",
        "CREATE INDEX sessions_account ON sessions(account)",
        "CREATE INDEX sessions_expires ON sessions(expires)",
        # player: an account's key, or 'bot:<kind>'; ordinal = mu - 3 sigma
        """CREATE TABLE ratings (
            game TEXT NOT NULL,
            player TEXT NOT NULL,
            kind TEXT NOT NULL,
            name TEXT NOT NULL,
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
            ordinal REAL NOT NULL,
            games INTEGER NOT NULL DEFAULT 0,
            wins INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (game, player)
        )""",
        "CREATE INDEX ratings_board ON ratings(game, ordinal DESC)",
        # one row per seat an account held at a finished table
        """CREATE TABLE plays (
            table_id TEXT NOT NULL,
            seat INTEGER NOT NULL,
            account TEXT NOT NULL,
            game TEXT NOT NULL,
            ended REAL NOT NULL,
            won INTEGER NOT NULL,
            rated INTEGER NOT NULL,
            rating_after REAL,
            PRIMARY KEY (table_id, seat)
        )""",
        "CREATE INDEX plays_account ON plays(account, ended DESC)",
    ):
        db.execute(sql)


def _v2_rating_indexes(db: sqlite3.Connection) -> None:
    """A leaderboard page read from the index alone, in its order (rating, then name: the first
    index ordered by rating only, so every page sorted the whole game: 56 ms p99 at 10,000
    players); a player's ratings by player."""
    db.execute("DROP INDEX ratings_board")
    db.execute(
        "CREATE INDEX ratings_board ON ratings(game, ordinal DESC, name, kind, mu, sigma, games,"
        " wins)"
    )
    db.execute("CREATE INDEX ratings_player ON ratings(player)")


#: (version reached, what it adds, the step). Version 0 needs no step.
MIGRATIONS: list[tuple[int, str, Step]] = [
    (1, "accounts, sessions, ratings, plays; tables.rated, seats.account", _v1_platform),
    (2, "covering leaderboard index; ratings by player", _v2_rating_indexes),
]
LATEST = MIGRATIONS[-1][0]


def version(db: sqlite3.Connection) -> int:
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def upgrade(db: sqlite3.Connection) -> list[int]:
    """Apply every step above the database's version, in the caller's open transaction
    (``PRAGMA user_version`` is transactional: a failed upgrade leaves the old version).
    Returns the versions applied. Raises :class:`SchemaTooNew` for a newer database."""
    have = version(db)
    if have > LATEST:
        raise SchemaTooNew(
            f"the database has schema version {have}; this atout knows up to {LATEST}"
        )
    done = []
    for v, _what, step in MIGRATIONS:
        if v > have:
            step(db)
            db.execute(f"PRAGMA user_version={v}")
            done.append(v)
    return done
