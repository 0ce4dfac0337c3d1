"""A rematch: the players' votes (each with its seat's nonce_commitment for the new table) and,
once every player has voted, the new table with the same seats (the connections still here keep
theirs, with new tokens and their commitments) and the secret committed in the finished table's
``game_over``; its seats then reveal their nonces as at any table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from atout.protocol import messages as m
from atout.protocol.errors import ProtocolError
from atout.server.core import members as view
from atout.server.core.conns import Conn, token_hash
from atout.server.core.restore import head_record
from atout.server.core.status import Status
from atout.server.core.table import Seat, TableActor
from atout.server.storage import record as r

if TYPE_CHECKING:
    from atout.server.core.router import Core


def on_rematch(t: TableActor, c: Conn, msg: m.Rematch, now: float) -> None:
    idx = c.seats.get(t.id)
    if idx is None:
        raise ProtocolError(
            "table.not_seated", "Only a player of this table may ask for a rematch."
        )
    if t.status != Status.FINISHED:
        raise ProtocolError(
            "table.not_finished", "The game is not over.", "La partie n'est pas finie."
        )
    if t.rematch is not None:
        nt = t.host.table(t.rematch)
        t.host.reply(c, msg, m.Ok, m.TableBody(table=t.rematch))
        if nt is not None:
            send_rematch_ready(t, c, idx)
        return
    t.rematch_votes.add(idx)
    t.rematch_commitments[idx] = msg.body.nonce_commitment
    t.host.reply(c, msg, m.Ok, m.TableBody(table=t.id))
    view.broadcast(
        t,
        lambda to: m.RematchVotes(
            sender=m.GM,
            to=to,
            seq=t.seq,
            body=m.RematchBody(table=t.id, votes=sorted(t.rematch_votes)),
        ),
    )
    humans = {s.index for s in t.seats if s.bot is None}
    if humans <= t.rematch_votes:
        t.host.make_rematch(t, now)


def send_rematch_ready(t: TableActor, c: Conn, idx: int) -> None:
    t.host.send(c.id, view.rematch_ready(t, f"{t.id}/{idx}", t.next_seq()))


def make_rematch(core: Core, t: TableActor, now: float) -> None:
    """Every player voted: a new table with the same seats (the connections still here
    keep theirs, with new tokens), its secret the one committed in ``game_over``."""
    nid = core.lobby.new_table_id()
    nt = TableActor(
        host=core,
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
    nt.commit_secret(t.next_secret or r.new_secret(core.entropy(32)))
    tokens: dict[int, str] = {}
    for s, old in zip(nt.seats, t.seats, strict=True):
        if s.bot is None and old.conn is not None and old.conn in core.conns:
            tokens[s.index] = tok = core.entropy(16).hex()
            s.token_hash, s.conn = token_hash(tok), old.conn
            nt.commit_nonce(s, t.rematch_commitments.get(s.index))
            core.conns[old.conn].seats[nid] = s.index
        elif s.bot is None:
            s.name = ""
    t.rematch = nid
    core.tables[nid] = nt
    core.store.create_table(head_record(nt))
    core.store.set_rematch(t.id, nid)
    t.seq += 1  # rematch_ready: after the votes, its own number
    for s in t.seats:
        if s.conn is not None and s.conn in core.conns:
            tok = tokens.get(s.index)
            seat = s.index if tok else None
            core.send(s.conn, view.rematch_ready(t, f"{t.id}/{s.index}", t.seq, seat, tok))
    for cid in list(t.spectators):
        c = core.conns.get(cid)
        if c is None:
            continue
        nt.spectators.add(cid)
        c.watching.add(nid)
        core.send(cid, view.rematch_ready(t, f"{t.id}/spectators", t.seq))
    view.broadcast_table(nt)
    nt.maybe_autostart(now)
