"""The lobby across nodes: the ``listing`` rows the other nodes publish (their tables, in the
shared PostgreSQL database), for ``list_tables`` and quick play."""

from __future__ import annotations

from typing import Any

import msgspec

from atout.protocol import messages as m
from atout.server.storage.db import NodeRows

_info = msgspec.json.Decoder(m.TableInfo)


class Directory:
    """The lobby's view of the other nodes' tables: the ``listing`` rows they publish."""

    def __init__(self, store: NodeRows, node: str) -> None:
        self.store = store
        self.node = node

    def listed(
        self, statuses: Any, game: str | None, after: tuple[float, str] | None, limit: int
    ) -> list[tuple[float, m.TableInfo]]:
        rows = self.store.listed(self.node, [str(s) for s in statuses], game, after, limit)
        return [(created, _info.decode(info)) for created, info in rows]

    def quick(self, game: str, players: int, level: str) -> tuple[str, str] | None:
        """The oldest quick-play table of another node with a free seat and bots of this
        level: (table, node)."""
        return self.store.quick_listed(self.node, game, players, level)
