"""A table as it stands: its game, options, seats and members, where it is in its life, its
journal of moves and events, and the commitments that make its deal fair.

A :class:`Table` is what is known of one table, read by what it tells its members
(:mod:`~atout.server.core.told`) and by its request handlers; the
:class:`~atout.server.core.actor.TableActor` is the table that acts (its timers, the deal, the
moves, the finish). A table knows the rest of the game master only through its :class:`Host`:
the store, the limits, the entropy, the connections and outbox (:class:`~.members.Post`), the
timer queue, the bot runner and the lobby (for a rematch).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import msgspec

from atout.games.base import Event, Game, State
from atout.locales import both
from atout.protocol import messages as m
from atout.protocol.errors import ProtocolError
from atout.server.core.limits import CoreLimits
from atout.server.core.members import Members, Post, Seat, seat_record
from atout.server.core.status import Status, Timer
from atout.server.core.talk import Talk
from atout.server.storage import record as r
from atout.server.storage.store import TableStore


class Host(Post, Protocol):
    """What a table is given by the game master that holds it."""

    store: TableStore
    limits: CoreLimits
    entropy: Callable[[int], bytes]
    leak_guard: bool

    moves_applied: int
    chat: bool  # free chat relayed (atout serve --chat)
    now: float  # the time of the request or tick being handled

    def push(self, when: float, t: Table, kind: Timer, arg: int = -1) -> None: ...
    def bot_move(self, t: Table, seat: int) -> Any: ...
    def cancel_bot(self, t: Table) -> None: ...
    def table(self, tid: str) -> Table | None: ...
    def make_rematch(self, t: Table, now: float) -> None: ...
    def game_ended(self, t: Table, now: float) -> None: ...


@dataclass(slots=True)
class Table:
    """One table: its seats and members, its game, its record."""

    host: Host
    id: str
    game: Game[Any]
    players: int
    options: dict[str, Any]
    settings: m.CreateTableBody
    created: float
    seats: list[Seat]  # by index; also its members' (``members.seats`` is this list)
    status: Status = Status.WAITING
    state: State[Any] | None = None
    seed: str | None = None
    commitment: str | None = None
    secret: str | None = None  # committed at the creation; None: a format-1 table (older)
    next_secret: str | None = None  # committed in game_over for the rematch
    # the nonce_commitment of each seat's rematch vote (None: the vote had none)
    rematch_commitments: dict[int, str | None] = field(default_factory=dict)
    reveal_at: float | None = None  # full, its seats revealing their nonces until then
    withheld: list[int] = field(default_factory=list)  # seats that did not reveal: aborted
    # each step's events, packed: bytes are not tracked by the garbage collector, which would
    # otherwise visit every event of every game in play (read back only for a catch-up)
    _history: list[bytes] = field(default_factory=list)
    _moves: list[bytes] = field(default_factory=list)  # each move's record, packed (as events)
    turn_deadline: float | None = None
    bots: dict[int, tuple[str, Any]] = field(default_factory=dict)  # seat -> (kind, bot)
    rematch_votes: set[int] = field(default_factory=set)
    rematch_of: str | None = None
    rematch: str | None = None
    result: dict[str, Any] | None = None
    owner: tuple[int, str | None] | None = None  # (connection, address) that created it
    fill_at: float | None = None  # quick play: when seated players may fill_bots
    quick: bool = False  # opened by quick_play (not kept across a restart)
    # Once finished and stored: the final version, with ``history`` and ``moves`` dropped (the
    # store holds them; a late watcher's catch-up reads them back)
    archived: int | None = None
    # when its time-out timer fires: one at a time, kept from turn to turn (see schedule)
    timeout_at: float | None = None
    # the legal moves listed in the mover's update, with the state and move they belong to:
    # the mover's next move is checked against the same list, not worked out again
    legal_memo: tuple[State[Any], int, list[Any]] | None = field(default=None, repr=False)
    # the catch-ups made at the current version (told.caught_up): emptied by every move and
    # by the archive, so never stale
    catch_ups: dict[tuple[int, int | None, str | None], list[Any]] = field(
        default_factory=dict, repr=False
    )
    members: Members = field(init=False, repr=False)
    talk: Talk = field(init=False, repr=False)  # its reactions and chat

    def __post_init__(self) -> None:
        self.members = Members(self.id, self.host, self.seats)
        self.talk = Talk(self.members)

    # ============================================================== its journal
    @property
    def version(self) -> int:
        return len(self._moves) if self.archived is None else self.archived

    @property
    def history(self) -> list[list[Event]]:
        """The events of each step (the deal, then each move); read back if archived."""
        return self.history_since(0)

    def history_since(self, version: int) -> list[list[Event]]:
        """The events of each step from ``version`` on (only those are unpacked)."""
        if self.archived is not None:
            self.unarchive()
        return [_unpack_events(step) for step in self._history[version:]]

    @history.setter
    def history(self, value: list[list[Event]]) -> None:
        self._history = [_pack_events(step) for step in value]
        self.catch_ups.clear()

    @property
    def moves(self) -> list[r.MoveRecord]:
        """Every move applied; read back if archived."""
        if self.archived is not None:
            self.unarchive()
        return [_unpack_move(m) for m in self._moves]

    @moves.setter
    def moves(self, value: list[r.MoveRecord]) -> None:
        self._moves = [_move_packer.encode(m) for m in value]

    def record_step(self, move: r.MoveRecord, events: list[Event]) -> None:
        """A move applied and the events it made (the catch-ups made before are stale)."""
        self._moves.append(_move_packer.encode(move))
        self._history.append(_pack_events(events))
        if self.catch_ups:
            self.catch_ups.clear()

    def archive(self) -> None:
        """Its record is stored: keep only what a rematch or a late watcher needs at hand (its
        events are ~10-30x the rest, read back on demand)."""
        self.archived, self._history, self._moves = self.version, [], []
        self.catch_ups.clear()

    def unarchive(self) -> None:
        """Read an archived table's moves and events back from the store."""
        rec = self.host.store.load(self.id)
        if rec is None or len(rec.moves) != self.archived:
            raise ProtocolError("server.internal", *both("error-server-record-missing"))
        self.state, self.history = replay(rec)
        self.moves, self.archived = rec.moves, None

    # ============================================================== who plays
    def bot_plays(self, seat: int) -> bool:
        s = self.seats[seat]
        return s.bot is not None or s.away

    @property
    def rated(self) -> bool:
        """Every seat taken so far is an account's or the game master's bots' (at the end:
        every seat): its result then moves the accounts' ratings."""
        taken = [s for s in self.seats if s.taken]
        return bool(taken) and all(s.rated for s in taken)

    # ============================================================== fair deals
    def commit_secret(self, secret: str) -> None:
        """The secret and its commitment, before any nonce; the bots' nonces follow from it."""
        self.secret, self.commitment = secret, r.secret_commitment(secret)
        for s in self.seats:
            if s.bot is not None and s.nonce is None:
                s.nonce, s.nonce_by = r.bot_nonce(secret, s.index), "bot"

    def commit_nonce(self, seat: Seat, commitment: str | None) -> None:
        """``seat`` taken with a client's commitment (its nonce comes with the reveal), or with
        none: then its nonce is the game master's, fixed by the secret (as a bot's)."""
        seat.nonce_commitment = commitment
        if commitment is None:
            seat.nonce, seat.nonce_by = r.bot_nonce(self.secret or "", seat.index), "server"
        else:
            seat.nonce = seat.nonce_by = None

    def pending_reveals(self) -> list[int]:
        """Seats that committed to a nonce not revealed yet."""
        return [s.index for s in self.seats if s.nonce_commitment is not None and s.nonce is None]

    def nonces(self) -> list[str]:
        """Every seat's nonce in seat order (a seat without one, which a table of an older
        database may have, gets the game master's now)."""
        for s in self.seats:
            if s.nonce is None:
                by = "bot" if s.bot is not None else "server"
                s.nonce, s.nonce_by = r.bot_nonce(self.secret or "", s.index), by
                self.host.store.set_seat(self.id, seat_record(s))
        return [s.nonce or "" for s in self.seats]

    def save_seat(self, seat: Seat) -> None:
        """``seat`` as it is now, in the table's record."""
        self.host.store.set_seat(self.id, seat_record(seat))


