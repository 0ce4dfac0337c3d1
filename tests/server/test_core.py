"""The sans-I/O game master: lobby, play, errors, timers, bots, reconnection, rematch."""

from __future__ import annotations

import hashlib
import random

import msgspec
import pytest
from tests.server.harness import Harness, game_ids, players_for

from atout.protocol import messages
from atout.server.storage import record as rec
from atout.server.storage.store import SQLiteStore


def seated_table(h: Harness, game: str = "q2j", players: int = 2, **kw):
    conns = [h.connect(f"p{i}") for i in range(players)]
    tid = h.create(conns[0], game, players, **kw)
    for i, c in enumerate(conns):
        rep = h.request(c, "join", table=tid, seat=i)
        assert rep["cmd"] == "joined"
    return tid, conns


def test_handshake_and_version():
    h = Harness()
    c = h.connect(hello=False)
    got = h.raw(c, b'{"cmd":"list_games","id":7,"body":{}}')
    assert got[0]["body"]["code"] == "protocol.hello_required" and got[0]["id"] == 7
    rep = h.request(c, "hello", versions=[99], name="x")
    assert rep["body"]["code"] == "protocol.version"
    rep = h.request(c, "hello", versions=[1], name="ann")
    assert rep["cmd"] == "welcome" and rep["body"]["version"] == 1 and "q2j" in rep["body"]["games"]
    assert rep["from"] == "gm" and rep["to"] == "ann"
    games = h.request(c, "list_games")["body"]["games"]
    assert {g["id"] for g in games} >= {"q2j"}


def test_list_games_follows_the_games_registered():
    """The summaries are built once (they cost ~1.6 ms: a burst of list_games would hold the
    loop) and again when the set of games changes."""
    from tests import toygame

    from atout.games import register, unregister

    h = Harness()
    c = h.connect()
    first = h.request(c, "list_games")["body"]["games"]
    assert h.request(c, "list_games")["body"]["games"] == first
    register(toygame.MatchGame())
    try:
        ids = {g["id"] for g in h.request(c, "list_games")["body"]["games"]}
        assert ids == {g["id"] for g in first} | {"match"}
    finally:
        unregister("match")
    assert h.request(c, "list_games")["body"]["games"] == first


def test_malformed_and_unknown():
    h = Harness()
    c = h.connect()
    assert h.raw(c, b"{nope")[0]["body"]["code"] == "protocol.bad_message"
    got = h.raw(c, b'{"cmd":"fly","id":5}')[0]
    assert got["body"]["code"] == "protocol.unknown_command" and got["id"] == 5
    got = h.raw(c, b'{"cmd":"move","id":6,"body":{"table":"x"}}')[0]
    assert got["body"]["code"] == "protocol.bad_message" and got["id"] == 6
    # an id a JavaScript page cannot hold exactly is refused, and not echoed (2**53 + 1)
    got = h.raw(c, b'{"cmd":"ping","id":9007199254740993,"body":{}}')[0]
    assert got["body"]["code"] == "protocol.bad_message" and "id" not in got
    assert h.raw(c, b'{"cmd":"ping","id":-9007199254740991}')[0]["id"] == -(2**53 - 1)


def test_lobby_errors():
    h = Harness()
    c = h.connect()
    assert (
        h.request(c, "create_table", game="chess", players=2)["body"]["code"]
        == "lobby.unknown_game"
    )
    assert (
        h.request(c, "create_table", game="q2j", players=1)["body"]["code"] == "lobby.bad_options"
    )
    r = h.request(c, "create_table", game="q2j", players=2, options={"nope": 1})
    assert r["body"]["code"] == "lobby.bad_options"
    assert (
        h.request(c, "create_table", game="q2j", players=2, bots=[5])["body"]["code"]
        == "lobby.bad_bot"
    )
    assert h.request(c, "join", table="zzz")["body"]["code"] == "lobby.unknown_table"
    tid = h.create(c, "q2j", 3, private=True)
    assert h.request(c, "list_tables")["body"]["tables"] == []
    assert h.request(c, "join", table=tid, seat=9)["body"]["code"] == "lobby.bad_seat"
    assert h.request(c, "join", table=tid, seat=1)["cmd"] == "joined"
    assert h.request(c, "join", table=tid)["body"]["code"] == "lobby.already_seated"
    d = h.connect()
    assert h.request(d, "join", table=tid, seat=1)["body"]["code"] == "lobby.seat_taken"
    assert h.request(c, "start", table=tid)["body"]["code"] == "table.not_ready"
    assert h.request(d, "start", table=tid)["body"]["code"] == "table.not_seated"


