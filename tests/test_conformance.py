"""The conformance suite every registered game passes, with no per-game code.

Random playouts end, legal moves never run out before the end, every legal move applies,
random illegal moves are refused and change nothing, replay is deterministic, views and events
never name a card hidden from their seat, every card is accounted for, clones are independent.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from atout.cards import CODE_PATTERN, card
from atout.games import all_games, get_game
from atout.games.base import (
    COMMON_VIEW_KEYS,
    AtoutError,
    BadOptions,
    Earlier,
    Event,
    Game,
    IllegalMove,
    State,
    Timeout,
    ViewSpec,
    events_for,
    spec_of,
)
from atout.games.common import cards_in_hand

GAMES = sorted(all_games())
MAX_MOVES = 20_000  # a random playout that has not ended by then is a bug


def players_for(game: Game[Any]) -> st.SearchStrategy[int]:
    return st.integers(game.min_players, game.max_players)


def snapshot(state: State[Any]) -> str:
    views = [state.view(None)] + [state.view(s) for s in range(state.num_players)]
    return json.dumps(views, sort_keys=True, default=str)


def named_cards(obj: Any) -> set[str]:
    """Every string in a JSON-like value that is a card code."""
    out: set[str] = set()
    stack = [msgspec.to_builtins(obj)]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            with contextlib.suppress(ValueError):
                out.add(card(x).code)
        elif isinstance(x, dict):
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, list | tuple):
            stack.extend(x)
    return out


def assert_no_leak(state: State[Any], events: list[Event]) -> None:
    for seat in [None, *range(state.num_players)]:
        secret = {c.code for c in state.secret_cards(seat)}
        leaked = named_cards(state.view(seat)) & secret
        assert not leaked, f"view of seat {seat} names hidden cards {leaked}"
        leaked = named_cards([msgspec.to_builtins(e) for e in events_for(events, seat)]) & secret
        assert not leaked, f"events for seat {seat} name hidden cards {leaked}"


def assert_conserved(game: Game[Any], state: State[Any]) -> None:
    want = Counter(c.code for c in game.deck(state.num_players, state.options))
    have = Counter(c.code for c in state.all_cards())
    assert have == want


def random_junk_move(game: Game[Any], rng: random.Random, state: State[Any]) -> Any:
    """A move that is well-formed for some move type but probably not legal now."""
    deck = game.deck(state.num_players, state.options)
    legal = state.legal_moves()
    base = rng.choice(legal)
    data = msgspec.to_builtins(base)
    for key, val in list(data.items()):
        if key == "type":
            continue
        if isinstance(val, list | tuple):
            data[key] = [rng.choice(deck).code for _ in range(rng.randint(0, 3))]
        elif isinstance(val, str) and val and (val[0].isdigit() or val[0] in "AJQK"):
            data[key] = rng.choice(deck).code
        elif isinstance(val, int) and not isinstance(val, bool):
            data[key] = rng.randint(-2, 60)
    return game.parse_move(data)


@pytest.mark.parametrize("game_id", GAMES)
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_random_playouts(game_id: str, data: st.DataObject, seed: int) -> None:
    game = all_games()[game_id]
    players = data.draw(players_for(game), label="players")
    rng = random.Random(seed)
    state = game.setup(players, None, seed)
    assert_conserved(game, state)
    assert_no_leak(state, state.start_events())
    moves = []
    while not state.is_over:
        assert len(moves) < MAX_MOVES, "game did not end"
        legal = state.legal_moves()
        assert legal, "no legal move before the end"
        seat = state.current
        # an illegal move is refused with a code and changes nothing
        if rng.random() < 0.2:
            before = snapshot(state)
            junk = random_junk_move(game, rng, state)
            if junk not in legal:
                with pytest.raises(IllegalMove) as refused:
                    state.apply(seat, junk)  # refused: legal_moves does not list it
                e = refused.value
                assert e.code and e.message and e.message_fr
                assert snapshot(state) == before
            wrong = (seat + 1) % players
            with pytest.raises(IllegalMove) as exc:
                state.apply(wrong, legal[0])
            assert exc.value.code == "not_your_turn"
            assert snapshot(state) == before
        if rng.random() < 0.05:  # every listed legal move applies
            for m in legal:
                state.clone().apply(seat, m)
        move = rng.choice(legal)
        events = state.apply(seat, move)
        moves.append(move)
        for e in events:
            game.describe(e, "en")
            game.describe(e, "fr")
        if rng.random() < 0.3 or state.is_over:
            assert_conserved(game, state)
            assert_no_leak(state, events)
    assert state.legal_moves() == []
    result = state.result()
    assert result is not None and result.winners
    assert all(0 <= w < players for w in result.winners)
    # replay: same seed, same moves, same states
    again = game.setup(players, None, seed)
    for move in moves:
        again.apply(again.current, move)
    assert snapshot(again) == snapshot(state)


def neighbours(game: Game[Any], state: State[Any], rng: random.Random, most: int) -> list[Any]:
    """Moves one step away from the legal ones: a card added (from the hand, the table or the
    deck), dropped or swapped, a number moved by one or set to another seat, a field of one move
    type given to another. Most are illegal, some are legal; all are well-formed."""
    view = state.view(state.current)
    pool = list(view.get("hand", [])) + [c for c in view.get("table", []) if isinstance(c, str)]
    pool += [rng.choice(game.deck(state.num_players, state.options)).code for _ in range(3)]
    legal = state.legal_moves()
    seeds = [msgspec.to_builtins(legal[rng.randrange(len(legal))]) for _ in range(8)]
    fields = {k: v for d in seeds for k, v in d.items() if k != "type"}
    out: list[dict[str, Any]] = []
    for data in seeds:
        for key, val in data.items():
            if isinstance(val, list | tuple):
                val = list(val)
                out += [{**data, key: [*val, c]} for c in pool]
                out += [{**data, key: val[:i] + val[i + 1 :]} for i in range(len(val))]
                out += [{**data, key: [*val[:-1], c]} for c in pool if val]
            elif isinstance(val, int) and not isinstance(val, bool):
                out += [{**data, key: x} for x in (val - 1, val + 1, -1, state.num_players)]
        out += [{**data, k: v} for k, v in fields.items() if k not in data]
    moves = []
    for data in rng.sample(out, min(most, len(out))):
        with contextlib.suppress(IllegalMove):
            moves.append(game.parse_move(data))
    return moves


@pytest.mark.parametrize("game_id", GAMES)
@given(seed=st.integers(0, 2**32))
def test_apply_refuses_exactly_what_legal_moves_does_not_list(game_id: str, seed: int) -> None:
    """Legality has one source: along random playouts, moves next to the legal ones are taken
    by ``apply`` exactly when ``legal_moves`` lists them, and a refusal explains itself.

    It catches a rule written twice that disagrees. Mutation, on the code before legality was
    written once (``git show 4341db0:src/atout/games/q2j.py``, which passes this test as it is):
    drop the Q² from ``Q2JState.legal_moves`` only (``_pair_allowed`` returning False) and this
    test fails, ``check`` still taking a Q² no longer listed ("play QC QD taken but not
    listed"); drop Le Quinze's face-card pairs from ``other_moves`` only and it fails the same
    way (``_check_lay`` still took them: "lay QC#2 QS taken but not listed"). Today ``apply``
    asks ``legal_moves`` (or the same test of membership), so such a mutation cannot split the
    two: the rule is gone from both. ``apply`` given the position's legal moves (as the game
    master gives the list it sent the mover) takes and refuses the same, with the same error.
    """
    game = all_games()[game_id]
    rng = random.Random(seed)
    players = rng.randint(game.min_players, game.max_players)
    state = game.setup(players, None, seed)
    for _ in range(300):
        if state.is_over:
            break
        seat = state.current
        legal = state.legal_moves()
        if rng.random() < 0.25:
            for move in neighbours(game, state, rng, 40):
                listed = move in legal
                assert state.is_legal(move) == listed, f"{move}: is_legal disagrees"
                outcomes = []
                for given_list in (None, legal):  # worked out by apply, or given (the server)
                    copy = state.clone()
                    try:
                        copy.apply(seat, move, given_list)
                    except IllegalMove as e:
                        assert not listed, f"{move} listed but refused ({e.code})"
                        assert e.code and e.message and e.message_fr
                        outcomes.append((e.code, e.message))
                    else:
                        assert listed, f"{move} taken but not listed"
                        outcomes.append(snapshot(copy))
                assert outcomes[0] == outcomes[1], f"{move}: the given list changes the outcome"
        state.apply(seat, legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("game_id", GAMES)
def test_the_view_spec_declares_every_field(game_id: str) -> None:
    """Every key of every view is one of the interface's or declared by the game's view spec
    (dotted paths reach into nested objects), and every declared field is in some view."""
    game = all_games()[game_id]
    spec = game.view_spec
    assert len({f.key for f in spec.fields}) == len(spec.fields)
    for f in (*spec.fields, *spec.detail):
        assert f.en and f.fr and (f.kind == "choice") == bool(f.values)
    seen: set[str] = set()
    rng = random.Random(1)
    for players in {game.min_players, game.max_players}:
        state = game.setup(players, None, 2)
        while True:
            for seat in [None, *range(players)]:
                view = state.view(seat)
                extra = set(view) - set(COMMON_VIEW_KEYS) - spec.keys()
                assert not extra, f"undeclared view keys {extra}"
                for f in spec.fields:
                    head, _, rest = f.key.partition(".")
                    if head in view and (not rest or rest in view[head]):
                        seen.add(f.key)
                    if f.kind == "choice" and head in view:
                        value = view[head][rest] if rest else view[head]
                        assert value in f.values, f"{f.key}={value!r} has no words"
                detail = view.get("result", {}).get("detail", {})
                assert set(detail) <= {f.key for f in spec.detail}
            if state.is_over:
                break
            state.apply(state.current, rng.choice(state.legal_moves()))
    assert seen == {f.key for f in spec.fields}, "declared fields no view holds"


def playout_steps(game: Game[Any], seed: int) -> Iterator[tuple[State[Any], list[Event]]]:
    """A random game at each end of the player range: the state after each step (the deal,
    then every move) with that step's events."""
    rng = random.Random(seed)
    for players in sorted({game.min_players, game.max_players}):
        state = game.setup(players, None, seed)
        yield state, state.start_events()
        while not state.is_over:
            yield state, state.apply(state.current, rng.choice(state.legal_moves()))


