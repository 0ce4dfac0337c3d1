"""Rate limits and quotas (issue 11): token buckets per connection and per remote address,
table creation, open tables, list_tables pages, waiting tables that expire, players gone (a bot
plays for them after a grace period; a table every player left ends), all-bot tables."""

from __future__ import annotations

import dataclasses

import pytest
from tests.server.harness import Harness

from atout.server.core.limits import CoreLimits
from atout.server.storage.store import SQLiteStore

OFF = CoreLimits.unlimited()


def limits(**kw) -> CoreLimits:
    return dataclasses.replace(OFF, **kw)


def test_commands_are_rate_limited_per_connection_with_a_retry_hint():
    h = Harness(limits=limits(conn_rate=10.0, conn_burst=5))
    c = h.connect()  # hello: 1
    for _ in range(4):
        assert h.request(c, "ping")["cmd"] == "pong"
    rep = h.request(c, "ping")
    assert rep["cmd"] == "error" and rep["body"]["code"] == "limit.rate"
    assert rep["body"]["detail"]["retry_after"] == pytest.approx(0.1, abs=0.002)
    h.now += 0.1
    assert h.request(c, "ping")["cmd"] == "pong"
    d = h.connect()  # another connection has its own bucket
    assert h.request(d, "ping")["cmd"] == "pong"


def test_a_page_of_tables_counts_as_several_commands():
    """list_tables costs the loop a scan and fifty tables described: it counts as 8 commands,
    so a burst of them cannot hold the loop (200 of them at 1.6 ms each would, 320 ms)."""
    h = Harness(limits=limits(conn_rate=10.0, conn_burst=20))
    c = h.connect()  # hello: 1 of 20
    assert h.request(c, "list_tables")["cmd"] == "tables"  # 9
    assert h.request(c, "list_tables")["cmd"] == "tables"  # 17
    rep = h.request(c, "list_tables")  # 3 left: one taken as for any frame, 7 more wanted
    assert rep["cmd"] == "error" and rep["body"]["code"] == "limit.rate"
    assert rep["body"]["detail"]["retry_after"] == pytest.approx(0.5, abs=0.002)  # 5 to go
    assert h.request(c, "ping")["cmd"] == "pong"  # the 2 left still serve cheap commands
    h.now += 0.8
    assert h.request(c, "list_tables")["cmd"] == "tables"


def test_token_guessing_is_rate_limited():
    h = Harness(limits=limits(conn_rate=20.0, conn_burst=40))
    c = h.connect()
    codes = [
        h.request(c, "resume", table="abc", token=f"{i:032x}")["body"]["code"] for i in range(1000)
    ]
    assert codes.count("lobby.unknown_table") < 45 and codes.count("limit.rate") > 950


def test_per_address_buckets_are_shared_and_loopback_is_exempt():
    h = Harness(limits=limits(address_rate=1.0, address_burst=6), address="203.0.113.5")
    a, b = h.connect(), h.connect()  # two hellos
    got = [h.request(x, "ping")["cmd"] for x in (a, b, a, b, a, b)]
    assert got == ["pong"] * 4 + ["error"] * 2
    local = Harness(limits=limits(address_rate=1.0, address_burst=2), address="127.0.0.1")
    c = local.connect()
    assert all(local.request(c, "ping")["cmd"] == "pong" for _ in range(20))


def test_table_creation_is_rate_limited_and_open_tables_are_capped():
    h = Harness(limits=limits(create_rate=0.1, create_burst=2))
    c = h.connect()
    h.create(c, "q2j", 2)
    h.create(c, "q2j", 2)
    rep = h.request(c, "create_table", game="q2j", players=2)
    assert rep["body"]["code"] == "limit.create_rate"
    assert rep["body"]["detail"]["retry_after"] == pytest.approx(10.0, abs=0.01)

    h = Harness(limits=limits(tables_per_conn=2, tables_per_address=3), address="198.51.100.7")
    c, d = h.connect(), h.connect()
    first = h.create(c, "q2j", 2)
    h.create(c, "q2j", 2)
    rep = h.request(c, "create_table", game="q2j", players=2)
    assert rep["body"]["code"] == "limit.open_tables"
    assert rep["body"]["detail"] == {"max": 2, "retry_after": None}
    h.create(d, "q2j", 2)
    rep = h.request(d, "create_table", game="q2j", players=2)
    assert rep["body"]["detail"] == {"max": 3, "retry_after": None}  # the address's quota
    # a finished table no longer counts
    seats = {i: x for i, x in enumerate((c, d))}
    for i, x in seats.items():
        h.request(x, "join", table=first, seat=i)
    h.play_out(first, seats)
    assert h.create(d, "q2j", 2)


def test_all_bot_tables_only_where_the_server_allows():
    h = Harness(limits=limits(bot_tables=1))
    c = h.connect()
    h.create(c, "q2j", 2, bots=[0, 1], autostart=False)
    rep = h.request(c, "create_table", game="q2j", players=2, bots=[0, 1])
    assert rep["body"]["code"] == "limit.bot_tables" and rep["body"]["detail"]["max"] == 1
    assert h.create(c, "q2j", 2, bots=[1])  # a human seat: not a bot table
    h = Harness(limits=limits(bot_tables=0))
    c = h.connect()
    rep = h.request(c, "create_table", game="q2j", players=2, bots=[0, 1])
    assert rep["body"]["detail"] == {"max": 0, "retry_after": None}


