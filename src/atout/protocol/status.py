"""Where a table is in its life: the statuses a table's info carries (``TableInfo.status``) and
its record keeps. One enum for everyone who compares them — the game master, its stores, the
client libraries — so that a status is never spelled as a string in code."""

from __future__ import annotations

import enum


class Status(enum.StrEnum):
    """Where a table is in its life; the last three are ends (a ``str``: it is its JSON)."""

    WAITING = "waiting"
    PLAYING = "playing"
    FINISHED = "finished"
    ABORTED = "aborted"  # its own work failed, or a seat withheld its nonce
    CLOSED = "closed"  # nobody started it in time, or every player was gone too long


#: Tables still to play: listed in the lobby, rebuilt after a restart.
OPEN = (Status.WAITING, Status.PLAYING)
#: Tables over: with a result (finished) or without (aborted, closed).
ENDED = (Status.FINISHED, Status.ABORTED, Status.CLOSED)
