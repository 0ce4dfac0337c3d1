"""The one interface every game implements.

A game is two things:

* a :class:`Game` object (one per module, named ``GAME``) that describes it — id, titles, player
  range, typed options, its move types — and creates states with :meth:`Game.setup`;
* a :class:`State` subclass holding one table's position. Only one seat acts at a time
  (:attr:`State.current`); :meth:`State.legal_moves` is the single source of legality and
  :meth:`State.apply` refuses anything it would not list.

Everything that crosses a boundary is plain data, declared once per game as ``msgspec.Struct``
types: moves (tagged by ``type``), the kinds of events (:class:`EventData`, tagged by ``kind``)
and the per-seat view (:class:`View`), from which the view's field list (:class:`ViewSpec`), the
JSON Schemas (:meth:`Game.schemas`) and the JSON-ready forms sent on the wire are derived. Chance is
explicit: each state owns a ``random.Random`` seeded at setup, so the same seed (or stacked deck)
and the same moves always give the same states.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, Generic, Literal, NamedTuple, Self, TypeVar

import msgspec
import msgspec.inspect as mi

from atout.cards import CODE_PATTERN, Card, card
from atout.games.errors import AtoutError as AtoutError  # where the server finds it
from atout.games.errors import BadOptions, IllegalMove
from atout.games.sentences import refuse, worded
from atout.locales import CATALOGUE, has, say

# --------------------------------------------------------------------------- errors


# --------------------------------------------------------------------------- plain data


class Event(msgspec.Struct, frozen=True, omit_defaults=True):
    """Something that happened, for UIs and logs.

    ``to`` is ``None`` for an event everyone may see (spectators included), or the only seats
    allowed to see it; ``hide`` lists seats that must not see it. A game that shows a card to some
    seats uses :func:`private`: the full event goes ``to`` them, a redacted twin to everybody else
    (other seats and spectators), so :func:`events_for` is the only filter anyone needs.
    """

    kind: str
    seat: int | None = None
    data: dict[str, Any] = {}
    to: tuple[int, ...] | None = None
    hide: tuple[int, ...] = ()

    @classmethod
    def of(
        cls,
        data: EventData,
        seat: int | None = None,
        to: tuple[int, ...] | None = None,
        hide: tuple[int, ...] = (),
    ) -> Event:
        """The event of typed ``data``: its kind is the data's tag, its ``data`` the fields in
        their JSON-ready form (a field at its default left out)."""
        fields = msgspec.to_builtins(data)
        del fields["kind"]
        return cls(data.__struct_config__.tag, seat, fields, to, hide)  # type: ignore[arg-type]

    def visible_to(self, seat: int | None) -> bool:
        if seat is None:
            return self.to is None
        return (self.to is None or seat in self.to) and seat not in self.hide


class EventData(
    msgspec.Struct, frozen=True, omit_defaults=True, forbid_unknown_fields=True, tag_field="kind"
):
    """Base of one kind of event's data, declared once in the game's module: a subclass names
    the kind as its tag and declares the fields (``class Played(EventData, tag="play"): cards:
    list[CardCode]``). Games build events with :meth:`Event.of`; a client reads one typed with
    :meth:`Game.typed_event`. A field with a default is left out while it holds it."""

    @property
    def kind(self) -> str:
        return str(self.__struct_config__.tag)


class Timeout(EventData, tag="timeout"):
    """The game master played ``move`` (its JSON form) for a seat whose time ran out."""

    move: dict[str, Any] | None = None


class Earlier(EventData, tag="earlier"):
    """A catch-up cut to its latest steps: ``steps`` earlier ones are left out."""

    steps: int


#: The game master's own kinds of event, the same in every game.
MASTER_EVENTS: tuple[type[EventData], ...] = (Timeout, Earlier)


def private(
    data: EventData, redacted: EventData, seat: int | None, seen_by: tuple[int, ...]
) -> list[Event]:
    """The same event twice: ``data`` for ``seen_by``, ``redacted`` for everyone else."""
    return [Event.of(data, seat, to=seen_by), Event.of(redacted, seat, hide=seen_by)]


def events_for(events: Sequence[Event], seat: int | None) -> list[Event]:
    """The events ``seat`` may see (``None`` is a spectator)."""
    return [e for e in events if e.visible_to(seat)]


class Result(msgspec.Struct, frozen=True):
    """How a game ended. ``winners`` may hold several seats (a shared win)."""

    winners: tuple[int, ...]
    reason: str
    scores: tuple[float, ...] = ()
    losers: tuple[int, ...] = ()
    detail: dict[str, Any] = {}


class SimpleMove(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    """Base of a move with no parameter (``draw``, ``pass``): a subclass gives only its tag
    (``class Draw(SimpleMove, tag="draw")``), which is also its readable form."""

    def __str__(self) -> str:
        return str(self.__struct_config__.tag)


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Base for a game's options. Subclasses declare fields with defaults and
    ``Annotated[..., msgspec.Meta(description=...)]`` so the lobby can list and explain them."""


