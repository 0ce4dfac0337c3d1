"""A table that acts: its timers, its start (commit-reveal, then the deal), its moves, its
finish, and its players gone and back.

A :class:`TableActor` runs its timers when the game master says they are due (a seated bot's
move, a turn time-out, a player away or gone), deals, applies moves, finishes, and writes its
own journal to the store (a table is rebuilt elsewhere by replaying it:
:func:`atout.server.core.restore.from_record`). What it is (its seats, members, journal) is its
:class:`~atout.server.core.table.Table`; what its members ask of it is handled in
:mod:`~atout.server.core.seating`, its talk and rematch votes; what they are told is built in
:mod:`~atout.server.core.told`. Sans I/O: tested alone with a fake host
(``tests/server/test_table.py``).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import msgspec

from atout.games.base import Event
from atout.server.core import told
from atout.server.core.members import Seat
from atout.server.core.status import Status, Timer
from atout.server.core.table import Table
from atout.server.storage import record as r

log = logging.getLogger("atout.server")

EVICT_AFTER = 600.0  # seconds a finished table stays in memory (rematch, late watchers)
#: Seconds the committed seats of a full table have to reveal their nonces (clients do it at
#: once; the time lets a dropped one reconnect). Then the table is aborted, naming the seats
#: that did not: withholding a nonce can only abort a table, never choose its deal.
REVEAL_SECONDS = 30.0


@dataclass(slots=True)
class TableActor(Table):
    """One table in its life: woken by its timers, started, played, finished."""

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
        told.table_changed(self)
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
    def ask_reveals(self, now: float) -> None:
        """Ask every member's committed seats to reveal, within :data:`REVEAL_SECONDS` (the
        table can no longer be left meanwhile: its seats are fixed until the deal)."""
        self.reveal_at = now + REVEAL_SECONDS
        self.push(self.reveal_at, Timer.EXPIRE)
        self.announce_reveals(now)

    def announce_reveals(self, now: float) -> None:
        self.members.broadcast(lambda to, seq: told.reveal_ask(self, to, seq, now))

    def reveal(self, seat: Seat, nonce: str, now: float) -> None:
        """``seat``'s nonce, checked against its commitment by the caller; the last one deals."""
        seat.nonce, seat.nonce_by = nonce, "client"
        self.save_seat(seat)
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
        told.started(self, nonces)
        told.send_updates(self, dealt, None, now)

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
        if how == "timeout":
            events = [Event("timeout", seat, {"move": rec.move}), *events]
        self.record_step(rec, events)
        self.host.moves_applied += 1
        self.host.store.add_move(self.id, self.version, rec)
        finished = state.current is None
        if not finished:
            self.schedule(now)
        told.send_updates(self, events, reply, now)
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
        self.members.broadcast(lambda to, seq: told.game_over(self, to, seq))
        self.archive()
        self.push(now + EVICT_AFTER, Timer.EVICT)

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
            told.table_changed(self)
            if self.state is not None and self.state.current == seat.index:
                self.schedule(now)

    def back(self, seat: Seat, now: float) -> None:
        """``seat``'s player is back: the bot stops playing for it."""
        was_away = seat.away
        seat.gone, seat.away = None, False
        playing = self.status == Status.PLAYING and self.state is not None
        if was_away and playing and self.state.current == seat.index:  # type: ignore[union-attr]
            self.schedule(now)
