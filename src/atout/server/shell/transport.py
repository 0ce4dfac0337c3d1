"""Sockets: one :class:`WsConnection` per TCP connection (listening: :mod:`.listener`).

An :class:`asyncio.Protocol` feeds bytes to the ``websockets`` library's sans-I/O
:class:`~websockets.server.ServerProtocol` (framing, control frames, message sizes, the closing
handshake); this module joins fragments, checks UTF-8, answers HTTP (``/health``,
``/metrics``, the browser client's files, ``/api/``) and hands whole text messages to the
:class:`~atout.server.shell.ws.Shell`. Every socket is bounded (:class:`~atout.server.core.limits.Limits`):
the request must arrive within the handshake time-out; a WebSocket silent for ``ping_every`` is
pinged, and closed if nothing comes back within as long again.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import socket
import struct
import time
from collections import deque
from http import HTTPStatus
from typing import Any, Protocol

import msgspec
from websockets.datastructures import Headers
from websockets.exceptions import PayloadTooBig
from websockets.frames import CloseCode, Frame, Opcode
from websockets.http11 import Request, Response
from websockets.protocol import CLOSED, OPEN
from websockets.server import ServerProtocol

from atout.locales import both
from atout.protocol import messages as m
from atout.protocol.codec import encode
from atout.protocol.errors import ProtocolError
from atout.server.accounts.accounts import token_hash
from atout.server.accounts.api import MAX_BODY, ApiError, HttpRequest, HttpResponse, error_response
from atout.server.accounts.api import session_token as request_session
from atout.server.core import proxies
from atout.server.core.limits import Limits
from atout.server.shell.metrics import CONTENT_TYPE as METRICS_TYPE
from atout.web import static_file


class Owner(Protocol):
    """What a connection asks of the shell that holds it (:class:`~atout.server.shell.ws.Shell`):
    declared here so that the sockets know the shell by its surface, not by its module."""

    limits: Limits
    loop: asyncio.AbstractEventLoop
    read_buffer: memoryview
    origins: list[Any] | None
    ping_every: float
    timeouts: int
    slow_cut: int

    @property
    def metrics(self) -> Exposes: ...
    def made(self, conn: WsConnection) -> None: ...
    def opened(self, conn: WsConnection) -> None: ...
    def admit(self, conn: WsConnection, client: str) -> bool: ...
    def frame(self, conn_id: int, data: bytes | str) -> None: ...
    def refuse(self, conn_id: int, err: ProtocolError) -> None: ...
    def error_message(self, conn_id: int, err: ProtocolError) -> m.Error: ...
    def account(self, conn: WsConnection, size: int) -> None: ...
    def dropped(self, conn: WsConnection) -> None: ...
    def api(self, conn: WsConnection, req: HttpRequest) -> None: ...
    def late(self) -> HttpResponse: ...
    def health(self) -> dict[str, Any]: ...
    def warn(self, kind: str, msg: str, *args: Any) -> None: ...


class Exposes(Protocol):
    def exposition(self) -> bytes: ...


MAX_HEAD = 16 << 10  # bytes of an HTTP request head (request line and headers)
READ_SIZE = 16 << 10  # bytes read from a socket at once (asyncio's default: 256 KiB)
SLICE = 32  # frames handled in one go before other sockets get their turn

_UTF8 = codecs.getincrementaldecoder("utf-8")
_TEXT, _BINARY, _CONT = Opcode.TEXT, Opcode.BINARY, Opcode.CONT
_SHORT = [bytes((0x81, n)) for n in range(126)]
_MEDIUM = struct.Struct(">BBH")

BINARY_REFUSED = ProtocolError(
    "protocol.bad_message",
    *both("error-protocol-binary"),
)


def text_frame(payload: bytes) -> bytes:
    """``payload`` as one unmasked text frame (no extension: a 2- to 10-byte header, 0.1 µs
    here against 1.1 µs for websockets' general ``Frame.serialize``)."""
    n = len(payload)
    if n < 126:
        return _SHORT[n] + payload
    if n < 65536:
        return _MEDIUM.pack(0x81, 126, n) + payload
    return b"\x81\x7f" + n.to_bytes(8, "big") + payload


class WsConnection(asyncio.BufferedProtocol):
    """One client socket. Only pumps bytes and enforces the transport's limits; every decision
    about the game is the core's."""

    def __init__(self, shell: Owner, conn_id: int) -> None:
        self.shell = shell
        self.id = conn_id
        self.limits = shell.limits
        self.ws = ServerProtocol(max_size=shell.limits.max_message)
        self.transport: asyncio.Transport | None = None
        self.open = False  # known to the core
        self.overflow = False  # beyond max_connections: /health only
        self.peer: str | None = None  # its remote address, counted in sockets_per_address
        self.head: bytearray | None = bytearray()  # the HTTP request until its blank line
        self.text: bool | None = None  # the kind of the fragmented message being received
        self.utf8: Any = None
        self.parts: list[str] = []
        self.born = self.last_rx = time.monotonic()
        self.pinged = False  # a ping went out at pinged_at and nothing came in since
        self.pinged_at = 0.0
        self.close_at: float | None = None  # dropped then if the closing handshake is not over
        self.buffered = 0  # bytes waiting in the transport at the last look (shell.buffered)
        self._seen_exc: BaseException | None = None
        self.backlog: deque[Frame] = deque()  # frames read but not handled yet (see SLICE)
        self.sliced = False  # the backlog is being handled in slices: reading paused
        self.writing_paused = False
        self.paused_at = 0.0  # when writing was paused (the client stopped reading)
        self.held: asyncio.TimerHandle | None = None  # not read until then: over its rate
        self.session: str | None = None  # the session token of the /ws upgrade, if any
        self.session_hash: str | None = None  # its sha256 (a logout names sessions by it)
        self.api_req: HttpRequest | None = None  # an /api/ request waiting for its body
        self.api_need = 0  # bytes of that body
        self.serving = False  # an /api/ request read whole, its answer not written yet
        self.client: str | None = None  # the client's address, if a trusted proxy named it

    # -- asyncio callbacks ---------------------------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        sock = transport.get_extra_info("socket")
        if sock is not None and self.limits.send_buffer:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.limits.send_buffer)
        self.shell.made(self)

    def get_buffer(self, sizehint: int) -> memoryview:
        return self.shell.read_buffer  # one for all: buffer_updated follows at once

    def buffer_updated(self, nbytes: int) -> None:
        """At most READ_SIZE bytes at a time, so that one read of tiny frames stays small."""
        self.data_received(bytes(self.shell.read_buffer[:nbytes]))

    def data_received(self, data: bytes) -> None:
        self.last_rx = time.monotonic()
        self.pinged = False
        if self.api_req is not None:
            self._api_body(data)
            return
        if self.head is not None:
            data = self._request_head(data)
            if not data:
                return
        self.ws.receive_data(data)
        self._events()

    def eof_received(self) -> bool | None:
        self.ws.receive_eof()
        self._write()
        return None  # asyncio closes the socket

    def connection_lost(self, exc: Exception | None) -> None:
        if self.held is not None:
            self.held.cancel()
            self.held = None
        self.shell.dropped(self)

    def pause_writing(self) -> None:
        """The client reads slower than it is written to: stop reading its requests too (and
        close it if it stays so past the stall time-out: :meth:`check`)."""
        self.writing_paused = True
        self.paused_at = time.monotonic()
        self._reading()

    def resume_writing(self) -> None:
        self.writing_paused = False
        self._reading()
        t = self.transport
        if t is not None:
            self.shell.account(self, t.get_write_buffer_size())

    def _reading(self) -> None:
        """Read from the socket unless its output waits or a burst is still being handled."""
        t = self.transport
        if t is None or t.is_closing():
            return
        if self.writing_paused or self.sliced or self.held is not None:
            t.pause_reading()
        else:
            t.resume_reading()

    # -- receiving -------------------------------------------------------------------------------
    def _request_head(self, data: bytes) -> bytes:
        """Collect the HTTP request up to its blank line and give the library that much only:
        what follows is WebSocket frames after a 101, or pipelined requests after any other
        answer (which says ``Connection: close``, so the client sends them again).

        Returns the bytes to read as frames (none while the request is incomplete)."""
        head = self.head
        assert head is not None
        head += data
        end = head.find(b"\r\n\r\n")
        if end < 0:
            if len(head) > MAX_HEAD:
                self.head = None
                self._respond(
                    self.ws.reject(HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE, "Too large.\n")
                )
            return b""
        self.head = None
        first = bytes(head[: head.find(b"\r\n")]).split(b" ")
        if len(first) == 3 and first[1].startswith(b"/api/"):
            self._api_head(bytes(head[:end]), bytes(head[end + 4 :]))
            return b""
        ws = self.ws
        ws.receive_data(bytes(head[: end + 4]))
        events = ws.events_received()
        for ev in events:
            if isinstance(ev, Request):
                self._http(ev)
        writes = ws.data_to_send()
        if not any(writes):  # not a GET the library can read: it ends the stream unanswered
            writes.insert(0, ws.reject(HTTPStatus.BAD_REQUEST, "Bad request.\n").serialize())
        self._write(writes)
        return bytes(head[end + 4 :]) if self.open else b""

    def _events(self) -> None:
        ws = self.ws
        backlog = self.backlog
        backlog.extend(ws.events_received())
        n = 0
        while backlog and ws.state is OPEN:  # once failed (e.g. invalid UTF-8): read no more
            if self.held is not None:  # over its rate: the rest waits (reading paused)
                break
            if n == SLICE:  # one socket's burst is read in slices, between other work
                if not self.sliced:
                    self.sliced = True
                    self._reading()
                self.shell.loop.call_soon(self._events)
                break
            n += 1
            ev = backlog.popleft()
            op = ev.opcode
            if op is _TEXT or op is _BINARY or op is _CONT:
                self._data(ev)
        else:
            backlog.clear()
            if self.sliced:
                self.sliced = False
                self._reading()
        exc = ws.parser_exc
        if exc is not None and exc is not self._seen_exc:
            self._seen_exc = exc
            if isinstance(exc, PayloadTooBig) and self.open:  # the error goes before the close
                err = self.shell.error_message(self.id, _too_large(self.limits.max_message))
                self.transport.write(text_frame(encode(err)))  # type: ignore[union-attr]
        self._write()

    def _data(self, frame: Frame) -> None:
        """A data frame: a whole message is handed on, fragments are joined first."""
        op = frame.opcode
        data = frame.data
        if op is not _CONT:  # the library makes sure no message is begun inside another
            if frame.fin and op is _TEXT:  # the usual case: the whole message in one frame
                if not data.isascii():
                    try:
                        data.decode()
                    except UnicodeDecodeError as e:
                        self._invalid_utf8(e)
                        return
                if self.open:
                    self.shell.frame(self.id, data)
                return
            self.text = op is _TEXT
            self.utf8 = _UTF8() if self.text else None
            self.parts = []
        if self.text:
            try:
                s = self.utf8.decode(data, frame.fin)
            except UnicodeDecodeError as e:
                self._invalid_utf8(e)
                return
            if s:
                self.parts.append(s)
        if frame.fin:
            text, parts = self.text, self.parts
            self.text, self.utf8, self.parts = None, None, []
            if not self.open:
                return
            if text:
                self.shell.frame(self.id, "".join(parts))
            else:
                self.shell.refuse(self.id, BINARY_REFUSED)

    def hold(self, seconds: float) -> None:
        """Read nothing more from this client for ``seconds`` (it is over its rate limit):
        what it sends meanwhile waits in its own socket buffers, not in the game master."""
        if self.held is None:
            self.held = self.shell.loop.call_later(seconds, self._release)
            self._reading()

    def _release(self) -> None:
        self.held = None
        self._reading()
        if self.backlog:
            self._events()

    def _invalid_utf8(self, e: UnicodeDecodeError) -> None:
        self.parts = []
        self.ws.fail(CloseCode.INVALID_DATA, f"invalid UTF-8: {e.reason} at position {e.start}")

    # -- HTTP --------------------------------------------------------------------------------------
    def _http(self, req: Request) -> None:
        path = req.path.split("?", 1)[0]
        ws = self.ws
        if path == "/ws":
            if self.overflow:
                resp = ws.reject(HTTPStatus.SERVICE_UNAVAILABLE, "The server is full.\n")
                resp.headers["Retry-After"] = "10"
            else:
                ws.origins = self.shell.origins
                if self._forwarded(req.headers.get_all) is not None:
                    resp = ws.accept(req)
                else:
                    resp = ws.reject(HTTPStatus.SERVICE_UNAVAILABLE, "Too many sockets.\n")
                    resp.headers["Retry-After"] = "10"
                self.session = request_session(
                    {
                        "cookie": "; ".join(req.headers.get_all("Cookie")),
                        "authorization": ", ".join(req.headers.get_all("Authorization")),
                    }
                )
                if self.session is not None and len(self.session) <= 128:
                    self.session_hash = token_hash(self.session)
            ws.send_response(resp)
            if resp.status_code == 101:
                self.open = True
                self.shell.opened(self)
            return
        if path == "/health":
            self._plain(msgspec.json.encode(self.shell.health()), "application/json")
            return
        if path == "/metrics":  # served beyond max_connections too, as /health
            self._plain(self.shell.metrics.exposition(), METRICS_TYPE)
            return
        found = static_file(path)  # the browser client
        if found is not None:
            body, kind = found
            headers = Headers(
                [
                    ("Content-Type", kind),
                    ("Content-Length", str(len(body))),
                    ("Cache-Control", "no-cache"),
                    ("X-Content-Type-Options", "nosniff"),
                    ("Connection", "close"),
                ]
            )
            ws.send_response(Response(200, "OK", headers, body))
            return
        ws.send_response(ws.reject(HTTPStatus.NOT_FOUND, "Not found: try /, /ws or /health.\n"))

    def _plain(self, body: bytes, kind: str) -> None:
        """A 200 answer of the operator's routes (/health, /metrics), then the socket closed."""
        headers = Headers(
            [
                ("Content-Type", kind),
                ("Content-Length", str(len(body))),
                ("Cache-Control", "no-store"),
                ("Connection", "close"),
            ]
        )
        self.ws.send_response(Response(200, "OK", headers, body))

    # -- the JSON API (read here: the websockets library parses GET requests only) -----------------
    def _api_head(self, head: bytes, rest: bytes) -> None:
        """An /api/ request's line and headers; its body (Content-Length, at most MAX_BODY
        bytes) follows in ``rest`` and the next reads."""
        lines = head.split(b"\r\n")
        try:
            method, target, _ = lines[0].decode("ascii").split(" ")
            headers: dict[str, str] = {}
            for line in lines[1:]:
                k, sep, v = line.decode("latin-1").partition(":")
                if not sep or not k or k != k.strip():
                    raise ValueError(line)
                k, v = k.lower(), v.strip()
                if k in headers:
                    v = headers[k] + ("; " if k == "cookie" else ", ") + v
                headers[k] = v
            if "transfer-encoding" in headers:
                raise ValueError("chunked bodies are not accepted")
            need = int(headers.get("content-length", "0"))
            if need < 0:
                raise ValueError("negative length")
        except (ValueError, UnicodeError):
            self._api_reply(
                error_response(
                    ApiError(
                        "api.bad_request",
                        *both("error-api-malformed"),
                    )
                ),
                head_only=False,
            )
            return
        if need > MAX_BODY:
            self._api_reply(
                error_response(
                    ApiError(
                        "api.too_large",
                        *both("error-api-too-large", most=MAX_BODY),
                        max=MAX_BODY,
                    )
                ),
                head_only=False,
            )
            return
        secure = self._forwarded(lambda k: [headers[k]] if k in headers else [])
        if secure is None:
            resp = self.ws.reject(HTTPStatus.SERVICE_UNAVAILABLE, "Too many sockets.\n")
            resp.headers["Retry-After"] = "10"
            self._respond(resp)
            return
        self.api_req = HttpRequest(method, target, headers, b"", self.address(), secure)
        self.api_need = need
        self._api_body(rest)

    def _forwarded(self, get_all: Any) -> bool | None:
        """Read the client's address from a trusted proxy's headers (``--trusted-proxy``);
        returns whether it came over https, or None when a proxied client is over its own
        ``--sockets-per-address`` (the caller answers 503)."""
        peer = self.peer_address()
        self.client, secure = proxies.client(peer, get_all, self.limits.trusted_proxies)
        if (
            self.client is not None
            and self.client != peer
            and not self.shell.admit(self, self.client)
        ):
            return None
        return secure

    def _api_body(self, data: bytes) -> None:
        req = self.api_req
        assert req is not None
        req.body += data
        if len(req.body) < self.api_need:
            return
        req.body = req.body[: self.api_need]
        self.api_req = None
        if self.transport is not None:
            self.transport.pause_reading()  # one request per connection
        self.serving = True  # never swept as a dead handshake while it is being answered
        self.shell.api(self, req)

    def _api_reply(self, resp: HttpResponse, head_only: bool) -> None:
        """Write the answer to an /api/ request, then close (``Connection: close``)."""
        self.serving = False
        t = self.transport
        if t is None or t.is_closing():
            return
        try:
            phrase = HTTPStatus(resp.status).phrase
        except ValueError:
            phrase = ""
        body = b"" if head_only else resp.body
        headers = [
            ("Content-Type", resp.content_type),
            ("Content-Length", str(len(resp.body))),
            ("Cache-Control", "no-store"),
            ("X-Content-Type-Options", "nosniff"),
            ("Connection", "close"),
            *resp.headers,
        ]
        if resp.status == 204:
            headers = [h for h in headers if h[0] not in ("Content-Type", "Content-Length")]
            body = b""
        out = [f"HTTP/1.1 {resp.status} {phrase}\r\n".encode()]
        out += [f"{k}: {v}\r\n".encode("latin-1") for k, v in headers]
        t.write(b"".join(out) + b"\r\n" + body)
        t.close()

    def _respond(self, resp: Response) -> None:
        """An HTTP answer outside the library's parser (it has not seen the request)."""
        t = self.transport
        if t is not None:
            t.write(resp.serialize())
            t.close()  # not a WebSocket: no closing handshake

    # -- sending and closing -------------------------------------------------------------------------
    def send(self, frame: bytes) -> None:
        """Queue one text frame; a client that stops reading is cut off, not waited for."""
        self.send_frames([frame])

    def send_frames(self, frames: list[bytes]) -> None:
        """Queue text frames (JSON payloads, in order) with one write: one system call for all
        that one turn of the loop sends this client."""
        t = self.transport
        if not self.open or t is None or self.ws.state is not OPEN or t.is_closing():
            return
        t.write(text_frame(frames[0]) if len(frames) == 1 else b"".join(map(text_frame, frames)))
        size = t.get_write_buffer_size()
        if size != self.buffered:
            self.shell.account(self, size)

    def cut(self, why: str) -> None:
        """Close a client that does not read (1008, ``why``); it is dropped at the close time-out
        if it does not read that far."""
        self.shell.warn("slow", "closing connection %s: %s", self.id, why)
        if self.ws.state is OPEN:
            self.ws.fail(CloseCode.POLICY_VIOLATION, why)
        self._write()
        self.shell.slow_cut += 1

    def close(self, code: int = 1001, reason: str = "") -> None:
        if self.ws.state is OPEN:
            self.ws.send_close(code, reason)
            self._write()

    def abort(self) -> None:
        if self.transport is not None:
            self.transport.abort()

    def address(self) -> str | None:
        """The client's IP address (the core's per-address limits), None if unknown: the peer's,
        or the one a trusted proxy named on the request (``--trusted-proxy``)."""
        return self.client if self.client is not None else self.peer_address()

    def peer_address(self) -> str | None:
        """The socket's remote IP address (a proxy's, behind one)."""
        t = self.transport
        peer = t.get_extra_info("peername") if t is not None else None
        return peer[0] if isinstance(peer, tuple) and peer else None

    def _write(self, writes: list[bytes] | None = None) -> None:
        """Write what the library has to send; its end-of-stream is a half-close."""
        t = self.transport
        if t is None:
            return
        ws = self.ws
        for data in ws.data_to_send() if writes is None else writes:
            if data:
                t.write(data)
            elif t.can_write_eof():
                try:
                    t.write_eof()
                except OSError:
                    t.abort()
            else:
                t.close()
        if self.close_at is None and (ws.close_expected() or ws.state is CLOSED):
            self.close_at = time.monotonic() + self.limits.close_timeout

    def check(self, now: float) -> None:
        """The sweep's look at this socket: time-outs, keep-alive pings."""
        if self.close_at is not None:
            if now >= self.close_at:
                self.abort()
            return
        ws = self.ws
        if self.serving:  # being answered (a password's hashing may wait in its queue)
            if now - self.born > self.limits.request_timeout:
                self._api_reply(self.shell.late(), head_only=False)
            return
        if self.api_req is not None:  # an /api/ body still coming
            if now - self.born > self.limits.handshake_timeout:
                self.api_req = None
                self.shell.timeouts += 1
                self._respond(ws.reject(HTTPStatus.REQUEST_TIMEOUT, "Request time-out.\n"))
            return
        if self.head is not None:  # no whole HTTP request yet
            limit = self.limits.handshake_timeout
            if self.overflow:
                limit = min(limit, 1.0)
            if now - self.born > limit:
                self.head = None
                self.shell.timeouts += 1
                self._respond(ws.reject(HTTPStatus.REQUEST_TIMEOUT, "Request time-out.\n"))
            return
        if ws.state is not OPEN:
            self.close_at = now + self.limits.close_timeout
            return
        if self.writing_paused and now - self.paused_at > self.limits.stall_timeout:
            self.cut(f"does not read: its output unread for {self.limits.stall_timeout:g} s")
            self.abort()  # its buffer full: a close frame would never reach it
            return
        every = self.shell.ping_every
        if self.pinged:
            if now - self.pinged_at > every:  # nothing came back, not even the pong
                self.shell.timeouts += 1
                ws.fail(CloseCode.INTERNAL_ERROR, "keepalive ping timeout")
                self._write()
                self.abort()  # it answers nothing: no closing handshake to wait for
        elif now - self.last_rx > every:
            self.pinged = True
            self.pinged_at = now
            ws.send_ping(b"")
            self._write()


def _too_large(limit: int) -> ProtocolError:
    return ProtocolError(
        "protocol.too_large",
        *both("error-protocol-too-large", limit=limit),
    )
