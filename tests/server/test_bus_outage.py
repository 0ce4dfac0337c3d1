"""The bus survives Redis going away (issue 28): with Redis SIGKILLed, a node's event loop keeps
turning (it used to spin for good in Bus._read: every node froze, /health timed out, SIGTERM was
ignored), and once Redis is back on its port the node is subscribed again and gets messages."""

from __future__ import annotations

import asyncio
import threading
import time

import redis
from tests.server.rediscluster import RedisServer
from tests.server.test_cluster_outages import killable

from atout.server.nodes.bus import Bus


def _until(check, seconds: float, what: str) -> None:
    end = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < end, f"not in time: {what}"
        time.sleep(0.02)


def test_a_redis_outage_never_holds_the_loop_and_the_bus_resubscribes() -> None:
    server = killable(RedisServer())
    got: list[bytes] = []
    ticks = [0]
    loop = asyncio.new_event_loop()
    stop = threading.Event()

    async def node() -> None:
        bus = Bus(server.url, "n1", got.append, lambda _n, _p: None)
        await bus.start()
        try:
            while not stop.is_set():
                ticks[0] += 1  # the loop turns
                await asyncio.sleep(0.01)
        finally:
            await bus.close()

    thread = threading.Thread(target=lambda: loop.run_until_complete(node()), daemon=True)
    thread.start()
    try:
        publisher = redis.Redis.from_url(server.url)
        _until(lambda: publisher.publish("atout:0:node:n1", b"before") == 1, 10, "subscribed")
        _until(lambda: got == [b"before"], 10, "the first message")
        server.proc.kill()  # SIGKILL
        server.proc.wait()
        seen = ticks[0]
        _until(lambda: ticks[0] > seen + 100, 10, "the loop turning while Redis is away")
        server.restart()
        seen = ticks[0]
        _until(lambda: ticks[0] > seen + 50, 10, "the loop turning while Redis comes back")
        publisher = redis.Redis.from_url(server.url)
        _until(lambda: publisher.publish("atout:0:node:n1", b"after") == 1, 15, "resubscribed")
        _until(lambda: got[-1:] == [b"after"], 10, "a message after the outage")
    finally:
        stop.set()
        thread.join(10)
        assert not thread.is_alive(), "the node's loop never stopped"
        server.stop()
