"""The I/O shell: everything that waits on the world. The asyncio loop runs the sans-I/O core
(:mod:`atout.server.core`) and does what it asks: read and write sockets (:mod:`.transport`,
:mod:`.listener`), keep the clock and timers, commit a batch of moves before announcing them
(:mod:`.ws`), run bots' searches in worker processes (:mod:`.searches`) and count what happens
(:mod:`.metrics`). A game master alone speaks to no peers (:mod:`.alone`); several speak through
:mod:`atout.server.nodes`. :mod:`.background` runs one in a thread of its own, for a caller that
is not async."""
