"""What the members of a table ask of it: a seat (join, resume, leave), to watch, to start, to
fill the empty seats with bots, a seat's nonce (reveal), a move, a hint.

Each handler takes the table, the asking connection, the message and the time, checks the request
and answers through the table's members (refusals are raised as :class:`ProtocolError` or
:class:`IllegalMove`; the router turns them into ``error`` frames); a seat taken, left or
watched is linked to its connection by :class:`~atout.server.core.members.Members`. The game's
rules are the game's: a move is only parsed here and applied by :meth:`TableActor.play`.
"""

from __future__ import annotations

import hmac

import msgspec

from atout.bots.hint import hint
from atout.games.base import IllegalMove
from atout.locales import both
from atout.protocol import messages as m
from atout.protocol.errors import ProtocolError, error_body
from atout.server.core import told
from atout.server.core.actor import TableActor
from atout.server.core.conns import Conn, token_hash
from atout.server.core.leak import check_leak
from atout.server.core.members import Seat
from atout.server.core.status import ENDED, Status
from atout.server.core.table import Table, parse_move
from atout.server.storage import record as r


def on_join(t: TableActor, c: Conn, msg: m.Join, now: float) -> None:
    if t.members.seat_of(c) is not None:
        raise already_seated()
    if t.members.account_seat(c.account) is not None:
        raise ProtocolError(
            "lobby.account_seated",
            *both("error-lobby-account-seated"),
        )
    if t.status in (Status.ABORTED, Status.CLOSED):
        raise closed(t)
    if t.status != Status.WAITING:
        raise ProtocolError(
            "table.already_started",
            *both("error-table-already-started"),
        )
    want = msg.body.seat
    if want is None:
        free = [s for s in t.seats if not s.taken]
        if not free:
            raise ProtocolError("lobby.table_full", *both("error-lobby-table-full"))
        seat = free[0]
    else:
        if not 0 <= want < t.players:
            raise ProtocolError("lobby.bad_seat", *both("error-lobby-bad-seat", seat=want))
        seat = t.seats[want]
        if seat.taken:
            raise ProtocolError("lobby.seat_taken", *both("error-lobby-seat-taken", seat=want))
    seat_player(t, c, msg, seat, msg.body.nonce_commitment, now)


def seat_player(
    t: TableActor, c: Conn, msg: m.Message, seat: Seat, commitment: str | None, now: float
) -> None:
    """``c`` takes the free ``seat`` with its nonce's ``commitment`` (None: the game master's
    nonce): its token in the reply (``joined``), then the table."""
    token = t.host.entropy(16).hex()
    seat.name, seat.token_hash = c.name or "", token_hash(token)
    seat.account = c.account
    t.commit_nonce(seat, commitment)
    t.members.sit(seat, c)
    t.save_seat(seat)
    t.members.reply(c, msg, m.Joined, m.JoinedBody(table=t.id, seat=seat.index, token=token))
    told.table_changed(t)
    t.maybe_autostart(now)


def on_resume(t: TableActor, c: Conn, msg: m.Resume, now: float) -> None:
    """Take a seat back with its token, or (no token, or a stale one) as the account that
    holds it: then a new token is issued and the old one no longer works."""
    b = msg.body
    token = b.token
    seat = None
    if token is not None:
        h = token_hash(token)
        seat = next(
            (
                s
                for s in t.seats
                if s.token_hash is not None and hmac.compare_digest(s.token_hash, h)
            ),
            None,
        )
    renew = seat is None  # taken back as the account that holds it: a new token
    if seat is None:
        seat = t.members.account_seat(c.account)
    if seat is None or seat.token_hash is None:
        raise ProtocolError(
            "lobby.bad_token",
            *both("error-lobby-bad-token"),
        )
    held = t.members.seat_of(c)
    if held is not None and held != seat.index:
        # one connection, one seat (the seat it holds would keep its connection for ever);
        # said before any token changes: a refusal changes nothing
        raise already_seated()
    if renew:
        token = t.host.entropy(16).hex()
        seat.token_hash = token_hash(token)
        t.save_seat(seat)
    old = t.members.take_over(seat, c)
    if old is not None:
        words = both("error-table-seat-taken-over")
        err = ProtocolError("table.seat_taken_over", *words, detail={"table": t.id})
        t.members.send(
            old.id, m.Error(sender=m.GM, to=old.name or "", body=error_body(err, old.lang))
        )
    t.back(seat, now)
    t.members.reply(c, msg, m.Joined, m.JoinedBody(table=t.id, seat=seat.index, token=token))
    told.table_changed(t)
    if t.reveal_at is not None:  # its seat may still owe its reveal
        ask = told.reveal_ask(t, t.members.addresses[seat.index], t.members.next_seq(), now)
        t.members.send(c.id, ask)
    told.catch_up(t, c, seat.index, b.version, now)


