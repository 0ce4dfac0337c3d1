"""The JSON HTTP API of the players' platform (docs/API.md), sans I/O.

:meth:`Api.handle` takes an :class:`HttpRequest` (already read by the transport: method, path,
query, headers, a body of at most :data:`MAX_BODY` bytes, the peer's address) and returns an
:class:`HttpResponse`, or a :class:`Deferred` when a password must be hashed or checked: the
shell runs ``deferred.work()`` in a thread (argon2 takes tens of milliseconds) and then calls
``deferred.then(result)`` on the loop for the response. :func:`run` does both in turn (tests).

Every refusal is ``{"error": {"code", "message", "message_fr", "detail"}}`` with its status
(:data:`API_ERRORS`), and changes nothing.
"""

from __future__ import annotations

import re
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import msgspec

from atout.games import all_games
from atout.games.base import AtoutError
from atout.locales import both
from atout.protocol.status import Status
from atout.server.accounts.accounts import (
    SESSION_TTL,
    AccountError,
    Accounts,
    Pending,
    run_job,
)
from atout.server.accounts.ratings import Ratings
from atout.server.storage import record as r
from atout.server.storage import replays

MAX_BODY = 4096  # bytes of a POST body
#: The requests whose answer waits for a password's hashing (the shell's bounded queue).
PASSWORD_PATHS = frozenset({"/api/signup", "/api/login"})
COOKIE = "atout_session"
MARKER = "atout_account"  # "1" while a session cookie is set: readable by the page
PAGE_MAX = 100  # limit= at most

#: Every code the API answers with, its status and when.
API_ERRORS: dict[str, tuple[int, str]] = {
    "api.bad_request": (
        400,
        "The body is not a JSON object of the fields the endpoint takes "
        "(malformed JSON, a missing, unknown or mistyped field).",
    ),
    "api.bad_query": (
        400,
        "A query parameter is not a number in range (limit 1-100, offset >= 0).",
    ),
    "api.bad_content_type": (415, "A POST body must be sent as application/json."),
    "api.too_large": (413, f"The body has more than {MAX_BODY} bytes."),
    "api.not_found": (404, "No such endpoint."),
    "api.method": (405, "The endpoint does not take this method (detail.allow)."),
    "api.unknown_game": (404, "No game with this id."),
    "api.unknown_table": (404, "No finished table with this id (unknown, or not finished yet)."),
    "account.bad_name": (
        400,
        "The name is refused (detail.reason: empty, too_long, control, "
        "bidi, characters, reserved).",
    ),
    "account.bad_password": (400, "The password is shorter than 8 or longer than 256 characters."),
    "account.name_taken": (
        409,
        "An account has this name already (names are unique whatever their case).",
    ),
    "account.bad_login": (401, "Wrong name or password (the same answer for both)."),
    "account.rate_limited": (
        429,
        "Too many attempts from this address or on this name; "
        "detail.retry_after seconds (also the Retry-After header).",
    ),
    "account.not_logged_in": (401, "No valid session (none, expired or logged out)."),
    "account.unknown": (404, "No account with this name."),
    "server.busy": (
        503,
        "Every password check is taken and the queue is full: retry after detail.retry_after "
        "seconds (also the Retry-After header); nothing was changed.",
    ),
    "server.internal": (500, "A bug in the server; nothing was changed."),
}


@dataclass(slots=True)
class HttpRequest:
    method: str
    target: str  # path and query, as on the request line
    headers: dict[str, str] = field(default_factory=dict)  # lowercased names
    body: bytes = b""
    address: str | None = None  # the client's (read from a trusted proxy's headers if behind one)
    secure: bool = False  # came over https (told by a trusted proxy): cookies get Secure

    @property
    def path(self) -> str:
        return self.target.split("?", 1)[0]

    @property
    def query(self) -> dict[str, str]:
        q = self.target.partition("?")[2]
        return {k: v for k, v in urllib.parse.parse_qsl(q, keep_blank_values=True)}


@dataclass(slots=True)
class HttpResponse:
    status: int
    body: bytes = b""
    headers: list[tuple[str, str]] = field(default_factory=list)
    content_type: str = "application/json; charset=utf-8"
    ended_session: str | None = None  # a session's token hash that ended: its sockets close


@dataclass(slots=True)
class Deferred:
    """Slow work to run off the loop, then the response built from its result on the loop."""

    work: Callable[[], Any]
    then: Callable[[Any], HttpResponse]


class ApiError(AtoutError):
    def __init__(self, code: str, message: str, message_fr: str, **detail: Any) -> None:
        super().__init__(code, message, message_fr)
        self.status = API_ERRORS[code][0]
        self.detail = detail


_enc = msgspec.json.Encoder()


