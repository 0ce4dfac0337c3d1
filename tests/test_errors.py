"""atout's errors cross processes whole (a bot's search runs in a worker process): pickled and
back, an error keeps its class, code, texts, detail and the catalogue's words."""

from __future__ import annotations

import pickle

import pytest

from atout.games.errors import AtoutError, BadOptions, IllegalMove
from atout.locales import Said, both
from atout.protocol.errors import ProtocolError
from atout.server.accounts.accounts import AccountError


@pytest.mark.parametrize(
    "err",
    [
        IllegalMove("game_over", *both("error-game-over")),
        BadOptions("bad_deck", "No card 'ZZ'.", "Pas de carte 'ZZ'."),
        ProtocolError(
            "lobby.unknown_table",
            *both("error-lobby-unknown-table", table="'x'"),
            detail={"table": "x"},
        ),
        AccountError("account.bad_name", "Too long.", "Trop long.", 400, reason="long"),
    ],
)
def test_an_error_pickled_and_back_is_the_same_error(err: AtoutError) -> None:
    back = pickle.loads(pickle.dumps(err))
    assert type(back) is type(err) and back.args == err.args
    assert (back.code, back.message, back.message_fr) == (err.code, err.message, err.message_fr)
    assert back.__dict__ == err.__dict__ and back.text("xx") == err.text("xx")


def test_a_said_text_pickled_keeps_its_message() -> None:
    said = both("error-game-over")[0]
    back = pickle.loads(pickle.dumps(said))
    assert isinstance(back, Said) and back == said
    assert (back.msg_id, back.args) == ("error-game-over", {})
