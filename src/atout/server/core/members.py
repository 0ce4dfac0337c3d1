"""A table's members: its seats and spectators, the connections that hold them, and the frames
they are sent.

A link between a table and a connection has two ends — the seat's ``conn`` (or the table's
spectators) and the connection's ``seats`` (or ``watching``) — and :class:`Members` is the only
code that changes them: a seat is taken (:meth:`Members.sit`, :meth:`Members.take_over`), left
(:meth:`Members.unseat`), watched (:meth:`Members.watch`, :meth:`Members.unwatch`), dropped with
its connection (:meth:`Members.drop`) or released with the table (:meth:`Members.release`).
Everything a table tells its members goes through :meth:`Members.send` and
:meth:`Members.broadcast`, into its game master's outbox (:class:`Post`), with the table's
sequence number.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from atout.protocol import messages as m
from atout.server.core.conns import Conn
from atout.server.core.fields import SEAT_FIELDS, pick
from atout.server.storage import record as r


class Post(Protocol):
    """Where a table's members are reached: the game master's connections and outbox."""

    conns: dict[int, Conn]  # read: who a member is (language, texts)

    def send(self, conn: int, msg: m.Message) -> None: ...
    def reply(self, c: Conn, req: m.Message, cls: type[m.Message], body: Any) -> None: ...


@dataclass(slots=True)
class Seat:
    index: int
    name: str = ""
    bot: str | None = None
    token_hash: str | None = None
    conn: int | None = None  # the connection holding it (set by Members only)
    gone: float | None = None  # when its player's connection went (None: here, or a bot)
    away: bool = False  # gone for longer than the grace period: a bot plays it meanwhile
    nonce: str | None = None  # its contribution to the seed (record.derive_seed); revealed
    nonce_by: str | None = None  # "client", "server" (its client committed to none) or "bot"
    nonce_commitment: str | None = None  # sent with the seat; its nonce comes with the reveal
    account: str | None = None  # the account holding it (its name); None: a guest or a bot

    @property
    def taken(self) -> bool:
        return self.bot is not None or self.token_hash is not None

    @property
    def rated(self) -> bool:
        """An account's seat, or one the game master's bots hold from before the start."""
        return self.account is not None or self.nonce_by == "bot"


def seat_record(s: Seat) -> r.SeatRecord:
    return r.SeatRecord(seat=s.index, nonce_commitment=s.nonce_commitment, **pick(s, *SEAT_FIELDS))


class Members:
    """Table ``tid``'s seats (the table's own list) and spectators, linked to their
    connections, and the frames sent to them."""

    __slots__ = ("addresses", "post", "seats", "seq", "spectators", "tid")

    def __init__(self, tid: str, post: Post, seats: list[Seat]) -> None:
        self.tid = tid
        self.post = post
        self.seats = seats
        self.spectators: set[int] = set()
        self.seq = 0  # the number of the last table frame sent (never repeats for anyone)
        self.addresses = [f"{tid}/{s.index}" for s in seats]  # each seat's "to"

    # ============================================================== the links
    def sit(self, seat: Seat, c: Conn) -> None:
        """``c`` holds ``seat`` (a join, quick play, a rematch's new table)."""
        seat.conn = c.id
        c.seats[self.tid] = seat.index

    def take_over(self, seat: Seat, c: Conn) -> Conn | None:
        """``c`` holds ``seat`` (a resume); returns the other connection that held it, which
        no longer does (to be told), if it is still here."""
        old = self.conn(seat.conn) if seat.conn != c.id else None
        if old is not None:
            old.seats.pop(self.tid, None)
        self.sit(seat, c)
        return old

    def unseat(self, c: Conn) -> Seat:
        """``c`` leaves the seat it holds here (it must hold one): the seat has no connection."""
        seat = self.seats[c.seats.pop(self.tid)]
        seat.conn = None
        return seat

    def watch(self, c: Conn) -> None:
        self.spectators.add(c.id)
        c.watching.add(self.tid)

    def unwatch(self, c: Conn) -> bool:
        """``c`` stops watching; False if it was not."""
        if c.id not in self.spectators:
            return False
        self.spectators.discard(c.id)
        c.watching.discard(self.tid)
        return True

    def drop(self, c: Conn) -> Seat | None:
        """``c`` is gone: it watches no more, and the seat it held (returned) waits for it."""
        self.unwatch(c)
        idx = c.seats.pop(self.tid, None)
        if idx is None or self.seats[idx].conn != c.id:
            return None
        self.seats[idx].conn = None
        return self.seats[idx]

    def release(self) -> None:
        """The table leaves memory: no connection holds or watches it any more."""
        for s in self.seats:
            c = self.conn(s.conn)
            if c is not None:
                c.seats.pop(self.tid, None)
            s.conn = None
        for cid in self.spectators:
            c = self.conn(cid)
            if c is not None:
                c.watching.discard(self.tid)
        self.spectators.clear()

    # ============================================================== who is here
    def conn(self, cid: int | None) -> Conn | None:
        """Connection ``cid`` if it is still open."""
        return None if cid is None else self.post.conns.get(cid)

    def seat_of(self, c: Conn) -> int | None:
        """The index of the seat ``c`` holds here (None: it holds none)."""
        return c.seats.get(self.tid)

    def held_by(self, c: Conn) -> bool:
        """Whether ``c`` holds a seat here or its account held one."""
        return self.seat_of(c) is not None or self.account_seat(c.account) is not None

    def watches(self, c: Conn) -> bool:
        return c.id in self.spectators

    def account_seat(self, account: str | None) -> Seat | None:
        """The seat ``account`` holds here (None: a guest, or no seat)."""
        if account is None:
            return None
        key = account.casefold()
        return next(
            (s for s in self.seats if s.account is not None and s.account.casefold() == key),
            None,
        )

    def seated(self) -> Iterator[tuple[Seat, Conn]]:
        """Each seat held by an open connection, with it."""
        conns = self.post.conns
        for s in self.seats:
            if s.conn is not None:
                c = conns.get(s.conn)
                if c is not None:
                    yield s, c

    def watching(self) -> Iterator[Conn]:
        """Each spectator's open connection."""
        conns = self.post.conns
        for cid in self.spectators:
            c = conns.get(cid)
            if c is not None:
                yield c

    def infos(self) -> list[m.SeatInfo]:
        """The seats as the lobby and the members see them."""
        return [
            m.SeatInfo(
                seat=s.index,
                name=s.name,
                bot=s.bot,
                taken=s.taken,
                connected=s.conn is not None or s.bot is not None,
                away=s.away,
                account=s.account is not None,
            )
            for s in self.seats
        ]

    # ============================================================== what they are sent
    def next_seq(self) -> int:
        """A number for a table frame sent to one member only: seq never repeats for anyone."""
        self.seq += 1
        return self.seq

    def send(self, cid: int, msg: m.Message) -> None:
        self.post.send(cid, msg)

    def reply(self, c: Conn, req: m.Message, cls: type[m.Message], body: Any) -> None:
        """The answer to ``c``'s request ``req`` (its id echoed)."""
        self.post.reply(c, req, cls, body)

    def broadcast(self, make: Callable[[str, int], m.Message]) -> None:
        """One table frame to every member, made by ``make(to, seq)`` under one new seq (one
        message for all the spectators)."""
        seq = self.next_seq()
        send = self.post.send
        for s in self.seats:
            if s.conn is not None:
                send(s.conn, make(self.addresses[s.index], seq))
        if self.spectators:
            spect = make(f"{self.tid}/spectators", seq)
            for cid in self.spectators:
                send(cid, spect)
