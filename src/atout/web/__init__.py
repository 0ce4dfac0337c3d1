"""The browser client: static files the game master serves at ``/`` and ``/static/...``.

Plain JavaScript modules, no build step and nothing fetched from elsewhere: the page opens a
WebSocket to the same host's ``/ws`` (or to ``?ws=ws://HOST:PORT/ws``) and speaks the protocol of
docs/PROTOCOL.md. :func:`static_file` is the only thing the server needs: a pure lookup from a
request path to the file's bytes and content type.
"""

from __future__ import annotations

import re
from importlib import resources

CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".json": "application/json",
}
# One path segment: a plain file name (no "..", no hidden files, no escapes or separators).
_SEGMENT = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}")
# The page's own routes: an invitation, a replay, a leaderboard, a player page.
_PAGE = re.compile(r"/(?:t|replay|leaderboard|players)/[^/]{1,100}/?")


def static_file(path: str) -> tuple[bytes, str] | None:
    """The body and content type served for ``path`` (``/`` and the page's routes ``/t/ID``,
    ``/replay/ID``, ``/leaderboard/GAME``, ``/players/NAME``; ``/static/NAME``; ``/rules/NAME``,
    the same as ``/static/rules/NAME``), or None.

    ``path`` is the request path without its query string. Only files of this package with a
    known web suffix are served; anything else, ``..`` included, is None (answer 404).
    """
    if path in ("/", "/index.html") or _PAGE.fullmatch(path):
        return _read("index.html")  # the page routes these paths itself
    if path.startswith("/rules/"):  # the rules pages (scripts/build_rules.py), short URLs
        path = "/static" + path
    if not path.startswith("/static/"):
        return None
    parts = path[len("/static/") :].split("/")
    if not all(_SEGMENT.fullmatch(p) and ".." not in p for p in parts):
        return None
    return _read("/".join(parts))


_CACHE: dict[str, tuple[bytes, str]] = {}


def _read(name: str) -> tuple[bytes, str] | None:
    """The file ``name`` of this package, read once (only files found are kept, so requests
    for made-up names cannot grow the cache)."""
    hit = _CACHE.get(name)
    if hit is not None:
        return hit
    dot = name.rfind(".")
    kind = CONTENT_TYPES.get(name[dot:]) if dot > 0 else None
    if kind is None:
        return None
    node = resources.files(__name__)
    for part in name.split("/"):
        node = node.joinpath(part)
    if not node.is_file():
        return None
    hit = _CACHE[name] = (node.read_bytes(), kind)
    return hit
