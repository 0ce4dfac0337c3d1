"""atout: a game master, clients and bots for three French card games."""

__version__ = "0.1.0"
