"""Run a real game master on a loopback socket for end-to-end tests."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
from collections.abc import AsyncIterator, Callable
from typing import Any

from atout.server.core.leak import strings
from atout.server.shell.ws import Server, Shell, start

CODE = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9AJQK])[CDHS](?:#\d)?(?![A-Za-z0-9])|JK\d(?:#\d)?")


@contextlib.asynccontextmanager
async def served(**options: Any) -> AsyncIterator[Server]:
    """A game master on loopback (``options``: :func:`~atout.server.shell.ws.start`'s); fails the test
    on anything that reached asyncio's exception handler or was logged as an error (a
    traceback), the callbacks its close scheduled included."""
    loop = asyncio.get_running_loop()
    problems: list[Any] = []
    loop.set_exception_handler(lambda _loop, ctx: problems.append(ctx))
    errors: list[logging.LogRecord] = []
    handler = logging.Handler(logging.ERROR)
    handler.emit = errors.append  # type: ignore[method-assign]
    logging.getLogger().addHandler(handler)
    server = await start("127.0.0.1", 0, **options)
    try:
        yield server
    finally:
        await server.close()
        await until(lambda: server.shell._password_jobs == 0, "the password jobs' callbacks")
        logging.getLogger().removeHandler(handler)
        assert not problems, problems
        assert not errors, [r.getMessage() for r in errors]


async def until(check: Callable[[], Any], what: str, seconds: float = 10.0) -> None:
    """Wait for ``check()`` to hold (polled every 10 ms), failing after ``seconds``."""
    for _ in range(int(seconds / 0.01)):
        if check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"not in time: {what}")


async def http(
    port: int, raw: bytes, source: str = "127.0.0.1"
) -> tuple[int | None, dict[str, str], bytes]:
    """One HTTP request from ``source`` (a loopback address): (status, headers, body); a
    repeated header (Set-Cookie) has its values one per line; status None: closed unanswered."""
    r, w = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    w.write(raw)
    await w.drain()
    data = await asyncio.wait_for(r.read(), 30)
    w.close()
    if not data:
        return None, {}, b""
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers: dict[str, str] = {}
    for line in lines[1:]:
        k, _, v = line.partition(":")
        k = k.strip().lower()
        headers[k] = f"{headers[k]}\n{v.strip()}" if k in headers else v.strip()
    return int(lines[0].split(" ")[1]), headers, body


def post(path: str, body: Any, extra: str = "") -> bytes:
    """A JSON POST request (``extra``: more header lines, each ending in CRLF)."""
    data = json.dumps(body).encode()
    return (
        f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(data)}\r\n{extra}\r\n"
    ).encode() + data


@contextlib.asynccontextmanager
async def running(
    db: str | None = None, leak_guard: bool = False
) -> AsyncIterator[tuple[Shell, str]]:
    server = await start("127.0.0.1", 0, db, leak_guard=leak_guard)
    try:
        yield server.shell, server.url
    finally:
        await server.close()


def card_mentions(obj: Any) -> set[str]:
    """Every card code a JSON value names, as a value or inside a sentence."""
    found: set[str] = set()
    for s in strings(obj):
        found.update(CODE.findall(s))
    return found
