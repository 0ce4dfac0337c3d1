"""Chance as a contract, for every game: a seed's deal is pinned (records stored by one version
must replay to the same game after an upgrade: ``atout verify``, crash recovery), a stacked deck
must be exactly the game's cards, the chance after a stacked deal still comes from the seed, and
nothing depends on the process (string hashing: ``PYTHONHASHSEED``).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import atout
from atout.games import all_games, get_game
from atout.games.base import BadOptions, Event
from atout.games.q2j import Draw as Q2JDraw
from atout.games.quinze import Lay as QuinzeLay
from atout.games.quinze import NextDeal, QuinzeState

GAMES = sorted(all_games())


def cards_seen(events: list[Event]) -> list[str]:
    """The cards of the private events (each shown to its seat only), in order."""
    return [f"{e.kind}:{e.seat}:{e.data['card']}" for e in events if e.to and e.data.get("card")]


def first_plies(game_id: str, players: int, seed: int, plies: int = 10) -> tuple[Any, list[str]]:
    """Each seat's hand after the deal, and the cards drawn by ``plies`` default moves."""
    s = get_game(game_id).setup(players, None, seed=seed)
    hands = [s.view(i)["hand"] for i in range(players)]
    events = list(s.start_events())
    for _ in range(plies):
        events += s.apply(s.current, s.default_move())
    return hands, cards_seen(events)


# --------------------------------------------------------------------------- golden deals

GOLDEN: dict[str, tuple[int, list[str], str]] = {
    "q2j": (
        3,
        ["9C KD 10C 6S KH", "AC 4S 3H 10H 6C", "8C 3C JC 6D JS"],
        "draw:0:4C draw:1:2H draw:2:10S draw:0:QS draw:1:2C draw:2:3S draw:0:7C draw:1:5D "
        "draw:2:7H draw:0:8D",
    ),
    "quinze": (
        2,
        ["9C 8C 4S 10C JC 10H KH 10S 4C QS", "AC KD 3C 3H 6S 6D 6C 4H 2H"],
        "draw:0:QS draw:1:JK1 draw:0:2C draw:1:3S draw:0:7C draw:1:5D draw:0:7H draw:1:8D "
        "draw:0:JK2 draw:1:2D draw:0:JD",
    ),
    "pouilleux": (
        3,
        [
            "AC AH 3C 4H 5H 5S 7D 9C 10C 10S QC",
            "AS 5C 6D 7C 8H 9D 10D JH QD QH QS KD KS",
            "AD 3S 4D 5D 6H 7H 7S 8D 9H 9S 10H JD JS KC KH",
        ],
        "draw:0:6D draw:1:JS draw:2:6D draw:0:8H draw:1:KC draw:2:9C",
    ),
}


@pytest.mark.parametrize("game_id", GAMES)
def test_a_seed_deals_the_same_game_in_every_version(game_id: str) -> None:
    """Seed 2024's deal and first draws, as recorded: a change here breaks stored records."""
    players, hands, seen = GOLDEN[game_id]
    assert first_plies(game_id, players, 2024) == ([h.split() for h in hands], seen.split())


# --------------------------------------------------------------------------- stacked decks


@pytest.mark.parametrize("game_id", GAMES)
def test_a_stacked_deck_must_hold_each_card_of_the_game_once(game_id: str) -> None:
    game = get_game(game_id)
    n = game.min_players
    full = [c.code for c in game.deck(n, game.parse_options(None))]
    game.setup(n, None, 0, deck=full)  # the exact deck, in any order, is accepted
    game.setup(n, None, 0, deck=full[::-1])
    as_cards = game.deck(n, game.parse_options(None))  # Card objects do as well as codes
    assert game.setup(n, None, 0, deck=as_cards).view(0) == game.setup(n, None, 0, deck=full).view(
        0
    )
    bad = {
        "a card twice, one missing": [full[0], *full[:-1]],
        "a card twice, nothing missing": [*full, full[0]],
        "a card missing": full[:-1],
        "a card of another deck": [*full[:-1], "JK2#2"],
        "empty": [],
    }
    for why, deck in bad.items():
        with pytest.raises(BadOptions) as exc:
            game.setup(n, None, 0, deck=deck)
        assert exc.value.code == "bad_deck", why


def test_a_stacked_quinze_deals_its_next_deals_from_the_seed() -> None:
    """A stacked deck sets the first deal only; the next deal's shuffle comes from the seed."""
    game = get_game("quinze")
    deck = [c.code for c in game.deck(2, game.parse_options(None))]

    def second_deal(seed: int) -> list[list[str]]:
        s = game.setup(2, {"max_rounds": 1}, seed, deck=deck)
        assert isinstance(s, QuinzeState)
        while s.view(None)["phase"]["name"] == "play":
            lays = [m for m in s.legal_moves() if isinstance(m, QuinzeLay)]
            s.apply(s.current, lays[0])
        s.apply(s.current, NextDeal())
        return [s.view(i)["hand"] for i in range(2)]

    assert second_deal(5) == second_deal(5)
    assert second_deal(5) != second_deal(6)


