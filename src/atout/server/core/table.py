"""A table as a unit: the actor that holds one table's game, seats and deadline.

A :class:`TableActor` runs its timers when the game master says they are due (a seated bot's
move, a turn time-out, a player away or gone), deals, applies moves, finishes, and writes its
own journal to the store (a table is rebuilt elsewhere by replaying it:
:func:`atout.server.core.restore.from_record`). What its members ask of it is handled in
:mod:`~atout.server.core.seating`, :mod:`~atout.server.core.talk` and :mod:`~atout.server.core.rematch`; what
they are sent is built in :mod:`~atout.server.core.members`. It knows the rest of the game master
only through its :class:`Host`: the store, the limits, the entropy, the connections (who a
member is), the outgoing queue, the timer queue, the bot runner and the lobby (for a rematch).
Sans I/O: tested alone with a fake host (``tests/server/test_table.py``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import msgspec

from atout.games.base import Event, Game, State
from atout.protocol import messages as m
from atout.protocol.errors import ProtocolError
from atout.server.core import members as view
from atout.server.core.conns import Bucket, Conn
from atout.server.core.fields import SEAT_FIELDS, pick
from atout.server.core.limits import CoreLimits
from atout.server.core.status import Status, Timer
from atout.server.storage import record as r
from atout.server.storage.store import TableStore

log = logging.getLogger("atout.server")

EVICT_AFTER = 600.0  # seconds a finished table stays in memory (rematch, late watchers)
#: Seconds the committed seats of a full table have to reveal their nonces (clients do it at
#: once; the time lets a dropped one reconnect). Then the table is aborted, naming the seats
#: that did not: withholding a nonce can only abort a table, never choose its deal.
REVEAL_SECONDS = 30.0


class Host(Protocol):
    """What a table actor is given by the game master that holds it."""

    store: TableStore
    limits: CoreLimits
    entropy: Callable[[int], bytes]
    conns: dict[int, Conn]  # read: who a member is (language, texts)
    out: list[tuple[int, m.Message]]
    leak_guard: bool

    moves_applied: int
    chat: bool  # free chat relayed (atout serve --chat)
    now: float  # the time of the request or tick being handled

    def send(self, conn: int, msg: m.Message) -> None: ...
    def reply(self, c: Conn, req: m.Message, cls: type[m.Message], body: Any) -> None: ...
    def push(self, when: float, t: TableActor, kind: Timer, arg: int = -1) -> None: ...
    def bot_move(self, t: TableActor, seat: int) -> Any: ...
    def cancel_bot(self, t: TableActor) -> None: ...
    def table(self, tid: str) -> TableActor | None: ...
    def make_rematch(self, t: TableActor, now: float) -> None: ...
    def game_ended(self, t: TableActor, now: float) -> None: ...


@dataclass(slots=True)
class Seat:
    index: int
    name: str = ""
    bot: str | None = None
    token_hash: str | None = None
    conn: int | None = None
    gone: float | None = None  # when its player's connection went (None: here, or a bot)
    away: bool = False  # gone for longer than the grace period: a bot plays it meanwhile
    nonce: str | None = None  # its contribution to the seed (record.derive_seed); revealed
    nonce_by: str | None = None  # "client", "server" (its client committed to none) or "bot"
    nonce_commitment: str | None = None  # sent with the seat; its nonce comes with the reveal
    account: str | None = None  # the account holding it (its name); None: a guest or a bot

    @property
    def taken(self) -> bool:
        return self.bot is not None or self.token_hash is not None

    @property
    def rated(self) -> bool:
        """An account's seat, or one the game master's bots hold from before the start."""
        return self.account is not None or self.nonce_by == "bot"


@dataclass(slots=True)
class TableActor:
    """One table: its seats, its game, its members, its record."""

    host: Host
    id: str
    game: Game[Any]
    players: int
    options: dict[str, Any]
    settings: m.CreateTableBody
    created: float
    seats: list[Seat]
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
    seq: int = 0
    spectators: set[int] = field(default_factory=set)
    turn_deadline: float | None = None
    bots: dict[int, tuple[str, Any]] = field(default_factory=dict)  # seat -> (kind, bot)
    rematch_votes: set[int] = field(default_factory=set)
    rematch_of: str | None = None
    rematch: str | None = None
    result: dict[str, Any] | None = None
    owner: tuple[int, str | None] | None = None  # (connection, address) that created it
    fill_at: float | None = None  # quick play: when seated players may fill_bots
    quick: bool = False  # opened by quick_play (not kept across a restart)
    talk: dict[Any, Bucket] = field(default_factory=dict)  # reaction and chat limits per member
    # Once finished and stored: the final version, with ``history`` and ``moves`` dropped (the
    # store holds them; a late watcher's catch-up reads them back)
    archived: int | None = None
    # when its time-out timer fires: one at a time, kept from turn to turn (see schedule)
    timeout_at: float | None = None
    addresses: list[str] = field(init=False, repr=False)  # each seat's "to" ("TABLE/SEAT")
    # the legal moves listed in the mover's update, with the state and move they belong to:
    # the mover's next move is checked against the same list, not worked out again
    legal_memo: tuple[State[Any], int, list[Any]] | None = field(default=None, repr=False)
    # the catch-ups made at the current version (members.caught_up): emptied by every move
    # and by the archive, so never stale
    catch_ups: dict[tuple[int, int | None, str | None], list[Any]] = field(
        default_factory=dict, repr=False
    )

    def __post_init__(self) -> None:
        self.addresses = [f"{self.id}/{i}" for i in range(self.players)]

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

    def archive(self) -> None:
        """Its record is stored: keep only what a rematch or a late watcher needs at hand (its
        events are ~10-30x the rest, read back on demand)."""
        self.archived, self._history, self._moves = self.version, [], []
        self.catch_ups.clear()

    def unarchive(self) -> None:
        """Read an archived table's moves and events back from the store."""
        rec = self.host.store.load(self.id)
        if rec is None or len(rec.moves) != self.archived:
            raise ProtocolError(
                "server.internal", "The table's record is missing.", "L'archive manque."
            )
        self.state, self.history = replay(rec)
        self.moves, self.archived = rec.moves, None

    # ============================================================== timers (the host's queue)
    def push(self, when: float, kind: Timer, arg: int = -1) -> None:
        self.host.push(when, self, kind, arg)

    def due(self, version: int, kind: Timer, arg: int, now: float) -> bool:
        """One timer's work (not EVICT: leaving memory is the host's); True if it made a move."""
        if kind is Timer.EXPIRE:
            if self.status != Status.WAITING:
                return False
            if self.reveal_at is None:
                log.info("table %s: nobody started it in time; closed", self.id)
                self.close(now, Status.CLOSED)
            elif now >= self.reveal_at - 1e-6:  # its seats' time to reveal is up
                self.withhold(now)
            return False
        if kind is Timer.AWAY or kind is Timer.ABANDON:
            if self.status == Status.PLAYING:
                self.check_gone(kind, arg, now)
            return False
        if kind is Timer.TIMEOUT:
            return self.timed_out(now)
        if self.status != Status.PLAYING or self.version != version or self.state is None:
            return False
        seat = self.state.current
        if seat is None:
            return False
        if kind is Timer.BOT and self.bot_plays(seat):
            move = self.host.bot_move(self, seat)
            if move is None:  # a search, running in the pool
                return False
            self.play(seat, move, now, "bot", None)
            return True
        return False

    def timed_out(self, now: float) -> bool:
        """Its time-out timer fired: the default move if the turn's time is up; if the game
        moved on since the timer was set, the timer is set again for the new deadline."""
        self.timeout_at = None
        deadline, state = self.turn_deadline, self.state
        if self.status != Status.PLAYING or state is None or deadline is None:
            return False
        if now < deadline:
            self.timeout_at = deadline
            self.push(deadline, Timer.TIMEOUT)
            return False
        seat = state.current
        if seat is None:
            return False
        self.play(seat, state.default_move(), now, "timeout", None)
        return True

    def schedule(self, now: float) -> None:
        """The next turn's timer: a bot's move after the delay, or the turn's time limit."""
        state = self.state
        if state is None or state.current is None:
            self.turn_deadline = None
            return
        if self.bot_plays(state.current):
            self.turn_deadline = None
            delay = max(self.settings.bot_delay, self.host.limits.min_bot_delay)
            self.push(now + delay, Timer.BOT)
        elif self.settings.turn_seconds > 0:
            self.turn_deadline = now + self.settings.turn_seconds
            # one timer per table, not one per move: a pending one that fires no later stays
            # and, when it fires, waits again for the deadline of that moment (timed_out)
            if self.timeout_at is None or self.timeout_at > self.turn_deadline:
                self.timeout_at = self.turn_deadline
                self.push(self.turn_deadline, Timer.TIMEOUT)
        else:
            self.turn_deadline = None

    # ============================================================== life
    def fail(self, now: float) -> None:
        """Its own work raised: log it once with the table id, close this table alone."""
        log.exception("table %s: its work failed; the table is closed (aborted)", self.id)
        try:
            self.close(now, Status.ABORTED)
        except Exception:
            log.exception("table %s: could not be closed cleanly", self.id)
            self.status = Status.ABORTED

    def close(self, now: float, status: Status) -> None:
        """End without a result (aborted: it failed; closed: expired or abandoned): stored so
        that it is not resumed, announced to its members, evicted later."""
        self.status = status
        self.turn_deadline = None
        self.host.cancel_bot(self)
        self.host.store.end(self.id, status.value, now, self.moves)
        view.broadcast_table(self)
        self.push(now + EVICT_AFTER, Timer.EVICT)

    def maybe_autostart(self, now: float) -> None:
        if (
            self.status == Status.WAITING
            and self.settings.autostart
            and all(s.taken for s in self.seats)
        ):
            self.start(now)

    def start(self, now: float) -> None:
        """Every seat is taken: the deal, once each seat that committed to a nonce has revealed
        it (:meth:`ask_reveals`); at once if none did."""
        if self.secret is None:  # never: tables get their secret at the creation or the recovery
            self.commit_secret(r.new_secret(self.host.entropy(32)))
        if self.reveal_at is not None:  # asked already
            return
        if self.pending_reveals():
            self.ask_reveals(now)
        else:
            self.deal(now)

    # -- commit-reveal: no nonce leaves a seat before every seat has committed
    def pending_reveals(self) -> list[int]:
        """Seats that committed to a nonce not revealed yet."""
        return [s.index for s in self.seats if s.nonce_commitment is not None and s.nonce is None]

    def ask_reveals(self, now: float) -> None:
        """Ask every member's committed seats to reveal, within :data:`REVEAL_SECONDS` (the
        table can no longer be left meanwhile: its seats are fixed until the deal)."""
        self.reveal_at = now + REVEAL_SECONDS
        self.push(self.reveal_at, Timer.EXPIRE)
        self.announce_reveals(now)

    def announce_reveals(self, now: float) -> None:
        view.broadcast(self, lambda to: view.reveal_ask(self, to, self.seq, now))

    def reveal(self, seat: Seat, nonce: str, now: float) -> None:
        """``seat``'s nonce, checked against its commitment by the caller; the last one deals."""
        seat.nonce, seat.nonce_by = nonce, "client"
        self.host.store.set_seat(self.id, seat_record(seat))
        if self.pending_reveals():
            self.announce_reveals(now)
        else:
            self.deal(now)

    def withhold(self, now: float) -> None:
        """The time to reveal is up: the table ends without a deal, naming the seats that did
        not reveal (their nonces never counted, so withholding chose nothing)."""
        self.withheld = self.pending_reveals()
        self.reveal_at = None
        log.info("table %s: seats %s withheld their nonces; aborted", self.id, self.withheld)
        self.close(now, Status.ABORTED)

    def deal(self, now: float) -> None:
        """Deal: the seed is derived from the secret committed at the creation and every seat's
        nonce (:func:`record.derive_seed`), each fixed before any other was known."""
        self.reveal_at = None
        nonces = self.nonces()
        seed = r.derive_seed(self.secret, nonces)  # type: ignore[arg-type]
        self.state = self.game.setup(self.players, self.options, r.seed_int(seed))
        self.seed = seed
        self.status = Status.PLAYING
        dealt = r.start_events(self.state)
        self.history = [dealt]
        self.host.store.start(self.id, seed, self.commitment or "", now)
        self.schedule(now)
        body = m.StartedBody(
            table=self.id,
            commitment=self.commitment or "",
            seats=view.seat_infos(self),
            nonces=nonces,
            commitments=[s.nonce_commitment for s in self.seats],
        )
        view.broadcast(self, lambda to: m.Started(sender=m.GM, to=to, seq=self.seq, body=body))
        view.send_updates(self, dealt, None, now)

    def play(
        self, seat: int, move: Any, now: float, how: str, reply: tuple[int, int | None] | None
    ) -> None:
        """Apply a move (checked by the game), record it, then announce it to every member."""
        state = self.state
        assert state is not None
        memo = self.legal_memo
        legal = memo[2] if memo and memo[0] is state and memo[1] == state.move_count else None
        events = state.apply(seat, move, legal)  # raises IllegalMove with nothing changed
        rec = r.MoveRecord(seat=seat, move=msgspec.to_builtins(move), t=now, how=how)  # type: ignore[arg-type]
        self._moves.append(_move_packer.encode(rec))
        if how == "timeout":
            events = [Event("timeout", seat, {"move": rec.move}), *events]
        self._history.append(_pack_events(events))
        if self.catch_ups:  # made for the version before
            self.catch_ups.clear()
        self.host.moves_applied += 1
        self.host.store.add_move(self.id, self.version, rec)
        finished = state.current is None
        if not finished:
            self.schedule(now)
        view.send_updates(self, events, reply, now)
        if finished:
            self.finish(now)

    def finish(self, now: float) -> None:
        state = self.state
        assert state is not None
        res = state.result()
        self.result = r.jsonable(res) if res is not None else {}
        self.status = Status.FINISHED
        self.turn_deadline = None
        # the rematch's secret, committed now: the players' commitments come with their votes
        self.next_secret = r.new_secret(self.host.entropy(32))
        self.host.store.finish(self.id, self.result, now, self.moves)
        self.host.store.set_next_secret(self.id, self.next_secret)
        self.host.game_ended(self, now)
        view.broadcast(self, lambda to: view.game_over(self, to, self.seq))
        self.archive()
        self.push(now + EVICT_AFTER, Timer.EVICT)

    def bot_plays(self, seat: int) -> bool:
        s = self.seats[seat]
        return s.bot is not None or s.away

    # -- players gone: a bot plays their seat after a grace period; gone long, the table ends
    def gone(self, seat: Seat, now: float) -> None:
        """``seat``'s player has no connection any more (dropped, or a server restart)."""
        lim = self.host.limits
        seat.gone = now
        if lim.away_after > 0:
            self.push(now + lim.away_after, Timer.AWAY, seat.index)
        if lim.abandon_after > 0:
            self.push(now + lim.abandon_after, Timer.ABANDON)

    def check_gone(self, kind: Timer, arg: int, now: float) -> None:
        lim = self.host.limits
        humans = [s for s in self.seats if s.bot is None]
        if kind is Timer.ABANDON:
            if humans and all(
                s.gone is not None and now - s.gone >= lim.abandon_after - 1e-6 for s in humans
            ):
                log.info(
                    "table %s: every player gone for %.0f s; closed", self.id, lim.abandon_after
                )
                self.close(now, Status.CLOSED)
            return
        seat = self.seats[arg]
        gone = seat.gone
        if seat.bot is None and gone is not None and not seat.away:
            if now - gone < lim.away_after - 1e-6:
                return
            seat.away = True
            view.broadcast_table(self)
            if self.state is not None and self.state.current == seat.index:
                self.schedule(now)

    def back(self, seat: Seat, now: float) -> None:
        """``seat``'s player is back: the bot stops playing for it."""
        was_away = seat.away
        seat.gone, seat.away = None, False
        playing = self.status == Status.PLAYING and self.state is not None
        if was_away and playing and self.state.current == seat.index:  # type: ignore[union-attr]
            self.schedule(now)

    @property
    def rated(self) -> bool:
        """Every seat taken so far is an account's or the game master's bots' (at the end:
        every seat): its result then moves the accounts' ratings."""
        taken = [s for s in self.seats if s.taken]
        return bool(taken) and all(s.rated for s in taken)

    def next_seq(self) -> int:
        """A number for a table frame sent to one member only: seq never repeats for anyone."""
        self.seq += 1
        return self.seq

    # ============================================================== fair deals and the record
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

    def nonces(self) -> list[str]:
        """Every seat's nonce in seat order (a seat without one, which a table of an older
        database may have, gets the game master's now)."""
        for s in self.seats:
            if s.nonce is None:
                by = "bot" if s.bot is not None else "server"
                s.nonce, s.nonce_by = r.bot_nonce(self.secret or "", s.index), by
                self.host.store.set_seat(self.id, seat_record(s))
        return [s.nonce or "" for s in self.seats]


def seat_record(s: Seat) -> r.SeatRecord:
    return r.SeatRecord(seat=s.index, nonce_commitment=s.nonce_commitment, **pick(s, *SEAT_FIELDS))


def replay(rec: r.TableRecord) -> tuple[State[Any], list[list[Event]]]:
    """:func:`record.replay`, with the timeout events the table announced put back."""
    state, history = r.replay(rec)
    for mv, step in zip(rec.moves, history[1:], strict=True):
        if mv.how == "timeout":
            step.insert(0, Event("timeout", mv.seat, {"move": mv.move}))
    return state, history


def closed(t: TableActor) -> ProtocolError:
    return ProtocolError(
        "table.closed",
        f"This table was closed ({t.status}): it ended without a result.",
        f"Cette table a été fermée ({t.status}) : elle s'est terminée sans résultat.",
    )


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
