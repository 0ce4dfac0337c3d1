"""The multi-node layer's decisions without Redis or PostgreSQL (:mod:`atout.server.nodes.cluster`,
sans I/O): where a client's frame goes, what the bus's messages mean, whom a lost table or a
silent node closes, what waits while the bus is down."""

from __future__ import annotations

import json

from atout.server.nodes import cluster as nc
from atout.server.nodes.nodewire import Close, Deliver, Echo, Ended, Frame, Gone, Handover, Miss

ANA = nc.Who(conn=7, name="Ana", lang="fr", texts=True, account="acc-1")


def frame(cmd: str, table: str | None = None, **body: object) -> bytes:
    if table is not None:
        body["table"] = table
    return json.dumps({"cmd": cmd, "id": 1, "body": body}).encode()


def a_frame(table: str = "T1", conn: int = 3, boot: int = 1, origin: str = "b") -> Frame:
    return Frame(origin, boot, conn, frame("move", table), "Bo", "en", False, None, table)


def test_a_table_held_here_or_a_lobby_command_stays_local() -> None:
    c = nc.Cluster("a", boot=1)
    move = frame("move", "T1", version=3, move={})
    assert c.route(ANA, move, local={"T1"}) == [nc.Local(7, move)]
    lobby = frame("list_tables")
    assert c.route(ANA, lobby) == [nc.Local(7, lobby)]
    assert c.route(ANA, b"not json") == [nc.Local(7, b"not json")]  # the core says what is wrong


def test_an_unknown_table_is_looked_up_then_forwarded_to_its_node() -> None:
    c = nc.Cluster("a", boot=1)
    move = frame("move", "T9", version=1, move={})
    assert c.route(ANA, move) == [nc.Lookup("T9")]
    c.found("T9", "b", live=True)
    (send,) = c.route(ANA, move)
    assert isinstance(send, nc.Send) and send.node == "b"
    f = send.msg
    assert isinstance(f, Frame)
    assert (f.origin, f.conn, f.table, f.name, f.lang, f.account) == (
        "a",
        7,
        "T9",
        "Ana",
        "fr",
        "acc-1",
    )
    assert c.sent_to == {7: {"T9": "b"}} and c.counters.forwarded == 1
    c.found("T8", "b", live=False)  # an expired lease is not a route: taken over first
    assert c.route(ANA, frame("watch", "T8")) == [nc.Lookup("T8")]


def test_with_the_bus_down_or_the_node_silent_the_frame_is_refused_as_retryable() -> None:
    c = nc.Cluster("a", boot=1)
    c.found("T9", "b", live=True)
    move = frame("move", "T9")
    c.bus_up = False
    (r,) = c.route(ANA, move)
    assert isinstance(r, nc.Refuse) and r.error.code == "node.unavailable"
    assert r.error.detail["retry_after"] > 0
    c.bus_up = True
    c.heartbeat(alive=set(), silent={"b"})
    assert c.route(ANA, move) == [nc.Lookup("T9")]  # its route was forgotten with the node
    c.found("T9", "b", live=True)  # still leased to the silent node (not lapsed yet)
    (r,) = c.route(ANA, move)
    assert isinstance(r, nc.Refuse) and "T9" not in c.routes


def test_a_frame_from_another_node_opens_one_proxy_per_client_and_goes_to_the_core() -> None:
    c = nc.Cluster("a", boot=1)
    f = a_frame()
    opened = c.received(f, now=0.0, mine={"T1"})
    assert (
        len(opened) == 2
        and isinstance(opened[0], nc.Open)
        and opened[1] == nc.Local(opened[0].conn, f.data)
    )
    pid = opened[0].conn
    assert pid < 0 and c.origin[pid] == ("b", 1, 3)
    assert c.received(a_frame(), now=0.0, mine={"T1"}) == [nc.Local(pid, f.data)]
    # node b restarted (a new incarnation): its old client's proxy goes, a new one comes
    again = c.received(a_frame(boot=2), now=0.0, mine={"T1"})
    assert again[0] == nc.Shut(pid, "its node is gone") and isinstance(again[1], nc.Open)
    assert c.counters.proxied == 3


