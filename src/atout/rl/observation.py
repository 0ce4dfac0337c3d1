"""A game's observation vector, derived from its declared view: no game writes one.

Each field the game declares for clients (its :class:`~atout.games.base.ViewSpec`, read from its
:class:`~atout.games.base.View`'s ``shows(...)`` or written by hand) becomes a segment by its
kind, over the game's own deck for this table (:meth:`Game.deck`) and its seats counted from the
observer (0 is the observer, 1 the next seat…), so one policy serves every seat:

=============  ====================================================================
kind           segment
=============  ====================================================================
cards          a multi-hot plane over the deck (one per seat when per seat)
card_groups    one plane of every card in the groups, then the number of groups
               (per seat when per seat, ÷ the deck's size)
card_seats     ``[card, seat]`` pairs: one plane per seat
card_count     the count ÷ the deck's size (per seat when per seat)
number         :func:`squash` of the number (per seat when per seat)
flag           1 or 0
seat, seats    one-hot (multi-hot) over the seats; none: all zeros
choice         one-hot over its declared values (a ``Literal`` of the view's type
               when the spec names none); colour likewise (red, black)
direction      1 when clockwise
score_table,   left out (the totals a score sheet adds up are fields of their own)
text
=============  ====================================================================

They come after the viewer's ``hand`` (a plane) and ``turn`` (the seat to act, one-hot), in the
declared order; then, for an action space that builds a move card by card (Le Quinze's fifteens),
the cards selected so far (a plane); last the table's options, constant for the environment
(a flag, one-hot for a choice, an int between its bounds scaled to [0, 1], :func:`squash` without
an upper bound). Every entry is in [−1, 1].

The vector is built from the seat's view alone (its JSON form, as sent on the wire) and the
seat's own selection, so it cannot hold what the view hides.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import msgspec
import msgspec.inspect as mi
import numpy as np

from atout.games.base import Field, Game, Options

#: What :func:`squash` maps to 1: numbers in a view are counts, turns, points (2**16 is far).
SQUASH_BITS = 16.0

#: One segment's writer: (value, the observer's seat, offset, ones, indices, values).
Put = Callable[[Any, int, int, list[int], list[int], list[float]], None]


def squash(x: float) -> float:
    """A number of any size into [−1, 1], order and sign kept, small numbers apart:
    log2(1 + |x|) / 16 (1 for 65,535 and more)."""
    return math.copysign(min(1.0, math.log2(1.0 + abs(x)) / SQUASH_BITS), x)


class Observer:
    """The observation of one game for one table size and options: :meth:`encode` a view.

    ``selects``: the action space builds moves card by card, so the cards selected so far are
    part of the observation (:meth:`encode`'s ``selected``)."""

    def __init__(self, game: Game[Any], players: int, options: Options, selects: bool) -> None:
        self.players = players
        self.codes = list(dict.fromkeys(c.code for c in game.deck(players, options)))
        self.index = {code: i for i, code in enumerate(self.codes)}
        self.parts: list[tuple[str, tuple[str, ...], Put, int]] = []  # (key, path in it, …)
        self.card_spans: list[tuple[int, int]] = []  # (offset, planes)
        self.size = 0
        self.names: list[tuple[str, int]] = []  # (field, entries): what each segment is
        self._add(Field("hand", "cards", "", ""))
        self._add(Field("turn", "seat", "", ""))
        for f in game.view_spec.fields:
            self._add(f, _enum_of(game, f.key))
        self.selection_at = -1
        if selects:
            self.selection_at = self._span("(selection)", 1)
        consts = option_values(type(options), options)
        self.consts_at = self.size
        self.names.append(("options", len(consts)))
        self.size += len(consts)
        self.consts = np.array(consts, dtype=np.float32)

    def _span(self, name: str, planes: int) -> int:
        at = self.size
        self.card_spans.append((at, planes))
        self.names.append((name, planes * len(self.codes)))
        self.size += planes * len(self.codes)
        return at

    def _add(self, f: Field, enum: Sequence[Any] | None = None) -> None:
        made = _segment(f, self.players, self.index, enum)
        if made is None:
            return
        put, size, planes = made
        at = self.size
        if planes:
            self.card_spans.append((at, planes))
        key, *path = f.key.split(".")
        self.parts.append((key, tuple(path), put, at))
        self.names.append((f.key, size))
        self.size += size

    def encode(self, view: dict[str, Any], selected: Sequence[str] = ()) -> np.ndarray:
        """The float32 vector of ``view`` (a seat's JSON-ready view), with the cards the seat
        has selected so far."""
        me = view.get("seat") or 0
        ones: list[int] = []
        idx: list[int] = []
        vals: list[float] = []
        get = view.get
        for key, path, put, at in self.parts:
            v = get(key)
            for k in path:
                v = v.get(k) if v is not None else None
            if v is not None:
                put(v, me, at, ones, idx, vals)
        if selected:
            base = self.selection_at
            ones += [base + self.index[c] for c in selected]
        out = np.zeros(self.size, dtype=np.float32)
        out[ones] = 1.0
        out[idx] = vals
        out[self.consts_at :] = self.consts
        return out

    def card_planes(self, obs: np.ndarray) -> set[str]:
        """The cards an observation places somewhere (hand, table, another hand, the
        selection…): the no-leak tests check that none is secret to the seat."""
        d, found = len(self.codes), set()
        for at, planes in self.card_spans:
            rows = obs[at : at + planes * d].reshape(planes, d)
            found.update(self.codes[i] for i in np.nonzero(rows.any(axis=0))[0])
        return found


# --------------------------------------------------------------------------- the segments


def _segment(
    f: Field, n: int, index: dict[str, int], enum: Sequence[Any] | None
) -> tuple[Put, int, int] | None:
    """The writer of field ``f``, its size and how many card planes it holds (None: left
    out)."""
    d, per = len(index), f.per_seat
    seats = n if per else 1
    if f.kind == "cards":
        return _cards(n, d, index, per), seats * d, seats
    if f.kind == "card_groups":
        return _groups(n, d, index, per), d + seats, 1
    if f.kind == "card_seats":
        return _card_seats(n, d, index), n * d, n
    if f.kind in ("card_count", "number"):
        scale: Callable[[float], float] = squash if f.kind == "number" else (lambda x: x / d)
        return _numbers(n, per, scale), seats, 0
    if f.kind == "flag":
        return _flag, 1, 0
    if f.kind in ("seat", "seats"):
        return _seats(n, f.kind == "seats"), n, 0
    if f.kind in ("choice", "colour"):
        values = tuple(f.values) or tuple(enum or ("red", "black"))
        at = {v: i for i, v in enumerate(values)}
        return _choice(at), len(values), 0
    if f.kind == "direction":
        return _direction, 1, 0
    if f.kind in ("score_table", "text"):
        return None
    raise ValueError(f"no observation for a field of kind {f.kind!r} ({f.key})")


def _per_seat(v: Any, n: int) -> list[Any]:
    """A per-seat value by seat: a list, or an object keyed by the seat's number."""
    if isinstance(v, dict):
        return [v.get(str(s)) for s in range(n)]
    return v  # type: ignore[no-any-return]


def _cards(n: int, d: int, index: dict[str, int], per: bool) -> Put:
    def put(v: Any, me: int, at: int, ones: list[int], idx: list[int], vals: list[float]) -> None:
        if not per:
            ones += [at + index[c] for c in v]
            return
        for s, codes in enumerate(_per_seat(v, n)):
            if codes:
                base = at + (s - me) % n * d
                ones += [base + index[c] for c in codes]

    return put


def _groups(n: int, d: int, index: dict[str, int], per: bool) -> Put:
    def put(v: Any, me: int, at: int, ones: list[int], idx: list[int], vals: list[float]) -> None:
        rows = _per_seat(v, n) if per else [v]
        for s, groups in enumerate(rows):
            if groups:
                ones += [at + index[c] for g in groups for c in g]
                idx.append(at + d + ((s - me) % n if per else 0))
                vals.append(len(groups) / d)

    return put


def _card_seats(n: int, d: int, index: dict[str, int]) -> Put:
    def put(v: Any, me: int, at: int, ones: list[int], idx: list[int], vals: list[float]) -> None:
        ones += [at + (s - me) % n * d + index[c] for c, s in v]

    return put


def _numbers(n: int, per: bool, scale: Callable[[float], float]) -> Put:
    def put(v: Any, me: int, at: int, ones: list[int], idx: list[int], vals: list[float]) -> None:
        if not per:
            idx.append(at)
            vals.append(scale(v))
            return
        for s, x in enumerate(_per_seat(v, n)):
            idx.append(at + (s - me) % n)
            vals.append(scale(x or 0))

    return put


def _flag(v: Any, me: int, at: int, ones: list[int], idx: list[int], vals: list[float]) -> None:
    if v:
        ones.append(at)


def _direction(
    v: Any, me: int, at: int, ones: list[int], idx: list[int], vals: list[float]
) -> None:
    if v == 1:
        ones.append(at)


def _seats(n: int, many: bool) -> Put:
    def put(v: Any, me: int, at: int, ones: list[int], idx: list[int], vals: list[float]) -> None:
        ones.extend(at + (s - me) % n for s in (v if many else (v,)))

    return put


def _choice(at_of: dict[Any, int]) -> Put:
    def put(v: Any, me: int, at: int, ones: list[int], idx: list[int], vals: list[float]) -> None:
        k = at_of.get(v)
        if k is not None:
            ones.append(at + k)

    return put


# --------------------------------------------------------------------------- the declarations


def _enum_of(game: Game[Any], key: str) -> tuple[Any, ...] | None:
    """The values of a view field's ``Literal`` type (through nested structs and options),
    when the game declares its view as a type."""
    t: Any = mi.type_info(game.view_type) if game.view_type is not None else None
    for name in key.split("."):
        t = _unwrap(t)
        if not isinstance(t, mi.StructType):
            return None
        t = next((f.type for f in t.fields if f.encode_name == name), None)
    t = _unwrap(t)
    return t.values if isinstance(t, mi.LiteralType) else None


def _unwrap(t: Any) -> Any:
    """The type under its metadata, and under ``X | None``."""
    while True:
        if isinstance(t, mi.Metadata):
            t = t.type
        elif isinstance(t, mi.UnionType):
            rest = [u for u in t.types if not isinstance(u, mi.NoneType)]
            if len(rest) != 1:
                return t
            t = rest[0]
        else:
            return t


def option_values(kind: type[msgspec.Struct], options: msgspec.Struct) -> list[float]:
    """The options as numbers: a flag, one-hot for a choice, an int between its declared
    bounds in [0, 1] (:func:`squash` without an upper bound); other fields left out."""
    out: list[float] = []
    for f in mi.type_info(kind).fields:  # type: ignore[attr-defined]
        t, v = _unwrap(f.type), getattr(options, f.name)
        if isinstance(t, mi.BoolType):
            out.append(float(v))
        elif isinstance(t, mi.LiteralType):
            out.extend(float(v == x) for x in t.values)
        elif isinstance(t, mi.IntType | mi.FloatType):
            lo, hi = t.ge, t.le
            if lo is not None and hi is not None and hi > lo:
                out.append((v - lo) / (hi - lo))
            else:
                out.append(squash(v))
    return out
