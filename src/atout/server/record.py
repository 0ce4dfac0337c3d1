"""A table's record: everything needed to rebuild its state, prove the deal fair and replay it.

The record is (game, players, options, seed, seats, moves). The state is never stored: it is
rebuilt by :func:`replay`, which is how the server recovers after a crash and how
``atout verify`` checks a finished game.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any, Literal

import msgspec

from atout.games import get_game
from atout.games.base import AtoutError, Event, State

RECORD_FORMAT = "atout-record/1"


class SeatRecord(msgspec.Struct, kw_only=True, omit_defaults=True):
    seat: int
    name: str = ""
    bot: str | None = None
    token_hash: str | None = None  # sha256 of the seat token; never exported


class MoveRecord(msgspec.Struct, kw_only=True, omit_defaults=True):
    seat: int
    move: dict[str, Any]
    t: float = 0.0
    how: Literal["player", "timeout", "bot"] = "player"


class TableRecord(msgspec.Struct, kw_only=True, omit_defaults=True):
    format: str = RECORD_FORMAT
    table: str
    game: str
    players: int
    options: dict[str, Any] = {}
    settings: dict[str, Any] = {}
    status: Literal["waiting", "playing", "finished", "aborted", "closed"] = "waiting"
    created: float = 0.0
    started: float | None = None
    finished: float | None = None
    seats: list[SeatRecord] = []
    seed: str | None = None
    commitment: str | None = None
    deck: list[str] | None = None
    moves: list[MoveRecord] = []
    result: dict[str, Any] | None = None
    rematch_of: str | None = None
    rematch: str | None = None


def jsonable(x: Any) -> Any:
    """``x`` as plain JSON data (lists, not tuples), as it reads back from the store."""
    return msgspec.json.decode(msgspec.json.encode(x))


def new_seed(entropy: bytes) -> str:
    """A seed as 32 hex digits (128 bits: unguessable, so the commitment needs no salt)."""
    return entropy.hex()


def commitment(seed: str) -> str:
    """The SHA-256 commitment published at the start: ``sha256("atout-seed:" + seed)``."""
    return hashlib.sha256(f"atout-seed:{seed}".encode()).hexdigest()


def seed_int(seed: str) -> int:
    return int(seed, 16)


def dealt_order(game_id: str, players: int, options: dict[str, Any], seed: str) -> list[str]:
    """The deck in dealing order for this seed: what :meth:`Game.setup` deals from."""
    game = get_game(game_id)
    opts = game.parse_options(options)
    rng = random.Random(seed_int(seed))
    order = list(game.deck(players, opts))
    rng.shuffle(order)
    return [c.code for c in order]


def start_events(state: State[Any]) -> list[Event]:
    fn = getattr(state, "start_events", None)
    return list(fn()) if fn is not None else []


def replay(rec: TableRecord) -> tuple[State[Any], list[list[Event]]]:
    """The state after every recorded move, and the events of each step (index 0: the deal).

    Raises :class:`AtoutError` if a recorded move is refused by the rules.
    """
    if rec.seed is None:
        raise AtoutError("record.not_started", "The record has no seed: the game never started.")
    game = get_game(rec.game)
    state = game.setup(rec.players, rec.options, seed_int(rec.seed))
    history = [start_events(state)]
    for i, m in enumerate(rec.moves):
        if state.current != m.seat:
            raise AtoutError(
                "record.wrong_seat",
                f"Move {i + 1}: seat {m.seat} played but it was seat {state.current}'s turn.",
            )
        history.append(state.apply(m.seat, game.parse_move(m.move)))
    return state, history


def verify(rec: TableRecord) -> list[str]:
    """Every problem found in a finished record (empty: the record is sound).

    Checks that the seed matches the commitment, that the deck recorded is the one the seed
    deals, that every move was legal for the seat whose turn it was, and that the result follows.
    """
    problems: list[str] = []
    if rec.format != RECORD_FORMAT:
        problems.append(f"unknown record format {rec.format!r}")
    if rec.seed is None or rec.commitment is None:
        return [*problems, "no seed or no commitment: the game did not start or is not finished"]
    if commitment(rec.seed) != rec.commitment:
        problems.append("the seed does not match the commitment published at the start")
    try:
        order = dealt_order(rec.game, rec.players, rec.options, rec.seed)
    except AtoutError as e:
        return [*problems, f"cannot deal: {e.message}"]
    if rec.deck is not None and rec.deck != order:
        problems.append("the recorded deal is not the one the seed gives")
    try:
        state, _ = replay(rec)
    except AtoutError as e:
        return [*problems, f"illegal record: {e.message}"]
    result = state.result()
    got = jsonable(result) if result is not None else None
    if rec.status == "finished" and got != rec.result:
        problems.append(f"the moves lead to result {got}, the record says {rec.result}")
    return problems


def export_record(rec: TableRecord) -> TableRecord:
    """The public form of a record: no token hashes, the deck spelled out when it is finished."""
    seats = [SeatRecord(seat=s.seat, name=s.name, bot=s.bot) for s in rec.seats]
    deck = None
    if rec.status == "finished" and rec.seed is not None:
        deck = dealt_order(rec.game, rec.players, rec.options, rec.seed)
    seed = rec.seed if rec.status == "finished" else None
    return msgspec.structs.replace(rec, seats=seats, deck=deck, seed=seed)


def dumps(rec: TableRecord) -> bytes:
    return msgspec.json.format(msgspec.json.encode(rec), indent=2)


def loads(data: bytes | str) -> TableRecord:
    return msgspec.json.decode(data, type=TableRecord)
