"""The three games as PettingZoo AEC environments (the optional ``rl`` extra).

::

    from atout import rl
    e = rl.env("quinze", players=4, match=False)
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Each game's fixed action space and observation are documented in its codec module
(:mod:`atout.rl.q2j`, :mod:`atout.rl.pouilleux`, :mod:`atout.rl.quinze`) and in docs/bots.md.
"""

from __future__ import annotations

from atout.rl.env import CODECS, env, raw_env, rewards

__all__ = ["CODECS", "env", "raw_env", "rewards"]
