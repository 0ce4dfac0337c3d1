"""The game master, sans I/O: (connection, frame) in, (connection, message) pairs out.

No sockets, no clock, no randomness of its own: the shell passes the time and the entropy
source, calls :meth:`Core.receive` for each frame, :meth:`Core.tick` when
:meth:`Core.next_deadline` is due, then commits the :class:`~atout.server.store.TableStore` and only
then sends the returned messages. It is generic over :mod:`atout.games`: it only calls the game
interface (setup, apply, view, events_for, legal_moves, default_move, result).

Hidden information: every table message is built from ``state.view(seat)`` and the events
``seat`` may see (:meth:`Event.visible_to`); nothing else about the state leaves the core.
With ``leak_guard`` on (tests), every outgoing table message is also checked against
``state.secret_cards(seat)``.
"""

from __future__ import annotations

import hashlib
import heapq
import hmac
import ipaddress
import logging
import os
import re
import unicodedata
from collections.abc import Callable
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

import msgspec

from atout.bots import bot_kinds, make_bot
from atout.bots.hint import hint
from atout.bots.pool import cap_budget, choose_move, new_pool
from atout.games import get_game
from atout.games.base import AtoutError, BadOptions, Event, Game, IllegalMove, State
from atout.protocol import messages as m
from atout.protocol.codec import decode_client
from atout.protocol.errors import ProtocolError, game_error
from atout.server import record as r
from atout.server.limits import CoreLimits
from atout.server.store import SQLiteStore, TableStore

log = logging.getLogger("atout.server")

Out = tuple[int, m.Message]
SERVER_NAME = "atout/0.1"
EVICT_AFTER = 600.0  # seconds a finished table stays in memory (rematch, late watchers)


