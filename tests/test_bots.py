"""Bots: only legal moves, only the view.

* every bot kind answers with a listed legal move in thousands of random positions of every game;
* ISMCTS is handed a JSON copy of the view and nothing else, plans only on determinized samples,
  and every sample shows the seat exactly its view while the hidden cards vary between samples;
* hints name a legal move and say why in English and French;
* the search's shortcuts (playouts without move lists, the heuristic prior, Le Quinze's match
  evaluation) do what they claim.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

import atout.bots.ismcts as ismcts_mod
from atout.bots import bot_kinds, make_bot, make_spec
from atout.bots.determinize import can_sample, sample
from atout.bots.heuristic import PLAYOUTS, ROLLOUTS, STRATEGIES
from atout.bots.hint import hint
from atout.bots.ismcts import ISMCTSBot
from atout.games import all_games
from atout.games.base import Game, State, View

GAMES = sorted(all_games())


def _counts(game: Game[Any]) -> list[int]:
    return sorted({game.min_players, 4 if game.max_players >= 4 else game.max_players})


def positions(game: Game[Any], players: int, count: int, seed: int) -> list[State[Any]]:
    """``count`` positions met in random playouts (clones: the caller may use them freely)."""
    rng = random.Random(seed)
    out: list[State[Any]] = []
    g = 0
    while len(out) < count:
        state = game.setup(players, None, seed * 1000 + g)
        g += 1
        while not state.is_over and len(out) < count:
            if rng.random() < 0.5:
                out.append(state.clone())
            state.apply(state.current, rng.choice(state.legal_moves()))
    return out


def view_only(state: State[Any], seat: int) -> dict[str, Any]:
    """The seat's view as it would arrive over the network: plain JSON, no link to ``state``."""
    return json.loads(json.dumps(state.view(seat)))


def typed_only(game: Game[Any], state: State[Any], seat: int) -> View:
    """That view read as the game's type, as the bots read it."""
    return game.as_view(view_only(state, seat))


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_cheap_bots_play_only_legal_moves(game_id: str, kind: str) -> None:
    game = all_games()[game_id]
    for players in _counts(game):
        bot = make_bot(kind, players)
        for state in positions(game, players, 1500, seed=players):
            seat = state.current
            legal = state.legal_moves()
            move = bot.choose(game, view_only(state, seat), legal)
            assert move in legal, f"{kind} chose {move} not in {legal}"
            state.apply(seat, move)  # the game accepts it


@pytest.mark.parametrize("game_id", ["q2j", "quinze", "pouilleux"])
@pytest.mark.parametrize("kind", ["heuristic", "debutant", "ismcts:30:infer"])
def test_bots_read_the_typed_view_as_its_json_form(game_id: str, kind: str) -> None:
    """A bot handed the typed view (``state.observe``) decides as it does on the JSON form
    that comes over the network: both are read as the game's declared view type."""
    game = all_games()[game_id]
    typed_bot, json_bot = make_spec(kind, 5), make_spec(kind, 5)
    for state in positions(game, 3, 40, seed=8):
        seat = state.current
        legal = state.legal_moves()
        move = typed_bot.choose(game, state.observe(seat), legal)
        assert move == json_bot.choose(game, view_only(state, seat), legal) and move in legal


@pytest.mark.parametrize("game_id", GAMES)
def test_ismcts_plays_only_legal_moves(game_id: str) -> None:
    game = all_games()[game_id]
    if not can_sample(game):
        pytest.skip(f"{game_id} has no determinization yet")
    for players in _counts(game):
        bot = ISMCTSBot(players, iterations=25)
        for state in positions(game, players, 80, seed=10 + players):
            seat = state.current
            legal = state.legal_moves()
            move = bot.choose(game, view_only(state, seat), legal)
            assert move in legal
            state.apply(seat, move)