@pytest.mark.parametrize("game", game_ids())
def test_full_game_every_game(game):
    h = Harness()
    n = players_for(game)
    tid, conns = seated_table(h, game, n)
    started = h.last(conns[0], "started", tid)
    assert started is not None
    commitment = started["body"]["commitment"]
    moves = h.play_out(tid, dict(enumerate(conns)))
    assert moves > 0
    over = h.last(conns[1], "game_over", tid)["body"]
    # the secret committed at the creation, and the seed it gives with every seat's nonce
    assert hashlib.sha256(f"atout-secret:{over['secret']}".encode()).hexdigest() == commitment
    text = "atout-seed/2:" + ":".join([over["secret"], *over["nonces"]])
    assert hashlib.sha256(text.encode()).hexdigest() == over["seed"]


def test_views_private_and_spectator():
    h = Harness()
    tid, conns = seated_table(h, "q2j", 2, autostart=False)
    s = h.connect("watcher")
    assert h.request(s, "watch", table=tid)["cmd"] == "ok"
    assert h.request(conns[0], "start", table=tid)["cmd"] == "ok"
    u0 = h.last(conns[0], "update", tid)["body"]
    u1 = h.last(conns[1], "update", tid)["body"]
    us = h.last(s, "update", tid)["body"]
    assert u0["seat"] == 0 and u1["seat"] == 1 and us["seat"] is None
    assert "hand" in u0["view"] and "hand" not in us["view"]
    assert set(u0["view"]["hand"]).isdisjoint(u1["view"]["hand"])
    assert u0["version"] == u1["version"] == us["version"] == 0
    turn = u0["turn"]
    assert (u0 if turn == 0 else u1)["legal"] and (u1 if turn == 0 else u0).get("legal") is None


@pytest.mark.parametrize("game", game_ids())
def test_every_update_carries_exactly_the_games_view(game):
    """After every move each member's update carries exactly ``state.view(seat)`` (a spectator:
    ``view(None)``): what the server builds per seat is the game's view, nothing else."""
    h = Harness()
    tid, conns = seated_table(h, game, players_for(game))
    watcher = h.connect("watcher")
    assert h.request(watcher, "watch", table=tid)["cmd"] == "ok"
    t = h.core.tables[tid]
    rng = random.Random(3)
    for _ in range(400):
        state = t.state
        for seat, c in [*enumerate(conns), (None, watcher)]:
            got = h.last(c, "update", tid)["body"]
            assert got["seat"] == seat and got["version"] == t.version
            assert got["view"] == msgspec.json.decode(msgspec.json.encode(state.view(seat)))
        if state.is_over:
            break
        mover = conns[state.current]
        u = h.last(mover, "update", tid)["body"]
        rep = h.request(mover, "move", table=tid, version=u["version"], move=rng.choice(u["legal"]))
        assert rep["cmd"] == "update", rep
    else:
        raise AssertionError("game did not end")


def test_stale_move_not_seated_not_your_turn():
    h = Harness()
    tid, conns = seated_table(h, "q2j", 2)
    u = h.last(conns[0], "update", tid)["body"]
    turn = u["turn"]
    mover, other = conns[turn], conns[1 - turn]
    r = h.request(other, "move", table=tid, version=0, move={"type": "draw"})
    assert r["body"]["code"] == "game.not_your_turn"
    r = h.request(mover, "move", table=tid, version=0, move={"type": "draw"})
    assert r["cmd"] == "update" and r["body"]["version"] == 1
    r = h.request(other, "move", table=tid, version=0, move={"type": "draw"})
    assert r["body"]["code"] == "table.stale_state" and r["body"]["detail"]["version"] == 1
    intruder = h.connect("intruder")
    r = h.request(intruder, "move", table=tid, version=1, move={"type": "draw"})
    assert r["body"]["code"] == "table.not_seated"
    r = h.request(other, "move", table=tid, version=1, move={"type": "fly"})
    assert r["body"]["code"] == "game.bad_move"
    # a refused move changes nothing
    assert h.last(other, "update", tid)["body"]["version"] == 1


def test_error_never_names_hidden_card():
    h = Harness()
    tid, conns = seated_table(h, "q2j", 2)
    u = h.last(conns[0], "update", tid)["body"]
    mover = conns[u["turn"]]
    other_view = h.last(conns[1 - u["turn"]], "update", tid)["body"]["view"]
    hidden = other_view["hand"][0]
    r = h.request(mover, "move", table=tid, version=0, move={"type": "play", "cards": [hidden]})
    assert r["cmd"] == "error"
    assert hidden not in r["body"]["message"]
    assert msgspec.json.encode(r).decode().count(f'"{hidden}"') == 0
    # said as a card, in both languages, not as a riddle ("? is not in your hand.")
    assert "?" not in r["body"]["message"] and "?" not in r["body"]["message_fr"]
    assert "this card" in r["body"]["message"].lower(), r["body"]["message"]
    assert "cette carte" in r["body"]["message_fr"].lower(), r["body"]["message_fr"]