@pytest.mark.parametrize("game_id", GAMES)
def test_the_view_is_its_declared_type(game_id: str) -> None:
    """``view(seat)``, the wire's form, is exactly the game's declared :class:`View` for every
    seat and spectator: its JSON decodes strictly into the type (no key the type lacks, none
    missing, every value of its declared type) and gives back ``observe(seat)``; the
    :class:`ViewSpec` the clients draw from is read from that declaration."""
    game = all_games()[game_id]
    if game.view_type is None:
        pytest.skip(f"{game_id} writes its view by hand")
    strict = msgspec.json.Decoder(game.view_type)
    assert game.view_spec == spec_of(game.view_type, game.detail_type)
    names = set(game.view_type.__struct_fields__)
    for state, _ in playout_steps(game, 4):
        for seat in [None, *range(state.num_players)]:
            view, typed = state.view(seat), state.observe(seat)
            assert set(view) <= names and isinstance(typed, game.view_type)
            assert strict.decode(msgspec.json.encode(view)) == typed
            assert msgspec.to_builtins(typed) == view and game.as_view(view) == typed
            assert (seat is None) == ("hand" not in view)
            if (
                seat is not None
                and not state.is_over
                and type(game).determinize is not Game.determinize
            ):
                sample = game.determinize(typed, random.Random(seat))  # typed, as from JSON
                assert sample.observe(seat) == typed
            detail = view.get("result", {}).get("detail")
            if detail is not None and game.detail_type is not None:
                msgspec.convert(detail, game.detail_type)  # the result's detail as declared


