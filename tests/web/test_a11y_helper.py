"""tests/web/a11y.py: the vendored axe-core runs in headless chromium and its violations read
plainly (the browser tests call it on the lobby, each table and the result screen)."""

from __future__ import annotations

import shutil

import pytest
from tests.web.a11y import AXE, check_a11y

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="Debian's chromium is not installed (apt-get install chromium): no browser to test in",
)

PAGE = """<!doctype html><html lang="en"><head><title>t</title>{meta}</head><body><main>
<h1>Title</h1><div id="good"><button>Play</button></div>
<div id="bad"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><button></button></div>
</main></body></html>"""


def test_vendored_axe_finds_violations_and_says_them_plainly() -> None:
    from playwright.sync_api import sync_playwright

    assert AXE.exists() and "axe v4." in AXE.read_text(encoding="utf-8")[:100]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        try:
            page = browser.new_page()
            page.set_content(PAGE.format(meta=""))
            assert check_a11y(page, "#good") == []
            found = check_a11y(page)
            assert {v["id"] for v in found} >= {"image-alt", "button-name"}
            text = str(found)
            assert "image-alt (critical)" in text and "at #bad > button: <button></button>" in text
            assert str(check_a11y(page, "#good")) == "no accessibility violations"
            # a page whose Content-Security-Policy refuses inline scripts: still checked
            csp = "<meta http-equiv='Content-Security-Policy' content=\"script-src 'none'\">"
            page.set_content(PAGE.format(meta=csp))
            assert {v["id"] for v in check_a11y(page, "#bad")} >= {"image-alt"}
        finally:
            browser.close()
