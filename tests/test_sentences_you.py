"""Sentences told to a player: what they did, and what was done to them, is said in the second
person ("You draw the 7♥.", "P2 draws the 7♥ from you."), in English and French; a sentence
that does not concern the reader is word for word the one a spectator reads."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from tests.test_sentences_golden import SCENARIOS

from atout.games import get_game
from atout.games.base import Event, events_for
from atout.games.sentences import seat

#: Events that list every seat with a figure (the deal's face-up cards or hand sizes, a deal's
#: points): there a seat keeps its label, even the reader's.
LISTS = {("q2j", "deal"), ("pouilleux", "deal"), ("quinze", "deal_over")}
YOU = re.compile(r"\b(you|your|You|Your|vous|votre|vos|Vous|Votre|À vous)\b")


def told(game_id: str, players: int, options: dict[str, Any], seed: int):
    """Each event of a seeded random game as each seat sees it, with the sentence told to that
    seat and the one told to nobody in particular, in both languages."""
    game = get_game(game_id)
    state = game.setup(players, options, seed)
    rng = random.Random(seed)
    events = list(state.start_events())
    while not state.is_over:
        events += state.apply(state.current, rng.choice(list(state.legal_moves())))
    for s in range(players):
        for e in events_for(events, s):
            for lang in ("en", "fr"):
                yield s, e, lang, game.describe(e, lang, s), game.describe(e, lang)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: f"{s[0]}-{s[1]}p-seed{s[3]}")
def test_the_reader_is_you_and_nobody_else_is(scenario) -> None:
    game_id = scenario[0]
    spoken = 0
    for s, e, lang, mine, anyone in told(*scenario):
        assert "{" not in mine and "}" not in mine, mine
        label = seat(s, lang)
        if (game_id, e.kind) in LISTS:
            continue
        if re.search(rf"\b{label}\b", anyone):  # the sentence speaks of the reader
            assert not re.search(rf"\b{label}\b", mine), (e, mine)
            assert YOU.search(mine), (e, mine)
            spoken += 1
        else:
            assert mine == anyone, (e, mine, anyone)
    assert spoken > 0


def test_examples_in_both_languages() -> None:
    q2j, pou, quinze = get_game("q2j"), get_game("pouilleux"), get_game("quinze")
    play = Event("play", 0, {"cards": ["QH"]})
    assert q2j.describe(play, "en", 0) == "You play Queen of Hearts."
    assert q2j.describe(play, "fr", 0) == "Vous jouez Dame de cœur."
    assert q2j.describe(play, "en", 1) == q2j.describe(play, "en") == "P1 plays Queen of Hearts."
    draw = Event("draw", 1, {"from": 0, "card": "7H"})
    assert pou.describe(draw, "en", 0) == "P2 draws the 7♥ from you."
    assert pou.describe(draw, "fr", 0) == "J2 pioche le 7♥ dans votre jeu."
    assert pou.describe(draw, "fr", 1) == "Vous piochez le 7♥ dans le jeu de J1."
    swap = Event("swap", 2, {"players": [0, 1], "cards": ["KH", "3C"]})
    assert pou.describe(swap, "en", 1) == "Kings' swap: your 3♣ goes to P1, P1's K♥ comes to you."
    over = Event("game_over", None, {"winners": [0, 2], "reason": "deadlock"})
    assert q2j.describe(over, "en", 2) == "Nothing left to draw: the game ends and you and P1 win."
    assert q2j.describe(over, "fr", 2) == (
        "Plus rien à piocher : la partie s'arrête et vous et J1 gagnez."
    )
    out = Event("game_over", None, {"winners": [1], "reason": "target"})
    assert quinze.describe(out, "fr", 1) == (
        "La manche est finie : vous gagnez avec le moins de points."
    )
    late = Event("timeout", 0, {"move": {"type": "draw"}})
    assert q2j.describe(late, "en", 0) == (
        "You ran out of time; the game master plays for you: draw."
    )