@pytest.mark.parametrize("game_id", GAMES)
def test_every_event_is_a_declared_kind_with_words(game_id: str) -> None:
    """Each event a game emits is one of its declared kinds, its data exactly the declared
    fields (typed and back gives the same event), and has words in both languages for every
    reader; a kind nobody declared is refused by ``describe`` rather than said as raw data."""
    game = all_games()[game_id]
    if not game.event_types:
        pytest.skip(f"{game_id} declares no kinds of event")
    seen = set()
    for _, events in playout_steps(game, 5):
        for e in events:
            typed = game.typed_event(e)
            assert typed.kind == e.kind and Event.of(typed, e.seat, e.to, e.hide) == e
            seen.add(e.kind)
            for lang in ("en", "fr"):
                for you in {None, e.seat, 0}:
                    assert game.describe(e, lang, you) != f"{e.kind} {e.data}"
    assert "game_over" in seen
    with pytest.raises(LookupError):
        game.describe(Event("no_such_kind", 0, {}), "en")
    with pytest.raises(ValueError):
        game.typed_event(Event("no_such_kind", 0, {}))
    kind = sorted(seen)[0]
    with pytest.raises(ValueError):  # a field the kind does not declare
        game.typed_event(Event(kind, 0, {"no_such_field": 1}))
    for t in (*game.event_types, Timeout, Earlier):
        assert t.__struct_config__.tag in game.event_kinds()


