"""A game master and a static-file server for the browser tests, in one background thread.

The game master is the real one (:func:`atout.server.shell.ws.start`: store in memory, leak
guard on); the page's files come from :func:`atout.web.static_file` on a second port, and the
page finds the game master through ``?ws=``. Once ws.py serves the files itself, the same page
works from the game master's own port.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import threading
from typing import Any

from atout.server.core.limits import Limits
from atout.server.core.router import Core
from atout.server.shell.ws import start
from atout.web import static_file


async def _static(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """Answers one GET with static_file (HTTP/1.1, one request per connection)."""
    try:
        head = await reader.readuntil(b"\r\n\r\n")
        method, target, _ = head.split(b"\r\n", 1)[0].decode("latin-1").split(" ", 2)
        found = static_file(target.split("?", 1)[0]) if method in ("GET", "HEAD") else None
        if found is None:
            body, kind, status = b"Not found\n", "text/plain", "404 Not Found"
        else:
            (body, kind), status = found, "200 OK"
        writer.write(
            (
                f"HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {len(body)}\r\n"
                "Cache-Control: no-cache\r\nConnection: close\r\n\r\n"
            ).encode()
            + (body if method == "GET" else b"")
        )
        await writer.drain()
    except (asyncio.IncompleteReadError, ConnectionError, ValueError):
        pass
    finally:
        writer.close()


class Servers:
    """Start with :meth:`start` (or as a context manager): ``page_url`` opens the browser client
    connected to the game master ``ws_url``; ``core`` is the game master's core (for checks)."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed  # entropy for deals, ids and tokens: None is os.urandom
        self.core: Core | None = None
        self.ws_url = ""
        self.http_url = ""
        self.gm_http_url = ""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._main, name="atout-web-servers", daemon=True)
        self._error: BaseException | None = None

    @property
    def page_url(self) -> str:
        return f"{self.http_url}/?ws={self.ws_url}"

    def start(self) -> Servers:
        self._thread.start()
        self._ready.wait(30)
        if self._error is not None:
            raise self._error
        return self

    def stop(self) -> None:
        if self._loop is not None and self._stop is not None:
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(10)

    def __enter__(self) -> Servers:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def call(self, fn: Any) -> Any:
        """Runs ``fn()`` on the servers' loop (the core is not thread-safe) and returns its value."""
        assert self._loop is not None

        async def run() -> Any:
            return fn()

        return asyncio.run_coroutine_threadsafe(run(), self._loop).result(10)

    def _main(self) -> None:
        try:
            asyncio.run(self._serve())
        except BaseException as e:
            self._error = e
            self._ready.set()

    async def _serve(self) -> None:
        entropy = os.urandom if self.seed is None else random.Random(self.seed).randbytes
        static = await asyncio.start_server(_static, "127.0.0.1", 0)
        self.http_url = f"http://127.0.0.1:{static.sockets[0].getsockname()[1]}"
        # the page served by the static server is another origin (another port): allowed by
        # name, as an operator would with --allow-origin
        limits = Limits(allow_origins=(self.http_url,))
        server = await start("127.0.0.1", 0, entropy=entropy, leak_guard=True, limits=limits)
        gm_port = server.port
        self.core = server.core
        self.shell = server.shell
        self.ws_url = f"ws://127.0.0.1:{gm_port}/ws"
        self.gm_http_url = f"http://127.0.0.1:{gm_port}"
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        self._ready.set()
        try:
            await self._stop.wait()
        finally:
            static.close()
            await server.close()
