"""The event loop is never held (issue 11): bounded ticks, a bot-delay floor, capped searches run
in worker processes, game-length maxima, and one table's failure isolated from the others."""

from __future__ import annotations

import logging
import time

from tests.server.harness import Harness

from atout.bots import make_bot
from atout.bots.pool import cap_budget
from atout.server.limits import CoreLimits
from atout.server.store import SQLiteStore

LIMITS = CoreLimits(bot_workers=0)  # the serving defaults, searches in the loop


def test_bot_kind_is_checked_even_without_bot_seats():
    h = Harness(limits=LIMITS)
    c = h.connect()
    rep = h.request(c, "create_table", game="q2j", players=2, bot_kind="nope")
    assert rep["cmd"] == "error" and rep["body"]["code"] == "lobby.bad_bot"


def test_a_tick_makes_one_move_per_table_and_the_delay_has_a_floor():
    h = Harness(limits=LIMITS)
    c = h.connect()
    tids = [h.create(c, "q2j", 4, bots=[0, 1, 2, 3], bot_delay=0) for _ in range(3)]
    for tid in tids:
        h.request(c, "watch", table=tid)
    t0 = h.now
    assert h.core.next_deadline() >= t0 + 0.2  # bot_delay 0 is raised to the floor
    h.advance(10.0)  # everything is long due: still one move per table
    assert [h.core.tables[t].version for t in tids] == [1, 1, 1]
    assert h.core.next_deadline() >= h.now + 0.2
    h.advance(0.2)
    assert [h.core.tables[t].version for t in tids] == [2, 2, 2]


def test_a_tick_yields_after_its_move_budget():
    h = Harness(limits=CoreLimits(bot_workers=0, tick_moves=2))
    c = h.connect()
    tids = [h.create(c, "q2j", 2, bots=[0, 1]) for _ in range(5)]
    h.now += 1.0
    h.deliver(h.core.tick(h.now))
    assert sum(h.core.tables[t].version for t in tids) == 2
    assert h.core.next_deadline() <= h.now  # the rest is still due: the shell calls again
    h.deliver(h.core.tick(h.now))
    h.deliver(h.core.tick(h.now))
    assert [h.core.tables[t].version for t in tids] == [1, 1, 1, 1, 1]


def test_search_budget_is_capped_by_the_server():
    bot = cap_budget(make_bot("ismcts", 1), "q2j", 50, 0.5)
    assert bot.iterations == 50 and bot.time_cap == 0.5
    h = Harness(limits=CoreLimits(bot_workers=0, bot_iterations=7))
    c = h.connect()
    tid = h.create(c, "q2j", 2, bots=[0, 1], bot_kind="ismcts")
    h.advance(1.0)
    t = h.core.tables[tid]
    assert t.version == 1
    searched = [b.last.get("iterations", 0) for b in t.bots.values()]
    assert max(searched) <= 7


def test_searches_run_in_worker_processes_and_ticks_stay_short():
    limits = CoreLimits(bot_workers=1, bot_iterations=300)
    h = Harness(limits=limits)
    c = h.connect()
    tid = h.create(c, "q2j", 4, bots=[0, 1, 2, 3], bot_kind="ismcts")
    h.request(c, "watch", table=tid)
    longest = 0.0
    deadline = time.monotonic() + 60
    try:
        while h.core.tables[tid].version < 4 and time.monotonic() < deadline:
            due = h.core.next_deadline()
            assert due is not None
            h.now = max(h.now, due)
            started = h.core.executor is not None
            t0 = time.perf_counter()
            outs = h.core.tick(h.now)
            if started:  # (the tick that starts the worker processes is not counted)
                longest = max(longest, time.perf_counter() - t0)
            h.deliver(outs)
            time.sleep(0.002)
        assert h.core.tables[tid].version >= 4
        versions = [m["body"]["version"] for m in h.inbox[c] if m["cmd"] == "update"]
        assert versions[:5] == [0, 1, 2, 3, 4]  # every search's move announced, in order
        assert longest < 0.05, f"a tick held the loop {longest * 1000:.0f} ms"
    finally:
        h.core.shutdown()


def test_game_length_options_have_server_maxima():
    h = Harness(limits=LIMITS)
    c = h.connect()
    rep = h.request(c, "create_table", game="quinze", players=2, options={"target": 10000})
    assert rep["body"]["code"] == "lobby.option_limit"
    assert rep["body"]["detail"] == {"option": "target", "max": 500}
    rep = h.request(c, "create_table", game="pouilleux", players=2, options={"max_turns": 10**6})
    assert rep["body"]["code"] == "lobby.option_limit"
    assert h.create(c, "quinze", 2, options={"target": 500})


def test_one_tables_failure_is_isolated(tmp_path, caplog):
    db = tmp_path / "a.db"
    store = SQLiteStore(db)
    h = Harness(store, limits=CoreLimits.unlimited())
    c = h.connect()
    bad, good = (h.create(c, "q2j", 2, bots=[0, 1], bot_delay=0.5) for _ in range(2))
    for tid in (bad, good):
        h.request(c, "watch", table=tid)
    # a table stored before bot kinds were checked: its bot cannot be made
    h.core.tables[bad].seats[0].bot = "nope"
    h.core.tables[bad].seats[1].bot = "nope"
    with caplog.at_level(logging.ERROR, logger="atout.server"):
        h.advance(0.5)
        h.advance(0.5)
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and bad in errors[0].getMessage()
    assert h.core.tables[bad].status == "aborted"
    assert h.last(c, "table", bad)["body"]["status"] == "aborted"
    # the other table's moves, made in the same ticks, are all announced
    got = [
        m["body"]["version"]
        for m in h.inbox[c]
        if m["cmd"] == "update" and m["body"]["table"] == good
    ]
    assert got == list(range(h.core.tables[good].version + 1))
    assert h.core.tables[good].version == 2
    store.commit()
    assert store.load(bad).status == "aborted"
    h2 = Harness(store, limits=CoreLimits.unlimited())
    h2.core.recover(h2.now)
    assert bad not in h2.core.tables and good in h2.core.tables
    d = h2.connect()
    rep = h2.request(d, "join", table=good)
    assert rep["body"]["code"] == "table.already_started"