# --------------------------------------------------------------------------- the view, typed

#: What a view field holds, so a client can draw any game's view without knowing the game:
#:
#: * ``cards``: card codes (``["QH", "10S"]``; a pile: its last cards matter most);
#: * ``card_groups``: lists of card codes (laid pairs: ``[["5H", "5D"], ["KC", "KS"]]``);
#: * ``card_seats``: ``[code, seat]`` pairs: cards and the seat known to hold each;
#: * ``card_count``: how many cards (a stock, a discard pile, a hand);
#: * ``number``: any other count or total;
#: * ``flag``: true or false (false says nothing);
#: * ``seat``: a seat number (``null``: nobody); ``seats``: a list of seat numbers;
#: * ``choice``: one of the strings in ``values``, each with its words;
#: * ``direction``: ``1`` clockwise, ``-1`` anticlockwise;
#: * ``colour``: ``"red"`` or ``"black"`` (``null``: none);
#: * ``score_table``: rows (one per deal), each ``{"scores": [a number per seat], "out": seat or
#:   null, ...}``; the label names one row ("Deal" → "Deal 1");
#: * ``text``: a string shown as it is.
FieldKind = Literal[
    "cards",
    "card_groups",
    "card_seats",
    "card_count",
    "number",
    "flag",
    "seat",
    "seats",
    "choice",
    "direction",
    "colour",
    "score_table",
    "text",
]

#: Keys every view has, whatever the game; the interface's, so no game declares them: ``game``
#: (its id), ``players``, ``seat`` (the viewer; ``null``: a spectator), ``turn`` (the seat to
#: act; ``null``: over), ``move`` (moves made), ``options``, ``hand`` (the viewer's cards, seated
#: viewers only) and ``result`` (once over).
COMMON_VIEW_KEYS = ("game", "players", "seat", "turn", "move", "options", "hand", "result")


class Field(msgspec.Struct, frozen=True, omit_defaults=True):
    """One field of a game's view: where it is, what it holds, what to call it.

    ``key`` is the view's key, or a dotted path into a nested object (``phase.dealer``).
    ``per_seat``: the value holds one such value per seat, a list indexed by seat or an object
    keyed by the seat's number as a string (``{"0": [...], "1": [...]}``); a client shows each
    on that seat's line. ``values`` (a ``choice``): each possible value's words.
    """

    key: str
    kind: FieldKind
    en: str
    fr: str
    per_seat: bool = False
    values: dict[str, tuple[str, str]] = {}

    def label(self, lang: str) -> str:
        return self.fr if lang == "fr" else self.en


class Shown(NamedTuple):
    """A field of a view as declared: its kind and the catalogue's messages that name it."""

    kind: FieldKind
    words: str
    per_seat: bool
    values: dict[str, str]

    def field(self, key: str) -> Field:
        """The field as clients read it: its words said in English and French."""
        en, fr = (_label(lang, self.words) for lang in ("en", "fr"))
        values = {v: (_label("en", m), _label("fr", m)) for v, m in self.values.items()}
        return Field(key, self.kind, en, fr, self.per_seat, values)


def _label(lang: str, msg_id: str) -> str:
    """A field's words (its message id while a game's words are not yet in the catalogue: a
    game from outside the package adds them when it is registered)."""
    return say(lang, msg_id) if has(lang, msg_id) else msg_id


def shows(
    kind: FieldKind,
    words: str,
    *,
    per_seat: bool = False,
    values: dict[str, str] | None = None,
) -> msgspec.Meta:
    """What a field of a game's :class:`View` shows clients: its kind and its words, a message
    of the catalogue, as ``Annotated[list[CardCode], shows("cards", "q2j-view-top")]``
    (``values``: each value of a ``choice`` with its message). The game's :class:`ViewSpec` is
    read from these (:func:`spec_of`); a field without one (the options) is not drawn."""
    shown = Shown(kind, words, per_seat, dict(values or {}))
    return msgspec.Meta(
        description=_label("en", words), extra={"shown": shown}, extra_json_schema={"x-kind": kind}
    )