@pytest.mark.parametrize("game_id", GAMES)
def test_ismcts_plans_only_on_samples_of_its_view(game_id: str, monkeypatch) -> None:
    """Every state the search touches is a sample drawn from the view; the real state is never
    reachable (the bot gets a JSON copy of the view), and the decision depends on the view only:
    two real states that look the same to the seat get the same move."""
    game = all_games()[game_id]
    if not can_sample(game):
        pytest.skip(f"{game_id} has no determinization yet")
    drawn: list[tuple[View, View]] = []

    def spy(g: Game[Any], view: View, rng: random.Random) -> State[Any]:
        s = sample(g, view, rng)
        drawn.append((view, s.observe(view.seat)))  # as sampled, before the search plays on
        return s

    monkeypatch.setattr(ismcts_mod, "sample", spy)
    rng = random.Random(3)
    for state in positions(game, 3 if game.max_players >= 3 else 2, 12, seed=5):
        seat = state.current
        view = view_only(state, seat)
        legal = state.legal_moves()
        drawn.clear()
        move = ISMCTSBot(7, iterations=40).choose(game, view, legal)
        if len(legal) > 1:
            assert drawn, "the search ran without sampling"
        for v, seen in drawn:  # the view it was handed, typed (game.as_view)
            assert v == game.as_view(view)
            assert seen == v
        # another real state with the same view for this seat (hidden cards dealt differently)
        twin = sample(game, game.as_view(view), rng)
        assert twin.view(seat) == view
        assert ISMCTSBot(7, iterations=40).choose(game, view_only(twin, seat), legal) == move


@pytest.mark.parametrize("game_id", GAMES)
def test_samples_hide_what_the_seat_cannot_know(game_id: str) -> None:
    """Across samples, the cards the seat cannot know land in different places; the true
    whereabouts of a secret card are not favoured beyond chance."""
    game = all_games()[game_id]
    if not can_sample(game):
        pytest.skip(f"{game_id} has no determinization yet")
    rng = random.Random(11)
    checked = 0
    for state in positions(game, game.min_players + 1, 30, seed=21):
        seat = state.current
        secrets = state.secret_cards(seat)
        if len(secrets) < 6:
            continue
        view = view_only(state, seat)
        where_true = {c: _zone(state, c) for c in secrets}
        in_hands = [c for c in secrets if where_true[c] != "elsewhere"]
        hits = Counter()
        layouts = set()
        for _ in range(30):
            s = sample(game, game.as_view(view), rng)
            assert s.view(seat) == view
            layout = tuple(sorted((c.code, _zone(s, c)) for c in secrets))
            layouts.add(layout)
            for c in in_hands:
                hits[_zone(s, c) == where_true[c]] += 1
        assert len(layouts) > 1, "hidden cards never vary: the sampler copies the truth"
        checked += 1
        # a leaking sampler would put the cards of other hands back where they really are
        if hits:
            assert hits[True] / (hits[True] + hits[False]) < 0.75
    assert checked


def _zone(state: State[Any], c: Any) -> str:
    for i in range(state.num_players):
        if c.code in state.view(i).get("hand", []):
            return f"hand{i}"
    return "elsewhere"


@pytest.mark.parametrize("game_id", GAMES)
def test_hints_name_a_legal_move_and_say_why(game_id: str) -> None:
    game = all_games()[game_id]
    kinds = ["heuristic", "random"] + (["ismcts:30"] if can_sample(game) else [])
    for state in positions(game, game.min_players, 25, seed=4):
        seat = state.current
        legal = state.legal_moves()
        for kind in kinds:
            move, why = hint(game, view_only(state, seat), legal, kind)
            assert move in legal
            assert why["en"] and why["fr"] and why["en"] != why["fr"]


def test_every_game_has_a_strategy_and_kinds_are_registered() -> None:
    assert {"random", "heuristic", "ismcts"} <= set(bot_kinds())
    missing = [g for g in GAMES if g not in STRATEGIES]
    assert not missing, f"no heuristic for {missing}"


def test_ismcts_time_budget_and_determinism() -> None:
    game = all_games()["q2j"]
    state = game.setup(3, None, 1)
    view, legal = view_only(state, state.current), state.legal_moves()
    a = ISMCTSBot(5, iterations=60).choose(game, view, legal)
    b = ISMCTSBot(5, iterations=60).choose(game, view, legal)
    assert a == b
    bot = ISMCTSBot(5, seconds=0.05)
    assert bot.choose(game, view, legal) in legal
    assert bot.last["iterations"] > 0 and bot.last["seconds"] < 5  # it stopped (no timing)


def test_ismcts_time_cap_reads_the_module_clock(monkeypatch) -> None:
    """The cap and the ``seconds`` budget read ``ismcts.clock`` (a benchmark may make it CPU
    time): a clock that moves 0.2 s per reading stops a 0.5 s capped search after two iterations."""
    game = all_games()["q2j"]
    state = game.setup(2, None, 1)
    view, legal = view_only(state, state.current), state.legal_moves()
    ticks = iter(range(10**6))
    monkeypatch.setattr(ismcts_mod, "clock", lambda: 0.2 * next(ticks))
    bot = ISMCTSBot(5, iterations=10_000)
    bot.time_cap = 0.5
    assert bot.choose(game, view, legal) in legal and bot.last["iterations"] == 2
    free = ISMCTSBot(5, iterations=40)  # no cap: the clock does not matter
    free.choose(game, view, legal)
    assert free.last["iterations"] == 40


