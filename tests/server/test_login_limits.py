"""Login and signup limits a stranger cannot turn against an account's owner (issue 27, 2 and 3):
per address, per (name, address) with progressive delays, signups per address; the counters in
the database, shared by two game masters on one PostgreSQL."""

from __future__ import annotations

import json
from typing import Any

import pytest
from argon2 import PasswordHasher

from atout.server.accounts import accounts as accounts_mod
from atout.server.accounts.api import HttpRequest, HttpResponse, run
from atout.server.accounts.throttle import address_key
from atout.server.core.limits import CoreLimits, parse_limits
from atout.server.core.router import Core
from atout.server.storage.pgstore import PostgresStore

GOOD, BAD = "correct horse", "not the one"
LIMITS = CoreLimits(login_free=5, login_delay=1.0, login_delay_max=600.0)


@pytest.fixture(autouse=True)
def cheap_hashes(monkeypatch):
    monkeypatch.setattr(
        accounts_mod, "_hasher", PasswordHasher(time_cost=1, memory_cost=64, parallelism=1)
    )


def post(core: Core, path: str, name: str, password: str, address: str, now: float) -> Any:
    body = json.dumps({"name": name, "password": password}).encode()
    req = HttpRequest("POST", path, {"content-type": "application/json"}, body, address)
    resp: HttpResponse = run(core.api, req, now)
    core.store.commit()
    data = json.loads(resp.body) if resp.body else {}
    return resp.status, data.get("error", {}).get("detail", {}), dict(resp.headers)


def login(core: Core, name: str, password: str, address: str, now: float) -> Any:
    return post(core, "/api/login", name, password, address, now)


def owner(core: Core, name: str = "Bob") -> None:
    status, _, _ = post(core, "/api/signup", name, GOOD, "192.0.2.250", 0.0)
    assert status == 201


def test_a_strangers_wrong_passwords_never_lock_the_owner_out():
    """Issue 27, 2: six wrong passwords from anywhere used to make the owner's right one 429."""
    core = Core(limits=LIMITS)
    owner(core)
    for i in range(12):
        status, _, _ = login(core, "Bob", BAD, "198.51.100.3", 10.0 + i)
        assert status in (401, 429)
    assert login(core, "Bob", GOOD, "198.51.100.2", 23.0)[0] == 200


def test_one_address_guessing_one_name_waits_longer_and_longer():
    core = Core(limits=LIMITS)
    owner(core)
    now = 100.0
    for _ in range(LIMITS.login_free):  # free attempts
        assert login(core, "Bob", BAD, "198.51.100.3", now)[0] == 401
    waits = []
    for _ in range(5):
        status, detail, headers = login(core, "Bob", BAD, "198.51.100.3", now)
        assert status == 429 and headers["Retry-After"] == str(detail["retry_after"])
        waits.append(detail["retry_after"])
        now += detail["retry_after"]  # waited as told: this attempt is taken (and fails)
        assert login(core, "Bob", BAD, "198.51.100.3", now)[0] == 401
    assert waits == [1, 2, 4, 8, 16]  # progressive, not a lock
    # the owner's right password from the guesser's own address, once the delay is over,
    # succeeds and clears the counter
    status, detail, _ = login(core, "Bob", GOOD, "198.51.100.3", now)
    assert status == 429
    now += detail["retry_after"]
    assert login(core, "Bob", GOOD, "198.51.100.3", now)[0] == 200
    assert login(core, "Bob", BAD, "198.51.100.3", now)[0] == 401  # free again


def test_the_longest_delay_is_capped():
    core = Core(limits=CoreLimits(login_free=1, login_delay=1.0, login_delay_max=30.0))
    th = core.accounts.throttle
    assert [th.delay(n) for n in (0, 1, 2, 3, 6, 7, 50, 10**6)] == [0, 1, 2, 4, 30, 30, 30, 30]


@pytest.mark.parametrize("variant", ["BOB", " bob ", "ｂｏｂ", "bob"])
def test_names_are_counted_after_the_signups_normalisation(variant):
    core = Core(limits=LIMITS)
    owner(core, "bob")
    for _ in range(LIMITS.login_free):
        assert login(core, "Bob", BAD, "198.51.100.3", 50.0)[0] == 401
    assert login(core, variant, BAD, "198.51.100.3", 50.0)[0] == 429
    assert login(core, variant, GOOD, "198.51.100.4", 50.0)[0] == 200


def test_one_address_trying_many_names_is_slowed_and_others_are_not():
    core = Core(limits=LIMITS)
    owner(core)
    burst = LIMITS.login_address_burst
    for i in range(burst):
        assert login(core, f"name{i}", BAD, "203.0.113.5", 10.0)[0] == 401
    status, detail, _ = login(core, "Bob", GOOD, "203.0.113.5", 10.0)
    assert status == 429 and detail["retry_after"] == round(LIMITS.login_address_every)
    assert login(core, "Bob", GOOD, "203.0.113.6", 10.0)[0] == 200  # another address
    assert login(core, "Bob", GOOD, "203.0.113.5", 10.0 + LIMITS.login_address_every)[0] == 200


