"""Connections: who is on the other end, what they hold, and what they may still send.

A :class:`Conn` is one client connection as the game master knows it (its name, language, seats
and watched tables); per-connection and per-address token buckets limit its commands
(:class:`~atout.server.limits.CoreLimits`); :func:`check_name` is the one rule for names.
"""

from __future__ import annotations

import hashlib
import ipaddress
import unicodedata
from dataclasses import dataclass, field

from atout.protocol.codec import request_id
from atout.protocol.errors import ProtocolError


class Bucket:
    """A token bucket: ``rate`` tokens a second, at most ``burst`` kept."""

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: int, now: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.stamp = now

    def take(self, now: float, cost: float = 1.0) -> float:
        """Take ``cost`` tokens: 0.0 if there were, else the seconds until there are (nothing
        taken then)."""
        self.tokens = min(self.burst, self.tokens + max(0.0, now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= cost:
            self.tokens -= cost
            return 0.0
        return (cost - self.tokens) / self.rate


@dataclass(slots=True)
class Address:
    """What one remote address may still do (shared by its connections)."""

    commands: Bucket
    creates: Bucket
    conns: int = 0


@dataclass(slots=True)
class Conn:
    id: int
    name: str | None = None
    account: str | None = None  # the logged-in account (its session cookie on the upgrade)
    lang: str = "en"
    texts: bool = False
    seats: dict[str, int] = field(default_factory=dict)
    watching: set[str] = field(default_factory=set)
    address: str | None = None  # None: loopback or unknown (no per-address limit)
    commands: Bucket | None = None
    creates: Bucket | None = None


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


#: Bidirectional formatting characters: they reorder what follows them on screen.
BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
RESERVED = ("gm",)  # and every name starting with "bot-": the game master's seats


def check_name(name: str) -> str:
    """A player's name as the game master keeps it: NFKC-normalised, trimmed; refused with
    ``lobby.bad_name`` if empty, too long, reserved (``gm``, ``bot-…``) or holding control,
    bidirectional-formatting, unassigned or private-use characters."""
    norm = unicodedata.normalize("NFKC", name).strip()
    why = None
    if not any(unicodedata.category(ch)[0] in "LNPS" for ch in norm):
        why = "empty"  # nothing to see: "", spaces, a zero-width space, marks alone
    elif len(norm) > 64:
        why = "too_long"
    elif any(ch in BIDI for ch in norm):
        why = "bidi"
    elif any(unicodedata.category(ch) in ("Cc", "Cs", "Co", "Cn", "Zl", "Zp") for ch in norm):
        why = "control"
    elif norm.casefold() in RESERVED or norm.casefold().startswith("bot-"):
        why = "reserved"
    if why is not None:
        raise ProtocolError(
            "lobby.bad_name",
            "This name is refused: it is empty or too long, holds control or direction "
            "characters, or is reserved ('gm', 'bot-…').",
            "Ce nom est refusé : vide ou trop long, il contient des caractères de contrôle ou "
            "de direction, ou il est réservé ('gm', 'bot-…').",
            detail={"reason": why},
        )
    return norm


def limited(code: str, what: str, wait: float) -> ProtocolError:
    return ProtocolError(
        code,
        f"{what}: retry in {wait:.2f} s.",
        f"{'Trop de commandes' if code == 'limit.rate' else 'Trop de tables créées'} : "
        f"réessayez dans {wait:.2f} s.",
        detail={"retry_after": round(wait + 0.0005, 3)},
    )


def frame_request_id(data: bytes | str) -> int | None:
    """The request id of a frame refused before it is decoded (cheap: no full decode)."""
    try:
        return request_id(data)
    except Exception:
        return None


def is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False
