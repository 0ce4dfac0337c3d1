"""What the game master nodes say to each other over the bus (:mod:`atout.server.nodes.bus`), packed
with msgpack, and a cheap look at a client's frame (its command and table) to route it.
"""

from __future__ import annotations

import msgspec

from atout.bots.levels import DEFAULT_LEVEL


class Frame(msgspec.Struct, tag="f", array_like=True):
    """A client's frame for a table of the receiving node, and who the client is."""

    origin: str
    boot: int  # the origin's incarnation: a node restarted under its name numbers anew
    conn: int
    data: bytes
    name: str
    lang: str
    texts: bool
    account: str | None
    table: str
    tries: int = 0  # times it found no node listening


class Gone(msgspec.Struct, tag="g", array_like=True):
    """The client's connection closed: its proxy goes."""

    origin: str
    boot: int
    conn: int


class Deliver(msgspec.Struct, tag="d", array_like=True):
    """Frames for clients of the receiving node, by connection (committed by the owner before
    it sent them): one message per node for all that one flush sends its clients."""

    items: list[tuple[int, list[bytes]]]


class Close(msgspec.Struct, tag="c", array_like=True):
    """Close the client's connection: its table went to another node; it resumes there."""

    conn: int
    reason: str


class Miss(msgspec.Struct, tag="m", array_like=True):
    """The receiving node does not hold that table (any more): route the frame again."""

    frame: Frame


class Handover(msgspec.Struct, tag="h", array_like=True):
    """The sending node stopped and gave its leases up: take its tables now."""

    node: str


class Ended(msgspec.Struct, tag="e", array_like=True):
    """A session was logged out (its token's sha256): close this node's sockets opened with it."""

    session: str


class Echo(msgspec.Struct, tag="o", array_like=True):
    """A node's message to itself, back through Redis: how late the bus is (``Node.bus_lag``)."""

    sent: float


Envelope = Frame | Gone | Deliver | Close | Miss | Handover | Ended | Echo
PACK = msgspec.msgpack.Encoder()
UNPACK = msgspec.msgpack.Decoder(Envelope)


class _PeekBody(msgspec.Struct):
    table: str | None = None
    game: str | None = None
    players: int | None = None
    level: str = DEFAULT_LEVEL  # quick play's bot level when none is named


class _Peek(msgspec.Struct):
    cmd: str = ""
    body: _PeekBody | None = None


PEEK = msgspec.json.Decoder(_Peek)