def test_list_tables_is_paginated_and_filtered():
    h = Harness(limits=limits(page_size=3))
    c = h.connect()
    ids = []
    for i in range(7):
        h.now += 1
        ids.append(h.create(c, "q2j" if i % 2 == 0 else "pouilleux", 2))
    seen, after, pages = [], None, 0
    while True:
        rep = h.request(c, "list_tables", limit=100, **({"after": after} if after else {}))
        body = rep["body"]
        assert len(body["tables"]) <= 3
        seen += [t["table"] for t in body["tables"]]
        pages += 1
        after = body.get("next")
        if after is None:
            break
    assert seen == ids and pages == 3
    rep = h.request(c, "list_tables", game="pouilleux", limit=2)
    assert [t["table"] for t in rep["body"]["tables"]] == ids[1:4:2]
    assert rep["body"]["next"]
    d = h.connect()
    h.request(c, "join", table=ids[0], seat=0)
    h.request(d, "join", table=ids[0], seat=1)  # starts
    rep = h.request(c, "list_tables", status="playing")
    assert [t["table"] for t in rep["body"]["tables"]] == [ids[0]]
    assert h.request(c, "list_tables", after="nope")["body"]["code"] == "lobby.bad_cursor"


def test_waiting_tables_expire(tmp_path):
    store = SQLiteStore(tmp_path / "a.db")
    h = Harness(store, limits=limits(waiting_ttl=100.0))
    c = h.connect()
    tid = h.create(c, "q2j", 2)
    h.request(c, "join", table=tid, seat=0)
    h.advance(99)
    assert h.core.tables[tid].status == "waiting"
    h.advance(2)
    assert h.core.tables[tid].status == "closed"
    assert h.last(c, "table", tid)["body"]["status"] == "closed"
    assert h.request(c, "list_tables")["body"]["tables"] == []
    assert store.load(tid).status == "closed"
    assert all(r.table != tid for r in store.unfinished())


def whose_turn(h: Harness, conns: list[int], tid: str) -> int:
    return h.last(conns[0], "update", tid)["body"]["turn"]


def test_a_bot_plays_for_a_player_gone_past_the_grace_period_until_they_resume():
    h = Harness(limits=limits(away_after=60.0, min_bot_delay=0.2))
    a, b = h.connect("ann"), h.connect("bob")
    tid = h.create(a, "q2j", 2)  # no turn timer
    tokens = [
        h.request(x, "join", table=tid, seat=i)["body"]["token"] for i, x in enumerate((a, b))
    ]
    conns = [a, b]
    turn = whose_turn(h, conns, tid)
    gone, stays = conns[turn], conns[1 - turn]
    h.disconnect(gone)
    h.advance(59.0)
    assert h.core.tables[tid].version == 0  # still waiting for them
    h.advance(1.0)
    info = h.last(stays, "table", tid)["body"]
    assert info["seats"][turn]["away"] is True
    h.advance(0.2)
    assert h.core.tables[tid].version == 1  # the bot played for them
    assert h.core.tables[tid].moves[0].how == "bot"
    back = h.connect("ann again")
    rep = h.request(back, "resume", table=tid, token=tokens[turn], version=0)
    assert rep["cmd"] == "joined"
    assert h.last(stays, "table", tid)["body"]["seats"][turn]["away"] is False
    # the other player moves; then it is the returning player's turn again: no bot plays
    conns[turn] = back
    for _ in range(5):
        u = h.last(conns[1 - turn], "update", tid)["body"]
        if u["turn"] == turn or u["turn"] is None:
            break
        h.request(conns[1 - turn], "move", table=tid, version=u["version"], move=u["legal"][0])
    v = h.core.tables[tid].version
    h.advance(30.0)
    assert h.core.tables[tid].version == v


def two_players_at_a_table(store: SQLiteStore) -> tuple[Harness, int, int, str]:
    """A game of two people under way (they leave for good after 300 s)."""
    h = Harness(store, limits=limits(abandon_after=300.0))
    a, b = h.connect(), h.connect()
    tid = h.create(a, "q2j", 2)
    for i, x in enumerate((a, b)):
        h.request(x, "join", table=tid, seat=i)
    return h, a, b, tid


def test_a_table_every_player_left_ends_and_is_not_resumed(tmp_path):
    store = SQLiteStore(tmp_path / "a.db")
    h, a, b, tid = two_players_at_a_table(store)
    h.disconnect(a)
    h.advance(200)
    h.disconnect(b)
    h.advance(150)
    assert h.core.tables[tid].status == "playing"  # b has been gone 150 s only
    h.advance(151)
    assert h.core.tables[tid].status == "closed"
    store.commit()
    assert all(r.table != tid for r in store.unfinished())


def test_after_a_restart_a_table_nobody_comes_back_to_ends(tmp_path):
    store = SQLiteStore(tmp_path / "a.db")
    _, _, _, tid = two_players_at_a_table(store)
    store.commit()
    h2 = Harness(store, limits=limits(abandon_after=300.0))
    h2.core.recover(h2.now)
    h2.advance(301)
    assert h2.core.tables[tid].status == "closed"