@pytest.mark.parametrize("game_id", GAMES)
def test_schemas_are_read_from_the_declarations(game_id: str) -> None:
    """The JSON Schemas of a game's options, moves, events and view come from its types: the
    view's lists every field (card codes with the card pattern), the events' every kind."""
    game = all_games()[game_id]
    schemas = json.loads(json.dumps(game.schemas()))  # JSON, as published
    moves = {t.__struct_config__.tag for t in game.move_types}
    assert moves <= set(json.dumps(schemas["move"]).replace('"', " ").split())
    if game.view_type is None:
        return
    view = schemas["view"]["$defs"][game.view_type.__name__]
    assert set(view["properties"]) == set(game.view_type.__struct_fields__)
    assert view["properties"]["hand"]["anyOf"][0]["items"]["pattern"] == f"^(?:{CODE_PATTERN})$"
    defs = schemas["event"]["$defs"].values()
    kinds = {d["properties"]["kind"]["enum"][0] for d in defs if "kind" in d.get("properties", ())}
    assert kinds == set(game.event_kinds())


@pytest.mark.parametrize("game_id", GAMES)
def test_clone_is_independent(game_id: str) -> None:
    game = all_games()[game_id]
    rng = random.Random(3)
    state = game.setup(game.min_players, None, 11)
    for _ in range(10):
        if state.is_over:
            break
        state.apply(state.current, rng.choice(state.legal_moves()))
    copy = state.clone()
    before = snapshot(state)
    rng2 = random.Random(4)
    while not copy.is_over:
        copy.apply(copy.current, rng2.choice(copy.legal_moves()))
    assert snapshot(state) == before
    # and the clone's future equals the original's under the same moves
    a, b = state.clone(), state.clone()
    ra, rb = random.Random(9), random.Random(9)
    while not a.is_over:
        a.apply(a.current, ra.choice(a.legal_moves()))
        b.apply(b.current, rb.choice(b.legal_moves()))
    assert snapshot(a) == snapshot(b)


@pytest.mark.parametrize("game_id", GAMES)
def test_moves_and_views_serialize(game_id: str) -> None:
    game = all_games()[game_id]
    state = game.setup(game.max_players, None, 5)
    for move in state.legal_moves():
        wire = msgspec.json.encode(move)
        assert game.parse_move(msgspec.json.decode(wire)) == move
        assert str(move)
    for seat in [None, *range(state.num_players)]:
        json.dumps(state.view(seat))


