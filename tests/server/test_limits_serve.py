"""The game master's limits are options of ``atout serve`` (issue 11), listed in --help and in
docs/ARCHITECTURE.md."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from atout.server.core.limits import LIMIT_HELP, CoreLimits, parse_limits

ROOT = Path(__file__).resolve().parents[2]


def atout(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "atout.cli", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "400", "NO_COLOR": "1"},
        timeout=60,
    )


def test_parse_limits():
    got = parse_limits(["min_bot_delay=0.5", "bot-workers=0", "quinze.target=1000"])
    assert got.min_bot_delay == 0.5 and got.bot_workers == 0
    assert got.option_maxima["quinze"] == {"target": 1000, "max_rounds": 100}
    assert CoreLimits().option_maxima["quinze"]["target"] == 500  # the default is untouched
    for bad in ("nope=1", "conn_rate=fast", "page_size", "q2j.x=1", "away_after=-1"):
        with pytest.raises(ValueError):
            parse_limits([bad])


def test_every_limit_is_in_the_help_and_the_architecture():
    out = atout("serve", "--help").stdout
    doc = (ROOT / "docs" / "ARCHITECTURE.md").read_text()
    d = CoreLimits()
    for name in LIMIT_HELP:
        assert f"{name}={getattr(d, name)}" in out, name
        assert f"`{name}`" in doc, name
    assert "quinze.target=500" in out


def test_a_bad_limit_is_one_line_and_exit_2():
    r = atout("serve", "--port", "0", "--limit", "nope=1")
    assert r.returncode == 2 and "no such limit" in r.stderr and "Traceback" not in r.stderr