def test_turn_timer_plays_default_move():
    h = Harness()
    tid, conns = seated_table(h, "q2j", 2, turn_seconds=5)
    u = h.last(conns[0], "update", tid)["body"]
    assert u["deadline"] == 5
    h.advance(4.9)
    assert h.last(conns[0], "update", tid)["body"]["version"] == 0
    h.advance(0.2)
    u = h.last(conns[0], "update", tid)["body"]
    assert u["version"] == 1
    assert u["events"][0]["kind"] == "timeout" and u["events"][0]["data"]["move"] == {
        "type": "draw"
    }


def test_dropped_seat_keeps_timer_and_reconnects():
    h = Harness()
    tid, conns = seated_table(h, "q2j", 2, turn_seconds=3)
    token = next(m for m in h.inbox[conns[0]] if m["cmd"] == "joined")["body"]["token"]
    seen = h.last(conns[0], "update", tid)["body"]["version"]
    h.disconnect(conns[0])
    info = h.last(conns[1], "table", tid)["body"]
    assert info["seats"][0]["connected"] is False
    for _ in range(3):
        h.advance(3.1)
    now_version = h.last(conns[1], "update", tid)["body"]["version"]
    assert now_version >= 3
    back = h.connect("p0-again")
    assert (
        h.request(back, "resume", table=tid, token="wrong" * 4)["body"]["code"] == "lobby.bad_token"
    )
    rep = h.request(back, "resume", table=tid, token=token, version=seen)
    assert rep["cmd"] == "joined" and rep["body"]["seat"] == 0
    upd = h.last(back, "update", tid)["body"]
    assert upd["version"] == now_version and upd["seat"] == 0
    assert sum(e["kind"] == "timeout" for e in upd["events"]) == now_version - seen


def test_second_connection_cannot_act_and_takeover():
    h = Harness()
    tid, conns = seated_table(h, "q2j", 2)
    token = next(m for m in h.inbox[conns[0]] if m["cmd"] == "joined")["body"]["token"]
    thief = h.connect("p0")  # same name, no token
    assert h.request(thief, "join", table=tid)["body"]["code"] == "table.already_started"
    assert (
        h.request(thief, "move", table=tid, version=0, move={"type": "draw"})["body"]["code"]
        == "table.not_seated"
    )
    # with the token it takes the seat over; the old connection is told and loses it
    assert h.request(thief, "resume", table=tid, token=token)["cmd"] == "joined"
    assert h.last(conns[0], "error")["body"]["code"] == "table.seat_taken_over"
    r = h.request(conns[0], "move", table=tid, version=0, move={"type": "draw"})
    assert r["body"]["code"] == "table.not_seated"


def test_server_bots_and_leave():
    h = Harness()
    c = h.connect("solo")
    tid = h.create(c, "q2j", 3, bots=[1, 2], bot_delay=0)
    h.request(c, "join", table=tid)
    moves = h.play_out(tid, {0: c})
    assert h.last(c, "game_over", tid) is not None
    assert moves >= 0
    # leaving mid-game hands the seat to a bot, which finishes it
    c2 = h.connect("quitter")
    tid2 = h.create(c2, "q2j", 2, bots=[1], bot_delay=0)
    h.request(c2, "join", table=tid2)
    w = h.connect("w")
    h.request(w, "watch", table=tid2)
    h.request(c2, "leave", table=tid2)
    for _ in range(5000):
        h.drain_due()
        if h.last(w, "game_over", tid2):
            break
    assert h.last(w, "game_over", tid2) is not None


def test_rematch():
    h = Harness()
    tid, conns = seated_table(h, "q2j", 2)
    assert h.request(conns[0], "rematch", table=tid)["body"]["code"] == "table.not_finished"
    h.play_out(tid, dict(enumerate(conns)))
    assert h.request(conns[0], "rematch", table=tid)["cmd"] == "ok"
    assert h.last(conns[1], "rematch", tid)["body"]["votes"] == [0]
    h.request(conns[1], "rematch", table=tid)
    ready = h.last(conns[0], "rematch_ready")["body"]
    new = ready["new_table"]
    assert ready["token"] and ready["seat"] == 0
    assert h.last(conns[1], "started", new) is not None
    h.play_out(new, dict(enumerate(conns)))


