"""The async Python client of the atout game master, used by bots, the terminal client and tests.

Typical use::

    async with await Client.connect("ws://127.0.0.1:8000/ws", "ann") as c:
        info = await c.create_table("q2j", players=2, bots=[1])
        seat = await c.join(info.table)
        over = await c.play(info.table, bot_chooser(get_game("q2j"), make_bot("random", 1)))

Requests return the typed reply or raise :class:`ClientError` with the server's code. Table events
(updates, game over, seat changes) are kept per table in a :class:`TableFeed`.

Fair deals (docs/PROTOCOL.md): a seat is taken with a commitment to a nonce drawn here, and the
nonce is revealed by the client itself when the game master asks (``reveal``), once per
commitment and only against the seats' commitments of that first request; :func:`check_deal`
then tells whether the deal is the one every commitment fixed.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any, ClassVar

import msgspec
from websockets.asyncio.client import ClientConnection, connect

from atout.bots import Bot
from atout.games.base import AtoutError, Game
from atout.protocol import messages as m
from atout.protocol.codec import decode_server, encode

log = logging.getLogger("atout.client")
Chooser = Callable[[m.UpdateBody], Any]
RATE_RETRIES = 5  # times a command refused by the rate limit is sent again


#: Nonces a program keeps for tables that have not dealt yet (a long-running bot process commits
#: to one per seat it takes; those of tables that never deal are forgotten, oldest first).
NONCES_KEPT = 4096


class ClientError(AtoutError):
    """The game master refused a request (``code`` as in docs/PROTOCOL.md)."""

    def __init__(self, body: m.ErrorBody) -> None:
        super().__init__(body.code, body.message, body.message_fr)
        self.detail = body.detail


class TableFeed:
    """What this client knows of one table: its last update, the end, its seat token."""

    def __init__(self) -> None:
        self.update: m.UpdateBody | None = None
        self.over: m.GameOverBody | None = None
        self.info: m.TableInfo | None = None
        self.started: m.StartedBody | None = None
        self.joined: m.JoinedBody | None = None
        self.rematch: m.RematchReadyBody | None = None
        self.nonce: str | None = None  # the nonce this client committed to for its seat here
        self.rematch_nonce: str | None = None  # and the one it committed to for the rematch
        self.reveal: m.RevealAskBody | None = None  # the game master's last ask to reveal
        # the seats' commitments this client revealed its nonce against (see check_deal)
        self.revealed_to: list[str | None] | None = None
        self.events: list[m.EventOut] = []
        self.error: m.ErrorBody | None = None
        self.last_seq: int | None = None  # the seq of the last table event taken
        self.skipped = 0  # seq numbers passed over (catch-ups sent to other members do that)
        self.refused = 0  # table events dropped: their seq was not above the last one
        self.moved_at = -1
        self._waiters: list[asyncio.Future[None]] = []

    def take_seq(self, seq: int) -> bool:
        """Note a table event's ``seq``; False for one that comes out of order or twice (the
        protocol's seq only grows for each recipient), which the client then drops."""
        last = self.last_seq
        if last is not None:
            if seq <= last:
                self.refused += 1
                log.warning("table event seq %d after %d: dropped", seq, last)
                return False
            self.skipped += seq - last - 1
        self.last_seq = seq
        return True

    def touch(self) -> None:
        waiters, self._waiters = self._waiters, []
        for w in waiters:
            if not w.done():
                w.set_result(None)

    async def wait(self, timeout: float | None = None) -> None:
        """Wait for the next table event (bare futures: no task per wait)."""
        w: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.append(w)
        await asyncio.wait_for(w, timeout)


