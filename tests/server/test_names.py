"""Names (issue 27 item 8): one rule for guests and accounts (atout.server.accounts.names), and no
impersonation by Unicode confusables (UTS #39 skeletons): not of an account, by a signup or a
guest, and not of a player seated at the table one joins. Real cores, real SQLite, real
PostgreSQL for the migration."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest
from argon2 import PasswordHasher
from tests.server.harness import Harness
from tests.server.test_platform import call, connect_as, err, on, signup

from atout.server.accounts import accounts as accounts_mod
from atout.server.core.router import Core
from atout.server.storage import migrations
from atout.server.storage.store import SCHEMA, SQLiteStore

MARKUP = "<img src=x onerror=…>"
#: The attacker's names that the rule itself refuses, and why.
REFUSED = [
    (MARKUP, "characters"),
    ("<img src=x onerror=alert(1)>", "too_long"),
    ("<b>Alice</b>", "characters"),
    ("Alice\u200b", "invisible"),  # a zero-width space after the name
    ("Al\u00adice", "invisible"),  # a soft hyphen
    ("Ali\u2060ce", "invisible"),  # a word joiner
    ("Alice\ufe0f", "invisible"),  # a variation selector
    ("A\u3164lice", "invisible"),  # a Hangul filler: a letter that shows nothing
    ("Al\u034fice", "invisible"),  # a combining grapheme joiner
]
CYRILLIC_ALICE = "\u0410lice"  # 'Аlice': its first letter is Cyrillic
#: Names people have: accepted for guests and accounts alike.
LEGIT = [
    "Zoé",
    "Éloïse",
    "Jean-Luc",
    "O'Brien",
    "O\u2019Brien",  # a phone's apostrophe
    "王小明",
    "山田太郎",
    "김민준",
    "Иван",
    "Player 42",
    "42",
    "Anne_Marie.2",
]


@pytest.fixture(autouse=True)
def cheap_hashes(monkeypatch):
    """argon2id with small parameters: what is tested here is the names."""
    monkeypatch.setattr(
        accounts_mod, "_hasher", PasswordHasher(time_cost=1, memory_cost=64, parallelism=1)
    )


def hello(h: Harness, name: str) -> dict[str, Any]:
    c = h.connect(hello=False)
    return h.request(c, "hello", versions=[1], name=name)


def signup_refused(core: Core, name: str, status: int, code: str) -> dict[str, Any]:
    resp = call(core, "POST", "/api/signup", {"name": name, "password": "long enough"})
    return err(resp, status, code)


# ----------------------------------------------------------------------------- the one rule


@pytest.mark.parametrize(("name", "reason"), REFUSED)
def test_the_attackers_names_are_refused_for_a_guest(name, reason):
    rep = hello(Harness(), name)
    assert rep["cmd"] == "error" and rep["body"]["code"] == "lobby.bad_name", rep
    assert rep["body"]["detail"] == {"reason": reason}
    assert rep["body"]["message"] and rep["body"]["message_fr"]


@pytest.mark.parametrize(("name", "reason"), REFUSED)
def test_the_attackers_names_are_refused_at_signup_for_the_same_reason(name, reason):
    core = Core()
    e = signup_refused(core, name, 400, "account.bad_name")
    assert e["detail"]["reason"] == reason
    assert core.store.db.execute("SELECT COUNT(*) FROM accounts").fetchone()[0] == 0


@pytest.mark.parametrize("name", LEGIT)
def test_names_people_have_are_accepted_for_guests_and_accounts(name):
    rep = hello(Harness(), name)
    assert rep["cmd"] == "welcome" and rep["to"] == name, rep
    core = Core()
    signup(core, name)
    assert core.accounts.find(name)[0] == name


def test_guests_and_accounts_share_the_limits():
    long = "x" * 25  # one over the accounts' limit: a guest had 64
    assert hello(Harness(), long)["body"]["detail"] == {"reason": "too_long"}
    assert hello(Harness(), "x" * 24)["cmd"] == "welcome"
    for name in ("admin", "Moderator", "heuristic", "bot_x", "ɡm", "B0T-x"):  # ɡ: a script g
        rep = hello(Harness(), name)
        assert rep["body"]["detail"] == {"reason": "reserved"}, name
        e = signup_refused(Core(), name, 400, "account.bad_name")
        assert e["detail"]["reason"] == "reserved", name


# ----------------------------------------------------------------------------- look-alikes


def test_a_signup_cannot_take_a_look_alike_of_an_account():
    core = Core()
    signup(core, "Alice", address="203.0.113.1")
    for i, name in enumerate((CYRILLIC_ALICE, "AIice", "ΑLICE", "alice")):  # I: a capital i
        resp = call(
            core,
            "POST",
            "/api/signup",
            {"name": name, "password": "long enough"},
            address=f"203.0.113.{10 + i}",
        )
        e = err(resp, 409, "account.name_taken")
        assert e["detail"]["reason"] == ("taken" if name == "alice" else "confusable"), name
        if name != "alice":
            assert "Alice" in e["message"] and "Alice" in e["message_fr"]
    assert core.store.db.execute("SELECT COUNT(*) FROM accounts").fetchone()[0] == 1
    signup(core, "Alicia", address="203.0.113.30")  # a name of its own is welcome


def test_a_guest_cannot_take_a_look_alike_of_an_account_unless_logged_in_as_it():
    core = Core()
    token = signup(core, "Alice")
    h = on(core)
    for name in (CYRILLIC_ALICE, "AIice", "ALICE"):
        g = connect_as(h, None, name)
        rep = h.inbox[g][-1]
        assert rep["body"]["code"] == "lobby.name_taken", rep
        assert rep["body"]["detail"] == {"reason": "account"}
    owner = connect_as(h, token, CYRILLIC_ALICE)  # the account itself plays under its name
    assert h.inbox[owner][-1]["cmd"] == "welcome" and h.inbox[owner][-1]["to"] == "Alice"


def test_a_guest_cannot_sit_as_a_look_alike_of_a_seated_player():
    h = Harness()
    alice = h.connect("Alice")
    tid = h.request(alice, "create_table", game="q2j", players=3)["body"]["table"]
    assert h.request(alice, "join", table=tid)["cmd"] == "joined"
    for name in (CYRILLIC_ALICE, "AIice", "ALICE"):
        fake = h.connect(name)
        rep = h.request(fake, "join", table=tid)
        assert rep["cmd"] == "error" and rep["body"]["code"] == "lobby.name_taken", rep
        assert rep["body"]["detail"] == {"reason": "seated", "seat": 0}
        assert "Alice" in rep["body"]["message"]
    bob = h.connect("Bob")
    assert h.request(bob, "join", table=tid)["cmd"] == "joined"
    seated = [s.name for s in h.core.tables[tid].seats]
    assert seated == ["Alice", "Bob", ""]


def test_quick_play_never_seats_look_alikes_together():
    h = Harness()
    alice = h.connect("Alice")
    first = h.request(alice, "quick_play", game="q2j", players=2)["body"]["table"]
    fake = h.connect(CYRILLIC_ALICE)
    other = h.request(fake, "quick_play", game="q2j", players=2)["body"]["table"]
    assert other != first  # a table of its own
    bob = h.connect("Bob")
    assert h.request(bob, "quick_play", game="q2j", players=2)["body"]["table"] in (first, other)


# ----------------------------------------------------------------------------- stored skeletons


def old_database(path: Any, names: list[str]) -> None:
    """A database as the version before the skeletons left it, with these accounts."""
    db = sqlite3.connect(path)
    db.executescript(SCHEMA)
    for v, _what, steps in migrations.MIGRATIONS:
        if v < 8:
            for sql in steps:
                db.execute(migrations.SQLITE.sql(sql))
    db.execute("PRAGMA user_version=7")
    for i, name in enumerate(names):
        db.execute(
            "INSERT INTO accounts (name, key, password, created) VALUES (?, ?, 'x', 0)",
            (name, name.casefold() + str(i)),
        )
    db.commit()
    db.close()


def test_the_migration_fills_the_skeletons_of_accounts_already_there(tmp_path):
    path = tmp_path / "old.db"
    old_database(path, ["Alice", "<b>Legacy</b>"])  # the second: before the rule
    store = SQLiteStore(path)
    assert 8 in store.migrated
    rows = store.db.execute("SELECT name, skeleton, skeleton_cased FROM accounts").fetchall()
    assert all(sk and cased for _, sk, cased in rows), rows
    plan = store.db.execute(
        "EXPLAIN QUERY PLAN SELECT name FROM accounts WHERE skeleton=?", ("alice",)
    ).fetchall()
    assert "accounts_skeleton" in str(plan)  # indexed
    core = Core(store)
    e = signup_refused(core, CYRILLIC_ALICE, 409, "account.name_taken")
    assert e["detail"]["reason"] == "confusable"
    h = on(core)
    g = connect_as(h, None, CYRILLIC_ALICE)
    assert h.inbox[g][-1]["body"]["code"] == "lobby.name_taken"
    store.close()


def test_the_migration_on_postgresql(pg_url):
    import psycopg

    from atout.server.storage.pgstore import PG_MIGRATIONS, PostgresStore

    with psycopg.connect(pg_url, autocommit=False) as c:  # the schema before version 8
        c.execute("CREATE TABLE atout_schema (version INTEGER NOT NULL)")
        for v, _what, steps in PG_MIGRATIONS:
            if v < 8:
                for sql in steps:
                    c.execute(sql)
        c.execute("INSERT INTO atout_schema VALUES (7)")
        c.execute(
            "INSERT INTO accounts (name, key, password, created) VALUES ('Alice', 'alice', 'x', 0)"
        )
        c.commit()
    store = PostgresStore(pg_url)
    try:
        assert store.migrated == [8] and store.version() == 8
        row = store.conn.execute("SELECT skeleton, skeleton_cased FROM accounts").fetchone()
        assert row == ("alice", "Alice")
        core = Core(store)
        e = signup_refused(core, "AIice", 409, "account.name_taken")
        assert e["detail"]["reason"] == "confusable"
        signup(core, "Bob", address="203.0.113.2")
        got = store.conn.execute("SELECT skeleton FROM accounts WHERE key='bob'").fetchone()
        assert got == ("bob",)
        h = on(core)
        g = connect_as(h, None, CYRILLIC_ALICE)
        assert h.inbox[g][-1]["body"]["detail"] == {"reason": "account"}
    finally:
        store.close()
