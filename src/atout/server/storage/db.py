"""What the game master asks of its database, typed: one interface, two real implementations
(SQLite: :class:`~atout.server.storage.store.SQLiteStore`; PostgreSQL:
:class:`~atout.server.storage.pgstore.PostgresStore`), each with its own SQL where the two differ and
the statements they share written once (:class:`~atout.server.storage.sqlbase.SqlStore`).

* :class:`TableStore`: the tables' records (the core, the tables, recovery, ``atout export``);
* :class:`AccountRows`: accounts and sessions (:mod:`atout.server.accounts.accounts`, :mod:`.names`);
* :class:`RatingRows`: ratings, plays and the lists read from them (:mod:`.ratings`);
* :class:`CounterRows`: the login limits' counters (:mod:`.throttle`).

:class:`Database` is the four together: what :class:`~atout.server.core.router.Core` is given. Several
nodes also need :class:`NodeRows` (leases, the lobby's shared listing, the nodes' heartbeat),
which PostgreSQL alone has: an SQLite file belongs to one game master.

Every write joins the store's open transaction and marks it ``dirty``; :meth:`TableStore.commit`
makes it durable, and the shell commits before it announces anything the writes caused. Outside
the two implementations nothing holds a connection or writes SQL.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any, NamedTuple, Protocol

from atout.server.storage.record import MoveRecord, SeatRecord, TableRecord

# -- rows -----------------------------------------------------------------------------------


class Account(NamedTuple):
    """An account as stored: ``name`` as its owner wrote it, ``password`` its argon2id hash."""

    id: int
    name: str
    password: str
    created: float


class Counter(NamedTuple):
    """A login limit's counter: its count (or a bucket's tokens), when it last moved, and the
    first time another attempt is allowed."""

    n: float
    at: float
    until: float


class RatingRow(NamedTuple):
    """One seat's rating after a rated game (``player``: an account's key, or ``bot:<kind>``)."""

    game: str
    player: str
    kind: str  # "account" or "bot"
    name: str
    mu: float
    sigma: float
    ordinal: float
    won: int


class PlayRow(NamedTuple):
    """An account's seat at a finished table."""

    table: str
    seat: int
    account: str  # the account's key (casefolded)
    game: str
    ended: float
    won: int
    rated: int
    rating_after: float | None


class Ranked(NamedTuple):
    """A leaderboard's line."""

    name: str
    kind: str
    ordinal: float
    mu: float
    sigma: float
    games: int
    wins: int


class GameRating(NamedTuple):
    """An account's rating in one game."""

    game: str
    ordinal: float
    mu: float
    sigma: float
    games: int
    wins: int


class Play(NamedTuple):
    """A game an account played, as its player page lists it."""

    table: str
    game: str
    ended: float
    seat: int
    won: int
    rated: int
    rating_after: float | None


class Finished(NamedTuple):
    """A finished table, as the history lists it (``result``: its JSON)."""

    table: str
    game: str
    finished: float
    result: str | None
    rated: int


class Listed(NamedTuple):
    """One of a node's tables as the lobby's shared listing shows it (``info``: the protocol's
    TableInfo, JSON)."""

    table: str
    game: str
    players: int
    status: str
    created: float
    private: int
    quick: int
    free: int
    info: str
    bot_kind: str


# -- the interface -----------------------------------------------------------------------------


class TableStore(Protocol):
    """What the game master keeps of its tables, and reads back (crash recovery, finished
    tables evicted from memory, ``atout verify``). Writes belong to one transaction that
    :meth:`commit` makes durable; the shell commits before it sends what the writes announce.
    Both stores are run through tests/server/test_store_pg.py (docs/ARCHITECTURE.md, "Stores")."""

    dirty: bool  # something was written since the last commit

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


class AccountRows(Protocol):
    """Accounts and their sessions. ``key`` is an account's casefolded name (unique); a session
    is known by its token's sha256 only."""

    def account(self, key: str) -> Account | None:
        """The account of this key, or None."""
        ...

    def account_by_keys(self, key: str, skeleton: str, skeleton_cased: str) -> str | None:
        """The name of an account with this key, or one of these skeletons (a look-alike: the
        same key first); None if there is none."""
        ...

    def add_account(
        self, name: str, key: str, password: str, created: float, skeleton: str, skeleton_cased: str
    ) -> int:
        """A new account; its id. Raises the database's integrity error if the key is taken
        (that statement fails alone: the transaction and its moves go on)."""
        ...

    def set_password(self, account: int, hashed: str) -> None:
        """The account's password hashed again (newer parameters)."""

    def add_session(self, token_hash: str, account: int, created: float, expires: float) -> None:
        """A new session of ``account``."""

    def session(self, token_hash: str) -> tuple[str, float] | None:
        """(the account's name, the session's expiry), or None."""
        ...

    def extend_session(self, token_hash: str, expires: float) -> None:
        """The session lives until ``expires``."""

    def end_session(self, token_hash: str) -> bool:
        """Delete the session; whether there was one."""
        ...

    def purge_sessions(self, now: float) -> int:
        """Delete the sessions expired at ``now``; how many."""
        ...


