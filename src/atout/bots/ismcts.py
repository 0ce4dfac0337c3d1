"""Information Set Monte Carlo Tree Search (SO-ISMCTS), generic over the game interface.

Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012.
One tree is grown over the moves of every seat, as seen from the bot's seat. Each iteration:

1. **determinize**: sample a full state consistent with the bot's view (``sample(game, view,
   rng)``: the game's ``determinize``, or a sampler from :mod:`atout.bots.determinize`), so the
   search never reads cards its seat cannot know;
2. **select**: walk down while every move legal in *this* sample has a child, choosing by UCB1
   where the exploration term uses the child's *availability* (how often it was legal when its
   parent was visited) instead of the parent's visits — moves that exist only in some samples
   (an opponent playing a card it may not hold) are judged fairly;
3. **expand** one untried move, **simulate** to the end with a cheap rollout policy (the game's
   own, see :mod:`atout.bots.heuristic`, else uniform random) — to the end of the game, or to
   the game's horizon (Le Quinze: the end of the deal) where the game's evaluation scores it —
   and **backpropagate** each node's reward for the seat that made its move (a win counts 1, a
   shared win its share).

The answer is the root move visited most. The bot is built from the view alone (never a State),
so it plays the same over the network.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from atout.bots.belief import Belief, belief_for
from atout.bots.determinize import can_sample, sample
from atout.bots.registry import register, typed
from atout.games.base import Game, State, View

#: Iterations per decision by default, per game: a decision stays well under 1 s on the
#: reference 2-core machine (bench/bots.py measures it). Other games get ``DEFAULT_ITERATIONS``.
DEFAULT_ITERATIONS = 300
GAME_ITERATIONS = {"q2j": 1000, "quinze": 200, "pouilleux": 300}
#: Positions with more legal moves than this are not branched on inside the tree (the playout
#: policy moves there); a root with more than ``MAX_ROOT`` moves asks the heuristic instead, as
#: does a game that cannot sample what a seat does not see (no ``determinize``).
MAX_BRANCH = 150
MAX_ROOT = 400
#: The exploration constant of UCB1 (rewards are in [0, 1]).
EXPLORATION = 0.7
#: The heuristic's move is kept unless the most visited move's mean reward beats it by more
#: than this many standard errors (0: plain ISMCTS, the most visited move). A game's heuristic
#: module may set its own by position (``prior(view)``): Le Quinze's matches want 2.
PRIOR = 1.0
#: A rollout that has not ended after this many moves is scored by the fallback evaluation.
ROLLOUT_CAP = 400
#: The clock of the ``seconds`` budget and the ``time_cap``: wall time. A benchmark on a shared
#: machine may use the process's CPU time instead (bench/levels.py ``--cpu-time``), so that time
#: the process spends descheduled or paused cuts no search short.
clock: Callable[[], float] = time.perf_counter

Rollout = Callable[[State[Any], list[Any], random.Random], Any]
Evaluate = Callable[[State[Any]], list[float]]
Horizon = Callable[[State[Any]], bool]


class Node:
    """A node of the information-set tree: reached by ``move``, made by seat ``player``."""

    __slots__ = ("avail", "children", "move", "parent", "player", "reward", "square", "visits")

    def __init__(self, move: Any, parent: Node | None, player: int) -> None:
        self.move = move
        self.parent = parent
        self.player = player
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0
        self.square = 0.0  # sum of squared rewards: their spread, for the heuristic prior


def _random_rollout(state: State[Any], legal: list[Any], rng: random.Random) -> Any:
    return legal[int(rng.random() * len(legal))]


def _policies(game_id: str) -> tuple[Rollout | None, Evaluate | None, Horizon | None]:
    """The game's playout policy, evaluation of unfinished playouts and playout horizon, if its
    heuristic module defines them."""
    from atout.bots import heuristic

    return (
        heuristic.ROLLOUTS.get(game_id),
        heuristic.EVALUATIONS.get(game_id),
        heuristic.HORIZONS.get(game_id),
    )


def _heuristic_rollout(game: Game[Any]) -> Rollout:
    """The heuristic itself as the playout policy: each seat of the playout decides on its view
    of the sample (costlier per move, closer to how real opponents play)."""
    from atout.bots.heuristic import STRATEGIES

    strategy = STRATEGIES.get(game.id)
    if strategy is None:
        return _random_rollout

    def policy(state: State[Any], legal: list[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        return strategy.decide(state.observe(state.current), legal, rng)[0]

    return policy


def _playout(game_id: str) -> Callable[[State[Any], random.Random], Any] | None:
    """The game's playout policy that needs no list of legal moves, if it has one."""
    from atout.bots import heuristic

    return heuristic.PLAYOUTS.get(game_id)


