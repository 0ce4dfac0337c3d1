"""Helpers shared by the command-line modules."""

from __future__ import annotations

import json
from typing import Any


def options_from_pairs(pairs: list[str] | None) -> dict[str, Any]:
    """``--option name=value`` pairs; values are read as JSON when they parse, else as text."""
    out: dict[str, Any] = {}
    for item in pairs or []:
        name, _, raw = item.partition("=")
        try:
            out[name] = json.loads(raw)
        except json.JSONDecodeError:
            out[name] = raw
    return out
