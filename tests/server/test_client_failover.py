"""The client library given several node addresses (issue 28, "clients that fail over without a
proxy"): it reaches the first that answers, says why when none does, refuses a malformed one at
once, and a reconnection tries the other addresses before the one that went away. Real game
masters on loopback; port 1 of 127.0.0.1 is an address where nothing listens."""

from __future__ import annotations

import asyncio

import pytest
from tests.server.netutil import served
from websockets.exceptions import InvalidURI

from atout.client import Client, Unreachable

DOWN = "ws://127.0.0.1:1/ws"  # nothing listens there: connection refused at once


def run(coro: object) -> None:
    asyncio.run(asyncio.wait_for(coro, 60))  # type: ignore[arg-type]


def test_a_list_of_addresses_reaches_the_first_that_answers() -> None:
    async def go() -> None:
        async with served() as s:
            c = await Client.connect([DOWN, s.url], "ann")
            assert (c.url, c.index, c.urls) == (s.url, 1, [DOWN, s.url])
            assert await c.list_games()
            await c.close()
            # one string, the addresses separated by commas (as --url takes them)
            c = await Client.connect(f"{DOWN}, {s.url}", "bob")
            assert c.url == s.url and await c.list_games()
            await c.close()

    run(go())


def test_no_address_answering_names_each_one() -> None:
    other = "ws://127.0.0.2:1/ws"

    async def go() -> None:
        with pytest.raises(Unreachable) as e:
            await Client.connect([DOWN, other], "ann")
        assert [u for u, _ in e.value.errors] == [DOWN, other]
        assert f"{DOWN}: connection refused; {other}: connection refused" == str(e.value)
        with pytest.raises(ConnectionRefusedError):  # one address: its own error, as before
            await Client.connect(DOWN, "ann")

    run(go())


def test_a_malformed_address_is_refused_before_any_is_tried() -> None:
    async def go() -> None:
        async with served() as s:
            for bad in (f"{s.url},http://x/ws", [s.url, "nonsense"], ",", []):
                with pytest.raises(InvalidURI):
                    await Client.connect(bad, "ann")
            assert not s.shell.core.conns  # nothing was opened

    run(go())


def test_a_reconnection_tries_the_other_addresses_first() -> None:
    async def go() -> None:
        async with served() as x, served() as y:
            c = await Client.connect([x.url, y.url], "ann")
            assert c.url == x.url
            c2 = await c.reconnect()  # x went away (or so we say): y first
            assert (c2.url, c2.name) == (y.url, "ann") and await c2.list_games()
            c3 = await c2.reconnect()  # and from y, x again
            assert c3.url == x.url and await c3.list_games()
            assert c.closed.is_set() and c2.closed.is_set()
            await c3.close()
            c4 = await Client.connect([x.url, y.url], "bob", start=1)
            assert c4.url == y.url
            await c4.close()
        # both gone: the reconnection says so, naming each
        with pytest.raises(Unreachable):
            await c4.reconnect()

    run(go())
