"""The browser of the page tests: one headless Debian chromium per test module."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from tests.web.test_browser import CHROMIUM, FLAGS


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        yield b
        b.close()