def test_ipv6_addresses_are_counted_by_their_64():
    assert address_key("2001:db8:1:2:aaaa::1") == address_key("2001:db8:1:2:bbbb::9")
    assert address_key("2001:db8:1:3::1") != address_key("2001:db8:1:2::1")
    assert address_key("::ffff:192.0.2.1") == "192.0.2.1"
    assert address_key("127.0.0.2") == "127.0.0.2"  # loopback is counted too
    core = Core(limits=LIMITS)
    owner(core)
    for i in range(LIMITS.login_free):
        assert login(core, "Bob", BAD, f"2001:db8:1:2::{i + 1}", 5.0)[0] == 401
    assert login(core, "Bob", BAD, "2001:db8:1:2::ffff", 5.0)[0] == 429


def test_signups_per_address_and_behind_distinct_addresses():
    core = Core(limits=CoreLimits(signup_burst=2, signup_every=60.0))
    assert post(core, "/api/signup", "Ann", GOOD, "198.51.100.9", 1.0)[0] == 201
    assert post(core, "/api/signup", "Ben", GOOD, "198.51.100.9", 1.0)[0] == 201
    status, detail, _ = post(core, "/api/signup", "Cat", GOOD, "198.51.100.9", 1.0)
    assert status == 429 and detail["retry_after"] == 60
    assert post(core, "/api/signup", "Cat", GOOD, "198.51.100.10", 1.0)[0] == 201


def test_an_old_parameters_hash_is_made_again_at_the_next_login():
    core = Core(limits=LIMITS)
    old = PasswordHasher(time_cost=1, memory_cost=32, parallelism=2).hash(GOOD)
    owner(core)
    core.store.db.execute("UPDATE accounts SET password=?", (old,))
    assert login(core, "Bob", GOOD, "198.51.100.1", 5.0)[0] == 200
    (now,) = core.store.db.execute("SELECT password FROM accounts").fetchone()
    assert now != old and not accounts_mod._hasher.check_needs_rehash(now)
    assert login(core, "Bob", GOOD, "198.51.100.1", 6.0)[0] == 200


def test_the_limits_are_options_of_atout_serve():
    got = parse_limits(["login_free=3", "login_delay_max=60", "password_queue=8"])
    assert (got.login_free, got.login_delay_max, got.password_queue) == (3, 60.0, 8)
    for bad in ("login_free=0", "password_threads=0", "signup_every=-1", "login_delay=x"):
        with pytest.raises(ValueError):
            parse_limits([bad])


def test_forgotten_counters_are_purged():
    core = Core(limits=LIMITS)
    for i in range(3):
        login(core, f"n{i}", BAD, "198.51.100.1", 0.0)
    count = "SELECT COUNT(*) FROM throttle"
    assert core.store.db.execute(count).fetchone()[0] == 4  # 3 names and the address
    assert core.accounts.throttle.purge(90_000.0) == 4
    assert core.store.db.execute(count).fetchone()[0] == 0


def test_two_game_masters_on_one_postgresql_share_the_counters(pg_url):
    """Several nodes: a guesser moving between nodes meets the same counters."""
    a = Core(PostgresStore(pg_url), limits=LIMITS)
    b = Core(PostgresStore(pg_url), limits=LIMITS)
    try:
        a.store.conn.execute("DELETE FROM throttle")
        a.store.conn.execute("DELETE FROM sessions")
        a.store.conn.execute("DELETE FROM accounts")
        a.store.commit()
        owner(a, "Nina")
        for i in range(LIMITS.login_free):
            node = (a, b)[i % 2]
            assert login(node, "Nina", BAD, "198.51.100.3", 10.0)[0] == 401
        assert login(b, "Nina", BAD, "198.51.100.3", 10.0)[0] == 429
        assert login(a, "Nina", BAD, "198.51.100.3", 10.0)[0] == 429
        assert login(b, "Nina", GOOD, "198.51.100.4", 10.0)[0] == 200
    finally:
        a.store.close()
        b.store.close()


def test_a_counter_moved_by_another_node_meanwhile_refuses_rather_than_counts_twice():
    """The compare-and-set: what was read is stale (another node took an attempt): refused."""
    core = Core(limits=LIMITS)
    th = core.accounts.throttle
    key = th.login("198.51.100.3", "bob", 10.0)
    stale = th._row(key)
    th._progressive(key, 10.0)  # another node's attempt, between the read and the write
    with pytest.raises(accounts_mod.AccountError) as e:
        th._write(key, stale, 2, 10.0, 10.0)
    assert e.value.status == 429 and e.value.detail["retry_after"] == 1
    assert th._row(key)[0] == 2  # counted once each, not overwritten


def test_a_logout_with_a_made_up_token_ends_nothing():
    core = Core(limits=LIMITS)
    owner(core)
    h = {"content-type": "application/json", "cookie": "atout_session=" + "f" * 64}
    resp = run(core.api, HttpRequest("POST", "/api/logout", h, b"{}", "198.51.100.1"), 5.0)
    assert resp.status == 204 and resp.ended_session is None  # no node is told anything
