"""Encoding and decoding frames: one shared msgspec encoder, one decoder per direction."""

from __future__ import annotations

import re
from typing import Any

import msgspec

from atout.locales import both
from atout.protocol.errors import ProtocolError
from atout.protocol.messages import MAX_SAFE_INTEGER, ClientMessage, Message, ServerMessage

MAX_DEPTH = 32  # arrays and objects inside one another in a client's frame

_encoder = msgspec.json.Encoder()
_client_decoder = msgspec.json.Decoder(ClientMessage)
_server_decoder = msgspec.json.Decoder(ServerMessage)
_loose = msgspec.json.Decoder()

encode = _encoder.encode

# A JSON string, or an unterminated one up to the end: never backtracks, so linear in the frame.
_STRING = re.compile(rb'"(?:[^"\\]|\\.?)*+(?:"|\Z)', re.S)
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_AS_SQUARE = bytes.maketrans(b"{}", b"[]")  # depth only: a mismatched pair is the decoder's error


def decode_client(data: bytes | str) -> Any:
    """A client's frame as a typed message. Raises :class:`ProtocolError` (with the request id
    in ``detail`` when one could be read) if it is not a valid command: malformed JSON, invalid
    UTF-8, more than :data:`MAX_DEPTH` levels of nesting, or no command's schema."""
    if too_deep(data):
        err = ProtocolError(
            "protocol.bad_message", *both("error-protocol-too-deep", most=MAX_DEPTH)
        )
        err.request_id = None  # type: ignore[attr-defined]
        raise err
    try:
        return _client_decoder.decode(data)
    except (msgspec.DecodeError, UnicodeError, RecursionError) as e:
        raise _bad(data, e) from None


def too_deep(data: bytes | str) -> bool:
    """Whether arrays and objects nest deeper than :data:`MAX_DEPTH` (outside strings) — checked
    before decoding, as the decoder recurses. Linear in the frame; a frame with few brackets
    (every ordinary command) costs two ``count`` calls."""
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else bytes(data)
    if raw.count(b"[") + raw.count(b"{") <= MAX_DEPTH:
        return False
    brackets = _STRING.sub(b"", raw).translate(_AS_SQUARE, _NOT_BRACKETS)
    for _ in range(MAX_DEPTH):  # each pass removes the innermost level
        if not brackets:
            return False
        shorter = brackets.replace(b"[]", b"")
        if len(shorter) == len(brackets):
            return False  # unbalanced: the decoder says what is wrong
        brackets = shorter
    return b"[]" in brackets


def decode_server(data: bytes | str) -> Any:
    """A game master's frame as a typed message (used by the client library)."""
    return _server_decoder.decode(data)


def request_id(data: bytes | str) -> int | None:
    """Best-effort request id of a frame that failed to decode, so the error can echo it.
    Never raises (whatever the frame: invalid UTF-8, nesting, not JSON)."""
    if too_deep(data):
        return None
    try:
        raw = _loose.decode(data)
    except (msgspec.DecodeError, UnicodeError, RecursionError):
        return None
    rid = raw.get("id") if isinstance(raw, dict) else None
    if not isinstance(rid, int) or isinstance(rid, bool) or abs(rid) > MAX_SAFE_INTEGER:
        return None  # an id the reply could not carry
    return rid


def _bad(data: bytes | str, e: Exception) -> ProtocolError:
    code = "protocol.bad_message"
    if isinstance(e, UnicodeError):
        words = both("error-protocol-bad-utf8", why=str(getattr(e, "reason", e)))
    elif isinstance(e, RecursionError):
        words = both("error-protocol-too-deep", most=MAX_DEPTH)
    else:
        words = both("error-protocol-bad-message", why=str(e))  # the decoder's own English
        if "Invalid value" in words[0] and "`$.cmd`" in words[0]:
            code = "protocol.unknown_command"
    err = ProtocolError(code, *words)
    err.request_id = request_id(data)  # type: ignore[attr-defined]
    return err


def to_builtins(msg: Message) -> Any:
    return msgspec.to_builtins(msg)
