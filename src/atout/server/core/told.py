"""What a table's members are told: the one builder of updates (after a move, or a catch-up),
``started``, ``reveal``, ``game_over``, ``rematch_ready`` and the table's info.

Hidden information: every update is built from ``state.view(seat)`` and the events ``seat`` may
see (:meth:`Event.visible_to`); nothing else about a state leaves the game master, and with the
leak guard on every update is checked (:mod:`~atout.server.core.leak`). Frames go out through
the table's :class:`~atout.server.core.members.Members`.
"""

from __future__ import annotations

from itertools import islice
from typing import Any

import msgspec

from atout.games.base import Event
from atout.protocol import messages as m
from atout.server.core.conns import Conn
from atout.server.core.fields import pick
from atout.server.core.leak import check_leak
from atout.server.core.status import Status
from atout.server.core.table import Table
from atout.server.storage import record as r

#: A catch-up replays the events of at most this many steps, the latest: the view is whole
#: whatever the version asked, and a longer replay would cost the loop in proportion to the
#: history (a match of Le Quinze runs to thousands of steps; a watcher may ask again and again).
CATCH_UP_STEPS = 200
#: Catch-ups kept per table for its current version (a watch asked again costs an encode only).
CATCH_UP_MEMO = 8


# ================================================================== the table
def info(t: Table) -> m.TableInfo:
    """The table as the lobby and its members see it."""
    return m.TableInfo(
        table=t.id,
        game=t.game.id,
        status=t.status,  # type: ignore[arg-type]
        seats=t.members.infos(),
        turn_seconds=t.settings.turn_seconds,
        private=t.settings.private,
        spectators=len(t.members.spectators),
        fill_in=(
            None
            if t.fill_at is None or t.status != Status.WAITING
            else round(max(0.0, t.fill_at - t.host.now), 3)
        ),
        **pick(
            t,
            "players",
            "options",
            "version",
            "commitment",
            "rematch_of",
            "rematch",
            "withheld",
            "rated",
            "quick",
        ),
    )


def table_changed(t: Table) -> None:
    """Every member is sent the table's info (a seat taken, left, away, the table closed)."""
    body = info(t)
    t.members.broadcast(lambda to, seq: m.Table(sender=m.GM, to=to, seq=seq, body=body))


def started(t: Table, nonces: list[str]) -> None:
    """Every member is told the deal is made: the seats, and what proves the seed."""
    body = m.StartedBody(
        table=t.id,
        commitment=t.commitment or "",
        seats=t.members.infos(),
        nonces=nonces,
        commitments=[s.nonce_commitment for s in t.seats],
    )
    t.members.broadcast(lambda to, seq: m.Started(sender=m.GM, to=to, seq=seq, body=body))


def game_over(t: Table, to: str, seq: int) -> m.GameOver:
    """``game_over``: the result, and what proves the deal (format 1: the seed alone)."""
    fair = t.secret is not None
    body = m.GameOverBody(
        table=t.id,
        result=t.result or {},
        seed=t.seed or "",
        commitment=t.commitment or "",
        version=t.version,
        secret=t.secret,
        nonces=[s.nonce or "" for s in t.seats] if fair else [],
        commitments=[s.nonce_commitment for s in t.seats] if fair else [],
        rematch_commitment=(
            r.secret_commitment(t.next_secret) if t.next_secret and t.rematch is None else None
        ),
    )
    return m.GameOver(sender=m.GM, to=to, seq=seq, body=body)


def reveal_ask(t: Table, to: str, seq: int, now: float) -> m.RevealAsk:
    """``reveal``: every seat's commitment, the seats still to reveal and the time left."""
    body = m.RevealAskBody(
        table=t.id,
        commitments=[s.nonce_commitment for s in t.seats],
        pending=t.pending_reveals(),
        deadline=round(max(0.0, (t.reveal_at or now) - now), 3),
    )
    return m.RevealAsk(sender=m.GM, to=to, seq=seq, body=body)


def rematch_ready(
    t: Table, to: str, seq: int, seat: int | None = None, token: str | None = None
) -> m.RematchReady:
    body = m.RematchReadyBody(table=t.id, new_table=t.rematch or "", seat=seat, token=token)
    return m.RematchReady(sender=m.GM, to=to, seq=seq, body=body)


# ================================================================== updates
def listed(t: Table) -> tuple[list[Any], int]:
    """At most :data:`~atout.protocol.messages.MAX_LEGAL` of the legal moves as a plain list,
    and how many there are; a complete list is kept on the table (``legal_memo``) for the
    check of the move that answers it."""
    state = t.state
    assert state is not None
    legal = state.legal_moves()
    n = len(legal)
    cap = m.MAX_LEGAL
    if isinstance(legal, list) and n <= cap:
        t.legal_memo = (state, state.move_count, legal)
        return legal, n
    return list(islice(legal, cap)), n


