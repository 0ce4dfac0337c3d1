"""The browser client: static files the game master serves at ``/`` and ``/static/...``.

Plain JavaScript modules, no build step and nothing fetched from elsewhere: the page opens a
WebSocket to the same host's ``/ws`` (or to ``?ws=ws://HOST:PORT/ws``) and speaks the protocol of
docs/PROTOCOL.md. :func:`static_file` is the only thing the server needs: a pure lookup from a
request path to the file's bytes and content type.

The rules pages are the markdown of docs/rules (``rules/`` here is a link to it, so the package
carries the same files), rendered to HTML fragments when first asked for: see :func:`rules_page`.
The page's words are the catalogue's (:mod:`atout.locales`): ``/static/locales/<lang>/page.ftl``,
and ``/static/locales/languages.json`` lists the languages that have them.
"""

from __future__ import annotations

import json
import re
from importlib import resources

from markdown_it import MarkdownIt

from atout import locales
from atout.games import all_games

CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".json": "application/json",
    ".ftl": "text/plain; charset=utf-8",  # Project Fluent's files (the page's words)
}
# The page's icon (a heart, no file to fetch), in index.html too.
ICON = (
    "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Ctext "
    "x='2' y='14' font-size='14' fill='%23b00020'%3E%E2%99%A5%3C/text%3E%3C/svg%3E"
)
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
    if path.startswith("/rules/"):  # the rules pages, short URLs
        page = _RULES_PAGE.fullmatch(path[1:])
        if page is not None and page["short"] is None:
            return _document(page["game"], page["lang"])  # to read on its own: a whole page
        path = "/static" + path
    if not path.startswith("/static/"):
        return None
    parts = path[len("/static/") :].split("/")
    if not all(_SEGMENT.fullmatch(p) and ".." not in p for p in parts):
        return None
    if parts[0] == "locales":
        return _words(parts[1:])
    return _read("/".join(parts))


#: The catalogue's file of the page's words, in each language that has one.
PAGE_WORDS = "page.ftl"


def _words(parts: list[str]) -> tuple[bytes, str] | None:
    """``languages.json`` (the languages the page can speak: each one's code, its name and
    "switch to it", in it, English first) or ``<lang>/<component>.ftl`` of the catalogue."""
    name = "locales/" + "/".join(parts)
    hit = _CACHE.get(name)
    if hit is not None:
        return hit
    if parts == ["languages.json"]:
        langs = [x for x in locales.languages() if (locales.HERE / x / PAGE_WORDS).is_file()]
        said = [
            {
                "lang": x,
                "name": locales.say(x, "page-language-name"),
                "switch": locales.say(x, "page-switch-to"),
            }
            for x in langs
        ]
        body = json.dumps(said, ensure_ascii=False).encode()
        hit = _CACHE[name] = (body, CONTENT_TYPES[".json"])
        return hit
    if len(parts) != 2 or not parts[1].endswith(".ftl"):
        return None
    node = locales.HERE / parts[0] / parts[1]
    if not node.is_file():
        return None
    hit = _CACHE[name] = (node.read_bytes(), CONTENT_TYPES[".ftl"])
    return hit


_CACHE: dict[str, tuple[bytes, str]] = {}


def _read(name: str) -> tuple[bytes, str] | None:
    """The file ``name`` of this package, read (or for a rules page, rendered) once; only files
    found are kept, so requests for made-up names cannot grow the cache."""
    hit = _CACHE.get(name)
    if hit is not None:
        return hit
    page = _RULES_PAGE.fullmatch(name)
    if page is not None:
        html = rules_page(page["game"], page["lang"], short=page["short"] is not None)
        if html is None:
            return None
        hit = _CACHE[name] = (html.encode(), CONTENT_TYPES[".html"])
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


# -- the rules pages

_TITLE = re.compile(r"<h1>(.*?)</h1>", re.S)
_TAG = re.compile(r"<[^>]+>")


