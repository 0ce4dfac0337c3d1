"""The bus between game master nodes: one Redis pub/sub channel per node (redis-py's asyncio
client). A node reads its own channel and publishes to the others'; what it publishes leaves in
order (one writer task, one pipeline per batch), so the frames of one connection arrive in the
order they were sent. Redis tells how many subscribers got each message: none means the node
is not listening (stopped or dead), and the sender is told (:attr:`Bus.undelivered`).

Redis holds nothing here: a message published while its node is away is lost, and the nodes
never rely on it for anything durable (that is PostgreSQL's job).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Callable
from urllib.parse import urlparse

log = logging.getLogger("atout.server.nodes.bus")
RETRY = 0.1  # seconds before the first try to subscribe again once Redis is lost
RETRY_MAX = 2.0  # the wait doubles after each failed try, up to this (plus up to 25% jitter)


class Bus:
    """One node's end of the bus. Call :meth:`start` in the loop, :meth:`send` from anywhere in
    it, :meth:`close` at the end. ``on_message(payload)`` gets each message of this node's
    channel; ``undelivered(node, payload)`` each message no subscriber received."""

    def __init__(
        self,
        url: str,
        node: str,
        on_message: Callable[[bytes], None],
        undelivered: Callable[[str, bytes], None],
        on_up: Callable[[bool], None] | None = None,
    ) -> None:
        import redis.asyncio as aioredis
        from redis.asyncio.retry import Retry
        from redis.backoff import NoBackoff

        self.url = url
        self.node = node
        # pub/sub channels are shared by a server's databases: the database number keeps the
        # clusters of one Redis apart (the tests use one database each)
        db = (urlparse(url).path or "/0").strip("/") or "0"
        self.prefix = f"atout:{db}:node:"
        # one immediate retry: a pooled connection to a Redis that restarted is stale once
        self.redis = aioredis.Redis.from_url(url, retry=Retry(NoBackoff(), 1))
        self.on_message = on_message
        self.undelivered = undelivered
        self._queue: list[tuple[str, bytes]] = []
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._busy = False  # a batch is being published
        self.sent = 0
        self.received = 0
        self.on_up = on_up  # told when up changes
        self._up = False
        self.subscriptions = 0  # how many times this node subscribed (more than once: it broke)

    @property
    def up(self) -> bool:
        """Whether the last exchange with Redis worked."""
        return self._up

    @up.setter
    def up(self, value: bool) -> None:
        if value != self._up:
            self._up = value
            if self.on_up is not None:
                self.on_up(value)

    async def start(self) -> None:
        self.pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await self.pubsub.subscribe(self.prefix + self.node)
        self.up = True
        self.subscriptions = 1
        self._tasks = [
            asyncio.create_task(self._read(), name=f"bus-read-{self.node}"),
            asyncio.create_task(self._write(), name=f"bus-write-{self.node}"),
        ]

    def send(self, node: str, payload: bytes) -> None:
        """Publish ``payload`` to ``node`` (soon, in order with what was sent before)."""
        self._queue.append((node, payload))
        self._wake.set()

    async def drain(self, timeout: float = 1.0) -> None:
        """Wait until what was sent so far has been published (or ``timeout``)."""
        end = asyncio.get_running_loop().time() + timeout
        while (self._queue or self._busy) and asyncio.get_running_loop().time() < end:
            await asyncio.sleep(0.005)

    async def _write(self) -> None:
        while True:
            self._busy = False
            await self._wake.wait()
            self._wake.clear()
            batch, self._queue = self._queue, []
            if not batch:
                continue
            self._busy = True
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for node, payload in batch:
                        pipe.publish(self.prefix + node, payload)
                    got = await pipe.execute()
                self.up = True
            except Exception as e:  # Redis away: every message of the batch is undelivered
                if self.up:
                    log.warning("bus: cannot publish to Redis (%s)", e)
                self.up = False
                got = [0] * len(batch)
            self.sent += len(batch)
            for (node, payload), n in zip(batch, got, strict=True):
                if not n:
                    self.undelivered(node, payload)

    async def _read(self) -> None:
        while True:
            try:
                async for msg in self.pubsub.listen():
                    self.received += 1
                    try:
                        self.on_message(msg["data"])
                    except Exception:
                        log.exception("bus: a message could not be handled")
                # listen() ends at once, without awaiting anything, when the PubSub holds no
                # subscription (one whose subscribe failed): looping on it held the event loop
                # for good once Redis had gone (every node froze, SIGTERM ignored)
                raise ConnectionError("not subscribed")
            except asyncio.CancelledError:
                raise
            except Exception as e:  # Redis away: subscribe again when it is back
                if self.up:
                    log.warning("bus: lost Redis (%s); subscribing again", e)
                self.up = False
                await self._resubscribe()

    async def _resubscribe(self) -> None:
        """A new subscription once Redis answers again, tried with a backoff from
        :data:`RETRY` to :data:`RETRY_MAX` seconds: the loop is never held meanwhile, and a
        Redis coming back is not met by every node at the same instant."""
        wait = RETRY
        while True:
            await asyncio.sleep(wait * (1 + random.random() / 4))
            wait = min(RETRY_MAX, wait * 2)
            with contextlib.suppress(Exception):
                await self.pubsub.aclose()
            try:
                self.pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
                await asyncio.wait_for(self.pubsub.subscribe(self.prefix + self.node), 2.0)
            except asyncio.CancelledError:
                raise
            except Exception:
                continue
            self.up = True
            self.subscriptions += 1
            log.warning("bus: subscribed to Redis again")
            return

    async def close(self) -> None:
        for t in self._tasks:
            t.cancel()
        for t in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t
        with contextlib.suppress(Exception):
            await self.pubsub.aclose()
        with contextlib.suppress(Exception):
            await self.redis.aclose()
