"""The single game master's stand-in for :class:`~atout.server.nodes.node.Node`: the shell speaks to
one object whether or not other nodes exist, and this one has nothing to route, nobody to tell
and no lease to lose."""

from __future__ import annotations

from typing import Any, Protocol


class Peers(Protocol):
    """What the shell (:class:`~atout.server.shell.ws.Shell`) asks of the other nodes."""

    def route(self, conn_id: int, data: bytes | str) -> bool:
        """True if the frame went to another node (the local core does not handle it)."""
        ...

    def gone(self, conn_id: int) -> None: ...

    def end_session(self, hashed: str) -> None: ...

    def deliver(self, pid: int, frames: list[bytes]) -> None: ...

    def delivered(self) -> None: ...

    def lease_lost(self, e: Any, pending: list[tuple[int, Any]]) -> None: ...

    def commit_failed(self, e: Exception, pending: list[tuple[int, Any]]) -> None: ...

    def health(self) -> dict[str, Any]: ...

    async def start(self) -> None: ...

    async def close(self) -> None: ...


class Alone:
    """No other node: every frame is this game master's, a failed commit is a failure."""

    def route(self, conn_id: int, data: bytes | str) -> bool:
        return False

    def gone(self, conn_id: int) -> None:
        pass

    def end_session(self, hashed: str) -> None:
        pass

    def deliver(self, pid: int, frames: list[bytes]) -> None:
        pass

    def delivered(self) -> None:
        pass

    def lease_lost(self, e: Any, pending: list[tuple[int, Any]]) -> None:
        raise e  # no leases without nodes: cannot happen

    def commit_failed(self, e: Exception, pending: list[tuple[int, Any]]) -> None:
        raise e  # one game master's store failing is fatal, as it always was

    def health(self) -> dict[str, Any]:
        return {}

    async def start(self) -> None:
        pass

    async def close(self) -> None:
        pass
