"""The catch-up after ``watch`` and ``resume``: bounded whatever the history, remembered for the
table's current version, charged as several commands; one connection holds one seat per table.
A hostile probe froze the loop for 6.9 s with repeated watches of a table 2,600 steps long."""

from __future__ import annotations

import dataclasses

import pytest
from tests.server.harness import Harness
from tests.server.test_core import seated_table

from atout.server.core import told
from atout.server.core.limits import CoreLimits


def play(h: Harness, tid: str, conns: list[int], moves: int) -> None:
    """``moves`` moves, each seat playing its first legal move (no game ends this soon)."""
    for _ in range(moves):
        for c in conns:
            u = h.last(c, "update", tid)["body"]
            if u["legal"] and u["turn"] == u["seat"]:
                rep = h.request(c, "move", table=tid, version=u["version"], move=u["legal"][0])
                assert rep["cmd"] == "update", rep
                break
        else:
            raise AssertionError("nobody to move")


@pytest.fixture
def short(monkeypatch):
    monkeypatch.setattr(told, "CATCH_UP_STEPS", 6)


def test_a_catch_up_replays_the_latest_steps_after_saying_what_it_left_out(short):
    h = Harness()
    tid, conns = seated_table(h, "quinze", 2)
    early = h.connect("early")
    h.request(early, "watch", table=tid)
    play(h, tid, conns, 20)
    t = h.core.tables[tid]
    assert t.version == 20
    seen = [m["body"]["events"] for m in h.inbox[early] if m["cmd"] == "update"]
    late = h.connect("late", hello=False)
    h.request(late, "hello", versions=[1], name="late", texts=True)
    h.request(late, "watch", table=tid, version=-1)
    got = h.last(late, "update", tid)["body"]
    # 21 steps (the deal and 20 moves): the first 15 are counted, the last 6 replayed whole
    assert got["events"][0]["kind"] == "earlier" and got["events"][0]["data"] == {"steps": 15}
    assert got["events"][0]["text"] == "Earlier play is not repeated here (15 steps)."
    assert [{k: v for k, v in e.items() if k != "text"} for e in got["events"][1:]] == [
        e for step in seen[-6:] for e in step
    ]
    assert got["view"] == h.last(early, "update", tid)["body"]["view"]  # the view is whole
    # a client that saw version 17 misses 3 steps: nothing is left out
    back = h.connect("back")
    h.request(back, "watch", table=tid, version=17)
    assert h.last(back, "update", tid)["body"]["events"] == [e for step in seen[-3:] for e in step]
    # up to date: no events at all
    h.request(back, "watch", table=tid, version=20)
    assert h.last(back, "update", tid)["body"]["events"] == []


def test_the_cut_is_said_in_french_and_a_seat_is_cut_the_same_way(short):
    h = Harness()
    tid, conns = seated_table(h, "q2j", 2)
    play(h, tid, conns, 10)
    token = h.last(conns[1], "joined", tid)["body"]["token"]
    fr = h.connect("fr", hello=False)
    h.request(fr, "hello", versions=[1], name="fr", lang="fr", texts=True)
    h.disconnect(conns[1])
    assert h.request(fr, "resume", table=tid, token=token, version=-1)["cmd"] == "joined"
    first = h.last(fr, "update", tid)["body"]["events"][0]
    assert first["kind"] == "earlier" and first["data"] == {"steps": 5}
    assert first["text"] == "Le jeu plus ancien n'est pas répété ici (5 étapes)."


def test_what_is_left_out_is_counted_for_each_caller(short):
    """Callers share the made catch-up, never its count: a client that saw version 9 misses 5
    steps before the cut, one that saw 14 misses none, whoever asked first."""
    h = Harness()
    tid, conns = seated_table(h, "quinze", 2)
    play(h, tid, conns, 20)
    got = {}
    for version in (14, -1, 9, 14, -1):
        w = h.connect()
        h.request(w, "watch", table=tid, version=version)
        events = h.last(w, "update", tid)["body"]["events"]
        first = events[0]["data"] if events[0]["kind"] == "earlier" else None
        assert got.setdefault(version, first) == first
    assert got == {-1: {"steps": 15}, 9: {"steps": 5}, 14: None}


def test_the_same_catch_up_is_made_once_per_version(short, monkeypatch):
    h = Harness()
    tid, conns = seated_table(h, "quinze", 2)
    play(h, tid, conns, 10)
    made = []
    real = told.events_out
    monkeypatch.setattr(told, "events_out", lambda *a: made.append(a[2]) or real(*a))
    watchers = [h.connect(f"w{i}") for i in range(5)]
    for w in watchers:
        h.request(w, "watch", table=tid, version=-1)
    assert made == [None]  # one spectators' catch-up for five watchers
    bodies = [h.last(w, "update", tid)["body"] for w in watchers]
    assert all(b["events"] == bodies[0]["events"] for b in bodies)
    play(h, tid, conns, 1)  # a new version: made again (the old ones are let go at once)
    assert not h.core.tables[tid].catch_ups
    made.clear()
    h.request(watchers[0], "watch", table=tid, version=-1)
    assert made == [None]
    assert len(h.core.tables[tid].catch_ups) <= told.CATCH_UP_MEMO + 1


def test_watch_and_resume_count_as_several_commands():
    h = Harness(limits=dataclasses.replace(CoreLimits.unlimited(), conn_rate=1.0, conn_burst=20))
    tid, _ = seated_table(h, "q2j", 2)
    c = h.connect()  # hello: 1 of 20
    assert h.request(c, "watch", table=tid)["cmd"] == "ok"  # 9
    assert h.request(c, "watch", table=tid)["cmd"] == "ok"  # 17
    rep = h.request(c, "watch", table=tid)
    assert rep["cmd"] == "error" and rep["body"]["code"] == "limit.rate"
    rep = h.request(c, "resume", table=tid, token="0" * 32)
    assert rep["cmd"] == "error" and rep["body"]["code"] == "limit.rate"


def test_one_connection_cannot_resume_a_second_seat_at_a_table():
    """It would leave the first seat held by a connection that no longer answers for it: no
    bot would ever play it and the table would never time out."""
    h = Harness()
    tid, (a, b) = seated_table(h, "q2j", 2)
    token_b = h.last(b, "joined", tid)["body"]["token"]
    rep = h.request(a, "resume", table=tid, token=token_b, version=-1)
    assert rep["cmd"] == "error" and rep["body"]["code"] == "lobby.already_seated"
    t = h.core.tables[tid]
    assert [s.conn for s in t.seats] == [a, b]  # nothing changed
    h.disconnect(a)
    h.disconnect(b)
    assert [s.conn for s in t.seats] == [None, None]
    # its own seat again is fine (a page that resumes twice)
    c = h.connect()
    token_a = h.last(a, "joined", tid)["body"]["token"]
    assert h.request(c, "resume", table=tid, token=token_a)["cmd"] == "joined"
    assert h.request(c, "resume", table=tid, token=token_a)["cmd"] == "joined"
