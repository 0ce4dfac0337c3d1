"""The seated bots' searches, run by the shell off the event loop: each
:class:`~atout.server.seated.Search` the core hands out goes to a worker process, and its answer
comes back on the loop (the core then plays it, if its table is still where the search began).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from concurrent.futures import Executor, Future
from functools import partial
from typing import Any

from atout.bots.pool import new_pool
from atout.server.seated import Search


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
        if self.pool is None:
            self.pool = new_pool(self.workers)
        for s in searches:
            fn, args = s.job
            job = self.pool.submit(fn, *args)
            job.add_done_callback(partial(self._back, s))

    def _back(self, s: Search, job: Future[Any]) -> None:
        """In the pool's thread: hand the job to the loop (unless it is closed)."""
        with contextlib.suppress(RuntimeError):  # the loop is closed: the server stopped
            self.loop.call_soon_threadsafe(self.done, s, job)

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None
