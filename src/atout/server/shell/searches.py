"""The seated bots' searches, run by the shell off the event loop: each
:class:`~atout.server.core.seated.Search` the core hands out goes to a worker process, and its answer
comes back on the loop (the core then plays it, if its table is still where the search began).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from concurrent.futures import Executor, Future
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import Any

from atout.bots.pool import new_pool
from atout.server.core.seated import Search


class Searches:
    """Worker processes (spawned at the first search) and the way back to the loop."""

    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        workers: int,
        done: Callable[[Search, Future[Any]], None],
    ) -> None:
        self.loop = loop
        self.workers = max(1, workers)
        self.done = done  # called on the loop with the search and its finished job
        self.pool: Executor | None = None

    def start(self, searches: list[Search]) -> None:
        """Submit each search. A pool a dead worker broke is replaced (once); a search that
        still cannot be submitted comes back at once as failed (its table alone is closed)."""
        for s in searches:
            fn, args = s.job
            try:
                job = self._submit(fn, args)
            except (BrokenProcessPool, RuntimeError):
                self._replace()
                try:
                    job = self._submit(fn, args)
                except (BrokenProcessPool, RuntimeError) as e:
                    job = Future()
                    job.set_exception(e)
                    self.loop.call_soon(self._finished, s, job)
                    continue
            job.add_done_callback(partial(self._back, s))

    def _submit(self, fn: Callable[..., Any], args: tuple[Any, ...]) -> Future[Any]:
        if self.pool is None:
            self.pool = new_pool(self.workers)
        return self.pool.submit(fn, *args)

    def _replace(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None

    def _back(self, s: Search, job: Future[Any]) -> None:
        """In the pool's thread: hand the job to the loop (unless it is closed)."""
        with contextlib.suppress(RuntimeError):  # the loop is closed: the server stopped
            self.loop.call_soon_threadsafe(self._finished, s, job)

    def _finished(self, s: Search, job: Future[Any]) -> None:
        """On the loop. A worker that died broke the pool: the next search gets a new one."""
        if not job.cancelled() and isinstance(job.exception(), BrokenProcessPool):
            self._replace()
        self.done(s, job)

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None
