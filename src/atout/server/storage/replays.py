"""A finished table's replay: what a spectator saw after each step, then every hand open.

Built from the table's record alone (the journal is the truth): the deal is set up again from
the seed and every recorded move applied in turn. Each step carries the spectator's view
(``state.view(None)``, the game's one gate for hidden information) and the events a spectator
may see, with their sentences in English and French; so during the replay nothing hidden is
shown. The game being over, ``final`` is the spectator's view with every seat's hand added
(each from the game's own view for that seat).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from atout.games import get_game
from atout.games.base import Event
from atout.server.storage import record as r

CACHE = 32  # replays kept built (a shared link is opened by many)

_cache: OrderedDict[str, dict[str, Any]] = OrderedDict()


def _events(game: Any, events: list[Event]) -> list[dict[str, Any]]:
    return [
        {
            "kind": e.kind,
            "seat": e.seat,
            "data": e.data,
            "text": game.describe(e, "en"),
            "text_fr": game.describe(e, "fr"),
        }
        for e in events
        if e.visible_to(None)
    ]


def build(rec: r.TableRecord) -> dict[str, Any]:
    """The replay of a finished record (see the module's docstring). Raises AtoutError if the
    record does not replay (it was checked when it was played: a damaged database)."""
    hit = _cache.get(rec.table)
    if hit is not None:
        _cache.move_to_end(rec.table)
        return hit
    if rec.seed is None:
        raise r.AtoutError("record.not_started", "The record has no seed.")
    game = get_game(rec.game)
    state = game.setup(rec.players, rec.options, r.seed_int(rec.seed))
    steps: list[dict[str, Any]] = [
        {
            "version": 0,
            "seat": None,
            "move": None,
            "events": _events(game, r.start_events(state)),
            "view": state.view(None),
        }
    ]
    for i, mv in enumerate(rec.moves):
        move = game.parse_move(mv.move)
        events = state.apply(mv.seat, move)
        if mv.how == "timeout":
            events = [Event("timeout", mv.seat, {"move": mv.move}), *events]
        steps.append(
            {
                "version": i + 1,
                "seat": mv.seat,
                "move": game.describe_move(move, "en"),
                "how": mv.how,
                "events": _events(game, events),
                "view": state.view(None),
            }
        )
    final = dict(state.view(None))
    if "hands" not in final:
        final["hands"] = [state.view(s).get("hand", []) for s in range(rec.players)]
    out = {
        "table": rec.table,
        "game": rec.game,
        "players": rec.players,
        "options": rec.options,
        "seats": [{"name": s.name, "bot": s.bot} for s in sorted(rec.seats, key=lambda s: s.seat)],
        "result": rec.result,
        "steps": steps,
        "final": final,
    }
    _cache[rec.table] = out
    if len(_cache) > CACHE:
        _cache.popitem(last=False)
    return out
