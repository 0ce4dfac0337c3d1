"""The words once written in code beside their French now come from the catalogue (issue 29):
an error made of them keeps its message id, so it can be told in a language the code never
named; a third language is one directory."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from atout.games.errors import AtoutError
from atout.locales import add_words, remove_words
from atout.protocol.codec import MAX_DEPTH, decode_client


@pytest.fixture
def pirate(tmp_path: Path) -> Iterator[Path]:
    """A language with no files but an empty one: everything it lacks is said in English."""
    (tmp_path / "xx").mkdir()
    (tmp_path / "xx" / "errors.ftl").write_text("", "utf-8")
    add_words(tmp_path)
    try:
        yield tmp_path
    finally:
        remove_words(tmp_path)


def told(e: AtoutError) -> tuple[str, str]:
    """The error's message id, and its English said again from the catalogue."""
    assert e.words is not None, f"{e.code}: {e.message!r} is written in code, not the catalogue"
    return e.words[0], e.text("xx")


def test_the_codec_refusals_are_the_catalogues(pirate):
    for frame, msg_id in [
        (b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1), "error-protocol-too-deep"),
        ('{"cmd": "\ud800"}', "error-protocol-bad-utf8"),
        (b'{"cmd": "nope"}', "error-protocol-bad-message"),
    ]:
        with pytest.raises(AtoutError) as got:
            decode_client(frame)
        assert told(got.value) == (msg_id, got.value.message)
        assert got.value.message_fr.startswith("Message invalide")
    with pytest.raises(AtoutError) as got:
        decode_client(b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1))
    assert got.value.message == f"Bad message: more than {MAX_DEPTH} levels of nesting."