def test_a_stacked_quinze_reshuffles_from_the_seed() -> None:
    """The défausse shuffled into a new pioche after a stacked deal: the seed decides its order."""
    game = get_game("quinze")
    # P1 makes the four fifteens in hand, then both players lay until the pioche runs out.
    p1 = ["7H", "8H", "7D", "8D", "7C", "8C", "6S", "9S", "KH"]
    rest = [c.code for c in game.deck(2, game.parse_options(None)) if c.code not in p1]
    deck = [c for pair in zip(p1, rest[:9], strict=True) for c in pair] + rest[9:]

    def new_stock(seed: int) -> list[str]:
        s = game.setup(2, None, seed, deck=deck)
        assert isinstance(s, QuinzeState)
        for f in ("7H 8H", "7D 8D", "7C 8C", "6S 9S"):
            s.apply(0, game.parse_move({"type": "fifteen", "cards": f.split()}))
        events = s.apply(0, game.parse_move({"type": "done"}))
        while not any(e.kind == "reshuffle" for e in events):
            lays = [m for m in s.legal_moves() if isinstance(m, QuinzeLay)]
            events = s.apply(s.current, lays[0])
        (shuffle,) = [e for e in events if e.kind == "reshuffle"]
        assert shuffle.data == {"from": "discard", "stock": 8}
        return [c.code for c in s.stock]

    assert new_stock(3) == new_stock(3) != new_stock(4)


def test_a_stacked_q2j_draws_its_lot_from_the_seed() -> None:
    """A complete tie of the face-up cards after a stacked deal: the seed's lot picks who starts."""
    game = get_game("q2j")
    hands = ["2C 3C 4C 5C KH", "2D 3D 4D 5D KS"]  # every revealed rank ties
    split = [h.split() for h in hands]
    order = [split[s][k] for k in range(5) for s in range(2)]
    deck = order + [c.code for c in game.deck(2, game.parse_options(None)) if c.code not in order]
    firsts = [game.setup(2, None, seed, deck=deck).current for seed in range(12)]
    assert firsts == [game.setup(2, None, seed, deck=deck).current for seed in range(12)]
    assert set(firsts) == {0, 1}


def test_a_stacked_q2j_reshuffles_from_the_seed() -> None:
    """The défausse shuffled into a new stock after a stacked deal: the seed decides its order."""
    game = get_game("q2j")
    deck = [c.code for c in game.deck(2, game.parse_options(None))]

    def after_reshuffle(seed: int) -> list[str]:
        s = game.setup(2, None, seed, deck=deck)
        for _ in range(200):  # play while holding 5 cards or more, else draw: the stock runs out
            plays = [m for m in s.legal_moves() if not isinstance(m, Q2JDraw)]
            move = plays[0] if plays and len(s.hands[s.current]) >= 5 else Q2JDraw()
            if any(e.kind == "reshuffle" for e in s.apply(s.current, move)):
                return [c.code for c in s.stock]
        raise AssertionError("no reshuffle")

    assert after_reshuffle(1) == after_reshuffle(1) != after_reshuffle(2)


# --------------------------------------------------------------------------- across processes

_PLAYOUT = """
import hashlib, json, random, sys
import msgspec
from atout.games import all_games
digest = hashlib.sha256()
for gid, game in sorted(all_games().items()):
    for players in range(game.min_players, min(game.max_players, 4) + 1):
        s = game.setup(players, None, seed=players)
        rng = random.Random(players)
        events = list(s.start_events())
        while not s.is_over and s.move_count < 3000:
            events += s.apply(s.current, rng.choice(s.legal_moves()))
        record = [msgspec.to_builtins(events), s.view(None), msgspec.to_builtins(s.result())]
        digest.update(json.dumps(record, sort_keys=True, default=str).encode())
print(digest.hexdigest())
"""


def test_games_are_the_same_under_any_hash_seed() -> None:
    """Random playouts of every game, in processes with different ``PYTHONHASHSEED``s, give the
    same events, views and results (no order taken from a set of strings or a hash)."""
    src = str(Path(atout.__file__).resolve().parent.parent)  # the atout under test, not another
    digests = set()
    for hash_seed in ("0", "1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": src}
        out = subprocess.run(
            [sys.executable, "-c", _PLAYOUT], env=env, capture_output=True, text=True, check=True
        )
        digests.add(out.stdout.strip())
    assert len(digests) == 1, digests
