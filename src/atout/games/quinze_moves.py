"""The moves of Le Quinze (:mod:`atout.games.quinze`), and :class:`LegalMoves`: the legal moves
of a table holding too many fifteens to list, as a lazy sequence."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import msgspec

from atout.cards import FACE_RANKS, Card, deck_108
from atout.games.base import IllegalMove, SimpleMove
from atout.games.common import code_spellings
from atout.games.fifteens import FifteenIndex, check_fifteen

_CODES = code_spellings(deck_108())  # "qh#2" -> "QH#2"


def _canonical(codes: tuple[str, ...]) -> tuple[str, ...]:
    """Card codes as a set: canonical spelling, sorted (duplicates kept, to be refused)."""
    get = _CODES.get
    return tuple(sorted(get(c, c) for c in codes))


class Fifteen(
    msgspec.Struct, frozen=True, tag="fifteen", tag_field="type", forbid_unknown_fields=True
):
    """Discard one fifteen: hand cards plus any table cards. The codes are a set: they are kept
    sorted, so any order names the same move; the Ace values are found by the game."""

    cards: tuple[str, ...]

    def __post_init__(self) -> None:
        msgspec.structs.force_setattr(self, "cards", _canonical(self.cards))

    def __str__(self) -> str:
        return "fifteen " + "+".join(self.cards)


class Lay(msgspec.Struct, frozen=True, tag="lay", tag_field="type", forbid_unknown_fields=True):
    """Lay one card face up on the table, or two face cards of the same rank; ends the turn."""

    cards: tuple[str, ...]

    def __post_init__(self) -> None:
        msgspec.structs.force_setattr(self, "cards", _canonical(self.cards))

    def __str__(self) -> str:
        return "lay " + " ".join(self.cards)


class Done(SimpleMove, tag="done"):
    """End the turn after making at least one fifteen."""


class Pass(SimpleMove, tag="pass"):
    """End the turn with nothing to do: no fifteen made and no card that may be laid."""


class NextDeal(SimpleMove, tag="deal"):
    """Between two deals of a match: the new dealer shuffles and deals."""


Move = Fifteen | Lay | Done | Pass | NextDeal
DONE, PASS, NEXT_DEAL = Done(), Pass(), NextDeal()
LAY_ONE = {c.code: Lay((c.code,)) for c in deck_108()}  # built once: lays are listed every turn

# --------------------------------------------------------------------------- very many fifteens

#: The most fifteens :meth:`QuinzeState.legal_moves` lists in a plain list.
LIST_LIMIT = 2000


def is_legal_fifteen(hand: Sequence[Card], table: Sequence[Card], codes: tuple[str, ...]) -> bool:
    """Whether the solver lists ``codes`` among the fifteens of ``hand`` and ``table``."""
    try:
        check_fifteen(hand, table, codes)
    except IllegalMove:
        return False
    return True


class LegalMoves(Sequence[Any]):
    """The legal moves of a position with very many fifteens, as a read-only sequence.

    The same moves as a plain list would hold (in :class:`FifteenIndex` order), but each
    fifteen is built only when asked for: ``len``, indexing (so ``random.choice`` works), iteration and ``in`` (which asks
    the solver's checker, the same one :meth:`QuinzeState.check` uses) stay cheap when a table
    of 100 cards holds millions of fifteens.
    """

    __slots__ = ("_extra", "_hand", "_index", "_table")

    def __init__(
        self,
        index: FifteenIndex,
        extra: list[Any],
        hand: tuple[Card, ...],
        table: tuple[Card, ...],
    ) -> None:
        self._index = index
        self._extra = extra
        self._hand = hand
        self._table = table

    def __len__(self) -> int:
        return len(self._index) + len(self._extra)

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        n = len(self._index)
        if i < 0:
            i += len(self)
        if 0 <= i < n:
            return Fifteen(tuple(c.code for c in self._index[i]))
        if n <= i < len(self):
            return self._extra[i - n]
        raise IndexError(i)

    def __iter__(self) -> Iterator[Any]:
        for f in self._index:
            yield Fifteen(tuple(c.code for c in f))
        yield from self._extra

    def __contains__(self, move: object) -> bool:
        if isinstance(move, Fifteen):
            return is_legal_fifteen(self._hand, self._table, move.cards)
        return move in self._extra

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=False))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<LegalMoves: {len(self._index)} fifteens and {self._extra}>"


def face_pairs(hand: list[Card]) -> list[tuple[str, str]]:
    """Every pair of same-rank face cards in ``hand``."""
    faces = [c for c in hand if c.rank in FACE_RANKS]
    out = []
    for i, a in enumerate(faces):
        for b in faces[i + 1 :]:
            if a.rank == b.rank:
                out.append((a.code, b.code))
    return out
