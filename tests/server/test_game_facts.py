"""What ``list_games`` publishes so that no client re-implements a game's facts (issue 29): the
bots a table may seat and quick play's default level, each move type's fields, the card-code
pattern and the game's own facts (Le Quinze's card values), each read from its one source."""

from __future__ import annotations

import re

from tests.server.harness import Harness

from atout.bots import bot_kinds
from atout.bots.levels import LEVELS
from atout.cards import CODE_PATTERN
from atout.games import all_games


def test_every_game_publishes_its_bots_moves_cards_and_facts() -> None:
    h = Harness()
    c = h.connect("ann")
    games = {g["id"]: g for g in h.request(c, "list_games")["body"]["games"]}
    assert set(games) == set(all_games())
    levels = [lv.id for lv in LEVELS]
    for gid, g in games.items():
        game = all_games()[gid]
        assert [lv["id"] for lv in g["bot_levels"]] == levels
        assert g["default_level"] in levels
        assert set(g["bot_kinds"]) == set(bot_kinds()) - set(levels)
        assert {"heuristic", "ismcts", "random"} <= set(g["bot_kinds"])
        assert g["move_fields"] == game.move_fields()
        assert set(g["move_fields"]) == {t.__struct_config__.tag for t in game.move_types}
        assert g["facts"] == game.facts() and g["card_pattern"] == CODE_PATTERN
    pattern = re.compile(f"(?:{games['q2j']['card_pattern']})")
    state = all_games()["q2j"].setup(2, None, 1)
    assert all(pattern.fullmatch(code) for code in state.view(0)["hand"])
    # what the page needs to add up a Le Quinze selection, from the solver's own tables
    quinze = games["quinze"]["facts"]
    assert quinze["card_values"]["K"] == 13 and quinze["card_values"]["JK"] == -1
    assert (quinze["card_values"]["A"], quinze["ace_high"], quinze["fifteen"]) == (1, 14, 15)
    assert games["pouilleux"]["facts"]["pouilleux"] == "JS"
    # Le Pouilleux's choices beyond its cards (the page's PARAM_KEYS, no longer written there)
    lay = games["pouilleux"]["move_fields"]["lay"]
    assert lay == {"cards": ["cards"], "choices": ["colour", "target", "other"]}
    assert games["pouilleux"]["move_fields"]["draw"] == {"cards": [], "choices": ["position"]}


def test_quick_play_without_a_level_is_the_published_default_level() -> None:
    """A waiting quick-play table is shared only by players who asked for the same level: one
    who names ``default_level`` joins the table of one who named none."""
    h = Harness()
    ann, bob, cid = h.connect("ann"), h.connect("bob"), h.connect("cid")
    default = h.request(ann, "list_games")["body"]["games"][0]["default_level"]
    other = next(lv.id for lv in LEVELS if lv.id != default)
    first = h.request(ann, "quick_play", game="q2j", players=3)["body"]["table"]
    assert (
        h.request(cid, "quick_play", game="q2j", players=3, level=other)["body"]["table"] != first
    )
    assert (
        h.request(bob, "quick_play", game="q2j", players=3, level=default)["body"]["table"] == first
    )
