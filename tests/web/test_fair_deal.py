"""Fair deals in the browser (docs/PROTOCOL.md "Fair deals"), in headless Debian chromium: a page
with no ``crypto.subtle`` — as one served over plain http on a LAN address is — still commits to
its nonce with its seat (its own SHA-256), reveals it by itself when the game master asks, and
checks the deal at the end; a deal whose nonce does not match its commitment is shown as bad.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest
from tests.web.servers import Servers
from tests.web.tableplay import CHOOSERS, NONCES, TablePlayer, new_table
from tests.web.test_browser import CHROMIUM, server_side

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")

# What a page served over http from a LAN address has: WebCrypto's digest is missing.
NO_SUBTLE = "Object.defineProperty(globalThis.crypto, 'subtle', { get: () => undefined });"


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def test_a_page_without_webcrypto_commits_reveals_and_checks_the_deal(chromium):
    ctx = chromium.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB")
    ctx.set_default_timeout(15_000)
    page = ctx.new_page()
    page.add_init_script(NONCES % 7)
    page.add_init_script(NO_SUBTLE)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    sent: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda p: sent.append(json.loads(p))))
    with Servers(seed=7) as servers:
        page.goto(servers.page_url)
        page.wait_for_selector("#name")
        assert page.evaluate("() => globalThis.crypto.subtle === undefined")
        page.fill("#name", "alice")
        page.click("#connect")
        page.wait_for_selector(".tiles .tile")
        table = new_table(page, "q2j", 2, {})
        page.wait_for_selector("dialog#rules[open] .rules-body li")
        page.click("#rules-close")
        page.evaluate("() => { window.atout.state.autoDelay = 300; }")
        player = TablePlayer(page, False, seed=7)
        turns = 0
        while not player.wait_turn():
            player.play_turn(CHOOSERS["q2j"])
            turns += 1
            assert turns < 300, "the game does not end"
        srv = server_side(servers, table, 0)
        assert srv["status"] == "finished"
        page.wait_for_selector("#seed-check.ok", state="attached")
        record = servers.call(lambda: servers.core.store.load(table))
    # the seat was taken with a commitment only; the nonce went out once, in a reveal, after it
    joins = [m for m in sent if m["cmd"] == "join"]
    reveals = [m for m in sent if m["cmd"] == "reveal"]
    assert len(joins) == 1 and "nonce" not in joins[0]["body"]
    assert len(reveals) == 1 and sent.index(reveals[0]) > sent.index(joins[0])
    nonce = reveals[0]["body"]["nonce"]
    assert joins[0]["body"]["nonce_commitment"] == sha("atout-nonce:" + nonce)
    seat = record.seats[0]
    assert (seat.nonce, seat.nonce_by) == (nonce, "client")
    assert seat.nonce_commitment == sha("atout-nonce:" + nonce)
    # the page's own check refuses a deal whose nonce is not the one committed to
    over = page.evaluate("() => window.atout.state.over")
    assert page.evaluate(
        """async ([o]) => {
          const { dealIsFair } = await import("/static/net.js");
          const { sha256Hex } = await import("/static/net.js");
          const bad = { ...o, nonces: ["0".repeat(32), ...o.nonces.slice(1)] };
          // a bot's nonce ground by the operator, the seed made to match: refused too
          const bot = o.commitments.findIndex((c) => c == null);
          const ground = o.nonces.map((n, i) => (i === bot ? "1".repeat(32) : n));
          const seed = sha256Hex("atout-seed/2:" + [o.secret, ...ground].join(":"));
          const botGround = { ...o, nonces: ground, seed };
          return [dealIsFair(o, 0), dealIsFair(bad, 0), dealIsFair({ ...o, commitments: [] }, 0),
                  bot > 0, dealIsFair(botGround, 0)];
        }""",
        [over],
    ) == [True, False, False, True, False]
    assert not errors, errors
    ctx.close()
