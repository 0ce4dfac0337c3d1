"""``--url`` of ``atout play`` and ``atout bots`` takes several node addresses separated by
commas (issue 28): a malformed one, or none answering, ends in one clear line naming them and
exit code 2, never a traceback (``fails`` checks that), in English and in French."""

from __future__ import annotations

import pytest
from tests.test_cli_errors import fails

DOWN, DOWN2 = "ws://127.0.0.1:1/ws", "ws://127.0.0.2:1/ws"  # nothing listens there


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["play", "--url", f"{DOWN},nonsense"], ["--url", "'nonsense' is not a game master's"]),
        (["play", "--url", ","], ["--url ,", "is not a game master's address"]),
        (["bots", "--url", f"{DOWN},nonsense"], ["--url", "'nonsense' is not a game master's"]),
        (["bots", "--url", f"{DOWN},http://x/ws"], ["'http://x/ws' is not a game master's"]),
        (["play", "--url", f"{DOWN},{DOWN2}"], [f"{DOWN}: connection refused; {DOWN2}: conn"]),
        (["bots", "--url", f"{DOWN}, {DOWN2}"], [f"{DOWN}: connection refused; {DOWN2}: conn"]),
    ],
)
def test_a_bad_or_unreachable_address_list_is_one_line(args: list[str], words: list[str]) -> None:
    line = fails(*args)
    assert line.startswith("Error: ")
    for w in words:
        assert w in line, line


def test_in_french() -> None:
    line = fails("play", "--url", f"{DOWN},nonsense", "--lang", "fr")
    assert "'nonsense' n'est pas l'adresse d'un maître du jeu" in line, line
