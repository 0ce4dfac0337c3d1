"""Every game as a PettingZoo AEC environment (the optional ``rl`` extra).

::

    from atout import rl
    e = rl.env("quinze", players=4, match=False)
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

The observation is derived from the game's declared view (:mod:`atout.rl.observation`); the
action space from its move types (:class:`atout.rl.codec.MoveCodec`), or written for the game
where its moves want it (:mod:`atout.rl.q2j`, :mod:`atout.rl.pouilleux`, :mod:`atout.rl.quinze`).
docs/bots.md has the tables.
"""

from __future__ import annotations

from atout.rl.env import CODECS, codec_for, env, raw_env, rewards

__all__ = ["CODECS", "codec_for", "env", "raw_env", "rewards"]