class Credentials(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    password: str


class EmptyBody(msgspec.Struct, forbid_unknown_fields=True):
    pass


_creds = msgspec.json.Decoder(Credentials)
_empty = msgspec.json.Decoder(EmptyBody)
_ROUTE = re.compile(r"/api/(leaderboard|players|replay|record)/([^/]{1,200})")


def json_response(
    status: int, data: Any, headers: list[tuple[str, str]] | None = None
) -> HttpResponse:
    return HttpResponse(status, _enc.encode(data), headers or [])


def error_response(e: AtoutError) -> HttpResponse:
    status = getattr(e, "status", 400)
    detail = getattr(e, "detail", None) or {}
    headers = []
    if status in (429, 503) and "retry_after" in detail:
        headers.append(("Retry-After", str(int(detail["retry_after"]))))
    if status == 405 and "allow" in detail:
        headers.append(("Allow", detail["allow"]))
    body = {"code": e.code, "message": e.message, "message_fr": e.message_fr, "detail": detail}
    return json_response(status, {"error": body}, headers)


def session_token(headers: dict[str, str]) -> str | None:
    """The session token of a request: ``Authorization: Bearer`` first, then the cookie."""
    auth = headers.get("authorization", "")
    if auth[:7].lower() == "bearer ":
        return auth[7:].strip() or None
    for part in headers.get("cookie", "").split(";"):
        k, _, v = part.strip().partition("=")
        if k == COOKIE and v:
            return v
    return None


def session_cookies(token: str, max_age: int, secure: bool = False) -> list[tuple[str, str]]:
    """The session (HttpOnly: no script reads it) and a marker the page can read, so that it
    asks ``/api/me`` only when signed in: a guest's page makes no request that fails. Over https
    (a trusted proxy says so) both are ``Secure``: never sent back over plain http."""
    flags = f"SameSite=Lax; Path=/; Max-Age={max_age}" + ("; Secure" if secure else "")
    return [
        ("Set-Cookie", f"{COOKIE}={token}; HttpOnly; {flags}"),
        ("Set-Cookie", f"{MARKER}={1 if token else ''}; {flags}"),
    ]


def sat_at(rec: r.TableRecord, account: str | None) -> bool:
    """Whether ``account`` (a name, any case; None: a guest) held one of ``rec``'s seats."""
    key = account.casefold() if account is not None else None
    return key is not None and any(s.account and s.account.casefold() == key for s in rec.seats)


class Api:
    """The endpoints, over the game master's accounts, ratings and store."""

    def __init__(self, accounts: Accounts, ratings: Ratings, store: Any) -> None:
        self.accounts = accounts
        self.ratings = ratings
        self.store = store

    def handle(self, req: HttpRequest, now: float) -> HttpResponse | Deferred:
        """Answer ``req``. Unlike the WebSocket's command rates, the login and signup limits
        count every address, loopback ones included (a proxy on loopback is trusted or not by
        ``--trusted-proxy``, never by its address)."""
        try:
            return self._route(req, now)
        except (ApiError, AccountError) as e:
            return error_response(e)

    # -- routing ---------------------------------------------------------------------------------
    def _route(self, req: HttpRequest, now: float) -> HttpResponse | Deferred:
        path, method = req.path, req.method
        posts: dict[str, Callable[[HttpRequest, float], HttpResponse | Deferred]] = {
            "/api/signup": self.signup,
            "/api/login": self.login,
            "/api/logout": self.logout,
        }
        if path in posts:
            self._method(method, "POST")
            self._check_body(req)
            return posts[path](req, now)
        if path == "/api/me":
            self._method(method, "GET")
            return self.me(req, now)
        if path == "/api/history":
            self._method(method, "GET")
            return self.history(req, now)
        m = _ROUTE.fullmatch(path)
        if m is None:
            raise ApiError("api.not_found", *both("error-api-not-found", path=path))
        self._method(method, "GET")
        what, arg = m.group(1), urllib.parse.unquote(m.group(2))
        if what == "leaderboard":
            return self.leaderboard(arg, req)
        if what == "players":
            return self.player(arg, req, now)
        if what == "replay":
            return json_response(200, replays.build(self._finished(arg, req, now)))
        rec = r.export_record(self._finished(arg, req, now))
        return HttpResponse(
            200,
            r.dumps(rec),
            [("Content-Disposition", f'attachment; filename="{rec.table}.json"')],
        )

    def _method(self, got: str, want: str) -> None:
        if got != want and not (want == "GET" and got == "HEAD"):
            raise ApiError(
                "api.method",
                *both("error-api-method", method=want),
                allow=want,
            )

    def _check_body(self, req: HttpRequest) -> None:
        if len(req.body) > MAX_BODY:
            raise ApiError(
                "api.too_large",
                *both("error-api-too-large", most=MAX_BODY),
                max=MAX_BODY,
            )
        kind = req.headers.get("content-type", "").split(";")[0].strip().lower()
        if req.body and kind != "application/json":
            raise ApiError(
                "api.bad_content_type",
                *both("error-api-bad-content-type"),
            )

    def _decode(self, dec: msgspec.json.Decoder[Any], body: bytes) -> Any:
        try:
            return dec.decode(body or b"{}")
        except (msgspec.DecodeError, UnicodeError, RecursionError) as e:
            raise ApiError("api.bad_request", *both("error-api-bad-request", why=str(e))) from None

    def _int(self, req: HttpRequest, key: str, default: int, low: int, high: int) -> int:
        raw = req.query.get(key)
        if raw is None:
            return default
        try:
            v = int(raw)
        except ValueError:
            v = low - 1
        if not low <= v <= high:
            raise ApiError(
                "api.bad_query",
                *both("error-api-bad-query", key=key, least=low, most=high),
                param=key,
            )
        return v

    # -- accounts ------------------------------------------------------------------------------
    def signup(self, req: HttpRequest, now: float) -> Deferred:
        acc = self.accounts
        return self._with_password(req, now, acc.begin_signup, acc.finish_signup, 201)

    def login(self, req: HttpRequest, now: float) -> Deferred:
        acc = self.accounts
        return self._with_password(req, now, acc.begin_login, acc.finish_login, 200)

    def _with_password(
        self,
        req: HttpRequest,
        now: float,
        begin: Callable[..., Pending],
        finish: Callable[..., tuple[str, str]],
        status: int,
    ) -> Deferred:
        """Sign up or log in: the password's hashing (``run_job``) runs off the loop, the
        answer (a session cookie) is built back on it."""
        c = self._decode(_creds, req.body)
        p = begin(c.name, c.password, req.address, now)

        def answer(got: Any) -> HttpResponse:
            try:
                name, token = finish(p, got, now)
            except AccountError as e:
                return error_response(e)
            cookies = session_cookies(token, int(SESSION_TTL), req.secure)
            return json_response(status, {"name": name}, cookies)

        return Deferred(lambda: run_job(p), answer)

    def logout(self, req: HttpRequest, now: float) -> HttpResponse:
        self._decode(_empty, req.body)
        ended = self.accounts.logout(session_token(req.headers))
        resp = HttpResponse(204, b"", session_cookies("", 0, req.secure))
        resp.ended_session = ended  # the shell closes its sockets, here and on every node
        return resp

    def me(self, req: HttpRequest, now: float) -> HttpResponse:
        name = self.accounts.session(session_token(req.headers), now)
        if name is None:
            raise AccountError(
                "account.not_logged_in",
                *both("error-account-not-logged-in"),
                401,
            )
        return json_response(200, {"name": name, "ratings": self.ratings.of(name)})

    # -- ratings and history -----------------------------------------------------------------------
    def leaderboard(self, game: str, req: HttpRequest) -> HttpResponse:
        if game not in all_games():
            raise ApiError(
                "api.unknown_game", *both("error-api-unknown-game", game=repr(game)), game=game
            )
        limit = self._int(req, "limit", 50, 1, PAGE_MAX)
        offset = self._int(req, "offset", 0, 0, 10**9)
        return json_response(200, self.ratings.leaderboard(game, limit, offset))

    def _account(self, name: str) -> tuple[str, float]:
        found = self.accounts.find(name) if len(name) <= 64 else None
        if found is None:
            raise AccountError(
                "account.unknown", *both("error-account-unknown", name=repr(name)), 404
            )
        return found

    def _viewer(self, req: HttpRequest, now: float) -> str | None:
        """The account asking (its session), or None: what a private table's players see."""
        return self.accounts.session(session_token(req.headers), now)

    def player(self, name: str, req: HttpRequest, now: float) -> HttpResponse:
        real, since = self._account(name)
        return json_response(200, self.ratings.player(real, since, self._viewer(req, now)))

    def history(self, req: HttpRequest, now: float) -> HttpResponse:
        limit = self._int(req, "limit", 20, 1, PAGE_MAX)
        offset = self._int(req, "offset", 0, 0, 10**9)
        who = req.query.get("player")
        account = self._account(who)[0] if who is not None else None
        viewer = self._viewer(req, now)
        return json_response(200, self.ratings.history(account, limit, offset, viewer))

    def _finished(self, table: str, req: HttpRequest, now: float) -> r.TableRecord:
        """A finished table's record, if the request may read it: a private table's is for the
        accounts that held its seats; to anyone else it is unknown (the same 404 as an id never
        used: a private id is never confirmed, not even by the time taken)."""
        viewer = self._viewer(req, now)
        rec = self.store.load(table) if len(table) <= 64 else None
        if rec is not None and rec.settings.get("private") and not sat_at(rec, viewer):
            rec = None
        if rec is None or rec.status != Status.FINISHED:
            raise ApiError(
                "api.unknown_table",
                *both("error-api-unknown-table", table=repr(table)),
                table=table,
            )
        return rec


def run(api: Api, req: HttpRequest, now: float) -> HttpResponse:
    """Handle ``req`` start to end on this thread (tests, tools)."""
    got = api.handle(req, now)
    if isinstance(got, Deferred):
        return got.then(got.work())
    return got
