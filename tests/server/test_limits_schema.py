"""The wire agrees with the document (issue 11): every frame of whole games, checked against the
published JSON schemas by a third-party validator (jsonschema); every frame has cmd, from, to and
body; ``seq`` strictly increasing for each recipient."""

from __future__ import annotations

import contextlib
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

import msgspec
import pytest
from jsonschema import Draft202012Validator
from tests.server.harness import Harness, game_ids, players_for

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "docs" / "schema"


def validator(name: str) -> Draft202012Validator:
    schema = json.loads((SCHEMAS / name).read_text())
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


SERVER = validator("server.json")
CLIENT = validator("client.json")


class Recording(Harness):
    """A harness that keeps every client frame it sends."""

    def __init__(self) -> None:
        super().__init__()
        self.sent: list[dict[str, Any]] = []

    def raw(self, conn: int, data: bytes | str) -> list[dict[str, Any]]:
        with contextlib.suppress(msgspec.DecodeError):
            self.sent.append(msgspec.json.decode(data))
        return super().raw(conn, data)


def whole_session(game: str) -> Recording:
    """Lobby, a spectator, a whole game, a reconnection with catch-up, a rematch, errors."""
    h = Recording()
    anon = h.connect(hello=False)
    h.raw(anon, b'{"cmd":"ping","id":1,"body":{}}')  # refused: no hello yet
    h.raw(anon, b"{nope")
    n = players_for(game)
    conns = [h.connect(f"P{i}") for i in range(n)]
    tid = h.create(conns[0], game, n, turn_seconds=30)
    tokens = [h.request(c, "join", table=tid, seat=i)["body"]["token"] for i, c in enumerate(conns)]
    w = h.connect("watcher")
    h.request(w, "list_games")
    h.request(w, "list_tables")
    h.request(w, "watch", table=tid)
    h.request(conns[0], "move", table=tid, version=99, move={"type": "draw"})
    h.disconnect(conns[0])
    h.advance(31)  # a time-out while seat 0 is away
    back = h.connect("P0 again")
    h.request(back, "resume", table=tid, token=tokens[0], version=0)
    conns[0] = back
    h.play_out(tid, dict(enumerate(conns)))
    late = h.connect("late")
    h.request(late, "watch", table=tid, version=-1)
    for c in conns:
        h.request(c, "rematch", table=tid)
    return h


@pytest.mark.parametrize("game", game_ids())
def test_every_frame_of_whole_games_matches_the_published_schemas(game):
    h = whole_session(game)
    frames = [m for inbox in h.inbox.values() for m in inbox]
    assert len(frames) > 50
    for msg in frames:
        errors = sorted(SERVER.iter_errors(msg), key=str)
        assert not errors, f"{msg['cmd']}: {errors[0].message}"
        assert {"cmd", "from", "to", "body"} <= msg.keys()
    assert {m["cmd"] for m in frames} >= {
        "error",
        "welcome",
        "games",
        "tables",
        "table_created",
        "joined",
        "ok",
        "table",
        "started",
        "update",
        "game_over",
        "rematch",
        "rematch_ready",
    }
    for msg in h.sent:
        if "from" in msg:
            errors = list(CLIENT.iter_errors(msg))
            assert not errors, f"{msg['cmd']}: {errors[0].message}"


def test_errors_before_hello_have_every_envelope_field():
    h = Harness()
    c = h.connect(hello=False)
    got = h.raw(c, b'{"cmd":"ping","id":1,"body":{}}') + h.raw(c, b"{nope")
    for msg in got:
        assert msg["cmd"] == "error" and msg["from"] == "gm" and msg["to"] == ""
        assert not list(SERVER.iter_errors(msg))
    rep = h.request(c, "hello", versions=[7], name="x")
    assert rep["body"]["detail"] == {"versions": [1]}


def test_schemas_are_as_strict_as_the_document():
    bad = {"cmd": "pong", "from": "gm", "body": {}}  # no 'to'
    assert list(SERVER.iter_errors(bad))
    assert not list(SERVER.iter_errors({**bad, "to": "ann"}))
    event = {"cmd": "table", "from": "gm", "to": "t/0"}
    assert list(SERVER.iter_errors(event))  # no body, no seq


@pytest.mark.parametrize("game", game_ids())
def test_seq_strictly_increases_for_every_recipient(game):
    h = whole_session(game)
    for conn, inbox in h.inbox.items():
        last: dict[str, int] = defaultdict(lambda: -1)
        for msg in inbox:
            if msg.get("seq") is None:
                continue
            table = msg["body"]["table"]
            assert msg["seq"] > last[table], (conn, msg["cmd"], msg["seq"], last[table])
            last[table] = msg["seq"]
