"""The first minute (issue 16): the command ``make run`` runs starts the game master on its
embedded default (SQLite in the user's data folder), says where to play and how to stop it,
serves the lobby page, and stops cleanly on Ctrl-C."""

from __future__ import annotations

import os
import queue
import re
import shlex
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from atout.server.commands import no_browser_reason, page_url
from atout.web import static_file

ROOT = Path(__file__).resolve().parent.parent


def make_run_command() -> list[str]:
    """The recipe of ``make run`` (Makefile), without make: ``$(BIN)/atout`` is this venv's."""
    recipe = re.search(r"^run:.*\n\t(.+)$", (ROOT / "Makefile").read_text(), re.M)
    assert recipe, "no run target in the Makefile"
    argv = shlex.split(recipe.group(1).replace("$(ARGS)", ""))
    assert argv[0] == "$(BIN)/atout", argv
    script = Path(sys.executable).parent / "atout"
    entry = [str(script)] if script.exists() else [sys.executable, "-m", "atout.cli"]
    return [*entry, *argv[1:]]


def lines_of(stream) -> queue.Queue[str | None]:
    q: queue.Queue[str | None] = queue.Queue()

    def pump() -> None:
        for line in stream:
            q.put(line)
        q.put(None)

    threading.Thread(target=pump, daemon=True).start()
    return q


def get(url: str) -> tuple[int, str, bytes]:
    with urllib.request.urlopen(url, timeout=10) as r:
        return r.status, r.headers.get("Content-Type", ""), r.read()


def test_make_run_serves_the_lobby_and_stops_cleanly(tmp_path: Path) -> None:
    cmd = make_run_command()
    assert cmd[-2:] == ["serve", "--open"]
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(XDG_DATA_HOME=str(tmp_path), CI="1", NO_COLOR="1", PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(
        [*cmd, "--port", "0"],  # 0: a free port, said in the printed address
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        out = lines_of(proc.stdout)
        printed: list[str] = []
        while not printed or "Ctrl-C" not in printed[-1]:
            line = out.get(timeout=60)
            assert line is not None, proc.stderr.read()  # type: ignore[union-attr]
            printed.append(line.rstrip("\n"))
        ready, stop = printed[-2:]
        m = re.search(r"open (http://127\.0\.0\.1:(\d+)/) in a browser to play", ready)
        assert m, printed
        assert "not opened: under CI" in ready
        assert stop == "Press Ctrl-C to stop it."
        base = m.group(1)
        status, _, body = get(base + "health")
        assert status == 200 and b'"status":"ok"' in body
        status, kind, page = get(base)
        index = static_file("/")
        assert index is not None
        assert status == 200 and kind.startswith("text/html") and page == index[0]
        assert b"/static/app.js" in page
        status, _, app = get(base + "static/app.js")
        assert status == 200 and b"lobby" in app
        assert (tmp_path / "atout" / "atout.db").exists()  # the embedded default database
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            code = proc.wait(30)
        finally:
            proc.kill()
    err = proc.stderr.read()  # type: ignore[union-attr]
    assert code == 0, err
    assert "Traceback" not in err and "shutting down" in err


def test_open_never_under_ci_nor_without_a_display() -> None:
    assert no_browser_reason({"CI": "1", "DISPLAY": ":0"}, "linux") == "under CI"
    assert no_browser_reason({}, "linux") == "no display"
    assert no_browser_reason({"DISPLAY": ":0"}, "linux") is None
    assert no_browser_reason({"WAYLAND_DISPLAY": "wayland-0"}, "linux") is None
    assert no_browser_reason({}, "darwin") is None
    assert no_browser_reason({"CI": "true"}, "win32") == "under CI"


def test_the_address_to_open() -> None:
    assert page_url("127.0.0.1", 8000) == "http://127.0.0.1:8000/"
    assert page_url("0.0.0.0", 9000) == "http://127.0.0.1:9000/"
    assert page_url("::", 8000) == "http://[::1]:8000/"


def test_the_container_image_is_one_small_non_root_node() -> None:
    """The Dockerfile's promises, read (building it needs a container engine: see below)."""
    text = (ROOT / "Dockerfile").read_text()
    assert text.startswith("# ") and "FROM python:3.11-slim" in text
    assert re.search(r"^USER atout$", text, re.M) and "useradd --system" in text
    assert re.search(r"^VOLUME /data$", text, re.M) and "XDG_DATA_HOME=/data" in text
    assert re.search(r"^HEALTHCHECK .*\n.*127\.0\.0\.1:8000/health", text, re.M)
    assert 'CMD ["atout", "serve", "--host", "0.0.0.0", "--port", "8000"]' in text
    ignore = (ROOT / ".dockerignore").read_text().split()
    assert ignore[ignore.index("*") :][:4] == ["*", "!pyproject.toml", "!README.md", "!src/"]


@pytest.mark.skipif(
    not os.environ.get("ATOUT_TEST_DOCKER"), reason="ATOUT_TEST_DOCKER=1 builds and runs the image"
)
def test_the_container_image_serves_the_page(tmp_path: Path) -> None:
    """Not in the default run: needs a container engine (``ATOUT_TEST_DOCKER=1 pytest -k image``)."""
    tool = os.environ.get("ATOUT_CONTAINER_TOOL", "docker")
    subprocess.run([tool, "build", "-t", "atout-test", str(ROOT)], check=True, timeout=900)
    name = f"atout-test-{os.getpid()}"
    subprocess.run(
        [tool, "run", "-d", "--rm", "--name", name, "-p", "127.0.0.1::8000", "atout-test"],
        check=True,
        timeout=60,
    )
    try:
        port = (
            subprocess.run([tool, "port", name, "8000"], capture_output=True, text=True, check=True)
            .stdout.split(":")[-1]
            .strip()
        )
        deadline = time.monotonic() + 60
        while True:
            try:
                status = get(f"http://127.0.0.1:{port}/health")[0]
                break
            except OSError:
                assert time.monotonic() < deadline
                time.sleep(0.5)
        assert status == 200
        assert b"/static/app.js" in get(f"http://127.0.0.1:{port}/")[2]
        user = subprocess.run(
            [tool, "exec", name, "id", "-u"], capture_output=True, text=True, check=True
        )
        assert user.stdout.strip() != "0"
    finally:
        subprocess.run([tool, "stop", name], timeout=60, check=False)