def test_record_verifies_and_recovery(tmp_path):
    db = tmp_path / "atout.db"
    store = SQLiteStore(db)
    h = Harness(store)
    tid, conns = seated_table(h, "q2j", 3)
    token = next(m for m in h.inbox[conns[1]] if m["cmd"] == "joined")["body"]["token"]
    # play a few moves, then "crash": drop the core without closing anything
    for _ in range(4):
        u = h.last(conns[0], "update", tid)["body"]
        conn = conns[u["turn"]]
        legal = h.last(conn, "update", tid)["body"]["legal"]
        h.request(conn, "move", table=tid, version=u["version"], move=legal[-1])
    before = h.last(conns[1], "update", tid)["body"]
    store.db.close()

    store2 = SQLiteStore(db)
    h2 = Harness(store2, seed=5)
    assert h2.core.recover(h2.now) == 1
    back = h2.connect("p1")
    assert h2.request(back, "resume", table=tid, token=token, version=-1)["cmd"] == "joined"
    after = h2.last(back, "update", tid)["body"]
    assert after["version"] == before["version"] == 4
    assert after["view"] == before["view"]
    # the others come back too and finish the game
    seats = {1: back}
    for i in (0, 2):
        tok = next(m for m in h.inbox[conns[i]] if m["cmd"] == "joined")["body"]["token"]
        c = h2.connect(f"p{i}")
        h2.request(c, "resume", table=tid, token=tok)
        seats[i] = c
    h2.play_out(tid, seats)
    store2.commit()
    record = store2.load(tid)
    assert record is not None and record.status == "finished"
    assert rec.verify(rec.export_record(record)) == []
    # tampering is caught
    bad = rec.export_record(record)
    bad.seed = "0" * 32
    assert rec.verify(bad)


def test_legal_moves_listed_up_to_a_cap(monkeypatch):
    monkeypatch.setattr(messages, "MAX_LEGAL", 1)
    h = Harness()
    tid, conns = seated_table(h, "q2j", 2)
    u = h.last(conns[0], "update", tid)["body"]
    mine = h.last(conns[u["turn"]], "update", tid)["body"]
    assert len(mine["legal"]) == 1 and mine["legal_total"] >= 1
    r = h.request(conns[u["turn"]], "move", table=tid, version=0, move=mine["legal"][0])
    assert r["cmd"] == "update"


@pytest.mark.parametrize("game", game_ids())
def test_hint_on_your_turn_only_from_your_view(game):
    """'hint' answers the seat to act with a legal move (its place in the listed moves) and why,
    in English and French; anyone else gets a clear refusal; the leak guard watches the reply."""
    h = Harness()
    players = players_for(game)
    tid, conns = seated_table(h, game, players)
    u = h.last(conns[0], "update", tid)["body"]
    turn = u["turn"]
    mover = conns[turn]
    legal = h.last(mover, "update", tid)["body"]["legal"]
    r = h.request(mover, "hint", table=tid)
    assert r["cmd"] == "advice", r
    b = r["body"]
    assert b["version"] == u["version"] and b["table"] == tid
    assert legal[b["index"]] == b["move"]
    assert len(b["why"]) > 10 and len(b["why_fr"]) > 10 and b["why"] != b["why_fr"]
    other = conns[(turn + 1) % players]
    assert h.request(other, "hint", table=tid)["body"]["code"] == "game.not_your_turn"
    watcher = h.connect("watcher")
    assert h.request(watcher, "hint", table=tid)["body"]["code"] == "table.not_seated"
    # the advised move is accepted as is
    r = h.request(mover, "move", table=tid, version=b["version"], move=b["move"])
    assert r["cmd"] == "update" and r["body"]["version"] == b["version"] + 1


def test_hint_before_the_game_starts():
    h = Harness()
    c = h.connect("p0")
    tid = h.create(c, "q2j", 2)
    h.request(c, "join", table=tid, seat=0)
    assert h.request(c, "hint", table=tid)["body"]["code"] == "table.not_started"


def test_finished_table_is_archived_and_read_back_for_a_late_watcher(tmp_path):
    """Once finished and stored, a table drops its moves and events from memory; a spectator
    arriving later gets the very catch-up an early one got, read back from the store, and a
    seated player can still ask for a rematch."""
    h = Harness(SQLiteStore(tmp_path / "atout.db"))
    tid, conns = seated_table(h, "q2j", 2, turn_seconds=5)
    early = h.connect("early")
    h.request(early, "watch", table=tid)
    for _ in range(3):  # a few moves by timeout: their events are rebuilt too
        h.advance(6)
        h.drain_due()
    h.play_out(tid, dict(enumerate(conns)))
    t = h.core.tables[tid]
    final = h.last(conns[0], "game_over", tid)["body"]["version"]
    assert t.archived == final == t.version and t._moves == [] and t._history == []
    late = h.connect("late")
    h.request(late, "watch", table=tid, version=-1)
    got = h.last(late, "update", tid)["body"]
    assert got["version"] == final
    events = [e for m in h.inbox[early] if m["cmd"] == "update" for e in m["body"]["events"]]
    assert [e["kind"] for e in got["events"]] == [e["kind"] for e in events]
    assert sum(e["kind"] == "timeout" for e in events) == 3
    assert h.last(late, "game_over", tid)["body"]["version"] == final
    assert h.request(conns[0], "rematch", table=tid)["cmd"] in ("ok", "rematch")