@pytest.mark.parametrize("game_id", GAMES)
def test_a_move_with_a_field_it_does_not_have_is_refused(game_id: str) -> None:
    """Every message is validated: a move carrying anything more (a 60 KB ``pad``) is malformed,
    not played with the extra dropped."""
    game = all_games()[game_id]
    state = game.setup(game.max_players, None, 5)
    for move in state.legal_moves():
        data = msgspec.to_builtins(move)
        assert game.parse_move(data) == move
        with pytest.raises(IllegalMove) as e:
            game.parse_move({**data, "pad": "P" * 60_000})
        assert e.value.code == "bad_move"


@pytest.mark.parametrize("game_id", GAMES)
def test_setup_is_validated(game_id: str) -> None:
    game = all_games()[game_id]  # player counts: test_player_counts_are_checked_at_both_ends
    with pytest.raises(AtoutError) as exc:
        game.setup(game.min_players, {"no_such_option": 1}, 1)
    assert exc.value.code == "bad_options"
    deck = [c.code for c in game.deck(game.min_players, game.parse_options(None))]
    with pytest.raises(AtoutError) as exc:
        game.setup(game.min_players, None, 1, deck=deck[:-1])
    assert exc.value.code == "bad_deck"
    # a stacked deck in the game's own order is accepted and dealt as given
    a = game.setup(game.min_players, None, 1, deck=deck)
    b = game.setup(game.min_players, None, 2, deck=deck)
    assert a.view(0).get("hand") == b.view(0).get("hand")


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("code", ["ZZ", "1H", "", "QH#3", 7, None])
def test_a_stacked_deck_naming_no_card_is_a_bad_deck(game_id: str, code: object) -> None:
    """A code that is no card (or no card of this game's deck: a third deck's twin) is the deck's
    fault: ``bad_deck`` naming it, never a bare ValueError (ARCHITECTURE: bad setups raise
    ``BadOptions``), at both ends of the player range (Le Quinze: one deck, then two)."""
    game = all_games()[game_id]
    for players in (game.min_players, game.max_players):
        deck: list[object] = [c.code for c in game.deck(players, game.parse_options(None))]
        deck[-1] = code
        with pytest.raises(BadOptions) as exc:
            game.setup(players, None, 0, deck=deck)  # type: ignore[arg-type]
        assert exc.value.code == "bad_deck"
        assert repr(code) in exc.value.message and repr(code) in exc.value.message_fr


@pytest.mark.parametrize("game_id", GAMES)
def test_options_have_defaults_and_descriptions(game_id: str) -> None:
    for spec in all_games()[game_id].option_specs():
        assert "default" in spec
        assert spec.get("description"), f"option {spec['name']} has no description"


@pytest.mark.parametrize("game_id", GAMES)
def test_determinize_is_consistent_with_the_view(game_id: str) -> None:
    """A sampled state shows the seat exactly its own view, and conserves the cards."""
    game = all_games()[game_id]
    rng = random.Random(5)
    for players in {game.min_players, game.max_players}:
        state = game.setup(players, None, 17)
        for _ in range(40):
            if state.is_over:
                break
            seat = state.current
            view = state.view(seat)
            try:
                sample = game.determinize(view, rng)
            except NotImplementedError:
                pytest.skip(f"{game_id} has no determinize yet")
            assert sample.view(seat) == view
            assert_conserved(game, sample)
            assert sample.legal_moves() == state.legal_moves()
            state.apply(seat, rng.choice(state.legal_moves()))


