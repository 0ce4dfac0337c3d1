"""``GET /metrics``: what one game master (one node) is doing, in Prometheus's text format.

Nothing here runs on the move path but two list appends and a bisect per flush: every value is
read at scrape time from counters the shell, the core and the node keep anyway (a custom
collector), and the two histograms are plain bucket counts (:class:`Buckets`, ~0.2 µs per
observation against ~1 µs for ``prometheus_client.Histogram``). Each shell has its own
:class:`~prometheus_client.CollectorRegistry` (tests run several game masters in one process).
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator, Mapping, Sized
from typing import Any, Protocol

from prometheus_client import CollectorRegistry
from prometheus_client.core import (
    CounterMetricFamily,
    GaugeMetricFamily,
    HistogramMetricFamily,
    Metric,
)
from prometheus_client.exposition import CONTENT_TYPE_PLAIN_0_0_4, generate_latest
from prometheus_client.registry import Collector

from atout.server.core.status import Status


class Counted(Protocol):
    """The core's counters read at scrape time."""

    moves_applied: int

    @property
    def tables(self) -> Mapping[str, Any]: ...


class Watched(Protocol):
    """What the metrics read of the shell (:class:`~atout.server.shell.ws.Shell`) at scrape time."""

    @property
    def conns(self) -> Sized: ...
    @property
    def socks(self) -> Sized: ...
    @property
    def core(self) -> Counted: ...
    @property
    def node(self) -> Any: ...


CONTENT_TYPE = CONTENT_TYPE_PLAIN_0_0_4  # the text format every Prometheus reads

#: Seconds from a move frame's read to its answer written.
MOVE_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
#: Seconds one group commit of the store takes (SQLite: tens of µs; PostgreSQL: a round trip).
COMMIT_BUCKETS = (
    0.0001,
    0.00025,
    0.0005,
    0.001,
    0.0025,
    0.005,
    0.01,
    0.025,
    0.05,
    0.1,
    0.25,
    0.5,
    1.0,
    2.5,
)
#: A login refused, by its answer's status: the ``reason`` label.
LOGIN_REASONS = {401: "bad_login", 429: "rate_limited", 503: "busy"}
#: Node counters read at scrape time: (attribute, metric, kind, help).
NODE_VALUES = (
    ("taken_over", "atout_takeovers", "counter", "Tables this node took over from others."),
    ("lost", "atout_tables_lost", "counter", "Tables this node lost to another node."),
    ("forwarded", "atout_frames_forwarded", "counter", "Frames sent to the node of their table."),
    ("proxied", "atout_frames_proxied", "counter", "Frames received from other nodes' clients."),
)


class Buckets:
    """A histogram kept as plain counts: :meth:`observe` is a bisect and two additions."""

    __slots__ = ("bounds", "counts", "sum")

    def __init__(self, bounds: tuple[float, ...]) -> None:
        self.bounds = bounds
        self.counts = [0] * (len(bounds) + 1)  # the last: above every bound (+Inf)
        self.sum = 0.0

    def observe(self, x: float) -> None:
        self.counts[bisect.bisect_left(self.bounds, x)] += 1
        self.sum += x

    def family(self, name: str, doc: str) -> HistogramMetricFamily:
        """Cumulative buckets, as the exposition format wants them."""
        total, buckets = 0, []
        for bound, n in zip((*self.bounds, float("inf")), self.counts, strict=True):
            total += n
            buckets.append(("+Inf" if bound == float("inf") else repr(bound), total))
        return HistogramMetricFamily(name, doc, buckets=buckets, sum_value=self.sum)


class Metrics(Collector):
    """One shell's metrics: its registry, the histograms it fills and the counters it reads."""

    def __init__(self, shell: Watched) -> None:
        self.shell = shell
        self.move_latency = Buckets(MOVE_BUCKETS)
        self.commit = Buckets(COMMIT_BUCKETS)
        self.rejected_logins: dict[str, int] = {}
        self.registry = CollectorRegistry(auto_describe=False)
        self.registry.register(self)

    def answered(self, arrivals: list[float], now: float) -> None:
        """The moves read at ``arrivals`` (``time.monotonic()``) were answered at ``now``."""
        observe = self.move_latency.observe
        for t in arrivals:
            observe(now - t)

    def login_refused(self, status: int) -> None:
        """An ``/api/login`` answered ``status``: counted if it is a refusal (401, 429, 503)."""
        reason = LOGIN_REASONS.get(status)
        if reason is not None:
            self.rejected_logins[reason] = self.rejected_logins.get(reason, 0) + 1

    def exposition(self) -> bytes:
        """The body of ``GET /metrics``."""
        return generate_latest(self.registry)

    def collect(self) -> Iterator[Metric]:
        shell = self.shell
        yield GaugeMetricFamily(
            "atout_connections", "WebSocket sessions open.", value=len(shell.conns)
        )
        yield GaugeMetricFamily(
            "atout_sockets", "Sockets open (WebSocket, HTTP, handshakes).", value=len(shell.socks)
        )
        yield self._tables()
        yield CounterMetricFamily(
            "atout_moves", "Moves applied (players' and bots').", value=shell.core.moves_applied
        )
        yield self.move_latency.family(
            "atout_move_latency_seconds", "From a player's move frame read to its answer written."
        )
        yield self.commit.family(
            "atout_store_commit_seconds", "One group commit of the store (those that wrote)."
        )
        refused = CounterMetricFamily(
            "atout_rejected_logins", "Logins refused (/api/login 401, 429, 503).", labels=["reason"]
        )
        for reason in LOGIN_REASONS.values():
            refused.add_metric([reason], self.rejected_logins.get(reason, 0))
        yield refused
        yield from _node(shell.node)  # a node's own (nothing when alone)

    def _tables(self) -> GaugeMetricFamily:
        counts = dict.fromkeys(Status, 0)
        for t in self.shell.core.tables.values():
            counts[t.status] = counts.get(t.status, 0) + 1
        fam = GaugeMetricFamily("atout_tables", "Tables in memory, by status.", labels=["status"])
        for status, n in counts.items():
            fam.add_metric([str(status)], n)
        return fam


def _node(node: Any) -> Iterator[Metric]:
    """A node's own counters (:class:`atout.server.nodes.node.Node`), whichever it has."""
    store = getattr(node, "store", None)
    tokens = getattr(store, "tokens", None)
    if tokens is not None:
        yield GaugeMetricFamily("atout_leases", "Table leases this node holds.", value=len(tokens))
    for attr, name, kind, doc in NODE_VALUES:
        value = getattr(node, attr, None)
        if value is not None:
            cls = CounterMetricFamily if kind == "counter" else GaugeMetricFamily
            yield cls(name, doc, value=value)
    bus = getattr(node, "bus", None)
    if bus is not None:
        yield GaugeMetricFamily(
            "atout_bus_up", "1 while the last exchange with Redis worked.", value=int(bus.up)
        )
    lag = getattr(node, "bus_lag", None)
    if lag is not None:
        yield GaugeMetricFamily("atout_bus_lag_seconds", "How far the bus lags behind.", value=lag)
