"""The Le Pouilleux heuristic's choices among special pairs (docs/bots.md, "Le Pouilleux"), checked
at every decision of real four-player games played by the heuristic: the policy measured at
53.6% against the simpler one (bench/RESULTS.md), pinned so that a change to it is seen."""

from __future__ import annotations

import random
from collections import Counter

from atout.bots.heuristic import pouilleux as h
from atout.cards import card
from atout.games import get_game
from atout.games.pouilleux import End, Lay

JACK, QUEEN, KING = 11, 12, 13


def _decisions(players: int, games: int):
    """(view, legal, chosen move, why) at every decision with a special pair to lay."""
    game = get_game("pouilleux")
    rng = random.Random(0)
    for seed in range(games):
        state = game.setup(players, None, seed)
        while (seat := state.current) is not None:
            legal = state.legal_moves()
            view = state.observe(seat)
            move, why, _ = h.decide(view, legal, rng)
            if any(isinstance(m, Lay) for m in legal) and len(view.hand) > 2:
                yield view, legal, move, why
            state.apply(seat, move)


def _ranks(moves) -> set[int]:
    return {card(m.cards[0]).rank for m in moves if isinstance(m, Lay)}


def test_the_choices_among_special_pairs_at_four_players() -> None:
    seen: Counter[str] = Counter()
    for view, legal, move, why in _decisions(4, 150):
        me, n, sizes = view.seat, view.players, view.hand_sizes
        after = (me + view.direction) % n
        before = (me - view.direction) % n
        ranks = _ranks(legal)
        if sizes[after] == 1 and QUEEN in ranks:
            # never reverse onto a player with one card: the one after them would draw it and win
            assert not (isinstance(move, Lay) and card(move.cards[0]).rank == QUEEN)
            if ranks == {QUEEN}:
                assert isinstance(move, End) and why == "keep_queen"
                seen["keep_queen"] += 1
            continue
        assert isinstance(move, Lay)  # a special pair is always laid otherwise
        rank = card(move.cards[0]).rank
        if rank == KING:
            known_js = {k.seat for k in view.known if k.card == "JS"}
            partner = before if before not in known_js else (me + 2 * view.direction) % n
            assert {move.target, move.other} == {me, partner}, (view, move)
            seen["king"] += 1
        elif rank == JACK:
            targets = [m.target for m in legal if isinstance(m, Lay) and m.cards == move.cards]
            roomy = [t for t in targets if sizes[t] > 2]
            if roomy and not any(k.card == "JS" for k in view.known):
                assert sizes[move.target] == max(sizes[t] for t in roomy), (view, move)
                seen["jack"] += 1
    # every rule was met often enough to mean something
    assert seen["king"] >= 20 and seen["jack"] >= 20 and seen["keep_queen"] >= 3, seen


def test_at_two_players_a_special_pair_is_always_laid() -> None:
    laid = 0
    for _view, _legal, move, _why in _decisions(2, 60):
        assert isinstance(move, Lay)
        laid += 1
    assert laid > 50
