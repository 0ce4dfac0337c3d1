"""Reactions and chat at a table: who may talk (its players and spectators), how often, and the
chat text as it is relayed."""

from __future__ import annotations

import unicodedata

from atout.protocol import messages as m
from atout.protocol.errors import ProtocolError
from atout.server.core import members as view
from atout.server.core.conns import BIDI, Bucket, Conn
from atout.server.core.table import TableActor

REACT_EVERY = 3.0  # seconds between two reactions of one member
CHAT_EVERY = 2.0  # seconds between two chat lines of one member


def member(t: TableActor, c: Conn) -> int | None:
    """``c``'s seat here (None: a spectator); refused if it is neither."""
    idx = c.seats.get(t.id)
    if idx is None and c.id not in t.spectators:
        raise ProtocolError(
            "table.not_member",
            "Only the players and spectators of this table can talk to it.",
            "Seuls les joueurs et spectateurs de cette table peuvent lui parler.",
        )
    return idx


def talk_limit(
    t: TableActor, c: Conn, idx: int | None, kind: str, every: float, now: float
) -> None:
    key = (kind, idx if idx is not None else f"c{c.id}")
    b = t.talk.get(key)
    if b is None:
        b = t.talk[key] = Bucket(1.0 / every, 1, now)
    wait = b.take(now)
    if wait:
        raise ProtocolError(
            f"limit.{kind}",
            f"Not so fast: retry in {wait:.1f} s.",
            f"Pas si vite : réessayez dans {wait:.1f} s.",
            detail={"retry_after": round(wait + 0.0005, 3)},
        )


def on_react(t: TableActor, c: Conn, msg: m.React, now: float) -> None:
    idx = member(t, c)
    talk_limit(t, c, idx, "react", REACT_EVERY, now)
    t.host.reply(c, msg, m.Ok, m.TableBody(table=t.id))
    body = m.ReactionBody(table=t.id, seat=idx, phrase=msg.body.phrase)
    view.broadcast(t, lambda to: m.Reaction(sender=m.GM, to=to, seq=t.seq, body=body))


def on_chat(t: TableActor, c: Conn, msg: m.Chat, now: float) -> None:
    if not t.host.chat:
        raise ProtocolError(
            "table.chat_disabled",
            "This server has no free chat: use the reactions.",
            "Ce serveur n'a pas de discussion libre : utilisez les réactions.",
        )
    idx = member(t, c)
    text = clean_text(msg.body.text)
    if not text:
        raise ProtocolError(
            "table.bad_text",
            "Nothing to say: the text is empty.",
            "Rien à dire : le texte est vide.",
        )
    talk_limit(t, c, idx, "chat", CHAT_EVERY, now)
    t.host.reply(c, msg, m.Ok, m.TableBody(table=t.id))
    name = t.seats[idx].name if idx is not None else c.name or ""
    body = m.ChatOutBody(table=t.id, seat=idx, name=name, text=text)
    view.broadcast(t, lambda to: m.ChatOut(sender=m.GM, to=to, seq=t.seq, body=body))


def clean_text(text: str) -> str:
    """Chat text as relayed: control and direction characters removed, spaces trimmed."""
    kept = "".join(
        " " if ch in "\t\n" else ch
        for ch in text
        if ch in "\t\n"
        or (ch not in BIDI and unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn"))
    )
    return " ".join(kept.split())
