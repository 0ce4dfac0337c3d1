"""A logout ends the session everywhere (issue 27, 4): two tabs of one browser share a session;
logging out in one closes the other's socket, which then says why and offers the guest form,
instead of going on playing as the account."""

from __future__ import annotations

from typing import Any

import pytest
from tests.web.servers import Servers
from tests.web.test_browser import CHROMIUM
from tests.web.test_platform import SEEN, sign_up

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")


def test_logging_out_in_one_tab_ends_the_session_of_the_other(chromium) -> None:
    with Servers(seed=3) as servers:
        errors: list[str] = []
        ctx = chromium.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB")
        ctx.set_default_timeout(20_000)

        def tab() -> Any:
            page = ctx.new_page()
            page.add_init_script(SEEN)
            page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
            page.goto(servers.gm_http_url + "/")
            return page

        first = tab()
        sign_up(first, "Gaëlle")
        second = tab()  # the same browser: the session's cookie
        second.wait_for_selector("#nav-me")
        assert second.inner_text("#nav-me") == "Gaëlle"
        assert len(servers.call(lambda: list(servers.core.conns))) == 2
        second.click("#nav-logout")
        first.wait_for_selector("#connect")
        alert = first.inner_text("[role=alert]")
        assert "logged out" in alert and "another device" in alert
        assert first.query_selector("#nav-me") is None
        # and the page did not reconnect under the account's name on its own
        assert all(
            c.account is None for c in servers.call(lambda: list(servers.core.conns.values()))
        )
        assert not errors, errors
        ctx.close()
