"""This node's decisions in a group of nodes, sans I/O: where a client's frame goes, what the
other nodes' messages mean, whom to close when a table or a node is lost.

It holds what the node knows of the group (which node holds which table, the proxies standing
here for other nodes' clients, which nodes are silent, whether the bus works) and answers each
input with :data:`Effect` values, which the shell (:class:`atout.server.nodes.node.Node`) carries out:
messages on the bus, frames for the local core, closes, database lookups. No socket, no
database, no clock here (the shell passes the time), as in :class:`atout.server.core.router.Core`; so
every decision is tested without Redis or PostgreSQL (tests/server/test_cluster_decisions.py).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass, field

from atout.locales import both
from atout.protocol.errors import ProtocolError
from atout.server.core.router import TABLE_COMMANDS
from atout.server.nodes.nodewire import (
    PEEK,
    Close,
    Deliver,
    Echo,
    Ended,
    Envelope,
    Frame,
    Gone,
    Handover,
    Miss,
)

AGAIN = 1.0  # seconds a client is told to wait before sending again what could not be routed
RETRY = 0.25  # seconds before a frame whose node did not answer is routed again
RETRIES = 40  # then the client is told the table is unavailable (10 s: beyond a failover)
RESEND_MAX = 10_000  # messages kept for other nodes while the bus is down (then dropped)
MEMBERSHIP = frozenset(("join", "resume", "watch", "quick_play"))
MOVED = "the table moved to another node: resume"
PAUSED = "saving is paused; your moves wait: resume"
LOST = "the server lost what it was answering: resume"
RESTART, TRY_AGAIN = 1012, 1013  # WebSocket close codes: service restart, try again later


# -- effects: what the shell does -------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Local:
    """The local core handles the frame (``conn`` is a client or a proxy here)."""

    conn: int
    data: bytes | str


@dataclass(frozen=True, slots=True)
class Send:
    """Publish ``msg`` to ``node`` on the bus."""

    node: str
    msg: Envelope


@dataclass(frozen=True, slots=True)
class Refuse:
    """Answer the client's frame with ``error`` (nothing was done: it may send it again)."""

    conn: int
    data: bytes | str
    error: ProtocolError


@dataclass(frozen=True, slots=True)
class Shut:
    """Close connection ``conn`` of this node's core (a proxy: the core forgets it), first
    telling it ``tell`` if given."""

    conn: int
    reason: str
    code: int = RESTART
    tell: ProtocolError | None = None


@dataclass(frozen=True, slots=True)
class Open:
    """A proxy connection in the core for another node's client."""

    conn: int
    frame: Frame


@dataclass(frozen=True, slots=True)
class Write:
    """Frames committed by another node, for this node's client ``conn``."""

    conn: int
    frames: list[bytes]


@dataclass(frozen=True, slots=True)
class Lookup:
    """Which node holds ``table``? The database says (off the loop), then :meth:`found`."""

    table: str


@dataclass(frozen=True, slots=True)
class Later:
    """Look ``frame``'s table up again in ``delay`` seconds, then :meth:`Cluster.retry` it
    (its ``tries``-th time)."""

    delay: float
    frame: Frame
    tries: int


@dataclass(frozen=True, slots=True)
class TakeOver:
    """Take these tables (all expired ones if empty) over from their records."""

    tables: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class EndSession:
    """A session was logged out elsewhere: close this node's sockets opened with it."""

    session: str


Effect = Local | Send | Refuse | Shut | Open | Write | Lookup | Later | TakeOver | EndSession


@dataclass(frozen=True, slots=True)
class Who:
    """A client connection as routing sees it."""

    conn: int
    name: str
    lang: str
    texts: bool
    account: str | None


@dataclass(slots=True)
class Counters:
    forwarded: int = 0  # frames sent to other nodes
    proxied: int = 0  # frames received from other nodes
    taken_over: int = 0  # tables taken over from other nodes
    lost: int = 0  # tables this node lost to another