# --- the base interface, pinned against mutation (bench/RESULTS.md) --------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_rules_summary_and_option_specs_name_everything(game_id: str) -> None:
    game = all_games()[game_id]
    summary = game.rules_summary()
    assert set(summary) == {
        "id",
        "titles",
        "min_players",
        "max_players",
        "options",
        "view_spec",
        "move_fields",
        "card_pattern",
        "facts",
    }
    assert msgspec.convert(summary["view_spec"], ViewSpec) == game.view_spec
    assert summary["card_pattern"] == CODE_PATTERN and json.dumps(summary["facts"])
    # each move type's fields, split into its cards and the player's other choices
    for t in game.move_types:
        fields = summary["move_fields"][t.__struct_config__.tag]
        assert sorted(fields["cards"] + fields["choices"]) == sorted(t.__struct_fields__)
        for move in game.setup(game.max_players, None, 1).legal_moves()[:50]:
            if isinstance(move, t):
                for name in fields["cards"]:
                    value = getattr(move, name)
                    codes = [value] if isinstance(value, str) else list(value)
                    assert all(card(code).code == code for code in codes)
    assert summary["id"] == game_id and summary["titles"] == game.titles
    assert (summary["min_players"], summary["max_players"]) == (game.min_players, game.max_players)
    defaults = msgspec.to_builtins(game.parse_options(None))
    assert {spec["name"]: spec["default"] for spec in summary["options"]} == defaults


@pytest.mark.parametrize("game_id", GAMES)
def test_apply_unchecked_plays_the_move_and_counts_it(game_id: str) -> None:
    game = all_games()[game_id]
    a = game.setup(game.min_players, None, 3)
    b = game.setup(game.min_players, None, 3)
    for n in (1, 2):
        move = a.legal_moves()[0]
        assert a.is_legal(move) and b.is_legal(move)
        a.apply(a.current, move)
        b.apply_unchecked(move)
        assert b.move_count == a.move_count == n and snapshot(b) == snapshot(a)
    assert not a.is_legal(object())
    for move in a.legal_moves():  # the wire form of every move reads back through the union
        assert msgspec.convert(msgspec.to_builtins(move), game.move_union()) == move


def test_errors_speak_both_languages_and_carry_their_code() -> None:
    e = IllegalMove("some_code", "In English.", "En français.")
    assert str(e) == "In English."
    assert (e.text(), e.text("en"), e.text("fr")) == ("In English.", "In English.", "En français.")
    assert e.to_dict() == {
        "code": "some_code",
        "message": "In English.",
        "message_fr": "En français.",
    }
    assert IllegalMove("c", "Only English.").text("fr") == "Only English."
    with pytest.raises(AtoutError) as exc:
        get_game("nope")
    assert exc.value.code == "unknown_game" and "q2j" in exc.value.text()
    with pytest.raises(IllegalMove) as exc:
        get_game("q2j").parse_move({"type": "nonsense"})
    assert exc.value.code == "bad_move" and exc.value.text("fr").startswith("Coup mal formé")
    assert exc.value.text("en").startswith("Malformed move: ")
    state = get_game("q2j").setup(2, None, 0)
    with pytest.raises(IllegalMove) as exc:
        cards_in_hand(["QH", "QH"], state.hands[0])
    assert exc.value.to_dict() == {
        "code": "duplicate_card",
        "message": "The same card twice.",
        "message_fr": "La même carte deux fois.",
    }
    with pytest.raises(IllegalMove) as exc:
        cards_in_hand(["ZZ"], state.hands[0])
    assert (exc.value.text(), exc.value.text("fr")) == (
        "'ZZ' is not a card.",
        "'ZZ' n'est pas une carte.",
    )


@pytest.mark.parametrize("game_id", GAMES)
def test_player_counts_are_checked_at_both_ends(game_id: str) -> None:
    game = all_games()[game_id]
    for players in (game.min_players - 1, game.max_players + 1):
        with pytest.raises(AtoutError) as exc:
            game.setup(players, None, 0)
        assert exc.value.code == "bad_player_count" and str(game.max_players) in exc.value.text()
    game.setup(game.min_players, None, 0)
    game.setup(game.max_players, None, 0)
