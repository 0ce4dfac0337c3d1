"""The terminal client's network side: one connection, one table, a model after every change.

The app runs :meth:`Session.run` in a Textual worker and calls :meth:`Session.play` and
:meth:`Session.hint` when the player asks; the session answers by calling ``on_model`` with a
fresh :class:`~atout.tui.model.Model`. It only ever sends a move the server listed as legal, on
the version it was listed for, once. When its node goes away mid-game it connects again (the
other addresses of ``--url`` first) and takes its seat back with its token.
"""

from __future__ import annotations

import asyncio
import shutil
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import msgspec
from websockets.exceptions import ConnectionClosed

from atout.bots.levels import DEFAULT_LEVEL
from atout.client import MOVING, UNREACHABLE, Client, ClientError, TableFeed
from atout.games import get_game
from atout.games.base import Game, ViewSpec
from atout.protocol import messages as m
from atout.server.shell.background import Background
from atout.tui.i18n import tr
from atout.tui.model import Model, Stage, event_text, move_label, seats_of


@dataclass
class PlayOptions:
    """What ``atout play`` was asked to do."""

    url: str  # one address, or several (the nodes of one game master) separated by commas
    game: str = "q2j"
    players: int = 3
    bots: list[int] = field(default_factory=lambda: [1, 2])
    bot_kind: str = DEFAULT_LEVEL
    bot_delay: float = 0.6
    options: dict[str, Any] = field(default_factory=dict)
    name: str = "player"
    lang: str = "en"
    table: str | None = None  # join this table instead of creating one
    watch: str | None = None  # watch this table as a spectator
    hint_kind: str = "heuristic"
    turn_seconds: float = 0.0  # turn time limit of a table this client creates (0: none)
    start: int = 0  # the address tried first (the one ``atout play`` found answering)
    reconnect: float = 60.0  # seconds to find a node again when ours goes away (0: give up)


