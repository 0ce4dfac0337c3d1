"""A table's record: everything needed to rebuild its state, prove the deal fair and replay it.

The record is (game, players, options, secret, seats with their nonces, seed, moves). The state
is never stored: it is rebuilt by :func:`replay`, which is how the server recovers after a crash
and how ``atout verify`` checks a finished game.

Fair deals (format 3, ``atout-record/3``): the game master draws a ``secret`` when the table is
created and publishes ``commitment = sha256("atout-secret:" + secret)`` at once; every player's
client commits to a ``nonce`` when it takes its seat (``join``, ``quick_play``, a ``rematch``
vote) by sending only ``nonce_commitment = sha256("atout-nonce:" + nonce)``
(:func:`nonce_commitment`); a seat the game master gives a nonce (a bot, or a client that
committed to none) gets the one the secret fixes (:func:`bot_nonce`). Only when every seat is
taken does the game master ask the committed seats to reveal their nonces; once every reveal is
in and matches its commitment, the seed is
``sha256("atout-seed/2:" + secret + ":" + nonce_0 + ":" + … + nonce_{n-1})`` (:func:`derive_seed`).
Every input of the seed is thus fixed before anyone but its owner knows any other: nobody, the
game master included, chooses the deal. Format 2 (``atout-record/2``) took each nonce in the
clear with the seat (no commitments) and drew a nonce for a client that sent none; format 1
(``atout-record/1``) had no nonces: the seed was drawn by the game master and committed as
``sha256("atout-seed:" + seed)``. :func:`verify` still checks both by their rules.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any, Literal

import msgspec

from atout.games import get_game
from atout.games.base import AtoutError, Event, State
from atout.protocol.status import Status

RECORD_FORMAT_1 = "atout-record/1"  # the seed drawn by the game master alone
RECORD_FORMAT_2 = "atout-record/2"  # the seed from the secret and nonces given in the clear
RECORD_FORMAT = "atout-record/3"  # the same, every player's nonce committed to before any reveal
FORMATS = (RECORD_FORMAT_1, RECORD_FORMAT_2, RECORD_FORMAT)
NONCE_CHARS = frozenset("0123456789abcdef")


class SeatRecord(msgspec.Struct, kw_only=True, omit_defaults=True):
    seat: int
    name: str = ""
    bot: str | None = None
    token_hash: str | None = None  # sha256 of the seat token; never exported
    nonce: str | None = None  # this seat's contribution to the seed (formats 2 and 3)
    # who gave it: the player's client; the game master for a client that committed to none
    # (format 3: fixed by the secret; that seat trusts the game master); a server-seated bot
    nonce_by: Literal["client", "server", "bot"] | None = None
    # format 3: sha256("atout-nonce:" + nonce), sent by the client with the seat; the nonce
    # itself (the reveal) comes only once every seat has committed
    nonce_commitment: str | None = None
    account: str | None = None  # the account holding the seat (its name); None: a guest or a bot


class MoveRecord(msgspec.Struct, kw_only=True, omit_defaults=True):
    seat: int
    move: dict[str, Any]
    t: float = 0.0
    how: Literal["player", "timeout", "bot"] = "player"


class TableRecord(msgspec.Struct, kw_only=True, omit_defaults=True):
    # the default is format 1: records exported before format 2 have no "format" field
    format: str = RECORD_FORMAT_1
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
    secret: str | None = None  # formats 2, 3: the game master's secret (exported once finished)
    deck: list[str] | None = None
    moves: list[MoveRecord] = []
    result: dict[str, Any] | None = None
    rematch_of: str | None = None
    rematch: str | None = None
    # the secret already committed (in game_over) for this table's rematch; never exported
    next_secret: str | None = None


def jsonable(x: Any) -> Any:
    """``x`` as plain JSON data (lists, not tuples), as it reads back from the store."""
    return msgspec.json.decode(msgspec.json.encode(x))


def new_seed(entropy: bytes) -> str:
    """A seed as 32 hex digits (128 bits: unguessable, so the commitment needs no salt)."""
    return entropy.hex()


def commitment(seed: str) -> str:
    """Format 1's commitment, published at the start: ``sha256("atout-seed:" + seed)``."""
    return hashlib.sha256(f"atout-seed:{seed}".encode()).hexdigest()


def new_secret(entropy: bytes) -> str:
    """The game master's secret for one table: 64 hex digits (256 bits)."""
    return entropy.hex()


def secret_commitment(secret: str) -> str:
    """The commitment published when the table is created: ``sha256("atout-secret:" + secret)``."""
    return hashlib.sha256(f"atout-secret:{secret}".encode()).hexdigest()


def nonce_commitment(nonce: str) -> str:
    """A client's commitment to its nonce, sent with its seat: ``sha256("atout-nonce:" + nonce)``."""
    return hashlib.sha256(f"atout-nonce:{nonce}".encode()).hexdigest()


def derive_seed(secret: str, nonces: list[str]) -> str:
    """The seed of a format-2 or format-3 table: ``sha256("atout-seed/2:" + secret + ":" + nonce_0 + ":" + …)``
    over every seat's nonce in seat order (64 hex digits)."""
    text = "atout-seed/2:" + ":".join([secret, *nonces])
    return hashlib.sha256(text.encode()).hexdigest()