def _outcome(state: State[Any], evaluate: Evaluate | None) -> list[float]:
    """Reward of every seat: the win shared among the winners; a capped game is evaluated."""
    n = state.num_players
    res = state.result()
    if res is None:
        if evaluate is not None:
            return evaluate(state)
        return [1.0 / n] * n
    out = [0.0] * n
    share = 1.0 / len(res.winners)
    for w in res.winners:
        out[w] = share
    return out


class ISMCTSBot:
    """SO-ISMCTS. Budget: ``iterations`` per decision (default: the game's entry in
    ``GAME_ITERATIONS``), or ``seconds`` of wall time if given."""

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = EXPLORATION,
        rollout: str = "policy",
        prior: float | None = None,
        infer: bool = False,
        budgets: dict[str, int] | None = None,
        rollouts: dict[str, str] | None = None,
        beliefs: dict[str, bool] | None = None,
    ) -> None:
        self.rng = random.Random(seed)
        self.infer = infer  # samples weighted by what play revealed (atout.bots.belief)
        self.beliefs = beliefs  # ``infer`` per game, where it differs
        self.budgets = budgets  # iterations per game when ``iterations`` is None
        self.rollouts = rollouts  # playout policy per game ("policy", "heuristic", "random")
        self.belief: Belief | None = None
        self._belief_game: str | None = None
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout = rollout
        self.prior = prior
        self.last: dict[str, Any] = {}  # statistics of the last decision (for hints, benches)
        self.time_cap: float | None = None  # seconds a decision may take, whatever the budget

    def offloads(self, game_id: str, players: int) -> bool:
        """Whether its decisions in this game at this size are searches: pure Python, the game
        master runs them in a worker process (atout.bots.pool), off the event loop."""
        return True

    def choose(self, game: Game[Any], view: View | dict[str, Any], legal: list[Any]) -> Any:
        view = typed(game, view)
        self.observe(game, view)
        move = self._choose(game, view, legal)
        self.remember(move)
        return move

    # -- the belief kept across a game, when the search runs elsewhere (the game master's worker
    # processes get a fresh bot per decision: the bot at the table observes, the worker searches)
    def observe(self, game: Game[Any], view: View | dict[str, Any]) -> Belief | None:
        """Feed the view the seat decides on to the belief (with ``infer``); return it."""
        if not self.infers(game.id):
            self.belief, self._belief_game = None, game.id
            return None
        if self._belief_game != game.id:
            self.belief, self._belief_game = belief_for(game.id), game.id
        if self.belief is not None:
            self.belief.observe(typed(game, view))
        return self.belief

    def infers(self, game_id: str) -> bool:
        """Whether the samples follow what play revealed in this game (``beliefs``, else
        ``infer``)."""
        return (self.beliefs or {}).get(game_id, self.infer)

    def remember(self, move: Any) -> None:
        """The move the seat made (its belief reads the next view in its light)."""
        if self.belief is not None:
            self.belief.played(move)

    def choose_believing(
        self, belief: Belief | None, game: Game[Any], view: View | dict[str, Any], legal: list[Any]
    ) -> Any:
        """A decision with ``belief`` already fed this view (by the bot at the table)."""
        self.belief, self._belief_game = belief, game.id
        return self._choose(game, typed(game, view), legal)

    def _choose(self, game: Game[Any], view: View, legal: list[Any]) -> Any:
        if len(legal) == 1:
            self.last = {"iterations": 0, "stats": {}}
            return legal[0]
        if len(legal) > MAX_ROOT or not can_sample(game):
            from atout.bots.heuristic import HeuristicBot

            self.last = {"iterations": 0, "stats": {}}
            return HeuristicBot(int(self.rng.random() * 2**31)).choose(game, view, legal)
        root = self.search(game, view)
        best, best_visits = legal[0], -1
        stats: dict[Any, tuple[int, float]] = {}
        spread: dict[Any, float] = {}  # sum of squared deviations from the mean
        for m in legal:
            child = root.children.get(m)
            if child is None or not child.visits:
                continue
            mean = child.reward / child.visits
            stats[m] = (child.visits, mean)
            spread[m] = max(0.0, child.square - child.visits * mean * mean)
            if child.visits > best_visits:
                best, best_visits = m, child.visits
        self.last["stats"] = stats
        if best in stats and self._prior(game, view):
            best = self._keep_heuristic(game, view, legal, best, stats, spread)
        return best

    def budget(self, game_id: str) -> int:
        """Iterations per decision in this game: ``iterations``, else the bot's own budget for
        the game (``budgets``), else the game's default (``GAME_ITERATIONS``)."""
        if self.iterations:
            return self.iterations
        own = (self.budgets or {}).get(game_id)
        return own or GAME_ITERATIONS.get(game_id, DEFAULT_ITERATIONS)

    def _prior(self, game: Game[Any], view: View) -> float:
        """How many standard errors the search must win by to overrule the heuristic."""
        if self.prior is not None:
            return self.prior
        from atout.bots.heuristic import PRIORS

        hook = PRIORS.get(game.id)
        return PRIOR if hook is None else hook(view)

    def _keep_heuristic(
        self,
        game: Game[Any],
        view: View,
        legal: list[Any],
        best: Any,
        stats: dict[Any, tuple[int, float]],
        spread: dict[Any, float],
    ) -> Any:
        """The heuristic's move unless the search found one better by more than its noise:
        with a few hundred playouts per decision, the most visited move is often only luckier.
        The noise is the standard error of the difference of the two means, with the rewards'
        variance pooled over both moves (as a two-sample t-test does): win/loss rewards give
        about p(1-p), Le Quinze's match evaluation far less, and a move tried only once or twice
        borrows the other's spread instead of looking certain."""
        from atout.bots.heuristic import STRATEGIES, HeuristicBot

        if game.id not in STRATEGIES:
            return best
        h = HeuristicBot(0).decide(game, view, legal)[0]
        if h == best or h not in stats:
            return best
        nb, vb = stats[best]
        nh, vh = stats[h]
        pooled = (spread[best] + spread[h]) / max(1, nb + nh - 2)
        noise = math.sqrt(pooled * (1 / nb + 1 / nh))
        self.last["kept_heuristic"] = vh >= vb - self._prior(game, view) * noise
        return h if self.last["kept_heuristic"] else best

    def search(self, game: Game[Any], view: View) -> Node:
        """Grow the tree from ``view`` within the budget; returns the root."""
        rng = self.rng
        me = view.seat
        rollout, evaluate, horizon = _policies(game.id)
        draw = self.belief.sample if self.belief is not None else sample
        kind = (self.rollouts or {}).get(game.id, self.rollout)
        policy = (rollout if kind == "policy" else None) or _random_rollout
        if kind == "heuristic":
            policy = _heuristic_rollout(game)
        fast = _playout(game.id) if kind == "policy" else None
        iterations = self.budget(game.id)
        c = self.exploration
        root = Node(None, None, me)
        deadline = None if self.seconds is None else clock() + self.seconds
        cap = None if self.time_cap is None else clock() + self.time_cap
        done = 0
        t0 = clock()
        while True:
            if deadline is None:
                if done >= iterations:
                    break
            elif clock() >= deadline and done > 0:
                break
            if cap is not None and done > 0 and clock() >= cap:
                break
            done += 1
            state = draw(game, view, rng)
            node = root
            # select while fully expanded for this sample
            while (seat := state.current) is not None:
                if horizon is not None and horizon(state):
                    break
                legal = state.legal_moves()
                if len(legal) > MAX_BRANCH:
                    break
                children = node.children
                untried = [m for m in legal if m not in children]
                if untried:
                    move = untried[int(rng.random() * len(untried))]
                    child = Node(move, node, seat)
                    children[move] = child
                    state.apply_unchecked(move)  # from legal_moves: no second check
                    node = child
                    break
                best: Node | None = None
                best_score = -1.0
                for m in legal:
                    ch = children[m]
                    score = ch.reward / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                    if score > best_score:
                        best, best_score = ch, score
                    ch.avail += 1
                assert best is not None
                state.apply_unchecked(best.move)
                node = best
            # simulate
            steps = 0
            if fast is not None:
                while state.current is not None and steps < ROLLOUT_CAP:
                    if horizon is not None and horizon(state):
                        break
                    state.apply_unchecked(fast(state, rng))
                    steps += 1
            while state.current is not None and steps < ROLLOUT_CAP:
                if horizon is not None and horizon(state):
                    break
                state.apply_unchecked(policy(state, state.legal_moves(), rng))
                steps += 1
            rewards = _outcome(state, evaluate)
            # backpropagate
            n: Node | None = node
            while n is not None:
                r = rewards[n.player]
                n.visits += 1
                n.reward += r
                n.square += r * r
                n = n.parent
        self.last = {"iterations": done, "seconds": clock() - t0}
        return root


