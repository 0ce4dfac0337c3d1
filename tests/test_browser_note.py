"""tests/conftest.py: without chromium, the run ends by saying the browser tests did not run and
what installs the browser; under CI (``CI`` set) they fail instead of skipping (issue 10)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

CONFTEST = Path(__file__).with_name("conftest.py")
SKIPPED = """
import pytest
pytestmark = pytest.mark.skipif(True, reason="Debian's chromium is not installed")
def test_in_the_browser(): pass
"""


def run(tmp_path: Path, ci: bool) -> subprocess.CompletedProcess[str]:
    shutil.copy(CONFTEST, tmp_path / "conftest.py")
    (tmp_path / "test_page.py").write_text(SKIPPED)
    (tmp_path / "test_other.py").write_text("def test_ok(): pass\n")
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    if ci:
        env["CI"] = "1"
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", str(tmp_path)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=120,
    )


def test_without_a_browser_the_end_of_the_run_says_so(tmp_path: Path) -> None:
    proc = run(tmp_path, ci=False)
    assert proc.returncode == 0, proc.stdout
    tail = proc.stdout.strip().splitlines()[-3:]
    assert "browser tests not run" in tail[0]
    assert "1 browser tests did not run" in tail[1] and "apt-get install chromium" in tail[1]
    assert "1 passed, 1 skipped" in tail[2]


def test_under_ci_the_browser_tests_fail_instead(tmp_path: Path) -> None:
    proc = run(tmp_path, ci=True)
    assert proc.returncode == 1
    assert "CI is set, so the browser tests must run" in proc.stdout
    assert "browser tests not run" not in proc.stdout
