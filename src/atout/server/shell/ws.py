"""The thin asyncio shell: the core's clock, timers and group commit around the sockets.

The sockets are :mod:`atout.server.shell.transport`'s; this shell hands whole text messages to the
:class:`~atout.server.core.router.Core`. The messages the core returns wait in one queue; a single
``call_soon`` callback commits the store once for everything queued (so several moves share a
commit), then encodes and writes. Nothing is announced before it is durable. What waits to be
sent to one client and to all of them together has a budget, and past the maximum number of
sockets ``/ws`` answers 503.

:func:`start` builds a whole game master (store, core, recovery, shell, listening socket): the
one way ``atout serve``, the terminal client's private game master and the tests get one.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import math
import os
import signal
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from atout.locales import both
from atout.protocol import messages as m
from atout.protocol.codec import encode
from atout.protocol.errors import ProtocolError, error_body
from atout.server.accounts.api import (
    PASSWORD_PATHS,
    ApiError,
    Deferred,
    HttpRequest,
    HttpResponse,
    error_response,
)
from atout.server.accounts.throttle import address_key
from atout.server.core.conns import is_loopback
from atout.server.core.limits import CoreLimits, Limits
from atout.server.core.proxies import trusted
from atout.server.core.router import Core, Out
from atout.server.core.seated import Search
from atout.server.core.status import Status
from atout.server.shell.alone import Alone, Peers
from atout.server.shell.listener import Listener, bind
from atout.server.shell.metrics import Metrics
from atout.server.shell.searches import Searches
from atout.server.shell.transport import READ_SIZE, WsConnection
from atout.server.storage.pgstore import LeaseLost, open_store, unreachable
from atout.server.storage.store import TableStore

log = logging.getLogger("atout.server")

LOG_EVERY = 10.0  # seconds between two warnings of the same kind (the others are counted)
# Garbage collection: with CPython's default thresholds (700, 10, 10) the collector cost ~30 µs
# per move (measured: a third of the core's time) and full collections paused the loop for up to
# 110 ms, as every move keeps a few containers (history, record). A move's own garbage is freed
# by reference counting, so the cyclic collector runs far less often: young generation every
# 50 000 net allocations, a full collection only after 20 x 100 of those.
GC_THRESHOLDS = (50_000, 20, 100)
SESSION_ENDED = 4001  # the close code of a socket whose session was logged out


class Shell:
    """Owns the sockets, the clock and the store's commits around one :class:`Core`."""

    def __init__(self, core: Core, limits: Limits | None = None) -> None:
        self.core = core
        self.store = core.store
        self.limits = limits or Limits()
        self.conns: dict[int, WsConnection] = {}  # WebSocket sessions the core knows
        self.socks: dict[int, WsConnection] = {}  # every socket, whatever its state
        self.per_address: dict[str, int] = {}  # sockets open per remote address (not loopback)
        self.buffered = 0  # bytes waiting to be sent, all sockets together (last looked at)
        self._next_id = 0
        self._pending: list[Out] = []
        self._flush_scheduled = False
        self._timer: asyncio.TimerHandle | None = None
        self._timer_at: float | None = None
        self._sweeper: asyncio.TimerHandle | None = None
        self._warned: dict[str, tuple[float, int]] = {}
        self.read_buffer = memoryview(bytearray(READ_SIZE))
        self.loop = asyncio.get_running_loop()
        self.server: Listener | None = None
        self.started = time.time()
        self.frames_in = 0  # messages handed to the core (reported by /health)
        self.timeouts = 0  # sockets closed for silence
        self.slow_cut = 0  # clients cut off for not reading
        self._passwords: ThreadPoolExecutor | None = None
        self.searches = Searches(self.loop, core.limits.bot_workers, self._searched)
        self._password_jobs = 0  # logins and signups handed to the threads, not answered yet
        self.hash_seconds = 0.5  # a password job's duration, smoothed (Retry-After when full)
        self.busy_refused = 0  # /api/ requests answered 503: the queue was full
        self.origins: list[Any] | None = []  # the Origin values /ws accepts (set by listen)
        self.node: Peers = Alone()  # several nodes: this one's atout.server.nodes.node.Node
        self.stopped = False
        self.closing = False
        self.metrics = Metrics(self)  # GET /metrics
        self._moved: list[float] = []  # when the moves waiting for the flush were read
        # a silent WebSocket is pinged after this many seconds, dropped after twice as many
        self.ping_every = min(core.limits.ping_every, self.limits.idle_timeout / 2)

    # -- called by the connections -------------------------------------------------------
    def new_connection(self) -> WsConnection:
        self._next_id += 1
        return WsConnection(self, self._next_id)

    def admit(self, conn: WsConnection, client: str) -> bool:
        """Behind a trusted proxy, count ``conn`` under the client's own address (IPv6 by its
        /64) once its request names it: False if that address holds its maximum of sockets."""
        key = address_key(client)
        if is_loopback(client) or conn.peer is not None:
            return True
        n = self.per_address.get(key, 0)
        if n >= self.limits.sockets_per_address:
            self.warn("address", "%s has %d sockets open: more are refused", key, n)
            return False
        self.per_address[key] = n + 1
        conn.peer = key
        return True

    def made(self, conn: WsConnection) -> None:
        peer = conn.peer_address()
        if (
            peer is not None
            and not is_loopback(peer)
            and not trusted(peer, self.limits.trusted_proxies)
        ):
            n = self.per_address.get(peer, 0)
            if n >= self.limits.sockets_per_address:
                self.warn("address", "%s has %d sockets open: more are closed", peer, n)
                if conn.transport is not None:
                    conn.transport.abort()
                return
            self.per_address[peer] = n + 1
            conn.peer = peer
        self.socks[conn.id] = conn
        if len(self.socks) > self.limits.max_connections:
            conn.overflow = True
            self.warn("full", "%d sockets open: /ws answers 503", len(self.socks))

    def opened(self, conn: WsConnection) -> None:
        self.conns[conn.id] = conn
        self.queue(
            self.core.connect(
                conn.id, address=conn.address(), now=time.time(), session=conn.session
            )
        )

    def api(self, conn: WsConnection, req: HttpRequest) -> None:
        """An /api/ request: the core's API answers; a password's hashing runs in a thread,
        and its answer is built back on the loop. Written only once the store is committed.

        The threads' queue is bounded (``password_queue``): when it is full the request is
        answered 503 at once with a Retry-After from the measured time per hash, never left
        to wait for a time-out."""
        lim = self.core.limits
        if req.path in PASSWORD_PATHS and self._password_jobs >= lim.password_queue:
            # full: answered before anything is counted, so that a flood keeping the queue
            # full never turns the owner's own retries into login delays
            self._api_send(conn, req, self.busy())
            return
        try:
            got = self.core.api.handle(req, time.time())
        except Exception as e:
            if unreachable(e):  # PostgreSQL away: retry later, said in one line of the log
                self.warn("api-db", "%s %s: the database does not answer (%s): 503",
                          req.method, req.path, e)  # fmt: skip
                got = _unavailable()
            else:
                log.exception("internal error on %s %s", req.method, req.path)
                got = _internal()
        if isinstance(got, Deferred):
            if not self._flush():  # the attempt counted (every node sees it) before hashing
                got = _unavailable()
            else:
                if self._passwords is None:
                    self._passwords = ThreadPoolExecutor(lim.password_threads, "atout-passwords")
                self._password_jobs += 1
                job = self._passwords.submit(_timed, got.work)
                deferred = got
                job.add_done_callback(
                    lambda f: self._call_soon(self._api_done, conn, req, deferred, f)
                )
                return
        self._api_send(conn, req, got)

    def drain_seconds(self) -> int:
        """Seconds until the password checks waiting now are worked through (at least 1)."""
        threads = max(1, self.core.limits.password_threads)
        return max(1, math.ceil(self._password_jobs * self.hash_seconds / threads))

    def busy(self) -> HttpResponse:
        """503 ``server.busy``: retry once the queue ahead would have been worked through."""
        self.busy_refused += 1
        wait = self.drain_seconds()
        self.warn("busy", "password checks' queue full (%d waiting): 503", self._password_jobs)
        return error_response(
            ApiError(
                "server.busy",
                *both("error-server-busy", wait=wait),
                retry_after=wait,
            )
        )

    def late(self) -> HttpResponse:
        """503 for a request not answered within ``--request-timeout``: its work may still be
        done (a signup may still create its account), so the answer does not say otherwise."""
        self.timeouts += 1
        wait = self.drain_seconds()
        return error_response(
            ApiError(
                "server.busy",
                *both("error-server-slow", wait=wait),
                retry_after=wait,
            )
        )

    def _call_soon(self, fn: Callable[..., None], *args: Any) -> None:
        """From a thread: run ``fn`` on the loop (nothing once the loop is closed)."""
        with contextlib.suppress(RuntimeError):  # the loop closed at shutdown
            self.loop.call_soon_threadsafe(fn, *args)

    def _api_done(self, conn: WsConnection, req: HttpRequest, d: Deferred, f: Future[Any]) -> None:
        self._password_jobs -= 1
        if self.stopped:
            return
        if f.cancelled():  # the shell is stopping (its sockets already closed): nothing to say
            return
        try:
            result, took = f.result()
            self.hash_seconds += 0.2 * (min(took, 30.0) - self.hash_seconds)
            resp = d.then(result)
        except Exception:
            log.exception("internal error on %s %s", req.method, req.path)
            resp = _internal()
        self._api_send(conn, req, resp)

    def _api_send(self, conn: WsConnection, req: HttpRequest, resp: HttpResponse) -> None:
        if not self._flush():  # durable before answered (several nodes: PostgreSQL away)
            resp = _unavailable()
        if req.path == "/api/login":
            self.metrics.login_refused(resp.status)
        conn._api_reply(resp, head_only=req.method == "HEAD")
        if resp.ended_session is not None:
            self.end_session(resp.ended_session)
            self.node.end_session(resp.ended_session)

    def end_session(self, hashed: str) -> int:
        """Close every socket of this node opened with the session ``hashed`` (its sha256): it
        was logged out. The page is told why (close code 4001) and opens a guest's socket.
        Returns how many were closed."""
        n = 0
        for c in list(self.conns.values()):
            if c.session_hash == hashed:
                n += 1
                self.queue([(c.id, self.error_message(c.id, LOGGED_OUT))])
                self.flush_now()  # the reason goes before the close
                c.close(SESSION_ENDED, "logged out")
        return n

    def frame(self, conn_id: int, data: bytes | str) -> None:
        self.frames_in += 1
        if self.node.route(conn_id, data):
            return  # forwarded to the node holding the table
        core = self.core
        moves = core.moves_applied
        self.queue(core.receive(conn_id, data, time.time()))
        if core.moves_applied != moves:  # a move: its latency is taken when it is written
            c = self.conns.get(conn_id)
            if c is not None:
                self._moved.append(c.last_rx)
        if core.held:
            c = self.conns.get(conn_id)
            if c is not None:
                c.hold(core.held)

    def refuse(self, conn_id: int, err: ProtocolError) -> None:
        """Send ``conn_id`` an error the transport found (in turn with the core's messages)."""
        self.queue([(conn_id, self.error_message(conn_id, err))])

    def error_message(self, conn_id: int, err: ProtocolError) -> m.Error:
        c = self.core.conns.get(conn_id)
        name = getattr(c, "name", None) or ""
        return m.Error(sender=m.GM, to=name, body=error_body(err, getattr(c, "lang", "en")))

    def dropped(self, conn: WsConnection) -> None:
        if self.socks.pop(conn.id, None) is not None:
            self.buffered -= conn.buffered
            conn.buffered = 0
            if conn.peer is not None:
                left = self.per_address.pop(conn.peer) - 1
                if left:
                    self.per_address[conn.peer] = left
        if conn.open:
            conn.open = False
            self.lost(conn.id)

    def lost(self, conn_id: int) -> None:
        self.conns.pop(conn_id, None)
        self.node.gone(conn_id)
        self.queue(self.core.disconnect(conn_id, time.time()))

    def account(self, conn: WsConnection, size: int) -> None:
        """``conn`` now has ``size`` bytes waiting: cut it off beyond its own limit, or beyond
        its share when all of them together are over budget."""
        self.buffered += size - conn.buffered
        conn.buffered = size
        lim = self.limits
        if size > lim.conn_buffer:
            conn.cut(f"too slow: {size} bytes not read")
        elif self.buffered > lim.total_buffer:
            self._over_budget()

    def _over_budget(self) -> None:
        total, waiting = 0, []
        for c in self.socks.values():
            t = c.transport
            c.buffered = t.get_write_buffer_size() if t is not None else 0
            total += c.buffered
            if c.buffered:
                waiting.append(c)
        self.buffered = total
        if total <= self.limits.total_buffer:
            return
        share = self.limits.total_buffer // len(waiting)
        for c in waiting:
            if c.buffered > share:
                self.warn(
                    "budget",
                    "closing connection %s: %d bytes not read, over its share %d",
                    c.id,
                    c.buffered,
                    share,
                )
                self.slow_cut += 1
                c.abort()  # frees its buffer now: a close frame would wait behind it

    def warn(self, kind: str, msg: str, *args: Any) -> None:
        """Log a warning of this kind at most once every LOG_EVERY seconds (with a count)."""
        now = time.monotonic()
        last, skipped = self._warned.get(kind, (-LOG_EVERY, 0))
        if now - last < LOG_EVERY:
            self._warned[kind] = (last, skipped + 1)
            return
        self._warned[kind] = (now, 0)
        if skipped:
            msg += f" (and {skipped} more like it since the last report)"
        log.warning(msg, *args)

    def health(self) -> dict[str, Any]:
        playing = sum(1 for t in self.core.tables.values() if t.status == Status.PLAYING)
        node = self.node.health()
        return {
            **node,
            "status": node.get("status", "ok"),  # a node: "degraded" while Redis or PG is away
            "connections": len(self.conns),
            "sockets": len(self.socks),
            "tables": len(self.core.tables),
            "playing": playing,
            "moves": self.core.moves_applied,
            "frames_in": self.frames_in,
            "uptime": round(time.time() - self.started, 1),
        }

    # -- output ----------------------------------------------------------------------------
    def queue(self, outs: list[Out]) -> None:
        if outs:
            self._pending.extend(outs)
            if not self._flush_scheduled:
                self._flush_scheduled = True
                self.loop.call_soon(self._flush)
        searches = self.core.searches()
        if searches:
            self.searches.start(searches)
        self.rearm()

    def _searched(self, s: Search, job: Future[Any]) -> None:
        """A seated bot's search is over (its worker process's answer, back on the loop)."""
        if not self.closing and not job.cancelled():
            self.queue(self.core.searched(s, job.result, time.time()))

    def _flush(self) -> bool:
        """Commit once for everything queued (durable before announced), encode each message
        once (one shared by several recipients, as spectators' updates are, too), then write
        each connection's frames, in the order they were queued, with one write. Returns
        whether the commit was made (several nodes: False when PostgreSQL refused it)."""
        self._flush_scheduled = False
        pending, self._pending = self._pending, []
        moved = self._moved
        if moved:
            self._moved = []
        if self.stopped:
            return False  # after the stop: the store is closed, the sockets are gone
        store = self.store
        wrote = store.dirty
        started = time.perf_counter()
        try:
            store.commit()  # durable before announced
        except LeaseLost as e:  # several nodes: refused, nothing written, nothing sent
            self.node.lease_lost(e, pending)
            return False
        except Exception as e:  # several nodes: PostgreSQL away, nothing sent (alone: raised)
            self.node.commit_failed(e, pending)
            return False
        if wrote:
            self.metrics.commit.observe(time.perf_counter() - started)
        frames: dict[int, bytes] = {}  # id(message): its frame (messages alive till the end)
        out: dict[int, list[bytes]] = {}
        for conn_id, msg in pending:
            frame = frames.get(id(msg))
            if frame is None:
                frame = frames[id(msg)] = encode(msg)
            mine = out.get(conn_id)
            if mine is None:
                out[conn_id] = [frame]
            else:
                mine.append(frame)
        conns = self.conns
        for conn_id, mine in out.items():
            c = conns.get(conn_id)
            if c is not None:
                c.send_frames(mine)
            elif conn_id < 0:  # a proxy: its client is on another node
                self.node.deliver(conn_id, mine)
        self.node.delivered()
        if moved:
            self.metrics.answered(moved, time.monotonic())
        return True

    def flush_now(self) -> None:
        """Commit and send what is queued now rather than at the loop's next turn."""
        if self._pending or self._flush_scheduled or self.store.dirty:
            self._flush()

    def rearm(self) -> None:
        due = self.core.next_deadline()
        if due is None or (self._timer_at is not None and self._timer_at <= due):
            return
        if self._timer is not None:
            self._timer.cancel()
        self._timer_at = due
        self._timer = self.loop.call_later(max(0.0, due - time.time()), self._on_timer)

    def _on_timer(self) -> None:
        self._timer = None
        self._timer_at = None
        self.queue(self.core.tick(time.time()))

    def _sweep(self) -> None:
        """Every socket's time-outs, twice a second or a few times per shortest time-out
        (O(sockets): ~1 ms for 1000)."""
        now = time.monotonic()
        for c in list(self.socks.values()):
            c.check(now)
        self._sweeper = self.loop.call_later(self._sweep_every(), self._sweep)

    def _sweep_every(self) -> float:
        lim = self.limits
        shortest = min(lim.handshake_timeout, self.ping_every, lim.close_timeout)
        return max(0.02, min(0.5, shortest / 4))

    # -- life cycle ------------------------------------------------------------------------
    async def listen(self, host: str, port: int) -> Listener:
        """Listen on every address ``host`` names (with ``port`` 0, one free port for all)."""
        self.server = Listener(self, await bind(self.loop, host, port))
        bound = self.server.sockets[0].getsockname()[1]
        self.origins = self.limits.origins(host, bound)
        if self._sweeper is None:
            self._sweeper = self.loop.call_later(self._sweep_every(), self._sweep)
        return self.server

    async def close(self) -> None:
        """Graceful stop: refuse new sockets, tell everyone, flush, close, commit."""
        self.closing = True  # no search's answer is played from now on
        self.searches.close()
        if self.server is not None:
            self.server.close()
        self._pending.extend(self.core.shutdown())
        self._flush()
        await self.node.close()
        for c in list(self.conns.values()):
            c.close(1001, "server shutting down")
        await asyncio.sleep(0.1)
        if self._timer is not None:
            self._timer.cancel()
        if self._sweeper is not None:
            self._sweeper.cancel()
        for c in list(self.socks.values()):
            c.abort()
        if self._passwords is not None:
            self._passwords.shutdown(wait=True, cancel_futures=True)
            await asyncio.sleep(0)  # the cancelled jobs' callbacks answer 503 (then nothing)
        self.store.commit()
        self.stopped = True


