"""The game master, sans I/O: (connection, frame) in, (connection, message) pairs out.

No sockets, no clock, no randomness of its own: the shell passes the time and the entropy
source, calls :meth:`Core.receive` for each frame, :meth:`Core.tick` when
:meth:`Core.next_deadline` is due, then commits the :class:`~atout.server.storage.db.Database` and
only then sends the returned messages.

The core is the router: it knows the connections (:mod:`atout.server.core.conns`), limits what
clients may do, runs the timer queue, and hands lobby requests to the
:class:`~atout.server.core.lobby.Lobby` (the directory of tables) and each table request to its
handler (:mod:`~atout.server.core.seating`, the table's :class:`~atout.server.core.talk.Talk`,
:mod:`~atout.server.core.rematch`) with the table's :class:`~atout.server.core.actor.TableActor`.
What members are sent is built in :mod:`atout.server.core.told` (and checked by the leak guard,
:mod:`atout.server.core.leak`); seated bots run through :class:`~atout.server.core.seated.Seated`.
It is generic over :mod:`atout.games`: no game is named here.
"""

from __future__ import annotations

import heapq
import logging
import os
from collections.abc import Callable
from typing import Any

import msgspec
from msgspec.structs import fields

from atout.games import all_games
from atout.games.base import AtoutError, BadOptions, IllegalMove
from atout.locales import both, languages
from atout.protocol import messages as m
from atout.protocol.codec import decode_client
from atout.protocol.errors import ProtocolError, error_body, game_error
from atout.server.accounts import names
from atout.server.accounts.accounts import Accounts
from atout.server.accounts.api import Api
from atout.server.accounts.ratings import Ratings
from atout.server.accounts.throttle import Throttle, address_key
from atout.server.core import rematch, seating, told
from atout.server.core.actor import TableActor
from atout.server.core.conns import (
    Address,
    Bucket,
    Conn,
    check_name,
    frame_request_id,
    is_loopback,
    limited,
)
from atout.server.core.leak import LeakError, scrub
from atout.server.core.limits import CoreLimits
from atout.server.core.lobby import Lobby
from atout.server.core.restore import from_record
from atout.server.core.seated import Search, Seated
from atout.server.core.status import ENDED, Status, Timer
from atout.server.core.table import Table, parse_move
from atout.server.storage.db import Database
from atout.server.storage.store import SQLiteStore

log = logging.getLogger("atout.server")
#: Commands that cost the loop more, counted as this many in the rate limits: a page of tables
#: (~1.6 ms with 300 tables: a scan, a sort, fifty tables described), a hint (a bot's decision),
#: a watch or a resume (a catch-up: up to ``told.CATCH_UP_STEPS`` steps' events described).
COSTS: dict[type, float] = {m.ListTables: 8.0, m.Hint: 4.0, m.Watch: 8.0, m.Resume: 8.0}
#: The commands addressed to one table (their body names it): handled by the table's actor,
#: and routed by a node (:mod:`atout.server.nodes.node`) to the node that holds the table.
TABLE_MESSAGES: tuple[type, ...] = (
    m.Join, m.Resume, m.Leave, m.Watch, m.Reveal, m.Start, m.Move, m.Hint, m.Rematch,
    m.FillBots, m.React, m.Chat,
)  # fmt: skip
TABLE_COMMANDS: frozenset[str] = frozenset(t.__struct_config__.tag for t in TABLE_MESSAGES)

Out = tuple[int, m.Message]
SERVER_NAME = "atout/0.1"
#: The bots' level when none is asked for: quick play's, published in ``list_games``.
DEFAULT_LEVEL: str = next(f.default for f in fields(m.QuickPlayBody) if f.name == "level")

__all__ = ["Core", "CoreLimits", "LeakError", "Out", "check_name"]


