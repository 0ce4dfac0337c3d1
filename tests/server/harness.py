"""Drive the sans-I/O game master without a network: a fake clock, scripted clients."""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

import msgspec

from atout.games import all_games
from atout.protocol.codec import decode_server, encode
from atout.server.core.limits import CoreLimits
from atout.server.core.router import Core
from atout.server.storage.store import TableStore


class Harness:
    """One core plus an inbox per connection. Every frame goes through the real codec."""

    def __init__(
        self,
        store: TableStore | None = None,
        seed: int = 0,
        leak_guard: bool = True,
        limits: CoreLimits | None = None,
        address: str | None = None,
    ) -> None:
        self.rng = random.Random(seed)
        self.store = store
        self.address = address  # every connection's remote address
        self.core = Core(
            store,
            entropy=self.rng.randbytes,
            leak_guard=leak_guard,
            limits=limits or CoreLimits.unlimited(),  # scripted: the fake clock stands still
        )
        self.now = 1000.0
        self.run_searches = True  # False: a test hands the core's searches back itself
        self.inbox: dict[int, list[dict[str, Any]]] = defaultdict(list)
        self.names: dict[int, str] = {}
        self._conn = 0
        self._rid = 0

    # -- plumbing ----------------------------------------------------------------------
    def deliver(self, outs: list[Any]) -> None:
        if self.store is not None:
            self.store.commit()
        for conn, msg in outs:
            frame = encode(msg)
            decode_server(frame)  # every frame the server sends is valid for its schema
            self.inbox[conn].append(msgspec.json.decode(frame))
        if self.run_searches:  # the shell's part: here, each search at once, in this process
            for s in self.core.searches():
                self.deliver(self.core.searched(s, s.run, self.now))

    def connect(self, name: str = "", hello: bool = True) -> int:
        self._conn += 1
        c = self._conn
        self.deliver(self.core.connect(c, address=self.address, now=self.now))
        self.names[c] = name or f"p{c}"
        if hello:
            self.request(c, "hello", versions=[1], name=self.names[c])
        return c

    def raw(self, conn: int, data: bytes | str) -> list[dict[str, Any]]:
        start = len(self.inbox[conn])
        self.deliver(self.core.receive(conn, data, self.now))
        return self.inbox[conn][start:]

    def request(self, conn: int, cmd: str, **body: Any) -> dict[str, Any]:
        """Send a command; return the reply (the message carrying its request id)."""
        self._rid += 1
        frame = msgspec.json.encode(
            {
                "cmd": cmd,
                "from": self.names.get(conn, ""),
                "to": "gm",
                "id": self._rid,
                "body": body,
            }
        )
        got = self.raw(conn, frame)
        replies = [m for m in got if m.get("id") == self._rid]
        assert replies, f"no reply to {cmd}: {got}"
        return replies[0]

    def disconnect(self, conn: int) -> None:
        self.deliver(self.core.disconnect(conn, self.now))

    def advance(self, dt: float) -> None:
        self.now += dt
        self.deliver(self.core.tick(self.now))

    def drain_due(self) -> None:
        """Run every timer already due (seated bots with no delay)."""
        while (d := self.core.next_deadline()) is not None and d <= self.now:
            self.deliver(self.core.tick(self.now))

    # -- reading -------------------------------------------------------------------------
    def last(self, conn: int, cmd: str, table: str | None = None) -> dict[str, Any] | None:
        for msg in reversed(self.inbox[conn]):
            if msg["cmd"] == cmd and (table is None or msg["body"].get("table") == table):
                return msg
        return None

    def create(self, conn: int, game: str, players: int, **kw: Any) -> str:
        rep = self.request(conn, "create_table", game=game, players=players, **kw)
        assert rep["cmd"] == "table_created", rep
        return rep["body"]["table"]

    def play_out(self, table: str, seats: dict[int, int], max_moves: int = 20000) -> int:
        """Seats (seat -> conn) play random legal moves until game_over; returns moves made."""
        rng = random.Random(1)
        moves = 0
        while moves < max_moves:
            self.drain_due()
            if any(self.last(c, "game_over", table) for c in seats.values()):
                return moves
            upd = None
            for c in seats.values():
                u = self.last(c, "update", table)
                if u and u["body"].get("legal") and u["body"]["turn"] == u["body"]["seat"]:
                    upd, conn = u, c
                    break
            if upd is None:
                self.advance(0.5)
                continue
            move = rng.choice(upd["body"]["legal"])
            rep = self.request(conn, "move", table=table, version=upd["body"]["version"], move=move)
            assert rep["cmd"] == "update", rep
            moves += 1
        raise AssertionError("game did not end")


def game_ids() -> list[str]:
    return list(all_games())


def players_for(game_id: str) -> int:
    g = all_games()[game_id]
    return max(g.min_players, min(3, g.max_players))
