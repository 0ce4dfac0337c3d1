"""Run a real game master on a loopback socket for end-to-end tests."""

from __future__ import annotations

import contextlib
import re
from collections.abc import AsyncIterator
from typing import Any

from atout.server.members import strings
from atout.server.ws import Shell, start

CODE = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9AJQK])[CDHS](?:#\d)?(?![A-Za-z0-9])|JK\d(?:#\d)?")


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
