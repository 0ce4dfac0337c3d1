"""The async Python client of the atout game master, used by bots, the terminal client and tests.

Typical use::

    async with await Client.connect("ws://127.0.0.1:8000/ws", "ann") as c:
        info = await c.create_table("q2j", players=2, bots=[1])
        seat = await c.join(info.table)
        over = await c.play(info.table, bot_chooser(get_game("q2j"), make_bot("random", 1)))

Several nodes of one game master (``atout serve --node``) may be given: ``Client.connect`` takes a
list of addresses (or one string of them separated by commas), tries them in turn and keeps the
list, so that :meth:`Client.reconnect` tries the others first when its node goes away.

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
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.uri import parse_uri

from atout.bots import Bot
from atout.games.base import AtoutError, Game
from atout.protocol import messages as m
from atout.protocol.codec import decode_server, encode

log = logging.getLogger("atout.client")
Chooser = Callable[[m.UpdateBody], Any]
RATE_RETRIES = 5  # times a command refused with a retry_after (nothing done) is sent again
#: Refusals after which nothing was done and the server says when to send again: the rate limit,
#: a table whose node cannot be reached just now, saving paused.
RETRIED = ("limit.rate", "node.unavailable", "store.unavailable")
#: The most seconds a silent node (frozen, paused, cut off) goes unnoticed: a ping every 2/5 of
#: it, 2/5 for its pong, then 1/5 for the closing handshake that will not come.
KEEPALIVE = 10.0
#: Why a connection attempt moves on to the next address: nothing listens there (the node is
#: down), it refuses or is busy (an HTTP answer such as 503), or it does not answer in time.
UNREACHABLE: tuple[type[BaseException], ...] = (OSError, TimeoutError, InvalidHandshake)
#: Refusals that say a table is on its way to another node (or its database is away), nothing
#: done: connect again (another address first) and resume, as when the node dies.
MOVING = ("table.moved", "node.unavailable", "store.unavailable")


#: Nonces a program keeps for tables that have not dealt yet (a long-running bot process commits
#: to one per seat it takes; those of tables that never deal are forgotten, oldest first).
NONCES_KEPT = 4096


class ClientError(AtoutError):
    """The game master refused a request (``code`` as in docs/PROTOCOL.md)."""

    def __init__(self, body: m.ErrorBody) -> None:
        super().__init__(body.code, body.message, body.message_fr)
        self.detail = body.detail


class Unreachable(ConnectionError):
    """None of the addresses answered; ``errors`` holds each one's error, in the order tried."""

    def __init__(self, errors: list[tuple[str, BaseException]]) -> None:
        self.errors = errors
        super().__init__("; ".join(f"{url}: {_why(e)}" for url, e in errors))


def _why(e: BaseException) -> str:
    if isinstance(e, ConnectionRefusedError):
        return "connection refused"
    if isinstance(e, OSError) and e.strerror:
        return e.strerror
    return str(e) or type(e).__name__


def addresses(url: str | Sequence[str]) -> list[str]:
    """The node addresses ``url`` names: one, several separated by commas, or a sequence of
    them. Each is checked (``ws://`` or ``wss://``): a typo raises :class:`InvalidURI` at once
    rather than being skipped as a node that is down."""
    items = [url] if isinstance(url, str) else list(url)
    found = [u.strip() for item in items for u in item.split(",") if u.strip()]
    if not found:
        raise InvalidURI(str(url), "no address given")
    for u in found:
        parse_uri(u)
    return found


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
        self.urls: list[str] = []  # the addresses given to connect, and the one reached
        self.index = 0
        self._settings: dict[str, Any] = {}  # connect's keyword arguments, for reconnect
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
        url: str | Sequence[str],
        name: str,
        *,
        start: int = 0,
        lang: str = "en",
        texts: bool = False,
        record: list[bytes] | None = None,
        open_timeout: float = 30,
        keepalive: float | None = KEEPALIVE,
    ) -> Client:
        """Open the socket and do the versioned handshake. ``record`` collects raw frames.

        ``url``: one address, several separated by commas, or a sequence of them (the nodes of
        one game master). They are tried in turn from the ``start``-th (wrapping round); an
        address that is down, refuses, is busy or does not answer within ``open_timeout``
        seconds is passed over. When none answers, the error of the only address is raised, or
        :class:`Unreachable` naming each one's. A malformed address raises :class:`InvalidURI`.

        ``keepalive``: the most seconds a game master that stopped answering (frozen, paused,
        cut off) goes unnoticed: the client pings it every 2/5 of that, closes when a pong is
        2/5 late and waits 1/5 for the closing, rather than waiting for ever (None: no pings).
        The closed client's requests and feeds are woken; reconnect then."""
        urls = addresses(url)
        settings = dict(lang=lang, texts=texts, open_timeout=open_timeout, keepalive=keepalive)
        errors: list[tuple[str, BaseException]] = []
        for i in range(len(urls)):
            index = (start + i) % len(urls)
            try:
                self = await cls._open(urls[index], name, record, **settings)
            except UNREACHABLE as e:
                log.info("%s: %s, trying the next address", urls[index], _why(e))
                errors.append((urls[index], e))
                continue
            self.urls, self.index, self._settings = urls, index, settings
            return self
        if len(errors) == 1:
            raise errors[0][1]
        raise Unreachable(errors)

    @classmethod
    async def _open(
        cls,
        url: str,
        name: str,
        record: list[bytes] | None,
        *,
        lang: str,
        texts: bool,
        open_timeout: float,
        keepalive: float | None,
    ) -> Client:
        """One address: the socket, then the handshake (a node that closes or stays silent
        before it welcomes us counts as unreachable too)."""
        beat = None if keepalive is None else keepalive * 0.4
        ws = await connect(
            url,
            compression=None,
            max_size=None,
            ping_interval=beat,
            ping_timeout=beat,
            close_timeout=10.0 if keepalive is None else keepalive * 0.2,
            open_timeout=open_timeout,
        )
        self = cls(ws, name, record)
        hello = m.HelloBody(
            versions=list(m.SUPPORTED_VERSIONS),
            name=name,
            lang=lang,
            texts=texts,  # type: ignore[arg-type]
        )
        try:
            rep = await self.request(m.Hello(body=hello), timeout=open_timeout)
        except BaseException as e:
            await self.close()
            if isinstance(e, ConnectionClosed):
                raise ConnectionError(f"closed before the welcome: {e}") from e
            raise
        self.welcome = rep.body  # type: ignore[attr-defined]
        return self

    @property
    def url(self) -> str:
        """The address this connection reached."""
        return self.urls[self.index] if self.urls else ""

    async def reconnect(self, name: str | None = None) -> Client:
        """A new connection with this one's settings, the other addresses tried first and this
        one last (it just went away). Seats are not taken back here: resume them with their
        tokens. Raises as :meth:`connect` does."""
        await self.close()
        return await type(self).connect(
            self.urls,
            name or self.name,
            start=self.index + 1,
            record=self.record,
            **self._settings,
        )

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

        A command refused with nothing done and a ``retry_after`` (:data:`RETRIED`: the rate
        limit, a table moving between nodes, saving paused) is sent again after that many
        seconds, a few times."""
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
            if rep.body.code not in RETRIED or attempt == RATE_RETRIES or wait is None:
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