def _internal() -> HttpResponse:
    return error_response(ApiError("server.internal", *both("error-server-internal")))


def _unavailable() -> HttpResponse:
    return error_response(
        ApiError(
            "server.busy",
            *both("error-server-no-database"),
            retry_after=3,
        )
    )


def _timed(work: Callable[[], Any]) -> tuple[Any, float]:
    """``work()`` and the seconds it took, in its own thread (the queue's wait not counted)."""
    t = time.perf_counter()
    result = work()
    return result, time.perf_counter() - t


LOGGED_OUT = ProtocolError(
    "account.logged_out",
    *both("error-account-logged-out"),
)


@dataclass
class Server:
    """A running game master: its store, core and shell, listening on ``port``."""

    store: TableStore
    core: Core
    shell: Shell
    host: str
    port: int
    resumed: int  # unfinished tables rebuilt from the store at the start

    @property
    def url(self) -> str:
        return f"ws://{self.host}:{self.port}/ws"

    async def close(self) -> None:
        """Graceful stop (everyone told, sockets closed), then the store committed and closed."""
        await self.shell.close()
        self.store.close()


async def start(
    host: str = "127.0.0.1",
    port: int = 0,
    db: str | None = None,
    *,
    leak_guard: bool = False,
    synchronous: str = "NORMAL",
    limits: Limits | None = None,
    core_limits: CoreLimits | None = None,
    entropy: Callable[[int], bytes] = os.urandom,
    chat: bool = False,
    node: str | None = None,
    bus: str | None = None,
) -> Server:
    """Build a game master and start listening: the store (``db``, an SQLite file or a
    ``postgresql://`` URL; None: SQLite in memory), the core, the recovery of the store's
    unfinished tables, the shell. With ``node`` (a name) and ``bus`` (a ``redis://`` URL) it is
    one node of several on one PostgreSQL database (:mod:`atout.server.nodes.node`): it recovers only
    the tables nobody holds. Stop it with :meth:`Server.close`."""
    if (node is None) != (bus is None):
        raise ValueError("several nodes need both a node name and a bus (--node and --bus)")
    store = open_store(db, synchronous, node=node)
    core = Core(store, entropy=entropy, leak_guard=leak_guard, limits=core_limits, chat=chat)
    resumed = core.recover(time.time())
    core.accounts.purge(time.time())  # sessions expired while it was stopped
    store.commit()
    shell = Shell(core, limits)
    try:
        listener = await shell.listen(host, port)
    except BaseException:
        store.close()
        raise
    if node is not None:
        from atout.server.nodes.node import Node

        shell.node = Node(shell, node, bus)
        try:
            await shell.node.start()
        except BaseException:
            await shell.close()
            store.close()
            raise
    shell.rearm()
    bound = listener.sockets[0].getsockname()[1]
    return Server(store, core, shell, host, bound, resumed)


async def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | None = None,
    *,
    stop: asyncio.Event | None = None,
    ready: asyncio.Future[int] | None = None,
    **options: Any,
) -> None:
    """Run the game master until ``stop`` is set (or SIGINT/SIGTERM when ``stop`` is None);
    ``ready`` gets its port once it listens. ``options``: :func:`start`'s."""
    server = await start(host, port, db, **options)
    node, bus = options.get("node"), options.get("bus")
    gc.collect()
    gc.freeze()  # code, games, recovered tables: never scanned again
    gc.set_threshold(*GC_THRESHOLDS)
    log.info(
        "atout game master on ws://%s:%s/ws (db %s, %d tables resumed%s)",
        host,
        server.port,
        db,
        server.resumed,
        "" if node is None else f", node {node}, bus {bus}",
    )
    if stop is None:
        stop = asyncio.Event()
        for sig in (signal.SIGINT, signal.SIGTERM):
            server.shell.loop.add_signal_handler(sig, stop.set)
    if ready is not None and not ready.done():
        ready.set_result(server.port)
    try:
        await stop.wait()
    finally:
        log.info("shutting down")
        await server.close()