class Session:
    """Owns the client connection for one table; builds the models the app shows."""

    def __init__(self, opts: PlayOptions, on_model: Callable[[Model], None]) -> None:
        self.opts = opts
        self.on_model = on_model
        self.client: Client | None = None
        self.table: str | None = None
        self.seat: int | None = None
        self.token: str | None = None  # the seat's token: takes it back on another connection
        self.game: Game[Any] | None = None
        self.sent: list[tuple[int, dict[str, Any]]] = []  # (version, move) of every move sent
        self.refusals: list[str] = []  # codes of moves the server refused (should stay empty)
        self._pending: int | None = None  # version a move of ours was sent on
        self._message = ""
        self._hint: tuple[int, str, int | None] | None = None  # (version, text, index)
        self._stage = Stage.CONNECTING
        self._deadline: tuple[int, float] | None = None  # (version, monotonic time it expires)
        self.model = Model(lang=opts.lang, url=opts.url)
        self.specs: dict[str, ViewSpec] = {}  # each game's view spec, from the server's list
        self.levels: dict[str, tuple[str, str]] = {}  # bot level id: (English, French) names

    # -- the worker ------------------------------------------------------------------------
    async def run(self) -> None:
        """Connect, take a seat (or watch), then publish a model after every table event until
        the connection closes. Cancel the worker to leave."""
        o = self.opts
        self.emit()
        try:
            self.client = c = await Client.connect(
                o.url, o.name, start=o.start, lang=o.lang, texts=True
            )
            games = await c.list_games()
            self.specs = {g["id"]: msgspec.convert(g.get("view_spec", {}), ViewSpec) for g in games}
            self.levels = {
                lv["id"]: (lv.get("en", lv["id"]), lv.get("fr", lv["id"]))
                for g in games
                for lv in g.get("bot_levels", [])
            }
            if o.watch:
                self.table = o.watch
                await c.watch(o.watch)
            else:
                if o.table:
                    self.table = o.table
                else:
                    info = await c.create_table(
                        o.game,
                        o.players,
                        bots=o.bots,
                        bot_kind=o.bot_kind,
                        bot_delay=o.bot_delay,
                        options=o.options,
                        turn_seconds=o.turn_seconds,
                    )
                    self.table = info.table
                joined = await c.join(self.table)
                self.seat, self.token = joined.seat, joined.token
            while True:
                c = self.client
                feed = c.feed(self.table)
                if feed.rematch is not None and feed.rematch.new_table != self.table:
                    self._switch(feed.rematch)  # a rematch: the same seats at a new table
                    continue
                if c.closed.is_set() and await self._reconnect(c, feed):
                    continue
                self._stage = self._stage_of(feed)
                self.emit()
                if c.closed.is_set():
                    return
                await feed.wait()
        except Exception as e:  # refused, unreachable, bad URL: say so on screen, not a traceback
            self._stage = Stage.CLOSED
            self._message = _error_text(e, o.lang)
            self.emit()
        finally:
            if self.client is not None:
                await self.client.close()

    async def _reconnect(self, old: Client, feed: TableFeed) -> bool:
        """Our node went away mid-game: connect again, the other addresses first, and take the
        seat back with its token (or watch again), for up to ``reconnect`` seconds. False when
        there is nothing to take back (the game is over, no token) or no node answered."""
        o = self.opts
        if self.table is None or feed.over is not None or o.reconnect <= 0:
            return False
        if self.seat is not None and self.token is None:
            return False
        self._stage = Stage.RECONNECTING
        self.emit()
        deadline = time.monotonic() + o.reconnect
        while True:
            try:
                c = await old.reconnect()
            except UNREACHABLE:
                if time.monotonic() >= deadline:
                    return False
                await asyncio.sleep(0.5)
                continue
            c.feeds[self.table] = feed  # what was shown stays; the catch-up adds what we missed
            version = feed.update.version if feed.update is not None else -1
            try:
                if self.seat is not None:
                    self.token = (await c.resume(self.table, self.token or "", version)).token
                else:
                    await c.watch(self.table, version)
            except (ClientError, ConnectionError, ConnectionClosed, TimeoutError) as e:
                await c.close()
                if isinstance(e, ClientError) and e.code not in MOVING:
                    raise
                if time.monotonic() >= deadline:
                    return False
                old = c  # its address goes last next time
                await asyncio.sleep(0.5)
                continue
            self.client = c
            return True

    def _switch(self, ready: m.RematchReadyBody) -> None:
        self.table = ready.new_table
        if ready.seat is not None:
            self.seat = ready.seat
        if ready.token is not None:
            self.token = ready.token
        self._pending, self._hint, self._message, self._deadline = None, None, "", None

    def _stage_of(self, feed: TableFeed) -> Stage:
        if feed.over is not None:
            return Stage.OVER
        if self.client is not None and self.client.closed.is_set():
            return Stage.CLOSED
        if feed.update is None:
            return Stage.WAITING
        return Stage.PLAYING

    # -- intents from the app -----------------------------------------------------------------
    async def play(self, index: int, version: int) -> None:
        """Play the ``index``-th legal move of state ``version``; anything else is ignored."""
        feed = self._feed()
        u = feed.update if feed is not None else None
        if (
            u is None
            or self.client is None
            or feed is None
            or feed.over is not None
            or self._pending is not None
            or u.version != version
            or u.turn != self.seat
            or u.seat != self.seat
            or not u.legal
            or not 0 <= index < len(u.legal)
        ):
            return
        move = u.legal[index]
        self._pending = version
        self._message = ""
        self._hint = None
        self.emit()
        self.sent.append((version, move))
        try:
            await self.client.move(self.table or "", version, move)
        except ClientError as e:
            self.refusals.append(e.code)
            self._message = tr(self.opts.lang, "error", text=_error_text(e, self.opts.lang))
        except (ConnectionError, OSError, ConnectionClosed) as e:  # the node went away
            self._message = str(e)
        finally:
            self._pending = None
            self.emit()

    async def hint(self) -> None:
        """Ask :mod:`atout.bots.hint` what to play (in a thread: search bots take a while)."""
        cur = self.model
        lang = self.opts.lang
        try:
            from atout.bots.hint import hint as suggest
        except ImportError:
            self._message = tr(lang, "no_hint")
            self.emit()
            return
        if not cur.moves or cur.game is None:
            self._message = tr(lang, "hint_not_now")
            self.emit()
            return
        self._hint = (cur.version, tr(lang, "thinking"), None)
        self.emit()
        try:
            move, why = await asyncio.to_thread(
                suggest, cur.game, cur.view, list(cur.moves), self.opts.hint_kind, cur.version
            )
        except Exception as e:  # a bot that cannot advise here must not end the game
            self._hint = (cur.version, f"{type(e).__name__}: {e}", None)
            self.emit()
            return
        index = next((i for i, x in enumerate(cur.moves) if x == move), None)
        if self.model.version == cur.version:
            self._hint = (cur.version, why.get(lang, why["en"]), index)
            self.emit()

    async def rematch(self) -> None:
        """Ask for a rematch once the game is over; the table switches when everyone agreed."""
        feed = self._feed()
        if self.client is None or feed is None or feed.over is None or self.seat is None:
            return
        asked = self.table
        try:
            await self.client.rematch(self.table or "")
            if self.table == asked:  # not when the rematch already started while we waited
                self._message = tr(self.opts.lang, "rematch_asked")
        except ClientError as e:
            self._message = tr(self.opts.lang, "error", text=_error_text(e, self.opts.lang))
        self.emit()

    # -- models ---------------------------------------------------------------------------------
    def _feed(self) -> TableFeed | None:
        if self.client is None or self.table is None:
            return None
        return self.client.feed(self.table)

    def emit(self) -> None:
        self.model = self.build()
        self.on_model(self.model)

    def build(self) -> Model:
        """The model for what the feed holds now."""
        o = self.opts
        feed = self._feed()
        base = Model(
            lang=o.lang,
            stage=self._stage,
            url=o.url,
            node=self.client.url if self.client is not None else "",
            table=self.table,
            seat=self.seat,
            message=self._message,
        )
        if feed is None:
            return base
        u = feed.update
        game_id = (
            feed.info.game
            if feed.info is not None
            else (u.view.get("game") if u is not None else None)
        )
        if game_id is not None and (self.game is None or self.game.id != game_id):
            self.game = get_game(game_id)
        game = self.game
        log = tuple(event_text(game, e, o.lang) for e in feed.events)
        model = replace(
            base,
            game_id=game_id,
            view_spec=self.specs.get(game_id or "", ViewSpec()),
            levels=self.levels,
            seats=seats_of(feed.info, feed.started),
            log=log,
        )
        if u is None:
            return model
        moves: tuple[Any, ...] = ()
        pending = self._pending is not None
        if (
            game is not None
            and u.legal
            and u.turn == u.seat == self.seat
            and not pending
            and feed.over is None
            and self._stage == Stage.PLAYING  # not while the connection is away
        ):
            moves = tuple(game.parse_move(x) for x in u.legal)
        hint, hint_index = "", None
        if self._hint is not None and self._hint[0] == u.version:
            hint, hint_index = self._hint[1], self._hint[2]
        over = feed.over
        deadline_at = None
        if u.deadline is not None and over is None:
            if self._deadline is None or self._deadline[0] != u.version:
                self._deadline = (u.version, time.monotonic() + u.deadline)
            deadline_at = self._deadline[1]
        return replace(
            model,
            version=u.version,
            turn=u.turn,
            view=u.view,
            moves=moves,
            labels=tuple(move_label(game, x, o.lang) for x in moves) if game else (),
            legal_total=u.legal_total,
            result=over.result if over is not None else None,
            seed=over.seed if over is not None else None,
            commitment=over.commitment if over is not None else None,
            pending=pending,
            hint=hint,
            hint_index=hint_index,
            deadline_at=deadline_at,
        )