def already_seated() -> ProtocolError:
    return ProtocolError(
        "lobby.already_seated",
        *both("error-lobby-already-seated"),
    )


def on_watch(t: TableActor, c: Conn, msg: m.Watch, now: float) -> None:
    t.members.watch(c)
    t.members.reply(c, msg, m.Ok, m.TableBody(table=t.id))
    seq = t.members.next_seq()
    t.members.send(c.id, m.Table(sender=m.GM, to=f"{t.id}/spectators", seq=seq, body=told.info(t)))
    told.catch_up(t, c, None, msg.body.version, now)


def on_leave(t: TableActor, c: Conn, msg: m.Leave, now: float) -> None:
    if t.members.unwatch(c):
        t.members.reply(c, msg, m.Ok, m.TableBody(table=t.id))
        return
    if t.members.seat_of(c) is None:
        raise ProtocolError("table.not_seated", *both("error-table-not-seated"))
    if t.reveal_at is not None:  # a seat freed now could be taken again with a chosen nonce
        raise revealing()
    seat = t.members.unseat(c)
    idx = seat.index
    if t.status == Status.WAITING:
        seat.name, seat.token_hash, seat.nonce, seat.nonce_by = "", None, None, None
        seat.account = seat.nonce_commitment = None
    elif t.status == Status.PLAYING:
        seat.bot, seat.token_hash = t.settings.bot_kind, None
        seat.name = f"{seat.name} (bot)"
    if t.status not in ENDED:
        t.save_seat(seat)
    t.members.reply(c, msg, m.Ok, m.TableBody(table=t.id))
    told.table_changed(t)
    if t.status == Status.PLAYING and t.state is not None and t.state.current == idx:
        t.schedule(now)


def on_start(t: TableActor, c: Conn, msg: m.Start, now: float) -> None:
    if t.members.seat_of(c) is None:
        raise ProtocolError("table.not_seated", *both("error-table-not-seated-start"))
    if t.status != Status.WAITING:
        raise ProtocolError("table.already_started", *both("error-table-already-started"))
    if t.reveal_at is not None:
        raise revealing()
    if not all(s.taken for s in t.seats):
        raise ProtocolError(
            "table.not_ready",
            *both("error-table-not-ready"),
        )
    t.members.reply(c, msg, m.Ok, m.TableBody(table=t.id))
    t.start(now)


def on_fill_bots(t: TableActor, c: Conn, msg: m.FillBots, now: float) -> None:
    """The empty seats get the table's bot kind, then the game starts."""
    if t.members.seat_of(c) is None:
        raise ProtocolError(
            "table.not_seated",
            *both("error-table-not-seated-fill"),
        )
    if t.status != Status.WAITING:
        raise ProtocolError(
            "table.already_started",
            *both("error-table-already-started"),
        )
    if t.reveal_at is not None:
        raise revealing()
    if t.fill_at is not None and now < t.fill_at:
        wait = round(t.fill_at - now + 0.0005, 3)
        raise ProtocolError(
            "table.too_early",
            *both("error-table-too-early", wait=wait),
            detail={"retry_after": wait},
        )
    fill_bots(t)
    t.members.reply(c, msg, m.Ok, m.TableBody(table=t.id))
    told.table_changed(t)
    if all(s.taken for s in t.seats):
        t.start(now)