class Bucket:
    """A token bucket: ``rate`` tokens a second, at most ``burst`` kept."""

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: int, now: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.stamp = now

    def take(self, now: float) -> float:
        """Take a token: 0.0 if there was one, else the seconds until there is."""
        self.tokens = min(self.burst, self.tokens + max(0.0, now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return 0.0
        return (1.0 - self.tokens) / self.rate


@dataclass(slots=True)
class Address:
    """What one remote address may still do (shared by its connections)."""

    commands: Bucket
    creates: Bucket
    conns: int = 0


class LeakError(AssertionError):
    """A message about to leave the core names a card its recipient may not see."""


@dataclass(slots=True)
class Conn:
    id: int
    name: str | None = None
    lang: str = "en"
    texts: bool = False
    seats: dict[str, int] = field(default_factory=dict)
    watching: set[str] = field(default_factory=set)
    address: str | None = None  # None: loopback or unknown (no per-address limit)
    commands: Bucket | None = None
    creates: Bucket | None = None


@dataclass(slots=True)
class Seat:
    index: int
    name: str = ""
    bot: str | None = None
    token_hash: str | None = None
    conn: int | None = None
    gone: float | None = None  # when its player's connection went (None: here, or a bot)
    away: bool = False  # gone for longer than the grace period: a bot plays it meanwhile
    nonce: str | None = None  # its contribution to the seed (record.derive_seed)
    nonce_by: str | None = None  # "client", "server" (its client sent none) or "bot"

    @property
    def taken(self) -> bool:
        return self.bot is not None or self.token_hash is not None


@dataclass(slots=True)
class Table:
    id: str
    game: Game[Any]
    players: int
    options: dict[str, Any]
    settings: m.CreateTableBody
    created: float
    seats: list[Seat]
    status: str = "waiting"
    state: State[Any] | None = None
    seed: str | None = None
    commitment: str | None = None
    secret: str | None = None  # committed at the creation; None: a format-1 table (older)
    next_secret: str | None = None  # committed in game_over for the rematch
    rematch_nonces: dict[int, tuple[str, str]] = field(default_factory=dict)  # seat: (nonce, by)
    store: TableStore | None = None  # where its record is (finished: read back from there)
    _history: list[list[Event]] = field(default_factory=list)
    _moves: list[r.MoveRecord] = field(default_factory=list)
    seq: int = 0
    spectators: set[int] = field(default_factory=set)
    turn_deadline: float | None = None
    bots: dict[int, Any] = field(default_factory=dict)
    rematch_votes: set[int] = field(default_factory=set)
    rematch_of: str | None = None
    rematch: str | None = None
    result: dict[str, Any] | None = None
    owner: tuple[int, str | None] | None = None  # (connection, address) that created it
    # Once finished and stored: the final version, with ``history`` and ``moves`` dropped (the
    # store holds them; a late watcher's catch-up reads them back)
    archived: int | None = None

    @property
    def version(self) -> int:
        return len(self._moves) if self.archived is None else self.archived

    @property
    def history(self) -> list[list[Event]]:
        """The events of each step (the deal, then each move); read back if archived."""
        if self.archived is not None:
            self.unarchive()
        return self._history

    @history.setter
    def history(self, value: list[list[Event]]) -> None:
        self._history = value

    @property
    def moves(self) -> list[r.MoveRecord]:
        """Every move applied; read back if archived."""
        if self.archived is not None:
            self.unarchive()
        return self._moves

    @moves.setter
    def moves(self, value: list[r.MoveRecord]) -> None:
        self._moves = value

    def archive(self) -> None:
        """Its record is stored: keep only what a rematch or a late watcher needs at hand (its
        events are ~10-30x the rest, read back on demand)."""
        self.archived, self._history, self._moves = self.version, [], []

    def unarchive(self) -> None:
        """Read an archived table's moves and events back from the store."""
        rec = self.store.load(self.id) if self.store is not None else None
        if rec is None or len(rec.moves) != self.archived:
            raise ProtocolError(
                "server.internal", "The table's record is missing.", "L'archive manque."
            )
        self.state, self._history = _replay(rec)
        self._moves, self.archived = list(rec.moves), None


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Core:
    """All tables and connections of one game master."""

    def __init__(
        self,
        store: TableStore | None = None,
        *,
        entropy: Callable[[int], bytes] = os.urandom,
        leak_guard: bool = False,
        server_name: str = SERVER_NAME,
        limits: CoreLimits | None = None,
        executor: Executor | None = None,
    ) -> None:
        # a core without a database of its own (tests, the document generator) keeps its
        # tables in an SQLite database in memory: the same code path as a file
        self.store: TableStore = store if store is not None else SQLiteStore(":memory:")
        self.limits = limits = limits or CoreLimits()
        # searches run here (created at the first one when limits.bot_workers > 0)
        self.executor = executor
        self._jobs: dict[str, tuple[int, int, Future[Any]]] = {}  # table -> (version, seat, job)
        self.entropy = entropy
        self.leak_guard = leak_guard
        self.server_name = server_name
        self.conns: dict[int, Conn] = {}
        self.addresses: dict[str, Address] = {}
        self.tables: dict[str, Table] = {}
        self._timers: list[tuple[float, int, str, int, str]] = []
        self._timer_no = 0
        self._out: list[Out] = []
        self._now = 0.0
        self.moves_applied = 0
        self._handlers: dict[type, Callable[[Conn, Any, float], None]] = {
            m.Hello: self._hello,
            m.ListGames: self._list_games,
            m.CreateTable: self._create_table,
            m.ListTables: self._list_tables,
            m.Join: self._join,
            m.Resume: self._resume,
            m.Leave: self._leave,
            m.Watch: self._watch,
            m.Start: self._start_cmd,
            m.Move: self._move,
            m.Hint: self._hint,
            m.Rematch: self._rematch,
            m.Ping: self._ping,
        }

    # ================================================================== the shell's API
    def connect(self, conn: int, address: str | None = None, now: float = 0.0) -> list[Out]:
        """A new connection; ``address`` is its peer's IP (per-address limits and quotas)."""
        lim = self.limits
        c = self.conns[conn] = Conn(
            conn,
            address=None if address is None or _loopback(address) else address,
            commands=Bucket(lim.conn_rate, lim.conn_burst, now),
            creates=Bucket(lim.create_rate, lim.create_burst, now),
        )
        if c.address is not None:
            a = self.addresses.get(c.address)
            if a is None:
                a = self.addresses[c.address] = Address(
                    Bucket(lim.address_rate, lim.address_burst, now),
                    Bucket(lim.create_rate, lim.create_burst, now),
                )
            a.conns += 1
        return []

    def receive(self, conn: int, data: bytes | str, now: float) -> list[Out]:
        """Handle one frame from ``conn``; return what to send (after committing the store)."""
        self._out = out = []
        self._now = now
        c = self.conns.get(conn)
        if c is None:
            return out
        wait = self._throttle(c, now)
        if wait:
            err = _limited("limit.rate", "Too many commands", wait)
            self._error(c, _request_id(data), err)
            return out
        try:
            msg = decode_client(data)
        except ProtocolError as e:
            self._error(c, getattr(e, "request_id", None), e)
            return out
        rid = msg.id
        if c.name is None and not isinstance(msg, m.Hello):
            self._error(
                c,
                rid,
                ProtocolError(
                    "protocol.hello_required",
                    "Send 'hello' first.",
                    "Envoyez d'abord 'hello'.",
                ),
            )
            return out
        try:
            self._handlers[type(msg)](c, msg, now)
        except ProtocolError as e:
            self._error(c, rid, e)
        except (IllegalMove, BadOptions) as e:
            self._error(c, rid, game_error(e), self._table_of(msg))
        except AtoutError as e:
            self._error(c, rid, ProtocolError(e.code, e.message, e.message_fr))
        except LeakError:
            raise
        except Exception:
            log.exception("internal error on %s from connection %s", type(msg).__name__, conn)
            self._error(
                c,
                rid,
                ProtocolError("server.internal", "Internal error.", "Erreur interne."),
            )
        return out

    def disconnect(self, conn: int, now: float) -> list[Out]:
        """The connection is gone: its seats wait (timers keep running), it stops watching."""
        self._out = out = []
        c = self.conns.pop(conn, None)
        if c is None:
            return out
        if c.address is not None:
            a = self.addresses.get(c.address)
            if a is not None:
                a.conns -= 1
                if a.conns <= 0:
                    del self.addresses[c.address]
        for tid in c.watching:
            t = self.tables.get(tid)
            if t is not None:
                t.spectators.discard(conn)
        for tid, idx in c.seats.items():
            t = self.tables.get(tid)
            if t is not None and t.seats[idx].conn == conn:
                t.seats[idx].conn = None
                if t.status == "playing":
                    self._gone(t, t.seats[idx], now)
                self._broadcast_table(t)
        return out

    def tick(self, now: float) -> list[Out]:
        """Run what is due: searches that finished, seated bots' moves, turn time-outs,
        evictions. A bounded amount of work: at most one move per table and
        ``limits.tick_moves`` in all; what is left stays due, so the shell calls again once the
        loop has served its sockets. A table whose work raises is closed alone ("aborted")."""
        self._out = out = []
        self._now = now
        moved: set[str] = set()
        if self._jobs:
            self._collect_jobs(now, moved)
        budget = self.limits.tick_moves
        timers = self._timers
        later: list[tuple[float, int, str, int, str]] = []
        while timers and timers[0][0] <= now and len(moved) < budget:
            entry = heapq.heappop(timers)
            tid = entry[2]
            t = self.tables.get(tid)
            if t is None:
                continue
            if tid in moved:
                later.append(entry)  # one move per table per tick
                continue
            try:
                if self._due(t, entry[3], entry[4], now):
                    moved.add(tid)
            except LeakError:
                raise
            except Exception:
                self._fail(t, now)
        for entry in later:
            heapq.heappush(timers, entry)
        return out

    def next_deadline(self) -> float | None:
        """When :meth:`tick` has work (searches running in the pool are polled)."""
        due = self._timers[0][0] if self._timers else None
        if self._jobs:
            poll = self._now + JOB_POLL
            due = poll if due is None else min(due, poll)
        return due

    def _due(self, t: Table, version: int, kind: str, now: float) -> bool:
        """One timer's work; True if it made a move."""
        if kind == "evict":
            if t.status in ENDED:
                self._evict(t)
            return False
        if kind == "expire":
            if t.status == "waiting":
                log.info("table %s: nobody started it in time; closed", t.id)
                self._close(t, now, "closed")
            return False
        if kind.startswith("away:") or kind == "abandon":
            if t.status == "playing":
                self._check_gone(t, kind, now)
            return False
        if t.status != "playing" or t.version != version or t.state is None:
            return False
        seat = t.state.current
        if seat is None:
            return False
        if kind == "bot" and self._bot_plays(t, seat):
            move = self._bot_move(t, seat)
            if move is None:  # a search, running in the pool
                return False
            self._play(t, seat, move, now, "bot", None)
            return True
        if kind == "timeout" and t.turn_deadline is not None and now >= t.turn_deadline:
            self._play(t, seat, t.state.default_move(), now, "timeout", None)
            return True
        return False

    def _collect_jobs(self, now: float, moved: set[str]) -> None:
        """Play the moves of the searches that finished (if their table has not moved on)."""
        for tid, (version, seat, job) in list(self._jobs.items()):
            if not job.done():
                continue
            del self._jobs[tid]
            t = self.tables.get(tid)
            if t is None or t.status != "playing" or t.version != version or t.state is None:
                continue
            if t.state.current != seat or not self._bot_plays(t, seat):
                continue
            try:
                self._play(t, seat, _parse_move(t.game, job.result()), now, "bot", None)
                moved.add(tid)
            except LeakError:
                raise
            except Exception:
                self._fail(t, now)

    def _fail(self, t: Table, now: float) -> None:
        """A table's own work raised: log it once with the table id, close that table alone."""
        log.exception("table %s: its work failed; the table is closed (aborted)", t.id)
        try:
            self._close(t, now, "aborted")
        except Exception:
            log.exception("table %s: could not be closed cleanly", t.id)
            t.status = "aborted"

    def _close(self, t: Table, now: float, status: str) -> None:
        """End a table without a result ("aborted": it failed; "closed": expired or abandoned):
        stored so that it is not resumed, announced to its members, evicted later."""
        t.status = status
        t.turn_deadline = None
        self._jobs.pop(t.id, None)
        self.store.end(t.id, status, now, t.moves)
        self._broadcast_table(t)
        self._push(now + EVICT_AFTER, t, "evict")

    def shutdown(self) -> list[Out]:
        """Tell every connection the server is stopping (tables stay in the store); stop the
        searches' worker processes."""
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)
            self.executor = None
            self._jobs.clear()
        err = m.ErrorBody(
            code="server.shutting_down",
            message="The server is stopping; reconnect later with your seat token.",
            message_fr="Le serveur s'arrête ; reconnectez-vous plus tard avec votre jeton.",
        )
        return [
            (cid, m.Error(sender=m.GM, to=c.name or "", body=err)) for cid, c in self.conns.items()
        ]

    def recover(self, now: float) -> int:
        """Rebuild every unfinished table from the store; returns how many."""
        n = 0
        for rec in self.store.unfinished():
            try:
                t = self._table_from_record(rec, now)
            except Exception:
                log.exception("table %s cannot be recovered; closed (aborted)", rec.table)
                self.store.end(rec.table, "aborted", now, rec.moves)
                continue
            self.tables[t.id] = t
            n += 1
        return n

    # ================================================================== lobby handlers
    def _hello(self, c: Conn, msg: m.Hello, now: float) -> None:
        b = msg.body
        common = [v for v in b.versions if v in m.SUPPORTED_VERSIONS]
        if not common:
            err = ProtocolError(
                "protocol.version",
                f"No common protocol version; this server speaks {list(m.SUPPORTED_VERSIONS)}.",
                f"Aucune version de protocole commune ; ce serveur parle {list(m.SUPPORTED_VERSIONS)}.",
            )
            err.detail = {"versions": list(m.SUPPORTED_VERSIONS)}  # type: ignore[attr-defined]
            raise err
        c.name, c.lang, c.texts = check_name(b.name), b.lang, b.texts
        games = list(_games())
        self._reply(
            c,
            msg,
            m.Welcome,
            m.WelcomeBody(version=max(common), server=self.server_name, games=games),
        )

    def _list_games(self, c: Conn, msg: m.ListGames, now: float) -> None:
        games = [g.rules_summary() for g in _games().values()]
        self._reply(c, msg, m.Games, m.GamesBody(games=games))

    def _create_table(self, c: Conn, msg: m.CreateTable, now: float) -> None:
        b = msg.body
        try:
            game = get_game(b.game)
        except BadOptions as e:
            raise ProtocolError("lobby.unknown_game", e.message, e.message_fr) from None
        try:
            game.check_players(b.players)
            opts = game.parse_options(b.options)
        except BadOptions as e:
            raise ProtocolError("lobby.bad_options", e.message, e.message_fr) from None
        if len(set(b.bots)) != len(b.bots) or any(not 0 <= s < b.players for s in b.bots):
            raise ProtocolError("lobby.bad_bot", "Bot seats must be distinct seats of the table.")
        self._check_quotas(c, b, now)
        if b.bot_kind not in bot_kinds():  # also plays the seats of players who leave
            raise ProtocolError(
                "lobby.bad_bot",
                f"Unknown bot kind {b.bot_kind!r}; known: {', '.join(bot_kinds())}.",
                f"Type de robot inconnu {b.bot_kind!r} ; connus : {', '.join(bot_kinds())}.",
            )
        self._check_option_maxima(game.id, opts)
        tid = self._new_table_id()
        seats = [
            Seat(
                i,
                name=f"bot-{b.bot_kind}" if i in b.bots else "",
                bot=b.bot_kind if i in b.bots else None,
            )
            for i in range(b.players)
        ]
        t = Table(
            id=tid,
            store=self.store,
            game=game,
            players=b.players,
            options=msgspec.to_builtins(opts),
            settings=b,
            created=now,
            seats=seats,
            owner=(c.id, c.address),
        )
        self._commit_secret(t, r.new_secret(self.entropy(32)))
        self.tables[tid] = t
        self.store.create_table(self._head_record(t))
        if self.limits.waiting_ttl > 0:
            self._push(now + self.limits.waiting_ttl, t, "expire")
        self._reply(c, msg, m.TableCreated, self._info(t))
        self._maybe_autostart(t, now)

    def _list_tables(self, c: Conn, msg: m.ListTables, now: float) -> None:
        """One page of the listed tables not ended, oldest first; ``next`` asks for the rest."""
        b = msg.body
        after: tuple[float, str] | None = None
        if b.after is not None:
            created, _, tid = b.after.partition("/")
            try:
                after = (float(created), tid)
            except ValueError:
                raise ProtocolError(
                    "lobby.bad_cursor",
                    "'after' must be the 'next' of a previous 'tables' reply.",
                    "'after' doit être le 'next' d'une réponse 'tables' précédente.",
                ) from None
        statuses = ("waiting", "playing") if b.status is None else (b.status,)
        found = sorted(
            (t.created, t.id)
            for t in self.tables.values()
            if not t.settings.private
            and t.status in statuses
            and (b.game is None or t.game.id == b.game)
            and (after is None or (t.created, t.id) > after)
        )
        size = min(b.limit or self.limits.page_size, self.limits.page_size)
        page = found[:size]
        more = len(found) > size
        body = m.TablesBody(
            tables=[self._info(self.tables[tid]) for _, tid in page],
            next=f"{page[-1][0]!r}/{page[-1][1]}" if more else None,
        )
        self._reply(c, msg, m.Tables, body)

    # -- rate limits and quotas
    def _throttle(self, c: Conn, now: float) -> float:
        """0.0 if ``c`` may send a command now, else the seconds to wait."""
        wait = c.commands.take(now) if c.commands is not None else 0.0
        if c.address is not None and not wait:
            a = self.addresses.get(c.address)
            if a is not None:
                wait = a.commands.take(now)
        return wait

    def _check_quotas(self, c: Conn, b: m.CreateTableBody, now: float) -> None:
        lim = self.limits
        a = self.addresses.get(c.address) if c.address is not None else None
        mine = theirs = bot_only = 0
        for t in self.tables.values():
            if t.status not in ("waiting", "playing"):
                continue
            if t.owner is not None:
                mine += t.owner[0] == c.id
                theirs += a is not None and t.owner[1] == c.address
            bot_only += all(s.bot is not None for s in t.seats)
        if mine >= lim.tables_per_conn or (a is not None and theirs >= lim.tables_per_address):
            most = lim.tables_per_conn if mine >= lim.tables_per_conn else lim.tables_per_address
            err = ProtocolError(
                "limit.open_tables",
                f"You have {most} open tables already: start, finish or leave one first.",
                f"Vous avez déjà {most} tables ouvertes : commencez, finissez ou quittez-en une.",
            )
            err.detail = {"max": most, "retry_after": None}  # type: ignore[attr-defined]
            raise err
        if len(b.bots) >= b.players and bot_only >= lim.bot_tables:
            err = ProtocolError(
                "limit.bot_tables",
                f"This server plays at most {lim.bot_tables} tables of bots only at once.",
                f"Ce serveur joue au plus {lim.bot_tables} tables de robots seuls à la fois.",
            )
            retry = None if lim.bot_tables == 0 else 60.0
            err.detail = {"max": lim.bot_tables, "retry_after": retry}  # type: ignore[attr-defined]
            raise err
        wait = c.creates.take(now) if c.creates is not None else 0.0
        if a is not None and not wait:
            wait = a.creates.take(now)
        if wait:
            raise _limited("limit.create_rate", "Too many tables created", wait)

    def _join(self, c: Conn, msg: m.Join, now: float) -> None:
        t = self._get_table(msg.body.table)
        if t.id in c.seats:
            raise ProtocolError("lobby.already_seated", "You already hold a seat at this table.")
        if t.status in ("aborted", "closed"):
            raise _closed(t)
        if t.status != "waiting":
            raise ProtocolError(
                "table.already_started",
                "The game has already started.",
                "La partie a déjà commencé.",
            )
        want = msg.body.seat
        if want is None:
            free = [s for s in t.seats if not s.taken]
            if not free:
                raise ProtocolError("lobby.table_full", "No free seat.", "Plus de place libre.")
            seat = free[0]
        else:
            if not 0 <= want < t.players:
                raise ProtocolError("lobby.bad_seat", f"No seat {want} at this table.")
            seat = t.seats[want]
            if seat.taken:
                raise ProtocolError(
                    "lobby.seat_taken", f"Seat {want} is taken.", f"Le siège {want} est pris."
                )
        token = self.entropy(16).hex()
        seat.name, seat.token_hash, seat.conn = c.name or "", token_hash(token), c.id
        seat.nonce, seat.nonce_by = self._nonce(msg.body.nonce)
        c.seats[t.id] = seat.index
        self.store.set_seat(t.id, self._seat_record(seat))
        self._reply(c, msg, m.Joined, m.JoinedBody(table=t.id, seat=seat.index, token=token))
        self._broadcast_table(t)
        self._maybe_autostart(t, now)

    def _resume(self, c: Conn, msg: m.Resume, now: float) -> None:
        b = msg.body
        t = self._get_table(b.table)
        h = token_hash(b.token)
        seat = next(
            (
                s
                for s in t.seats
                if s.token_hash is not None and hmac.compare_digest(s.token_hash, h)
            ),
            None,
        )
        if seat is None:
            raise ProtocolError(
                "lobby.bad_token",
                "This token holds no seat at this table.",
                "Ce jeton ne correspond à aucun siège de cette table.",
            )
        old = seat.conn
        if old is not None and old != c.id and old in self.conns:
            oc = self.conns[old]
            oc.seats.pop(t.id, None)
            self._send(
                old,
                m.Error(
                    sender=m.GM,
                    to=oc.name or "",
                    body=m.ErrorBody(
                        code="table.seat_taken_over",
                        message="Another connection resumed your seat with its token.",
                        message_fr="Une autre connexion a repris votre siège avec son jeton.",
                        detail={"table": t.id},
                    ),
                ),
            )
        seat.conn = c.id
        c.seats[t.id] = seat.index
        self._back(t, seat, now)
        self._reply(c, msg, m.Joined, m.JoinedBody(table=t.id, seat=seat.index, token=b.token))
        self._broadcast_table(t)
        self._catch_up(t, c, seat.index, b.version, now)

    def _watch(self, c: Conn, msg: m.Watch, now: float) -> None:
        t = self._get_table(msg.body.table)
        t.spectators.add(c.id)
        c.watching.add(t.id)
        self._reply(c, msg, m.Ok, m.TableBody(table=t.id))
        self._send(
            c.id,
            m.Table(
                sender=m.GM, to=f"{t.id}/spectators", seq=self._next_seq(t), body=self._info(t)
            ),
        )
        self._catch_up(t, c, None, msg.body.version, now)

    def _leave(self, c: Conn, msg: m.Leave, now: float) -> None:
        t = self._get_table(msg.body.table)
        if c.id in t.spectators:
            t.spectators.discard(c.id)
            c.watching.discard(t.id)
            self._reply(c, msg, m.Ok, m.TableBody(table=t.id))
            return
        idx = c.seats.get(t.id)
        if idx is None:
            raise ProtocolError("table.not_seated", "You hold no seat at this table.")
        seat = t.seats[idx]
        del c.seats[t.id]
        seat.conn = None
        if t.status == "waiting":
            seat.name, seat.token_hash, seat.nonce, seat.nonce_by = "", None, None, None
        elif t.status == "playing":
            seat.bot, seat.token_hash = t.settings.bot_kind, None
            seat.name = f"{seat.name} (bot)"
        if t.status not in ENDED:
            self.store.set_seat(t.id, self._seat_record(seat))
        self._reply(c, msg, m.Ok, m.TableBody(table=t.id))
        self._broadcast_table(t)
        if t.status == "playing" and t.state is not None and t.state.current == idx:
            self._schedule(t, now)

    def _start_cmd(self, c: Conn, msg: m.Start, now: float) -> None:
        t = self._get_table(msg.body.table)
        if t.id not in c.seats:
            raise ProtocolError("table.not_seated", "Only a seated player may start the game.")
        if t.status != "waiting":
            raise ProtocolError("table.already_started", "The game has already started.")
        if not all(s.taken for s in t.seats):
            raise ProtocolError(
                "table.not_ready",
                "Every seat must be taken first.",
                "Tous les sièges doivent être pris.",
            )
        self._reply(c, msg, m.Ok, m.TableBody(table=t.id))
        self._start(t, now)

    def _rematch(self, c: Conn, msg: m.Rematch, now: float) -> None:
        t = self._get_table(msg.body.table)
        idx = c.seats.get(t.id)
        if idx is None:
            raise ProtocolError(
                "table.not_seated", "Only a player of this table may ask for a rematch."
            )
        if t.status != "finished":
            raise ProtocolError(
                "table.not_finished", "The game is not over.", "La partie n'est pas finie."
            )
        if t.rematch is not None:
            nt = self.tables.get(t.rematch)
            self._reply(c, msg, m.Ok, m.TableBody(table=t.rematch))
            if nt is not None:
                self._send_rematch_ready(t, nt, c, idx)
            return
        t.rematch_votes.add(idx)
        t.rematch_nonces[idx] = self._nonce(msg.body.nonce)
        self._reply(c, msg, m.Ok, m.TableBody(table=t.id))
        self._broadcast(
            t,
            lambda to: m.RematchVotes(
                sender=m.GM,
                to=to,
                seq=t.seq,
                body=m.RematchBody(table=t.id, votes=sorted(t.rematch_votes)),
            ),
        )
        humans = {s.index for s in t.seats if s.bot is None}
        if humans <= t.rematch_votes:
            self._make_rematch(t, now)

    def _ping(self, c: Conn, msg: m.Ping, now: float) -> None:
        self._reply(c, msg, m.Pong, m.Empty())

    # ================================================================== play
    def _move(self, c: Conn, msg: m.Move, now: float) -> None:
        b = msg.body
        t, idx = self._playing_seat(c, b.table)
        if b.version != t.version:
            err = ProtocolError(
                "table.stale_state",
                f"Your move was chosen on version {b.version}; the state is at version {t.version}.",
                f"Votre coup a été choisi sur la version {b.version} ; l'état est à la version {t.version}.",
            )
            err.detail = {"version": t.version}  # type: ignore[attr-defined]
            raise err
        move = _parse_move(t.game, b.move)
        self._play(t, idx, move, now, "player", (c.id, msg.id))

    def _hint(self, c: Conn, msg: m.Hint, now: float) -> None:
        """The heuristic's move for the client's seat, from that seat's view only (cheap: the
        search bots would hold the event loop for a tenth of a second)."""
        t, idx = self._playing_seat(c, msg.body.table)
        state = t.state
        assert state is not None
        if state.current != idx:
            raise IllegalMove(
                "not_your_turn",
                f"It is seat {state.current}'s turn, not seat {idx}'s.",
                f"C'est au tour du siège {state.current}, pas du siège {idx}.",
            )
        move, why = hint(t.game, state.view(idx), state.legal_moves())
        listed, _ = _listed(state)
        index = next((i for i, x in enumerate(listed) if x == move), None)
        body = m.AdviceBody(
            table=t.id,
            version=t.version,
            move=msgspec.to_builtins(move),
            index=index,
            why=why["en"],
            why_fr=why["fr"],
        )
        reply = m.Advice(sender=m.GM, to=c.name or "", id=msg.id, body=body)
        if self.leak_guard:
            self._guard(t, idx, reply)
        self._send(c.id, reply)

    def _playing_seat(self, c: Conn, tid: str) -> tuple[Table, int]:
        """The table and the client's seat there, for a request that needs a game in play."""
        t = self._get_table(tid)
        idx = c.seats.get(t.id)
        if idx is None:
            raise ProtocolError(
                "table.not_seated",
                "You hold no seat at this table.",
                "Vous n'avez pas de siège à cette table.",
            )
        if t.status == "waiting" or t.state is None:
            raise ProtocolError(
                "table.not_started", "The game has not started.", "La partie n'a pas commencé."
            )
        if t.status == "finished":
            raise ProtocolError("game.game_over", "The game is over.", "La partie est terminée.")
        if t.status in ENDED:
            raise _closed(t)
        return t, idx

    def _play(
        self,
        t: Table,
        seat: int,
        move: Any,
        now: float,
        how: str,
        reply: tuple[int, int | None] | None,
    ) -> None:
        """Apply a move (checked by the game), record it, then announce it to every member."""
        state = t.state
        assert state is not None
        events = state.apply(seat, move)  # raises IllegalMove with nothing changed
        rec = r.MoveRecord(seat=seat, move=msgspec.to_builtins(move), t=now, how=how)  # type: ignore[arg-type]
        t.moves.append(rec)
        if how == "timeout":
            events = [Event("timeout", seat, {"move": rec.move}), *events]
        t.history.append(events)
        self.moves_applied += 1
        self.store.add_move(t.id, t.version, rec)
        finished = state.current is None
        if not finished:
            self._schedule(t, now)
        self._send_updates(t, events, reply, now)
        if finished:
            self._finish(t, now)

    def _bot_plays(self, t: Table, seat: int) -> bool:
        s = t.seats[seat]
        return s.bot is not None or s.away

    # -- players gone: a bot plays their seat after a grace period; gone long, the table ends
    def _gone(self, t: Table, seat: Seat, now: float) -> None:
        """``seat``'s player has no connection any more (dropped, or a server restart)."""
        lim = self.limits
        seat.gone = now
        if lim.away_after > 0:
            self._push(now + lim.away_after, t, f"away:{seat.index}")
        if lim.abandon_after > 0:
            self._push(now + lim.abandon_after, t, "abandon")

    def _check_gone(self, t: Table, kind: str, now: float) -> None:
        lim = self.limits
        humans = [s for s in t.seats if s.bot is None]
        if kind == "abandon":
            if humans and all(
                s.gone is not None and now - s.gone >= lim.abandon_after - 1e-6 for s in humans
            ):
                log.info("table %s: every player gone for %.0f s; closed", t.id, lim.abandon_after)
                self._close(t, now, "closed")
            return
        seat = t.seats[int(kind.split(":", 1)[1])]
        gone = seat.gone
        if seat.bot is None and gone is not None and not seat.away:
            if now - gone < lim.away_after - 1e-6:
                return
            seat.away = True
            self._broadcast_table(t)
            if t.state is not None and t.state.current == seat.index:
                self._schedule(t, now)

    def _back(self, t: Table, seat: Seat, now: float) -> None:
        """``seat``'s player is back: the bot stops playing for it."""
        was_away = seat.away
        seat.gone, seat.away = None, False
        playing = t.status == "playing" and t.state is not None
        if was_away and playing and t.state.current == seat.index:  # type: ignore[union-attr]
            self._schedule(t, now)

    def _bot_kind(self, t: Table, seat: int) -> str:
        return t.seats[seat].bot or t.settings.bot_kind

    def _bot_move(self, t: Table, seat: int) -> Any:
        """The move of a seat the game master plays, or None when it was handed to the pool
        (a search: :meth:`tick` plays it when it is done). Bots see the seat's view and legal
        moves only, never the state; their budget is capped by :class:`CoreLimits`."""
        state = t.state
        assert state is not None
        lim = self.limits
        kind = self._bot_kind(t, seat)
        bot = t.bots.get(seat)
        if bot is None or getattr(bot, "name", kind) != kind:
            bot = make_bot(kind, r.bot_seed(t.seed, seat))
            bot = t.bots[seat] = cap_budget(bot, t.game.id, lim.bot_iterations, lim.bot_seconds)
        legal = state.legal_moves()
        if getattr(bot, "offload", False) and (self.executor is not None or lim.bot_workers > 0):
            if not isinstance(legal, list) and len(legal) <= MAX_SHIPPED:
                legal = list(legal)
            if isinstance(legal, list):
                if self.executor is None:
                    self.executor = new_pool(lim.bot_workers)
                seed = r.bot_seed(t.seed, seat, t.version)
                job = self.executor.submit(
                    choose_move,
                    t.game.id,
                    kind,
                    seed,
                    state.view(seat),
                    legal,
                    lim.bot_iterations,
                    lim.bot_seconds,
                )
                self._jobs[t.id] = (t.version, seat, job)
                return None
        view = state.view(seat) if getattr(bot, "needs_view", True) else {}
        return bot.choose(t.game, view, legal)

    def _check_option_maxima(self, game_id: str, opts: Any) -> None:
        for name, most in self.limits.option_maxima.get(game_id, {}).items():
            value = getattr(opts, name, None)
            if isinstance(value, int | float) and value > most:
                err = ProtocolError(
                    "lobby.option_limit",
                    f"Option {name!r} is at most {most} on this server (asked: {value}).",
                    f"L'option {name!r} vaut au plus {most} sur ce serveur (demandé : {value}).",
                )
                err.detail = {"option": name, "max": most}  # type: ignore[attr-defined]
                raise err

    def _schedule(self, t: Table, now: float) -> None:
        state = t.state
        if state is None or state.current is None:
            t.turn_deadline = None
            return
        seat = t.seats[state.current]
        if self._bot_plays(t, seat.index):
            t.turn_deadline = None
            self._push(now + max(t.settings.bot_delay, self.limits.min_bot_delay), t, "bot")
        elif t.settings.turn_seconds > 0:
            t.turn_deadline = now + t.settings.turn_seconds
            self._push(t.turn_deadline, t, "timeout")
        else:
            t.turn_deadline = None

    def _push(self, when: float, t: Table, kind: str) -> None:
        self._timer_no += 1
        heapq.heappush(self._timers, (when, self._timer_no, t.id, t.version, kind))

    def _maybe_autostart(self, t: Table, now: float) -> None:
        if t.status == "waiting" and t.settings.autostart and all(s.taken for s in t.seats):
            self._start(t, now)

    def _start(self, t: Table, now: float) -> None:
        """Deal: the seed is derived from the secret committed at the creation and every seat's
        nonce (:func:`record.derive_seed`), so nobody alone chose it."""
        if t.secret is None:  # never: tables get their secret at the creation or the recovery
            self._commit_secret(t, r.new_secret(self.entropy(32)))
        nonces = self._nonces(t)
        seed = r.derive_seed(t.secret, nonces)  # type: ignore[arg-type]
        t.state = t.game.setup(t.players, t.options, r.seed_int(seed))
        t.seed = seed
        t.status = "playing"
        t.history = [r.start_events(t.state)]
        self.store.start(t.id, seed, t.commitment or "", now)
        self._schedule(t, now)
        seats = self._seat_infos(t)
        self._broadcast(
            t,
            lambda to: m.Started(
                sender=m.GM,
                to=to,
                seq=t.seq,
                body=m.StartedBody(
                    table=t.id, commitment=t.commitment or "", seats=seats, nonces=nonces
                ),
            ),
        )
        self._send_updates(t, t.history[0], None, now)

    def _finish(self, t: Table, now: float) -> None:
        state = t.state
        assert state is not None
        res = state.result()
        t.result = r.jsonable(res) if res is not None else {}
        t.status = "finished"
        t.turn_deadline = None
        # the rematch's secret, committed now: the players' nonces for it come with their votes
        t.next_secret = r.new_secret(self.entropy(32))
        self.store.finish(t.id, t.result, now, t.moves)
        self.store.set_next_secret(t.id, t.next_secret)
        body = self._over_body(t)
        self._broadcast(t, lambda to: m.GameOver(sender=m.GM, to=to, seq=t.seq, body=body))
        t.archive()
        self._push(now + EVICT_AFTER, t, "evict")

    def _make_rematch(self, t: Table, now: float) -> None:
        nid = self._new_table_id()
        nt = Table(
            id=nid,
            store=self.store,
            game=t.game,
            players=t.players,
            options=t.options,
            settings=t.settings,
            created=now,
            seats=[Seat(s.index, name=s.name, bot=s.bot) for s in t.seats],
            rematch_of=t.id,
        )
        # the secret committed in game_over, then the nonces given with the votes
        self._commit_secret(nt, t.next_secret or r.new_secret(self.entropy(32)))
        tokens: dict[int, str] = {}
        for s, old in zip(nt.seats, t.seats, strict=True):
            if s.bot is None and old.conn is not None and old.conn in self.conns:
                tokens[s.index] = tok = self.entropy(16).hex()
                s.token_hash, s.conn = token_hash(tok), old.conn
                s.nonce, s.nonce_by = t.rematch_nonces.get(s.index) or self._nonce(None)
                self.conns[old.conn].seats[nid] = s.index
            elif s.bot is None:
                s.name = ""
        t.rematch = nid
        self.tables[nid] = nt
        self.store.create_table(self._head_record(nt))
        self.store.set_rematch(t.id, nid)
        t.seq += 1  # rematch_ready: after the votes, its own number
        for s in t.seats:
            if s.conn is not None and s.conn in self.conns:
                tok = tokens.get(s.index)
                self._send(
                    s.conn,
                    m.RematchReady(
                        sender=m.GM,
                        to=f"{t.id}/{s.index}",
                        seq=t.seq,
                        body=m.RematchReadyBody(
                            table=t.id, new_table=nid, seat=s.index if tok else None, token=tok
                        ),
                    ),
                )
        for cid in list(t.spectators):
            c = self.conns.get(cid)
            if c is None:
                continue
            nt.spectators.add(cid)
            c.watching.add(nid)
            self._send(
                cid,
                m.RematchReady(
                    sender=m.GM,
                    to=f"{t.id}/spectators",
                    seq=t.seq,
                    body=m.RematchReadyBody(table=t.id, new_table=nid),
                ),
            )
        self._broadcast_table(nt)
        self._maybe_autostart(nt, now)

    def _send_rematch_ready(self, t: Table, nt: Table, c: Conn, idx: int) -> None:
        self._send(
            c.id,
            m.RematchReady(
                sender=m.GM,
                to=f"{t.id}/{idx}",
                seq=self._next_seq(t),
                body=m.RematchReadyBody(table=t.id, new_table=nt.id),
            ),
        )

    def _evict(self, t: Table) -> None:
        self.tables.pop(t.id, None)
        for s in t.seats:
            if s.conn is not None and s.conn in self.conns:
                self.conns[s.conn].seats.pop(t.id, None)
        for cid in t.spectators:
            if cid in self.conns:
                self.conns[cid].watching.discard(t.id)

    # ================================================================== what members see
    def _members(self, t: Table) -> list[tuple[int, int | None]]:
        out: list[tuple[int, int | None]] = [
            (s.conn, s.index) for s in t.seats if s.conn is not None
        ]
        out.extend((cid, None) for cid in t.spectators)
        return out

    def _broadcast(self, t: Table, make: Callable[[str], m.Message]) -> None:
        t.seq += 1
        spect: m.Message | None = None
        for cid, seat in self._members(t):
            if seat is None:
                if spect is None:
                    spect = make(f"{t.id}/spectators")
                self._send(cid, spect)
            else:
                self._send(cid, make(f"{t.id}/{seat}"))

    def _broadcast_table(self, t: Table) -> None:
        info = self._info(t)
        self._broadcast(t, lambda to: m.Table(sender=m.GM, to=to, seq=t.seq, body=info))

    def _send_updates(
        self, t: Table, events: list[Event], reply: tuple[int, int | None] | None, now: float
    ) -> None:
        """Each member's own update: its view, the events it may see, its legal moves.

        The hot path of a move: each seat's view is computed once, events are converted once
        per audience (usually one: every event public), legal moves only for the seat to act.
        """
        t.seq += 1
        state = t.state
        assert state is not None
        turn = state.current
        deadline = None if t.turn_deadline is None else max(0.0, round(t.turn_deadline - now, 3))
        tid, version, seq = t.id, t.version, t.seq
        conns, out, guard = self.conns, self._out, self.leak_guard
        public = all(e.to is None and not e.hide for e in events)
        seen: dict[Any, list[m.EventOut]] = {}
        rconn, rid = reply if reply is not None else (None, None)
        for s in t.seats:
            cid = s.conn
            if cid is None:
                continue
            c = conns.get(cid)
            if c is None:
                continue
            seat = s.index
            if seat == turn:
                legal, total = _listed(state)
            else:
                legal = total = None
            msg = m.Update(
                sender=m.GM,
                to=f"{tid}/{seat}",
                seq=seq,
                id=rid if cid == rconn else None,
                body=m.UpdateBody(
                    table=tid,
                    version=version,
                    turn=turn,
                    seat=seat,
                    events=self._events_seen(t, events, seat, c, seen, public),
                    view=state.view(seat),
                    legal=legal,
                    legal_total=total,
                    deadline=deadline,
                ),
            )
            if guard:
                self._guard(t, seat, msg)
            out.append((cid, msg))
        spect: dict[tuple[str, bool], m.Message] = {}
        for cid in t.spectators:
            c = conns.get(cid)
            if c is None:
                continue
            key = (c.lang, c.texts)
            msg = spect.get(key)  # type: ignore[assignment]
            if msg is None:
                msg = spect[key] = m.Update(
                    sender=m.GM,
                    to=f"{tid}/spectators",
                    seq=seq,
                    body=m.UpdateBody(
                        table=tid,
                        version=version,
                        turn=turn,
                        seat=None,
                        events=self._events_seen(t, events, None, c, seen, public),
                        view=state.view(None),
                        legal=None,
                        legal_total=None,
                        deadline=deadline,
                    ),
                )
                if guard:
                    self._guard(t, None, msg)
            out.append((cid, msg))

    def _events_seen(
        self,
        t: Table,
        events: list[Event],
        seat: int | None,
        c: Conn,
        seen: dict[Any, list[m.EventOut]],
        public: bool,
    ) -> list[m.EventOut]:
        """:meth:`_events_out`, shared by every recipient who sees the same events in the same
        words (messages are encoded, never modified, so sharing the list is safe)."""
        key = (None if public else seat, c.lang if c.texts else None)
        got = seen.get(key)
        if got is None:
            got = seen[key] = self._events_out(t, events, seat, c)
        return got

    def _catch_up(self, t: Table, c: Conn, seat: int | None, version: int, now: float) -> None:
        """One update carrying every event ``seat`` missed since ``version``, then the end."""
        if t.state is None:
            return
        if t.archived is not None:
            t.unarchive()
        since = max(version, -1) + 1
        events = [e for step in t.history[since:] for e in step]
        state = t.state
        turn = state.current
        body = m.UpdateBody(
            table=t.id,
            version=t.version,
            turn=turn,
            seat=seat,
            events=self._events_out(t, events, seat, c),
            view=state.view(seat),
            legal=_listed(state)[0] if seat is not None and seat == turn else None,
            legal_total=_listed(state)[1] if seat is not None and seat == turn else None,
            deadline=None if t.turn_deadline is None else max(0.0, round(t.turn_deadline - now, 3)),
        )
        to = f"{t.id}/{'spectators' if seat is None else seat}"
        msg = m.Update(sender=m.GM, to=to, seq=self._next_seq(t), body=body)
        if self.leak_guard:
            # the events are history: a card shown at the deal may be hidden again now (shuffled
            # back into a stock), so only what is current is held against today's secrets
            now_only = msgspec.structs.replace(body, events=[])
            self._guard(t, seat, m.Update(sender=m.GM, to=to, seq=t.seq, body=now_only))
        self._send(c.id, msg)
        if t.status == "finished":
            self._send(
                c.id, m.GameOver(sender=m.GM, to=to, seq=self._next_seq(t), body=self._over_body(t))
            )

    def _events_out(
        self, t: Table, events: list[Event], seat: int | None, c: Conn
    ) -> list[m.EventOut]:
        describe = t.game.describe if c.texts else None
        return [
            m.EventOut(
                kind=e.kind,
                seat=e.seat,
                data=e.data,
                text=describe(e, c.lang) if describe else None,
            )
            for e in events
            if e.visible_to(seat)
        ]

    def _guard(self, t: Table, seat: int | None, msg: m.Message) -> None:
        if t.state is None:
            return
        secret = {c.code for c in t.state.secret_cards(seat)}
        found = secret.intersection(_strings(msgspec.to_builtins(msg)))
        if found:
            raise LeakError(
                f"table {t.id}: message to seat {seat} names hidden cards {sorted(found)}"
            )

    # ================================================================== helpers
    def _next_seq(self, t: Table) -> int:
        """A number for a table frame sent to one member only: seq never repeats for anyone."""
        t.seq += 1
        return t.seq

    def _send(self, conn: int, msg: m.Message) -> None:
        self._out.append((conn, msg))

    def _reply(self, c: Conn, req: m.Message, cls: type[m.Message], body: Any) -> None:
        self._send(c.id, cls(sender=m.GM, to=c.name or "", id=req.id, body=body))  # type: ignore[call-arg]

    def _error(self, c: Conn, rid: int | None, e: AtoutError, table: str | None = None) -> None:
        message, message_fr = e.message, e.message_fr
        t = self.tables.get(table) if table else None
        if t is not None and t.state is not None:
            secret = t.state.secret_cards(c.seats.get(t.id))
            message, message_fr = _scrub(message, secret, "en"), _scrub(message_fr, secret, "fr")
        body = m.ErrorBody(
            code=e.code,
            message=message,
            message_fr=message_fr,
            detail=getattr(e, "detail", None) or {},
        )
        self._send(c.id, m.Error(sender=m.GM, to=c.name or "", id=rid, body=body))

    def _table_of(self, msg: Any) -> str | None:
        return getattr(getattr(msg, "body", None), "table", None)

    def _get_table(self, tid: str) -> Table:
        t = self.tables.get(tid)
        if t is None:
            # a finished table evicted from memory (or before a restart) is read back on demand
            rec = self.store.load(tid)
            if rec is not None and rec.status == "finished":
                t = self.tables[tid] = self._table_from_record(rec, self._now)
                self._push(self._now + EVICT_AFTER, t, "evict")
        if t is None:
            raise ProtocolError(
                "lobby.unknown_table", f"No table {tid!r}.", f"Pas de table {tid!r}."
            )
        return t

    def _new_table_id(self) -> str:
        while True:
            tid = self.entropy(6).hex()
            if tid not in self.tables and not self.store.exists(tid):
                return tid

    def _seat_infos(self, t: Table) -> list[m.SeatInfo]:
        return [
            m.SeatInfo(
                seat=s.index,
                name=s.name,
                bot=s.bot,
                taken=s.taken,
                connected=s.conn is not None or s.bot is not None,
                away=s.away,
            )
            for s in t.seats
        ]

    def _info(self, t: Table) -> m.TableInfo:
        return m.TableInfo(
            table=t.id,
            game=t.game.id,
            players=t.players,
            options=t.options,
            status=t.status,  # type: ignore[arg-type]
            seats=self._seat_infos(t),
            turn_seconds=t.settings.turn_seconds,
            private=t.settings.private,
            spectators=len(t.spectators),
            version=t.version,
            commitment=t.commitment,
            rematch_of=t.rematch_of,
            rematch=t.rematch,
        )

    def _seat_record(self, s: Seat) -> r.SeatRecord:
        return r.SeatRecord(
            seat=s.index,
            name=s.name,
            bot=s.bot,
            token_hash=s.token_hash,
            nonce=s.nonce,
            nonce_by=s.nonce_by,  # type: ignore[arg-type]
        )

    # -- fair deals (docs/PROTOCOL.md "Fair deals"; record.derive_seed)
    def _commit_secret(self, t: Table, secret: str) -> None:
        """``t``'s secret and its commitment, before any nonce; the bots' nonces follow from it."""
        t.secret, t.commitment = secret, r.secret_commitment(secret)
        for s in t.seats:
            if s.bot is not None and s.nonce is None:
                s.nonce, s.nonce_by = r.bot_nonce(secret, s.index), "bot"

    def _nonce(self, given: str | None) -> tuple[str, str]:
        """A client's nonce, or one the game master draws for a client that sent none."""
        if given is not None:
            return given, "client"
        return self.entropy(16).hex(), "server"

    def _nonces(self, t: Table) -> list[str]:
        """Every seat's nonce in seat order (a seat without one, which a table of an older
        database may have, gets one drawn by the game master now)."""
        for s in t.seats:
            if s.nonce is None:
                if s.bot is not None:
                    s.nonce, s.nonce_by = r.bot_nonce(t.secret or "", s.index), "bot"
                else:
                    s.nonce, s.nonce_by = self._nonce(None)
                self.store.set_seat(t.id, self._seat_record(s))
        return [s.nonce or "" for s in t.seats]

    def _over_body(self, t: Table) -> m.GameOverBody:
        """``game_over``: the result, and what proves the deal (format 1: the seed alone)."""
        fair = t.secret is not None
        return m.GameOverBody(
            table=t.id,
            result=t.result or {},
            seed=t.seed or "",
            commitment=t.commitment or "",
            version=t.version,
            secret=t.secret,
            nonces=[s.nonce or "" for s in t.seats] if fair else [],
            rematch_commitment=(
                r.secret_commitment(t.next_secret) if t.next_secret and t.rematch is None else None
            ),
        )

    def _head_record(self, t: Table) -> r.TableRecord:
        return r.TableRecord(
            table=t.id,
            game=t.game.id,
            players=t.players,
            options=t.options,
            settings=msgspec.to_builtins(t.settings),
            status="waiting",
            created=t.created,
            seats=[self._seat_record(s) for s in t.seats],
            rematch_of=t.rematch_of,
            secret=t.secret,
            commitment=t.commitment,
        )

    def _table_from_record(self, rec: r.TableRecord, now: float) -> Table:
        game = get_game(rec.game)
        settings = msgspec.convert(rec.settings, m.CreateTableBody)
        seats = [
            Seat(
                s.seat,
                name=s.name,
                bot=s.bot,
                token_hash=s.token_hash,
                nonce=s.nonce,
                nonce_by=s.nonce_by,
            )
            for s in rec.seats
        ]
        t = Table(
            id=rec.table,
            store=self.store,
            game=game,
            players=rec.players,
            options=rec.options,
            settings=settings,
            created=rec.created,
            seats=seats,
            status=rec.status,
            rematch_of=rec.rematch_of,
            rematch=rec.rematch,
            secret=rec.secret,
            commitment=rec.commitment,
            next_secret=rec.next_secret,
        )
        if rec.status == "waiting" and t.secret is None:  # a table of an older database
            self._commit_secret(t, r.new_secret(self.entropy(32)))
            self.store.set_secret(t.id, t.secret, t.commitment)  # type: ignore[arg-type]
            for s in t.seats:
                if s.bot is not None:
                    self.store.set_seat(t.id, self._seat_record(s))
        if rec.status == "waiting" and self.limits.waiting_ttl > 0:
            self._push(max(now, rec.created + self.limits.waiting_ttl), t, "expire")
        if rec.status in ("playing", "finished"):
            t.state, t.history = _replay(rec)
            t.seed, t.commitment = rec.seed, rec.commitment
            t.moves = list(rec.moves)
            t.seq = t.version + 1
            if rec.status == "finished":
                t.result = rec.result
            elif t.state.current is None:  # crashed between the last move and the finish
                self._finish(t, now)
            else:
                for s in t.seats:
                    if s.bot is None:  # nobody is connected after a restart
                        self._gone(t, s, now)
                self._schedule(t, now)
        return t


#: Bidirectional formatting characters: they reorder what follows them on screen.
BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
RESERVED = ("gm",)  # and every name starting with "bot-": the game master's seats


def check_name(name: str) -> str:
    """A player's name as the game master keeps it: NFKC-normalised, trimmed; refused with
    ``lobby.bad_name`` if empty, too long, reserved (``gm``, ``bot-…``) or holding control,
    bidirectional-formatting, unassigned or private-use characters."""
    norm = unicodedata.normalize("NFKC", name).strip()
    why = None
    if not norm:
        why = "empty"
    elif len(norm) > 64:
        why = "too_long"
    elif any(ch in BIDI for ch in norm):
        why = "bidi"
    elif any(unicodedata.category(ch) in ("Cc", "Cs", "Co", "Cn", "Zl", "Zp") for ch in norm):
        why = "control"
    elif norm.casefold() in RESERVED or norm.casefold().startswith("bot-"):
        why = "reserved"
    if why is not None:
        err = ProtocolError(
            "lobby.bad_name",
            "This name is refused: it is empty or too long, holds control or direction "
            "characters, or is reserved ('gm', 'bot-…').",
            "Ce nom est refusé : vide ou trop long, il contient des caractères de contrôle ou "
            "de direction, ou il est réservé ('gm', 'bot-…').",
        )
        err.detail = {"reason": why}  # type: ignore[attr-defined]
        raise err
    return norm


def _limited(code: str, what: str, wait: float) -> ProtocolError:
    err = ProtocolError(
        code,
        f"{what}: retry in {wait:.2f} s.",
        f"{'Trop de commandes' if code == 'limit.rate' else 'Trop de tables créées'} : "
        f"réessayez dans {wait:.2f} s.",
    )
    err.detail = {"retry_after": round(wait + 0.0005, 3)}  # type: ignore[attr-defined]
    return err


def _request_id(data: bytes | str) -> int | None:
    """The request id of a frame refused before it is decoded (cheap: no full decode)."""
    from atout.protocol.codec import request_id

    try:
        return request_id(data)
    except Exception:
        return None


def _loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def _closed(t: Table) -> ProtocolError:
    return ProtocolError(
        "table.closed",
        f"This table was closed ({t.status}): it ended without a result.",
        f"Cette table a été fermée ({t.status}) : elle s'est terminée sans résultat.",
    )


def _replay(rec: r.TableRecord) -> tuple[State[Any], list[list[Event]]]:
    """:func:`record.replay`, with the timeout events the table announced put back."""
    state, history = r.replay(rec)
    for mv, step in zip(rec.moves, history[1:], strict=True):
        if mv.how == "timeout":
            step.insert(0, Event("timeout", mv.seat, {"move": mv.move}))
    return state, history


def _games() -> dict[str, Game[Any]]:
    from atout.games import all_games

    return all_games()


_move_decoders: dict[str, msgspec.json.Decoder[Any]] = {}
_json = msgspec.json.Encoder()


def _parse_move(game: Game[Any], data: Any) -> Any:
    """``game.parse_move(data)``, several times faster: the game's move union is decoded by a
    decoder built once (``Game.parse_move`` converts with a union type rebuilt on each call).
    Anything the decoder refuses goes to the game, whose refusal is the one sent."""
    dec = _move_decoders.get(game.id)
    if dec is None:
        dec = _move_decoders[game.id] = msgspec.json.Decoder(game.move_union())
    try:
        typed = dec.decode(_json.encode(data))
    except msgspec.MsgspecError:
        return game.parse_move(data)
    return game.parse_move(typed)


MAX_SHIPPED = 20_000  # legal moves sent to a search's worker; beyond, the bot runs here (it
# asks its heuristic anyway past a few hundred)
JOB_POLL = 0.005  # seconds between two looks at the searches running in the pool
ENDED = ("finished", "aborted", "closed")


def _listed(state: State[Any]) -> tuple[list[Any], int]:
    """At most :data:`~atout.protocol.messages.MAX_LEGAL` of the legal moves as a plain list,
    and how many there are."""
    legal = state.legal_moves()
    n = len(legal)
    return (
        legal if isinstance(legal, list) and n <= m.MAX_LEGAL else list(islice(legal, m.MAX_LEGAL))
    ), n


def _strings(obj: Any) -> set[str]:
    """Every string in a JSON-like value (keys included)."""
    out: set[str] = set()
    stack = [obj]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            out.add(x)
        elif isinstance(x, dict):
            out.update(k for k in x if isinstance(k, str))
            stack.extend(x.values())
        elif isinstance(x, list | tuple):
            stack.extend(x)
    return out


_CODE = re.compile(r"\b(?:10|[2-9AJQK])[CDHS](?:#\d)?\b|\bJK\d(?:#\d)?")


def _scrub(text: str, secret: set[Any], lang: str) -> str:
    """``text`` with every hidden card (code or name) replaced: errors never reveal cards."""
    if not secret:
        return text
    codes = {c.code for c in secret}
    text = _CODE.sub(lambda mo: "??" if mo.group(0) in codes else mo.group(0), text)
    for c in secret:
        name = c.name(lang)
        if name in text:
            text = text.replace(name, "?")
    return text