@dataclass
class Cluster:
    """What node ``name`` (this incarnation: ``boot``) knows of the group, and its decisions."""

    name: str
    boot: int
    routes: dict[str, str] = field(default_factory=dict)  # table -> its node (a cache)
    proxies: dict[tuple[str, int, int], int] = field(default_factory=dict)  # -> proxy id
    origin: dict[int, tuple[str, int, int]] = field(default_factory=dict)  # proxy id -> client
    boots: dict[str, int] = field(default_factory=dict)  # the last incarnation of each node
    sent_to: dict[int, dict[str, str]] = field(default_factory=dict)  # client -> {table: node}
    silent: set[str] = field(default_factory=set)  # nodes gone silent (already acted upon)
    alive: set[str] = field(default_factory=set)  # the other nodes seen at the last heartbeat
    bus_up: bool = True
    counters: Counters = field(default_factory=Counters)
    bus_lag: float | None = None  # seconds the last echo took through the bus
    _outbox: dict[str, list[tuple[int, list[bytes]]]] = field(default_factory=dict)
    _resend: list[tuple[str, Envelope]] = field(default_factory=list)
    _undelivered_to: dict[str, set[int]] = field(default_factory=dict)
    _ids: itertools.count[int] = field(default_factory=lambda: itertools.count(-1, -1))

    # -- a client's frame (this node is the client's) ----------------------------------------
    def route(self, who: Who, data: bytes | str, local: Iterable[str] = ()) -> list[Effect]:
        """Where ``who``'s frame goes. ``local``: the tables this node's core holds. A table
        command for another node's table is forwarded; one whose node is unknown here needs a
        :class:`Lookup` first (the frame waits in the shell, then :meth:`route` again)."""
        peek = _peek(data)
        if peek is None or peek[0] not in TABLE_COMMANDS or peek[1] is None:
            return [Local(who.conn, data)]
        return self.route_table(who, data, peek[1], local)

    def route_table(
        self, who: Who, data: bytes | str, tid: str, local: Iterable[str] = ()
    ) -> list[Effect]:
        """:meth:`route` for a frame already known to be a command for table ``tid``."""
        if tid in local:
            return [Local(who.conn, data)]
        node = self.routes.get(tid)
        if node is None:
            return [Lookup(tid)]
        return self.to(node, who, data, tid)

    def to(self, node: str, who: Who, data: bytes | str, tid: str) -> list[Effect]:
        """``who``'s frame for ``tid``, held by ``node``."""
        if node == self.name:
            return [Local(who.conn, data)]
        if not self.bus_up or node in self.silent:  # no way there now: the client sends again
            if node in self.silent:
                self.routes.pop(tid, None)  # looked up again: taken over once its lease lapses
            return [Refuse(who.conn, data, unavailable_error())]
        raw = data if isinstance(data, bytes) else data.encode()
        f = Frame(self.name, self.boot, who.conn, raw, who.name, who.lang, who.texts,
                  who.account, tid)  # fmt: skip
        return self.forward(node, f)

    def forward(self, node: str, f: Frame) -> list[Effect]:
        self.sent_to.setdefault(f.conn, {})[f.table] = node
        self.counters.forwarded += 1
        return [Send(node, f)]

    def found(self, tid: str, owner: str | None, live: bool) -> None:
        """The database's answer to a :class:`Lookup`: ``owner`` holds ``tid``'s lease (``live``:
        not expired). An expired one is taken over by the shell before routing again."""
        if owner is not None and live:
            self.routes[tid] = owner

    def held(self, tables: Iterable[str]) -> None:
        """These tables are this node's (created, adopted, taken over)."""
        for tid in tables:
            self.routes[tid] = self.name

    def retry(self, f: Frame, owner: str | None, tries: int, alive: bool) -> list[Effect]:
        """Route again a frame no node took (``owner``: the database's answer now; ``alive``:
        its client is still connected here)."""
        if not alive:
            return []
        if owner is None or owner == self.name:
            return [Local(f.conn, f.data)]
        if not self.bus_up:
            return [Refuse(f.conn, f.data, unavailable_error())]
        if tries >= RETRIES:
            return [Shut(f.conn, "table unavailable: try again")]
        self.sent_to.setdefault(f.conn, {})[f.table] = owner
        f.tries = tries
        return [Send(owner, f)]

    def gone(self, conn: int) -> list[Effect]:
        """A client of this node closed: the proxies it had on other nodes go."""
        where = self.sent_to.pop(conn, None) or {}
        return [
            Send(n, Gone(self.name, self.boot, conn)) for n in set(where.values()) if n != self.name
        ]

    # -- the bus: what another node sent this one --------------------------------------------
    def received(self, msg: Envelope, now: float, mine: Iterable[str] = ()) -> list[Effect]:
        """A message from the bus. ``mine``: the tables this node holds (in memory or leased)."""
        if isinstance(msg, Frame):
            return self._proxied(msg, mine)
        if isinstance(msg, Deliver):
            return [Write(conn, frames) for conn, frames in msg.items]
        if isinstance(msg, Gone):
            pid = self.proxies.pop((msg.origin, msg.boot, msg.conn), None)
            if pid is None:
                return []
            del self.origin[pid]
            return [Shut(pid, "its client left")]
        if isinstance(msg, Close):
            return [Shut(msg.conn, msg.reason)]
        if isinstance(msg, Ended):
            return [EndSession(msg.session)]
        if isinstance(msg, Handover):
            return [TakeOver()]
        if isinstance(msg, Miss):  # once more, from the database's answer
            self.routes.pop(msg.frame.table, None)
            return [Later(0.0, msg.frame, RETRIES)]
        if isinstance(msg, Echo):
            self.bus_lag = max(0.0, now - msg.sent)
        return []

    def _proxied(self, f: Frame, mine: Iterable[str]) -> list[Effect]:
        self.counters.proxied += 1
        out: list[Effect] = []
        if f.table not in mine:  # not ours (any more): its client's node routes it again
            return [Send(f.origin, Miss(f))]
        if self.boots.get(f.origin, f.boot) != f.boot:
            out += self.drop_proxies(f.origin)  # it restarted: its old connections are gone
        self.boots[f.origin] = f.boot
        key = (f.origin, f.boot, f.conn)
        pid = self.proxies.get(key)
        if pid is None:
            pid = self.proxies[key] = next(self._ids)
            self.origin[pid] = key
            out.append(Open(pid, f))
        out.append(Local(pid, f.data))
        return out

    def undelivered(self, node: str, msg: Envelope, here: Iterable[int] = ()) -> list[Effect]:
        """No subscriber got ``msg`` for ``node``. The bus works (``node`` is not listening:
        dead or stopped): a client's frame is routed again a little later (its table is taken
        over once its lease lapses); what was for a proxy is dropped. The bus is down: a
        client's frame is refused (it sends it again), the frames for ``node``'s clients are
        lost (they are closed when the bus is back, to resume), the rest waits for the bus.
        ``here``: this node's client connections."""
        if not self.bus_up:
            if isinstance(msg, Frame):
                peek = _peek(msg.data)
                if peek is not None and peek[0] in MEMBERSHIP:  # no membership there
                    self.sent_to.get(msg.conn, {}).pop(msg.table, None)
                if msg.conn in here:
                    return [Refuse(msg.conn, msg.data, unavailable_error())]
            elif isinstance(msg, Deliver):
                self._undelivered_to.setdefault(node, set()).update(c for c, _ in msg.items)
            elif not isinstance(msg, Echo) and len(self._resend) < RESEND_MAX:
                self._resend.append((node, msg))
            return []
        if not isinstance(msg, Frame):
            return []
        self.routes.pop(msg.table, None)
        where = self.sent_to.get(msg.conn, {})
        peek = _peek(msg.data)
        if where.get(msg.table) == node and peek is not None and peek[0] in MEMBERSHIP:
            where.pop(msg.table, None)  # no membership there: nothing to resume
        return [Later(RETRY, msg, msg.tries + 1)]

    def bus_back(self) -> list[Effect]:
        """The bus works (again): what waited for it is sent, and the clients whose frames were
        lost with it are closed, to resume and catch up."""
        out: list[Effect] = [Send(node, msg) for node, msg in self._resend]
        self._resend = []
        if self._undelivered_to:
            lost, self._undelivered_to = self._undelivered_to, {}
            for pid, key in list(self.origin.items()):
                if key[2] in lost.get(key[0], ()):
                    out += self.shut_proxy(pid, "frames lost while the bus was down: resume")
        return out

    def resubscribed(self) -> list[Effect]:
        """This node's subscription to the bus broke and is back (Redis restarted, or could not
        be reached): what other nodes sent it meanwhile may be lost, even what Redis had taken
        before it went (nobody was told), so this node's clients that play at other nodes'
        tables are closed: they resume and catch up."""
        return [
            Shut(cid, "the bus between nodes was down: resume")
            for cid, where in list(self.sent_to.items())
            if any(n != self.name for n in where.values())
        ]

    # -- proxies (this node holds the table) -------------------------------------------------
    def deliver(self, pid: int, frames: list[bytes]) -> None:
        """What the core sends proxy ``pid`` (committed), gathered per node until
        :meth:`delivered`."""
        key = self.origin.get(pid)
        if key is not None:
            self._outbox.setdefault(key[0], []).append((key[2], frames))

    def delivered(self) -> list[Effect]:
        """The end of a flush: one message per node for its clients' frames."""
        if not self._outbox:
            return []
        outbox, self._outbox = self._outbox, {}
        return [Send(node, Deliver(items)) for node, items in outbox.items()]

    def shut_proxy(self, pid: int, reason: str, code: int = RESTART) -> list[Effect]:
        """Close proxy ``pid``: what it was sent goes first, then its client's node is told to
        close the client (it resumes), and the core forgets the proxy."""
        out = self.delivered()
        key = self.origin.pop(pid, None)
        if key is None:
            return out
        self.proxies.pop(key, None)
        return [*out, Send(key[0], Close(key[2], reason)), Shut(pid, reason, code)]

    def drop_proxies(self, node: str) -> list[Effect]:
        """``node``'s clients are gone (it died or restarted): so are their proxies here."""
        out: list[Effect] = []
        for pid, key in list(self.origin.items()):
            if key[0] == node:
                del self.origin[pid]
                self.proxies.pop(key, None)
                out.append(Shut(pid, "its node is gone"))
        return out

    # -- tables and nodes lost or found ---------------------------------------------------------
    def forget(self, tables: Iterable[str]) -> None:
        """``tables`` are no longer this node's (lost, or to be read back from their records)."""
        for tid in tables:
            self.routes.pop(tid, None)

    def took_over(self, tables: Iterable[str]) -> list[Effect]:
        """These tables were taken over here: this node's clients that played there through
        their old node resume here."""
        tids = set(tables)
        self.held(tids)
        self.counters.taken_over += len(tids)
        return [
            Shut(cid, "the table moved to this node: resume")
            for cid, where in list(self.sent_to.items())
            if any(where.get(t, self.name) != self.name for t in tids)
        ]

    def heartbeat(self, alive: set[str], silent: set[str]) -> list[Effect]:
        """The nodes seen lately and those silent for a lease's length: the newly silent ones'
        proxies go, and this node's clients that played at their tables are closed (they
        resume where the tables are taken over)."""
        out: list[Effect] = []
        self.alive = alive
        for node in silent - self.silent:
            for tid in [t for t, n in self.routes.items() if n == node]:
                del self.routes[tid]
            for cid, where in list(self.sent_to.items()):
                if node in where.values():
                    out.append(Shut(cid, "the table's node stopped: resume"))
            out += self.drop_proxies(node)
        self.silent = silent
        return out

    def end_session(self, hashed: str) -> list[Effect]:
        """A session logged out here: every other node closes its sockets at once."""
        return [Send(node, Ended(hashed)) for node in sorted(self.alive)]


def _peek(data: bytes | str) -> tuple[str, str | None] | None:
    """The command and table of a client's frame (a cheap look), None if it is not one."""
    try:
        p = PEEK.decode(data)
    except Exception:
        return None
    return p.cmd, None if p.body is None else p.body.table


def unavailable_error() -> ProtocolError:
    return ProtocolError(
        "node.unavailable",
        *both("error-node-unavailable", wait=AGAIN),
        detail={"retry_after": AGAIN},
    )


def paused_error() -> ProtocolError:
    return ProtocolError(
        "store.unavailable",
        *both("error-store-unavailable", wait=AGAIN),
        detail={"retry_after": AGAIN},
    )


def moved_error(table: str) -> ProtocolError:
    return ProtocolError(
        "table.moved",
        *both("error-table-moved"),
        detail={"table": table},
    )
