"""Connections: who is on the other end, what they hold, and what they may still send.

A :class:`Conn` is one client connection as the game master knows it (its name, language, seats
and watched tables); per-connection and per-address token buckets limit its commands
(:class:`~atout.server.core.limits.CoreLimits`); :func:`check_name` is the rule for names
(:mod:`atout.server.accounts.names`) as a guest's hello meets it.
"""

from __future__ import annotations

import hashlib
import ipaddress
from dataclasses import dataclass, field

from atout.locales import both
from atout.protocol.codec import request_id
from atout.protocol.errors import ProtocolError
from atout.server.accounts import names
from atout.server.accounts.names import BIDI as BIDI  # where talk.py (and accounts.py) find it


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


def check_name(name: str) -> str:
    """A guest's name as the game master keeps it, by the rule accounts share
    (:func:`atout.server.accounts.names.check`); refused with ``lobby.bad_name``, detail.reason saying
    why (a key of :data:`atout.server.accounts.names.NAME_WHY`)."""
    try:
        return names.check(name)
    except names.BadName as e:
        raise ProtocolError(
            "lobby.bad_name",
            *both("error-lobby-bad-name", most=names.NAME_MAX),
            detail={"reason": e.reason},
        ) from None


def limited(code: str, wait: float) -> ProtocolError:
    return ProtocolError(
        code,
        *both("error-" + code.replace(".", "-").replace("_", "-"), wait=wait),
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
