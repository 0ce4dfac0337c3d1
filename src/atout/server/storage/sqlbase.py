"""What the two SQL stores share: the statements both databases take as they are (but for the
placeholder), and the methods of :class:`~atout.server.storage.db.Database` that run them. Each store
adds what is its own: SQLite's journal and checkpoints (:mod:`atout.server.storage.store`),
PostgreSQL's journal, savepoints, leases and listing (:mod:`atout.server.storage.pgstore`).

**Placeholders.** A statement here is a template whose parameters are written ``{p}``; each
store renders every template once, with its driver's placeholder (:class:`Sql`: ``?`` for
sqlite3, ``%s`` for psycopg), before anything runs. Nothing is rewritten while the statements
run, and a statement that differs between the two is not here but in its store's module.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from atout.server.storage.db import (
    Account,
    Counter,
    Finished,
    GameRating,
    Play,
    PlayRow,
    Ranked,
    RatingRow,
)
from atout.server.storage.record import (
    RECORD_FORMAT,
    RECORD_FORMAT_1,
    MoveRecord,
    SeatRecord,
    TableRecord,
)

_COLUMNS = (
    "id, game, players, options, settings, status, created, started, finished,"
    " seed, commitment, result, rematch_of, rematch, moves, secret, next_secret, record_format"
)
_SEAT_COLUMNS = "seat, name, bot, token_hash, nonce, nonce_by, account, nonce_commitment"
_LIVE = "JOIN tables t ON t.id = x.table_id WHERE t.status IN ('waiting', 'playing')"

_enc = msgspec.json.Encoder()
_dec = msgspec.json.Decoder()
_dec_moves = msgspec.json.Decoder(list[MoveRecord])


def _upsert(table: str, key: str, columns: str) -> str:
    """A row of ``table`` inserted, or its other columns replaced where a row has its ``key``
    (one ``{p}`` per column: the count written once, by the columns' list)."""
    keys = key.split(", ")
    values = ", ".join("{p}" for _ in columns.split(", "))
    update = ", ".join(f"{c}=excluded.{c}" for c in columns.split(", ") if c not in keys)
    return (
        f"INSERT INTO {table} ({columns}) VALUES ({values})"
        f" ON CONFLICT ({key}) DO UPDATE SET {update}"
    )


class Sql:
    """The statements both databases take as written, rendered with the placeholder ``p``."""

    def __init__(self, p: str) -> None:
        self.p = p

        def q(template: str) -> str:
            assert "%" not in template  # psycopg would take it for a placeholder
            return template.replace("{p}", p)

        # -- the tables' records
        self.create_table = q(
            "INSERT INTO tables (id, game, players, options, settings, status, created,"
            " rematch_of, secret, commitment, private)"
            " VALUES ({p}, {p}, {p}, {p}, {p}, {p}, {p}, {p}, {p}, {p}, {p})"
        )
        self.set_seat = q(_upsert("seats", "table_id, seat", f"table_id, {_SEAT_COLUMNS}"))
        self.set_secret = q("UPDATE tables SET secret={p}, commitment={p} WHERE id={p}")
        self.set_next_secret = q("UPDATE tables SET next_secret={p} WHERE id={p}")
        self.start = q(
            "UPDATE tables SET status='playing', seed={p}, commitment={p}, started={p} WHERE id={p}"
        )
        self.finish = q(
            "UPDATE tables SET status='finished', result={p}, finished={p}, moves={p} WHERE id={p}"
        )
        self.end = q("UPDATE tables SET status={p}, finished={p}, moves={p} WHERE id={p}")
        self.set_rematch = q("UPDATE tables SET rematch={p} WHERE id={p}")
        self.exists = q("SELECT 1 FROM tables WHERE id={p}")
        self.load = q("SELECT " + _COLUMNS + " FROM tables WHERE id={p}")
        self.journal_of = q("SELECT seat, move, t, how FROM journal WHERE table_id={p} ORDER BY n")
        self.seats_of = q(
            "SELECT " + _SEAT_COLUMNS + " FROM seats WHERE table_id={p} ORDER BY seat"
        )
        self.unfinished = (
            f"SELECT {_COLUMNS} FROM tables WHERE status IN ('waiting', 'playing')"
            " ORDER BY created, id"
        )
        self.unfinished_moves = (
            f"SELECT x.table_id, x.seat, x.move, x.t, x.how FROM journal x {_LIVE}"
            " ORDER BY x.table_id, x.n"
        )
        cols = ", ".join(f"x.{c}" for c in _SEAT_COLUMNS.split(", "))
        self.unfinished_seats = (
            f"SELECT x.table_id, {cols} FROM seats x {_LIVE} ORDER BY x.table_id, x.seat"
        )
        # -- accounts and sessions
        self.account = q("SELECT id, name, password, created FROM accounts WHERE key={p}")
        self.account_by_keys = q(
            "SELECT name FROM accounts WHERE key={p} OR skeleton={p} OR skeleton_cased={p}"
            " ORDER BY key={p} DESC LIMIT 1"  # the same name first
        )
        self.add_account = q(  # RETURNING: SQLite and PostgreSQL alike (no lastrowid)
            "INSERT INTO accounts (name, key, password, created, skeleton, skeleton_cased)"
            " VALUES ({p}, {p}, {p}, {p}, {p}, {p}) RETURNING id"
        )
        self.set_password = q("UPDATE accounts SET password={p} WHERE id={p}")
        self.add_session = q(
            "INSERT INTO sessions (token_hash, account, created, expires) VALUES ({p}, {p}, {p}, {p})"
        )
        self.session = q(
            "SELECT a.name, s.expires FROM sessions s JOIN accounts a ON a.id = s.account"
            " WHERE s.token_hash={p}"
        )
        self.extend_session = q("UPDATE sessions SET expires={p} WHERE token_hash={p}")
        self.end_session = q("DELETE FROM sessions WHERE token_hash={p}")
        self.purge_sessions = q("DELETE FROM sessions WHERE expires <= {p}")
        # -- ratings and plays
        self.rating = q("SELECT mu, sigma FROM ratings WHERE game={p} AND player={p}")
        self.add_ratings = q(
            "INSERT INTO ratings (game, player, kind, name, mu, sigma, ordinal, games, wins)"
            " VALUES ({p}, {p}, {p}, {p}, {p}, {p}, {p}, 1, {p}) ON CONFLICT (game, player)"
            " DO UPDATE SET mu=excluded.mu, sigma=excluded.sigma, ordinal=excluded.ordinal,"
            " games=ratings.games+1, wins=ratings.wins+excluded.wins"
        )
        self.add_plays = q(
            _upsert(
                "plays",
                "table_id, seat",
                "table_id, seat, account, game, ended, won, rated, rating_after",
            )
        )
        self.set_rated = q("UPDATE tables SET rated={p} WHERE id={p}")
        self.rated_count = q("SELECT COUNT(*) FROM ratings WHERE game={p}")
        self.leaderboard = q(
            "SELECT name, kind, ordinal, mu, sigma, games, wins FROM ratings WHERE game={p}"
            " ORDER BY ordinal DESC, name LIMIT {p} OFFSET {p}"
        )
        self.ratings_of = q(
            "SELECT game, ordinal, mu, sigma, games, wins FROM ratings WHERE player={p}"
            " AND kind='account' ORDER BY game"
        )
        self.rating_curve = q(
            "SELECT ended, rating_after FROM plays WHERE account={p} AND game={p} AND rated=1"
            " ORDER BY ended DESC LIMIT {p}"
        )
        # a table a viewer may see listed: every public one, and the private ones it sat at
        self.seen_by_guest = "t.private = 0"
        self.seen_by = q(
            "(t.private = 0 OR EXISTS (SELECT 1 FROM plays v WHERE v.table_id = t.id"
            " AND v.account = {p}))"
        )
        # -- the login limits' counters
        self.counter = q("SELECT n, at, until FROM throttle WHERE key={p}")
        self.add_counter = q(
            "INSERT INTO throttle (key, n, at, until) VALUES ({p}, {p}, {p}, {p})"
            " ON CONFLICT (key) DO NOTHING"
        )
        self.move_counter = q(
            "UPDATE throttle SET n={p}, at={p}, until={p} WHERE key={p} AND n={p} AND at={p}"
        )
        self.drop_counter = q("DELETE FROM throttle WHERE key={p}")
        self.purge_counters = q("DELETE FROM throttle WHERE at < {p}")


class SqlStore:
    """The :class:`~atout.server.storage.db.Database` methods both SQL stores share. A subclass gives
    its rendered statements (:attr:`sql`), runs them (:meth:`_run` in the open transaction,
    :meth:`_alone` and :meth:`_alone_many` for the platform's, each failing alone), and keeps
    its journal (:meth:`add_move`, :meth:`_write_rows`, :meth:`_ended`), commit and close.
    Subclasses: :class:`~atout.server.storage.store.SQLiteStore` and
    :class:`~atout.server.storage.pgstore.PostgresStore`."""

    sql: Sql
    dirty: bool

    def _run(self, sql: str, args: Sequence[Any] = ()) -> Any:
        """Run one statement in the open transaction; its cursor."""
        raise NotImplementedError

    def _alone(self, sql: str, args: Sequence[Any] = ()) -> Any:
        """Run one of the platform's statements (accounts, ratings, counters): a failing one
        is undone alone, the open transaction and its moves go on. Its cursor."""
        raise NotImplementedError

    def _alone_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> Any:
        """:meth:`_alone` for several rows of one statement."""
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

    # -- the tables' records: writes (inside the open transaction) ----------------------------
    def create_table(self, rec: TableRecord) -> None:
        self._run(
            self.sql.create_table,
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
        self._run(
            self.sql.set_seat,
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
        self._run(self.sql.set_secret, (secret, commitment, table))
        self._wrote(table)

    def set_next_secret(self, table: str, secret: str) -> None:
        """The secret committed (in ``game_over``) for ``table``'s rematch."""
        self._run(self.sql.set_next_secret, (secret, table))
        self._wrote(table)

    def start(self, table: str, seed: str, commitment: str, t: float) -> None:
        self._run(self.sql.start, (seed, commitment, t, table))
        self._wrote(table)

    def finish(self, table: str, result: dict[str, Any], t: float, moves: list[MoveRecord]) -> None:
        """The end, with the whole move list: the journal is no longer needed for ``table``."""
        self._run(self.sql.finish, (_text(result), t, _text(moves), table))
        self._ended(table)
        self._wrote(table)

    def end(self, table: str, status: str, t: float, moves: list[MoveRecord]) -> None:
        """A table ended without a result ("aborted" or "closed"): never resumed again."""
        self._run(self.sql.end, (status, t, _text(moves), table))
        self._ended(table)
        self._wrote(table)

    def set_rematch(self, table: str, new_table: str) -> None:
        self._run(self.sql.set_rematch, (new_table, table))
        self._wrote(table)

    # -- the tables' records: reads ------------------------------------------------------------
    def exists(self, table: str) -> bool:
        return self._run(self.sql.exists, (table,)).fetchone() is not None

    def load(self, table: str) -> TableRecord | None:
        row = self._run(self.sql.load, (table,)).fetchone()
        if row is None:
            return None
        if row[14] is not None:
            moves = _dec_moves.decode(row[14])
        else:  # not finished: its moves are in the journal (queued ones too)
            self._write_rows()
            moves = [
                MoveRecord(seat=s, move=_dec.decode(m), t=t, how=h)
                for s, m, t, h in self._run(self.sql.journal_of, (table,))
            ]
        seats = [_seat(*r) for r in self._run(self.sql.seats_of, (table,))]
        return _record(row, seats, moves)

    def unfinished(self) -> list[TableRecord]:
        """Every table not finished, with its seats and moves (three queries in all)."""
        self._write_rows()
        rows = self._run(self.sql.unfinished).fetchall()
        moves: dict[str, list[MoveRecord]] = {r[0]: [] for r in rows}
        for tid, s, m, t, h in self._run(self.sql.unfinished_moves):
            moves[tid].append(MoveRecord(seat=s, move=_dec.decode(m), t=t, how=h))
        seats: dict[str, list[SeatRecord]] = {r[0]: [] for r in rows}
        for tid, *row in self._run(self.sql.unfinished_seats):
            seats[tid].append(_seat(*row))
        return [_record(r, seats[r[0]], moves[r[0]]) for r in rows]

    def finished_ids(self, game: str | None = None, limit: int | None = None) -> list[str]:
        p = self.sql.p
        q = "SELECT id FROM tables WHERE status='finished'"
        args: list[Any] = []
        if game:
            q += f" AND game={p}"
            args.append(game)
        q += " ORDER BY finished, id"
        if limit:
            q += f" LIMIT {p}"
            args.append(limit)
        return [r[0] for r in self._run(q, args)]

    # -- accounts and sessions -------------------------------------------------------------------
    def account(self, key: str) -> Account | None:
        row = self._alone(self.sql.account, (key,)).fetchone()
        return None if row is None else Account(int(row[0]), str(row[1]), str(row[2]), row[3])

    def account_by_keys(self, key: str, skeleton: str, skeleton_cased: str) -> str | None:
        row = self._alone(self.sql.account_by_keys, (key, skeleton, skeleton_cased, key)).fetchone()
        return None if row is None else str(row[0])

    def add_account(
        self, name: str, key: str, password: str, created: float, skeleton: str, skeleton_cased: str
    ) -> int:
        args = (name, key, password, created, skeleton, skeleton_cased)
        (account,) = self._alone(self.sql.add_account, args).fetchone()
        self.dirty = True
        return int(account)

    def set_password(self, account: int, hashed: str) -> None:
        self._alone(self.sql.set_password, (hashed, account))
        self.dirty = True

    def add_session(self, token_hash: str, account: int, created: float, expires: float) -> None:
        self._alone(self.sql.add_session, (token_hash, account, created, expires))
        self.dirty = True

    def session(self, token_hash: str) -> tuple[str, float] | None:
        row = self._alone(self.sql.session, (token_hash,)).fetchone()
        return None if row is None else (str(row[0]), float(row[1]))

    def extend_session(self, token_hash: str, expires: float) -> None:
        self._alone(self.sql.extend_session, (expires, token_hash))
        self.dirty = True

    def end_session(self, token_hash: str) -> bool:
        cur = self._alone(self.sql.end_session, (token_hash,))
        self.dirty = True
        return bool(cur.rowcount > 0)

    def purge_sessions(self, now: float) -> int:
        cur = self._alone(self.sql.purge_sessions, (now,))
        self.dirty = True
        return max(0, cur.rowcount)

    # -- ratings and plays -----------------------------------------------------------------------
    def rating(self, game: str, player: str) -> tuple[float, float] | None:
        row = self._alone(self.sql.rating, (game, player)).fetchone()
        return None if row is None else (row[0], row[1])

    def record_plays(
        self, table: str, rated: bool, ratings: Sequence[RatingRow], plays: Sequence[PlayRow]
    ) -> None:
        if ratings:
            self._alone_many(self.sql.add_ratings, ratings)
        if plays:
            self._alone_many(self.sql.add_plays, plays)
        self._alone(self.sql.set_rated, (int(rated), table))
        self._wrote(table)

    def rated_count(self, game: str) -> int:
        return int(self._alone(self.sql.rated_count, (game,)).fetchone()[0])

    def leaderboard(self, game: str, limit: int, offset: int) -> list[Ranked]:
        rows = self._alone(self.sql.leaderboard, (game, limit, offset)).fetchall()
        return [Ranked._make(r) for r in rows]

    def ratings_of(self, player: str) -> list[GameRating]:
        return [GameRating._make(r) for r in self._alone(self.sql.ratings_of, (player,))]

    def plays_of(self, player: str, viewer: str | None, limit: int) -> list[Play]:
        p = self.sql.p
        seen, args = self._seen(viewer)
        rows = self._alone(
            "SELECT p.table_id, p.game, p.ended, p.seat, p.won, p.rated, p.rating_after FROM plays"
            f" p JOIN tables t ON t.id = p.table_id WHERE p.account={p} AND {seen}"
            f" ORDER BY p.ended DESC, p.rowid DESC LIMIT {p}",
            (player, *args, limit),
        ).fetchall()
        return [Play._make(r) for r in rows]

    def rating_curve(self, player: str, game: str, limit: int) -> list[tuple[float, float | None]]:
        rows = self._alone(self.sql.rating_curve, (player, game, limit)).fetchall()
        return [(t, r) for t, r in rows]

    def seat_names(self, tables: Sequence[str]) -> dict[str, list[str]]:
        if not tables:
            return {}
        marks = ", ".join([self.sql.p] * len(tables))
        out: dict[str, list[str]] = {}
        for tid, name in self._alone(
            f"SELECT table_id, name FROM seats WHERE table_id IN ({marks}) ORDER BY table_id, seat",
            tuple(tables),
        ):
            out.setdefault(tid, []).append(name)
        return out

    def history(
        self, player: str | None, viewer: str | None, limit: int, offset: int
    ) -> list[Finished]:
        p = self.sql.p
        seen, args = self._seen(viewer)
        if player is None:
            rows = self._alone(
                "SELECT t.id, t.game, t.finished, t.result, t.rated FROM tables t"
                f" WHERE t.status='finished' AND {seen}"
                f" ORDER BY t.finished DESC LIMIT {p} OFFSET {p}",
                (*args, limit, offset),
            ).fetchall()
        else:
            rows = self._alone(
                "SELECT t.id, t.game, t.finished, t.result, t.rated FROM plays p"
                f" JOIN tables t ON t.id = p.table_id WHERE p.account={p} AND {seen}"
                f" ORDER BY p.ended DESC, p.rowid DESC LIMIT {p} OFFSET {p}",
                (player, *args, limit, offset),
            ).fetchall()
        return [Finished._make(r) for r in rows]

    def _seen(self, viewer: str | None) -> tuple[str, tuple[str, ...]]:
        """The condition (on ``tables t``) and its arguments for the tables ``viewer`` may see."""
        if viewer is None:
            return self.sql.seen_by_guest, ()
        return self.sql.seen_by, (viewer,)

    # -- the login limits' counters ---------------------------------------------------------------
    def counter(self, key: str) -> Counter | None:
        row = self._alone(self.sql.counter, (key,)).fetchone()
        return None if row is None else Counter._make(row)

    def add_counter(self, key: str, to: Counter) -> bool:
        cur = self._alone(self.sql.add_counter, (key, *to))
        self.dirty = True
        return bool(cur.rowcount == 1)

    def move_counter(self, key: str, was: Counter, to: Counter) -> bool:
        cur = self._alone(self.sql.move_counter, (*to, key, was.n, was.at))
        self.dirty = True
        return bool(cur.rowcount == 1)

    def drop_counter(self, key: str) -> None:
        self._alone(self.sql.drop_counter, (key,))
        self.dirty = True

    def purge_counters(self, before: float) -> int:
        cur = self._alone(self.sql.purge_counters, (before,))
        self.dirty = True
        return max(0, cur.rowcount)


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
