"""Copying same-named fields between the server's objects and their records or messages, so a
field added to both sides is carried over without a new line in every copy."""

from __future__ import annotations

from typing import Any

#: What a seat's record keeps of a seat, besides its index (``SeatRecord.seat``).
SEAT_FIELDS = ("name", "bot", "token_hash", "nonce", "nonce_by", "account")


def pick(obj: Any, *names: str) -> dict[str, Any]:
    """``{name: obj.name}`` for each of ``names``: keyword arguments for a record or message."""
    return {n: getattr(obj, n) for n in names}
