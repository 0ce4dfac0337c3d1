"""The PettingZoo AEC environment shared by every game.

Built as PettingZoo's classic environments are: :func:`env` wraps :class:`raw_env` in
``TerminateIllegalWrapper`` (an illegal action ends the game: −1 for the agent that made it, 0
for the others), ``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper``.

The game is the engine's own (:func:`atout.games.get_game`): the environment asks its state for
the legal moves, applies each move with :meth:`State.apply` and builds each agent's observation
from :meth:`State.view` for that agent's seat alone. Any registered game has one: its observation
is derived from its declared view, its actions from its move types unless it has a codec of its
own (:data:`CODECS`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from atout.games import get_game
from atout.games.base import BadOptions, Event, Game, Options, Result, State, events_for
from atout.rl.codec import SELECT, ActionTable, Codec, MoveCodec
from atout.rl.pouilleux import PouilleuxCodec
from atout.rl.q2j import Q2JCodec
from atout.rl.quinze import QuinzeCodec

#: The games whose action space is written for them; every other game's is read from its moves.
CODECS: dict[str, type[Codec]] = {c.game_id: c for c in (Q2JCodec, PouilleuxCodec, QuinzeCodec)}


def codec_for(game: Game[Any], players: int, options: Options) -> Codec:
    """The game's own codec (:data:`CODECS`), else :class:`~atout.rl.codec.MoveCodec`."""
    return CODECS.get(game.id, MoveCodec)(game, players, options)


def rewards(result: Result, players: int) -> list[float]:
    """+1 for each winner (several when the game's result shares the win), −1 for every other
    seat. Le Pouilleux's grand perdant is a non-winner like the others; Le Quinze rewards the
    match's (or the single deal's) winners."""
    return [1.0 if s in result.winners else -1.0 for s in range(players)]


def env(game_id: str = "q2j", players: int = 2, **kwargs: Any) -> AECEnv:
    """The environment for ``game_id`` with the classic environments' wrappers.

    ``render_mode`` (``"human"`` prints, ``"ansi"`` returns text), ``deck`` (a stacked deck for
    every reset: card codes in dealing order) and the game's options as keywords.
    """
    e: AECEnv = raw_env(game_id, players, **kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class raw_env(AECEnv, EzPickle):
    """One table of ``game_id`` for ``players`` agents ``player_0`` … (agent ``player_i`` is
    seat ``i``).

    ``reset(seed=s)`` deals the game atout deals with seed ``s`` (``atout`` tables, simulations
    and the environment agree); each later ``reset()`` without a seed deals seed ``s + 1``,
    ``s + 2`` …; before any seed, a random one. ``reset(options={"deck": [...]})`` stacks the
    deck for that episode (other keys are ignored, as Gymnasium's ``reset`` options allow).
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "render_modes": ["human", "ansi"],
        "name": "atout_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game_id: str = "q2j",
        players: int = 2,
        render_mode: str | None = None,
        deck: Sequence[str] | None = None,
        **options: Any,
    ) -> None:
        EzPickle.__init__(self, game_id, players, render_mode, deck, **options)
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        try:
            self.game = get_game(game_id)
        except BadOptions as e:
            raise ValueError(str(e)) from e
        self.game.check_players(players)
        self.game_options = self.game.parse_options(options)
        self.num_players = players
        self.deck = list(deck) if deck is not None else None
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"atout_{game_id}_v0"}
        self.codec = codec_for(self.game, players, self.game_options)
        c = self.codec
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents = self.possible_agents[:]
        self.action_spaces = {a: spaces.Discrete(c.num_actions) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(c.low, c.high, (c.size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (c.num_actions,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.game_state: State[Any] | None = None
        self.pending: tuple[int, ...] = ()
        self._legal: ActionTable = {}
        self._next_seed: int | None = None
        self._events: list[Event] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the episode -------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._next_seed = seed
        elif self._next_seed is None:
            self._next_seed = random.SystemRandom().randrange(2**31)
        game_seed = self._next_seed
        self._next_seed += 1
        deck = (options or {}).get("deck", self.deck)
        self.game_state = st = self.game.setup(
            self.num_players, self.game_options, seed=game_seed, deck=deck
        )
        self._events = list(st.start_events())
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.pending = ()
        self.agent_selection = self.agents[st.current or 0]
        self._after_move()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        st = self.game_state
        assert st is not None
        a = int(action)
        if a not in self._legal:
            raise ValueError(f"{agent}: action {a} ({self.codec.meaning(a)}) is not legal now")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        move = self._legal[a]
        if move is SELECT:
            self.pending = self.codec.extend(self.pending, a)
            self._legal = self.codec.actions(st, self.pending)
        else:
            self.pending = ()
            self._events.extend(st.apply(self.possible_agents.index(agent), move))
            self._after_move()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _after_move(self) -> None:
        st = self.game_state
        assert st is not None
        result = st.result()
        if result is None:
            assert st.current is not None
            self.agent_selection = self.possible_agents[st.current]
            self._legal = self.codec.actions(st, self.pending)
            return
        self._legal = {}
        for a, r in zip(self.possible_agents, rewards(result, self.num_players), strict=True):
            self.rewards[a] = r
        self.terminations = dict.fromkeys(self.agents, True)

    # -- what an agent sees --------------------------------------------------------------
    def observe(self, agent: str) -> dict[str, np.ndarray]:
        st = self.game_state
        assert st is not None, "reset() first"
        seat = self.possible_agents.index(agent)
        mine = agent == self.agent_selection and not st.is_over
        obs = self.codec.observe(st.view(seat), self.pending if mine else ())
        mask = np.zeros(self.codec.num_actions, dtype=np.int8)
        if mine:
            mask[list(self._legal)] = 1
        return {"observation": obs, "action_mask": mask}

    def legal_actions(self) -> ActionTable:
        """The current agent's legal actions and the move each makes (``"select"``: adds a card
        to the fifteen being built)."""
        return dict(self._legal)

    def actions_for(self, move: Any) -> list[int]:
        """The actions that play ``move`` (a legal move of the current seat, nothing selected):
        how a bot of :mod:`atout.bots` plays in the environment."""
        st = self.game_state
        assert st is not None and st.current is not None
        return self.codec.actions_for(move, st.current)

    # -- text ------------------------------------------------------------------------------
    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: pass render_mode='ansi'.")
            return None
        text = self._text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _text(self) -> str:
        st = self.game_state
        if st is None:
            return "(reset() first)"
        lines = [self.game.describe(e) for e in events_for(self._events, None)]
        self._events = []
        if st.is_over:
            lines.append(f"Game over: {self.rewards}")
            return "\n".join(lines)
        seat = st.current
        assert seat is not None
        view = st.view(seat)
        lines.append(f"{self.agent_selection} to act; hand: {' '.join(view.get('hand', []))}")
        if self.pending:
            picked = " ".join(self.codec.selected(self.pending))
            lines.append(f"fifteen being built: {picked}")
        legal = ", ".join(f"{a}: {self.codec.meaning(a)}" for a in sorted(self._legal))
        lines.append(f"legal: {legal}")
        return "\n".join(lines)

    def close(self) -> None:
        pass
