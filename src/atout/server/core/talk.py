"""Reactions and chat at a table: who may talk (its players and spectators), how often, and the
chat text as it is relayed."""

from __future__ import annotations

import unicodedata

from atout.locales import both
from atout.protocol import messages as m
from atout.protocol.errors import ProtocolError
from atout.server.core.conns import BIDI, Bucket, Conn
from atout.server.core.members import Members

REACT_EVERY = 3.0  # seconds between two reactions of one member
CHAT_EVERY = 2.0  # seconds between two chat lines of one member


class Talk:
    """What a table's members say to each other, each member within its own limits."""

    __slots__ = ("limits", "members")

    def __init__(self, members: Members) -> None:
        self.members = members
        self.limits: dict[tuple[str, int | str], Bucket] = {}  # (kind, seat or connection)

    def react(self, c: Conn, msg: m.React, now: float) -> None:
        idx = self.member(c)
        self.limit(c, idx, "react", REACT_EVERY, now)
        tid = self.members.tid
        self.members.reply(c, msg, m.Ok, m.TableBody(table=tid))
        body = m.ReactionBody(table=tid, seat=idx, phrase=msg.body.phrase)
        self.members.broadcast(lambda to, seq: m.Reaction(sender=m.GM, to=to, seq=seq, body=body))

    def chat(self, c: Conn, msg: m.Chat, now: float, allowed: bool) -> None:
        """A chat line, relayed if the game master relays free chat (``allowed``)."""
        if not allowed:
            raise ProtocolError(
                "table.chat_disabled",
                *both("error-table-chat-disabled"),
            )
        idx = self.member(c)
        text = clean_text(msg.body.text)
        if not text:
            raise ProtocolError(
                "table.bad_text",
                *both("error-table-bad-text"),
            )
        self.limit(c, idx, "chat", CHAT_EVERY, now)
        tid = self.members.tid
        self.members.reply(c, msg, m.Ok, m.TableBody(table=tid))
        name = self.members.seats[idx].name if idx is not None else c.name or ""
        body = m.ChatOutBody(table=tid, seat=idx, name=name, text=text)
        self.members.broadcast(lambda to, seq: m.ChatOut(sender=m.GM, to=to, seq=seq, body=body))

    def member(self, c: Conn) -> int | None:
        """``c``'s seat here (None: a spectator); refused if it is neither."""
        idx = self.members.seat_of(c)
        if idx is None and not self.members.watches(c):
            raise ProtocolError(
                "table.not_member",
                *both("error-table-not-member"),
            )
        return idx

    def limit(self, c: Conn, idx: int | None, kind: str, every: float, now: float) -> None:
        key = (kind, idx if idx is not None else f"c{c.id}")
        b = self.limits.get(key)
        if b is None:
            b = self.limits[key] = Bucket(1.0 / every, 1, now)
        wait = b.take(now)
        if wait:
            raise ProtocolError(
                f"limit.{kind}",
                *both("error-limit-talk", wait=wait),
                detail={"retry_after": round(wait + 0.0005, 3)},
            )


def clean_text(text: str) -> str:
    """Chat text as relayed: control and direction characters removed, spaces trimmed."""
    kept = "".join(
        " " if ch in "\t\n" else ch
        for ch in text
        if ch in "\t\n"
        or (ch not in BIDI and unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn"))
    )
    return " ".join(kept.split())
