"""The client library notices seq gaps and drops table events that come out of order."""

from __future__ import annotations

from atout.client import Client, TableFeed
from atout.protocol import messages as m


def test_take_seq_counts_gaps_and_refuses_going_back():
    f = TableFeed()
    assert f.take_seq(3) and f.skipped == 0
    assert f.take_seq(4) and f.skipped == 0
    assert f.take_seq(7) and f.skipped == 2  # 5 and 6 went to other members (a catch-up)
    assert not f.take_seq(7) and f.refused == 1  # twice
    assert not f.take_seq(5) and f.refused == 2  # out of order
    assert f.last_seq == 7


def test_an_event_out_of_order_leaves_the_feed_as_it_was():
    c = Client.__new__(Client)  # routing only: no socket
    c.feeds, c._pending = {}, {}

    def info(version: int, seq: int) -> m.Table:
        body = m.TableInfo(
            table="t1", game="q2j", players=2, options={}, status="waiting", seats=[],
            turn_seconds=0.0, private=False, spectators=0, version=version,
        )  # fmt: skip
        return m.Table(sender=m.GM, to="t1/0", seq=seq, body=body)

    c._route(info(1, 5))
    c._route(info(2, 4))  # older than what the feed holds: dropped
    f = c.feed("t1")
    assert f.info is not None and f.info.version == 1 and f.refused == 1