class Client:
    """One connection to the game master. Create with :meth:`connect`; close with :meth:`close`."""

    #: The nonces this program committed to, by commitment, until their table deals, and the
    #: seats' commitments each was revealed against (once only): shared by its connections, so
    #: that a new one resuming a seat (a reconnection) can still reveal for it.
    nonces: ClassVar[dict[str, str]] = {}  # at most NONCES_KEPT
    revealed: ClassVar[dict[str, list[str | None]]] = {}

    def __init__(self, ws: ClientConnection, name: str, record: list[bytes] | None = None) -> None:
        self.ws = ws
        self.name = name
        self.record = record
        self.feeds: dict[str, TableFeed] = {}
        self.latencies: list[float] = []
        self.on_move: Callable[[float], None] | None = None  # called with each move's latency
        self.welcome: m.WelcomeBody | None = None
        self._pending: dict[int, asyncio.Future[m.Message]] = {}
        self._rid = 0
        self.held: dict[str, int] = {}  # table -> the seat this connection holds there
        self._revealing: dict[str, asyncio.Task[None]] = {}  # commitment -> its reveal, sent
        self._reader = asyncio.create_task(self._read())
        self.closed = asyncio.Event()

    @classmethod
    async def connect(
        cls,
        url: str,
        name: str,
        *,
        lang: str = "en",
        texts: bool = False,
        record: list[bytes] | None = None,
        open_timeout: float = 30,
        keepalive: float | None = 20.0,
    ) -> Client:
        """Open the socket and do the versioned handshake. ``record`` collects raw frames.

        ``keepalive``: seconds between two pings, and for a pong: a game master that stopped
        answering (frozen, paused, cut off) closes the client then, rather than leaving it
        waiting for ever (None: no pings)."""
        ws = await connect(
            url,
            compression=None,
            max_size=None,
            ping_interval=keepalive,
            ping_timeout=keepalive,
            open_timeout=open_timeout,
        )
        self = cls(ws, name, record)
        rep = await self.request(
            m.Hello(
                body=m.HelloBody(
                    versions=list(m.SUPPORTED_VERSIONS),
                    name=name,
                    lang=lang,
                    texts=texts,  # type: ignore[arg-type]
                )
            )
        )
        self.welcome = rep.body  # type: ignore[attr-defined]
        return self

    async def __aenter__(self) -> Client:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.ws.close()
        self._reader.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self._reader

    # -- plumbing ----------------------------------------------------------------------------
    async def request(self, msg: m.Message, timeout: float = 60) -> m.Message:
        """Send ``msg`` with a fresh request id; return the reply or raise :class:`ClientError`.

        A command refused by the server's rate limit (``limit.rate``, nothing was done) is sent
        again after the ``retry_after`` the server gave, a few times."""
        for attempt in range(RATE_RETRIES + 1):
            self._rid += 1
            rid = msg.id = self._rid
            msg.sender, msg.to = self.name, m.GM
            fut: asyncio.Future[m.Message] = asyncio.get_running_loop().create_future()
            fut.add_done_callback(_retrieve)
            self._pending[rid] = fut
            try:
                await self.ws.send(encode(msg), text=True)
                rep = await asyncio.wait_for(fut, timeout)
            finally:
                self._pending.pop(rid, None)
            if not isinstance(rep, m.Error):
                return rep
            wait = rep.body.detail.get("retry_after")
            if rep.body.code != "limit.rate" or attempt == RATE_RETRIES or wait is None:
                raise ClientError(rep.body)
            await asyncio.sleep(min(float(wait), 10.0))
        raise AssertionError("unreachable")

    async def send_raw(self, data: str | bytes) -> None:
        """Send a frame as is (tests: malformed messages)."""
        await self.ws.send(data, text=True)

    def feed(self, table: str) -> TableFeed:
        f = self.feeds.get(table)
        if f is None:
            f = self.feeds[table] = TableFeed()
        return f

    async def _read(self) -> None:
        try:
            async for frame in self.ws:
                if self.record is not None:
                    self.record.append(frame if isinstance(frame, bytes) else frame.encode())
                msg = decode_server(frame)
                self._route(msg)
        except Exception:  # the connection is gone: wake every waiter
            pass
        finally:
            self.closed.set()
            for fut in self._pending.values():
                if not fut.done():
                    fut.set_exception(ConnectionError("connection closed"))
            for f in self.feeds.values():
                f.touch()

    def _route(self, msg: m.Message) -> None:
        body: Any = msg.body  # type: ignore[attr-defined]
        table = getattr(body, "table", None)
        if isinstance(msg, m.Joined):  # before any table event that follows it
            self.held[body.table] = body.seat
        if isinstance(msg, m.Error) and table is None:
            table = body.detail.get("table")
        if table is not None and (msg.seq is not None or msg.id is None):
            f = self.feed(table)
            if msg.seq is not None and not f.take_seq(msg.seq):
                body = None  # out of order: the feed keeps what it has
            if body is None:
                pass
            elif isinstance(msg, m.Update):
                f.update = body
                f.events.extend(body.events)
            elif isinstance(msg, m.GameOver):
                f.over = body
            elif isinstance(msg, m.Table):
                f.info = body
            elif isinstance(msg, m.Started):
                f.started = body
                for c in body.commitments:  # dealt: our nonce is public, no longer needed
                    if c is not None and self.nonces.pop(c, None) is not None:
                        self.revealed.pop(c, None)
            elif isinstance(msg, m.RevealAsk):
                f.reveal = body
                self._reveal(f, body)
            elif isinstance(msg, m.RematchReady):
                f.rematch = body
                if body.seat is not None:
                    self.held[body.new_table] = body.seat
                if f.rematch_nonce is not None:  # our seat there holds the nonce of our vote
                    self.feed(body.new_table).nonce = f.rematch_nonce
            elif isinstance(msg, m.Error):
                f.error = body
            if body is not None:
                f.touch()
        if msg.id is not None:
            fut = self._pending.get(msg.id)
            if fut is not None and not fut.done():
                fut.set_result(msg)

    def _reveal(self, f: TableFeed, ask: m.RevealAskBody) -> None:
        """Answer the game master's ``reveal`` for the seat this connection holds, if this
        program committed to its nonce: once per commitment and only against the commitments
        of the first ask (a game master that changed a seat after our reveal gets no second
        one: its table is aborted)."""
        seat = self.held.get(ask.table)
        if seat is None or seat not in ask.pending or not 0 <= seat < len(ask.commitments):
            return
        mine = ask.commitments[seat]
        nonce = self.nonces.get(mine) if mine is not None else None
        if mine is None or nonce is None or mine in self._revealing:
            return
        first = self.revealed.setdefault(mine, list(ask.commitments))
        if first != ask.commitments:
            log.warning("table %s: the seats changed after our reveal: not again", ask.table)
            return
        f.revealed_to = first
        body = m.RevealBody(table=ask.table, nonce=nonce)
        task = asyncio.get_running_loop().create_task(self._send_reveal(body))
        self._revealing[mine] = task
        # once answered, a later ask (a restarted game master that lost it) is answered again
        task.add_done_callback(lambda _: self._revealing.pop(mine, None))

    async def _send_reveal(self, body: m.RevealBody) -> None:
        try:
            await self.request(m.Reveal(body=body))
        except (ClientError, ConnectionError, TimeoutError) as e:  # the table says the rest
            log.warning("table %s: reveal not taken: %s", body.table, e)

    def commit(self, nonce: str | None = None) -> tuple[str, str]:
        """A nonce (drawn here if not given) and its commitment, kept for the reveal."""
        nonce = nonce or new_nonce()
        commitment = nonce_commitment(nonce)
        nonces = self.nonces
        while (
            len(nonces) >= NONCES_KEPT
        ):  # tables that never dealt (refused, closed): the oldest go
            old = next(iter(nonces))
            del nonces[old]
            self.revealed.pop(old, None)
        nonces[commitment] = nonce
        return nonce, commitment

    # -- the commands --------------------------------------------------------------------------
    async def list_games(self) -> list[dict[str, Any]]:
        return (await self.request(m.ListGames())).body.games  # type: ignore[attr-defined]

    async def create_table(self, game: str, players: int, **settings: Any) -> m.TableInfo:
        body = m.CreateTableBody(game=game, players=players, **settings)
        return (await self.request(m.CreateTable(body=body))).body  # type: ignore[attr-defined,return-value]

    async def list_tables(
        self, game: str | None = None, status: str | None = None, pages: int = 10
    ) -> list[m.TableInfo]:
        """The listed tables (oldest first), following up to ``pages`` of the server's pages."""
        tables: list[m.TableInfo] = []
        after = None
        for _ in range(pages):
            body = m.ListTablesBody(game=game, status=status, after=after)  # type: ignore[arg-type]
            rep = await self.request(m.ListTables(body=body))
            tables += rep.body.tables  # type: ignore[attr-defined]
            after = rep.body.next  # type: ignore[attr-defined]
            if after is None:
                break
        return tables

    async def join(
        self, table: str, seat: int | None = None, nonce: str | None = None
    ) -> m.JoinedBody:
        """Take a seat, committing to this seat's contribution to the seed: ``nonce``, or 16
        random bytes drawn here, revealed when the game master asks (docs/PROTOCOL.md "Fair
        deals")."""
        nonce, commitment = self.commit(nonce)
        body = m.JoinBody(table=table, seat=seat, nonce_commitment=commitment)
        rep = await self.request(m.Join(body=body))
        f = self.feed(table)
        f.joined, f.nonce = rep.body, nonce  # type: ignore[attr-defined]
        return rep.body  # type: ignore[attr-defined,return-value]

    async def resume(self, table: str, token: str, version: int = -1) -> m.JoinedBody:
        self.feed(table).last_seq = None  # a table read back after a restart counts anew
        rep = await self.request(
            m.Resume(body=m.ResumeBody(table=table, token=token, version=version))
        )
        f = self.feed(table)
        f.joined = rep.body  # type: ignore[attr-defined]
        f.moved_at = -1
        return rep.body  # type: ignore[attr-defined,return-value]

    async def watch(self, table: str, version: int = -1) -> None:
        self.feed(table).last_seq = None  # a table read back from the store counts anew
        await self.request(m.Watch(body=m.WatchBody(table=table, version=version)))

    async def leave(self, table: str) -> None:
        await self.request(m.Leave(body=m.TableBody(table=table)))

    async def start(self, table: str) -> None:
        await self.request(m.Start(body=m.TableBody(table=table)))

    async def rematch(self, table: str, nonce: str | None = None) -> None:
        """Vote for a rematch, committing to this seat's nonce for it (drawn here if not
        given)."""
        nonce, commitment = self.commit(nonce)
        body = m.RematchVoteBody(table=table, nonce_commitment=commitment)
        await self.request(m.Rematch(body=body))
        self.feed(table).rematch_nonce = nonce

    async def ping(self) -> None:
        await self.request(m.Ping())

    async def move(self, table: str, version: int, move: Any) -> m.UpdateBody:
        """Play ``move`` (a move Struct or its dict) chosen on state ``version``."""
        data = move if isinstance(move, dict) else msgspec.to_builtins(move)
        t0 = time.perf_counter()
        rep = await self.request(m.Move(body=m.MoveBody(table=table, version=version, move=data)))
        dt = time.perf_counter() - t0
        self.latencies.append(dt)
        if self.on_move is not None:
            self.on_move(dt)
        return rep.body  # type: ignore[attr-defined,return-value]

    async def hint(self, table: str) -> m.AdviceBody:
        """The game master's advice for our seat: the heuristic's move and why (our turn only)."""
        rep = await self.request(m.Hint(body=m.TableBody(table=table)))
        return rep.body  # type: ignore[attr-defined,return-value]

    async def play(self, table: str, choose: Chooser, timeout: float = 120) -> m.GameOverBody:
        """Play this client's seat until the game ends: on each turn, ``choose(update)`` gives
        the move. Stale-state refusals (a time-out overtook us) are retried on the new state."""
        f = self.feed(table)
        while True:
            if f.over is not None:
                return f.over
            if self.closed.is_set():
                raise ConnectionError("connection closed during the game")
            u = f.update
            if u is not None and u.legal and u.turn == u.seat and u.version != f.moved_at:
                f.moved_at = u.version
                try:
                    await self.move(table, u.version, choose(u))
                except ClientError as e:
                    if e.code not in ("table.stale_state", "game.not_your_turn", "game.game_over"):
                        raise
                continue
            await f.wait(timeout)


