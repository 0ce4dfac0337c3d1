"""The leak guard: no hidden card leaves the game master.

Every update is built from ``state.view(seat)`` and the events ``seat`` may see, so nothing else
about a state is sent; with the guard on (``--leak-guard``, the tests) every outgoing table
message is also checked against ``state.secret_cards(seat)`` (:func:`check_leak`). Error texts
are scrubbed of the recipient's hidden cards (:func:`scrub`).
"""

from __future__ import annotations

import re
from typing import Any

import msgspec

from atout.games.base import State
from atout.locales import say
from atout.protocol import messages as m


class LeakError(AssertionError):
    """A message about to leave the game master names a card its recipient may not see."""


def check_leak(state: State[Any] | None, tid: str, seat: int | None, msg: m.Message) -> None:
    """Raise :class:`LeakError` if ``msg`` names a card ``seat`` may not see in ``state``."""
    if state is None:
        return
    secret = {c.code for c in state.secret_cards(seat)}
    found = secret.intersection(strings(msgspec.to_builtins(msg)))
    if found:
        raise LeakError(f"table {tid}: message to seat {seat} names hidden cards {sorted(found)}")


def strings(obj: Any) -> set[str]:
    """Every string in a JSON-like value (keys included)."""
    out: set[str] = set()
    stack = [obj]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            out.add(x)
        elif isinstance(x, dict):
            out.update(k for k in x if isinstance(k, str))
            stack.extend(x.values())
        elif isinstance(x, list | tuple):
            stack.extend(x)
    return out


_CODE = re.compile(r"\b(?:10|[2-9AJQK])[CDHS](?:#\d)?\b|\bJK\d(?:#\d)?")


def scrub(text: str, secret: set[Any], lang: str) -> str:
    """``text`` with every hidden card (code or name) replaced: errors never reveal cards."""
    if not secret:
        return text
    codes = {c.code for c in secret}
    text = _CODE.sub(lambda mo: "??" if mo.group(0) in codes else mo.group(0), text)
    this = say(lang, "error-this-card")

    def said(mo: re.Match[str]) -> str:  # as a card, not as a riddle ("? is not in your hand")
        lead = mo.group(1)
        return this if lead is None else lead + this.capitalize()

    for c in secret:
        name = c.name(lang)
        if name in text:
            text = re.sub(rf"(^|[.!?] )?{re.escape(name)}", said, text)
    return text
