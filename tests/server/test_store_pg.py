"""The store's contract, run against both real implementations (SQLite and PostgreSQL: no mock),
then the game master on PostgreSQL: the platform's SQL, recovery, and ``atout serve --db
postgresql://…`` killed mid-game and restarted without losing an acknowledged move.

The PostgreSQL cases start a throwaway cluster on loopback (tests/conftest.py ``pg_cluster``), or
use ``ATOUT_TEST_PG``; without PostgreSQL they skip, and fail under CI."""

from __future__ import annotations

import asyncio
import json
import random
import threading
from collections.abc import Callable, Iterator
from typing import Any

import msgspec
import pytest
from argon2 import PasswordHasher
from tests.server.harness import Harness, game_ids, players_for

from atout.server.accounts import accounts as accounts_mod
from atout.server.core.limits import CoreLimits
from atout.server.core.router import Core
from atout.server.storage import record as rec
from atout.server.storage.db import Counter, GameRating, PlayRow, RatingRow
from atout.server.storage.migrations import SchemaTooNew
from atout.server.storage.pgstore import LATEST, PostgresStore, is_url, open_store
from atout.server.storage.record import MoveRecord, SeatRecord, TableRecord
from atout.server.storage.store import SQLiteStore

Opener = Callable[[], Any]


@pytest.fixture(params=["sqlite", "postgresql"])
def opener(request: pytest.FixtureRequest, tmp_path: Any) -> Iterator[Opener]:
    """Opens the same database again each call (a restart): an SQLite file or a PostgreSQL
    database, fresh for each test."""
    if request.param == "sqlite":
        spec = str(tmp_path / "atout.db")
    else:
        spec = request.getfixturevalue("pg_url")
    opened: list[Any] = []

    def open_() -> Any:
        s = open_store(spec)
        opened.append(s)
        return s

    yield open_
    for s in opened:
        crash(s)


def crash(s: Any) -> None:
    """The process dies: the connection goes without a commit (what was committed stays)."""
    if isinstance(s, SQLiteStore):
        s.db.close()
    else:
        s.conn.close()


def _head(tid: str, created: float = 1.0) -> TableRecord:
    return TableRecord(
        table=tid,
        game="q2j",
        players=2,
        options={"target": 3, "nested": {"é": [1, 2.5]}},
        settings={"fill_in": 30.0},
        secret="5e" * 16,
        commitment="c0" * 32,
        seats=[SeatRecord(seat=0, name="Alma", token_hash="aa" * 32), SeatRecord(seat=1)],
        created=created,
    )


def _move(i: int) -> MoveRecord:
    how = ("player", "timeout", "bot")[i % 3]
    return MoveRecord(seat=i % 2, move={"type": "play", "cards": [f"{i}H"]}, t=i + 0.125, how=how)


# ------------------------------------------------------------------ the contract, on both


def test_a_table_is_written_read_back_and_recovered(opener):
    s = opener()
    assert not s.exists("t1") and s.load("t1") is None
    s.create_table(_head("t1"))
    s.set_seat("t1", SeatRecord(seat=1, name="Boris", nonce="ab" * 16, nonce_by="client"))
    s.set_seat("t1", SeatRecord(seat=0, name="Alma", account="Alma", token_hash="bb" * 32))
    s.start("t1", "5eed" * 8, "c1" * 32, 2.5)
    moves = [_move(i) for i in range(1, 6)]
    for n, m in enumerate(moves, 1):
        s.add_move("t1", n, m)
    got = s.load("t1")  # queued moves are read back before the commit
    assert got is not None and got.moves == moves and got.status == "playing"
    s.commit()
    crash(s)

    s = opener()
    (back,) = s.unfinished()
    want = msgspec.structs.replace(
        _head("t1"),
        format=rec.RECORD_FORMAT,
        status="playing",
        seed="5eed" * 8,
        commitment="c1" * 32,
        started=2.5,
        seats=[
            SeatRecord(seat=0, name="Alma", account="Alma", token_hash="bb" * 32),
            SeatRecord(seat=1, name="Boris", nonce="ab" * 16, nonce_by="client"),
        ],
        moves=moves,
    )
    assert back == want and s.load("t1") == want
    assert s.exists("t1")


def test_nothing_uncommitted_survives_a_crash_and_everything_committed_does(opener):
    s = opener()
    s.create_table(_head("t1"))
    s.start("t1", "aa" * 16, "bb" * 32, 2.0)
    s.add_move("t1", 1, _move(1))
    s.commit()  # announced after this
    s.add_move("t1", 2, _move(2))  # never committed, so never announced
    s.create_table(_head("t2"))
    crash(s)
    s = opener()
    (back,) = s.unfinished()
    assert back.table == "t1" and back.moves == [_move(1)]
    assert not s.exists("t2")


