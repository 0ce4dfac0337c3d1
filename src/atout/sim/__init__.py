"""Self-play: seeded games between bots, in-process, and the summaries they give."""
