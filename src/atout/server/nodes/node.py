"""One game master among several: ``atout serve --db postgresql://… --bus redis://… --node NAME``.

Every node shares one PostgreSQL database (records, accounts, ratings, the leases and the
lobby's listing) and one Redis (the bus, :mod:`atout.server.nodes.bus`). A table lives on the node that
holds its lease (:class:`~atout.server.storage.pgstore.PostgresStore`, fenced writes); a client may be
connected to any node:

* **Routing.** A frame for a table another node holds is forwarded over the bus to that node
  (:class:`~atout.server.nodes.nodewire.Frame`, with the connection's name, language and account).
  There a *proxy* connection (a negative id in its :class:`~atout.server.core.router.Core`) stands for
  the client: the owner's core handles it as any connection, commits, and what it sends the
  proxy goes back over the bus (:class:`~atout.server.nodes.nodewire.Deliver`) to be written to the
  client's socket. Nothing changes for the clients.
* **The lobby.** Each node publishes its tables in ``listing``
  (:class:`~atout.server.nodes.directory.Directory`), merged into ``list_tables`` and quick play;
  accounts and ratings are in the shared database.
* **Failover.** Every :data:`TICK` the node renews its leases (losing a table it no longer holds),
  takes over the unfinished tables whose lease expired (their records replayed:
  :meth:`~atout.server.core.router.Core.adopt`), publishes its listing and its heartbeat (``nodes``), and
  closes its clients' connections that played at tables of a node gone silent, so that they
  resume with their seat tokens where the table now is.

The decisions are :class:`~atout.server.nodes.cluster.Cluster`'s, sans I/O; this module is its shell:
it carries out the effects (the bus, the core, the sockets), asks the database (a table's owner
off the event loop, on a connection of its own) and keeps the clock. The sans-I/O core is
unchanged by all this: routing happens before it (:meth:`Node.route`), and the proxies are
connections like any other.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol

import msgspec

from atout.protocol import messages as m
from atout.protocol.codec import encode
from atout.protocol.errors import ProtocolError, error_body
from atout.server.core import told
from atout.server.core.lobby import LEVEL_IDS
from atout.server.core.router import TABLE_COMMANDS, Core, Out
from atout.server.core.status import ENDED, OPEN
from atout.server.nodes.bus import Bus
from atout.server.nodes.cluster import (
    LOST,
    MOVED,
    PAUSED,
    RETRIES,
    RETRY,
    TRY_AGAIN,
    Cluster,
    Effect,
    EndSession,
    Later,
    Local,
    Lookup,
    Open,
    Refuse,
    Send,
    Shut,
    TakeOver,
    Who,
    Write,
    moved_error,
    paused_error,
)
from atout.server.nodes.directory import Directory
from atout.server.nodes.nodewire import PACK, PEEK, UNPACK, Echo, Envelope, Frame, Handover
from atout.server.storage.db import Listed
from atout.server.storage.pgstore import LeaseLost, PostgresStore


class Socket(Protocol):
    """One of the shell's WebSocket sessions, as a node acts on it."""

    session_hash: str | None

    def send_frames(self, frames: list[bytes]) -> None: ...
    def close(self, code: int, reason: str) -> None: ...


class Host(Protocol):
    """What a node asks of the shell it serves in (:class:`~atout.server.shell.ws.Shell`): its
    core, store, loop and sockets, and to queue, commit and re-arm what the core answered."""

    loop: asyncio.AbstractEventLoop

    @property
    def core(self) -> Core: ...
    @property
    def store(self) -> Any: ...
    @property
    def conns(self) -> Mapping[int, Socket]: ...
    def queue(self, outs: list[Out]) -> None: ...
    def flush_now(self) -> None: ...
    def rearm(self) -> None: ...
    def end_session(self, hashed: str) -> int: ...
    def warn(self, kind: str, msg: str, *args: Any) -> None: ...


log = logging.getLogger("atout.server.nodes.node")