def new_nonce() -> str:
    """A seat's contribution to the seed: 16 random bytes as 32 hex digits."""
    return secrets.token_hex(16)


def nonce_commitment(nonce: str) -> str:
    """What a seat sends instead of its nonce: ``sha256("atout-nonce:" + nonce)``."""
    return hashlib.sha256(f"atout-nonce:{nonce}".encode()).hexdigest()


def check_deal(
    over: m.GameOverBody,
    seat: int | None = None,
    nonce: str | None = None,
    revealed_to: list[str | None] | None = None,
) -> list[str]:
    """What is wrong with the deal ``game_over`` reveals (empty: it is fair).

    Checks the secret against the commitment, every nonce against its seat's commitment, the
    seed against the secret and the nonces, and, given this client's ``seat`` and ``nonce``,
    that its own nonce was used; given ``revealed_to`` (``TableFeed.revealed_to``), that the
    seats' commitments are the ones this client revealed against. A table of format 1 (no
    secret) is checked by the old rule: sha256("atout-seed:" + seed) = commitment."""
    if over.secret is None:
        old = hashlib.sha256(f"atout-seed:{over.seed}".encode()).hexdigest()
        return [] if old == over.commitment else ["the seed does not match the commitment"]
    problems = []
    if hashlib.sha256(f"atout-secret:{over.secret}".encode()).hexdigest() != over.commitment:
        problems.append("the secret does not match the commitment")
    text = "atout-seed/2:" + ":".join([over.secret, *over.nonces])
    if hashlib.sha256(text.encode()).hexdigest() != over.seed:
        problems.append("the seed is not the one the secret and the nonces give")
    for i, (n, c) in enumerate(zip(over.nonces, over.commitments, strict=False)):
        if c is not None and nonce_commitment(n) != c:
            problems.append(f"seat {i}'s nonce does not match its commitment")
        elif c is None and n != _fixed_nonce(over.secret, i):  # a bot's, or a seat's trusting
            problems.append(f"seat {i}'s nonce is not the one the game master's secret fixes")
    if revealed_to is not None and over.commitments != revealed_to:
        problems.append("the seats' commitments are not the ones this client revealed against")
    mine = over.nonces[seat] if seat is not None and 0 <= seat < len(over.nonces) else None
    if seat is not None and nonce is not None and mine != nonce:
        problems.append(f"seat {seat}'s nonce is not the one this client gave")
    return problems


def _fixed_nonce(secret: str, seat: int) -> str:
    """The nonce of a seat without a commitment: the game master's, fixed by its secret (so
    that it could not be ground after the players' reveals)."""
    return hashlib.sha256(f"atout-bot-nonce:{secret}:{seat}".encode()).hexdigest()[:32]


def _retrieve(fut: asyncio.Future[Any]) -> None:
    """Mark a failed request's exception as seen (its waiter may have timed out already)."""
    if not fut.cancelled():
        fut.exception()


def bot_chooser(game: Game[Any], bot: Bot) -> Chooser:
    """A chooser that asks an :mod:`atout.bots` bot, on the seat's view and legal moves only."""

    def choose(u: m.UpdateBody) -> Any:
        legal = [game.parse_move(x) for x in u.legal or ()]
        return bot.choose(game, u.view, legal)

    return choose
