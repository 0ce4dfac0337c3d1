"""Every command-line mistake ends with one clear line and exit code 2, never a traceback
(issue 11, item 7): one case per line of the issue, in English and, with --lang fr, in French."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from atout.cli import app
from atout.cliutil import error_line

runner = CliRunner()


def fails(*args: str) -> str:
    """Run ``atout ARGS``: exit code 2, one line on stderr, no traceback; returns the line."""
    result = runner.invoke(app, list(args))
    out = result.output
    assert result.exit_code == 2, (result.exit_code, out, result.exception)
    assert "Traceback" not in out
    lines = [x for x in result.stderr.splitlines() if x.strip()]
    assert len(lines) == 1, out
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)
    return lines[0]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["demo", "nope"], ["Unknown game 'nope'", "q2j"]),
        (["demo", "q2j", "--lang", "de"], ["--lang", "one of en, fr"]),
        (["games", "--lang", "de"], ["--lang", "one of en, fr"]),
        (["verify", "/nonexistent.json"], ["/nonexistent.json", "No such file"]),
        (["serve", "--port", "99999"], ["--port", "less than or equal to 65535"]),
        (["tournament", "-p", "2,x"], ["--players 2,x", "'x' is not a whole number"]),
        (["simulate", "--games", "-3"], ["--games", "greater than or equal to 1"]),
        (["demo", "q2j", "-o", "face_on_ace=maybe"], ["face_on_ace is true or false"]),
        (["simulate", "-o", "face_on_ace=maybe", "--json"], ["face_on_ace is true or false"]),
        (["simulate", "-g", "quinze", "-o", "target=0"], ["target is a whole number from 1"]),
        (["simulate", "-o", "nope=1"], ["q2j has no option 'nope'", "face_on_ace"]),
        (["simulate", "--bots", "nope", "-n", "2"], ["unknown bot 'nope'"]),
        (["demo", "q2j", "--players", "11"], ["2 to 10 players", "bad_player_count"]),
        (["play", "--game", "nope"], ["Unknown game 'nope'"]),
        (["play", "--bots", "1,x"], ["--bots 1,x"]),
        (["play", "--level", "grandmaster"], ["--level grandmaster", "moyen (intermediate)"]),
        (["play", "--bot-kind", "nope"], ["unknown bot 'nope'"]),
        (["play", "--url", "ws://127.0.0.1:1/ws"], ["ws://127.0.0.1:1/ws", "refused"]),
        (["bots", "--url", "ws://127.0.0.1:1/ws"], ["ws://127.0.0.1:1/ws", "refused"]),
        (["bots", "--url", "http://example.invalid/"], ["is not a game master's address"]),
        (["nocommand"], ["No such command"]),
        (["--bogus"], ["No such option: --bogus"]),  # before any command: no framed box
        (["tournament", "--bots", ""], ["--bots ''", "at least one bot kind"]),
        (["tournament", "-p", ""], ["--players ''", "nothing to play"]),
        (["tournament", "-g", ",,"], ["--game ',,'", "nothing to play"]),
        (["tournament", "-w", "100000"], ["--workers 100000", "processes"]),
        (["tournament", "-p", "1", "-n", "2"], ["2 to 10 players"]),  # before the progress bar
        (["play", "--bot-delay", "-1"], ["--bot-delay", "greater than or equal to 0"]),
        (["play", "--turn-seconds", "nan"], ["--turn-seconds"]),
        (["play", "--hint-kind", "nope"], ["unknown bot 'nope'"]),
        (["simulate", "--bots", "ismcts:-3", "-n", "1"], ["'-3' is not a number of iter"]),
        (["simulate", "--bots", "ismcts:q2j=abc", "-n", "1"], ["ismcts:N (1 to 1000000"]),
        (["simulate", "--bots", "ismcts:0s", "-n", "1"], ["0 seconds is out of range"]),
        (["simulate", "--bots", "ismcts:50:fast", "-n", "1"], ["unknown flag 'fast'"]),
        (["serve", "--log-level", "chatty"], ["--log-level", "debug, info, warning, error"]),
        (["serve", "--allow-origin", ""], ["--allow-origin", "an empty origin"]),
        (["serve", "--limit", "tick_moves=0"], ["--limit", "must be more than 0"]),
        (["serve", "--limit", "conn_rate=nan"], ["--limit", "not a number from 0"]),
    ],
)
def test_a_mistake_is_one_line_and_exit_2(args: list[str], words: list[str]) -> None:
    line = fails(*args)
    assert line.startswith("Error: ")
    for w in words:
        assert w in line, line


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["demo", "nope", "--lang", "fr"], ["Erreur : ", "Jeu inconnu 'nope'"]),
        (["demo", "q2j", "-l", "fr", "-o", "face_on_ace=maybe"], ["vaut true ou false"]),
        (["demo", "q2j", "-l", "fr", "--players", "11"], ["se joue de 2 à 10 joueurs"]),
        (["play", "--game", "nope", "--lang", "fr"], ["Jeu inconnu"]),
        (["play", "--level", "x", "--lang", "fr"], ["ce niveau n'existe pas", "débutant"]),
        (["games", "--lang", "fr", "--nope"], ["Option inconnue : --nope"]),
    ],
)
def test_in_french_with_lang_fr(args: list[str], words: list[str]) -> None:
    line = fails(*args)
    for w in words:
        assert w in line, line


def test_a_busy_port_suggests_another() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        line = fails("serve", "--port", str(port), "--db", os.devnull)
    assert f"port {port} is already in use" in line and "--port" in line


def test_verify_a_file_that_is_not_a_record(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text('{"a": 1}')
    (tmp_path / "b.json").write_text("not json")
    for name in ("a.json", "b.json"):
        line = fails("verify", str(tmp_path / name))
        assert "is not a record from 'atout export'" in line


def test_a_bug_is_one_line_too_with_exit_1() -> None:
    line, code = error_line(ZeroDivisionError("division by zero"))
    assert code == 1 and "internal error" in line and "ATOUT_DEBUG=1" in line


def test_the_real_command_prints_no_traceback() -> None:
    """The installed entry point (not the test runner): stderr is the one line."""
    env = {**os.environ, "NO_COLOR": "1"}
    env.pop("ATOUT_DEBUG", None)
    proc = subprocess.run(
        [sys.executable, "-c", "from atout.cli import app; app()", "demo", "nope"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == [
        "Error: Unknown game 'nope'; known: pouilleux, q2j, quinze. (unknown_game)"
    ]
