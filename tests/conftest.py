"""Shared test settings: a hypothesis profile that keeps the default run short on 2 cores, and
the browser tests said plainly when they do not run (or made to fail under CI)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "default",
    deadline=None,
    max_examples=60,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile("thorough", deadline=None, max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

INSTALL_BROWSER = "sudo apt-get install chromium"


def _no_browser(report: pytest.TestReport) -> bool:
    """A test skipped because there is no browser to run it in (its reason names chromium)."""
    if not report.skipped or not isinstance(report.longrepr, tuple):
        return False
    return "chromium" in str(report.longrepr[2]).lower()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: Any) -> Iterator[None]:
    """Under CI (``CI`` set) the browser tests never skip: no chromium is a failure."""
    report = yield
    if os.environ.get("CI") and _no_browser(report):
        reason = report.longrepr[2]
        report.outcome = "failed"
        report.longrepr = f"CI is set, so the browser tests must run, but: {reason}"
    return report


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_terminal_summary(terminalreporter: Any) -> Iterator[None]:
    """At the very end of the run, say that the browser tests did not run and how to fix it."""
    yield
    skipped = [r for r in terminalreporter.stats.get("skipped", []) if _no_browser(r)]
    if skipped:
        terminalreporter.write_sep("=", "browser tests not run", yellow=True, bold=True)
        terminalreporter.write_line(
            f"{len(skipped)} browser tests did not run: Debian's chromium is not installed. "
            f"Install it with `{INSTALL_BROWSER}`, then run `make test` again "
            "(under CI, with CI set, they fail instead)."
        )
