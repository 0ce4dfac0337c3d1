"""A rematch: the players' votes (each with its seat's nonce_commitment for the new table) and,
once every player has voted, the new table with the same seats (the connections still here keep
theirs, with new tokens and their commitments) and the secret committed in the finished table's
``game_over``; its seats then reveal their nonces as at any table. The lobby opens it
(:meth:`~atout.server.core.lobby.Lobby.open_rematch`) and holds it."""

from __future__ import annotations

from atout.locales import both
from atout.protocol import messages as m
from atout.protocol.errors import ProtocolError
from atout.server.core import told
from atout.server.core.actor import TableActor
from atout.server.core.conns import Conn, token_hash
from atout.server.core.members import Seat
from atout.server.core.restore import head_record
from atout.server.core.status import Status
from atout.server.core.table import Host, Table
from atout.server.storage import record as r


def on_rematch(t: TableActor, c: Conn, msg: m.Rematch, now: float) -> None:
    idx = t.members.seat_of(c)
    if idx is None:
        raise ProtocolError("table.not_seated", *both("error-table-not-seated-rematch"))
    if t.status != Status.FINISHED:
        raise ProtocolError("table.not_finished", *both("error-table-not-finished"))
    if t.rematch is not None:
        nt = t.host.table(t.rematch)
        t.members.reply(c, msg, m.Ok, m.TableBody(table=t.rematch))
        if nt is not None:
            seq = t.members.next_seq()
            t.members.send(c.id, told.rematch_ready(t, t.members.addresses[idx], seq))
        return
    t.rematch_votes.add(idx)
    t.rematch_commitments[idx] = msg.body.nonce_commitment
    t.members.reply(c, msg, m.Ok, m.TableBody(table=t.id))
    body = m.RematchBody(table=t.id, votes=sorted(t.rematch_votes))
    t.members.broadcast(lambda to, seq: m.RematchVotes(sender=m.GM, to=to, seq=seq, body=body))
    humans = {s.index for s in t.seats if s.bot is None}
    if humans <= t.rematch_votes:
        t.host.make_rematch(t, now)


def make_rematch(host: Host, t: Table, nid: str, now: float) -> TableActor:
    """Every player of ``t`` voted: table ``nid`` with the same seats (the connections still
    here keep theirs, with new tokens; its spectators watch it), its secret the one committed
    in ``game_over``; stored, and announced to ``t``'s members. Not started yet."""
    nt = TableActor(
        host=host,
        id=nid,
        game=t.game,
        players=t.players,
        options=t.options,
        settings=t.settings,
        created=now,
        seats=[Seat(s.index, name=s.name, bot=s.bot) for s in t.seats],
        rematch_of=t.id,
    )
    # the secret committed in game_over, then the commitments given with the votes
    nt.commit_secret(t.next_secret or r.new_secret(host.entropy(32)))
    tokens: dict[int, str] = {}
    for s, old in zip(nt.seats, t.seats, strict=True):
        c = t.members.conn(old.conn) if s.bot is None else None
        if c is not None:
            tokens[s.index] = tok = host.entropy(16).hex()
            s.token_hash = token_hash(tok)
            nt.commit_nonce(s, t.rematch_commitments.get(s.index))
            nt.members.sit(s, c)
        elif s.bot is None:
            s.name = ""
    t.rematch = nid
    host.store.create_table(head_record(nt))
    host.store.set_rematch(t.id, nid)
    seq = t.members.next_seq()  # rematch_ready: after the votes, its own number
    for old, c in t.members.seated():
        tok = tokens.get(old.index)
        seat = old.index if tok else None
        to = t.members.addresses[old.index]
        t.members.send(c.id, told.rematch_ready(t, to, seq, seat, tok))
    spectators = list(t.members.watching())
    for c in spectators:
        nt.members.watch(c)
    if spectators:
        ready = told.rematch_ready(t, f"{t.id}/spectators", seq)
        for c in spectators:
            t.members.send(c.id, ready)
    told.table_changed(nt)
    return nt