TICK = 0.5  # seconds between two rounds of takeover, listing and heartbeat
RENEW_EVERY = 2  # ticks between two renewals of the leases (1 s; a lease lasts 3 s)


class Node:
    """This game master's part in a group of nodes, around its :class:`~atout.server.shell.ws.Shell`."""

    def __init__(self, shell: Host, name: str, bus_url: str) -> None:
        store = shell.store
        if not isinstance(store, PostgresStore) or store.node != name:
            raise ValueError("a node needs its PostgreSQL store opened with node=name")
        self.shell = shell
        self.core = shell.core
        self.store: PostgresStore = store
        self.name = name
        self.loop = shell.loop
        self.cluster = Cluster(name, boot=int.from_bytes(os.urandom(8), "big") >> 1)
        self.bus = Bus(bus_url, name, self._on_message, self._undelivered, self._bus_up)
        self.directory = Directory(store, name)
        self.core.lobby.directory = self.directory
        # lookups of a table's owner: one thread, on the store's reader connection
        self._lookups = ThreadPoolExecutor(1, thread_name_prefix=f"node-{name}-lookup")
        self._parked: dict[int, list[bytes | str]] = {}  # client -> frames behind a lookup
        self._looking: dict[str, list[int]] = {}  # table -> the clients waiting for its owner
        self._listed: dict[str, tuple[Any, ...]] = {}  # table -> what its listing was made of
        self._ticks = 0
        self._subscriptions = 0  # the bus's subscriptions seen (one more: it broke and is back)
        self._timer: asyncio.TimerHandle | None = None
        self.started = time.time()
        self.last_takeover: float | None = None
        self._loop_down: str | None = None  # why the loop's last exchange with PostgreSQL failed
        self._side_down: str | None = None  # and the side connection's (lookups, housekeeping)
        self._housework: asyncio.Future[Any] | None = None  # the heartbeat round under way

    def _bus_up(self, up: bool) -> None:
        self.cluster.bus_up = up  # the decisions know whether the bus works

    # what /health and /metrics read
    @property
    def forwarded(self) -> int:
        return self.cluster.counters.forwarded

    @property
    def proxied(self) -> int:
        return self.cluster.counters.proxied

    @property
    def taken_over(self) -> int:
        return self.cluster.counters.taken_over

    @property
    def lost(self) -> int:
        return self.cluster.counters.lost

    @property
    def bus_lag(self) -> float | None:
        return self.cluster.bus_lag

    @property
    def alive(self) -> set[str]:
        return self.cluster.alive

    # -- life cycle ------------------------------------------------------------------------
    async def start(self) -> None:
        self.store.limit_session()  # recovered and upgraded: from now on, bounded waits
        self.cluster.held(self.store.tokens)
        await self.bus.start()
        self._tick()

    async def close(self) -> None:
        """Stop: the leases are given up at once, so that other nodes take the tables over
        without waiting for them to expire."""
        if self._timer is not None:
            self._timer.cancel()
        self.shell.flush_now()
        try:
            self._publish()
            held = bool(self.store.tokens)
            others = self.store.hand_back()
            if held:  # the others take them at once rather than at their next tick
                for node in others:
                    self.bus.send(node, PACK.encode(Handover(self.name)))
                await self.bus.drain()
        except Exception:
            log.exception("node %s: could not hand its leases back", self.name)
        self._lookups.shutdown(wait=False, cancel_futures=True)
        await self.bus.close()

    def _tick(self) -> None:
        self._ticks += 1
        try:
            if self.store.reopen():
                log.warning("node %s: connected to PostgreSQL again", self.name)
            self.shell.flush_now()
            renewing = self._ticks % RENEW_EVERY == 0
            if renewing:
                self._renew()
            self._take_over()
            self._loop_down = None
            if self._housework is None or self._housework.done():  # one round at a time
                self._housework = self._housekeeping(sessions=renewing)
        except LeaseLost:
            pass  # handled where the commit failed (Shell._flush)
        except Exception as e:  # PostgreSQL away: try again at the next tick
            self._store_failed(e)
        try:
            if self.bus.subscriptions > self._subscriptions:  # it broke: messages may be lost
                if self._subscriptions:
                    self._do(self.cluster.resubscribed())
                self._subscriptions = self.bus.subscriptions
            if self.bus.up:
                self._do(self.cluster.bus_back())
            self.bus.send(self.name, PACK.encode(Echo(time.time())))  # tells when it is back
        except Exception:
            log.exception("node %s: a tick failed", self.name)
        finally:  # whatever happened, the leases are renewed at the next one
            self._timer = self.loop.call_later(TICK, self._tick)

    @property
    def store_down(self) -> str | None:
        """Why the last exchange with PostgreSQL failed (None: it worked)."""
        return self._loop_down or self._side_down

    def _store_failed(self, e: BaseException) -> None:
        """An exchange with PostgreSQL on the loop failed: said in ``/health``, its transaction
        ended (the tables whose writes it held, if any, are read back from their records)."""
        self._loop_down = _why(e)
        self.shell.warn("node", "node %s: %s", self.name, e)
        lost = self.store.abandon()
        if lost:
            self._forget(lost, PAUSED, TRY_AGAIN)

    def _side_failed(self, e: BaseException) -> None:
        """An exchange on the side connection (a thread's) failed: said, nothing to undo."""
        self._side_down = _why(e)
        self.shell.warn("node", "node %s: %s", self.name, e)

    # -- leases ----------------------------------------------------------------------------
    def _renew(self) -> None:
        self.shell.flush_now()  # what is pending is committed (and refused) by the shell's flush
        lost = self.store.renew()
        gone = [t for t in self.store.tokens if t not in self.core.tables]
        if gone:  # ended tables out of memory: nothing to hold
            self.store.release(gone)
        if lost:
            self.lose(lost, MOVED)

    def lose(self, tables: set[str], reason: str) -> None:
        """These tables are another node's now: forget them; their members are told
        (``table.moved``) and closed: they resume with their seat tokens on the new owner."""
        self.cluster.counters.lost += len(tables)
        self._forget(tables, reason, moved=True)
        log.warning("node %s: lost %d tables (%s)", self.name, len(tables), reason)

    def _forget(self, tables: set[str], reason: str, code: int = 1012, moved: bool = False) -> None:
        """Drop ``tables`` from memory and close their members' connections with ``code``."""
        self.cluster.forget(tables)
        for tid in tables:
            self._listed.pop(tid, None)
        out: list[Effect] = []
        for cid, c in list(self.core.conns.items()):
            here = [t for t in tables if t in c.seats or t in c.watching]
            if not here:
                continue
            tell = moved_error(here[0]) if moved else None
            if cid >= 0:
                out.append(Shut(cid, reason, code, tell))
                continue
            if tell is not None:
                self.cluster.deliver(cid, [_error_frame(c.name or "", c.lang, tell)])
            out += self.cluster.shut_proxy(cid, reason, code)
        self._do(out)
        for tid in tables:
            self.core.drop(tid)

    def _take_over(self, tables: list[str] | None = None) -> list[str]:
        self.shell.flush_now()  # what is pending is committed (and refused) by the shell's flush
        tids = self.store.take_over(tables=tables)
        if not tids:
            return []
        now = time.time()
        records = [r for r in (self.store.load(t) for t in tids) if r is not None]
        self.core.adopt(records, now)
        self.last_takeover = now
        self._do(self.cluster.took_over(tids))
        self.shell.flush_now()
        self.shell.rearm()
        log.info("node %s: took over %d tables", self.name, len(tids))
        return tids

    def lease_lost(self, e: LeaseLost, pending: list[tuple[int, Any]]) -> None:
        """A commit was refused (``e.tables`` are another node's): nothing of the batch was
        written, so nothing of it is sent. The lost tables are forgotten, the others the batch
        wrote are read back from their records, and the connections the batch answered are
        closed: they resume and send again what was not acknowledged."""
        self.lose(e.tables, MOVED)
        now = time.time()
        kept = e.touched - e.tables
        self._forget(kept, LOST)
        for tid in kept:
            rec = self.store.load(tid)
            if rec is not None and rec.status in OPEN:
                self.core.adopt([rec], now)
                self.cluster.held([tid])
        self._shut_all({cid for cid, _ in pending}, LOST)
        self.shell.rearm()

    def commit_failed(self, e: Exception, pending: list[tuple[int, Any]]) -> None:
        """A commit failed (PostgreSQL away): nothing of the batch is sent, and the tables it
        wrote are forgotten, since their state here is ahead of their records. Their leases
        stay this node's: once PostgreSQL answers again this node takes them back from their
        records with new tokens (or another node does, when they expire first). Their players
        are closed with 1013 "saving is paused": they resume a little later."""
        tables = self.store.abandon()
        self._loop_down = _why(e)
        self.shell.warn("commit", "node %s: commit failed (%s); %d tables reloaded", self.name,
                        e, len(tables))  # fmt: skip
        self._forget(tables, PAUSED, TRY_AGAIN)
        self._shut_all({cid for cid, _ in pending}, PAUSED, TRY_AGAIN)
        self.shell.rearm()

    def _shut_all(self, conns: set[int], reason: str, code: int = 1012) -> None:
        out: list[Effect] = []
        for cid in conns:
            out += (
                self.cluster.shut_proxy(cid, reason, code) if cid < 0 else [Shut(cid, reason, code)]
            )
        self._do(out)

    # -- routing (this node is the client's) -------------------------------------------------
    def route(self, conn_id: int, data: bytes | str) -> bool:
        """Forward ``data`` to the node holding its table, if another; False: the local core
        handles it. A frame whose table's owner is not known here waits for the database's
        answer (looked up off the loop), and so do the connection's frames after it."""
        c = self.core.conns.get(conn_id)
        if c is None or c.name is None:
            return False
        parked = self._parked.get(conn_id)
        if parked is not None:  # behind a lookup: in order
            parked.append(data)
            return True
        try:
            p = PEEK.decode(data)
        except msgspec.DecodeError:
            return False
        b = p.body
        if b is None:
            return False
        if p.cmd in TABLE_COMMANDS and b.table is not None:
            if b.table in self.core.tables:
                return False
            if self.core._throttle(c, time.time()):
                return False  # the core says so (limit.rate)
            who = Who(conn_id, c.name, c.lang, c.texts, c.account)
            effects = self.cluster.route_table(who, data, b.table, self.core.tables)
            return self._routed(effects, conn_id, data)
        if p.cmd == "quick_play" and b.game is not None and b.players is not None:
            return self._quick(c, data, b)
        return False

    def _routed(self, effects: list[Effect], conn_id: int, data: bytes | str) -> bool:
        if len(effects) == 1 and isinstance(effects[0], Local):
            return False
        if len(effects) == 1 and isinstance(effects[0], Lookup):
            self._park(conn_id, data, effects[0].table)
            return True
        self._do(effects)
        return True

    def _quick(self, c: Any, data: bytes | str, b: Any) -> bool:
        """Quick play: a table of this node's first, else the oldest suitable one another node
        lists (read from the shared listing)."""
        if b.level not in LEVEL_IDS:
            return False  # refused here, by the core
        qb = m.QuickPlayBody(game=b.game, players=b.players, level=b.level)
        if self.core.lobby.quick_candidate(c, qb) is not None:
            return False
        try:
            found = self.directory.quick(b.game, b.players, b.level)
        except Exception as e:  # PostgreSQL away: this node's own quick play
            self._store_failed(e)
            return False
        if found is None or found[1] == self.name or self.core._throttle(c, time.time()):
            return False
        tid, node = found
        who = Who(c.id, c.name, c.lang, c.texts, c.account)
        self._do(self.cluster.to(node, who, data, tid))
        return True

    def _park(self, conn_id: int, data: bytes | str, tid: str) -> None:
        """``conn_id``'s frame waits for the owner of ``tid``, asked in the lookup thread."""
        self._parked[conn_id] = [data]
        waiting = self._looking.get(tid)
        if waiting is not None:
            waiting.append(conn_id)
            return
        self._looking[tid] = [conn_id]
        fut = self.loop.run_in_executor(self._lookups, self.store.owner_lookup, tid)
        fut.add_done_callback(lambda f: self._found(tid, f))

    def _found(self, tid: str, fut: asyncio.Future[Any]) -> None:
        """The owner of ``tid`` is known (or PostgreSQL did not answer): each waiting frame is
        routed, then the frames its connection sent meanwhile."""
        waiting = self._looking.pop(tid, [])
        failed = fut.cancelled() or fut.exception() is not None
        owner = None if failed else self._owner(tid, fut.result())
        if failed and not fut.cancelled():
            self._side_failed(fut.exception())  # type: ignore[arg-type]
        for conn_id in waiting:
            frames = self._parked.pop(conn_id, [])
            try:
                self._unpark(conn_id, frames, tid, None if failed else owner, failed)
            except Exception:  # one connection's frames, not the others'
                log.exception("node %s: frames for table %s", self.name, tid)

    def _unpark(
        self, conn_id: int, frames: list[bytes | str], tid: str, owner: str | None, failed: bool
    ) -> None:
        c = self.core.conns.get(conn_id)
        if not frames or c is None or c.name is None:
            return
        first, rest = frames[0], frames[1:]
        if failed:  # nothing known: this one is refused as retryable, the rest go their way
            self._do([Refuse(conn_id, first, paused_error())])
        else:
            who = Who(conn_id, c.name, c.lang, c.texts, c.account)
            self._do(self.cluster.to(owner or self.name, who, first, tid))
        for data in rest:
            if not self.route(conn_id, data):
                self.shell.queue(self.core.receive(conn_id, data, time.time()))

    def _owner(self, tid: str, found: tuple[str, bool] | None) -> str | None:
        """The node to send ``tid``'s frames to, from the lease read: an expired lease is
        taken over here first; None: no lease (the local core answers)."""
        if found is None:
            return None
        node, live = found
        self.cluster.found(tid, node, live)
        if live:
            return node
        try:
            if self._take_over([tid]):
                return self.name
        except Exception as e:
            self._store_failed(e)
        return node

    def _retry(self, f: Frame, tries: int) -> None:
        """Route again a frame no node took, from the database's answer now (off the loop)."""
        if f.conn not in self.shell.conns:
            return
        self.cluster.routes.pop(f.table, None)
        fut = self.loop.run_in_executor(self._lookups, self.store.owner_lookup, f.table)
        fut.add_done_callback(lambda done: self._retried(f, tries, done))

    def _retried(self, f: Frame, tries: int, fut: asyncio.Future[Any]) -> None:
        alive = f.conn in self.shell.conns
        if fut.cancelled() or fut.exception() is not None:  # PostgreSQL away
            if not fut.cancelled():
                self._side_failed(fut.exception())  # type: ignore[arg-type]
            if alive and tries >= RETRIES:
                self._do([Shut(f.conn, "table unavailable: try again")])
            elif alive:
                self.loop.call_later(RETRY, self._retry, f, tries + 1)
            return
        owner = self._owner(f.table, fut.result())
        self._do(self.cluster.retry(f, owner, tries, alive))

    def gone(self, conn_id: int) -> None:
        """A client of this node closed: the proxies it had on other nodes go."""
        self._parked.pop(conn_id, None)
        self._do(self.cluster.gone(conn_id))

    # -- the bus ---------------------------------------------------------------------------
    def _on_message(self, payload: bytes) -> None:
        msg = UNPACK.decode(payload)
        mine = (self.core.tables, self.store.tokens)
        self._do(self.cluster.received(msg, time.time(), _Either(*mine)))

    def _undelivered(self, node: str, payload: bytes) -> None:
        msg: Envelope = UNPACK.decode(payload)
        self._do(self.cluster.undelivered(node, msg, self.shell.conns))

    def deliver(self, pid: int, frames: list[bytes]) -> None:
        """What the core sends proxy ``pid`` (committed): to its client's node, with the rest
        of this flush's frames for that node (:meth:`delivered`)."""
        self.cluster.deliver(pid, frames)

    def delivered(self) -> None:
        """The end of a flush: one message per node for its clients' frames."""
        self._do(self.cluster.delivered())

    def _do(self, effects: list[Effect]) -> None:
        """Carry the cluster's decisions out."""
        now = time.time()
        for e in effects:
            if isinstance(e, Send):
                self.bus.send(e.node, PACK.encode(e.msg))
            elif isinstance(e, Local):
                self.shell.queue(self.core.receive(e.conn, e.data, now))
            elif isinstance(e, Refuse):
                self.shell.queue(self.core.refuse(e.conn, e.data, e.error, now))
            elif isinstance(e, Write):
                c = self.shell.conns.get(e.conn)
                if c is not None:
                    c.send_frames(e.frames)
            elif isinstance(e, Shut):
                self._shut(e, now)
            elif isinstance(e, Open):
                self.core.connect(e.conn, None, now)
                c = self.core.conns[e.conn]
                f = e.frame
                c.name, c.lang, c.texts, c.account = f.name, f.lang, f.texts, f.account
            elif isinstance(e, Later):
                self.loop.call_later(e.delay, self._retry, e.frame, e.tries)
            elif isinstance(e, TakeOver):
                self.shell.flush_now()
                self._take_over(list(e.tables) or None)
            elif isinstance(e, EndSession):
                self.shell.end_session(e.session)
            elif isinstance(e, Lookup):  # pragma: no cover - routed through _park
                raise AssertionError("a lookup outside route")

    def _shut(self, e: Shut, now: float) -> None:
        if e.conn < 0:  # a proxy: the core forgets it (its client's node was told)
            self.shell.queue(self.core.disconnect(e.conn, now))
            return
        c = self.shell.conns.get(e.conn)  # (its proxies elsewhere go when it is gone: gone())
        if c is None:
            return
        if e.tell is not None:
            who = self.core.conns[e.conn]
            c.send_frames([_error_frame(who.name or "", who.lang, e.tell)])
        c.close(e.code, e.reason[:120])

    # -- the lobby's listing and the heartbeat ----------------------------------------------------
    def _housekeeping(self, sessions: bool) -> asyncio.Future[Any]:
        """The heartbeat round, off the loop on the store's side connection: this node's
        listing changes, its heartbeat (the nodes alive and silent) and, with ``sessions``, which
        of its sockets' sessions ended elsewhere; the answers are acted upon back on the loop."""
        upsert, delete = self._listing()
        held = {c.session_hash for c in self.shell.conns.values() if c.session_hash is not None}
        held = held if sessions else set()
        store, started = self.store, self.started

        def work() -> tuple[set[str], set[str], set[str]]:
            if upsert or delete:
                store.publish(upsert, delete)
            alive, silent = store.heartbeat(started)
            return alive, silent, (held - store.live_sessions(held)) if held else set()

        fut = self.loop.run_in_executor(self._lookups, work)
        fut.add_done_callback(lambda f: self._housekept(f, upsert, delete))
        return fut

    def _housekept(self, fut: asyncio.Future[Any], upsert: list[Listed], delete: list[str]) -> None:
        if fut.cancelled():
            return
        e = fut.exception()
        if e is not None:  # published again at the next round
            self._side_failed(e)
            for row in upsert:
                self._listed.pop(row.table, None)
            for tid in delete:
                if tid in self._listed:
                    self._listed[tid] = ("unpublished",)
            return
        self._side_down = None
        alive, silent, ended = fut.result()
        for node in silent - self.cluster.silent:
            log.warning("node %s: node %s is silent", self.name, node)
        self._do(self.cluster.heartbeat(alive, silent))
        for h in ended:  # logged out on another node while the bus was down, or expired
            self.shell.end_session(h)

    def _publish(self) -> None:
        """This node's listing changes, written now (its stop)."""
        upsert, delete = self._listing()
        if upsert or delete:
            self.store.publish(upsert, delete)

    def _listing(self) -> tuple[list[Listed], list[str]]:
        """The listing rows of this node's tables whose status or seats changed (not for each
        move: versions and spectators are not republished), and the ended ones to delete. A
        private table that is not quick play's is never listed, so never published."""
        upsert: list[Listed] = []
        delete: list[str] = []
        for tid, t in self.core.tables.items():
            last = self._listed.get(tid)
            if t.status in ENDED or (t.settings.private and not t.quick):
                if last is not None and last != ():
                    delete.append(tid)
                    self._listed[tid] = ()
                continue
            key = (
                t.status, t.quick, t.rematch, t.rated,
                *((s.name, s.bot, s.taken, s.conn is None, s.away) for s in t.seats),
            )  # fmt: skip
            if key != last:
                self._listed[tid] = key
                free = sum(1 for s in t.seats if not s.taken)
                info = msgspec.json.encode(told.info(t)).decode()
                upsert.append(
                    Listed(tid, t.game.id, t.players, str(t.status), t.created,
                           int(t.settings.private), int(t.quick), free, info, t.settings.bot_kind)
                )  # fmt: skip
        for tid in [t for t in self._listed if t not in self.core.tables]:
            del self._listed[tid]
        return upsert, delete

    # -- sessions ------------------------------------------------------------------------------
    def end_session(self, hashed: str) -> None:
        """A session logged out on this node: every other node closes its sockets at once.
        Should the bus lose it, the heartbeat round finds them within a second."""
        self._do(self.cluster.end_session(hashed))

    def health(self) -> dict[str, Any]:
        """``status`` is "degraded" while the bus or PostgreSQL is away (``reasons`` says which)
        or another node is silent; the node still serves what it can."""
        reasons = []
        if not self.bus.up:
            reasons.append("bus: Redis does not answer (tables of other nodes wait)")
        if self.store_down is not None:
            reasons.append(
                f"store: PostgreSQL does not answer, saving is paused ({self.store_down})"
            )
        if self.cluster.silent:
            reasons.append(f"nodes silent: {', '.join(sorted(self.cluster.silent))}")
        lag = self.cluster.bus_lag
        return {
            "status": "degraded" if reasons else "ok",
            "reasons": reasons,
            "bus_lag_ms": None if lag is None else round(lag * 1000, 1),
            "node": self.name,
            "leases": len(self.store.tokens),
            "proxies": len(self.cluster.proxies),
            "forwarded": self.forwarded,
            "proxied": self.proxied,
            "taken_over": self.taken_over,
            "lost": self.lost,
            "bus": "up" if self.bus.up else "down",
            "silent_nodes": sorted(self.cluster.silent),
        }


class _Either:
    """Membership in either of two collections (this node's tables: in memory or leased)."""

    def __init__(self, a: Any, b: Any) -> None:
        self.a, self.b = a, b

    def __contains__(self, x: object) -> bool:
        return x in self.a or x in self.b


def _why(e: BaseException) -> str:
    """An exception's first line, short (for /health)."""
    return (str(e).strip().splitlines() or [type(e).__name__])[0][:200]


def _error_frame(name: str, lang: str, err: ProtocolError) -> bytes:
    """An error frame written at once (before a close: nothing durable in it)."""
    return encode(m.Error(sender=m.GM, to=name, body=error_body(err, lang)))
