"""What the screen shows, as one immutable value built from what the game master sent.

The widgets never keep game state: the session builds a fresh :class:`Model` after every change
and the app renders it whole. Everything here is plain data, so it is easy to test.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from atout.games import get_game, sentences
from atout.games.base import Event, Game, ViewSpec
from atout.protocol import messages as m
from atout.tui.i18n import tr


class Stage(enum.StrEnum):
    """Where the terminal client is: what its status line says."""

    CONNECTING = "connecting"
    WAITING = "waiting"  # seated (or watching), the game not dealt yet
    PLAYING = "playing"
    OVER = "over"
    RECONNECTING = "reconnecting"  # its node went away: another address is tried
    CLOSED = "closed"  # the connection is gone, or it was refused


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One seat as the lobby describes it."""

    index: int
    name: str = ""
    bot: str | None = None
    connected: bool = False

    @property
    def gm_bot(self) -> bool:
        """Played by the game master's own bot under its own name (``bot-<kind>``)."""
        return self.bot is not None and self.name == f"bot-{self.bot}"


@dataclass(frozen=True)
class Model:
    """Everything the terminal client shows at one moment.

    ``moves`` are the moves the player may choose *now*: empty unless it is the player's turn and
    no move of theirs is on its way, so a key press can never send anything else.
    """

    lang: str = "en"
    stage: Stage = Stage.CONNECTING
    url: str = ""  # the addresses given (several: separated by commas)
    node: str = ""  # the one this client reached
    game_id: str | None = None
    view_spec: ViewSpec = field(default_factory=ViewSpec)  # from the server's game list
    levels: dict[str, tuple[str, str]] = field(default_factory=dict)  # bot level: (en, fr)
    table: str | None = None
    seat: int | None = None  # None: a spectator
    seats: tuple[SeatRow, ...] = ()
    version: int = -1
    turn: int | None = None
    view: dict[str, Any] = field(default_factory=dict)
    moves: tuple[Any, ...] = ()
    labels: tuple[str, ...] = ()
    legal_total: int | None = None
    log: tuple[str, ...] = ()
    result: dict[str, Any] | None = None
    seed: str | None = None
    commitment: str | None = None
    pending: bool = False
    message: str = ""
    hint: str = ""
    hint_index: int | None = None
    deadline_at: float | None = None  # time.monotonic() when the turn's time runs out

    @property
    def game(self) -> Game[Any] | None:
        return get_game(self.game_id) if self.game_id else None

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.turn == self.seat and self.result is None

    def seat_name(self, seat: int | None) -> str:
        """``P2 (bob)`` (``J2 (bob)`` in French): the seat and the player's name when there is
        one."""
        if seat is None:
            return "—"
        base = sentences.seat(seat, self.lang)
        row = self.seats[seat] if seat < len(self.seats) else None
        name = row.name if row is not None else ""
        if row is not None and row.gm_bot and row.bot in self.levels:
            # the game master's own name for its bot seats: say the level, in the player's words
            en, fr = self.levels[row.bot]
            name = tr(self.lang, "bot_level", level=fr if self.lang == "fr" else en)
        return f"{base} ({name})" if name else base


def move_label(game: Game[Any], move: Any, lang: str) -> str:
    """The move in words, from the game itself (``str(move)`` if the game has no words)."""
    try:
        return game.describe_move(move, lang)
    except Exception:  # a game without sentences for this move still gets a label
        return str(move)


def event_text(game: Game[Any] | None, e: m.EventOut, lang: str) -> str:
    """The server's sentence for an event, or the game's own when the server sent none."""
    if e.text:
        return e.text
    if game is None:
        return f"{e.kind} {e.data}"
    return game.describe(Event(e.kind, e.seat, e.data), lang)


def seats_of(info: m.TableInfo | None, started: m.StartedBody | None) -> tuple[SeatRow, ...]:
    rows = info.seats if info is not None else started.seats if started is not None else []
    return tuple(SeatRow(s.seat, s.name, s.bot, s.connected) for s in rows)
