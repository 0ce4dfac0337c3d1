"""Crash recovery: the server process is SIGKILLed mid-game and restarted on the same database;
every table resumes where it was, the players reconnect with their tokens and finish, and no
acknowledged move is lost."""

from __future__ import annotations

import asyncio
import signal
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
from tests.server.harness import game_ids, players_for

from atout.bots import make_bot
from atout.client import Client, ClientError, bot_chooser
from atout.games import get_game
from atout.server.child import spawn
from atout.server.storage import record as rec
from atout.server.storage.store import SQLiteStore


def start_server(db: Path) -> tuple[subprocess.Popen[bytes], str]:
    return spawn("--db", str(db))


def assert_kept(record: Any, players: list[Player]) -> None:
    """``record`` finished, holding every move its players saw acknowledged, once, where it was:
    nothing acknowledged was lost or changed, nothing applied twice."""
    assert record is not None and record.status == "finished", record
    for p in players:
        for v, move in p.acked.items():
            assert record.moves[v - 1].move == move and record.moves[v - 1].seat == p.seat


class Player:
    def __init__(self, game: str, seat: int) -> None:
        self.game = get_game(game)
        self.seat = seat
        self.choose = bot_chooser(self.game, make_bot("random", seat + 7))
        self.acked: dict[int, dict[str, Any]] = {}  # version after the move -> the move
        self.token = ""
        self.table = ""
        self.seen = -1
        self.delay = 0.0

    async def play(self, c: Client) -> Any:
        f = c.feed(self.table)
        while f.over is None:
            if c.closed.is_set():
                raise ConnectionError
            u = f.update
            if u is not None:
                self.seen = u.version
            if u is not None and u.legal and u.turn == u.seat and u.version != f.moved_at:
                f.moved_at = u.version
                await asyncio.sleep(self.delay)  # keep games long enough to be killed mid-way
                move = msgspec.to_builtins(self.choose(u))
                try:
                    rep = await c.move(self.table, u.version, move)
                except ClientError as e:
                    assert e.code == "table.stale_state", e
                    continue
                self.acked[rep.version] = rec.jsonable(move)
                self.seen = rep.version
                continue
            await f.wait(30)
        return f.over


async def kill_mid_game_and_resume(db: str | Path, open_db: Callable[[], Any]) -> list[str]:
    """``atout serve --db DB`` as a process, SIGKILLed while every game is under way, then
    started again on the same database (``open_db()`` opens it here): each table resumes, its
    players finish with their seat tokens, every acknowledged move is in the record once, and
    each record verifies. Returns the tables played."""
    proc, url = start_server(db)
    tables: dict[str, list[Player]] = {}
    clients: list[Client] = []
    tasks = []
    try:
        for gid in game_ids():
            n = players_for(gid)
            cs = [await Client.connect(url, f"{gid}{i}") for i in range(n)]
            clients += cs
            info = await cs[0].create_table(gid, n)
            ps = [Player(gid, i) for i in range(n)]
            for p, c in zip(ps, cs, strict=True):
                p.delay = 0.01
                p.table, p.token = info.table, (await c.join(info.table, seat=p.seat)).token
                tasks.append(asyncio.create_task(p.play(c)))
            tables[info.table] = ps
        for _ in range(500):  # kill once every table is under way
            if all(sum(len(p.acked) for p in ps) >= 3 for ps in tables.values()):
                break
            await asyncio.sleep(0.01)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    await asyncio.gather(*tasks, return_exceptions=True)
    for c in clients:
        await c.close()
    store = open_db()
    unfinished = [t for t in tables if store.load(t).status == "playing"]
    store.close()
    assert unfinished, "the kill came after every game ended: nothing was tested"

    proc, url = start_server(db)
    finals = {}
    try:
        for tid, ps in tables.items():
            cs = []
            for p in ps:
                c = await Client.connect(url, f"back{p.seat}")
                await c.resume(tid, p.token, version=p.seen)
                cs.append(c)
            f = cs[0].feed(tid)
            while f.update is None:
                await f.wait(10)
            acked_max = max((v for p in ps for v in p.acked), default=0)
            assert f.update.version >= acked_max, (tid, f.update.version, acked_max)
            for p in ps:
                p.delay = 0.0
            ends = await asyncio.gather(*(p.play(c) for p, c in zip(ps, cs, strict=True)))
            assert all(e == ends[0] for e in ends)
            finals[tid] = (ends[0], ps)
            for c in cs:
                await c.close()
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=10)
    store = open_db()
    for tid, (over, ps) in finals.items():
        record = store.load(tid)
        assert_kept(record, ps)
        assert len(record.moves) == over.version
        assert rec.verify(rec.export_record(record)) == []
    assert store.unfinished() == []
    store.close()
    return list(finals)


def test_sigkill_mid_game_then_resume(tmp_path):
    db = tmp_path / "atout.db"
    asyncio.run(asyncio.wait_for(kill_mid_game_and_resume(db, lambda: SQLiteStore(db)), 180))
