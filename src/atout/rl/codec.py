"""What turns one seat's decision into numbers and back: a fixed action space with its mask, and
the observation.

The observation is derived from the game's declared view for every game
(:class:`~atout.rl.observation.Observer`). The action space is derived from the game's move
types (:class:`MoveCodec`) unless the game has a codec of its own that adds what its moves need
(Q²J's Queen pairs as one action, Le Quinze's fifteens completed by a subset-sum, Le Pouilleux's
seats counted from the actor): :data:`atout.rl.env.CODECS`.

A codec never decides legality: the legal moves come from the game's :meth:`State.legal_moves`
(or, for Le Quinze's fifteens, from a completion index the tests prove equal to it), and every
move is applied by :meth:`State.apply`, which refuses anything the rules would not list.

Most actions *are* a move. A move that names a set of cards may instead be built by *selection*
actions, each adding one card and keeping the turn (:data:`SELECT`), then a confirmation; the
environment keeps the cards selected so far (``pending``) between them.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import msgspec
import msgspec.inspect as mi
import numpy as np

from atout.cards import CODE_PATTERN
from atout.games.base import Game, Options, State
from atout.rl.observation import Observer

#: The value an action maps to when it only extends a selection (the turn goes on).
SELECT = "select"

#: action -> the move it makes, or SELECT.
ActionTable = dict[int, Any]

#: The most actions one move type may take in a derived action space.
MAX_FORMS = 10_000

#: An action space as consecutive blocks: each block's first action and the words of its
#: ``k``-th action (``k`` counted from the block's first).
Blocks = tuple[tuple[int, Callable[[int], str]], ...]


class Codec:
    """One game's fixed action space for a given player count and options, and its
    observation (derived from the view).

    A game's own codec sets :attr:`num_actions` and :attr:`blocks` and implements
    :meth:`actions` and :meth:`actions_for` (with :attr:`selects` and :meth:`selected`)."""

    num_actions: int
    #: Whether some actions only select a card for a move being built.
    selects: bool = False
    #: Bounds of every observation entry.
    low: ClassVar[float] = -1.0
    high: ClassVar[float] = 1.0
    #: The action space block by block (the table of docs/bots.md), for :meth:`meaning`.
    blocks: ClassVar[Blocks] = ()

    def __init__(self, game: Game[Any], players: int, options: Options) -> None:
        self.game = game
        self.players = players
        self.options = options
        self.observer = Observer(game, players, options, self.selects)
        self.size = self.observer.size

    # -- actions -----------------------------------------------------------------------
    def actions(self, state: State[Any], pending: tuple[int, ...]) -> ActionTable:
        """Every legal action of the current seat and the move each makes (or :data:`SELECT`).
        Exactly one action per legal move (or per step towards one)."""
        raise NotImplementedError

    def actions_for(self, move: Any, seat: int) -> list[int]:
        """The actions that make ``move`` for ``seat`` from a decision with nothing selected:
        one action, or the selections then the confirmation."""
        raise NotImplementedError

    def extend(self, pending: tuple[int, ...], action: int) -> tuple[int, ...]:
        """The selection after the selection action ``action``."""
        return (*pending, action)

    def selected(self, pending: tuple[int, ...]) -> list[str]:
        """The card codes of a selection."""
        raise NotImplementedError(f"{self.game.id} has no selection actions")

    def meaning(self, action: int) -> str:
        """What ``action`` does, in words (relative seats: +1 is the next seat)."""
        for first, words in reversed(self.blocks):
            if action >= first:
                return words(action - first)
        raise ValueError(f"no action {action}")

    # -- observations ------------------------------------------------------------------
    def observe(self, view: dict[str, Any], pending: tuple[int, ...]) -> np.ndarray:
        """A float32 vector of :attr:`size` entries in [:attr:`low`, :attr:`high`], built from
        ``view`` (a seat's JSON-ready view) and the seat's own selection only."""
        return self.observer.encode(view, self.selected(pending) if pending else ())

    def card_planes(self, obs: np.ndarray) -> set[str]:
        """The cards an observation places somewhere (the no-leak tests' check)."""
        return self.observer.card_planes(obs)


# --------------------------------------------------------------------------- derived actions


class MoveCodec(Codec):
    """The action space read from the game's move types, for a game without a codec of its
    own. Each move type takes the product of its fields' values: a card code (typed
    :data:`~atout.cards.CardCode`) any card of the deck, a ``Literal`` its values, a bool two,
    an int its declared bounds (``msgspec.Meta(ge=…, le=…)``; else 0 to the deck's size), and
    ``None`` where allowed. A move type with one field holding several cards is built by
    selection: the cards one at a time in deck order (actions 0 … deck − 1, shared by every
    such type), then one confirmation per value of its other fields.

    Raises ``ValueError`` for a move type it cannot count (more than :data:`MAX_FORMS`
    forms, or a field of another type): such a game writes its codec."""

    def __init__(self, game: Game[Any], players: int, options: Options) -> None:
        self.codes = list(dict.fromkeys(c.code for c in game.deck(players, options)))
        self.index = {code: i for i, code in enumerate(self.codes)}
        limit = max(len(self.codes), game.max_players)
        self.forms: dict[type, _Forms] = {}
        selecting = False
        at = 0
        for t in game.move_types:
            forms = _Forms(t, self.codes, limit)
            selecting = selecting or forms.cards is not None
            self.forms[t] = forms
        if selecting:
            at = len(self.codes)  # the selection actions come first
        for forms in self.forms.values():
            forms.base = at
            at += forms.count
        self.num_actions = at
        self.selects = selecting
        super().__init__(game, players, options)

    def _path(self, move: Any, forms: _Forms) -> tuple[int, ...]:
        assert forms.cards is not None
        return tuple(sorted(self.index[c] for c in getattr(move, forms.cards)))

    def actions(self, state: State[Any], pending: tuple[int, ...]) -> ActionTable:
        out: ActionTable = {}
        k = len(pending)
        for m in state.legal_moves():
            forms = self.forms[type(m)]
            if forms.cards is None:
                if not pending:
                    _put(out, forms.action(m), m)
                continue
            path = self._path(m, forms)
            if path[:k] != pending:
                continue
            if len(path) > k:
                out[path[k]] = SELECT
            else:
                _put(out, forms.action(m), m)
        return out

    def actions_for(self, move: Any, seat: int) -> list[int]:
        forms = self.forms[type(move)]
        if forms.cards is None:
            return [forms.action(move)]
        return [*self._path(move, forms), forms.action(move)]

    def selected(self, pending: tuple[int, ...]) -> list[str]:
        return [self.codes[i] for i in pending]

    def meaning(self, action: int) -> str:
        if self.selects and action < len(self.codes):
            return f"select {self.codes[action]}"
        for forms in self.forms.values():
            if forms.base <= action < forms.base + forms.count:
                return forms.meaning(action - forms.base)
        raise ValueError(f"no action {action}")


def _put(out: ActionTable, action: int, move: Any) -> None:
    if out.get(action, move) != move:
        raise ValueError(f"two legal moves make action {action}: {out[action]} and {move}")
    out[action] = move


class _Forms:
    """One move type's actions: the product of its fields' values (its cards aside, when they
    are built by selection)."""

    def __init__(self, t: type[msgspec.Struct], codes: list[str], limit: int) -> None:
        self.tag = str(t.__struct_config__.tag)
        self.cards: str | None = None
        self.names: list[str] = []
        self.values: list[tuple[Any, ...]] = []
        for f in mi.type_info(t).fields:  # type: ignore[attr-defined]
            if _holds_cards(f.type):
                if self.cards is not None:
                    raise ValueError(f"move {self.tag!r}: two fields of cards; write a codec")
                self.cards = f.name
                continue
            self.names.append(f.name)
            self.values.append(_domain(f.type, codes, limit, f"{self.tag}.{f.name}"))
        self.at = [{v: i for i, v in enumerate(vs)} for vs in self.values]
        self.count = 1
        for vs in self.values:
            self.count *= len(vs)
        if self.count > MAX_FORMS:
            raise ValueError(
                f"move {self.tag!r} has {self.count} forms: bound its ints "
                "(msgspec.Meta(ge=…, le=…)) or write a codec"
            )
        self.base = 0

    def action(self, move: Any) -> int:
        a = 0
        for name, vs, at in zip(self.names, self.values, self.at, strict=True):
            a = a * len(vs) + at[getattr(move, name)]
        return self.base + a

    def meaning(self, k: int) -> str:
        combo = next(itertools.islice(itertools.product(*self.values), k, None))
        words = [f"{n}={v}" for n, v in zip(self.names, combo, strict=True)]
        return " ".join([self.tag, *(["(the cards selected)"] if self.cards else []), *words])


def _is_code(t: Any) -> bool:
    if isinstance(t, mi.Metadata):
        pattern = (t.extra_json_schema or {}).get("pattern")
        return pattern == f"^(?:{CODE_PATTERN})$" or _is_code(t.type)
    return False


def _holds_cards(t: Any) -> bool:
    """A field holding several card codes (a list, tuple or set of them)."""
    while isinstance(t, mi.Metadata):
        t = t.type
    kinds = mi.ListType | mi.VarTupleType | mi.SetType | mi.FrozenSetType
    return isinstance(t, kinds) and _is_code(t.item_type)


def _domain(t: Any, codes: list[str], limit: int, where: str) -> tuple[Any, ...]:
    """Every value a move field may take."""
    if _is_code(t):
        return tuple(codes)
    while isinstance(t, mi.Metadata):
        t = t.type
    if isinstance(t, mi.UnionType):
        return tuple(v for u in t.types for v in _domain(u, codes, limit, where))
    if isinstance(t, mi.NoneType):
        return (None,)
    if isinstance(t, mi.BoolType):
        return (False, True)
    if isinstance(t, mi.LiteralType):
        return tuple(t.values)
    if isinstance(t, mi.IntType):
        lo = t.ge if t.ge is not None else (t.gt + 1 if t.gt is not None else 0)
        hi = t.le if t.le is not None else (t.lt - 1 if t.lt is not None else limit - 1)
        return tuple(range(lo, hi + 1))
    raise ValueError(f"move field {where}: {type(t).__name__} cannot be counted; write a codec")


# --------------------------------------------------------------------------- helpers


def rel(seat: int | None, me: int | None, players: int) -> int | None:
    """``seat`` counted from ``me`` (0 is ``me``, 1 the next seat…); ``None`` stays ``None``."""
    if seat is None:
        return None
    return (seat - (me or 0)) % players


def card_index(deck: Sequence[Any]) -> dict[str, int]:
    return {c.code: i for i, c in enumerate(deck)}