def _error_text(e: Exception, lang: str) -> str:
    if isinstance(e, ClientError):
        return f"{e.text(lang)} ({e.code})"
    return str(e) or type(e).__name__


class LocalServer:
    """A game master on a free loopback port, with a temporary database, in its own thread.

    ``atout play`` without ``--url`` uses one so a solo game against bots just works. Use as a
    context manager, or call :meth:`start` (returns the URL) and :meth:`stop`.
    """

    def __init__(self, leak_guard: bool = True) -> None:
        self.leak_guard = leak_guard
        self.url = ""
        self.core: Any = None
        self._dir: str | None = None
        self._thread = Background(self._serve, "atout-local-server")

    def start(self) -> str:
        self._dir = tempfile.mkdtemp(prefix="atout-play-")
        self._thread.start()
        return self.url

    def stop(self) -> None:
        self._thread.stop()
        if self._dir is not None:
            shutil.rmtree(self._dir, ignore_errors=True)

    def __enter__(self) -> LocalServer:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    async def _serve(self) -> None:
        from atout.server.shell.ws import start

        db = str(Path(self._dir or ".") / "atout.db")
        server = await start("127.0.0.1", 0, db, leak_guard=self.leak_guard)
        self.core = server.core
        self.url = server.url
        try:
            await self._thread.serving()
        finally:
            await server.close()