class ViewSpec(msgspec.Struct, frozen=True):
    """A game's view declared: ``fields`` of :meth:`State.view` (besides
    :data:`COMMON_VIEW_KEYS`), in the order to show them; ``detail``: the fields of its
    ``result.detail``."""

    fields: tuple[Field, ...] = ()
    detail: tuple[Field, ...] = ()

    def keys(self) -> set[str]:
        """The top-level view keys the fields cover (``phase`` for ``phase.dealer``)."""
        return {f.key.split(".", 1)[0] for f in self.fields}


class View(msgspec.Struct, frozen=True, omit_defaults=True):
    """Base of a game's view: what one seat may see (``seat`` null: a spectator), declared once
    in the game's module as a subclass whose fields carry :func:`shows`. Hidden information is
    only ever a count (``hand_sizes``). :meth:`State.observe` returns it typed; :meth:`State.view`
    is its JSON-ready form, the one sent on the wire. A field with a default (``hand`` for a
    spectator, ``result`` while the game goes on) is left out while it holds it.

    Every view starts with these keys: ``game`` (its id), ``players``, ``seat`` (the viewer),
    ``turn`` (the seat to act; null: over) and ``move`` (moves made)."""

    game: str
    players: int
    seat: int | None
    turn: int | None
    move: int


def spec_of(view_type: type[View], detail_type: type[msgspec.Struct] | None = None) -> ViewSpec:
    """The :class:`ViewSpec` a view declares: each field marked with :func:`shows`, in the
    order declared (a nested Struct's fields as dotted keys: ``phase.dealer``)."""
    detail = _declared(detail_type) if detail_type is not None else ()
    return ViewSpec(_declared(view_type), detail)


def _declared(struct: type[msgspec.Struct], prefix: str = "") -> tuple[Field, ...]:
    info = mi.type_info(struct)
    assert isinstance(info, mi.StructType)
    out: list[Field] = []
    for f in info.fields:
        key = prefix + f.encode_name
        t = f.type
        if isinstance(t, mi.Metadata) and t.extra and "shown" in t.extra:
            out.append(t.extra["shown"].field(key))
        elif isinstance(t, mi.StructType):
            out.extend(_declared(t.cls, key + "."))
    return tuple(out)


class _Declared:
    """A game's :attr:`Game.view_spec` read from its declared view when first asked, and again
    once the catalogue changes: its words are said then (a game from outside the package adds
    its words when it is registered, after its module is imported)."""

    def __get__(self, game: Any, cls: type[Game[Any]]) -> ViewSpec:
        got = _SPECS.get(cls)
        if got is None:
            view = cls.view_type
            got = _SPECS[cls] = ViewSpec() if view is None else spec_of(view, cls.detail_type)
        return got


_SPECS: dict[type, ViewSpec] = {}
CATALOGUE.on_change.append(_SPECS.clear)


O = TypeVar("O", bound=Options)  # noqa: E741
S = TypeVar("S", bound="State[Any]")


def option_specs(options_type: type[Options]) -> list[dict[str, Any]]:
    """Name, type schema, default and description of each option, from the Struct itself."""
    schema = msgspec.json.schema(options_type)
    props = schema["$defs"][options_type.__name__]["properties"]
    defaults = msgspec.to_builtins(options_type())
    out = []
    for name, prop in props.items():
        out.append({"name": name, "default": defaults[name], **prop})
    return out


# --------------------------------------------------------------------------- the interface


