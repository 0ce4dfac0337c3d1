"""The game master, sans I/O: (connection, frame) in, (connection, message) pairs out.

No sockets, no clock, no randomness of its own: the shell passes the time and the entropy
source, calls :meth:`Core.receive` for each frame, :meth:`Core.tick` when
:meth:`Core.next_deadline` is due, then commits the :class:`~atout.server.store.TableStore` and
only then sends the returned messages.

The core is the router and the lobby: it knows the connections (:mod:`atout.server.conns`) and
the directory of tables, creates and lists tables, limits what clients may do, and hands each
table command to its :class:`~atout.server.table.TableActor`, which holds the table's seats,
game and record. What members are sent is built in :mod:`atout.server.members` (and checked by
its leak guard); seated bots run through :class:`~atout.server.seated.Seated`. It is generic
over :mod:`atout.games`: no game is named here.
"""

from __future__ import annotations

import heapq
import logging
import os
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

import msgspec

from atout.bots import bot_kinds
from atout.games import all_games, get_game
from atout.games.base import AtoutError, BadOptions, IllegalMove
from atout.protocol import messages as m
from atout.protocol.codec import decode_client
from atout.protocol.errors import ProtocolError, game_error
from atout.server import members as view
from atout.server import record as r
from atout.server.accounts import Accounts
from atout.server.api import Api
from atout.server.conns import (
    Address,
    Bucket,
    Conn,
    check_name,
    frame_request_id,
    is_loopback,
    limited,
    token_hash,
)
from atout.server.limits import CoreLimits
from atout.server.members import LeakError
from atout.server.ratings import Ratings
from atout.server.seated import Seated
from atout.server.store import SQLiteStore, TableStore
from atout.server.table import (
    ENDED,
    EVICT_AFTER,
    Seat,
    Status,
    TableActor,
    Timer,
)

log = logging.getLogger("atout.server")

Out = tuple[int, m.Message]
SERVER_NAME = "atout/0.1"
OPEN = (Status.WAITING, Status.PLAYING)
QUICK_BOT = "heuristic"  # the bots quick play seats
QUICK_BOT_DELAY = 0.8  # seconds they wait before moving (people watch them play)

__all__ = ["Core", "CoreLimits", "LeakError", "Out", "check_name"]


