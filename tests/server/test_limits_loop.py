"""The event loop is never held (issue 11): bounded ticks, a bot-delay floor, capped searches run
in worker processes, game-length maxima, and one table's failure isolated from the others."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import msgspec
from tests.server.harness import Harness

from atout.bots import make_bot
from atout.bots.pool import cap_budget
from atout.server.core.limits import CoreLimits
from atout.server.storage.store import SQLiteStore

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
    searched = [b.last.get("iterations", 0) for _, b in t.bots.values()]
    assert max(searched) <= 7


def test_searches_are_effects_the_core_never_runs_nor_waits_for():
    """With worker processes configured, a search bot's turn makes the core hand out a search
    and return at once: the move is played only when the search's answer is given back, and an
    answer for a table that moved on (or ended) changes nothing."""
    h = Harness(limits=CoreLimits(bot_workers=1, bot_iterations=30))
    h.run_searches = False
    c = h.connect()
    tid = h.create(c, "q2j", 2, bots=[0, 1], bot_kind="ismcts")
    h.request(c, "watch", table=tid)
    t = h.core.tables[tid]
    for version in range(3):
        h.now = h.core.next_deadline()
        h.deliver(h.core.tick(h.now))
        assert t.version == version  # the tick did not search
        (s,) = h.core.searches()
        assert (s.table, s.version, s.seat) == (tid, version, t.state.current)
        assert h.core.searches() == []  # handed out once
        due = h.core.next_deadline()  # nothing to poll: the answer comes back
        assert due is None or due > h.now + 60
        h.deliver(h.core.searched(s, s.run, h.now))
        assert t.version == version + 1
        assert h.core.searched(s, s.run, h.now) == []  # twice: nothing
    versions = [m["body"]["version"] for m in h.inbox[c] if m["cmd"] == "update"]
    assert versions == [0, 1, 2, 3]
    h.now = h.core.next_deadline()
    h.deliver(h.core.tick(h.now))
    (s,) = h.core.searches()

    def broken() -> None:
        raise RuntimeError("the worker died")

    h.deliver(h.core.searched(s, broken, h.now))  # a failed search closes its table alone
    assert t.status == "aborted"


def test_searches_run_in_worker_processes_through_the_shell():
    """The real shell runs the searches in its worker processes: a table of four search bots
    plays on, every move announced to a watcher in order."""
    from atout.client import Client
    from atout.server.shell.ws import start

    async def go() -> tuple[list[int], int]:
        limits = CoreLimits(bot_workers=1, bot_iterations=50, min_bot_delay=0.0)
        server = await start("127.0.0.1", 0, None, core_limits=limits)
        try:
            c = await Client.connect(server.url, "watcher")
            info = await c.create_table(
                "q2j", 4, bots=[0, 1, 2, 3], bot_kind="ismcts", bot_delay=0.0
            )
            feed = c.feed(info.table)
            await c.watch(info.table)
            seen: list[int] = []
            while len(seen) < 5:
                await feed.wait(30)
                if feed.update is not None and feed.update.version not in seen:
                    seen.append(feed.update.version)
            await c.close()
            pool = server.shell.searches.pool
            return seen, len(pool._processes or {}) if pool is not None else 0  # type: ignore[attr-defined]
        finally:
            await server.close()

    seen, workers = asyncio.run(asyncio.wait_for(go(), 90))
    assert seen == sorted(seen) and seen[-1] >= 4
    assert workers == 1  # the searches ran in the worker process


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


def test_a_worker_that_dies_fails_its_search_alone_and_the_next_gets_a_new_pool():
    """A search whose worker process dies comes back failed (its table alone is closed, by
    Core.searched); the pool it broke is replaced, so the next search runs."""
    import os
    from concurrent.futures.process import BrokenProcessPool

    from atout.server.shell.searches import Searches

    class Job:  # a Search's shape: its job to run in a worker
        def __init__(self, fn: Any, *args: Any) -> None:
            self.job = (fn, args)

    async def go() -> list[Any]:
        loop = asyncio.get_running_loop()
        got: list[Any] = []
        done = asyncio.Event()

        def back(s: Any, job: Any) -> None:
            got.append(job.exception() or job.result())
            if len(got) == 2:
                done.set()

        searches = Searches(loop, 1, back)
        try:
            searches.start([Job(os._exit, 3)])  # type: ignore[list-item]
            while not got:
                await asyncio.sleep(0.01)
            searches.start([Job(pow, 2, 10)])  # type: ignore[list-item]
            await asyncio.wait_for(done.wait(), 60)
        finally:
            searches.close()
        return got

    died, answered = asyncio.run(go())
    assert isinstance(died, BrokenProcessPool) and answered == 1024


def test_an_expert_in_the_worker_processes_keeps_its_belief_across_the_game():
    """The expert's samples follow what play revealed (atout.bots.belief), which needs every
    view of the game: the bot at the table observes each one and remembers each move played,
    and each search ships that belief to the worker's fresh bot."""
    h = Harness(limits=CoreLimits(bot_workers=1, bot_iterations=20))
    h.run_searches = False
    c = h.connect()
    tid = h.create(c, "q2j", 2, bots=[0, 1], bot_kind="expert")
    t = h.core.tables[tid]
    first: dict[int, object] = {}
    for _ in range(6):
        h.now = h.core.next_deadline()
        h.deliver(h.core.tick(h.now))
        (s,) = h.core.searches()
        (kind, bot), belief = t.bots[s.seat], s.args[-1]
        assert kind == "expert" and first.setdefault(s.seat, bot) is bot  # one bot all game
        assert belief is not None and belief is bot.belief
        assert belief.prev.move == t.version  # fed the view the seat decides on
        h.deliver(h.core.searched(s, s.run, h.now))
        assert t.moves[-1].seat == s.seat
        played = msgspec.json.decode(msgspec.json.encode(belief.move))
        assert played == t.moves[-1].move  # and remembers what it played


def test_a_level_that_plays_the_heuristic_is_not_sent_to_the_workers():
    """Le Pouilleux's expert searches at 2 players only (atout.bots.levels.SIZED_SLIPS): at 4 it
    is the heuristic, which the core plays at once instead of handing out a search."""
    h = Harness(limits=CoreLimits(bot_workers=1, bot_iterations=20))
    h.run_searches = False
    c = h.connect()
    four = h.core.tables[h.create(c, "pouilleux", 4, bots=[0, 1, 2, 3], bot_kind="expert")]
    two = h.core.tables[h.create(c, "pouilleux", 2, bots=[0, 1], bot_kind="expert")]
    for _ in range(40):
        h.now = h.core.next_deadline()
        h.deliver(h.core.tick(h.now))
        for s in h.core.searches():
            assert s.table == two.id  # never the four-player table's
            h.deliver(h.core.searched(s, s.run, h.now))
        if four.version > 8 and two.version > 8:
            break
    assert four.version > 8 and two.version > 8