def test_finished_and_ended_tables_leave_the_journal_with_their_whole_record(opener):
    s = opener()
    for i, tid in enumerate(("a", "b", "c", "d")):
        s.create_table(_head(tid, created=float(i)))
        s.start(tid, "ab" * 16, "cd" * 32, 5.0)
    done = [_move(i) for i in range(1, 8)]
    for n, m in enumerate(done, 1):
        s.add_move("a", n, m)
        s.add_move("c", n, m)
    s.commit()
    s.add_move("b", 1, _move(1))
    s.finish("a", {"winners": [1], "scores": [0, 3]}, 9.0, done)
    s.set_next_secret("a", "11" * 16)
    s.set_rematch("a", "d")
    s.end("c", "aborted", 9.5, done[:3])  # the record keeps what the table ends with
    s.commit()
    crash(s)

    s = opener()
    a = s.load("a")
    assert a is not None and a.status == "finished" and a.moves == done
    assert a.result == {"winners": [1], "scores": [0, 3]} and a.finished == 9.0
    assert a.next_secret == "11" * 16 and a.rematch == "d"
    c = s.load("c")
    assert c is not None and c.status == "aborted" and c.moves == done[:3]
    assert [r.table for r in s.unfinished()] == ["b", "d"]
    assert s.unfinished()[0].moves == [_move(1)]
    assert s.finished_ids() == ["a"] and s.finished_ids("quinze") == []
    s.create_table(_head("e"))
    s.start("e", "ab" * 16, "cd" * 32, 5.0)
    s.finish("e", {"winners": [0]}, 10.0, [])
    s.commit()
    assert s.finished_ids("q2j") == ["a", "e"] and s.finished_ids(limit=1) == ["a"]


def test_a_secret_given_late_makes_a_format_2_record(opener):
    s = opener()
    head = msgspec.structs.replace(_head("old"), secret=None, commitment=None)
    s.create_table(head)
    s.commit()
    assert s.load("old").format == rec.RECORD_FORMAT_1
    s.set_secret("old", "77" * 16, "88" * 32)
    s.commit()
    back = s.load("old")
    assert back.format == rec.RECORD_FORMAT and back.secret == "77" * 16
    assert back.commitment == "88" * 32


def test_whole_games_leave_the_same_records_in_both_stores(tmp_path, pg_url):
    """One scripted session (every game, a rematch, a table abandoned) against each store: the
    records read back are equal, field for field."""

    def session(store: Any) -> dict[str, TableRecord]:
        h = Harness(store=store, seed=11)
        ids = []
        for gid in game_ids():
            n = players_for(gid)
            conns = [h.connect(f"{gid}{i}") for i in range(n)]
            tid = h.create(conns[0], gid, n)
            for c in conns:
                h.request(c, "join", table=tid)
            h.play_out(tid, dict(enumerate(conns)))
            ids.append(tid)
        c = h.connect("lonely")
        ids.append(h.create(c, "q2j", 2))
        store.commit()
        return {t: store.load(t) for t in ids}

    a = session(SQLiteStore(tmp_path / "a.db"))
    b = session(PostgresStore(pg_url))
    assert list(a) == list(b) and a == b
    assert all(r.status == "finished" for r in list(a.values())[:-1])


# ------------------------------------------------------------------ the platform, on both


def test_accounts_and_sessions_rows_on_either_store(opener):
    """The typed rows of accounts and sessions (db.AccountRows): written in the open
    transaction, kept by the commit, read back the same from both databases."""
    s = opener()
    alma = s.add_account("Alma", "alma", "h1", 1.5, "aima", "AIma")
    bob = s.add_account("Bob", "bob", "h2", 2.5, "bob", "Bob")
    assert s.dirty and alma != bob
    assert s.account("alma") == (alma, "Alma", "h1", 1.5) and s.account("nobody") is None
    assert s.account_by_keys("x", "aima", "x") == "Alma"  # a look-alike, by its skeleton
    assert s.account_by_keys("bob", "aima", "x") == "Bob"  # the same key comes first
    assert s.account_by_keys("x", "y", "z") is None
    s.set_password(alma, "h3")
    s.add_session("s1", alma, 3.0, 10.0)
    s.add_session("s2", bob, 3.0, 20.0)
    s.extend_session("s2", 30.0)
    s.commit()
    crash(s)

    s = opener()
    assert s.account("alma").password == "h3"
    assert s.session("s1") == ("Alma", 10.0) and s.session("s2") == ("Bob", 30.0)
    assert s.end_session("s1") and not s.end_session("s1") and s.session("s1") is None
    assert s.purge_sessions(30.0) == 1 and s.session("s2") is None