class Core:
    """All tables and connections of one game master; the :class:`~atout.server.core.table.Host`
    of its tables (and the outbox their members' frames go to)."""

    def __init__(
        self,
        store: Database | None = None,
        *,
        entropy: Callable[[int], bytes] = os.urandom,
        leak_guard: bool = False,
        server_name: str = SERVER_NAME,
        limits: CoreLimits | None = None,
        chat: bool = False,
    ) -> None:
        # a core without a database of its own (tests, the document generator) keeps its
        # tables in an SQLite database in memory: the same code path as a file
        self.store: Database = store if store is not None else SQLiteStore(":memory:")
        self.limits = limits = limits or CoreLimits()
        self.bots = Seated(limits)
        self.entropy = entropy
        self.leak_guard = leak_guard
        self.server_name = server_name
        self.chat = chat
        # the players' platform, in the same database: accounts, ratings, the HTTP API
        self.accounts = Accounts(self.store, Throttle(self.store, self.limits))
        self.ratings = Ratings(self.store)
        self.api = Api(self.accounts, self.ratings, self.store)
        # seconds the last frame's connection must wait (over its rate): the shell stops
        # reading it that long, so a flood costs its rate, not a refusal per frame
        self.held = 0.0
        self.conns: dict[int, Conn] = {}
        self.addresses: dict[str, Address] = {}
        self.lobby = Lobby(self, self.addresses)
        self.tables: dict[str, TableActor] = self.lobby.tables
        self._games_memo: tuple[tuple[str, ...], m.GamesBody] | None = None
        self._timers: list[tuple[float, int, str, int, Timer, int]] = []
        self._timer_no = 0
        self.out: list[Out] = []
        self._now = 0.0
        self.moves_applied = 0
        self._handlers: dict[type, Callable[[Conn, Any, float], None]] = {
            m.Hello: self._hello,
            m.ListGames: self._list_games,
            m.CreateTable: self.lobby.on_create_table,
            m.ListTables: self.lobby.on_list_tables,
            m.QuickPlay: self.lobby.on_quick_play,
            m.Ping: self._ping,
        }
        handlers: dict[type, Callable[[TableActor, Conn, Any, float], None]] = {
            m.Join: self._join,
            m.Resume: seating.on_resume,
            m.Leave: seating.on_leave,
            m.Watch: seating.on_watch,
            m.Reveal: seating.on_reveal,
            m.Start: seating.on_start,
            m.Move: seating.on_move,
            m.Hint: seating.on_hint,
            m.Rematch: rematch.on_rematch,
            m.FillBots: seating.on_fill_bots,
            m.React: lambda t, c, msg, now: t.talk.react(c, msg, now),
            m.Chat: lambda t, c, msg, now: t.talk.chat(c, msg, now, self.chat),
        }
        # one list of table commands: the handlers' keys are TABLE_MESSAGES, in its order
        self._table_handlers = {t: handlers[t] for t in TABLE_MESSAGES}
        assert len(handlers) == len(TABLE_MESSAGES), "a table handler missing from TABLE_MESSAGES"

    @property
    def now(self) -> float:
        """The time of the frame or tick being handled."""
        return self._now

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
            # an IPv6 host holds a whole /64: counted by it, as the login limits do
            address=None if address is None or is_loopback(address) else address_key(address),
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
        self.held = 0.0
        c = self.conns.get(conn)
        if c is None:
            return out
        wait = self._throttle(c, now)
        if wait:
            self.held = wait  # the shell reads no more from it meanwhile
            err = limited("limit.rate", wait)
            self._error(c, frame_request_id(data), err)
            return out
        try:
            msg = decode_client(data)
        except ProtocolError as e:
            self._error(c, getattr(e, "request_id", None), e)
            return out
        rid = msg.id
        extra = COSTS.get(type(msg))
        if extra is not None:  # a command that costs the loop more counts as several
            wait = self._throttle(c, now, extra - 1.0)
            if wait:
                self.held = wait
                self._error(c, rid, limited("limit.rate", wait))
                return out
        if c.name is None and not isinstance(msg, m.Hello):
            self._error(
                c,
                rid,
                ProtocolError(
                    "protocol.hello_required",
                    *both("error-protocol-hello-required"),
                ),
            )
            return out
        try:
            handler = self._table_handlers.get(type(msg))
            if handler is not None:
                self.lobby.at_table(handler, c, msg, now)
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
                ProtocolError("server.internal", *both("error-server-internal")),
            )
        return out

    def refuse(self, conn: int, data: bytes | str, err: AtoutError, now: float) -> list[Out]:
        """Answer ``conn``'s frame with ``err`` without handling it (a node that cannot reach
        the table's node now): nothing is done, the client may send it again."""
        self.out = out = []
        self._now = now
        c = self.conns.get(conn)
        if c is not None:
            self._error(c, frame_request_id(data), err)
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
        for tid in [*c.seats, *c.watching]:
            t = self.tables.get(tid)
            seat = None if t is None else t.members.drop(c)
            if t is None or seat is None:
                continue
            if t.status == Status.PLAYING:
                t.gone(seat, now)
            told.table_changed(t)
        return out

    def tick(self, now: float) -> list[Out]:
        """Run what is due: seated bots' moves, turn time-outs, evictions. A bounded amount of
        work: at most one move per table and ``limits.tick_moves`` in all; what is left stays
        due, so the shell calls again once the loop has served its sockets. A table whose work
        raises is closed alone ("aborted"). Searches it starts wait in :meth:`searches`."""
        self.out = out = []
        self._now = now
        moved: set[str] = set()
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
                    self.lobby.evict(t)
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
        """When :meth:`tick` has work."""
        return self._timers[0][0] if self._timers else None

    def searches(self) -> list[Search]:
        """The seated bots' searches to run off the event loop (effects: the shell runs each
        :attr:`Search.job` in a worker process and gives the move to :meth:`searched`)."""
        return self.bots.take()

    def searched(self, search: Search, outcome: Callable[[], Any], now: float) -> list[Out]:
        """A search is over: ``outcome()`` is its move (plain data) or raises what the search
        raised. The move is played if its table is still where the search began; a search that
        failed closes its table alone (aborted)."""
        self.out = out = []
        self._now = now
        t = self.tables.get(search.table)
        if not self.bots.done(search) or t is None or t.state is None:
            return out
        if t.status != Status.PLAYING or t.version != search.version:
            return out
        seat = search.seat
        if t.state.current == seat and t.bot_plays(seat):

            def play() -> None:
                move = parse_move(t.game, outcome())
                t.play(seat, move, now, "bot", None)
                self.bots.played(t, seat, move)

            self._guarded(t, now, play)
        return out

    def shutdown(self) -> list[Out]:
        """Tell every connection the server is stopping (tables stay in the store)."""
        err = ProtocolError("server.shutting_down", *both("error-server-shutting-down"))
        return [
            (cid, m.Error(sender=m.GM, to=c.name or "", body=error_body(err, c.lang)))
            for cid, c in self.conns.items()
        ]

    def recover(self, now: float) -> int:
        """Rebuild every unfinished table from the store; returns how many."""
        return self.adopt(self.store.unfinished(), now)

    def adopt(self, records: list[Any], now: float) -> int:
        """Rebuild these unfinished tables from their records (a restart, or tables taken over
        from another node); returns how many."""
        n = 0
        for rec in records:
            try:
                t = from_record(self, rec, now)
            except Exception:
                log.exception("table %s cannot be recovered; closed (aborted)", rec.table)
                self.store.end(rec.table, Status.ABORTED.value, now, rec.moves)
                continue
            self.tables[t.id] = t
            n += 1
        return n

    def drop(self, tid: str) -> None:
        """Forget table ``tid`` without writing anything (another node holds it now): its
        searches are cancelled, its timers fire on nothing."""
        t = self.tables.get(tid)
        if t is not None:
            self.bots.cancel(tid)
            self.lobby.evict(t)

    # ================================================================== the tables' host
    def send(self, conn: int, msg: m.Message) -> None:
        self.out.append((conn, msg))

    def reply(self, c: Conn, req: m.Message, cls: type[m.Message], body: Any) -> None:
        self.send(c.id, cls(sender=m.GM, to=c.name or "", id=req.id, body=body))  # type: ignore[call-arg]

    def push(self, when: float, t: Table, kind: Timer, arg: int = -1) -> None:
        self._timer_no += 1
        heapq.heappush(self._timers, (when, self._timer_no, t.id, t.version, kind, arg))

    def bot_move(self, t: Table, seat: int) -> Any:
        return self.bots.move(t, seat)

    def cancel_bot(self, t: Table) -> None:
        self.bots.cancel(t.id)

    def table(self, tid: str) -> TableActor | None:
        return self.tables.get(tid)

    def make_rematch(self, t: Table, now: float) -> None:
        self.lobby.open_rematch(t, now)

    # ================================================================== the lobby
    def _hello(self, c: Conn, msg: m.Hello, now: float) -> None:
        b = msg.body
        common = [v for v in b.versions if v in m.SUPPORTED_VERSIONS]
        if not common:
            raise ProtocolError(
                "protocol.version",
                *both("error-protocol-version", versions=str(list(m.SUPPORTED_VERSIONS))),
                detail={"versions": list(m.SUPPORTED_VERSIONS)},
            )
        if c.account is not None:
            name = c.account  # a logged-in connection plays under its account's name
        else:
            name = check_name(b.name)
            like = names.account_like(self.store, name)  # the same name, or a look-alike
            if like is not None:
                raise ProtocolError(
                    "lobby.name_taken",
                    *both("error-lobby-name-account", name=repr(name), account=repr(like)),
                    detail={"reason": "account"},
                )
        c.name, c.lang, c.texts = name, b.lang, b.texts
        games = list(all_games())
        body = m.WelcomeBody(
            version=max(common),
            server=self.server_name,
            games=games,
            account=c.account,
            chat=self.chat,
            languages=languages(),
        )
        self.reply(c, msg, m.Welcome, body)

    def _join(self, t: TableActor, c: Conn, msg: m.Join, now: float) -> None:
        """A seat (:func:`seating.on_join`), unless a player seated there looks like ``c``."""
        self.lobby.refuse_look_alike(t, c)
        seating.on_join(t, c, msg, now)

    def _list_games(self, c: Conn, msg: m.ListGames, now: float) -> None:
        """The games' summaries (each game's :meth:`~atout.games.base.Game.rules_summary`) with
        the bots a table may seat: ``bot_levels`` (the named levels, issue 15), ``bot_kinds``
        (the raw kinds) and ``default_level`` (quick play's). Built once per set of games:
        building them takes ~1.6 ms (the options' JSON Schemas), and a client may ask hundreds
        of times in a burst."""
        from atout.bots import bot_kinds
        from atout.bots.levels import bot_levels

        registry = all_games()
        key = tuple(registry)
        memo = self._games_memo
        if memo is None or memo[0] != key:
            games = []
            for g in registry.values():
                levels = bot_levels(g.id)
                raw = [k for k in bot_kinds() if k not in {lv["id"] for lv in levels}]
                bots = {"bot_levels": levels, "bot_kinds": raw, "default_level": DEFAULT_LEVEL}
                games.append({**g.rules_summary(), **bots})
            memo = self._games_memo = (key, m.GamesBody(games=games))
        self.reply(c, msg, m.Games, memo[1])

    def game_ended(self, t: Table, now: float) -> None:
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

    # -- rate limits and quotas
    def _throttle(self, c: Conn, now: float, cost: float = 1.0) -> float:
        """0.0 if ``c`` may send a command (``cost`` of them) now, else the seconds to wait."""
        wait = c.commands.take(now, cost) if c.commands is not None else 0.0
        if c.address is not None and not wait:
            a = self.addresses.get(c.address)
            if a is not None:
                wait = a.commands.take(now, cost)
        return wait

    def _error(self, c: Conn, rid: int | None, e: AtoutError, table: str | None = None) -> None:
        body = error_body(e, c.lang)
        t = self.tables.get(table) if table else None
        if t is not None and t.state is not None:
            secret = t.state.secret_cards(t.members.seat_of(c))
            body = msgspec.structs.replace(
                body,
                message=scrub(body.message, secret, "en"),
                message_fr=scrub(body.message_fr, secret, "fr"),
                text=scrub(body.text, secret, c.lang),
            )
        self.send(c.id, m.Error(sender=m.GM, to=c.name or "", id=rid, body=body))

    def _ping(self, c: Conn, msg: m.Ping, now: float) -> None:
        self.reply(c, msg, m.Pong, m.Empty())
