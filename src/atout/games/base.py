"""The one interface every game implements.

A game is two things:

* a :class:`Game` object (one per module, named ``GAME``) that describes it — id, titles, player
  range, typed options, its move types — and creates states with :meth:`Game.setup`;
* a :class:`State` subclass holding one table's position. Only one seat acts at a time
  (:attr:`State.current`); :meth:`State.legal_moves` is the single source of legality and
  :meth:`State.apply` refuses anything it would not list.

Everything that crosses a boundary is plain data: moves are tagged ``msgspec.Struct`` values,
events are :class:`Event` values, views and results are JSON-ready dicts/structs. Chance is
explicit: each state owns a ``random.Random`` seeded at setup, so the same seed (or stacked deck)
and the same moves always give the same states.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from functools import cache
from typing import Any, ClassVar, Generic, Self, TypeVar

import msgspec

from atout.cards import Card, card

# --------------------------------------------------------------------------- errors


class AtoutError(Exception):
    """Root of every error atout reports to a user. ``code`` is machine-readable and stable."""

    code: str = "error"

    def __init__(self, code: str, message: str, message_fr: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.message_fr = message_fr or message

    def text(self, lang: str = "en") -> str:
        return self.message_fr if lang == "fr" else self.message

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message, "message_fr": self.message_fr}


class IllegalMove(AtoutError):
    """A move the rules refuse. The state is left unchanged."""


class BadOptions(AtoutError):
    """Options that fail validation, or a player count the game does not support."""


def cards_in_hand(codes: Sequence[str], hand: Sequence[Card]) -> list[Card]:
    """The cards named by ``codes``, each once and all in ``hand``; else the precise refusal
    (``duplicate_card``, ``unknown_card``, ``card_not_in_hand``)."""
    if len(set(codes)) != len(codes):
        raise IllegalMove("duplicate_card", "The same card twice.", "La même carte deux fois.")
    out = []
    for code in codes:
        try:
            c = card(code)
        except ValueError:
            raise IllegalMove(
                "unknown_card", f"{code!r} is not a card.", f"{code!r} n'est pas une carte."
            ) from None
        if c not in hand:
            raise IllegalMove(
                "card_not_in_hand",
                f"{c.name()} is not in your hand.",
                f"{c.name('fr')} n'est pas dans votre main.",
            )
        out.append(c)
    return out


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

    def visible_to(self, seat: int | None) -> bool:
        if seat is None:
            return self.to is None
        return (self.to is None or seat in self.to) and seat not in self.hide


def private(
    kind: str,
    seat: int | None,
    data: dict[str, Any],
    redacted: dict[str, Any],
    seen_by: tuple[int, ...],
) -> list[Event]:
    """The same event twice: in full for ``seen_by``, redacted for everyone else."""
    return [Event(kind, seat, data, to=seen_by), Event(kind, seat, redacted, hide=seen_by)]


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


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Base for a game's options. Subclasses declare fields with defaults and
    ``Annotated[..., msgspec.Meta(description=...)]`` so the lobby can list and explain them."""


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

    Subclasses set ``num_players``, ``options`` and ``rng`` in their constructor and keep
    ``move_count`` up to date through :meth:`apply`.
    """

    game: ClassVar[Game[Any]]
    num_players: int
    options: O
    rng: random.Random
    move_count: int = 0

    # -- whose turn, what is legal -------------------------------------------------------
    @property
    @abstractmethod
    def current(self) -> int | None:
        """The seat that must act now, or ``None`` when the game is over."""

    @abstractmethod
    def legal_moves(self) -> list[Any]:
        """Every move the current seat may make (empty when the game is over)."""

    def is_legal(self, move: Any) -> bool:
        return move in self.legal_moves()

    # -- changing the state --------------------------------------------------------------
    def apply(self, seat: int, move: Any) -> list[Event]:
        """Apply ``move`` for ``seat`` and return what happened.

        Raises :class:`IllegalMove` (state unchanged) if ``seat`` may not act or the move is not
        legal. The checks run before anything is changed.
        """
        current = self.current
        if current is None:
            raise IllegalMove("game_over", "The game is over.", "La partie est terminée.")
        if seat != current:
            raise IllegalMove(
                "not_your_turn",
                f"It is seat {current}'s turn, not seat {seat}'s.",
                f"C'est au tour du siège {current}, pas du siège {seat}.",
            )
        self.check(move)
        events = self._apply(move)
        self.move_count += 1
        return events

    def apply_unchecked(self, move: Any) -> None:
        """Apply a move known to be legal, skipping the checks and the events' use: for search
        playouts on *sampled* states, whose policy builds only legal moves (tests prove it)."""
        self._apply(move)
        self.move_count += 1

    @abstractmethod
    def check(self, move: Any) -> None:
        """Raise :class:`IllegalMove` with the most precise code if the current seat may not
        play ``move``. Must agree with :meth:`legal_moves`."""

    @abstractmethod
    def _apply(self, move: Any) -> list[Event]:
        """Apply a move already checked."""

    # -- what each seat sees -------------------------------------------------------------
    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: a spectator). JSON-ready."""

    @abstractmethod
    def secret_cards(self, seat: int | None) -> set[Card]:
        """Cards whose whereabouts ``seat`` cannot know: its views and events must never name
        them. Used by the no-leak tests and the server's leak guard."""

    @abstractmethod
    def all_cards(self) -> Iterator[Card]:
        """Every card in every zone, for the conservation tests."""

    # -- the end -------------------------------------------------------------------------
    @abstractmethod
    def result(self) -> Result | None:
        """How the game ended, or ``None`` while it goes on."""

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

    def start_events(self) -> list[Event]:
        """What the deal showed (face-up cards, first player…), announced when the table starts."""
        return []

    def default_move(self) -> Any:
        """The move the game master makes for a seat that ran out of time (documented per game).
        By default the first legal move."""
        return self.legal_moves()[0]


