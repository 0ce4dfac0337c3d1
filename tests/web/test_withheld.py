"""A seat that does not reveal its nonce in time calls the deal off (docs/PROTOCOL.md, "Fair
deals"): the page says so and names that seat, instead of "stopped after an error"."""

from __future__ import annotations

import json
import time

import pytest
from tests.web.servers import Servers
from tests.web.test_browser import CHROMIUM, fill_table_form
from tests.web.test_platform import person

from atout.server.core import actor
from atout.server.storage import record as rec

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")


def test_a_withheld_reveal_is_shown_as_such_naming_the_seat(monkeypatch, chromium) -> None:
    monkeypatch.setattr(actor, "REVEAL_SECONDS", 1.0)
    with Servers(seed=5) as servers:
        errors: list[str] = []
        page = person(chromium, servers, errors)
        page.fill("#name", "host")
        page.click("#connect")
        page.wait_for_selector("#create")
        fill_table_form(page, "q2j", 2, humans=(1,))
        page.click("#create-button")
        page.wait_for_selector("#table-screen")
        table = page.evaluate("() => window.atout.state.at.table")

        def silent_seat() -> None:
            """A client that commits and then never reveals (its frames go nowhere)."""
            core, shell, cid, now = servers.core, servers.shell, 1 << 20, time.time()
            hello = {"cmd": "hello", "body": {"versions": [1], "name": "mallory"}, "id": 1}
            join = {
                "cmd": "join",
                "id": 2,
                "body": {
                    "table": table,
                    "seat": 1,
                    "nonce_commitment": rec.nonce_commitment("a" * 32),
                },
            }
            shell.queue(core.connect(cid, None, now))
            for msg in (hello, join):
                shell.queue(core.receive(cid, json.dumps(msg), now))

        servers.call(silent_seat)
        page.wait_for_function(
            "() => window.atout.state.info && window.atout.state.info.status === 'aborted'"
        )
        status = page.inner_text("#table-screen")
        assert "not revealed in time by P2 (mallory)" in status, status
        assert "error" not in status.lower()
        assert not errors, errors