def replay(rec: r.TableRecord) -> tuple[State[Any], list[list[Event]]]:
    """:func:`record.replay`, with the timeout events the table announced put back."""
    state, history = r.replay(rec)
    for mv, step in zip(rec.moves, history[1:], strict=True):
        if mv.how == "timeout":
            step.insert(0, Event("timeout", mv.seat, {"move": mv.move}))
    return state, history


_move_decoders: dict[str, msgspec.json.Decoder[Any]] = {}
_json = msgspec.json.Encoder()


def parse_move(game: Game[Any], data: Any) -> Any:
    """``game.parse_move(data)``, several times faster: the game's move union is decoded by a
    decoder built once (``Game.parse_move`` converts with a union type rebuilt on each call).
    Anything the decoder refuses goes to the game, whose refusal is the one sent."""
    dec = _move_decoders.get(game.id)
    if dec is None:
        dec = _move_decoders[game.id] = msgspec.json.Decoder(game.move_union())
    try:
        typed = dec.decode(_json.encode(data))
    except msgspec.MsgspecError:
        return game.parse_move(data)
    return game.parse_move(typed)


_events_packer = msgspec.msgpack.Encoder()
_events_unpacker = msgspec.msgpack.Decoder(list[Event])


def _pack_events(events: list[Event]) -> bytes:
    return _events_packer.encode(events)


def _unpack_events(packed: bytes) -> list[Event]:
    return _events_unpacker.decode(packed)


_move_packer = msgspec.msgpack.Encoder()
_unpack_move = msgspec.msgpack.Decoder(r.MoveRecord).decode