def test_a_frame_for_a_table_not_held_here_is_sent_back_as_a_miss() -> None:
    c = nc.Cluster("a", boot=1)
    f = a_frame("T5")
    assert c.received(f, now=0.0, mine={"T1"}) == [nc.Send("b", Miss(f))]
    assert c.proxies == {}
    # the client's node, told so, looks the table up again and tries once more
    c2 = nc.Cluster("b", boot=1)
    c2.found("T5", "a", live=True)
    assert c2.received(Miss(f), now=0.0) == [nc.Later(0.0, f, nc.RETRIES)]
    assert "T5" not in c2.routes


def test_what_a_flush_sends_other_nodes_clients_leaves_as_one_message_per_node() -> None:
    c = nc.Cluster("a", boot=1)
    p1 = c.received(a_frame(conn=1), 0.0, {"T1"})[0].conn  # type: ignore[union-attr]
    p2 = c.received(a_frame(conn=2), 0.0, {"T1"})[0].conn  # type: ignore[union-attr]
    p3 = c.received(a_frame(conn=1, origin="c"), 0.0, {"T1"})[0].conn  # type: ignore[union-attr]
    c.deliver(p1, [b"x"])
    c.deliver(p2, [b"y", b"z"])
    c.deliver(p3, [b"w"])
    out = c.delivered()
    assert out == [
        nc.Send("b", Deliver([(1, [b"x"]), (2, [b"y", b"z"])])),
        nc.Send("c", Deliver([(1, [b"w"])])),
    ]
    assert c.delivered() == []
    # and on the client's node, a Deliver is written to its sockets
    assert nc.Cluster("b", 1).received(Deliver([(1, [b"x"])]), 0.0) == [nc.Write(1, [b"x"])]


def test_closing_a_proxy_sends_what_it_was_sent_then_closes_its_client() -> None:
    c = nc.Cluster("a", boot=1)
    pid = c.received(a_frame(conn=4), 0.0, {"T1"})[0].conn  # type: ignore[union-attr]
    c.deliver(pid, [b"last"])
    out = c.shut_proxy(pid, "moved")
    assert out == [
        nc.Send("b", Deliver([(4, [b"last"])])),
        nc.Send("b", Close(4, "moved")),
        nc.Shut(pid, "moved"),
    ]
    assert c.proxies == {} and c.origin == {}
    assert c.received(Gone("b", 1, 4), 0.0) == []  # already gone


def test_a_frame_no_node_took_is_retried_then_given_up() -> None:
    c = nc.Cluster("a", boot=1)
    c.found("T9", "b", live=True)
    (send,) = c.route(ANA, frame("resume", "T9", token="t"))
    f = send.msg  # type: ignore[union-attr]
    assert c.undelivered("b", f) == [nc.Later(nc.RETRY, f, 1)]
    assert "T9" not in c.routes and c.sent_to[7] == {}  # a membership: none there to resume
    assert c.retry(f, owner="a", tries=1, alive=True) == [nc.Local(7, f.data)]  # taken over here
    assert c.retry(f, owner="b", tries=3, alive=True) == [nc.Send("b", f)]
    assert c.retry(f, owner="b", tries=nc.RETRIES, alive=True) == [
        nc.Shut(7, "table unavailable: try again")
    ]
    assert c.retry(f, owner="b", tries=1, alive=False) == []


