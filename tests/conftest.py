"""Shared test settings: a hypothesis profile that keeps the default run short on 2 cores, the
browser, PostgreSQL and Redis tests said plainly when they do not run (or made to fail under CI),
and the PostgreSQL and Redis fixtures (a throwaway server of each on loopback, a fresh database per
test)."""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Iterator
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


NO_POSTGRES = "no PostgreSQL"  # how the reason of a test skipped for want of one begins


def _no_postgres(report: pytest.TestReport) -> bool:
    if not report.skipped or not isinstance(report.longrepr, tuple):
        return False
    return NO_POSTGRES in str(report.longrepr[2])


NO_REDIS = "no Redis"  # how the reason of a test skipped for want of one begins


def _no_redis(report: pytest.TestReport) -> bool:
    if not report.skipped or not isinstance(report.longrepr, tuple):
        return False
    return NO_REDIS in str(report.longrepr[2])


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: Any) -> Iterator[None]:
    """Under CI (``CI`` set) the browser, PostgreSQL and Redis tests never skip: a missing
    chromium, PostgreSQL or Redis is a failure."""
    report = yield
    if os.environ.get("CI") and (_no_browser(report) or _no_postgres(report) or _no_redis(report)):
        reason = report.longrepr[2]
        # named before the outcome changes
        what = (
            "browser" if _no_browser(report) else "PostgreSQL" if _no_postgres(report) else "Redis"
        )
        report.outcome = "failed"
        report.longrepr = f"CI is set, so the {what} tests must run, but: {reason}"
    return report


def _throwaway(
    missing: str, driver: str, make: Callable[[], Any], unavailable: type[Exception]
) -> Iterator[Any]:
    """A server started for the session and stopped after it; a skip (a failure under CI:
    ``missing`` is what the report looks for) when its driver or its program is missing."""
    try:
        importlib.import_module(driver)
    except ImportError as e:
        pytest.skip(f"{missing}: {driver} is not installed ({e})")
    server = make()
    try:
        server.start()
    except unavailable as e:
        server.stop()
        pytest.skip(f"{missing}: {e}")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Any]:
    """A PostgreSQL server for the session: ``ATOUT_TEST_PG``'s, or a throwaway cluster started
    on loopback (tests/server/pgcluster.py). Skips (fails under CI) when there is none."""
    from tests.server.pgcluster import Cluster, Unavailable

    yield from _throwaway(NO_POSTGRES, "psycopg", Cluster, Unavailable)


@pytest.fixture
def pg_url(pg_cluster: Any) -> str:
    """The URL of a fresh, empty PostgreSQL database."""
    return str(pg_cluster.new_db())


@pytest.fixture(scope="session")
def redis_server() -> Iterator[Any]:
    """A Redis server for the session: ``ATOUT_TEST_REDIS``'s, or a throwaway one started on
    loopback (tests/server/rediscluster.py). Skips (fails under CI) when there is none."""
    from tests.server.rediscluster import RedisServer, Unavailable

    yield from _throwaway(NO_REDIS, "redis", RedisServer, Unavailable)


@pytest.fixture
def redis_url(redis_server: Any) -> str:
    """The URL of an emptied Redis database."""
    return str(redis_server.new_db())


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_terminal_summary(terminalreporter: Any) -> Iterator[None]:
    """At the very end of the run, say which tests did not run for want of a browser,
    PostgreSQL or Redis, and how to fix it."""
    yield
    skipped = terminalreporter.stats.get("skipped", [])
    for missing, why, fix in _MISSING:
        found = [r for r in skipped if why(r)]
        if found:
            terminalreporter.write_sep("=", f"{missing} tests not run", yellow=True, bold=True)
            terminalreporter.write_line(
                f"{len(found)} {missing} tests did not run: {found[0].longrepr[2]}. {fix}"
            )


#: What a skipped test may have missed: its name, how its skip reads, and how to get it.
_MISSING = (
    (
        "PostgreSQL",
        _no_postgres,
        "Install Debian's postgresql (or set ATOUT_TEST_PG to a server's URL); under CI they fail.",
    ),
    (
        "Redis",
        _no_redis,
        "Install Debian's redis-server (or set ATOUT_TEST_REDIS to a server's URL); under CI "
        "they fail.",
    ),
    (
        "browser",
        _no_browser,
        f"Install Debian's chromium with `{INSTALL_BROWSER}`, then run `make test` again (under "
        "CI, with CI set, they fail instead).",
    ),
)
