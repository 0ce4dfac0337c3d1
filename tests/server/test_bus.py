"""The Redis server of the tests is real: a throwaway one on loopback, reached with redis-py."""

from __future__ import annotations

import redis


def test_redis_server_answers(redis_url: str) -> None:
    with redis.Redis.from_url(redis_url) as r:
        r.set("k", "v")
        assert r.get("k") == b"v"
        assert r.config_get("save")["save"] == ""  # no persistence