#: What ``ismcts:…`` takes: the most iterations, the most seconds, the flags without a number.
MAX_SPEC_ITERATIONS = 1_000_000
MAX_SPEC_SECONDS = 60.0
SPEC_FLAGS = ("random", "plain", "infer", "hrollout")
SPEC_FORM = (
    "ismcts:N (1 to 1000000 iterations) or ismcts:Xs (seconds, up to 60), then flags among "
    ":random :plain :infer :hrollout :c0.7 :prior2"
)


def _number(text: str, spec: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 0:
        raise ValueError(f"{spec!r}: {text!r} is not a number; {SPEC_FORM}")
    return value


def from_spec(arg: str, seed: int) -> ISMCTSBot:
    """``ismcts:500`` (iterations), ``ismcts:0.5s`` (seconds), then optional flags:
    ``:random`` (uniform playouts instead of the game's policy), ``:plain`` (no heuristic
    tie-break at the root: the most visited move), ``:infer`` (samples weighted by what play
    revealed: :mod:`atout.bots.belief`), ``:c0.4`` (the exploration constant, else
    ``EXPLORATION``), ``:prior2`` (the heuristic tie-break's standard errors, else ``PRIOR``).
    Anything else is refused with the form expected (a ``ValueError``)."""
    budget, *flags = arg.split(":")
    spec = f"ismcts:{arg}"
    kw: dict[str, Any] = {}
    for f in flags:
        if f in SPEC_FLAGS:
            continue
        if f[:1] == "c" and f[1:2].isdigit():
            kw["exploration"] = _number(f[1:], spec)
        elif f.startswith("prior") and f[5:6].isdigit():
            kw["prior"] = _number(f[5:], spec)
        else:
            raise ValueError(f"{spec!r}: unknown flag {f!r}; {SPEC_FORM}")
    if "random" in flags:
        kw["rollout"] = "random"
    if "plain" in flags:
        kw["prior"] = 0.0
    if "infer" in flags:
        kw["infer"] = True
    if "hrollout" in flags:
        kw["rollout"] = "heuristic"
    if budget.endswith("s"):
        seconds = _number(budget[:-1], spec)
        if not 0 < seconds <= MAX_SPEC_SECONDS:
            raise ValueError(f"{spec!r}: {seconds:g} seconds is out of range; {SPEC_FORM}")
        return ISMCTSBot(seed, seconds=seconds, **kw)
    if not (budget.isascii() and budget.isdigit()) or not 1 <= int(budget) <= MAX_SPEC_ITERATIONS:
        raise ValueError(f"{spec!r}: {budget!r} is not a number of iterations; {SPEC_FORM}")
    return ISMCTSBot(seed, iterations=int(budget), **kw)


register("ismcts", ISMCTSBot)