def test_q2j_heuristic_rules_of_thumb() -> None:
    """Wins when it can, lays a Q², answers a Q² with a Jack, never draws when a card goes."""
    from atout.bots.heuristic import q2j as h
    from atout.games.q2j import Draw, Play

    game = all_games()["q2j"]
    base = {
        "game": "q2j",
        "seat": 0,
        "turn": 0,
        "move": 9,
        "players": 2,
        "stock_size": 30,
        "discard_size": 1,
        "passes": 0,
        "top": ["5S"],
        "discard": ["5S"],
        "hand_sizes": [3, 5],
        "shown": {"0": [], "1": []},
        "q2_owner": None,
        "q2_round": False,
        "free_lead": False,
        "options": {"face_on_ace": False, "q2_return": "free_lead"},
    }
    rng = random.Random(0)
    view = game.as_view(base | {"hand": ["QH", "QS", "7H"]})
    legal = [Play(("7H",)), Play(("QH",)), Play(("QS",)), Play(("QH", "QS")), Draw()]
    assert h.decide(view, legal, rng)[0] == Play(("QH", "QS"))
    view = game.as_view(base | {"hand": ["7H"], "hand_sizes": [1, 5]})
    assert h.decide(view, [Play(("7H",)), Draw()], rng)[1] == "win"
    view = game.as_view(base | {"hand": ["JD", "3C"], "top": ["QH", "QS"], "q2_round": True})
    assert h.decide(view, [Play(("JD",)), Draw()], rng)[0] == Play(("JD",))
    view = game.as_view(base | {"hand": ["2C", "9H", "KD"]})
    move = h.decide(view, [Play(("9H",)), Play(("KD",)), Draw()], rng)[0]
    assert move != Draw()


def test_hints_are_said_from_the_catalogue() -> None:
    """A hint's words are the catalogue's (atout/locales/<lang>/bots.ftl), counts agreeing with
    their nouns; no module of the bots picks a language by hand."""
    import ast
    from pathlib import Path

    from atout.bots.hint import _ismcts_reason
    from atout.games.q2j import Draw, Play

    game = all_games()["q2j"]
    play, draw = Play(("5H",)), Draw()
    once = _ismcts_reason(game, play, {"iterations": 1, "stats": {play: (1, 1.0)}})
    assert once["en"] == (
        "Play 5 of Hearts: in 1 simulated game from deals consistent with what you see, it was "
        "tried once and won 100% of them."
    )
    assert "sur 1 partie simulée" in once["fr"] and "essayé une fois" in once["fr"]
    many = _ismcts_reason(game, draw, {"iterations": 2, "stats": {draw: (2, 0.5), play: (1, 1.0)}})
    assert "tried 2 times" in many["en"] and "not clearly better" in many["en"]
    assert "essayé 2 fois" in many["fr"] and "pas nettement mieux" in many["fr"]
    bots = Path(__file__).resolve().parents[1] / "src" / "atout" / "bots"
    for path in bots.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Compare) and any(
                isinstance(c, ast.Constant) and c.value == "fr" for c in node.comparators
            ):
                raise AssertionError(f"{path.name}:{node.lineno} picks a language by hand")


PLAYOUT_OPTIONS = {
    "quinze": [
        {"speed": True, "match": False},
        {"empty_stock": "end_deal", "speed": True},
        {"empty_stock": "reshuffle_table"},
    ]
}


@pytest.mark.parametrize("game_id", sorted(PLAYOUTS))
def test_fast_playouts_are_the_rollout_policy_and_legal(game_id: str) -> None:
    """A game's ``playout`` (no list of legal moves, applied unchecked by the search) picks the
    very move its ``rollout`` picks from the list, with the same generator, and it is legal."""
    game = all_games()[game_id]
    playout, rollout = PLAYOUTS[game_id], ROLLOUTS[game_id]
    checked = 0
    for options in (None, *PLAYOUT_OPTIONS.get(game_id, [])):
        for players in _counts(game):
            for i, state in enumerate(positions(game, players, 700, seed=20 + players)):
                if options:  # the same kind of position under the other options
                    state = game.setup(players, options, i)
                    rng = random.Random(i)
                    for _ in range(i % 40):
                        if state.is_over:
                            break
                        state.apply(state.current, rollout(state, state.legal_moves(), rng))
                    if state.is_over:
                        continue
                legal = state.legal_moves()
                move = playout(state, random.Random(i))
                assert move == rollout(state, legal, random.Random(i))
                assert move in legal
                checked += 1
    assert checked > 2000


