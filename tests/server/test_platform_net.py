"""The players' platform over real sockets: the HTTP API read by the transport, the session
cookie on the WebSocket upgrade, oversize and malformed requests, and ``atout backup``."""

from __future__ import annotations

import asyncio
import json
import sqlite3

import pytest
import websockets
from argon2 import PasswordHasher
from tests.server.netutil import http, post
from typer.testing import CliRunner

from atout.cli import app
from atout.server.accounts import accounts as accounts_mod
from atout.server.shell.ws import start
from atout.server.storage.store import SQLiteStore


@pytest.fixture(autouse=True)
def cheap_hashes(monkeypatch):
    monkeypatch.setattr(
        accounts_mod, "_hasher", PasswordHasher(time_cost=1, memory_cost=64, parallelism=1)
    )


def test_signup_over_http_then_the_cookie_makes_the_websocket_the_accounts():
    async def go() -> None:
        server = await start("127.0.0.1", 0)
        try:
            port = server.port
            status, headers, body = await http(
                port, post("/api/signup", {"name": "Maëlle", "password": "hunter2hunter2"})
            )
            assert status == 201 and json.loads(body) == {"name": "Maëlle"}
            (session,) = [
                c for c in headers["set-cookie"].split("\n") if c.startswith("atout_session=")
            ]
            token = session.split(";")[0].split("=", 1)[1]
            assert "HttpOnly" in session
            assert headers["connection"] == "close" and headers["cache-control"] == "no-store"
            status, _, body = await http(
                port,
                f"GET /api/me HTTP/1.1\r\nHost: x\r\nCookie: a=b; atout_session={token}\r\n\r\n".encode(),
            )
            assert status == 200 and json.loads(body)["name"] == "Maëlle"
            async with websockets.connect(
                server.url, additional_headers={"Cookie": f"atout_session={token}"}
            ) as ws:
                hello = {"cmd": "hello", "id": 1, "body": {"versions": [1], "name": "x"}}
                await ws.send(json.dumps(hello))
                welcome = json.loads(await ws.recv())
                assert welcome["body"]["account"] == "Maëlle" and welcome["to"] == "Maëlle"
            async with websockets.connect(server.url) as ws:  # no cookie: a guest
                await ws.send(json.dumps(hello))
                assert json.loads(await ws.recv())["body"]["account"] is None
            # the upgraded page routes are served the page
            status, headers, _ = await http(
                port, b"GET /players/Maelle HTTP/1.1\r\nHost: x\r\n\r\n"
            )
            assert status == 200 and headers["content-type"].startswith("text/html")
        finally:
            await server.close()

    asyncio.run(go())


def test_oversize_malformed_and_slow_api_requests_are_refused_cleanly():
    async def go() -> None:
        server = await start("127.0.0.1", 0)
        try:
            port = server.port
            big = (
                b"POST /api/signup HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                b"Content-Length: 100000\r\n\r\n"
            )
            status, _, body = await http(port, big)  # answered before any body is sent
            assert status == 413 and json.loads(body)["error"]["code"] == "api.too_large"
            chunked = b"POST /api/login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
            status, _, body = await http(port, chunked)
            assert status == 400 and json.loads(body)["error"]["code"] == "api.bad_request"
            status, _, body = await http(port, post("/api/login", {"name": "x"}))
            assert status == 400 and json.loads(body)["error"]["message_fr"]
            status, _, body = await http(port, b"DELETE /api/me HTTP/1.1\r\nHost: x\r\n\r\n")
            assert status == 405
            status, _, body = await http(port, b"GET /api/leaderboard/q2j HTTP/1.1\r\n\r\n")
            assert status == 200 and json.loads(body) == {"game": "q2j", "total": 0, "players": []}
            status, _, body = await http(port, b"HEAD /api/leaderboard/q2j HTTP/1.1\r\n\r\n")
            assert status == 200 and body == b""
            n = server.store.db.execute("SELECT COUNT(*) FROM accounts").fetchone()[0]
            assert n == 0
        finally:
            await server.close()

    asyncio.run(go())


def test_atout_backup_copies_the_database(tmp_path):
    db = tmp_path / "atout.db"
    store = SQLiteStore(db)
    store.db.execute(
        "INSERT INTO accounts (name, key, password, created) VALUES ('A', 'a', 'h', 1)"
    )
    store.dirty = True
    store.commit()  # the store stays open: a live database
    runner = CliRunner()
    out = runner.invoke(app, ["backup", str(tmp_path / "copy.db"), "--db", str(db)])
    assert out.exit_code == 0, out.output
    copy = sqlite3.connect(tmp_path / "copy.db")
    assert copy.execute("SELECT name FROM accounts").fetchall() == [("A",)]
    again = runner.invoke(app, ["backup", str(tmp_path / "copy.db"), "--db", str(db)])
    assert again.exit_code != 0 and "exists" in again.output
    missing = runner.invoke(
        app, ["backup", str(tmp_path / "c2.db"), "--db", str(tmp_path / "no.db")]
    )
    assert missing.exit_code != 0 and "no database" in missing.output
    store.close()
