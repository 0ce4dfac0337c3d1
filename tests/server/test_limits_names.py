"""Names (issue 11; issue 27: atout.server.accounts.names, one rule for guests and accounts):
NFKC-normalised, control, invisible and bidirectional characters refused, 'gm', 'bot-…' and the
accounts' reserved names kept for the game master."""

from __future__ import annotations

import pytest
from tests.server.harness import Harness


def hello(name: str) -> dict:
    h = Harness()
    c = h.connect(hello=False)
    return h.request(c, "hello", versions=[1], name=name)


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("gm", "reserved"),
        ("GM", "reserved"),
        ("bot-random", "reserved"),
        ("Bot-ismcts", "reserved"),
        ("ｇｍ", "reserved"),  # fullwidth: NFKC makes it 'gm'
        ("ann\u202egnp.exe", "bidi"),
        ("\u2067ann", "bidi"),
        ("a\x00b", "control"),
        ("a\nb", "control"),
        ("a\x7fb", "control"),
        ("   ", "empty"),
        ("\u200b", "empty"),  # a zero-width space: nothing to see
        ("\u200b\u2060 ", "empty"),
        ("\u0301\u0301", "empty"),  # accents on nothing
        ("\ufdfa" * 4, "too_long"),  # 4 characters, 72 after NFKC
    ],
)
def test_bad_names_are_refused(name, reason):
    rep = hello(name)
    assert rep["cmd"] == "error" and rep["body"]["code"] == "lobby.bad_name"
    assert rep["body"]["detail"] == {"reason": reason}


def test_names_are_normalised():
    rep = hello("  Ａｎｎｅ\u0301  ")  # fullwidth letters, a combining accent, spaces
    assert rep["cmd"] == "welcome" and rep["to"] == "Anné"
    rep = hello("  Zoë   Lune ")  # inner runs of spaces made one, as for accounts
    assert rep["cmd"] == "welcome" and rep["to"] == "Zoë Lune"


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("Zoë 🂡", "characters"),  # letters, digits, marks, spaces and - _ . ' only (issue 27)
        ("<script>", "characters"),
        ("-dash", "characters"),
        ("x" * 25, "too_long"),  # 24 at most, as for accounts (was 64)
        ("Ann\u200b", "invisible"),  # default-ignorable: it shows nothing
        ("admin", "reserved"),  # the accounts' reserved names
        ("moyen", "reserved"),  # a bot's level
    ],
)
def test_guests_follow_the_accounts_rule(name, reason):
    rep = hello(name)
    assert rep["body"]["code"] == "lobby.bad_name" and rep["body"]["detail"] == {"reason": reason}


def test_a_refused_name_leaves_the_connection_without_a_name():
    h = Harness()
    c = h.connect(hello=False)
    h.request(c, "hello", versions=[1], name="gm")
    rep = h.request(c, "list_games")
    assert rep["body"]["code"] == "protocol.hello_required"
