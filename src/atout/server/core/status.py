"""Where a table is in its life (:class:`~atout.protocol.status.Status`, shared with the stores
and the clients), and what it asks to be woken for."""

from __future__ import annotations

import enum

from atout.protocol.status import ENDED as ENDED
from atout.protocol.status import OPEN as OPEN
from atout.protocol.status import Status as Status


class Timer(enum.Enum):
    """What a table asked to be woken for."""

    BOT = "bot"  # a seated bot (or a bot for an away player) plays
    TIMEOUT = "timeout"  # the turn's time is up: the default move
    EXPIRE = "expire"  # still waiting for its start
    EVICT = "evict"  # ended: leaves memory
    AWAY = "away"  # a player gone for the grace period (the seat in ``arg``)
    ABANDON = "abandon"  # every player gone too long
