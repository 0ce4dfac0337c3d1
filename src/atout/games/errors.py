"""The errors atout tells its users: one root with a stable code and its words, in English and
French and, when they came from the catalogue, in any language it has. Below the games' base so
that their words (:mod:`atout.games.sentences`) can refuse a move without importing the rules."""

from __future__ import annotations

from typing import Any

from atout.locales import Said, say

__all__ = ["AtoutError", "BadOptions", "IllegalMove"]


class AtoutError(Exception):
    """Root of every error atout reports to a user. ``code`` is machine-readable and stable."""

    code: str = "error"

    def __init__(self, code: str, message: str, message_fr: str | None = None) -> None:
        super().__init__(str(message))  # plain text in the exception's args: it crosses processes
        self.code = code
        #: The catalogue's message and variables, when ``message`` came from it
        #: (:func:`atout.locales.both`): the error can then be told in any language it has.
        self.words: tuple[str, dict[str, Any]] | None = None
        if isinstance(message, Said):
            self.words = (message.msg_id, message.args)
        self.message = str(message)
        self.message_fr = message_fr or self.message

    def text(self, lang: str = "en") -> str:
        """The error in ``lang``: English and French as given; another language of the
        catalogue when the error's words came from it (English for what it lacks)."""
        if lang == "fr":
            return self.message_fr
        if lang == "en" or self.words is None:
            return self.message
        return say(lang, self.words[0], **self.words[1])

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled whole, whatever its subclass's constructor takes (an error raised in a worker
        process crosses back to the game master; ``Exception``'s own pickling calls the
        constructor with the message alone)."""
        return (_revive, (type(self), self.args, self.__dict__))

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message, "message_fr": self.message_fr}


class IllegalMove(AtoutError):
    """A move the rules refuse. The state is left unchanged."""


class BadOptions(AtoutError):
    """Options that fail validation, or a player count the game does not support."""


def _revive(cls: type[AtoutError], args: tuple[Any, ...], state: dict[str, Any]) -> AtoutError:
    err = cls.__new__(cls)
    Exception.__init__(err, *args)
    err.__dict__.update(state)
    return err
