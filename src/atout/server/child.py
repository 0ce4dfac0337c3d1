"""A game master in a child process, as tests, benchmarks and scripts start one: a real
``atout serve`` on a free port, its log in a file (a pipe nobody reads would fill and stall it),
and its address once it listens."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

_LISTENING = re.compile(r"ws://127\.0\.0\.1:(\d+)/ws")


class ServerDidNotStart(RuntimeError):
    pass


def spawn(
    *args: str,
    log: Path | None = None,
    env: dict[str, str] | None = None,
    timeout: float = 30.0,
) -> tuple[subprocess.Popen[bytes], str]:
    """``atout serve --port 0 ARGS`` in a child process and its WebSocket URL
    (``ws://127.0.0.1:PORT/ws``) once it listens; its log goes to ``log`` (a temporary file if
    None). Raises :class:`ServerDidNotStart`, with the log's end, if it stops or stays silent."""
    temporary = log is None
    if log is None:
        fd, name = tempfile.mkstemp(prefix="atout-serve-", suffix=".log")
        os.close(fd)
        log = Path(name)
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "atout.server", "serve", "--port", "0", *args],
            stdout=out,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})},
        )
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = _LISTENING.search(log.read_text(errors="replace"))
        if found:
            if temporary:  # the child keeps writing to it; the name goes now
                log.unlink()
            return proc, found.group(0)
        if proc.poll() is not None:
            break
        time.sleep(0.05)
    proc.kill()
    proc.wait()
    raise ServerDidNotStart(f"atout serve did not start: {log.read_text(errors='replace')[-2000:]}")


def http_url(ws_url: str) -> str:
    """The page's address of the server listening at ``ws_url``: ``http://127.0.0.1:PORT/``."""
    return ws_url.replace("ws://", "http://", 1).removesuffix("ws")
