"""The lobby: the directory of one game master's tables and what is asked of it (create a
table, list the tables, quick play), with the quotas that keep one client from filling it.

Tables are :class:`~atout.server.core.actor.TableActor` units held by id; a finished table evicted
from memory is read back from the store on demand (:meth:`Lobby.get`), and a command for a table
reaches it through :meth:`Lobby.at_table` (an ended private table is its players' alone). It
knows the game master as the tables' :class:`~atout.server.core.table.Host`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from atout.bots import bot_kinds
from atout.bots.levels import LEVELS
from atout.games import get_game
from atout.games.base import BadOptions
from atout.locales import both
from atout.protocol import messages as m
from atout.protocol.errors import ProtocolError
from atout.server.accounts import names
from atout.server.core import rematch, seating, told
from atout.server.core.actor import EVICT_AFTER, TableActor
from atout.server.core.conns import Address, Conn, limited
from atout.server.core.members import Seat
from atout.server.core.restore import from_record, head_record
from atout.server.core.status import ENDED, OPEN, Status, Timer
from atout.server.core.table import Host, Table
from atout.server.storage import record as r

LEVEL_IDS = tuple(lv.id for lv in LEVELS)  # what quick play seats as bots
QUICK_BOT_DELAY = 0.8  # seconds they wait before moving (people watch them play)


class Lobby:
    """The tables of one game master, by id, and the lobby's requests; ``addresses`` are the
    remote addresses' limits (each one's table creations are counted there too)."""

    def __init__(self, host: Host, addresses: dict[str, Address]) -> None:
        self.host = host
        self.addresses = addresses
        self.tables: dict[str, TableActor] = {}
        # the tables each connection and each address created, until evicted (quotas)
        self.by_conn: dict[int, set[str]] = {}
        self.by_address: dict[str, set[str]] = {}
        # several nodes: the tables of the others, listed from the database (directory.Directory)
        self.directory: Any = None

    def on_create_table(self, c: Conn, msg: m.CreateTable, now: float) -> None:
        t = self.open_table(c, msg.body, now)
        self.host.reply(c, msg, m.TableCreated, told.info(t))
        t.maybe_autostart(now)

    def open_table(self, c: Conn, b: m.CreateTableBody, now: float) -> TableActor:
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
            raise ProtocolError("lobby.bad_bot", *both("error-lobby-bad-bot-seats"))
        self.check_quotas(c, b, now)
        if b.bot_kind not in bot_kinds():  # also plays the seats of players who leave
            raise ProtocolError(
                "lobby.bad_bot",
                *both(
                    "error-lobby-bad-bot-kind", kind=repr(b.bot_kind), known=", ".join(bot_kinds())
                ),
            )
        self.check_option_maxima(game.id, opts)
        tid = self.new_table_id()
        seats = [
            Seat(
                i,
                name=f"bot-{b.bot_kind}" if i in b.bots else "",
                bot=b.bot_kind if i in b.bots else None,
            )
            for i in range(b.players)
        ]
        t = TableActor(
            host=self.host,
            id=tid,
            game=game,
            players=b.players,
            options=msgspec.to_builtins(opts),
            settings=b,
            created=now,
            seats=seats,
            owner=(c.id, c.address),
        )
        t.commit_secret(r.new_secret(self.host.entropy(32)))
        self.tables[tid] = t
        self.by_conn.setdefault(c.id, set()).add(tid)
        if c.address is not None:
            self.by_address.setdefault(c.address, set()).add(tid)
        self.host.store.create_table(head_record(t))
        if self.host.limits.waiting_ttl > 0:
            t.push(now + self.host.limits.waiting_ttl, Timer.EXPIRE)
        return t

    def open_rematch(self, t: Table, now: float) -> None:
        """Every player of ``t`` voted for a rematch: its new table, held here."""
        nt = rematch.make_rematch(self.host, t, self.new_table_id(), now)
        self.tables[nt.id] = nt
        nt.maybe_autostart(now)

    def on_quick_play(self, c: Conn, msg: m.QuickPlay, now: float) -> None:
        """A seat at the oldest waiting quick-play table of this game and size that has room
        and is not already ``c``'s (or its account's); a new one if there is none."""
        b = msg.body
        if b.level not in LEVEL_IDS:
            raise ProtocolError(
                "lobby.bad_bot",
                *both(
                    "error-lobby-bad-bot-level", level=repr(b.level), levels=", ".join(LEVEL_IDS)
                ),
            )
        found = self.quick_candidate(c, b)
        if found is None:
            settings = m.CreateTableBody(
                game=b.game, players=b.players, bot_kind=b.level, bot_delay=QUICK_BOT_DELAY
            )
            found = self.open_table(c, settings, now)
            found.quick = True
            found.fill_at = now + b.wait
        seat = next(s for s in found.seats if not s.taken)
        if b.fill == "bots":
            found.fill_at = None
            seating.fill_bots(found, keep=seat.index)
        seating.seat_player(found, c, msg, seat, b.nonce_commitment, now)

    def quick_candidate(self, c: Conn, b: m.QuickPlayBody) -> TableActor | None:
        """The table of this game master quick play would seat ``c`` at, if any."""
        found = None
        for t in self.tables.values():
            if (
                t.quick
                and t.status == Status.WAITING
                and t.game.id == b.game
                and t.players == b.players
                and t.settings.bot_kind == b.level
                and t.members.seat_of(c) is None
                and t.members.account_seat(c.account) is None
                and any(not s.taken for s in t.seats)
                and self.look_alike(t, c) is None
                and (found is None or (t.created, t.id) < (found.created, found.id))
            ):
                found = t
        return found

    def look_alike(self, t: TableActor, c: Conn) -> Seat | None:
        """The seat of ``t`` whose player's name looks like ``c``'s (Unicode confusables:
        :func:`names.look_alike`), other than ``c``'s own or its account's; None: none."""
        mine = c.name or ""
        for s in t.seats:
            if not s.name or s.conn == c.id or (c.account is not None and s.account == c.account):
                continue
            if names.look_alike(mine, s.name):
                return s
        return None

    def refuse_look_alike(self, t: TableActor, c: Conn) -> None:
        """Raises ``lobby.name_taken`` (detail.reason ``seated``) if a player seated at ``t``
        looks like ``c``: nobody sits beside a player under a name that can pass for theirs.
        Asked only where a join could seat ``c`` (its other refusals come first)."""
        if (
            t.status != Status.WAITING
            or t.members.seat_of(c) is not None
            or all(s.taken for s in t.seats)
        ):
            return
        s = self.look_alike(t, c)
        if s is not None:
            raise ProtocolError(
                "lobby.name_taken",
                *both("error-lobby-name-seated", seated=repr(s.name), name=repr(c.name)),
                detail={"reason": "seated", "seat": s.index},
            )

    def on_list_tables(self, c: Conn, msg: m.ListTables, now: float) -> None:
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
                    *both("error-lobby-bad-cursor"),
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
        size = min(b.limit or self.host.limits.page_size, self.host.limits.page_size)
        remote: dict[str, m.TableInfo] = {}
        if self.directory is not None:  # the other nodes' tables (several nodes)
            for created, info in self.directory.listed(statuses, b.game, after, size + 1):
                if info.table not in self.tables:
                    remote[info.table] = info
                    found.append((created, info.table))
            found.sort()
        page = found[:size]
        more = len(found) > size
        body = m.TablesBody(
            tables=[remote.get(tid) or told.info(self.tables[tid]) for _, tid in page],
            next=f"{page[-1][0]!r}/{page[-1][1]}" if more else None,
        )
        self.host.reply(c, msg, m.Tables, body)

    def check_quotas(self, c: Conn, b: m.CreateTableBody, now: float) -> None:
        lim = self.host.limits
        a = self.addresses.get(c.address) if c.address is not None else None
        # the creator's own tables only: no scan of the whole server per table created
        mine = self.open_count(self.by_conn.get(c.id))
        theirs = self.open_count(self.by_address.get(c.address)) if a is not None else 0  # type: ignore[arg-type]
        if mine >= lim.tables_per_conn or (a is not None and theirs >= lim.tables_per_address):
            most = lim.tables_per_conn if mine >= lim.tables_per_conn else lim.tables_per_address
            raise ProtocolError(
                "limit.open_tables",
                *both("error-limit-open-tables", most=most),
                detail={"max": most, "retry_after": None},
            )
        if len(b.bots) >= b.players and self.bot_only() >= lim.bot_tables:
            retry = None if lim.bot_tables == 0 else 60.0
            raise ProtocolError(
                "limit.bot_tables",
                *both("error-limit-bot-tables", most=lim.bot_tables),
                detail={"max": lim.bot_tables, "retry_after": retry},
            )
        wait = c.creates.take(now) if c.creates is not None else 0.0
        if a is not None and not wait:
            wait = a.creates.take(now)
        if wait:
            raise limited("limit.create_rate", wait)

    def check_option_maxima(self, game_id: str, opts: Any) -> None:
        for name, most in self.host.limits.option_maxima.get(game_id, {}).items():
            value = getattr(opts, name, None)
            if isinstance(value, int | float) and value > most:
                raise ProtocolError(
                    "lobby.option_limit",
                    *both("error-lobby-option-limit", option=repr(name), most=most, asked=value),
                    detail={"option": name, "max": most},
                )

    def get(self, tid: str) -> TableActor:
        t = self.tables.get(tid)
        if t is None:
            # a finished table evicted from memory (or before a restart) is read back on demand
            rec = self.host.store.load(tid)
            if rec is not None and rec.status == Status.FINISHED:
                now = self.host.now
                t = self.tables[tid] = from_record(self.host, rec, now)
                t.push(now + EVICT_AFTER, Timer.EVICT)
        if t is None:
            raise unknown_table(tid)
        return t

    def at_table(self, handler: Callable[..., None], c: Conn, msg: Any, now: float) -> None:
        """A table command, handed to ``handler`` with its table. An ended private table is its
        players' alone (its end reveals every hand: docs/API.md, "Private games"): to anyone
        else every command is answered as for an id never used, word for word, so that none
        confirms it exists (a seat token's ``resume`` still works: a refused one is answered
        so too)."""
        t = self.get(msg.body.table)
        if not (t.settings.private and t.status in ENDED) or t.members.held_by(c):
            handler(t, c, msg, now)
            return
        if not isinstance(msg, m.Resume):
            raise unknown_table(t.id)
        try:
            handler(t, c, msg, now)
        except ProtocolError:
            raise unknown_table(t.id) from None

    def new_table_id(self) -> str:
        while True:
            tid = self.host.entropy(6).hex()
            if tid not in self.tables and not self.host.store.exists(tid):
                return tid

    def open_count(self, tids: set[str] | None) -> int:
        """How many of ``tids`` are open (waiting or playing); the others, ended for good, are
        dropped from ``tids`` (so that it holds the open tables only, and stays small)."""
        if not tids:
            return 0
        tables = self.tables
        tids.difference_update(
            [tid for tid in tids if (t := tables.get(tid)) is None or t.status not in OPEN]
        )
        return len(tids)

    def bot_only(self) -> int:
        """Open tables whose every seat a bot plays (a scan: only to create one such table)."""
        return sum(
            1
            for t in self.tables.values()
            if t.status in OPEN and all(s.bot is not None for s in t.seats)
        )

    def evict(self, t: TableActor) -> None:
        self.tables.pop(t.id, None)
        if t.owner is not None:
            for index, key in ((self.by_conn, t.owner[0]), (self.by_address, t.owner[1])):
                mine = index.get(key)  # type: ignore[call-overload]
                if mine is not None:
                    mine.discard(t.id)
                    if not mine:
                        del index[key]  # type: ignore[arg-type]
        t.members.release()


def unknown_table(tid: str) -> ProtocolError:
    """What an id never used gets."""
    return ProtocolError("lobby.unknown_table", *both("error-lobby-unknown-table", table=repr(tid)))
