"""The players' platform without a network: accounts, sessions, ratings, quick play, bots on
demand, reactions and chat, replays, the HTTP API's errors, migrations and backups."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import msgspec
import pytest
from argon2 import PasswordHasher
from tests.server.harness import Harness

from atout.games import get_game
from atout.server.accounts import accounts as accounts_mod
from atout.server.accounts.api import MAX_BODY, HttpRequest, HttpResponse, run
from atout.server.core.router import Core
from atout.server.storage import migrations, replays
from atout.server.storage import record as r
from atout.server.storage.store import SQLiteStore, backup

FIXTURE = Path(__file__).parent / "fixtures" / "db_v0.sql"


@pytest.fixture(autouse=True)
def cheap_hashes(monkeypatch, request):
    """argon2id still, with small parameters (the real ones take ~0.2 s a hash here); the test
    of what is stored uses the real hasher."""
    if "argon2id" not in request.node.name:
        monkeypatch.setattr(
            accounts_mod, "_hasher", PasswordHasher(time_cost=1, memory_cost=64, parallelism=1)
        )


def call(
    core: Core,
    method: str,
    target: str,
    body: Any = None,
    *,
    token: str | None = None,
    address: str | None = "203.0.113.9",
    now: float = 1000.0,
    raw: bytes | None = None,
    headers: dict[str, str] | None = None,
) -> HttpResponse:
    h = {"content-type": "application/json"} if body is not None or raw is not None else {}
    if token:
        h["cookie"] = f"atout_session={token}"
    h.update(headers or {})
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else b"")
    resp = run(core.api, HttpRequest(method, target, h, data, address), now)
    core.store.commit()
    return resp


def js(resp: HttpResponse) -> Any:
    return json.loads(resp.body) if resp.body else None


def cookie(resp: HttpResponse) -> str:
    """The session token set, after checking the cookies: the session HttpOnly, and beside it
    the marker the page reads to know it is signed in (no secret in it)."""
    got = dict(v.split(";")[0].split("=", 1) for k, v in resp.headers if k == "Set-Cookie")
    assert got.keys() == {"atout_session", "atout_account"} and got["atout_account"] == "1"
    (value,) = [v for k, v in resp.headers if k == "Set-Cookie" and v.startswith("atout_session=")]
    assert "HttpOnly" in value and "SameSite=Lax" in value and "Path=/" in value
    return got["atout_session"]


def on(core: Core) -> Harness:
    """A harness whose connections reach ``core`` (one with accounts already signed up)."""
    h = Harness()
    h.core = core
    return h


def signup(core: Core, name: str, password: str = "correct horse", **kw: Any) -> str:
    resp = call(core, "POST", "/api/signup", {"name": name, "password": password}, **kw)
    assert resp.status == 201, js(resp)
    return cookie(resp)


def err(resp: HttpResponse, status: int, code: str) -> dict[str, Any]:
    body = js(resp)
    assert resp.status == status, body
    e = body["error"]
    assert e["code"] == code and e["message"] and e["message_fr"], e
    return e


def connect_as(h: Harness, token: str | None, name: str = "guest") -> int:
    """A connection whose upgrade carried ``token`` (its session cookie), then hello."""
    h._conn += 1
    c = h._conn
    h.deliver(h.core.connect(c, address=None, now=h.now, session=token))
    h.names[c] = name
    h.request(c, "hello", versions=[1], name=name)
    return c


def play_out(h: Harness, table: str, conns: dict[int, int], rng: random.Random) -> None:
    """Play ``table`` to its end: random legal moves for the people, the bots in the ticks."""
    for _ in range(20000):
        t = h.core.tables[table]
        if t.status != "playing":
            return
        seat = t.state.current
        if t.seats[seat].bot is not None or t.seats[seat].away:
            h.now += 1.0
            h.deliver(h.core.tick(h.now))
            continue
        mv = rng.choice(list(t.state.legal_moves()))
        h.now += 0.02  # people take time: a long game stays within the command rate limit
        got = h.request(
            conns[seat], "move", table=table, version=t.version, move=msgspec.to_builtins(mv)
        )
        assert got["cmd"] == "update", got
    raise AssertionError("the game did not end")


# ----------------------------------------------------------------------------- accounts


def test_passwords_are_stored_only_as_argon2id_hashes_and_tokens_only_hashed(tmp_path, caplog):
    caplog.set_level("DEBUG")
    store = SQLiteStore(tmp_path / "a.db")
    core = Core(store)
    password = "s3cret-Pa55word-xyz"
    token = signup(core, "Alice", password)
    (stored,) = store.db.execute("SELECT password FROM accounts").fetchone()
    assert stored.startswith("$argon2id$v=19$")
    assert accounts_mod.verify_password(stored, password)
    store.close()
    dump = "\n".join(sqlite3.connect(tmp_path / "a.db").iterdump())
    raw = b"".join(p.read_bytes() for p in tmp_path.iterdir())
    for secret in (password, token):
        assert secret not in dump and secret.encode() not in raw
        assert secret not in caplog.text
    assert accounts_mod.token_hash(token) in dump


def test_signup_login_me_logout():
    core = Core()
    token = signup(core, "  Ｂéa  Lune ")  # NFKC: the fullwidth B is a B; spaces trimmed
    me = js(call(core, "GET", "/api/me", token=token))
    assert me == {"name": "Béa Lune", "ratings": {}}
    err(
        call(core, "POST", "/api/signup", {"name": "béa lune", "password": "12345678"}),
        409,
        "account.name_taken",
    )
    resp = call(core, "POST", "/api/login", {"name": "BÉA LUNE", "password": "correct horse"})
    assert resp.status == 200 and js(resp) == {"name": "Béa Lune"}
    other = cookie(resp)
    bearer = call(core, "GET", "/api/me", headers={"authorization": f"Bearer {other}"})
    assert js(bearer)["name"] == "Béa Lune"
    out = call(core, "POST", "/api/logout", {}, token=token)
    gone = [v for k, v in out.headers if k == "Set-Cookie"]
    assert out.status == 204 and len(gone) == 2 and all("Max-Age=0" in v for v in gone)
    err(call(core, "GET", "/api/me", token=token), 401, "account.not_logged_in")
    assert call(core, "GET", "/api/me", token=other).status == 200  # the other device stays


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("", "empty"),
        ("x" * 25, "too_long"),
        ("ab\u202ecd", "bidi"),
        ("ab\x07cd", "control"),
        ("<script>", "characters"),
        ("-dash", "characters"),
        ("gm", "reserved"),
        ("Admin", "reserved"),
        ("bot-random", "reserved"),
        ("heuristic", "reserved"),
    ],
)
def test_bad_names_are_refused_and_change_nothing(name, reason):
    core = Core()
    e = err(
        call(core, "POST", "/api/signup", {"name": name, "password": "long enough"}),
        400,
        "account.bad_name",
    )
    assert e["detail"]["reason"] == reason
    assert core.store.db.execute("SELECT COUNT(*) FROM accounts").fetchone()[0] == 0


def test_bad_requests_get_clear_errors_and_change_nothing():
    core = Core()
    signup(core, "Zoé")
    before = core.store.db.execute("SELECT COUNT(*) FROM accounts").fetchone()[0]
    p = "/api/signup"
    err(call(core, "POST", p, {"name": "x1", "password": "short"}), 400, "account.bad_password")
    err(call(core, "POST", p, {"name": "x1", "password": "y" * 257}), 400, "account.bad_password")
    err(call(core, "POST", p, raw=b"{not json"), 400, "api.bad_request")
    err(call(core, "POST", p, {"name": "x1"}), 400, "api.bad_request")
    err(
        call(core, "POST", p, {"name": "x1", "password": "12345678", "admin": True}),
        400,
        "api.bad_request",
    )
    err(call(core, "POST", p, {"name": 3, "password": "12345678"}), 400, "api.bad_request")
    err(call(core, "POST", p, ["x"]), 400, "api.bad_request")
    err(call(core, "POST", p, raw=b"{}" + b" " * MAX_BODY), 413, "api.too_large")
    err(
        call(
            core,
            "POST",
            p,
            raw=b'{"name":"a","password":"12345678"}',
            headers={"content-type": "text/plain"},
        ),
        415,
        "api.bad_content_type",
    )
    e = err(call(core, "GET", p), 405, "api.method")
    assert e["detail"]["allow"] == "POST"
    err(call(core, "GET", "/api/nothing"), 404, "api.not_found")
    err(call(core, "GET", "/api/leaderboard/chess"), 404, "api.unknown_game")
    err(call(core, "GET", "/api/leaderboard/q2j?limit=0"), 400, "api.bad_query")
    err(call(core, "GET", "/api/leaderboard/q2j?limit=x"), 400, "api.bad_query")
    err(call(core, "GET", "/api/leaderboard/q2j?offset=-1"), 400, "api.bad_query")
    err(call(core, "GET", "/api/players/nobody"), 404, "account.unknown")
    err(call(core, "GET", "/api/history?player=nobody"), 404, "account.unknown")
    err(call(core, "GET", "/api/replay/abcdef"), 404, "api.unknown_table")
    err(call(core, "GET", "/api/record/abcdef"), 404, "api.unknown_table")
    err(
        call(core, "POST", "/api/login", {"name": "Zoé", "password": "wrong one"}),
        401,
        "account.bad_login",
    )
    err(
        call(core, "POST", "/api/login", {"name": "nobody", "password": "wrong one"}),
        401,
        "account.bad_login",
    )
    assert core.store.db.execute("SELECT COUNT(*) FROM accounts").fetchone()[0] == before


def test_every_api_error_code_is_documented():
    from atout.server.accounts.api import API_ERRORS

    doc = (Path(__file__).parents[2] / "docs" / "API.md").read_text()
    for code in API_ERRORS:
        assert f"`{code}`" in doc, code


def test_sessions_expire_and_slide():
    core = Core()
    ttl = accounts_mod.SESSION_TTL
    token = signup(core, "Iris", now=0.0)
    assert call(core, "GET", "/api/me", token=token, now=ttl - 10).status == 200  # slides
    assert call(core, "GET", "/api/me", token=token, now=2 * ttl - 20).status == 200
    err(call(core, "GET", "/api/me", token=token, now=3 * ttl), 401, "account.not_logged_in")
    assert core.store.db.execute("SELECT COUNT(*) FROM sessions").fetchone()[0] == 0
    # and an expired session's WebSocket is a guest's
    h = Harness(store=core.store)
    h.core = core
    c = connect_as(h, token, "Visitor")
    assert h.inbox[c][-1]["body"]["account"] is None


# ----------------------------------------------------------------------------- at the tables


def test_the_websocket_session_is_the_account_and_guests_cannot_take_its_name():
    core = Core()
    token = signup(core, "Léa")
    h = on(core)
    c = connect_as(h, token, "whatever")
    welcome = h.inbox[c][-1]
    assert welcome["body"]["account"] == "Léa" and welcome["to"] == "Léa"
    g = connect_as(h, None, "LÉA")
    assert h.inbox[g][-1]["body"]["code"] == "lobby.name_taken"


def test_quick_play_seats_the_second_person_at_the_first_ones_table_and_fill_bots_starts():
    h = Harness()
    a, b, c = h.connect("ana"), h.connect("ben"), h.connect("cy")
    ja = h.request(a, "quick_play", game="q2j", players=3, wait=30)
    assert ja["cmd"] == "joined"
    jb = h.request(b, "quick_play", game="q2j", players=3)
    assert jb["cmd"] == "joined" and jb["body"]["table"] == ja["body"]["table"]
    assert jb["body"]["seat"] != ja["body"]["seat"]
    tid = ja["body"]["table"]
    other = h.request(c, "quick_play", game="q2j", players=2)  # another size: another table
    assert other["body"]["table"] != tid
    early = h.request(a, "fill_bots", table=tid)
    assert early["body"]["code"] == "table.too_early" and early["body"]["detail"]["retry_after"] > 0
    assert h.core.tables[tid].status == "waiting"
    info = [m for m in h.inbox[b] if m["cmd"] == "table"][-1]["body"]
    assert info["quick"] is True and 0 < info["fill_in"] <= 30
    h.now += 31
    assert h.request(b, "fill_bots", table=tid)["cmd"] == "ok"
    t = h.core.tables[tid]
    assert t.status == "playing" and [s.bot for s in t.seats].count("moyen") == 1
    assert any(m["cmd"] == "started" for m in h.inbox[a])
    refused = h.request(a, "fill_bots", table=tid)
    assert refused["body"]["code"] == "table.already_started"
    assert h.request(c, "fill_bots", table=tid)["body"]["code"] == "table.not_seated"


def test_quick_play_with_bots_starts_at_once():
    h = Harness()
    a = h.connect("ana")
    j = h.request(a, "quick_play", game="pouilleux", players=4, fill="bots")
    t = h.core.tables[j["body"]["table"]]
    assert t.status == "playing" and sum(s.bot is not None for s in t.seats) == 3
    bad = h.request(a, "quick_play", game="chess", players=2)
    assert bad["body"]["code"] == "lobby.unknown_game"
    bad = h.request(a, "quick_play", game="q2j", players=1)
    assert bad["body"]["code"] == "lobby.bad_options"


def test_a_rated_game_between_two_accounts_moves_both_ratings_and_a_guest_plays_unrated():
    core = Core()
    ta, tb = signup(core, "Alma"), signup(core, "Boris")
    h = on(core)
    a, b = connect_as(h, ta, "x"), connect_as(h, tb, "y")
    j = h.request(a, "quick_play", game="q2j", players=2)
    h.request(b, "quick_play", game="q2j", players=2)
    tid = j["body"]["table"]
    t = core.tables[tid]
    assert t.status == "playing" and t.rated
    info = [m for m in h.inbox[a] if m["cmd"] == "table"][-1]["body"]
    assert info["rated"] and all(s["account"] for s in info["seats"])
    seat_a = j["body"]["seat"]
    play_out(h, tid, {seat_a: a, 1 - seat_a: b}, random.Random(3))
    core.store.commit()
    board = js(call(core, "GET", "/api/leaderboard/q2j"))
    assert board["total"] == 2 and {p["name"] for p in board["players"]} == {"Alma", "Boris"}
    winner = t.result["winners"]
    for name, token in (("Alma", ta), ("Boris", tb)):
        mine = js(call(core, "GET", "/api/me", token=token))["ratings"]["q2j"]
        assert mine["games"] == 1 and mine["rating"] != 0.0
        page = js(call(core, "GET", f"/api/players/{name.lower()}"))
        assert page["name"] == name and page["games"]["q2j"]["games"] == 1
        (g,) = page["recent"]
        assert g["table"] == tid and g["rated"] and g["rating_after"] == mine["rating"]
        assert g["won"] == (g["seat"] in winner) and sorted(g["players"]) == ["Alma", "Boris"]
        assert [x[1] for x in page["history"]["q2j"]] == [mine["rating"]]
    ranked = board["players"]
    assert ranked[0]["rank"] == 1 and ranked[0]["rating"] >= ranked[1]["rating"]
    hist = js(call(core, "GET", "/api/history?player=alma"))
    assert [x["table"] for x in hist["games"]] == [tid] and hist["games"][0]["rated"]

    # a guest at the table: unrated, no rating moves
    g = connect_as(h, None, "Guest")
    j2 = h.request(a, "quick_play", game="q2j", players=2)
    h.request(g, "quick_play", game="q2j", players=2)
    t2 = core.tables[j2["body"]["table"]]
    assert t2.status == "playing" and not t2.rated
    s = j2["body"]["seat"]
    play_out(h, t2.id, {s: a, 1 - s: g}, random.Random(4))
    core.store.commit()
    page = js(call(core, "GET", "/api/players/Alma"))
    assert page["games"]["q2j"]["games"] == 1  # unchanged
    assert page["recent"][0]["table"] == t2.id and not page["recent"][0]["rated"]
    assert page["recent"][0]["rating_after"] is None


def test_bots_are_fixed_points_of_reference_on_the_leaderboard():
    core = Core()
    token = signup(core, "Cleo")
    h = on(core)
    a = connect_as(h, token)
    j = h.request(a, "quick_play", game="q2j", players=2, fill="bots")
    tid = j["body"]["table"]
    assert core.tables[tid].rated
    play_out(h, tid, {j["body"]["seat"]: a}, random.Random(5))
    core.store.commit()
    board = js(call(core, "GET", "/api/leaderboard/q2j"))["players"]
    bot = next(p for p in board if p["kind"] == "bot")
    assert bot["name"] == "bot-moyen" and bot["games"] == 1
    from atout.server.accounts.ratings import BOT_RATINGS

    assert bot["mu"] == BOT_RATINGS["moyen"][0] and bot["sigma"] == BOT_RATINGS["moyen"][1]


def test_quick_play_seats_bots_of_the_level_asked_and_shares_tables_by_level():
    h = Harness()
    a, b, c, d = h.connect("ana"), h.connect("ben"), h.connect("cy"), h.connect("dee")
    ja = h.request(a, "quick_play", game="q2j", players=3, level="expert")  # waits for people
    jb = h.request(b, "quick_play", game="q2j", players=3)  # moyen: not ana's table
    assert ja["body"]["table"] != jb["body"]["table"]
    jc = h.request(c, "quick_play", game="q2j", players=3, level="expert", fill="bots")
    tid = ja["body"]["table"]
    assert jc["body"]["table"] == tid  # the same level: ana's table, its last seat to a bot
    t = h.core.tables[tid]
    assert t.status == "playing" and [s.bot for s in t.seats].count("expert") == 1
    assert [s.name for s in t.seats if s.bot] == ["bot-expert"]
    jd = h.request(d, "quick_play", game="q2j", players=2, level="debutant", fill="bots")
    t2 = h.core.tables[jd["body"]["table"]]
    assert [s.bot for s in t2.seats if s.bot] == ["debutant"] and t2.status == "playing"
    for level in ("heuristic", "grandmaster", ""):  # levels only: raw kinds are create_table's
        bad = h.request(d, "quick_play", game="q2j", players=2, level=level)
        assert bad["cmd"] == "error" and bad["body"]["code"] == "lobby.bad_bot", bad
    assert len(h.core.tables) == 3  # a refused request opened nothing


def test_an_accounts_seat_is_resumed_from_another_device_and_held_once():
    core = Core()
    token = signup(core, "Dora")
    h = on(core)
    phone = connect_as(h, token)
    j = h.request(phone, "create_table", game="q2j", players=2)
    tid = j["body"]["table"]
    joined = h.request(phone, "join", table=tid)
    laptop = connect_as(h, token)
    twice = h.request(laptop, "join", table=tid)
    assert twice["body"]["code"] == "lobby.account_seated"
    back = h.request(laptop, "resume", table=tid)
    assert back["cmd"] == "joined" and back["body"]["seat"] == joined["body"]["seat"]
    assert back["body"]["token"] != joined["body"]["token"]
    assert any(m["body"].get("code") == "table.seat_taken_over" for m in h.inbox[phone])
    # the phone's stale token still works for the account, a stranger's never
    again = h.request(phone, "resume", table=tid, token=joined["body"]["token"])
    assert again["cmd"] == "joined"
    guest = h.connect("Eve")
    nope = h.request(guest, "resume", table=tid)
    assert nope["body"]["code"] == "lobby.bad_token"


def test_reactions_are_fixed_phrases_rate_limited_and_chat_needs_the_server_flag():
    h = Harness()
    a, b, w = h.connect("ana"), h.connect("ben"), h.connect("wat")
    j = h.request(a, "quick_play", game="q2j", players=2)
    tid = j["body"]["table"]
    h.request(b, "quick_play", game="q2j", players=2)
    h.request(w, "watch", table=tid)
    assert h.request(a, "react", table=tid, phrase="well_played")["cmd"] == "ok"
    for conn in (a, b, w):
        got = [m for m in h.inbox[conn] if m["cmd"] == "reaction"]
        assert got[-1]["body"] == {"table": tid, "seat": j["body"]["seat"], "phrase": "well_played"}
    again = h.request(a, "react", table=tid, phrase="gg")
    assert again["body"]["code"] == "limit.react" and again["body"]["detail"]["retry_after"] > 0
    h.now += 3.01
    assert h.request(a, "react", table=tid, phrase="gg")["cmd"] == "ok"
    bad = h.request(a, "react", table=tid, phrase="you suck")
    assert bad["body"]["code"] == "protocol.bad_message"
    stranger = h.connect("zed")
    assert (
        h.request(stranger, "react", table=tid, phrase="gg")["body"]["code"] == "table.not_member"
    )
    off = h.request(a, "chat", table=tid, text="hello")
    assert off["body"]["code"] == "table.chat_disabled"
    h.core.chat = True
    assert h.request(b, "chat", table=tid, text="  <b>hi</b>\u202e\x00 there ")["cmd"] == "ok"
    line = [m for m in h.inbox[w] if m["cmd"] == "chat"][-1]["body"]
    assert line["text"] == "<b>hi</b> there" and line["name"] == "ben"  # text, not HTML
    assert h.request(b, "chat", table=tid, text="more")["body"]["code"] == "limit.chat"
    h.now += 2.01
    assert h.request(b, "chat", table=tid, text="\u202e\x01")["body"]["code"] == "table.bad_text"
    assert h.request(b, "chat", table=tid, text="x" * 201)["body"]["code"] == "protocol.bad_message"


# ----------------------------------------------------------------------------- replays


@pytest.mark.parametrize(("game", "players"), [("q2j", 2), ("pouilleux", 3), ("quinze", 2)])
def test_replays_hide_nothing_before_the_end_and_open_every_hand_at_the_end(game, players):
    h = Harness()
    a = h.connect("ana")
    j = h.request(a, "quick_play", game=game, players=players, fill="bots")
    tid = j["body"]["table"]
    err_early = call(h.core, "GET", f"/api/replay/{tid}")
    assert err_early.status == 404  # not finished: nothing yet
    play_out(h, tid, {j["body"]["seat"]: a}, random.Random(11))
    h.core.store.commit()
    rep = js(call(h.core, "GET", f"/api/replay/{tid}"))
    rec = h.core.store.load(tid)
    assert len(rep["steps"]) == len(rec.moves) + 1 and rep["result"] == rec.result
    g = get_game(game)
    state = g.setup(rec.players, rec.options, r.seed_int(rec.seed))
    for i, step in enumerate(rep["steps"]):
        if i:
            mv = rec.moves[i - 1]
            state.apply(mv.seat, g.parse_move(mv.move))
            assert step["seat"] == mv.seat and isinstance(step["move"], str)
        assert step["version"] == i
        assert step["view"] == r.jsonable(state.view(None))  # the game's spectator view
        text = json.dumps(step)
        if not state.is_over:
            for card in state.secret_cards(None):
                assert f'"{card.code}"' not in text, (i, card.code)
        for e in step["events"]:
            assert e["text"] and e["text_fr"]
    assert state.is_over
    final = rep["final"]
    hands = [state.view(s).get("hand", []) for s in range(players)]
    assert [sorted(x) for x in final["hands"]] == [sorted(x) for x in hands]
    rec_resp = call(h.core, "GET", f"/api/record/{tid}")
    assert "attachment" in dict(rec_resp.headers)["Content-Disposition"]
    assert r.verify(r.loads(rec_resp.body)) == []
    replays._cache.clear()


# ----------------------------------------------------------------------------- data


def test_a_database_of_the_previous_schema_is_migrated_in_place_without_loss(tmp_path):
    path = tmp_path / "old.db"
    old = sqlite3.connect(path)
    old.executescript(FIXTURE.read_text())
    old.execute("PRAGMA journal_mode=WAL")
    assert old.execute("PRAGMA user_version").fetchone()[0] == 0
    before = {
        t: old.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall()
        for t in ("tables", "seats", "journal")
    }
    old.close()
    store = SQLiteStore(path)
    assert store.migrated == [v for v, _, _ in migrations.MIGRATIONS]
    assert store.version() == migrations.LATEST
    for t, rows in before.items():
        after = store.db.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall()
        width = len(rows[0])
        assert [row[:width] for row in after] == rows, t  # the new columns come last
    finished = store.finished_ids()
    assert len(finished) == 3
    for tid in finished:
        assert r.verify(store.load(tid)) == []
    core = Core(store)
    assert core.recover(2000.0) == 2  # the waiting and the playing tables come back
    token = signup(core, "Newcomer")  # and the platform works on the upgraded database
    assert call(core, "GET", "/api/me", token=token).status == 200
    rep = js(call(core, "GET", f"/api/replay/{finished[0]}"))
    assert rep["table"] == finished[0]
    store.close()
    again = SQLiteStore(path)  # opening again applies nothing
    assert again.migrated == []
    again.close()


def test_a_newer_database_is_refused(tmp_path):
    path = tmp_path / "new.db"
    SQLiteStore(path).close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version={migrations.LATEST + 1}")
    db.commit()
    db.close()
    with pytest.raises(migrations.SchemaTooNew):
        SQLiteStore(path)


def test_backup_copies_a_live_database_consistently(tmp_path):
    store = SQLiteStore(tmp_path / "live.db")
    core = Core(store)
    signup(core, "Fanny")
    store.db.execute("INSERT INTO ratings VALUES ('q2j', 'x', 'account', 'x', 1, 1, 1, 1, 0)")
    store.dirty = True  # written, not committed: the backup holds the committed state only
    pages = backup(tmp_path / "live.db", tmp_path / "copy.db")
    assert pages > 0
    copy = sqlite3.connect(tmp_path / "copy.db")
    assert copy.execute("SELECT name FROM accounts").fetchall() == [("Fanny",)]
    assert copy.execute("SELECT COUNT(*) FROM ratings").fetchone()[0] == 0
    assert copy.execute("PRAGMA user_version").fetchone()[0] == migrations.LATEST
    assert copy.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    store.close()
