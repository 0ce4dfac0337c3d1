"""Where a table is in its life, and what it asks to be woken for (plain enums, shared by the
table, the lobby and what members are sent)."""

from __future__ import annotations

import enum


class Status(enum.StrEnum):
    """Where a table is in its life; the last three are ends."""

    WAITING = "waiting"
    PLAYING = "playing"
    FINISHED = "finished"
    ABORTED = "aborted"  # its own work failed
    CLOSED = "closed"  # nobody started it in time, or every player was gone too long


ENDED = (Status.FINISHED, Status.ABORTED, Status.CLOSED)


class Timer(enum.Enum):
    """What a table asked to be woken for."""

    BOT = "bot"  # a seated bot (or a bot for an away player) plays
    TIMEOUT = "timeout"  # the turn's time is up: the default move
    EXPIRE = "expire"  # still waiting for its start
    EVICT = "evict"  # ended: leaves memory
    AWAY = "away"  # a player gone for the grace period (the seat in ``arg``)
    ABANDON = "abandon"  # every player gone too long