def closed(t: Table) -> ProtocolError:
    return ProtocolError(
        "table.closed",
        *both("error-table-closed", status=str(t.status)),
    )


def revealing() -> ProtocolError:
    return ProtocolError(
        "table.revealing",
        *both("error-table-revealing"),
    )


def on_reveal(t: TableActor, c: Conn, msg: m.Reveal, now: float) -> None:
    """A seat's nonce, once the game master asked for it: checked against the seat's
    commitment (a refusal changes nothing); the last reveal deals."""
    idx = seat_of(t, c)
    seat, nonce = t.seats[idx], msg.body.nonce
    if seat.nonce_commitment is None:
        raise ProtocolError(
            "table.no_commitment",
            *both("error-table-no-commitment"),
        )
    if t.status in (Status.ABORTED, Status.CLOSED):
        raise closed(t)
    if t.reveal_at is None:
        raise ProtocolError(
            "table.not_revealing",
            *both("error-table-not-revealing"),
        )
    if r.nonce_commitment(nonce) != seat.nonce_commitment:
        raise ProtocolError(
            "table.bad_reveal",
            *both("error-table-bad-reveal"),
            detail={"table": t.id, "commitment": seat.nonce_commitment},
        )
    t.members.reply(c, msg, m.Ok, m.TableBody(table=t.id))
    if seat.nonce is None:  # said again (a resumed seat): nothing new
        t.reveal(seat, nonce, now)


def fill_bots(t: Table, keep: int | None = None) -> None:
    """Every free seat but ``keep`` to a bot of the table's kind (its nonce fixed by the
    secret)."""
    kind = t.settings.bot_kind
    for s in t.seats:
        if not s.taken and s.index != keep:
            s.bot, s.name = kind, f"bot-{kind}"
            s.nonce, s.nonce_by = r.bot_nonce(t.secret or "", s.index), "bot"
            t.save_seat(s)


def on_move(t: TableActor, c: Conn, msg: m.Move, now: float) -> None:
    b = msg.body
    idx = playing_seat(t, c)
    if b.version != t.version:
        raise ProtocolError(
            "table.stale_state",
            *both("error-table-stale-state", version=b.version, current=t.version),
            detail={"version": t.version},
        )
    move = parse_move(t.game, b.move)
    t.play(idx, move, now, "player", (c.id, msg.id))


def on_hint(t: TableActor, c: Conn, msg: m.Hint, now: float) -> None:
    """The heuristic's move for the client's seat, from that seat's view only (cheap: the
    search bots would hold the event loop for a tenth of a second)."""
    idx = playing_seat(t, c)
    state = t.state
    assert state is not None
    if state.current != idx:
        raise IllegalMove(
            "not_your_turn",
            *both("error-not-your-turn", current=state.current, seat=idx),
        )
    move, why = hint(t.game, state.view(idx), state.legal_moves())
    listed, _ = told.listed(t)
    index = next((i for i, x in enumerate(listed) if x == move), None)
    body = m.AdviceBody(
        table=t.id,
        version=t.version,
        move=msgspec.to_builtins(move),
        index=index,
        why=why["en"],
        why_fr=why["fr"],
    )
    reply = m.Advice(sender=m.GM, to=c.name or "", id=msg.id, body=body)
    if t.host.leak_guard:
        check_leak(state, t.id, idx, reply)
    t.members.send(c.id, reply)


def seat_of(t: Table, c: Conn) -> int:
    """The client's seat here (``table.not_seated`` if it holds none)."""
    idx = t.members.seat_of(c)
    if idx is None:
        raise ProtocolError(
            "table.not_seated",
            *both("error-table-not-seated"),
        )
    return idx


def playing_seat(t: Table, c: Conn) -> int:
    """The client's seat here, for a request that needs a game in play."""
    idx = seat_of(t, c)
    if t.status == Status.WAITING or t.state is None:
        raise ProtocolError("table.not_started", *both("error-table-not-started"))
    if t.status == Status.FINISHED:
        raise ProtocolError("game.game_over", *both("error-game-over"))
    if t.status in ENDED:
        raise closed(t)
    return idx
