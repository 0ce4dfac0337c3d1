"""Encoding and decoding frames: one shared msgspec encoder, one decoder per direction."""

from __future__ import annotations

from typing import Any

import msgspec

from atout.protocol.errors import ProtocolError
from atout.protocol.messages import ClientMessage, Message, ServerMessage

_encoder = msgspec.json.Encoder()
_client_decoder = msgspec.json.Decoder(ClientMessage)
_server_decoder = msgspec.json.Decoder(ServerMessage)
_loose = msgspec.json.Decoder()

encode = _encoder.encode


def decode_client(data: bytes | str) -> Any:
    """A client's frame as a typed message. Raises :class:`ProtocolError` (with the request id
    in ``detail`` when one could be read) if it is not a valid command."""
    try:
        return _client_decoder.decode(data)
    except msgspec.DecodeError as e:
        raise _bad(data, e) from None


def decode_server(data: bytes | str) -> Any:
    """A game master's frame as a typed message (used by the client library)."""
    return _server_decoder.decode(data)


def request_id(data: bytes | str) -> int | None:
    """Best-effort request id of a frame that failed to decode, so the error can echo it."""
    try:
        raw = _loose.decode(data)
    except msgspec.DecodeError:
        return None
    rid = raw.get("id") if isinstance(raw, dict) else None
    return rid if isinstance(rid, int) and not isinstance(rid, bool) else None


def _bad(data: bytes | str, e: Exception) -> ProtocolError:
    text = str(e)
    code = "protocol.bad_message"
    if "Invalid value" in text and "`$.cmd`" in text:
        code = "protocol.unknown_command"
    err = ProtocolError(code, f"Bad message: {text}", f"Message invalide : {text}")
    err.request_id = request_id(data)  # type: ignore[attr-defined]
    return err


def to_builtins(msg: Message) -> Any:
    return msgspec.to_builtins(msg)