class Core:
    """All tables and connections of one game master; the :class:`~atout.server.table.Host`
    of its tables."""

    def __init__(
        self,
        store: TableStore | None = None,
        *,
        entropy: Callable[[int], bytes] = os.urandom,
        leak_guard: bool = False,
        server_name: str = SERVER_NAME,
        limits: CoreLimits | None = None,
        executor: Executor | None = None,
        chat: bool = False,
    ) -> None:
        # a core without a database of its own (tests, the document generator) keeps its
        # tables in an SQLite database in memory: the same code path as a file
        self.store: TableStore = store if store is not None else SQLiteStore(":memory:")
        self.limits = limits = limits or CoreLimits()
        self.bots = Seated(limits, executor)
        self.entropy = entropy
        self.leak_guard = leak_guard
        self.server_name = server_name
        self.chat = chat
        # the players' platform, in the same database: accounts, ratings, the HTTP API
        self.accounts = Accounts(self.store)
        self.ratings = Ratings(self.store)
        self.api = Api(self.accounts, self.ratings, self.store)
        self.conns: dict[int, Conn] = {}
        self.addresses: dict[str, Address] = {}
        self.tables: dict[str, TableActor] = {}
        # the tables each connection and each address created, until evicted (quotas)
        self._by_conn: dict[int, set[str]] = {}
        self._by_address: dict[str, set[str]] = {}
        self._timers: list[tuple[float, int, str, int, Timer, int]] = []
        self._timer_no = 0
        self.out: list[Out] = []
        self._now = 0.0
        self.moves_applied = 0
        self._handlers: dict[type, Callable[[Conn, Any, float], None]] = {
            m.Hello: self._hello,
            m.ListGames: self._list_games,
            m.CreateTable: self._create_table,
            m.ListTables: self._list_tables,
            m.QuickPlay: self._quick_play,
            m.Ping: self._ping,
        }
        self._table_handlers: dict[type, Callable[[TableActor, Conn, Any, float], None]] = {
            m.Join: TableActor.on_join,
            m.Resume: TableActor.on_resume,
            m.Leave: TableActor.on_leave,
            m.Watch: TableActor.on_watch,
            m.Start: TableActor.on_start,
            m.Move: TableActor.on_move,
            m.Hint: TableActor.on_hint,
            m.Rematch: TableActor.on_rematch,
            m.FillBots: TableActor.on_fill_bots,
            m.React: TableActor.on_react,
            m.Chat: TableActor.on_chat,
        }

    @property
    def now(self) -> float:
        """The time of the frame or tick being handled."""
        return self._now

    @property
    def executor(self) -> Executor | None:
        """The searches' worker processes (None until the first search)."""
        return self.bots.executor

    # ================================================================== the shell's API
    def connect(
        self,
        conn: int,
        address: str | None = None,
        now: float = 0.0,
        session: str | None = None,
    ) -> list[Out]:
        """A new connection; ``address`` is its peer's IP (per-address limits and quotas);
        ``session`` the session token its upgrade request carried (its account, if valid)."""
        lim = self.limits
        self._now = now
        c = self.conns[conn] = Conn(
            conn,
            account=self.accounts.session(session, now) if session else None,
            address=None if address is None or is_loopback(address) else address,
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
        self.out = out = []
        self._now = now
        c = self.conns.get(conn)
        if c is None:
            return out
        wait = self._throttle(c, now)
        if wait:
            err = limited("limit.rate", "Too many commands", wait)
            self._error(c, frame_request_id(data), err)
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
            handler = self._table_handlers.get(type(msg))
            if handler is not None:
                handler(self._get_table(msg.body.table), c, msg, now)  # type: ignore[attr-defined]
            else:
                self._handlers[type(msg)](c, msg, now)
        except ProtocolError as e:
            self._error(c, rid, e)
        except (IllegalMove, BadOptions) as e:
            self._error(c, rid, game_error(e), getattr(getattr(msg, "body", None), "table", None))
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
        self.out = out = []
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
                if t.status == Status.PLAYING:
                    t.gone(t.seats[idx], now)
                t.broadcast_table()
        return out

    def tick(self, now: float) -> list[Out]:
        """Run what is due: searches that finished, seated bots' moves, turn time-outs,
        evictions. A bounded amount of work: at most one move per table and
        ``limits.tick_moves`` in all; what is left stays due, so the shell calls again once the
        loop has served its sockets. A table whose work raises is closed alone ("aborted")."""
        self.out = out = []
        self._now = now
        moved: set[str] = set()
        for tid, version, seat, job in self.bots.finished():
            t = self.tables.get(tid)
            if t is None or t.status != Status.PLAYING or t.version != version or t.state is None:
                continue
            if t.state.current != seat or not t.bot_plays(seat):
                continue
            if self._guarded(t, now, lambda t=t, s=seat, j=job: t.play_data(s, j.result(), now)):
                moved.add(tid)
        budget = self.limits.tick_moves
        timers = self._timers
        later: list[tuple[float, int, str, int, Timer, int]] = []
        while timers and timers[0][0] <= now and len(moved) < budget:
            entry = heapq.heappop(timers)
            tid, kind = entry[2], entry[4]
            t = self.tables.get(tid)
            if t is None:
                continue
            if kind is Timer.EVICT:
                if t.status in ENDED:
                    self._evict(t)
                continue
            if tid in moved:
                later.append(entry)  # one move per table per tick
                continue
            if self._guarded(t, now, lambda t=t, e=entry: t.due(e[3], e[4], e[5], now)):
                moved.add(tid)
        for entry in later:
            heapq.heappush(timers, entry)
        return out

    def _guarded(self, t: TableActor, now: float, work: Callable[[], bool | None]) -> bool:
        """Run one table's work; if it raises, that table alone is closed (aborted)."""
        try:
            return bool(work())
        except LeakError:
            raise
        except Exception:
            t.fail(now)
            return False

    def next_deadline(self) -> float | None:
        """When :meth:`tick` has work (searches running in the pool are polled)."""
        due = self._timers[0][0] if self._timers else None
        poll = self.bots.poll_at(self._now)
        if poll is not None:
            due = poll if due is None else min(due, poll)
        return due

    def shutdown(self) -> list[Out]:
        """Tell every connection the server is stopping (tables stay in the store); stop the
        searches' worker processes."""
        self.bots.shutdown()
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
                t = TableActor.from_record(self, rec, now)
            except Exception:
                log.exception("table %s cannot be recovered; closed (aborted)", rec.table)
                self.store.end(rec.table, Status.ABORTED.value, now, rec.moves)
                continue
            self.tables[t.id] = t
            n += 1
        return n

    # ================================================================== the tables' host
    def send(self, conn: int, msg: m.Message) -> None:
        self.out.append((conn, msg))

    def reply(self, c: Conn, req: m.Message, cls: type[m.Message], body: Any) -> None:
        self.send(c.id, cls(sender=m.GM, to=c.name or "", id=req.id, body=body))  # type: ignore[call-arg]

    def push(self, when: float, t: TableActor, kind: Timer, arg: int = -1) -> None:
        self._timer_no += 1
        heapq.heappush(self._timers, (when, self._timer_no, t.id, t.version, kind, arg))

    def bot_move(self, t: TableActor, seat: int) -> Any:
        return self.bots.move(t, seat)

    def cancel_bot(self, t: TableActor) -> None:
        self.bots.cancel(t.id)

    def table(self, tid: str) -> TableActor | None:
        return self.tables.get(tid)

    def make_rematch(self, t: TableActor, now: float) -> None:
        """Every player voted: a new table with the same seats (the connections still here
        keep theirs, with new tokens), its secret the one committed in ``game_over``."""
        nid = self._new_table_id()
        nt = TableActor(
            host=self,
            id=nid,
            game=t.game,
            players=t.players,
            options=t.options,
            settings=t.settings,
            created=now,
            seats=[Seat(s.index, name=s.name, bot=s.bot) for s in t.seats],
            rematch_of=t.id,
        )
        # the secret committed in game_over, then the nonces given with the votes
        nt.commit_secret(t.next_secret or r.new_secret(self.entropy(32)))
        tokens: dict[int, str] = {}
        for s, old in zip(nt.seats, t.seats, strict=True):
            if s.bot is None and old.conn is not None and old.conn in self.conns:
                tokens[s.index] = tok = self.entropy(16).hex()
                s.token_hash, s.conn = token_hash(tok), old.conn
                s.nonce, s.nonce_by = t.rematch_nonces.get(s.index) or nt.nonce(None)
                self.conns[old.conn].seats[nid] = s.index
            elif s.bot is None:
                s.name = ""
        t.rematch = nid
        self.tables[nid] = nt
        self.store.create_table(nt.head_record())
        self.store.set_rematch(t.id, nid)
        t.seq += 1  # rematch_ready: after the votes, its own number
        for s in t.seats:
            if s.conn is not None and s.conn in self.conns:
                tok = tokens.get(s.index)
                seat = s.index if tok else None
                self.send(s.conn, view.rematch_ready(t, f"{t.id}/{s.index}", t.seq, seat, tok))
        for cid in list(t.spectators):
            c = self.conns.get(cid)
            if c is None:
                continue
            nt.spectators.add(cid)
            c.watching.add(nid)
            self.send(cid, view.rematch_ready(t, f"{t.id}/spectators", t.seq))
        nt.broadcast_table()
        nt.maybe_autostart(now)

    # ================================================================== the lobby
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
        if c.account is not None:
            name = c.account  # a logged-in connection plays under its account's name
        else:
            name = check_name(b.name)
            if self.accounts.find(name) is not None:
                raise ProtocolError(
                    "lobby.name_taken",
                    f"{name!r} is an account's name: log in to use it, or choose another.",
                    f"{name!r} est le nom d'un compte : connectez-vous pour l'utiliser, ou "
                    "choisissez-en un autre.",
                )
        c.name, c.lang, c.texts = name, b.lang, b.texts
        games = list(all_games())
        body = m.WelcomeBody(
            version=max(common),
            server=self.server_name,
            games=games,
            account=c.account,
            chat=self.chat,
        )
        self.reply(c, msg, m.Welcome, body)

    def _list_games(self, c: Conn, msg: m.ListGames, now: float) -> None:
        from atout.bots.levels import bot_levels  # the named levels (issue 15), every game alike

        levels = bot_levels()
        games = [{**g.rules_summary(), "bot_levels": levels} for g in all_games().values()]
        self.reply(c, msg, m.Games, m.GamesBody(games=games))

    def _create_table(self, c: Conn, msg: m.CreateTable, now: float) -> None:
        t = self._open_table(c, msg.body, now)
        self.reply(c, msg, m.TableCreated, view.info(t))
        t.maybe_autostart(now)

    def _open_table(self, c: Conn, b: m.CreateTableBody, now: float) -> TableActor:
        """A new table as ``c`` asks (checked, within its quotas), stored; not started."""
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
        t = TableActor(
            host=self,
            id=tid,
            game=game,
            players=b.players,
            options=msgspec.to_builtins(opts),
            settings=b,
            created=now,
            seats=seats,
            owner=(c.id, c.address),
        )
        t.commit_secret(r.new_secret(self.entropy(32)))
        self.tables[tid] = t
        self._by_conn.setdefault(c.id, set()).add(tid)
        if c.address is not None:
            self._by_address.setdefault(c.address, set()).add(tid)
        self.store.create_table(t.head_record())
        if self.limits.waiting_ttl > 0:
            t.push(now + self.limits.waiting_ttl, Timer.EXPIRE)
        return t

    def _quick_play(self, c: Conn, msg: m.QuickPlay, now: float) -> None:
        """A seat at the oldest waiting quick-play table of this game and size that has room
        and is not already ``c``'s (or its account's); a new one if there is none."""
        b = msg.body
        found = None
        for t in self.tables.values():
            if (
                t.quick
                and t.status == Status.WAITING
                and t.game.id == b.game
                and t.players == b.players
                and t.id not in c.seats
                and t.account_seat(c) is None
                and any(not s.taken for s in t.seats)
                and (found is None or (t.created, t.id) < (found.created, found.id))
            ):
                found = t
        if found is None:
            settings = m.CreateTableBody(
                game=b.game, players=b.players, bot_kind=QUICK_BOT, bot_delay=QUICK_BOT_DELAY
            )
            found = self._open_table(c, settings, now)
            found.quick = True
            found.fill_at = now + b.wait
        seat = next(s for s in found.seats if not s.taken)
        if b.fill == "bots":
            found.fill_at = None
            found.fill_bots(keep=seat.index)
        found.seat_player(c, msg, seat, b.nonce, now)

    def game_ended(self, t: TableActor, now: float) -> None:
        """A table finished: every account's seat is recorded, and if the game was rated
        (every seat an account's or a bot's) their ratings move."""
        if not any(s.account is not None for s in t.seats):
            return
        res = t.result or {}
        self.ratings.record_game(
            t.id,
            t.game.id,
            now,
            [(s.account, s.bot if s.account is None else None) for s in t.seats],
            list(res.get("winners", [])),
            t.rated,
        )

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
        statuses = OPEN if b.status is None else (b.status,)
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
            tables=[view.info(self.tables[tid]) for _, tid in page],
            next=f"{page[-1][0]!r}/{page[-1][1]}" if more else None,
        )
        self.reply(c, msg, m.Tables, body)

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
        # the creator's own tables only: no scan of the whole server per table created
        mine = self._open(self._by_conn.get(c.id))
        theirs = self._open(self._by_address.get(c.address)) if a is not None else 0  # type: ignore[arg-type]
        if mine >= lim.tables_per_conn or (a is not None and theirs >= lim.tables_per_address):
            most = lim.tables_per_conn if mine >= lim.tables_per_conn else lim.tables_per_address
            err = ProtocolError(
                "limit.open_tables",
                f"You have {most} open tables already: start, finish or leave one first.",
                f"Vous avez déjà {most} tables ouvertes : commencez, finissez ou quittez-en une.",
            )
            err.detail = {"max": most, "retry_after": None}  # type: ignore[attr-defined]
            raise err
        if len(b.bots) >= b.players and self._bot_only() >= lim.bot_tables:
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
            raise limited("limit.create_rate", "Too many tables created", wait)

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

    def _error(self, c: Conn, rid: int | None, e: AtoutError, table: str | None = None) -> None:
        message, message_fr = e.message, e.message_fr
        t = self.tables.get(table) if table else None
        if t is not None and t.state is not None:
            secret = t.state.secret_cards(c.seats.get(t.id))
            message, message_fr = (
                view.scrub(message, secret, "en"),
                view.scrub(message_fr, secret, "fr"),
            )
        body = m.ErrorBody(
            code=e.code,
            message=message,
            message_fr=message_fr,
            detail=getattr(e, "detail", None) or {},
        )
        self.send(c.id, m.Error(sender=m.GM, to=c.name or "", id=rid, body=body))

    def _ping(self, c: Conn, msg: m.Ping, now: float) -> None:
        self.reply(c, msg, m.Pong, m.Empty())

    def _get_table(self, tid: str) -> TableActor:
        t = self.tables.get(tid)
        if t is None:
            # a finished table evicted from memory (or before a restart) is read back on demand
            rec = self.store.load(tid)
            if rec is not None and rec.status == Status.FINISHED:
                t = self.tables[tid] = TableActor.from_record(self, rec, self._now)
                t.push(self._now + EVICT_AFTER, Timer.EVICT)
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

    def _open(self, tids: set[str] | None) -> int:
        """How many of ``tids`` are open (waiting or playing); the others, ended for good, are
        dropped from ``tids`` (so that it holds the open tables only, and stays small)."""
        if not tids:
            return 0
        tables = self.tables
        tids.difference_update(
            [tid for tid in tids if (t := tables.get(tid)) is None or t.status not in OPEN]
        )
        return len(tids)

    def _bot_only(self) -> int:
        """Open tables whose every seat a bot plays (a scan: only to create one such table)."""
        return sum(
            1
            for t in self.tables.values()
            if t.status in OPEN and all(s.bot is not None for s in t.seats)
        )

    def _evict(self, t: TableActor) -> None:
        self.tables.pop(t.id, None)
        if t.owner is not None:
            for index, key in ((self._by_conn, t.owner[0]), (self._by_address, t.owner[1])):
                mine = index.get(key)  # type: ignore[call-overload]
                if mine is not None:
                    mine.discard(t.id)
                    if not mine:
                        del index[key]  # type: ignore[arg-type]
        for s in t.seats:
            if s.conn is not None and s.conn in self.conns:
                self.conns[s.conn].seats.pop(t.id, None)
        for cid in t.spectators:
            if cid in self.conns:
                self.conns[cid].watching.discard(t.id)
