"""The lobby across nodes: the ``listing`` rows the other nodes publish (their tables, in the
shared PostgreSQL database), for ``list_tables`` and quick play."""

from __future__ import annotations

from typing import Any

import msgspec

from atout.protocol import messages as m
from atout.server.pgstore import NOW, PostgresStore


class Directory:
    """The lobby's view of the other nodes' tables: the ``listing`` rows they publish."""

    def __init__(self, store: PostgresStore, node: str) -> None:
        self.store = store
        self.node = node

    def listed(
        self, statuses: Any, game: str | None, after: tuple[float, str] | None, limit: int
    ) -> list[tuple[float, m.TableInfo]]:
        q = "SELECT created, info FROM listing WHERE node <> ? AND private = 0 AND status = ANY(?)"
        args: list[Any] = [self.node, [str(s) for s in statuses]]
        if game is not None:
            q += " AND game = ?"
            args.append(game)
        if after is not None:
            q += " AND (created, table_id) > (?, ?)"
            args += [after[0], after[1]]
        q += " ORDER BY created, table_id LIMIT ?"
        args.append(limit)
        dec = msgspec.json.Decoder(m.TableInfo)
        return [(created, dec.decode(info)) for created, info in self.store._x(q, args)]

    def quick(self, game: str, players: int, level: str) -> tuple[str, str] | None:
        """The oldest quick-play table of another node with a free seat and bots of this
        level: (table, node)."""
        row = self.store._x(
            "SELECT l.table_id, l.node FROM listing l JOIN leases s ON s.table_id = l.table_id"
            f" AND s.node = l.node AND s.expires > {NOW} WHERE l.node <> ? AND l.quick = 1"
            " AND l.status = 'waiting' AND l.game = ? AND l.players = ? AND l.free > 0"
            " AND l.bot_kind = ? ORDER BY l.created, l.table_id LIMIT 1",
            (self.node, game, players, level),
        ).fetchone()
        return None if row is None else (row[0], row[1])
