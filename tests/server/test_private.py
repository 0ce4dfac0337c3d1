"""Private games stay private after their end (issue 27, item 5), through the real HTTP API of a
game master on loopback, on both stores: a table created with ``private: true`` is never listed
(``/api/history``, player pages, ``list_tables``) to anyone who did not sit at it, and its replay
and record are its players' alone; to anyone else it answers as an id never used."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from argon2 import PasswordHasher
from tests.server.test_platform_net import http, post
from websockets.asyncio.client import connect

from atout.bots import make_bot
from atout.client import Client, bot_chooser
from atout.games import get_game
from atout.protocol import messages as m
from atout.server.accounts import accounts as accounts_mod
from atout.server.shell.ws import start
from atout.server.storage import replays

FIXTURE = Path(__file__).parent / "fixtures" / "db_v0.sql"
UNUSED = "0123456789ab"  # a table id no game master made


@pytest.fixture(autouse=True)
def cheap_hashes(monkeypatch):
    monkeypatch.setattr(
        accounts_mod, "_hasher", PasswordHasher(time_cost=1, memory_cost=64, parallelism=1)
    )
    yield
    replays._cache.clear()  # a replay built here is not another test's


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where the game master keeps its tables: an SQLite file, or a fresh PostgreSQL database
    (skipped where there is no PostgreSQL)."""
    if request.param == "sqlite":
        return str(tmp_path / "atout.db")
    return str(request.getfixturevalue("pg_url"))


async def get(port: int, path: str, token: str | None = None) -> tuple[int, Any]:
    """GET ``path`` as a browser would: the session cookie if signed in."""
    cookie = f"Cookie: atout_session={token}\r\n" if token else ""
    status, _, body = await http(port, f"GET {path} HTTP/1.1\r\nHost: x\r\n{cookie}\r\n".encode())
    return status, json.loads(body)


async def sign_up(port: int, name: str) -> str:
    status, headers, _ = await http(
        port, post("/api/signup", {"name": name, "password": "correct horse"})
    )
    assert status == 201
    (cookie,) = [c for c in headers["set-cookie"].split("\n") if c.startswith("atout_session=")]
    return cookie.split(";")[0].split("=", 1)[1]


async def as_account(url: str, token: str) -> Client:
    """A client whose WebSocket upgrade carries the account's session cookie."""
    ws = await connect(
        url,
        additional_headers={"Cookie": f"atout_session={token}"},
        compression=None,
        max_size=None,
        ping_interval=None,
    )
    c = Client(ws, "x", None)
    hello = m.HelloBody(versions=list(m.SUPPORTED_VERSIONS), name="x")
    c.welcome = (await c.request(m.Hello(body=hello))).body  # type: ignore[attr-defined]
    assert c.welcome.account is not None  # type: ignore[union-attr]
    return c


def listed(tables: list[m.TableInfo]) -> set[str]:
    return {t.table for t in tables}


async def play(c: Client, table: str, seed: int) -> None:
    await c.play(table, bot_chooser(get_game("q2j"), make_bot("random", seed)), timeout=60)


def tables_of(page: dict[str, Any], key: str) -> set[str]:
    return {g["table"] for g in page[key]}


async def unknown(port: int, path: str, tid: str, token: str | None) -> None:
    """``path`` of ``tid`` answers exactly as it does for an id never used."""
    status, body = await get(port, path + tid, token)
    assert status == 404 and body["error"]["code"] == "api.unknown_table", body
    _, never = await get(port, path + UNUSED, token)
    assert json.dumps(body).replace(tid, UNUSED) == json.dumps(never)


