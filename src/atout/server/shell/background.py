"""A server on an asyncio loop of its own, in a daemon thread, for a caller that is not async:
``atout play`` without ``--url`` (:class:`atout.tui.session.LocalServer`), or a test's servers."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable, Coroutine
from typing import Any


class Background:
    """Runs ``serve()`` on a loop of its own in a daemon thread named ``name``.

    ``serve`` starts what it serves, then awaits :meth:`serving` and closes it after. Call
    :meth:`start` (it returns once ``serve`` awaits :meth:`serving`, or raises what stopped it
    before), then :meth:`stop`; :meth:`call` runs a function on the loop meanwhile."""

    def __init__(self, serve: Callable[[], Coroutine[Any, Any, None]], name: str) -> None:
        self._serve = serve
        self._thread = threading.Thread(target=self._main, name=name, daemon=True)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None

    def start(self, timeout: float = 30) -> None:
        self._thread.start()
        self._ready.wait(timeout)
        if self._error is not None:
            raise self._error

    def stop(self, timeout: float = 10) -> None:
        if self._loop is not None and self._stop is not None:
            with contextlib.suppress(RuntimeError):  # the loop already ended
                self._loop.call_soon_threadsafe(self._stop.set)
        if self._thread.is_alive():
            self._thread.join(timeout)

    def call(self, fn: Callable[[], Any], timeout: float = 10) -> Any:
        """``fn()`` run on the server's loop (what it serves is not thread-safe); its value."""
        assert self._loop is not None, "start() first"

        async def run() -> Any:
            return fn()

        return asyncio.run_coroutine_threadsafe(run(), self._loop).result(timeout)

    async def serving(self) -> None:
        """Awaited by ``serve`` once it serves: :meth:`start` returns, and this returns when
        :meth:`stop` is called."""
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        self._ready.set()
        await self._stop.wait()

    def _main(self) -> None:
        try:
            asyncio.run(self._serve())
        except BaseException as e:  # told to start() when it happens before serving
            self._error = e
            self._ready.set()