def test_quinze_match_evaluation_rewards_fewer_points() -> None:
    """In a match, the end of a deal is judged by win chances that always prefer fewer points;
    a single deal keeps "the fewest points win"."""
    from atout.bots.heuristic.quinze import evaluate

    game = all_games()["quinze"]
    state = game.setup(3, None, 4)
    state.phase = "scoring"
    chances = []
    for mine in (10, 20, 40, 80):
        state.totals = [mine, 30, 30]
        r = evaluate(state)
        assert sum(r) == pytest.approx(1.0)
        assert r[1] == pytest.approx(r[2])
        chances.append(r[0])
    assert chances == sorted(chances, reverse=True) and chances[0] - chances[-1] > 0.5
    single = game.setup(2, {"match": False}, 4)
    single.hands = [single.hands[0][:2], single.hands[1][:5]]
    assert evaluate(single) == [1.0, 0.0]


def test_ismcts_prior_weighs_the_observed_spread() -> None:
    """The heuristic's move is kept unless the search's best beats it by more than the noise of
    the two means, measured from the rewards' own variance: a 2-point lead is noise for win/loss
    rewards, not for the smooth rewards of Le Quinze's match evaluation."""
    from atout.bots.heuristic import HeuristicBot

    game = all_games()["quinze"]
    state = game.setup(2, None, 8)
    view, legal = typed_only(game, state, state.current), state.legal_moves()
    h = HeuristicBot(0).decide(game, view, legal)[0]
    other = next(m for m in legal if m != h)
    stats = {other: (100, 0.52), h: (100, 0.50)}
    bot = ISMCTSBot(1)
    coin = {other: 100 * 0.25, h: 100 * 0.25}  # sums of squared deviations
    assert bot._keep_heuristic(game, view, legal, other, stats, coin) == h
    smooth = {other: 100 * 0.001, h: 100 * 0.001}
    assert bot._keep_heuristic(game, view, legal, other, stats, smooth) == other
    # the heuristic's move tried twice (two losses) is not judged certain: it borrows the spread
    stats = {other: (60, 0.10), h: (2, 0.0)}
    few = {other: 60 * 0.09, h: 0.0}
    assert bot._keep_heuristic(game, view, legal, other, stats, few) == h


@pytest.mark.parametrize("game_id", GAMES)
def test_apply_unchecked_plays_like_apply(game_id: str) -> None:
    """The search's unchecked apply reaches the very states the checked one does."""
    game = all_games()[game_id]
    for state in positions(game, 2, 300, seed=31):
        twin = state.clone()
        move = random.Random(len(state.legal_moves())).choice(state.legal_moves())
        state.apply(state.current, move)
        twin.apply_unchecked(move)
        assert twin.view(None) == state.view(None)
        assert twin.move_count == state.move_count


def test_ismcts_prior_strength_per_game_and_spec() -> None:
    """Le Quinze's matches ask for 2 standard errors, its single deals and other games for the
    default; an explicit budget flag wins (``:plain`` turns the prior off)."""
    from atout.bots.ismcts import PRIOR, from_spec

    quinze, q2j = all_games()["quinze"], all_games()["q2j"]
    match = typed_only(quinze, quinze.setup(2, None, 1), 0)
    single = typed_only(quinze, quinze.setup(2, {"match": False}, 1), 0)
    other = typed_only(q2j, q2j.setup(2, None, 1), 0)
    bot = ISMCTSBot(1)
    assert bot._prior(quinze, match) == 2.0
    assert bot._prior(quinze, single) == PRIOR == bot._prior(q2j, other) == 1.0
    assert from_spec("50:plain", 1)._prior(quinze, match) == 0.0
    # the spec's tuning flags: exploration constant and prior strength
    tuned = from_spec("50:infer:c0.4:prior2.5", 1)
    assert (tuned.exploration, tuned._prior(q2j, other), tuned.iterations) == (0.4, 2.5, 50)
    assert tuned.infer and from_spec("50", 1).exploration == 0.7