def update_body(t: Table, seat: int | None, events: list[m.EventOut], now: float) -> m.UpdateBody:
    """An update for ``seat`` (None: spectators): its view, the events given, and its legal
    moves when it is the seat to act."""
    state = t.state
    assert state is not None
    turn = state.current
    legal = total = None
    if seat is not None and seat == turn:
        legal, total = listed(t)
    return m.UpdateBody(
        table=t.id,
        version=t.version,
        turn=turn,
        seat=seat,
        events=events,
        view=state.view(seat),
        legal=legal,
        legal_total=total,
        deadline=None if t.turn_deadline is None else max(0.0, round(t.turn_deadline - now, 3)),
    )


def events_out(
    t: Table, events: list[Event], seat: int | None, lang: str | None
) -> list[m.EventOut]:
    """The events ``seat`` may see, with their sentence in ``lang`` (None: no text) as told to
    that seat."""
    describe = t.game.describe if lang is not None else None
    return [
        m.EventOut(
            kind=e.kind,
            seat=e.seat,
            data=e.data,
            text=describe(e, lang, seat) if describe else None,  # type: ignore[arg-type]
        )
        for e in events
        if e.visible_to(seat)
    ]


def send_updates(
    t: Table, events: list[Event], reply: tuple[int, int | None] | None, now: float
) -> None:
    """Each member's own update: its view, the events it may see, its legal moves.

    The hot path of a move: each seat's view once (the game builds what they share once:
    :meth:`~atout.games.base.State.shared_view`), events converted once per audience (usually
    one: every event public), legal moves only for the seat to act.
    """
    members = t.members
    seq = members.next_seq()
    send, guard = members.send, t.host.leak_guard
    public = all(e.to is None and not e.hide for e in events)
    seen: dict[Any, list[m.EventOut]] = {}

    def events_seen(seat: int | None, c: Conn) -> list[m.EventOut]:
        # shared by every recipient who sees the same events in the same words (messages
        # are encoded, never modified, so sharing the list is safe); in words, each seat has
        # its own (what it did is said to it in the second person)
        lang = c.lang if c.texts else None
        key = (None if public and lang is None else seat, lang)
        got = seen.get(key)
        if got is None:
            got = seen[key] = events_out(t, events, seat, lang)
        return got

    rconn, rid = reply if reply is not None else (None, None)
    for s, c in members.seated():
        seat = s.index
        body = update_body(t, seat, events_seen(seat, c), now)
        msg = m.Update(
            sender=m.GM,
            to=members.addresses[seat],
            seq=seq,
            id=rid if c.id == rconn else None,
            body=body,
        )
        if guard:
            check_leak(t.state, t.id, seat, msg)
        send(c.id, msg)
    spect: dict[tuple[str, bool], m.Message] = {}
    for c in members.watching():
        key = (c.lang, c.texts)
        msg = spect.get(key)  # type: ignore[assignment]
        if msg is None:
            body = update_body(t, None, events_seen(None, c), now)
            msg = spect[key] = m.Update(sender=m.GM, to=f"{t.id}/spectators", seq=seq, body=body)
            if guard:
                check_leak(t.state, t.id, None, msg)
        send(c.id, msg)


# ================================================================== catching up
def caught_up(t: Table, seat: int | None, since: int, lang: str | None) -> list[m.EventOut]:
    """The events of the steps from ``since`` on that ``seat`` may see, the latest
    ``CATCH_UP_STEPS`` of them; remembered until the next move (``Table.catch_ups``)."""
    memo = t.catch_ups
    steps = t.version + 1  # the deal, then each move
    first = min(max(since, steps - CATCH_UP_STEPS), steps)
    key = (first, seat, lang)
    got = memo.get(key)
    if got is None:
        got = events_out(t, [e for step in t.history_since(first) for e in step], seat, lang)
        if len(memo) >= CATCH_UP_MEMO:
            del memo[next(iter(memo))]
        memo[key] = got
    if first > since:  # said to this caller: how much it misses depends on what it saw
        left = Event("earlier", None, {"steps": first - since})
        text = t.game.describe(left, lang) if lang is not None else None
        got = [m.EventOut(kind=left.kind, data=left.data, text=text), *got]
    return got


def catch_up(t: Table, c: Conn, seat: int | None, version: int, now: float) -> None:
    """One update carrying the events ``seat`` missed since ``version`` (those of the last
    ``CATCH_UP_STEPS`` steps, after an ``earlier`` event counting the steps left out), then
    the end."""
    if t.state is None:
        return
    members = t.members
    lang = c.lang if c.texts else None
    body = update_body(t, seat, caught_up(t, seat, max(version, -1) + 1, lang), now)
    to = f"{t.id}/{'spectators' if seat is None else seat}"
    seq = members.next_seq()
    msg = m.Update(sender=m.GM, to=to, seq=seq, body=body)
    if t.host.leak_guard:
        # the events are history: a card shown at the deal may be hidden again now (shuffled
        # back into a stock), so only what is current is held against today's secrets
        now_only = msgspec.structs.replace(body, events=[])
        check_leak(t.state, t.id, seat, m.Update(sender=m.GM, to=to, seq=seq, body=now_only))
    members.send(c.id, msg)
    if t.status == Status.FINISHED:
        members.send(c.id, game_over(t, to, members.next_seq()))
