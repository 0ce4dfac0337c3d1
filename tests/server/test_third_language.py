"""A third language is one more directory of the catalogue, and it reaches a client over the wire
(issue 29): the hello may ask for any language the catalogue has, the welcome lists them, and
errors and events are told in it — English for what it lacks."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.server.harness import Harness
from tests.server.netutil import served

from atout.locales import add_words, remove_words

GERMAN = {
    "errors.ftl": "error-lobby-unknown-table = Kein Tisch { $table }.\n",
    "q2j.ftl": (
        "q2j-play = { $you ->\n"
        "    [who] Du spielst { $names }.\n"
        "   *[none] { $who } spielt { $names }.\n"
        "}\n"
    ),
}


@pytest.fixture
def german(tmp_path: Path) -> Iterator[Path]:
    """Two files of German: one error, one of Q²J's sentences; nothing else."""
    (tmp_path / "de").mkdir()
    for name, text in GERMAN.items():
        (tmp_path / "de" / name).write_text(text, "utf-8")
    add_words(tmp_path)
    try:
        yield tmp_path
    finally:
        remove_words(tmp_path)


def test_a_third_language_is_told_its_errors_and_events_and_english_for_the_rest(german):
    h = Harness()
    c = h.connect(hello=False)
    welcome = h.request(c, "hello", versions=[1], name="Anna", lang="de", texts=True)
    assert welcome["cmd"] == "welcome" and "de" in welcome["body"]["languages"]

    err = h.request(c, "watch", table="nope")["body"]
    assert err["code"] == "lobby.unknown_table"
    assert err["text"] == "Kein Tisch 'nope'."  # German
    assert (err["message"], err["message_fr"]) == ("No table 'nope'.", "Pas de table 'nope'.")

    table = h.create(c, "q2j", 2, bots=[0, 1], bot_delay=0)
    h.request(c, "watch", table=table)
    for _ in range(40):
        h.advance(1.0)
    texts = [
        e["text"]
        for msg in h.inbox[c]
        if msg["cmd"] == "update"
        for e in msg["body"]["events"]
        if e.get("text")
    ]
    plays = [t for t in texts if " spielt " in t]
    assert plays and all(t.startswith(("P1 ", "P2 ")) for t in plays)  # Q²J's play, in German
    assert any(t.startswith("Deal: ") for t in texts)  # what German lacks: in English
    assert not any(" plays " in t for t in texts)


def test_without_the_language_a_client_is_told_english_and_french_stays_french():
    h = Harness()
    for lang, text in (("de", "No table 'nope'."), ("fr", "Pas de table 'nope'."), ("en", None)):
        c = h.connect(hello=False)
        assert h.request(c, "hello", versions=[1], name="x", lang=lang)["cmd"] == "welcome"
        err = h.request(c, "watch", table="nope")["body"]
        assert err["text"] == (text or err["message"])


def test_a_language_that_is_no_language_code_is_refused():
    h = Harness()
    c = h.connect(hello=False)
    err = h.request(c, "hello", versions=[1], name="x", lang="de-DE; drop")
    assert err["cmd"] == "error" and err["body"]["code"] == "protocol.bad_message"


def test_over_a_socket_the_shells_own_errors_are_told_in_the_language_too(german):
    """An error the transport finds (a binary frame) goes out through the shell, not the core."""
    from websockets.asyncio.client import connect

    async def go() -> dict[str, str]:
        async with served() as server, connect(server.url) as ws:
            await ws.send(json.dumps({"cmd": "hello", "id": 1, "body": {
                "versions": [1], "name": "Anna", "lang": "de"}}))  # fmt: skip
            assert json.loads(await ws.recv())["cmd"] == "welcome"
            await ws.send(json.dumps({"cmd": "watch", "id": 2, "body": {"table": "nope"}}))
            return json.loads(await ws.recv())["body"]

    body = asyncio.run(go())
    assert body["text"] == "Kein Tisch 'nope'." and body["message"] == "No table 'nope'."