def test_apply_unchecked_in_search_keeps_the_decisions(monkeypatch) -> None:
    """The search applies the moves it took from ``legal_moves`` unchecked; a search whose
    states check every move again (``apply``) decides exactly the same."""
    from atout.games.base import State

    for game_id in ("q2j", "quinze"):
        game = all_games()[game_id]
        state = game.setup(2, {"match": False} if game_id == "quinze" else None, 4)
        view, legal = view_only(state, state.current), state.legal_moves()
        fast = ISMCTSBot(9, iterations=120)
        fast.choose(game, view, legal)
        checked = ISMCTSBot(9, iterations=120)
        with monkeypatch.context() as m:
            m.setattr(State, "apply_unchecked", lambda self, move: self.apply(self.current, move))
            checked.choose(game, view, legal)
        assert fast.last["stats"] == checked.last["stats"] and fast.last["stats"]


def _matchable(cards: list[Any], slots: list[frozenset[Any]]) -> bool:
    """Whether each slot can take one of ``cards`` it allows, all different (a matching)."""
    owner: dict[int, int] = {}

    def augment(i: int, seen: set[int]) -> bool:
        for j, c in enumerate(cards):
            if c in slots[i] or j in seen:
                continue
            seen.add(j)
            if j not in owner or augment(owner[j], seen):
                owner[j] = i
                return True
        return False

    return all(augment(i, set()) for i in range(len(slots)))


@pytest.mark.parametrize(
    ("game_id", "players"), [("q2j", 2), ("q2j", 4), ("quinze", 2), ("quinze", 4)]
)
def test_belief_never_contradicts_the_truth_and_samples_show_the_view(
    game_id: str, players: int
) -> None:
    """Against players who play when they can (the heuristic), what the belief infers from the
    views always holds for the real hands; its samples show the seat exactly its view and keep
    every slot's constraint; it does constrain something."""
    from atout.bots.belief import belief_for

    game = all_games()[game_id]
    opts = {"match": False} if game_id == "quinze" else None
    constrained = 0
    rng = random.Random(5)
    for seed in range(12):
        state = game.setup(players, opts, seed)
        bots = [make_bot("heuristic", seed + i) for i in range(players)]
        belief = belief_for(game_id)
        assert belief is not None
        while (seat := state.current) is not None:
            legal = state.legal_moves()
            view = typed_only(game, state, seat)
            if seat == 0:
                belief.observe(view)
                for s, slots in belief.slots.items():
                    assert len(slots) == belief.hidden_count(view, s)
                    assert _matchable(belief.hidden_cards(state, view, s), slots)
                    constrained += sum(1 for x in slots if x)
                smp = belief.sample(game, view, rng)
                assert smp.observe(0) == view
                assert Counter(c.code for c in smp.all_cards()) == Counter(
                    c.code for c in state.all_cards()
                )
            move = bots[seat].choose(game, view, legal)
            if seat == 0:
                belief.played(move)
            state.apply(seat, move)
    assert constrained > 10


def test_q2j_belief_a_draw_says_nothing_could_go() -> None:
    """The opponent drew on the card we played: in every sample, of its hidden cards only one
    (the card it drew then) may beat that card (the unseen cards allow it)."""
    from atout.bots.belief import Q2JBelief
    from atout.cards import card
    from atout.games.q2j import Draw, Play, beats

    game = all_games()["q2j"]
    checked = 0
    for seed in range(20):
        state = game.setup(2, None, seed)
        me = state.current
        plays = [m for m in state.legal_moves() if isinstance(m, Play) and len(m.cards) == 1]
        plays = [m for m in plays if card(m.cards[0]).rank != state.top[0].rank]
        them = 1 - me
        # a shown card of theirs that could go would prove they draw when they could play
        plays = [
            m
            for m in plays
            if not any(c in state.shown and beats(c, card(m.cards[0])) for c in state.hands[them])
        ]
        if not plays:
            continue
        belief = Q2JBelief()
        belief.observe(typed_only(game, state, me))
        state.apply(me, plays[0])
        belief.played(plays[0])
        state.apply(them, Draw())
        view = typed_only(game, state, me)
        belief.observe(view)
        assert any(belief.slots[them]) and them not in belief.untrusted
        ours = card(plays[0].cards[0])
        shown = set(view.shown[str(1 - me)])
        rng = random.Random(seed)
        for _ in range(30):
            smp = belief.sample(game, view, rng)
            assert smp.observe(me) == view
            hidden = [c for c in smp.hands[1 - me] if c.code not in shown]
            assert sum(1 for c in hidden if beats(c, ours)) <= 1
        checked += 1
    assert checked >= 5