@cache
def _move_union(types: tuple[type[msgspec.Struct], ...]) -> Any:
    u: Any = types[0]
    for t in types[1:]:
        u = u | t
    return u


class Game(ABC, Generic[O]):
    """Describes a game and builds its states."""

    id: ClassVar[str]
    titles: ClassVar[dict[str, str]]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Options: ClassVar[type[Options]]
    move_types: ClassVar[tuple[type[msgspec.Struct], ...]]

    def parse_options(self, options: O | dict[str, Any] | None = None) -> O:
        """Typed options from a dict (or ``None`` for the defaults). Raises :class:`BadOptions`."""
        if options is None:
            return self.Options()  # type: ignore[return-value]
        if isinstance(options, self.Options):
            return options  # type: ignore[return-value]
        try:
            return msgspec.convert(options, self.Options)  # type: ignore[return-value]
        except msgspec.ValidationError as e:
            raise BadOptions(
                "bad_options", f"Invalid options: {e}", f"Options invalides : {e}"
            ) from e

    def parse_move(self, data: Any) -> Any:
        """A typed move from JSON-like data (``{"type": "play", "cards": ["QH"]}``)."""
        if isinstance(data, self.move_types):
            return data
        try:
            return msgspec.convert(data, _move_union(self.move_types))
        except msgspec.ValidationError as e:
            raise IllegalMove("bad_move", f"Malformed move: {e}", f"Coup mal formé : {e}") from e

    def move_union(self) -> Any:
        return _move_union(self.move_types)

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise BadOptions(
                "bad_player_count",
                f"{self.titles['en']} is played by {self.min_players} to {self.max_players} players.",
                f"{self.titles['fr']} se joue de {self.min_players} à {self.max_players} joueurs.",
            )

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
            order = [c if isinstance(c, Card) else card(c) for c in deck]
            if sorted(c.code for c in order) != sorted(c.code for c in full):
                raise BadOptions(
                    "bad_deck",
                    "A stacked deck must hold exactly the game's cards, each once.",
                    "Un jeu arrangé doit contenir exactement les cartes du jeu, une fois chacune.",
                )
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

    def describe(self, event: Event, lang: str = "en") -> str:
        """A sentence a UI can show for an event."""
        return f"{event.kind} {event.data}"

    def describe_move(self, move: Any, lang: str = "en") -> str:
        return str(move)

    def option_specs(self) -> list[dict[str, Any]]:
        return option_specs(self.Options)

    def rules_summary(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "titles": self.titles,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": self.option_specs(),
        }
