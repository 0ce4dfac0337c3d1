"""A table actor driven alone: no Core, no network; a fake host records what it is asked."""

from __future__ import annotations

import random
from typing import Any

from atout.games import get_game
from atout.protocol import messages as m
from atout.server.core import seating
from atout.server.core.actor import TableActor
from atout.server.core.conns import Conn
from atout.server.core.limits import CoreLimits
from atout.server.core.members import Seat
from atout.server.core.restore import head_record
from atout.server.core.status import Status, Timer
from atout.server.storage.store import SQLiteStore


class FakeHost:
    """Everything a table may ask of its game master, kept in lists."""

    def __init__(self) -> None:
        self.store = SQLiteStore(":memory:")
        self.limits = CoreLimits.unlimited()
        self.entropy = random.Random(7).randbytes
        self.conns: dict[int, Conn] = {}
        self.out: list[tuple[int, m.Message]] = []
        self.leak_guard = True
        self.moves_applied = 0
        self.timers: list[tuple[float, Timer, int]] = []
        self.chat = False
        self.now = 0.0
        self.ended: list[str] = []

    def send(self, conn: int, msg: m.Message) -> None:
        self.out.append((conn, msg))

    def reply(self, c: Conn, req: m.Message, cls: type[m.Message], body: Any) -> None:
        self.send(c.id, cls(sender=m.GM, to=c.name or "", id=req.id, body=body))  # type: ignore[call-arg]

    def push(self, when: float, t: TableActor, kind: Timer, arg: int = -1) -> None:
        self.timers.append((when, kind, arg))

    def bot_move(self, t: TableActor, seat: int) -> Any:
        return t.state.legal_moves()[0]  # type: ignore[union-attr]

    def cancel_bot(self, t: TableActor) -> None:
        pass

    def table(self, tid: str) -> TableActor | None:
        return None

    def make_rematch(self, t: TableActor, now: float) -> None:
        raise AssertionError("no rematch here")

    def game_ended(self, t: TableActor, now: float) -> None:
        self.ended.append(t.id)


def new_table(host: FakeHost, bots: list[int]) -> TableActor:
    settings = m.CreateTableBody(
        game="q2j", players=2, bots=bots, turn_seconds=5.0, autostart=False
    )
    seats = [Seat(i, bot="random" if i in bots else None) for i in range(2)]
    t = TableActor(host, "t1", get_game("q2j"), 2, {}, settings, 0.0, seats)
    t.commit_secret("ab" * 32)
    host.store.create_table(head_record(t))
    return t


def join(host: FakeHost, t: TableActor, cid: int) -> None:
    c = host.conns[cid] = Conn(cid, name=f"p{cid}")
    seating.on_join(t, c, m.Join(id=cid, body=m.JoinBody(table=t.id)), 1.0)


def test_a_table_alone_seats_starts_and_plays():
    host = FakeHost()
    t = new_table(host, bots=[])
    join(host, t, 1)
    join(host, t, 2)
    assert t.status == Status.WAITING and all(s.taken for s in t.seats)
    t.start(2.0)
    assert t.status == Status.PLAYING and t.version == 0
    updates = [(cid, msg) for cid, msg in host.out if isinstance(msg, m.Update)]
    assert sorted(cid for cid, _ in updates) == [1, 2]  # each seat its own view
    assert host.timers[-1] == (7.0, Timer.TIMEOUT, -1)  # its own turn deadline
    seat = t.state.current  # type: ignore[union-attr]
    assert t.due(0, Timer.TIMEOUT, -1, 7.0)  # the time is up: the default move is played
    assert t.version == 1 and t.moves[0].how == "timeout"
    assert host.store.load("t1").moves[0].seat == seat  # its record is its journal


def test_a_table_alone_plays_its_bot_and_finishes():
    host = FakeHost()
    t = new_table(host, bots=[1])
    join(host, t, 1)
    t.start(2.0)
    for _ in range(2000):
        if t.status == Status.FINISHED:
            break
        seat = t.state.current  # type: ignore[union-attr]
        if t.seats[seat].bot is not None:
            assert t.due(t.version, Timer.BOT, -1, 3.0)
        else:
            t.play(seat, t.state.legal_moves()[0], 3.0, "player", None)  # type: ignore[union-attr]
    assert t.status == Status.FINISHED
    assert any(isinstance(msg, m.GameOver) for _, msg in host.out)
    assert host.store.load("t1").status == "finished"
    assert t.archived == t.version and t.moves  # read back from the store on demand


def test_a_turn_limit_keeps_one_timer_per_table_not_one_per_move():
    """Moves made in time leave the pending time-out timer alone; when it fires before the
    deadline of that moment it is set again for it, and only then is the default move played."""
    host = FakeHost()
    t = new_table(host, bots=[])
    join(host, t, 1)
    join(host, t, 2)
    t.start(2.0)
    for now in (3.0, 4.0, 5.0):
        seat = t.state.current  # type: ignore[union-attr]
        t.play(seat, t.state.legal_moves()[0], now, "player", None)  # type: ignore[union-attr]
    assert [w for w, kind, _ in host.timers if kind is Timer.TIMEOUT] == [7.0]
    assert not t.due(0, Timer.TIMEOUT, -1, 7.0)  # the deadline moved on to 5.0 + 5
    assert host.timers[-1] == (10.0, Timer.TIMEOUT, -1) and t.version == 3
    assert t.due(3, Timer.TIMEOUT, -1, 10.0)
    assert t.version == 4 and t.moves[-1].how == "timeout"
