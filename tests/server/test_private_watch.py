"""A private table's end reveals every hand: after it, ``watch`` is for its players alone (their
seats, or their accounts from any connection); anyone else gets the answer an unknown id gets
(issue 27, 5). Before, a stranger who knew the id got its game_over, secret and nonces included."""

from __future__ import annotations

import pytest
from argon2 import PasswordHasher
from tests.server.harness import Harness
from tests.server.test_platform import connect_as, signup

from atout.server.accounts import accounts as accounts_mod


@pytest.fixture(autouse=True)
def cheap_hashes(monkeypatch):
    monkeypatch.setattr(
        accounts_mod, "_hasher", PasswordHasher(time_cost=1, memory_cost=64, parallelism=1)
    )


def finished(h: Harness, conn: int, private: bool) -> str:
    """A table of ``conn`` and a bot, played to its end."""
    table = h.create(conn, "q2j", 2, private=private, bots=[1], bot_delay=0)
    assert h.request(conn, "join", table=table, seat=0)["cmd"] == "joined"
    h.play_out(table, {0: conn})
    assert h.core.tables[table].status == "finished"
    return table


def test_an_ended_private_table_is_watched_by_its_players_only():
    h = Harness()
    token = signup(h.core, "Alma")
    alma = connect_as(h, token, "Alma")
    private = finished(h, alma, private=True)
    public = finished(h, alma, private=False)
    stranger = h.connect("Chloe")
    refused = h.request(stranger, "watch", table=private)
    assert refused["cmd"] == "error" and refused["body"]["code"] == "lobby.unknown_table"
    unknown = h.request(stranger, "watch", table="0123456789ab")
    assert refused["body"]["message"].replace(private, "X") == unknown["body"]["message"].replace(
        "0123456789ab", "X"
    )
    assert not any(m["cmd"] == "game_over" for m in h.inbox[stranger])
    assert h.request(stranger, "watch", table=public)["cmd"] == "ok"  # public: anyone
    # its player, from the seat's connection and from another device of the account
    assert h.request(alma, "watch", table=private)["cmd"] == "ok"
    again = connect_as(h, token, "Alma")
    assert h.request(again, "watch", table=private)["cmd"] == "ok"


COMMANDS = {
    "join": {},
    "resume": {"token": "0" * 32},
    "leave": {},
    "start": {},
    "move": {"version": 1, "move": {"type": "draw"}},
    "hint": {},
    "rematch": {},
    "fill_bots": {},
    "react": {"phrase": "gg"},
    "chat": {"text": "hi"},
    "reveal": {"nonce": "0" * 32},
    "watch": {},
}


@pytest.mark.parametrize("cmd", sorted(COMMANDS))
def test_no_table_command_confirms_an_ended_private_table(cmd):
    """Every table command a stranger sends to an ended private table is answered as for an id
    never used (join said table.already_started, resume lobby.bad_token…: each confirmed it)."""
    h = Harness()
    alma = h.connect("Alma")
    private = finished(h, alma, private=True)
    stranger = h.connect("Chloe")
    got = h.request(stranger, cmd, table=private, **COMMANDS[cmd])
    never = h.request(stranger, cmd, table="0123456789ab", **COMMANDS[cmd])
    assert got["cmd"] == never["cmd"] == "error"
    assert got["body"]["code"] == never["body"]["code"] == "lobby.unknown_table"
    same = [
        b["body"][k].replace(t, "ID")
        for b, t in ((got, private), (never, "0123456789ab"))
        for k in ("message", "message_fr")
    ]
    assert same[:2] == same[2:]