def _document(game: str, lang: str) -> tuple[bytes, str] | None:
    """The rules page as a whole HTML document (someone opened or shared its address): the
    page's stylesheet, its title, a way back to the game. The client's dialog loads the
    fragment (``/static/rules/...``) instead."""
    name = f"doc:{game}.{lang}"
    hit = _CACHE.get(name)
    if hit is not None:
        return hit
    body = rules_page(game, lang)
    if body is None:
        return None
    found = _TITLE.search(body)
    title = _TAG.sub("", found.group(1)) if found else game
    back = locales.say(lang, "page-rules-back")
    html = (
        f'<!doctype html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{title}</title>\n"
        f'<link rel="icon" href="{ICON}">\n'
        '<link rel="stylesheet" href="/static/style.css">\n</head>\n'
        f'<body class="rules-doc">\n<nav class="rules-back"><a href="/">← {back}</a></nav>\n'
        f'<main class="rules-body">\n{body}</main>\n</body>\n</html>\n'
    )
    hit = _CACHE[name] = (html.encode(), CONTENT_TYPES[".html"])
    return hit


_RULES_PAGE = re.compile(r"rules/(?P<game>[a-z0-9_]+)\.(?P<lang>[a-z]{2})(?P<short>\.short)?\.html")
SHORT_HEADING = {"en": "In short", "fr": "En bref"}
_DEV_BLOCK = re.compile(r"^<!-- dev -->\n(.*?)^<!-- /dev -->\n?", re.M | re.S)
# Links between the rules pages point to the markdown files; in the page they point to the
# pages served here, which the client loads itself (it may intercept them).
_MD_LINK = re.compile(r'href="([a-z0-9]+)(\.fr)?\.md"')


def rules_page(game: str, lang: str, short: bool = False) -> str | None:
    """The rules of ``game`` in ``lang`` ("en", "fr") as an HTML fragment, or None if there is
    no such page.

    The source is ``rules/{game}.md`` (English) or ``rules/{game}.{lang}.md``. The whole page has
    its parts for developers (between ``<!-- dev -->`` and ``<!-- /dev -->``: move syntax,
    events, the solver) folded into a ``<details class="rules-dev">`` and its links to other
    pages' markdown pointed at ``/rules/{game}.{lang}.html``; ``short`` is the "In short" /
    "En bref" section alone, without its heading: the "how to play" shown the first time someone
    opens a game. Raw HTML in the markdown is escaped, so the fragment is safe to insert as it is.
    """
    if lang not in SHORT_HEADING:
        return None
    text = _rules_source(game, f"{game}.md" if lang == "en" else f"{game}.{lang}.md")
    if text is None:
        return None
    if not short:
        return _render(text, lang)
    section = _short_section(text, lang)
    return None if section is None else _md().render(section)


def _rules_source(game: str, name: str) -> str | None:
    """The markdown ``name`` of ``game``'s rules: this package's (``rules/``, docs/rules), or
    for a game from outside it, the ``rules/`` of its home (:attr:`atout.games.base.Game.home`)."""
    node = resources.files(__name__).joinpath("rules", name)
    if node.is_file():
        return node.read_text(encoding="utf-8")
    found = all_games().get(game)
    home = found.home if found is not None else None
    if home is not None and (home / "rules" / name).is_file():
        return (home / "rules" / name).read_text(encoding="utf-8")
    return None


def _md() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": False, "typographer": False}).enable("table")


def _render(text: str, lang: str) -> str:
    md = _md()
    summary = locales.say(lang, "page-rules-dev")
    parts: list[str] = []
    pos = 0
    for mt in _DEV_BLOCK.finditer(text):
        parts.append(md.render(text[pos : mt.start()]))
        inner = md.render(mt.group(1))
        parts.append(
            f'<details class="rules-dev">\n<summary>{summary}</summary>\n{inner}</details>\n'
        )
        pos = mt.end()
    parts.append(md.render(text[pos:]))
    return _MD_LINK.sub(_link, "".join(parts))


def _link(mt: re.Match[str]) -> str:
    return f'href="/rules/{mt.group(1)}.{"fr" if mt.group(2) else "en"}.html"'


def _short_section(text: str, lang: str) -> str | None:
    """The markdown of the "In short" section (between its heading and the next one), or None
    if the page has none."""
    heading = f"## {SHORT_HEADING[lang]}\n"
    start = text.find(heading)
    if start < 0:
        return None
    body = text[start + len(heading) :]
    nxt = re.search(r"^#{1,2} ", body, re.M)
    return (body[: nxt.start()] if nxt else body).strip() + "\n"