class State(ABC, Generic[O]):
    """One table's position. Mutable: :meth:`apply` changes it in place; use :meth:`clone`
    to branch (bots, search).

    Subclasses call this constructor (or set ``num_players``, ``options`` and ``rng``
    themselves), keep ``move_count`` up to date through :meth:`apply`, ``seat`` on the seat to
    act and ``_result`` on the result once there is one.
    """

    game: ClassVar[Game[Any]]
    num_players: int
    options: O
    rng: random.Random
    move_count: int = 0
    hands: list[list[Card]]
    seat: int = 0
    _result: Result | None = None
    _start_events: Sequence[Event] = ()

    def __init__(self, players: int, options: O, rng: random.Random) -> None:
        """What every table holds at first: no move made, an empty hand per seat, no result."""
        self.num_players = players
        self.options = options
        self.rng = rng
        self.move_count = 0
        self.hands = [[] for _ in range(players)]
        self._result = None
        self._start_events = []

    # -- whose turn, what is legal -------------------------------------------------------
    @property
    def current(self) -> int | None:
        """The seat that must act now (``seat``), or ``None`` when the game is over."""
        return None if self._result is not None else self.seat

    @abstractmethod
    def legal_moves(self) -> list[Any]:
        """Every move the current seat may make (empty when the game is over)."""

    def is_legal(self, move: Any) -> bool:
        """Whether :meth:`legal_moves` holds ``move``: the only test :meth:`apply` makes. A game
        overrides it only with a cheaper membership test of the same list (never other rules)."""
        return move in self.legal_moves()

    # -- changing the state --------------------------------------------------------------
    def apply(self, seat: int, move: Any, legal: list[Any] | None = None) -> list[Event]:
        """Apply ``move`` for ``seat`` and return what happened.

        Raises :class:`IllegalMove` (state unchanged) if ``seat`` may not act or the move is not
        legal. The checks run before anything is changed. ``legal``: this very position's
        complete :meth:`legal_moves`, when the caller has them already (the game master lists
        them in the mover's update), so they are not worked out a second time.
        """
        current = self.current
        if current is None:
            raise refuse("game_over", "refused-game-over")
        if seat != current:
            raise refuse(
                "not_your_turn", "refused-not-your-turn", current=str(current), seat=str(seat)
            )
        if legal is None:
            self.check(move)
        elif move not in legal:
            raise self.refusal(move)
        events = self._apply(move)
        self.move_count += 1
        return events

    def apply_unchecked(self, move: Any) -> None:
        """Apply a move known to be legal, skipping the checks and the events' use: for search
        playouts on *sampled* states, whose policy builds only legal moves (tests prove it)."""
        self._apply(move)
        self.move_count += 1

    def check(self, move: Any) -> None:
        """Raise :class:`IllegalMove` if ``move`` is not one of :meth:`legal_moves` (tested by
        :meth:`is_legal`); the error is :meth:`refusal`'s, which only explains."""
        if not self.is_legal(move):
            raise self.refusal(move)

    @abstractmethod
    def refusal(self, move: Any) -> IllegalMove:
        """Why a move :meth:`is_legal` refused is not legal, with the most precise code. Called
        only for a refused move: it explains, it never decides."""

    @abstractmethod
    def _apply(self, move: Any) -> list[Event]:
        """Apply a move already checked."""

    # -- what each seat sees -------------------------------------------------------------
    def observe(self, seat: int | None) -> View:
        """What ``seat`` may see (``None``: a spectator), typed: the game's :class:`View`, its
        :meth:`public_view` with the seat's :meth:`own_view`. The one gate for hidden
        information."""
        public = self._public()[0]
        if seat is None:
            return public
        return msgspec.structs.replace(public, seat=seat, **self.own_view(seat))

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see, JSON-ready: :meth:`observe` in builtins, the wire's form (the
        public part converted once per move). A game without a declared view writes this
        instead, from :meth:`view_head` and :meth:`view_result`."""
        out = dict(self._public()[1])
        if seat is not None:
            out["seat"] = seat
            out.update(msgspec.to_builtins(self.own_view(seat)))
        return out

    def public_view(self) -> View:
        """What every seat sees of the position: the game's :class:`View` for a spectator
        (start it with :meth:`head`). Built once per move; its per-seat fields, declared last
        with defaults, are :meth:`own_view`'s."""
        raise NotImplementedError(f"{type(self).__name__} declares no typed view")

    def own_view(self, seat: int) -> dict[str, Any]:
        """The fields only ``seat`` sees (``{"hand": [...]}``), by name: the view's last ones."""
        return {"hand": [c.code for c in self.hands[seat]]}

    def head(self, game_id: str) -> dict[str, Any]:
        """The fields every :class:`View` starts with, for a spectator: ``View(**head, …)``."""
        cur, n = self.current, self.move_count
        return {"game": game_id, "players": self.num_players, "seat": None, "turn": cur, "move": n}

    def _public(self) -> tuple[View, dict[str, Any]]:
        """:meth:`public_view` and its builtins, once per move (a state changed other than by
        a move must be a new copy: :meth:`clone`)."""
        memo = self.__dict__.get("_view_memo")
        if memo is None or memo[0] != self.move_count:
            public = self.public_view()
            memo = self._view_memo = (self.move_count, public, msgspec.to_builtins(public))
        return memo[1], memo[2]

    def view_head(self, game_id: str, seat: int | None) -> dict[str, Any]:
        """For a game that writes its :meth:`view` by hand: the keys a view starts with. The game
        adds its own keys (and ``hand`` for a seat), then calls :meth:`view_result`."""
        cur, n = self.current, self.move_count
        return {"game": game_id, "players": self.num_players, "seat": seat, "turn": cur, "move": n}

    def shared_view(self, seat: int | None, build: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        """A shallow copy of what every seat's view of this move shares (``build()``, once per
        move: a state changed other than by a move must be a new copy, :meth:`clone`)."""
        memo = self.__dict__.get("_shared_view")
        if memo is None or memo[0] != self.move_count:
            memo = self._shared_view = (self.move_count, build())
        out = dict(memo[1])
        out["seat"] = seat
        return out

    def view_result(self, out: dict[str, Any]) -> dict[str, Any]:
        """``out`` with the ``result`` key added once the game is over."""
        if self._result is not None:
            out["result"] = msgspec.to_builtins(self._result)
        return out

    @abstractmethod
    def secret_cards(self, seat: int | None) -> set[Card]:
        """Cards whose whereabouts ``seat`` cannot know: its views and events must never name
        them. Used by the no-leak tests and the server's leak guard."""

    @abstractmethod
    def all_cards(self) -> Iterator[Card]:
        """Every card in every zone, for the conservation tests."""

    # -- the end -------------------------------------------------------------------------
    def result(self) -> Result | None:
        """How the game ended, or ``None`` while it goes on."""
        return self._result

    @property
    def is_over(self) -> bool:
        return self.current is None

    def clone(self) -> Self:
        """An independent copy (including the random generator)."""
        new = self._clone()
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        return new

    @abstractmethod
    def _clone(self) -> Self:
        """Copy the game-specific fields; :meth:`clone` copies ``rng``."""

    def _copy(self) -> Self:
        """A shallow copy with hands of its own: for :meth:`_clone`, which then copies the
        game's other mutable fields (its lists, sets and dicts)."""
        new = copy.copy(self)
        new.hands = [list(h) for h in self.hands]
        new.__dict__.pop("_shared_view", None)  # a copy may be changed without a move
        new.__dict__.pop("_view_memo", None)
        return new

    def start_events(self) -> list[Event]:
        """What the deal showed (face-up cards, first player…), announced when the table starts."""
        return list(self._start_events)

    def default_move(self) -> Any:
        """The move the game master makes for a seat that ran out of time (documented per game).
        By default the first legal move."""
        return self.legal_moves()[0]


def _stacked_card(code: Any) -> Card:
    """The card a stacked deck names by ``code``; else ``bad_deck`` naming it (a deck comes
    from a caller, a record or a test, and a code that is no card is their mistake, not a bug)."""
    try:
        return card(code)
    except (ValueError, AttributeError, TypeError):
        raise BadOptions("bad_deck", *worded("refused-bad-deck-card", code=repr(code))) from None


@cache
def _union(types: tuple[type[msgspec.Struct], ...]) -> Any:
    u: Any = types[0]
    for t in types[1:]:
        u = u | t
    return u


@cache
def _kinds(types: tuple[type[EventData], ...]) -> frozenset[str]:
    return frozenset(str(t.__struct_config__.tag) for t in types)


class Game(ABC, Generic[O]):
    """Describes a game and builds its states."""

    id: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Options: ClassVar[type[Options]]
    move_types: ClassVar[tuple[type[msgspec.Struct], ...]]
    #: The per-seat view, declared (:class:`View`); ``None``: a game whose :meth:`State.view`
    #: is written by hand, with its :attr:`view_spec` written out too.
    view_type: ClassVar[type[View] | None] = None
    #: The fields of its result's ``detail``, declared like the view's.
    detail_type: ClassVar[type[msgspec.Struct] | None] = None
    #: The kinds of event it emits (:class:`EventData`), besides the game master's own.
    event_types: ClassVar[tuple[type[EventData], ...]] = ()
    #: The view's fields, typed; published with the game list so clients draw any game. Read
    #: from :attr:`view_type` when the game declares one, when first asked (its words said).
    view_spec: ClassVar[ViewSpec] = _Declared()  # type: ignore[assignment]

    def title(self, lang: str = "en") -> str:
        """The game's name in ``lang``: its catalogue's ``<id>-title`` (its id until a game from
        outside the package has its words added)."""
        msg = f"{self.id}-title"
        return say(lang, msg) if has(lang, msg) else self.id

    @property
    def titles(self) -> dict[str, str]:
        """The game's name in English and French, as ``list_games`` carries it."""
        return {lang: self.title(lang) for lang in ("en", "fr")}

    def parse_options(self, options: O | dict[str, Any] | None = None) -> O:
        """Typed options from a dict (or ``None`` for the defaults). Raises :class:`BadOptions`."""
        if options is None:
            return self.Options()  # type: ignore[return-value]
        if isinstance(options, self.Options):
            return options  # type: ignore[return-value]
        try:
            return msgspec.convert(options, self.Options)  # type: ignore[return-value]
        except msgspec.ValidationError as e:
            raise BadOptions("bad_options", *worded("refused-bad-options", why=str(e))) from e

    def parse_move(self, data: Any) -> Any:
        """A typed move from JSON-like data (``{"type": "play", "cards": ["QH"]}``)."""
        if isinstance(data, self.move_types):
            return data
        try:
            return msgspec.convert(data, _union(self.move_types))
        except msgspec.ValidationError as e:
            raise refuse("bad_move", "refused-bad-move", why=str(e)) from e

    def move_union(self) -> Any:
        return _union(self.move_types)

    def event_union(self) -> Any:
        """The union of its kinds of event and the game master's, tagged by ``kind``."""
        return _union((*self.event_types, *MASTER_EVENTS))

    def event_kinds(self) -> frozenset[str]:
        """Every kind of event it may emit, the game master's included."""
        return _kinds((*self.event_types, *MASTER_EVENTS))

    def typed_event(self, event: Event) -> EventData:
        """``event``'s data as its declared type (``{"kind": …, **data}`` converted). Raises
        ``ValueError`` for a kind the game does not declare or data that does not fit it."""
        try:
            return msgspec.convert(  # type: ignore[no-any-return]
                {**event.data, "kind": event.kind}, self.event_union()
            )
        except msgspec.ValidationError as e:
            raise ValueError(f"{self.id}: event {event.kind!r} is not as declared: {e}") from e

    def as_view(self, view: View | dict[str, Any]) -> View:
        """A view typed: ``view`` itself, or its JSON form converted to :attr:`view_type`."""
        if isinstance(view, View):
            return view
        assert self.view_type is not None, f"{self.id} declares no typed view"
        return msgspec.convert(view, self.view_type)

    def schemas(self) -> dict[str, Any]:
        """JSON Schemas read from the declarations: ``options``, ``move`` (tagged by ``type``),
        ``event`` (an event's data with its ``kind``: ``{"kind": "play", "cards": […]}``) and
        ``view`` (when declared)."""
        out = {
            "options": msgspec.json.schema(self.Options),
            "move": msgspec.json.schema(self.move_union()),
            "event": msgspec.json.schema(self.event_union()),
        }
        if self.view_type is not None:
            out["view"] = msgspec.json.schema(self.view_type)
        return out

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            least, most = self.min_players, self.max_players
            said = worded("refused-player-count", game=self.titles, least=least, most=most)
            raise BadOptions("bad_player_count", *said)

    def setup(
        self,
        players: int,
        options: O | dict[str, Any] | None = None,
        seed: int = 0,
        deck: Sequence[str | Card] | None = None,
    ) -> State[O]:
        """A new game. ``deck`` stacks the deck: the cards in dealing order (first card dealt
        first), which must be exactly this game's deck for this player count; otherwise the
        deck is shuffled with ``seed``. Later chance (reshuffles) always uses ``seed``."""
        self.check_players(players)
        opts = self.parse_options(options)
        rng = random.Random(seed)
        full = self.deck(players, opts)
        if deck is None:
            order = list(full)
            rng.shuffle(order)
        else:
            order = [c if isinstance(c, Card) else _stacked_card(c) for c in deck]
            if sorted(c.code for c in order) != sorted(c.code for c in full):
                raise BadOptions("bad_deck", *worded("refused-bad-deck"))
        return self._setup(players, opts, rng, order)

    @abstractmethod
    def deck(self, players: int, options: O) -> list[Card]:
        """The cards this game uses for this many players."""

    @abstractmethod
    def _setup(self, players: int, options: O, rng: random.Random, order: list[Card]) -> State[O]:
        """Deal ``order`` (already shuffled or stacked)."""

    def determinize(self, view: dict[str, Any], rng: random.Random) -> State[O]:
        """A full state consistent with everything ``view`` shows, hidden cards sampled with
        ``rng``. Search bots plan on such samples, so they never see what their seat cannot.
        The sample's own random generator is fresh (future chance is unknown too)."""
        raise NotImplementedError(f"{self.id} cannot sample hidden information yet")

    #: The game's words: a module with ``describe(event, lang, you)`` and ``describe_move(move,
    #: lang)`` (``atout.games.q2j_text``); ``None``: events and moves in their raw form.
    text: ClassVar[Any] = None
    #: Where a game from outside this package keeps what is not code: its words,
    #: ``words/<lang>/*.ftl`` (added to the catalogue when it is registered), and its rules
    #: pages, ``rules/<id>.md`` and ``rules/<id>.fr.md`` (served as the package's are). ``None``:
    #: the package's own (``atout/locales``, ``docs/rules``).
    home: ClassVar[Path | None] = None

    def describe(self, event: Event, lang: str = "en", you: int | None = None) -> str:
        """A sentence a UI can show for an event (the game master's ``timeout`` and ``earlier``
        included), told to the player at seat ``you``: what they did or were done to is said in
        the second person ("You draw…"); ``None`` (a spectator, a replay) names every seat."""
        if event.kind == "timeout":
            from atout.games.sentences import timeout  # the words import this module

            return timeout(self, event, lang, you)
        if event.kind == "earlier":
            from atout.games.sentences import earlier

            return earlier(event, lang)
        if self.text is None:
            return f"{event.kind} {event.data}"
        if self.event_types and event.kind not in self.event_kinds():
            raise LookupError(f"{self.id} declares no event {event.kind!r}")
        return str(self.text.describe(event, lang, you))

    def describe_move(self, move: Any, lang: str = "en") -> str:
        """The move in words (``str(move)`` for a game without words)."""
        if self.text is None:
            return str(move)
        return str(self.text.describe_move(move, lang))

    def option_specs(self) -> list[dict[str, Any]]:
        return option_specs(self.Options)

    def facts(self) -> dict[str, Any]:
        """What a client needs to know of the rules to help a player without judging a move
        (Le Quinze's card values, to add up a selection), published so that none re-implements
        them. JSON-ready; none by default."""
        return {}

    def move_fields(self) -> dict[str, dict[str, list[str]]]:
        """Each move type's fields by what they hold, from the declarations: ``cards`` (card
        codes, typed :data:`~atout.cards.CardCode`) and ``choices`` (anything else the player
        picks: a position, a colour, a seat)."""
        return {str(t.__struct_config__.tag): _fields_of(t) for t in self.move_types}

    def rules_summary(self) -> dict[str, Any]:
        """The game as ``list_games`` publishes it: everything a client needs to offer, draw and
        help play it without knowing it."""
        return {
            "id": self.id,
            "titles": self.titles,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": self.option_specs(),
            "view_spec": msgspec.to_builtins(self.view_spec),
            "move_fields": self.move_fields(),
            "card_pattern": CODE_PATTERN,
            "facts": self.facts(),
        }


def _fields_of(move_type: type[msgspec.Struct]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {"cards": [], "choices": []}
    info = mi.type_info(move_type)
    assert isinstance(info, mi.StructType)
    for f in info.fields:
        out["cards" if _holds_cards(f.type) else "choices"].append(f.encode_name)
    return out


def _holds_cards(t: mi.Type) -> bool:
    """Whether a field's type is a card code, or a collection or option of them."""
    if isinstance(t, mi.Metadata):
        pattern = (t.extra_json_schema or {}).get("pattern")
        return pattern == f"^(?:{CODE_PATTERN})$" or _holds_cards(t.type)
    if isinstance(t, mi.ListType | mi.VarTupleType | mi.SetType | mi.FrozenSetType):
        return _holds_cards(t.item_type)
    if isinstance(t, mi.UnionType):
        return any(_holds_cards(x) for x in t.types)
    return False