def test_login_counters_move_by_compare_and_set_on_either_store(opener):
    s = opener()
    first = Counter(1.0, 10.0, 10.0)
    assert s.counter("k") is None
    assert s.add_counter("k", first) and not s.add_counter("k", Counter(9.0, 9.0, 9.0))
    assert s.counter("k") == first
    moved = Counter(2.0, 11.0, 12.0)
    assert not s.move_counter("k", Counter(1.0, 9.0, 10.0), moved)  # read stale: refused
    assert s.move_counter("k", first, moved) and s.counter("k") == moved
    assert s.add_counter("old", Counter(1.0, 1.0, 0.0))
    assert s.purge_counters(5.0) == 1 and s.counter("old") is None
    s.drop_counter("k")
    assert s.counter("k") is None


def test_ratings_plays_and_their_lists_on_either_store(opener):
    """db.RatingRows: a game's ratings and plays, then the leaderboard (ties by name, byte
    order in both), a player's ratings, games and curve, and the history as each viewer may
    see it (a private table only to those who sat at it)."""
    s = opener()
    for tid, private, t in (("pub", False, 1.0), ("priv", True, 2.0)):
        s.create_table(msgspec.structs.replace(_head(tid), settings={"private": private}))
        s.start(tid, "aa" * 16, "bb" * 32, t)
        s.finish(tid, {"winners": [0]}, t + 1, [])
    assert s.rating("q2j", "alma") is None
    s.record_plays(
        "pub",
        True,
        [
            RatingRow("q2j", "alma", "account", "Alma", 27.0, 7.0, 6.0, 1),
            RatingRow("q2j", "bot:random", "bot", "bot-random", 17.0, 1.0, 14.0, 0),
        ],
        [PlayRow("pub", 0, "alma", "q2j", 2.0, 1, 1, 6.0)],
    )
    s.record_plays(
        "priv",
        True,
        [
            RatingRow("q2j", "alma", "account", "Alma", 28.0, 6.0, 10.0, 0),
            RatingRow("q2j", "boris", "account", "Boris", 26.0, 6.0, 10.0, 1),
        ],
        [
            PlayRow("priv", 0, "alma", "q2j", 3.0, 0, 1, 10.0),
            PlayRow("priv", 1, "boris", "q2j", 3.0, 1, 1, 10.0),
        ],
    )
    s.commit()
    crash(s)

    s = opener()
    assert s.rating("q2j", "alma") == (28.0, 6.0) and s.rated_count("q2j") == 3
    board = s.leaderboard("q2j", 2, 0)
    assert [(r.name, r.games, r.wins) for r in board] == [("bot-random", 1, 0), ("Alma", 2, 1)]
    assert [r.name for r in s.leaderboard("q2j", 2, 2)] == ["Boris"]  # tied: by name
    assert s.ratings_of("alma") == [GameRating("q2j", 10.0, 28.0, 6.0, 2, 1)]
    assert [p.table for p in s.plays_of("alma", "alma", 10)] == ["priv", "pub"]
    assert [p.table for p in s.plays_of("alma", "carla", 10)] == ["pub"]
    assert [p.table for p in s.plays_of("alma", None, 10)] == ["pub"]
    assert s.rating_curve("alma", "q2j", 1) == [(3.0, 10.0)]
    assert s.seat_names(["pub", "priv", "none"]) == {"pub": ["Alma", ""], "priv": ["Alma", ""]}
    assert s.seat_names([]) == {}
    assert [h.table for h in s.history(None, None, 10, 0)] == ["pub"]
    assert [h.table for h in s.history(None, "boris", 10, 0)] == ["priv", "pub"]
    assert [h.table for h in s.history(None, "boris", 1, 1)] == ["pub"]
    assert [h.table for h in s.history("boris", "boris", 10, 0)] == ["priv"]
    assert [h.table for h in s.history("boris", None, 10, 0)] == []
    (pub,) = s.history("alma", None, 10, 0)
    assert pub == ("pub", "q2j", 2.0, '{"winners":[0]}', 1)


@pytest.fixture
def cheap_hashes(monkeypatch):
    monkeypatch.setattr(
        accounts_mod, "_hasher", PasswordHasher(time_cost=1, memory_cost=64, parallelism=1)
    )