def bot_nonce(secret: str, seat: int) -> str:
    """The nonce of a seat the game master gives one: a bot's, and (format 3) a seat whose client
    committed to none. Fixed by the commitment (``sha256("atout-bot-nonce:" + secret + ":" +
    seat)``, first 32 hex digits), so the game master cannot choose it after seeing the players'
    nonces."""
    return hashlib.sha256(f"atout-bot-nonce:{secret}:{seat}".encode()).hexdigest()[:32]


def check_nonce(nonce: str) -> bool:
    """A nonce is 32 to 64 lowercase hex digits (16 to 32 random bytes)."""
    return 32 <= len(nonce) <= 64 and set(nonce) <= NONCE_CHARS


def seed_int(seed: str) -> int:
    return int(seed, 16)


def bot_seed(seed: str | None, seat: int, version: int = 0) -> int:
    """The one formula for a server-seated bot's generator: the table's seed, the seat, and
    the state version for a search run afresh in a worker (0: the bot kept by the table)."""
    return seed_int(seed or "0") * 31 + seat + 1_000_003 * version


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

    Formats 2 and 3: the secret matches the commitment, every seat has a nonce, every nonce
    matches the seat's commitment where it has one, and the seed is the one the secret and the
    nonces give; format 3 also asks a commitment of every client's nonce and, of every seat the
    game master gave a nonce (a bot, a client that committed to none), the one the secret fixes
    (format 2: of the bots' alone). Format 1: the seed matches its commitment. All: the deck
    recorded is the one the seed deals, every move was legal for the seat whose turn it was, and
    the result follows.
    """
    problems: list[str] = []
    if rec.format not in FORMATS:
        return [f"unknown record format {rec.format!r}"]
    if rec.seed is None or rec.commitment is None:
        return [*problems, "no seed or no commitment: the game did not start or is not finished"]
    if rec.format == RECORD_FORMAT_1:
        if commitment(rec.seed) != rec.commitment:
            problems.append("the seed does not match the commitment published at the start")
    else:
        problems += _check_derivation(rec)
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
    if rec.status == Status.FINISHED and got != rec.result:
        problems.append(f"the moves lead to result {got}, the record says {rec.result}")
    return problems


def _check_derivation(rec: TableRecord) -> list[str]:
    """Formats 2 and 3: the secret, the commitments, the nonces and the seed agree."""
    if rec.secret is None:
        return ["record without the game master's secret"]
    problems = []
    if secret_commitment(rec.secret) != rec.commitment:
        problems.append("the secret does not match the commitment published at the creation")
    seats = sorted(rec.seats, key=lambda s: s.seat)
    if [s.seat for s in seats] != list(range(rec.players)):
        return [*problems, "the record does not list every seat"]
    nonces = [s.nonce for s in seats]
    missing = [s.seat for s in seats if s.nonce is None or not check_nonce(s.nonce)]
    if missing:
        return [*problems, f"seats {missing} have no valid nonce"]
    for s in seats:
        problems += _check_seat(rec, s)
    if derive_seed(rec.secret, nonces) != rec.seed:  # type: ignore[arg-type]
        problems.append("the seed is not the one the secret and the nonces give")
    return problems


def _check_seat(rec: TableRecord, s: SeatRecord) -> list[str]:
    """One seat's nonce against its commitment, or against the secret if the game master
    gave it."""
    assert rec.secret is not None and s.nonce is not None
    by_gm = s.nonce_by == "bot" or (rec.format == RECORD_FORMAT and s.nonce_by == "server")
    if s.nonce_commitment is not None:
        if by_gm or s.nonce_by != "client":
            return [f"seat {s.seat}: a commitment, but a nonce the client did not give"]
        if nonce_commitment(s.nonce) != s.nonce_commitment:
            return [f"seat {s.seat}: the nonce revealed does not match the seat's commitment"]
        return []
    if rec.format == RECORD_FORMAT and s.nonce_by not in ("server", "bot"):
        return [f"seat {s.seat}: a client's nonce without the commitment it was sent with"]
    if by_gm and s.nonce != bot_nonce(rec.secret, s.seat):
        who = "the bot's" if s.nonce_by == "bot" else "the game master's"
        return [f"seat {s.seat}: {who} nonce is not the one the secret fixes"]
    return []


def trusted_seats(rec: TableRecord) -> list[int]:
    """Seats whose nonce the game master gave (their client committed to none): they added no
    chance of their own, so with only such seats and the game master's bots it could have
    chosen the deal."""
    return [s.seat for s in rec.seats if s.nonce_by == "server"]


def export_record(rec: TableRecord) -> TableRecord:
    """The public form of a record: no token hashes, no rematch secret; the secret, the seed and
    the deck only when it is finished (the commitments are public from the seat, the nonces from
    the start).
    """
    seats = [
        SeatRecord(
            seat=s.seat,
            name=s.name,
            bot=s.bot,
            nonce=s.nonce,
            nonce_by=s.nonce_by,
            nonce_commitment=s.nonce_commitment,
        )
        for s in rec.seats
    ]
    deck = None
    done = rec.status == Status.FINISHED
    if done and rec.seed is not None:
        deck = dealt_order(rec.game, rec.players, rec.options, rec.seed)
    return msgspec.structs.replace(
        rec,
        seats=seats,
        deck=deck,
        seed=rec.seed if done else None,
        secret=rec.secret if done else None,
        next_secret=None,
    )


def dumps(rec: TableRecord) -> bytes:
    return msgspec.json.format(msgspec.json.encode(rec), indent=2)


def loads(data: bytes | str) -> TableRecord:
    return msgspec.json.decode(data, type=TableRecord)
