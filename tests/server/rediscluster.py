"""A throwaway Redis server on loopback for the tests and benchmarks (no mock): Debian's
``redis-server`` on a free port of 127.0.0.1, in a temporary folder, with no persistence (no RDB
snapshot, no append-only file). Or an already running server named by ``ATOUT_TEST_REDIS``.

``python -m tests.server.rediscluster`` starts one and prints its URL until Ctrl-C.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from tests.server.pgcluster import _free_port

ENV = "ATOUT_TEST_REDIS"
INSTALL = "sudo apt-get install redis-server"


class Unavailable(RuntimeError):
    """No Redis to test against (the message says why and how to get one)."""


class RedisServer:
    """A Redis server for the session: :attr:`url` once :meth:`start` returned; :meth:`new_db`
    gives a URL on a database of its own (0–15), emptied."""

    def __init__(self) -> None:
        self.dir: str | None = None
        self.url = os.environ.get(ENV, "")
        self.proc: subprocess.Popen[bytes] | None = None
        self._n = 0

    def start(self) -> RedisServer:
        if self.url:
            self._check()
            return self
        exe = shutil.which("redis-server")
        if not exe:
            raise Unavailable(f"redis-server is not installed (`{INSTALL}`, or set {ENV})")
        self.dir = tempfile.mkdtemp(prefix="atout-redis-")
        port = _free_port()
        self.proc = subprocess.Popen(
            [exe, "--port", str(port), "--bind", "127.0.0.1", "--dir", self.dir,
             "--save", "", "--appendonly", "no", "--daemonize", "no",
             "--logfile", f"{self.dir}/log", "--databases", "16"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        self.url = f"redis://127.0.0.1:{port}"
        self._check()
        return self

    def _check(self) -> None:
        import redis

        deadline = time.monotonic() + 10
        while True:
            try:
                with redis.Redis.from_url(self.url, socket_connect_timeout=3) as r:
                    r.ping()
                return
            except redis.RedisError as e:
                if self.proc is not None and self.proc.poll() is not None:
                    log = Path(f"{self.dir}/log").read_text()[-2000:] if self.dir else ""
                    raise Unavailable(f"redis-server exited ({self.proc.returncode}): {log}") from e
                if time.monotonic() > deadline:
                    raise Unavailable(f"Redis at {self.url} does not answer: {e}") from e
                time.sleep(0.05)

    def restart(self) -> None:
        """redis-server again, on the same port and folder (as a supervisor would restart it
        after a crash: the test killed it)."""
        port = self.url.rsplit(":", 1)[1]
        self.proc = subprocess.Popen(
            [str(shutil.which("redis-server")), "--port", port, "--bind", "127.0.0.1",
             "--dir", str(self.dir), "--save", "", "--appendonly", "no", "--daemonize", "no",
             "--databases", "16", "--logfile", f"{self.dir}/log2"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        self._check()

    def new_db(self) -> str:
        """A URL on an emptied database of the server (16 of them, reused in turn)."""
        import redis

        n = self._n % 16
        self._n += 1
        url = f"{self.url.rstrip('/')}/{n}"
        with redis.Redis.from_url(url) as r:
            r.flushdb()
        return url

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            self.proc = None
        if self.dir is not None:
            shutil.rmtree(self.dir, ignore_errors=True)
            self.dir = None


if __name__ == "__main__":
    server = RedisServer().start()
    print(server.url, flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        while True:
            time.sleep(3600)
    server.stop()
