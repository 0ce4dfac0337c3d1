"""Sentences told to a player: what they did, and what was done to them, is said in the second
person ("You draw the 7♥.", "P2 draws the 7♥ from you."), in English and French; a sentence
that does not concern the reader is word for word the one a spectator reads."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from atout.games import get_game
from atout.games.base import Event, events_for
from atout.games.sentences import seat
from atout.locales import CATALOGUE, HERE, Catalogue, MissingWords, say

#: Seeded random games of every game at several sizes, with options that reach the rarer
#: endings (a turn cap, a stock run out, a match).
SCENARIOS: list[tuple[str, int, dict[str, Any], int]] = [
    *(("q2j", n, {}, seed) for n in (2, 3, 4, 5) for seed in range(6)),
    *(("q2j", 3, {"q2_return": "beat_queen", "face_on_ace": True}, seed) for seed in range(4)),
    *(("quinze", n, {"match": False}, seed) for n in (2, 3, 4) for seed in range(4)),
    *(("quinze", 2, {"target": 30, "speed": True}, seed) for seed in range(3)),
    *(
        ("quinze", 3, {"match": False, "empty_stock": e}, 1)
        for e in ("reshuffle_table", "end_deal")
    ),
    *(("quinze", 2, {"match": False, "empty_stock": "skip_draw"}, seed) for seed in range(4)),
    *(("pouilleux", n, {}, seed) for n in (2, 3, 4, 5, 6) for seed in range(6)),
    *(("pouilleux", n, {"max_turns": 8}, seed) for n in (2, 3, 4) for seed in range(4)),
]
#: Events that list every seat with a figure (the deal's face-up cards or hand sizes, a deal's
#: points): there a seat keeps its label, even the reader's, but what the reader did is said to
#: it all the same.
LISTS = {("q2j", "deal"), ("pouilleux", "deal"), ("quinze", "deal_over")}
YOU = re.compile(r"\b(you|your|You|Your|vous|votre|vos|Vous|Votre)\b")
#: A verb in the third person after "you" / "vous": a sentence that fell back to the third person.
#: ("vous" as the subject: at the start of a sentence or after a colon; elsewhere it may be an
#: object, as in "J1 … et vous prend une carte").
THIRD = re.compile(
    r"\b[Yy]ou (has|wins|lays|plays|draws|takes|makes|goes|holds|skips|answers|imposes|swaps"
    r"|passes|deals|starts|ends)\b|(?:^|[.:!] )[Vv]ous (a|gagne|pose|joue|pioche|prend|fait"
    r"|passe|rejoue|impose|échange|répond|distribue|commence|finit|ne peut|n'a|se défausse)\b"
    r"|\bvous(?:, J\d)* et J\d (gagnent|ont|n'ont)\b"
    r"|\bYou lay .* and (imposes|takes|swaps)\b|\bVous posez .* et (impose|prend|échange)\b"
)


#: Second-person forms of a card the reader always sees (a drawer sees the card it draws, a
#: player drawn from sees it leave, the two players of a Kings' swap see both cards): kept so
#: that a variant hiding one could still be told, never reached by the games as they are.
NEVER_TOLD = {
    ("q2j-draw-hidden", "who"),
    ("quinze-draw-hidden", "who"),
    ("pouilleux-draw-hidden", "who"),
    ("pouilleux-draw-hidden", "src"),
    ("pouilleux-pick-hidden", "who"),
    ("pouilleux-pick-hidden", "src"),
    ("pouilleux-swap-hidden", "p"),
}
#: Endings random games seldom reach, built by hand: (game, players, event).
RARE = [
    ("q2j", 3, Event("pass", 1, {})),
    ("q2j", 3, Event("game_over", None, {"winners": [0], "reason": "deadlock"})),
    ("q2j", 3, Event("game_over", None, {"winners": [0, 2], "reason": "deadlock"})),
    ("quinze", 2, Event("pass", 0, {})),
    ("quinze", 2, Event("no_draw", 1, {})),
    ("quinze", 3, Event("game_over", None, {"winners": [0, 1], "reason": "target"})),
    ("quinze", 3, Event("game_over", None, {"winners": [0, 2], "reason": "out"})),
    (
        "quinze",
        2,
        Event(
            "deal_over",
            0,
            {
                "reason": "out",
                "first_turn": True,
                "deal": 1,
                "scores": [-50, 9],
                "totals": [-50, 9],
            },
        ),
    ),
    (
        "pouilleux",
        3,
        Event(
            "game_over",
            None,
            {"winners": [0, 1], "losers": [2], "reason": "emptied_hand", "pouilleux": 2},
        ),
    ),
]


def told(game_id: str, players: int, options: dict[str, Any], seed: int) -> Iterator[Any]:
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


def check(game_id: str, s: int, e: Event, lang: str, mine: str, anyone: str) -> None:
    """The sentence told to seat ``s`` against the one told to nobody in particular."""
    assert "{" not in mine and "}" not in mine, mine
    assert not THIRD.search(mine), (e, mine)
    label = seat(s, lang)
    if (game_id, e.kind) in LISTS:
        if e.seat == s and anyone.startswith(label + " "):
            assert YOU.search(mine) and not mine.startswith(label), (e, mine)
        return
    if re.search(rf"\b{label}\b", anyone):  # the sentence speaks of the reader
        assert not re.search(rf"\b{label}\b", mine), (e, mine)
        assert YOU.search(mine), (e, mine)
    else:
        assert mine == anyone, (e, mine, anyone)


def second_person_forms(prefixes: tuple[str, ...]) -> set[tuple[str, str]]:
    """Every (message, reader's part) the catalogue has a variant for, in the games' words."""
    return {
        (msg, part)
        for lang in ("en", "fr")
        for msg in CATALOGUE.ids(lang)
        if msg.startswith(prefixes)
        for part in CATALOGUE.facts(lang, msg).persons - {"none"}
    }


def test_the_reader_is_you_and_nobody_else_is(monkeypatch) -> None:
    said: set[tuple[str, str]] = set()
    say = Catalogue.say

    def recording(self: Catalogue, lang: str, msg_id: str, **args: Any) -> str:
        said.add((msg_id, args.get("you", "none")))
        return say(self, lang, msg_id, **args)

    monkeypatch.setattr(Catalogue, "say", recording)
    for scenario in SCENARIOS:
        for s, e, lang, mine, anyone in told(*scenario):
            check(scenario[0], s, e, lang, mine, anyone)
    for game_id, players, e in RARE:
        game = get_game(game_id)
        for s in range(players):
            for lang in ("en", "fr"):
                check(game_id, s, e, lang, game.describe(e, lang, s), game.describe(e, lang))
    forms = second_person_forms(("q2j-", "quinze-", "pouilleux-"))
    assert forms - said == NEVER_TOLD  # every second-person form was said and checked


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
    kings = {"cards": ["KH", "KS"], "rank": 13, "target": 0, "other": 2}
    assert pou.describe(Event("lay", 0, kings), "fr", 0) == (
        "Vous posez les Rois (R♥ R♠) et échangez une carte avec J3."
    )
    out = Event("game_over", None, {"winners": [0, 2], "losers": [1], "reason": "emptied_hand"})
    assert pou.describe(out, "en", 2).startswith("You and P1 have no cards left and win!")
    over = Event("game_over", None, {"winners": [0, 2], "reason": "deadlock"})
    assert q2j.describe(over, "en", 2) == "Nothing left to draw: the game ends and you and P1 win."
    assert q2j.describe(over, "fr", 2) == (
        "Plus rien à piocher : la partie s'arrête et vous et J1 gagnez."
    )
    won = Event("game_over", None, {"winners": [1], "reason": "target"})
    assert quinze.describe(won, "fr", 1) == (
        "La manche est finie : vous gagnez avec le moins de points."
    )
    late = Event("timeout", 0, {"move": {"type": "draw"}})
    assert q2j.describe(late, "en", 0) == (
        "You ran out of time; the game master plays for you: draw."
    )


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_missing_second_person_form_is_an_error_not_a_third_person_you(lang, tmp_path) -> None:
    """Told to its reader, a message without a variant for the reader's part is refused: it
    never falls back to the sentence said of others ("You plays…")."""
    words = (HERE / lang / "q2j.ftl").read_text(encoding="utf-8")
    cut = re.sub(r"(q2j-play = \{ \$you ->\n)    \[who\][^\n]*\n", r"\1", words)
    assert cut != words
    (tmp_path / lang).mkdir()
    (tmp_path / lang / "q2j.ftl").write_text(cut, encoding="utf-8")
    lacking = Catalogue([tmp_path])
    assert lacking.say(lang, "q2j-play", you="none", who="P1", names="Q♥").startswith("P1 ")
    with pytest.raises(MissingWords, match="no form for its reader"):
        lacking.say(lang, "q2j-play", you="who", who="P1", names="Q♥")
    with pytest.raises(MissingWords, match="no form for its reader"):  # a message for nobody
        say(lang, "q2j-reshuffle", you="who", stock=3)
