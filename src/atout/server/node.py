"""One game master among several: ``atout serve --db postgresql://… --bus redis://… --node NAME``.

Every node shares one PostgreSQL database (records, accounts, ratings, the leases and the
lobby's listing) and one Redis (the bus, :mod:`atout.server.bus`). A table lives on the node that
holds its lease (:class:`~atout.server.pgstore.PostgresStore`, fenced writes); a client may be
connected to any node:

* **Routing.** A frame for a table another node holds is forwarded over the bus to that node
  (:class:`Frame`, with the connection's name, language and account). There a *proxy* connection
  (a negative id in its :class:`~atout.server.core.Core`) stands for the client: the owner's core
  handles it as any connection, commits, and what it sends the proxy goes back over the bus
  (:class:`Deliver`) to be written to the client's socket. Nothing changes for the clients.
* **The lobby.** Each node publishes its tables in ``listing``
  (:class:`~atout.server.directory.Directory`), merged into ``list_tables`` and quick play;
  accounts and ratings are in the shared database.
* **Failover.** Every :data:`TICK` the node renews its leases (losing a table it no longer holds),
  takes over the unfinished tables whose lease expired (their records replayed:
  :meth:`~atout.server.core.Core.adopt`), publishes its listing and its heartbeat (``nodes``), and
  closes its clients' connections that played at tables of a node gone silent, so that they
  resume with their seat tokens where the table now is.

The sans-I/O core is unchanged by all this: routing happens before it (:meth:`Node.route`), and
the proxies are connections like any other.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import os
import time
from typing import TYPE_CHECKING, Any

import msgspec

from atout.protocol import messages as m
from atout.protocol.codec import encode
from atout.protocol.errors import ProtocolError
from atout.server import members as view
from atout.server.bus import Bus
from atout.server.core import TABLE_COMMANDS
from atout.server.directory import Directory
from atout.server.lobby import LEVEL_IDS
from atout.server.nodewire import (
    PACK,
    PEEK,
    UNPACK,
    Close,
    Deliver,
    Echo,
    Ended,
    Frame,
    Gone,
    Handover,
    Miss,
)
from atout.server.pgstore import NOW, LeaseLost, PostgresStore
from atout.server.status import ENDED

if TYPE_CHECKING:
    from atout.server.ws import Shell

log = logging.getLogger("atout.server.node")

TICK = 0.5  # seconds between two rounds of takeover, listing and heartbeat
RENEW_EVERY = 2  # ticks between two renewals of the leases (1 s; a lease lasts 3 s)
RETRY = 0.25  # seconds before a frame whose node did not answer is routed again
RETRIES = 40  # then the client is told the table is unavailable (10 s: beyond a failover)
AGAIN = 1.0  # seconds a client is told to wait before sending again what could not be routed
RESEND_MAX = 10_000  # messages kept for other nodes while the bus is down (then dropped)
MEMBERSHIP = frozenset(("join", "resume", "watch", "quick_play"))


class Node:
    """This game master's part in a group of nodes, around its :class:`~atout.server.ws.Shell`."""

    def __init__(self, shell: Shell, name: str, bus_url: str) -> None:
        store = shell.store
        if not isinstance(store, PostgresStore) or store.node != name:
            raise ValueError("a node needs its PostgreSQL store opened with node=name")
        self.shell = shell
        self.core = shell.core
        self.store: PostgresStore = store
        self.name = name
        self.loop = shell.loop
        self.bus = Bus(bus_url, name, self._on_message, self._undelivered)
        self.directory = Directory(store, name)
        self.core.lobby.directory = self.directory
        self.routes: dict[str, str] = {}  # table -> the node holding it (cache)
        self.boot = int.from_bytes(os.urandom(8), "big") >> 1  # this incarnation
        # (node, its incarnation, its connection) -> proxy id, and back
        self.proxies: dict[tuple[str, int, int], int] = {}
        self.origin: dict[int, tuple[str, int, int]] = {}
        self.boots: dict[str, int] = {}  # the last incarnation seen of each node
        self._outbox: dict[str, list[tuple[int, list[bytes]]]] = {}  # node -> its clients' frames
        self.sent_to: dict[int, dict[str, str]] = {}  # own connection -> {table: node}
        self._ids = itertools.count(-1, -1)
        self._listed: dict[str, tuple[Any, ...]] = {}  # table -> what its listing was made of
        self._dead: set[str] = set()  # nodes gone silent (already acted upon)
        self.alive: set[str] = set()  # the other nodes seen at the last heartbeat
        self._ticks = 0
        self._timer: asyncio.TimerHandle | None = None
        self.started = time.time()
        self.forwarded = 0  # frames sent to other nodes
        self.proxied = 0  # frames received from other nodes
        self.taken_over = 0  # tables taken over from other nodes
        self.lost = 0  # tables this node lost to another
        self.last_takeover: float | None = None
        self.bus_lag: float | None = None  # seconds a message took to come back (last tick)
        self.store_down: str | None = None  # why the last round with PostgreSQL failed
        self._resend: list[tuple[str, bytes]] = []  # for other nodes, sent when the bus is back
        self._undelivered_to: dict[str, set[int]] = {}  # node -> its clients that missed frames

    # -- life cycle ------------------------------------------------------------------------
    async def start(self) -> None:
        for tid in self.store.tokens:
            self.routes[tid] = self.name
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
            held = list(self.store.tokens)
            if held:
                self.store.conn.execute(
                    f"UPDATE leases SET expires = {NOW} - 1 WHERE node = %s AND table_id = ANY(%s)",
                    (self.name, held),
                )
            self.store.conn.execute("DELETE FROM nodes WHERE name = %s", (self.name,))
            others = self.store.conn.execute(
                f"SELECT name FROM nodes WHERE seen > {NOW} - %s", (self.store.lease_seconds,)
            ).fetchall()
            self.store.conn.commit()
            if held:  # the others take them at once rather than at their next tick
                for (node,) in others:
                    self.bus.send(node, PACK.encode(Handover(self.name)))
                await self.bus.drain()
        except Exception:
            log.exception("node %s: could not hand its leases back", self.name)
        await self.bus.close()

    def _tick(self) -> None:
        self._ticks += 1
        try:
            if self.store.reopen():
                log.warning("node %s: connected to PostgreSQL again", self.name)
            self.shell.flush_now()
            if self._ticks % RENEW_EVERY == 0:
                self._renew()
                self._sessions()
            self._take_over()
            self._publish()
            self._heartbeat()
            self.store_down = None
        except LeaseLost:
            pass  # handled where the commit failed (Shell._flush)
        except Exception as e:  # PostgreSQL away: try again at the next tick
            self._store_failed(e)
        if self.bus.up:
            self._bus_back()
        self.bus.send(self.name, PACK.encode(Echo(time.time())))  # also tells when it is back
        self._timer = self.loop.call_later(TICK, self._tick)

    def _store_failed(self, e: Exception) -> None:
        """A round with PostgreSQL failed: said in ``/health``, its transaction ended."""
        self.store_down = (str(e).strip().splitlines() or [type(e).__name__])[0][:200]
        self.shell.warn("node", "node %s: %s", self.name, e)
        with contextlib.suppress(Exception):
            self.store.conn.rollback()

    def _bus_back(self) -> None:
        """The bus works (again): what could not be sent while it was down goes now, and the
        clients whose frames were lost with it are closed, to resume and catch up."""
        if self._resend:
            resend, self._resend = self._resend, []
            for node, payload in resend:
                self.bus.send(node, payload)
        if self._undelivered_to:
            lost, self._undelivered_to = self._undelivered_to, {}
            for pid, key in list(self.origin.items()):
                if key[2] in lost.get(key[0], ()):
                    self._close(pid, "frames lost while the bus was down: resume")

    # -- leases ----------------------------------------------------------------------------
    def _renew(self) -> None:
        lost = self.store.renew()
        gone = [t for t in self.store.tokens if t not in self.core.tables]
        if gone:  # ended tables out of memory: nothing to hold
            self.store.release(gone)
        if lost:
            self.lose(lost, "the table moved to another node")

    def lose(self, tables: set[str], reason: str) -> None:
        """These tables are another node's now: forget them; their members' connections are
        closed (they resume with their seat tokens, routed to the new owner)."""
        self.lost += len(tables)
        self._forget(tables, reason, moved=True)
        log.warning("node %s: lost %d tables (%s)", self.name, len(tables), reason)

    def _forget(self, tables: set[str], reason: str, code: int = 1012, moved: bool = False) -> None:
        """Drop ``tables`` from memory and close their members' connections with ``code``; when
        they ``moved`` to another node, each member is first told so (``table.moved``)."""
        for tid in tables:
            self.routes.pop(tid, None)
            self._listed.pop(tid, None)
        for cid, c in list(self.core.conns.items()):
            here = [t for t in tables if t in c.seats or t in c.watching]
            if here:
                if moved:
                    self._tell(cid, c.name or "", moved_error(here[0]))
                self._close(cid, reason, code)
        for tid in tables:
            self.core.drop(tid)

    def _tell(self, cid: int, name: str, err: ProtocolError) -> None:
        """An error frame written to ``cid`` at once (before its close: nothing durable)."""
        body = m.ErrorBody(code=err.code, message=err.message, message_fr=err.message_fr,
                           detail=err.detail)  # fmt: skip
        frame = encode(m.Error(sender=m.GM, to=name, body=body))
        if cid < 0:
            self.deliver(cid, [frame])
            return
        c = self.shell.conns.get(cid)
        if c is not None:
            c.send_frames([frame])

    def _take_over(self, tables: list[str] | None = None) -> list[str]:
        tids = self.store.take_over(tables=tables)
        if not tids:
            return []
        now = time.time()
        records = [r for r in (self.store.load(t) for t in tids) if r is not None]
        self.core.adopt(records, now)
        for tid in tids:
            self.routes[tid] = self.name
        self.taken_over += len(tids)
        self.last_takeover = now
        # clients of this node that played there through the old owner resume here
        for cid, where in list(self.sent_to.items()):
            if any(where.get(t, self.name) != self.name for t in tids):
                self._close(cid, "the table moved to this node: resume")
        self.shell.flush_now()
        self.shell._rearm()
        log.info("node %s: took over %d tables", self.name, len(tids))
        return tids

    def lease_lost(self, e: LeaseLost, pending: list[tuple[int, Any]]) -> None:
        """A commit was refused (``e.tables`` are another node's): nothing of the batch was
        written, so nothing of it is sent. The lost tables are forgotten, the others the batch
        wrote are read back from their records, and the connections the batch answered are
        closed: they resume and send again what was not acknowledged."""
        self.lose(e.tables, "the table moved to another node")
        now = time.time()
        kept = e.touched - e.tables
        self._forget(kept, "the server lost what it was answering: resume")
        for tid in kept:
            rec = self.store.load(tid)
            if rec is not None and rec.status in ("waiting", "playing"):
                self.core.adopt([rec], now)
                self.routes[tid] = self.name
        for cid in {cid for cid, _ in pending}:
            self._close(cid, "the server lost what it was answering: resume")
        self.shell._rearm()

    def commit_failed(self, e: Exception, pending: list[tuple[int, Any]]) -> None:
        """A commit failed (PostgreSQL away): nothing of the batch is sent, and the tables it
        wrote are forgotten, since their state here is ahead of their records. Their leases
        stay this node's: once PostgreSQL answers again this node takes them back from their
        records with new tokens (or another node does, when they expire first)."""
        tables = self.store.abandon()
        self.store_down = (str(e).strip().splitlines() or [type(e).__name__])[0][:200]
        self.shell.warn("commit", "node %s: commit failed (%s); %d tables reloaded", self.name,
                        e, len(tables))  # fmt: skip
        self._forget(tables, PAUSED, TRY_AGAIN)
        for cid in {cid for cid, _ in pending}:
            self._close(cid, PAUSED, TRY_AGAIN)
        self.shell._rearm()

    def owner(self, tid: str) -> str | None:
        """The node holding ``tid`` (taken over here if its lease expired); None: no lease."""
        node = self.routes.get(tid)
        if node is not None:
            return node
        row = self.store._x(
            f"SELECT node, expires > {NOW} FROM leases WHERE table_id = ?", (tid,)
        ).fetchone()
        if row is None:
            return None
        node, live = row
        if not live and self._take_over([tid]):
            return self.name
        if live:
            self.routes[tid] = node
        return str(node)

    # -- routing (this node is the client's) -------------------------------------------------
    def route(self, conn_id: int, data: bytes | str) -> bool:
        """Forward ``data`` to the node holding its table, if another; False: the local core
        handles it."""
        c = self.core.conns.get(conn_id)
        if c is None or c.name is None:
            return False
        try:
            p = PEEK.decode(data)
        except msgspec.DecodeError:
            return False
        b = p.body
        if b is None:
            return False
        if p.cmd in TABLE_COMMANDS and b.table is not None:
            tid = b.table
            if tid in self.core.tables:
                return False
            try:
                node = self.owner(tid)
            except Exception as e:  # PostgreSQL away: nothing is known of the table now
                self._store_failed(e)
                self._refuse(conn_id, data, paused_error())
                return True
        elif p.cmd == "quick_play" and b.game is not None and b.players is not None:
            if b.level not in LEVEL_IDS:
                return False  # refused here, by the core
            qb = m.QuickPlayBody(game=b.game, players=b.players, level=b.level)
            if self.core.lobby.quick_candidate(c, qb) is not None:
                return False
            found = self.directory.quick(b.game, b.players, b.level)
            if found is None:
                return False
            tid, node = found
        else:
            return False
        if node is None or node == self.name:
            return False
        if self.core._throttle(c, time.time()):
            return False  # the core says so (limit.rate)
        if not self.bus.up or node in self._dead:  # no way there now: the client sends again
            if node in self._dead:
                self.routes.pop(tid, None)  # looked up again: taken over once its lease lapses
            self._refuse(conn_id, data, unavailable_error())
            return True
        raw = data if isinstance(data, bytes) else data.encode()
        f = Frame(self.name, self.boot, conn_id, raw, c.name, c.lang, c.texts, c.account, tid)
        self._forward(node, f)
        return True

    def _forward(self, node: str, f: Frame, tries: int = 0) -> None:
        self.sent_to.setdefault(f.conn, {})[f.table] = node
        self.forwarded += 1
        self.bus.send(node, PACK.encode(f))

    def gone(self, conn_id: int) -> None:
        """A client of this node closed: the proxies it had on other nodes go."""
        where = self.sent_to.pop(conn_id, None)
        for node in set((where or {}).values()):
            if node != self.name:
                self.bus.send(node, PACK.encode(Gone(self.name, self.boot, conn_id)))

    def _refuse(self, conn_id: int, data: bytes | str, err: ProtocolError) -> None:
        self.shell._queue(self.core.refuse(conn_id, data, err, time.time()))

    def _undelivered(self, node: str, payload: bytes) -> None:
        """``node`` is not listening (dead or stopped): a frame is routed again a little later
        (its table is taken over once the lease expires); what was for a proxy is dropped.
        The bus is down: a client's frame is refused (it sends it again), the frames for
        ``node``'s clients are lost (they are closed when the bus is back, to resume), and
        the rest waits for the bus."""
        msg = UNPACK.decode(payload)
        if not self.bus.up:
            if isinstance(msg, Frame):
                self.sent_to.get(msg.conn, {}).pop(msg.table, None)
                if msg.conn in self.shell.conns:
                    self._refuse(msg.conn, msg.data, unavailable_error())
            elif isinstance(msg, Deliver):
                self._undelivered_to.setdefault(node, set()).update(c for c, _ in msg.items)
            elif not isinstance(msg, Echo) and len(self._resend) < RESEND_MAX:
                self._resend.append((node, payload))
            return
        if isinstance(msg, Frame):
            self.routes.pop(msg.table, None)
            if self.sent_to.get(msg.conn, {}).get(msg.table) == node:
                cmd = PEEK.decode(msg.data).cmd
                if cmd in MEMBERSHIP:  # no membership there: nothing to resume
                    self.sent_to[msg.conn].pop(msg.table, None)
            self.loop.call_later(RETRY, self._retry, msg, msg.tries + 1)

    def _retry(self, f: Frame, tries: int) -> None:
        if f.conn not in self.shell.conns:
            return
        self.routes.pop(f.table, None)
        try:
            node = self.owner(f.table)
        except Exception as e:  # PostgreSQL away
            self._store_failed(e)
            if tries >= RETRIES:
                self._close(f.conn, "table unavailable: try again")
            else:
                self.loop.call_later(RETRY, self._retry, f, tries + 1)
            return
        if node is None or node == self.name:
            self.shell._queue(self.core.receive(f.conn, f.data, time.time()))
        elif not self.bus.up:
            self._refuse(f.conn, f.data, unavailable_error())
        elif tries >= RETRIES:
            self._close(f.conn, "table unavailable: try again")
        else:
            self.sent_to.setdefault(f.conn, {})[f.table] = node
            f.tries = tries
            self.bus.send(node, PACK.encode(f))

    # -- proxies (this node holds the table) -------------------------------------------------
    def _on_message(self, payload: bytes) -> None:
        msg = UNPACK.decode(payload)
        now = time.time()
        if isinstance(msg, Frame):
            self.proxied += 1
            if msg.table not in self.core.tables and msg.table not in self.store.tokens:
                owner = self.owner(msg.table)
                if owner is not None and owner != self.name:
                    self.bus.send(msg.origin, PACK.encode(Miss(msg)))
                    return
            if self.boots.get(msg.origin, msg.boot) != msg.boot:
                self._drop_proxies(msg.origin)  # restarted: its old connections are gone
            self.boots[msg.origin] = msg.boot
            key = (msg.origin, msg.boot, msg.conn)
            pid = self.proxies.get(key)
            if pid is None:
                pid = self.proxies[key] = next(self._ids)
                self.origin[pid] = key
                self.core.connect(pid, None, now)
                c = self.core.conns[pid]
                c.name, c.lang, c.texts, c.account = msg.name, msg.lang, msg.texts, msg.account
            self.shell._queue(self.core.receive(pid, msg.data, now))
        elif isinstance(msg, Deliver):
            conns = self.shell.conns
            for conn, frames in msg.items:
                c = conns.get(conn)
                if c is not None:
                    c.send_frames(frames)
        elif isinstance(msg, Gone):
            pid = self.proxies.pop((msg.origin, msg.boot, msg.conn), None)
            if pid is not None:
                del self.origin[pid]
                self.shell._queue(self.core.disconnect(pid, now))
        elif isinstance(msg, Close):
            self._close(msg.conn, msg.reason)
        elif isinstance(msg, Ended):
            self.shell.end_session(msg.session)
        elif isinstance(msg, Handover):
            self.shell.flush_now()
            self._take_over()
        elif isinstance(msg, Miss):
            f = msg.frame
            self.routes.pop(f.table, None)
            self._retry(f, RETRIES)  # once more, from the database's answer
        elif isinstance(msg, Echo):
            self.bus_lag = max(0.0, now - msg.sent)

    def deliver(self, pid: int, frames: list[bytes]) -> None:
        """What the core sends proxy ``pid`` (committed): to its client's node, with the rest
        of this flush's frames for that node (:meth:`delivered`)."""
        key = self.origin.get(pid)
        if key is not None:
            box = self._outbox.get(key[0])
            if box is None:
                box = self._outbox[key[0]] = []
            box.append((key[2], frames))

    def delivered(self) -> None:
        """The end of a flush: one message per node for its clients' frames."""
        if self._outbox:
            outbox, self._outbox = self._outbox, {}
            for node, items in outbox.items():
                self.bus.send(node, PACK.encode(Deliver(items)))

    def _close(self, cid: int, reason: str, code: int = 1012) -> None:
        if cid < 0:
            self.delivered()  # what it was sent goes before the close
            key = self.origin.pop(cid, None)
            if key is not None:
                self.proxies.pop(key, None)
                self.bus.send(key[0], PACK.encode(Close(key[2], reason)))
                self.shell._queue(self.core.disconnect(cid, time.time()))
            return
        self.sent_to.pop(cid, None)
        c = self.shell.conns.get(cid)
        if c is not None:
            c.close(code, reason[:120])

    # -- the lobby's listing and the heartbeat ----------------------------------------------------
    def _publish(self) -> None:
        """Upsert the listing rows of this node's tables whose status or seats changed (not
        for each move: versions and spectators are not republished); delete the ended. A
        private table that is not quick play's is never listed, so never published."""
        upsert: list[tuple[Any, ...]] = []
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
                info = view.info(t)
                self._listed[tid] = key
                free = sum(1 for s in t.seats if not s.taken)
                upsert.append(
                    (tid, self.name, t.game.id, t.players, str(t.status), t.created,
                     int(t.settings.private), int(t.quick), free,
                     msgspec.json.encode(info).decode(), t.settings.bot_kind)
                )  # fmt: skip
        for tid in [t for t in self._listed if t not in self.core.tables]:
            del self._listed[tid]
        if upsert:
            self.store.db.executemany(
                "INSERT INTO listing (table_id, node, game, players, status, created, private,"
                " quick, free, info, bot_kind) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (table_id) DO UPDATE SET node = excluded.node,"
                " status = excluded.status, free = excluded.free, info = excluded.info",
                upsert,
            )
        if delete:
            self.store.db.execute("DELETE FROM listing WHERE table_id = ANY(?)", (delete,))
        self.store.commit()

    def _heartbeat(self) -> None:
        """This node is alive (``nodes.seen``); the nodes silent for a lease's length are gone:
        their proxies here go, and this node's clients that played at their tables are closed
        (they resume where the tables are taken over)."""
        lease = self.store.lease_seconds
        conn = self.store.conn
        conn.execute(
            f"INSERT INTO nodes (name, started, seen) VALUES (%s, %s, {NOW})"
            " ON CONFLICT (name) DO UPDATE SET seen = excluded.seen",
            (self.name, self.started),
        )
        seen = conn.execute(
            f"SELECT name, seen < {NOW} - %s FROM nodes WHERE name <> %s", (lease, self.name)
        ).fetchall()
        dead = {name for name, silent in seen if silent}
        self.alive = {name for name, silent in seen if not silent}
        conn.commit()
        for node in dead - self._dead:
            log.warning("node %s: node %s is silent", self.name, node)
            for tid in [t for t, n in self.routes.items() if n == node]:
                del self.routes[tid]
            for cid, where in list(self.sent_to.items()):
                if node in where.values():
                    self._close(cid, "the table's node stopped: resume")
            self._drop_proxies(node)
        self._dead = dead

    # -- sessions ------------------------------------------------------------------------------
    def end_session(self, hashed: str) -> None:
        """A session logged out on this node: every other node closes its sockets at once.
        Should the bus lose it, :meth:`_sessions` finds them within a second."""
        for node in self.alive:
            self.bus.send(node, PACK.encode(Ended(hashed)))

    def _sessions(self) -> None:
        """Close this node's sockets whose session no longer exists (logged out on another
        node while the bus was down, or expired): one query for all of them."""
        held = {c.session_hash for c in self.shell.conns.values() if c.session_hash is not None}
        if not held:
            return
        live = {
            r[0]
            for r in self.store.conn.execute(
                f"SELECT token_hash FROM sessions WHERE token_hash = ANY(%s) AND expires > {NOW}",
                (list(held),),
            )
        }
        self.store.conn.commit()
        for h in held - live:
            self.shell.end_session(h)

    def _drop_proxies(self, node: str) -> None:
        """``node``'s clients are gone (it died or restarted): so are their proxies here."""
        for pid, key in list(self.origin.items()):
            if key[0] == node:
                del self.origin[pid]
                self.proxies.pop(key, None)
                self.shell._queue(self.core.disconnect(pid, time.time()))

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
        if self._dead:
            reasons.append(f"nodes silent: {', '.join(sorted(self._dead))}")
        return {
            "status": "degraded" if reasons else "ok",
            "reasons": reasons,
            "bus_lag_ms": None if self.bus_lag is None else round(self.bus_lag * 1000, 1),
            "node": self.name,
            "leases": len(self.store.tokens),
            "proxies": len(self.proxies),
            "forwarded": self.forwarded,
            "proxied": self.proxied,
            "taken_over": self.taken_over,
            "lost": self.lost,
            "bus": "up" if self.bus.up else "down",
            "silent_nodes": sorted(self._dead),
        }


PAUSED = "saving is paused; your moves wait: resume"
TRY_AGAIN = 1013  # WebSocket close code: try again later


def unavailable_error() -> ProtocolError:
    return ProtocolError(
        "node.unavailable",
        f"The table's node cannot be reached just now; nothing was done: send again in {AGAIN:g} s.",
        f"Le nœud de cette table est injoignable pour l'instant ; rien n'a été fait : "
        f"renvoyez dans {AGAIN:g} s.",
        detail={"retry_after": AGAIN},
    )


def paused_error() -> ProtocolError:
    return ProtocolError(
        "store.unavailable",
        f"Saving is paused (the database does not answer); your moves wait: send again in {AGAIN:g} s.",
        f"L'enregistrement est en pause (la base ne répond pas) ; vos coups attendent : "
        f"renvoyez dans {AGAIN:g} s.",
        detail={"retry_after": AGAIN},
    )


def moved_error(table: str) -> ProtocolError:
    return ProtocolError(
        "table.moved",
        "The table moved to another node: connect again and resume with your seat token.",
        "La table est passée sur un autre nœud : reconnectez-vous et reprenez avec votre jeton.",
        detail={"table": table},
    )