def test_while_the_bus_is_down_frames_are_refused_deliveries_noted_and_the_rest_kept() -> None:
    c = nc.Cluster("a", boot=1)
    pid = c.received(a_frame(conn=4), 0.0, {"T1"})[0].conn  # type: ignore[union-attr]
    c.bus_up = False
    f = Frame("a", 1, 7, frame("move", "T9"), "Ana", "fr", True, None, "T9")
    (r,) = c.undelivered("b", f, here={7})
    assert isinstance(r, nc.Refuse) and r.conn == 7
    assert c.undelivered("b", Deliver([(4, [b"lost"])])) == []
    assert c.undelivered("b", Ended("h")) == [] and c.undelivered("b", Echo(1.0)) == []
    c.bus_up = True
    back = c.bus_back()
    assert back[0] == nc.Send("b", Ended("h"))  # kept, sent now (the echo is not)
    assert nc.Send("b", Close(4, "frames lost while the bus was down: resume")) in back
    assert nc.Shut(pid, "frames lost while the bus was down: resume") in back
    assert c.bus_back() == []


def test_a_silent_node_closes_the_clients_that_played_there_and_drops_its_proxies() -> None:
    c = nc.Cluster("a", boot=1)
    c.found("T9", "b", live=True)
    c.route(ANA, frame("move", "T9"))
    pid = c.received(a_frame(conn=4), 0.0, {"T1"})[0].conn  # type: ignore[union-attr]
    out = c.heartbeat(alive={"c"}, silent={"b"})
    assert (
        nc.Shut(7, "the table's node stopped: resume") in out
        and nc.Shut(pid, "its node is gone") in out
    )
    assert c.heartbeat(alive={"c"}, silent={"b"}) == []  # acted upon once
    assert c.end_session("h") == [nc.Send("c", Ended("h"))]


def test_taking_a_table_over_closes_the_clients_that_played_there_through_its_old_node() -> None:
    c = nc.Cluster("a", boot=1)
    c.found("T9", "b", live=True)
    c.route(ANA, frame("move", "T9"))
    assert c.took_over(["T9"]) == [nc.Shut(7, "the table moved to this node: resume")]
    assert c.routes["T9"] == "a" and c.counters.taken_over == 1
    move = frame("move", "T9")
    assert c.route(ANA, move) == [nc.Local(7, move)]


def test_bus_messages_for_the_shell() -> None:
    c = nc.Cluster("a", boot=1)
    assert c.received(Handover("b"), 0.0) == [nc.TakeOver()]
    assert c.received(Close(7, "moved"), 0.0) == [nc.Shut(7, "moved")]
    c.received(Echo(10.0), 10.25)
    assert c.bus_lag == 0.25
    assert c.gone(7) == []
    c.found("T9", "b", live=True)
    c.route(ANA, frame("move", "T9"))
    assert c.gone(7) == [nc.Send("b", Gone("a", 1, 7))]


def test_a_broken_subscription_closes_the_clients_playing_at_other_nodes_tables() -> None:
    """What Redis had taken for this node before it went may be lost without anyone knowing:
    the clients that play elsewhere resume and catch up (those at this node's tables stay)."""
    c = nc.Cluster("a", boot=1)
    c.found("T9", "b", live=True)
    c.route(ANA, frame("move", "T9"))
    c.held(["T1"])
    bo = nc.Who(conn=8, name="Bo", lang="en", texts=False, account=None)
    c.route(bo, frame("move", "T1"), local={"T1"})
    assert c.resubscribed() == [nc.Shut(7, "the bus between nodes was down: resume")]


def test_a_move_lost_with_the_bus_keeps_its_clients_place_at_that_table() -> None:
    """Only a membership frame (join, resume, watch) that never arrived leaves nothing there:
    a move's client is still seated through its proxy, so it is still closed if that node dies
    and its proxy is still told when it leaves."""
    c = nc.Cluster("a", boot=1)
    c.found("T9", "b", live=True)
    (send,) = c.route(ANA, frame("move", "T9"))
    c.bus_up = False
    c.undelivered("b", send.msg, here={7})  # type: ignore[union-attr]
    assert c.sent_to == {7: {"T9": "b"}}
    c.bus_up = True
    assert c.gone(7) == [nc.Send("b", Gone("a", 1, 7))]
