"""A table to its record and back: the head record written at its creation, and the actor
rebuilt from a record (a restart, a finished table read back, or another node taking it over)."""

from __future__ import annotations

import msgspec

from atout.games import get_game
from atout.protocol import messages as m
from atout.server.core.actor import TableActor
from atout.server.core.fields import SEAT_FIELDS, pick
from atout.server.core.members import Seat, seat_record
from atout.server.core.status import Status, Timer
from atout.server.core.table import Host, Table, replay
from atout.server.storage import record as r


def head_record(t: Table) -> r.TableRecord:
    return r.TableRecord(
        table=t.id,
        game=t.game.id,
        settings=msgspec.to_builtins(t.settings),
        status=Status.WAITING.value,
        seats=[seat_record(s) for s in t.seats],
        **pick(t, "players", "options", "created", "rematch_of", "secret", "commitment"),
    )


def from_record(host: Host, rec: r.TableRecord, now: float) -> TableActor:
    """Rebuild a table from its record (a restart, or a finished table read back)."""
    game = get_game(rec.game)
    settings = msgspec.convert(rec.settings, m.CreateTableBody)
    seats = [
        Seat(s.seat, nonce_commitment=s.nonce_commitment, **pick(s, *SEAT_FIELDS))
        for s in rec.seats
    ]
    t = TableActor(
        host=host,
        id=rec.table,
        game=game,
        players=rec.players,
        options=rec.options,
        settings=settings,
        created=rec.created,
        seats=seats,
        status=Status(rec.status),
        rematch_of=rec.rematch_of,
        rematch=rec.rematch,
        secret=rec.secret,
        commitment=rec.commitment,
        next_secret=rec.next_secret,
    )
    store, lim = host.store, host.limits
    if rec.status == Status.WAITING and t.secret is None:  # a table of an older database
        t.commit_secret(r.new_secret(host.entropy(32)))
        store.set_secret(t.id, t.secret, t.commitment)  # type: ignore[arg-type]
        for s in t.seats:
            if s.bot is not None:
                t.save_seat(s)
    if rec.status == Status.WAITING and lim.waiting_ttl > 0:
        t.push(max(now, rec.created + lim.waiting_ttl), Timer.EXPIRE)
    if rec.status == Status.WAITING and all(s.taken for s in t.seats):
        resume_reveals(t, now)
    if rec.status in (Status.PLAYING, Status.FINISHED):
        t.state, t.history = replay(rec)
        t.seed, t.commitment = rec.seed, rec.commitment
        t.moves = list(rec.moves)
        t.members.seq = t.version + 1
        if rec.status == Status.FINISHED:
            t.result = rec.result
        elif t.state.current is None:  # crashed between the last move and the finish
            t.finish(now)
        else:
            for s in t.seats:
                if s.bot is None:  # nobody is connected after a restart
                    t.gone(s, now)
            t.schedule(now)
    return t


def resume_reveals(t: TableActor, now: float) -> None:
    """A full waiting table whose seats were revealing (an autostart table, or one a seat had
    revealed at) asks again, with a new time-out: its seats are the same, so the nonces still
    awaited are bound by the same commitments."""
    began = any(s.nonce_commitment is not None and s.nonce is not None for s in t.seats)
    if (t.settings.autostart or began) and t.pending_reveals():
        t.ask_reveals(now)
