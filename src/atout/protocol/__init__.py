"""The atout network protocol: typed messages, codec, error codes. See docs/PROTOCOL.md."""

from atout.protocol.codec import decode_client, decode_server, encode
from atout.protocol.errors import ERROR_CODES, ProtocolError
from atout.protocol.messages import (
    CLIENT_MESSAGES,
    GM,
    PROTOCOL_VERSION,
    SERVER_MESSAGES,
    SUPPORTED_VERSIONS,
    Message,
)

__all__ = [
    "CLIENT_MESSAGES",
    "ERROR_CODES",
    "GM",
    "PROTOCOL_VERSION",
    "SERVER_MESSAGES",
    "SUPPORTED_VERSIONS",
    "Message",
    "ProtocolError",
    "decode_client",
    "decode_server",
    "encode",
]