def test_accounts_sessions_ratings_and_history_on_either_store(opener, cheap_hashes):
    from tests.server.test_platform import call, connect_as, err, js, play_out, signup

    store = opener()
    core = Core(store, limits=CoreLimits.unlimited())  # the fake clock stands still
    ta, tb = signup(core, "Alma"), signup(core, "Boris")
    err(call(core, "POST", "/api/signup", {"name": "alma", "password": "12345678"}), 409,
        "account.name_taken")  # fmt: skip
    h = Harness(store=store)
    h.core = core
    a, b = connect_as(h, ta, "x"), connect_as(h, tb, "y")
    j = h.request(a, "quick_play", game="q2j", players=2)
    h.request(b, "quick_play", game="q2j", players=2)
    tid = j["body"]["table"]
    seat_a = j["body"]["seat"]
    play_out(h, tid, {seat_a: a, 1 - seat_a: b}, random.Random(3))
    store.commit()
    board = js(call(core, "GET", "/api/leaderboard/q2j"))
    assert board["total"] == 2 and {p["name"] for p in board["players"]} == {"Alma", "Boris"}
    page = js(call(core, "GET", "/api/players/alma"))
    assert page["games"]["q2j"]["games"] == 1 and page["recent"][0]["table"] == tid
    hist = js(call(core, "GET", "/api/history?player=boris"))
    assert [g["table"] for g in hist["games"]] == [tid]
    out = call(core, "POST", "/api/logout", {}, token=ta)
    assert out.status == 204
    err(call(core, "GET", "/api/me", token=ta), 401, "account.not_logged_in")
    crash(store)

    again = Core(opener())  # a restart: accounts, sessions and ratings are in the database
    assert js(call(again, "GET", "/api/me", token=tb))["ratings"]["q2j"]["games"] == 1
    assert js(call(again, "GET", "/api/leaderboard/q2j"))["players"] == board["players"]


def test_a_failing_platform_statement_fails_alone(opener):
    """In PostgreSQL an error aborts the whole transaction; the store runs each platform
    statement in a savepoint so that the moves written beside it are kept, as in SQLite."""
    s = opener()
    s.create_table(_head("t1"))
    s.start("t1", "aa" * 16, "bb" * 32, 2.0)
    s.add_move("t1", 1, _move(1))
    s.add_account("A", "a", "x", 1.0, "a", "A")
    with pytest.raises(Exception) as e:  # the key is taken: the database's IntegrityError
        s.add_account("A", "a", "y", 2.0, "a", "A")
    assert "IntegrityError" in {c.__name__ for c in type(e.value).__mro__}
    s.commit()
    crash(s)
    s = opener()
    assert s.unfinished()[0].moves == [_move(1)]
    assert s.account("a").password == "x"


# ------------------------------------------------------------------ PostgreSQL's own


def test_the_schema_is_made_once_even_by_several_game_masters_at_once(pg_url):
    errors: list[BaseException] = []
    stores: list[PostgresStore] = []

    def open_one() -> None:
        try:
            stores.append(PostgresStore(pg_url))
        except BaseException as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=open_one) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and len(stores) == 4
    assert sorted(len(s.migrated) for s in stores) == [0, 0, 0, LATEST]
    assert all(s.version() == LATEST for s in stores)
    for s in stores:
        s.close()


def test_a_newer_postgresql_database_is_refused(pg_url):
    s = PostgresStore(pg_url)
    s.conn.execute("UPDATE atout_schema SET version = %s", (LATEST + 1,))
    s.conn.commit()
    s.close()
    with pytest.raises(SchemaTooNew):
        PostgresStore(pg_url)


def test_a_move_written_twice_is_refused(pg_url):
    """The journal's key (table, n): the guard several nodes will rely on."""
    import psycopg

    s = PostgresStore(pg_url)
    s.create_table(_head("t1"))
    s.add_move("t1", 1, _move(1))
    s.commit()
    s.add_move("t1", 1, _move(2))
    with pytest.raises(psycopg.errors.UniqueViolation):
        s.commit()
    s.conn.close()


def test_the_db_option_names_a_store():
    assert is_url("postgresql://atout@127.0.0.1/atout") and is_url("postgres://h/db")
    assert not is_url("atout.db") and not is_url(None) and not is_url("/tmp/postgresql.db")
    assert isinstance(open_store(None), SQLiteStore)


def test_atout_serve_on_postgresql_is_killed_mid_game_and_loses_no_acknowledged_move(
    pg_url, tmp_path
):
    """``atout serve --db postgresql://…`` as a process, SIGKILLed while every game is under way,
    restarted on the same database: each table resumes, the players finish with their tokens,
    every acknowledged move is in the record and each record verifies."""
    from tests.server.test_recovery import kill_mid_game_and_resume

    run = kill_mid_game_and_resume(pg_url, lambda: PostgresStore(pg_url))
    tables = asyncio.run(asyncio.wait_for(run, 180))
    # and the operators' commands read the same database: export, then verify every record
    from typer.testing import CliRunner

    from atout.cli import app

    out = tmp_path / "records.json"
    runner = CliRunner()
    done = runner.invoke(app, ["export", "--db", pg_url, "--out", str(out)])
    assert done.exit_code == 0, done.output
    assert sorted(r["table"] for r in json.loads(out.read_text())) == sorted(tables)
    checked = runner.invoke(app, ["verify", str(out)])
    assert checked.exit_code == 0, checked.output