def test_a_private_game_is_seen_only_by_its_players_after_its_end(db):
    async def go() -> None:
        server = await start("127.0.0.1", 0, db)
        try:
            port = server.port
            tok = {n: await sign_up(port, n) for n in ("Alma", "Boris", "Chloe")}
            alma, boris, chloe = [await as_account(server.url, tok[n]) for n in tok]
            guest = await Client.connect(server.url, "Visitor")
            # a private table for Alma and Boris; a public one for Alma and a bot
            priv = (await alma.create_table("q2j", 2, private=True, bot_delay=0)).table
            pub = (await alma.create_table("q2j", 2, bots=[1], bot_delay=0)).table
            for c in (guest, chloe):  # list_tables never lists the private one (lobby.py)
                assert listed(await c.list_tables()) == {pub}
            await alma.join(priv)
            await boris.join(priv)
            await alma.join(pub, seat=0)
            for c in (guest, chloe):  # nor when it plays
                assert listed(await c.list_tables(status="playing")) == {pub}
            await asyncio.gather(play(alma, priv, 1), play(boris, priv, 2), play(alma, pub, 3))

            # the lists: the private game for its players only
            for who in (None, tok["Chloe"]):  # a guest, a third account
                _, hist = await get(port, "/api/history", who)
                assert tables_of(hist, "games") == {pub}
                for name in ("Alma", "Boris"):
                    _, hist = await get(port, f"/api/history?player={name}", who)
                    assert priv not in tables_of(hist, "games")
                    _, page = await get(port, f"/api/players/{name.lower()}", who)
                    assert priv not in tables_of(page, "recent")
            for name in ("Alma", "Boris"):  # its players see it everywhere, each other's too
                _, hist = await get(port, "/api/history", tok[name])
                assert tables_of(hist, "games") == {pub, priv}
                for other in ("alma", "boris"):
                    _, hist = await get(port, f"/api/history?player={other}", tok[name])
                    assert priv in tables_of(hist, "games")
                    _, page = await get(port, f"/api/players/{other}", tok[name])
                    assert priv in tables_of(page, "recent")
            # its ratings count (both seats are accounts: rated), for everyone to see
            _, page = await get(port, "/api/players/boris")
            assert page["games"]["q2j"]["games"] == 1 and page["recent"] == []

            # the replay and the record: its players only; the public game's: anyone
            for path in ("/api/replay/", "/api/record/"):
                for who in (None, tok["Chloe"]):
                    await unknown(port, path, priv, who)
                    status, _ = await get(port, path + pub, who)
                    assert status == 200
                for name in ("Alma", "Boris"):
                    status, body = await get(port, path + priv, tok[name])
                    assert status == 200 and body["table"] == priv
            # a session that ended is a stranger again
            status, _, _ = await http(
                port, post("/api/logout", {}, f"Cookie: atout_session={tok['Boris']}\r\n")
            )
            assert status == 204
            await unknown(port, "/api/replay/", priv, tok["Boris"])
            for c in (alma, boris, chloe, guest):
                await c.close()
        finally:
            await server.close()

    asyncio.run(asyncio.wait_for(go(), 120))


def test_a_private_game_finished_before_the_upgrade_stays_private(tmp_path):
    """Tables written before ``tables.private`` existed are marked from their settings (as text
    or as the bytes older stores wrote) when the database is upgraded."""
    path = tmp_path / "old.db"
    old = sqlite3.connect(path)
    old.executescript(FIXTURE.read_text())
    finished = [r[0] for r in old.execute("SELECT id FROM tables WHERE status='finished'")]
    hidden = {finished[0]: True, finished[1]: False}  # settings as bytes, as text
    for tid, as_bytes in hidden.items():
        (settings,) = old.execute("SELECT settings FROM tables WHERE id=?", (tid,)).fetchone()
        text = bytes(settings).decode() if isinstance(settings, bytes) else settings
        marked = json.dumps({**json.loads(text), "private": True}, separators=(",", ":"))
        value: Any = marked.encode() if as_bytes else marked
        old.execute("UPDATE tables SET settings=? WHERE id=?", (value, tid))
    old.commit()
    old.close()

    async def go() -> None:
        server = await start("127.0.0.1", 0, str(path))
        try:
            port = server.port
            _, hist = await get(port, "/api/history")
            assert tables_of(hist, "games") == set(finished) - set(hidden)
            for tid in hidden:
                await unknown(port, "/api/replay/", tid, None)
            status, _ = await get(port, f"/api/replay/{finished[2]}")
            assert status == 200
        finally:
            await server.close()

    asyncio.run(asyncio.wait_for(go(), 60))