class RatingRows(Protocol):
    """Ratings per game, each account's plays, and the lists read from them. A ``viewer`` (an
    account's key, or None for a guest) sees every public table and the private ones it sat at."""

    def rating(self, game: str, player: str) -> tuple[float, float] | None:
        """(mu, sigma) of ``player`` in ``game``, or None: not rated yet."""
        ...

    def record_plays(
        self, table: str, rated: bool, ratings: Sequence[RatingRow], plays: Sequence[PlayRow]
    ) -> None:
        """A finished table: its ratings (each player's games and wins counted) and its plays
        written, the table marked rated or not."""

    def rated_count(self, game: str) -> int:
        """How many players ``game``'s leaderboard has."""
        ...

    def leaderboard(self, game: str, limit: int, offset: int) -> list[Ranked]:
        """A page of ``game``'s leaderboard: best rating first, then by name."""
        ...

    def ratings_of(self, player: str) -> list[GameRating]:
        """Every game's rating of the account ``player`` (its key), by game."""
        ...

    def plays_of(self, player: str, viewer: str | None, limit: int) -> list[Play]:
        """The latest games of the account ``player`` that ``viewer`` may see, newest first."""
        ...

    def rating_curve(self, player: str, game: str, limit: int) -> list[tuple[float, float | None]]:
        """(ended, rating after) of the latest ``limit`` rated games, newest first."""
        ...

    def seat_names(self, tables: Sequence[str]) -> dict[str, list[str]]:
        """Each of these tables' seats' names, in seat order."""
        ...

    def history(
        self, player: str | None, viewer: str | None, limit: int, offset: int
    ) -> list[Finished]:
        """Finished tables that ``viewer`` may see, newest first (only those where the account
        ``player`` sat, if given)."""
        ...


class CounterRows(Protocol):
    """The login limits' counters: moved by compare-and-set, so that two nodes never both take
    the last attempt."""

    def counter(self, key: str) -> Counter | None:
        """The counter ``key``, or None (never counted, or forgotten)."""
        ...

    def add_counter(self, key: str, to: Counter) -> bool:
        """Start the counter ``key``; False if another node started it meanwhile."""
        ...

    def move_counter(self, key: str, was: Counter, to: Counter) -> bool:
        """Move the counter ``key`` from ``was`` to ``to``; False if it was moved meanwhile."""
        ...

    def drop_counter(self, key: str) -> None:
        """Forget the counter ``key`` (a successful login)."""

    def purge_counters(self, before: float) -> int:
        """Forget the counters that have not moved since ``before``; how many."""
        ...


class Database(TableStore, AccountRows, RatingRows, CounterRows, Protocol):
    """Everything the game master keeps: what :class:`~atout.server.core.router.Core` is given."""


class NodeRows(Protocol):
    """What one node of several asks of the shared database (PostgreSQL only): the leases of
    its tables, the lobby's shared listing, the nodes' heartbeat. The methods that say
    "committed" first commit what is pending (fenced, as :meth:`TableStore.commit`), then write
    and commit their own rows; times are the database's clock, the same for every node."""

    node: str | None
    lease_seconds: float
    tokens: dict[str, int]  # the fencing token of each table this node holds

    def take_over(self, limit: int = 200, tables: list[str] | None = None) -> list[str]:
        """Lease the unfinished tables nobody holds to this node; the tables taken."""
        ...

    def renew(self) -> set[str]:
        """Extend this node's leases; the tables lost to another node."""
        ...

    def release(self, tables: list[str]) -> None:
        """Give up the leases of ``tables`` (ended and out of memory)."""

    def hand_back(self) -> list[str]:
        """Stopping: this node's leases expire now and its heartbeat row goes; the other
        nodes alive (to be told to take over at once). Committed."""
        ...

    def owner_lookup(self, table: str) -> tuple[str, bool] | None:
        """(the node holding ``table``'s lease, whether the lease is live), or None: no lease.
        On a connection of its own: callable from a worker thread."""
        ...

    def publish(self, listed: Sequence[Listed], gone: Sequence[str]) -> None:
        """This node's tables in the shared listing: ``listed`` written (under this node's
        name), ``gone`` deleted. On a connection of its own (a worker thread's), committed
        apart from the loop's transaction."""

    def heartbeat(self, started: float) -> tuple[set[str], set[str]]:
        """This node is alive; the other nodes (alive, silent for a lease's length). On a
        connection of its own (a worker thread's)."""
        ...

    def live_sessions(self, hashes: Collection[str]) -> set[str]:
        """Those of these session hashes whose session exists and has not expired. On a
        connection of its own (a worker thread's)."""
        ...

    def listed(
        self,
        node: str,
        statuses: Sequence[str],
        game: str | None,
        after: tuple[float, str] | None,
        limit: int,
    ) -> list[tuple[float, str]]:
        """(created, info) of the public tables of nodes other than ``node`` in these statuses
        (of ``game``, after ``after`` in (created, table) order), oldest first."""
        ...

    def quick_listed(
        self, node: str, game: str, players: int, level: str
    ) -> tuple[str, str] | None:
        """(table, node) of the oldest quick-play table of another node whose lease is live,
        waiting, of this game, size and bot level, with a free seat; None if there is none."""
        ...

    def abandon(self) -> set[str]:
        """After a failure (a commit, or one of the methods above): the open transaction is
        rolled back; the tables it had written are returned and their tokens forgotten."""
        ...

    def reopen(self) -> bool:
        """Connect again if the connection was lost; whether it did."""
        ...
