"""The sentences players read, pinned: seeded random games of every game and option, each event
and move said in English and French, against ``tests/golden/sentences.txt``.

A deliberate change of wording updates the file: ``ATOUT_UPDATE_GOLDEN=1 pytest
tests/test_sentences_golden.py``, then read its diff before committing it.
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

from atout.games import get_game
from atout.games.base import Event

GOLDEN = Path(__file__).parent / "golden" / "sentences.txt"
SCENARIOS: list[tuple[str, int, dict[str, Any], int]] = [
    ("q2j", 3, {}, 1),
    ("q2j", 4, {"q2_return": "beat_queen", "face_on_ace": True}, 2),
    ("quinze", 2, {"match": False}, 3),
    ("quinze", 3, {"target": 30, "speed": True}, 4),
    ("quinze", 2, {"match": False, "empty_stock": "reshuffle_table"}, 5),
    ("quinze", 2, {"match": False, "empty_stock": "end_deal"}, 6),
    ("pouilleux", 3, {}, 7),
    ("pouilleux", 4, {"initial_special_pairs": "discard"}, 8),
]


def sentences_of(game_id: str, players: int, options: dict[str, Any], seed: int) -> list[str]:
    """Every distinct sentence of one seeded random game, in order of first appearance."""
    game = get_game(game_id)
    state = game.setup(players, options, seed)
    rng = random.Random(seed)
    lines: list[str] = []

    def say(events: list[Event]) -> None:
        for e in events:
            lines.extend(game.describe(e, lang) for lang in ("en", "fr"))

    say(state.start_events())
    while not state.is_over:
        move = rng.choice(list(state.legal_moves()))
        lines.extend(game.describe_move(move, lang) for lang in ("en", "fr"))
        say(state.apply(state.current, move))
    return list(dict.fromkeys(lines))


def render() -> str:
    out = []
    for game_id, players, options, seed in SCENARIOS:
        out.append(f"## {game_id}, {players} players, options {options}, seed {seed}")
        out += sentences_of(game_id, players, options, seed)
    return "\n".join(out) + "\n"


def test_the_sentences_players_read_are_pinned() -> None:
    text = render()
    if os.environ.get("ATOUT_UPDATE_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")
