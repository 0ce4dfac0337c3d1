"""Models to rich text: cards with suit symbols (red suits in red), the view, the log, the end.

Generic over games: the view is drawn from the game's view spec (the server's game list), field
by field in its order, each by its kind (per-seat values on the seat's line, seats by name,
cards as cards) with the game's own label. This module knows no game's keys; a game without a
spec still shows, key by key, its names tidied up. Card codes in sentences become cards.
"""

from __future__ import annotations

import re
from typing import Any

import msgspec
from rich.text import Text

from atout.cards import card, is_card_code
from atout.games import sentences
from atout.games.base import COMMON_VIEW_KEYS, Field
from atout.tui.i18n import tr
from atout.tui.model import Model, Stage

RED = "bold red"
BLACK = "bold"
CODE = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9AJQK])[CDHS](?:#\d)?(?![A-Za-z0-9])|JK\d(?:#\d)?")
MAX_CARDS = 12  # longer card lists (the discard pile) show their last cards only


def field_for(key: str, value: Any) -> Field:
    """A field the view spec does not declare (a game without one): its kind guessed from the
    value, its name tidied up."""
    name = key.replace("_", " ").capitalize()
    if isinstance(value, bool):
        kind = "flag"
    elif isinstance(value, int | float):
        kind = "number"
    elif _is_cards(value):
        kind = "cards"
    else:
        kind = "text"
    return Field(key, kind, name, name)  # type: ignore[arg-type]


def fields_of(model: Model) -> tuple[Field, ...]:
    """The view's fields: the game's spec, or every key but the interface's when it has none."""
    if model.view_spec.fields:
        return model.view_spec.fields
    return tuple(field_for(k, v) for k, v in model.view.items() if k not in COMMON_VIEW_KEYS)


def lookup(view: dict[str, Any], key: str) -> Any:
    """The value at ``key``, a dotted path (``phase.dealer``); ``None`` when absent."""
    v: Any = view
    for part in key.split("."):
        if not isinstance(v, dict):
            return None
        v = v.get(part)
    return v


def of_seat(value: Any, seat: int) -> Any:
    """A per-seat value's entry for ``seat``: a list by index, an object by the seat's number."""
    if isinstance(value, dict):
        return value.get(str(seat))
    if isinstance(value, list) and seat < len(value):
        return value[seat]
    return None


# --------------------------------------------------------------------------- cards


def card_text(code: str, lang: str = "en") -> Text:
    """One card: ``Q♥`` in red (``D♥`` in French), ``10♠`` in the default colour."""
    c = card(code)
    red = c.colour is not None and c.colour.value == "red"
    return Text(sentences.label(c, lang), style=RED if red else BLACK)


def cards_text(codes: list[str], limit: int | None = None, lang: str = "en") -> Text:
    out = Text()
    shown = codes if limit is None or len(codes) <= limit else codes[-limit:]
    if len(shown) < len(codes):
        out.append(f"… +{len(codes) - len(shown)} ", style="dim")
    for i, code in enumerate(shown):
        if i:
            out.append(" ")
        out.append_text(card_text(code, lang))
    return out


def with_cards(sentence: str, lang: str = "en") -> Text:
    """A sentence with each card code in it shown as a card."""
    out = Text()
    pos = 0
    for mt in CODE.finditer(sentence):
        if not is_card_code(mt.group()):
            continue
        out.append(sentence[pos : mt.start()])
        out.append_text(card_text(mt.group(), lang))
        pos = mt.end()
    out.append(sentence[pos:])
    return out


def _is_cards(v: Any) -> bool:
    return (
        isinstance(v, list) and bool(v) and all(isinstance(x, str) and is_card_code(x) for x in v)
    )


def value_text(f: Field, v: Any, model: Model) -> Text:
    """A view value, readable by its field's kind: cards as cards, seats as names, yes/no."""
    lang, kind = model.lang, f.kind
    if v is None or v == []:
        return Text("—", style="dim")
    if kind == "cards":
        return cards_text(list(v), MAX_CARDS, lang)
    if kind == "card_groups":
        out = Text()
        for i, group in enumerate(v):
            out.append("  " if i else "")
            out.append_text(cards_text(list(group), lang=lang))
        return out
    if kind == "card_seats":
        out = Text()
        for i, (code, seat) in enumerate(v):
            out.append(", " if i else "")
            out.append_text(card_text(code, lang))
            out.append(f" ({model.seat_name(seat)})")
        return out
    if kind == "flag":
        return Text(tr(lang, "yes" if v else "no"))
    if kind == "seat":
        return Text(model.seat_name(v))
    if kind == "seats":
        return Text(", ".join(model.seat_name(x) for x in v))
    if kind == "choice" and str(v) in f.values:
        return Text(f.values[str(v)][lang == "fr"])
    if kind == "direction":
        return Text(tr(lang, "clockwise" if v == 1 else "anticlockwise"))
    if kind == "colour":
        return Text(sentences.colour(v, lang))
    if kind == "score_table":
        out = Text()
        for i, row in enumerate(v):
            out.append_text(_row_line(f, i, row, model))
        return out
    return Text(str(v))


# --------------------------------------------------------------------------- the panels


def board_text(model: Model) -> Text:
    """The public part of the view: whose turn, each seat's line (the per-seat fields), then
    every other field, drawn from the game's view spec."""
    lang, view = model.lang, model.view
    players = int(view.get("players", len(model.seats)) or 0)
    fields = fields_of(model)
    per_seat = [f for f in fields if f.per_seat]
    out = Text()
    for i in range(players):
        if i:
            out.append("\n")
        mark = "▶ " if view.get("turn") == i else "  "
        out.append(mark, style="bold yellow")
        out.append(model.seat_name(i), style="bold" if i == model.seat else "")
        row = model.seats[i] if i < len(model.seats) else None
        if i == model.seat:
            out.append(f" [{tr(lang, 'you')}]", style="cyan")
        elif (  # a player's seat that a bot now plays: say so (a bot's own seat says its level)
            row is not None and row.bot and row.bot not in row.name and not row.gm_bot
        ):
            out.append(f" [{tr(lang, 'bot')} {row.bot}]", style="dim")
        for f in per_seat:
            x = of_seat(lookup(view, f.key), i)
            if f.kind == "card_count" and x is not None:
                out.append(f" · {tr(lang, 'cards', count=x)}")
            elif x not in (None, [], ""):
                out.append(f" · {f.label(lang)} ")
                out.append_text(value_text(f, x, model))
    for f in fields:
        v = lookup(view, f.key)
        if f.per_seat or v is None or v is False:
            continue  # unset markers and off switches say nothing
        out.append("\n")
        out.append(f"{f.label(lang)}: ", style="bold")
        if f.kind == "score_table":
            out.append("\n")
        out.append_text(value_text(f, v, model))
    return out


def hand_text(model: Model) -> Text:
    if model.seat is None:
        return Text(tr(model.lang, "no_hand"), style="dim")
    hand = model.view.get("hand")
    if not hand:
        return Text("—", style="dim")
    return cards_text(list(hand), lang=model.lang)


def move_prompt(model: Model, index: int) -> Text:
    """``3  Q♠ Q♥  play Queen of Spades + Queen of Hearts``: number, its cards, its words."""
    out = Text(f"{index + 1:>2}  " if index < 9 else "    ", style="bold cyan")
    move = model.moves[index]
    codes = _move_cards(move)
    if codes:
        out.append_text(cards_text(codes, lang=model.lang))
        out.append("  ")
    out.append(model.labels[index])
    if model.hint_index == index:
        out.append("  ★", style="bold yellow")
    return out


def _move_cards(move: Any) -> list[str]:
    try:
        data = msgspec.to_builtins(move)
    except Exception:
        return []
    found: list[str] = []
    for v in data.values() if isinstance(data, dict) else ():
        if isinstance(v, str) and v != data.get("type") and is_card_code(v):
            found.append(v)
        elif isinstance(v, list | tuple):
            found.extend(x for x in v if isinstance(x, str) and is_card_code(x))
    return found


def log_text(model: Model, limit: int = 300) -> Text:
    out = Text()
    for i, line in enumerate(model.log[-limit:]):
        if i:
            out.append("\n")
        out.append_text(with_cards(line, model.lang))
    return out


def status_text(model: Model, now: float | None = None) -> Text:
    """One or two lines: what the player can do now, an error, the hint, the turn's clock."""
    out = _status(model)
    if model.deadline_at is not None and now is not None and model.stage == Stage.PLAYING:
        left = max(0, round(model.deadline_at - now))
        out.append(" · ⏱ " + tr(model.lang, "time_left", seconds=left), "bold magenta")
    return out


def _status(model: Model) -> Text:
    lang = model.lang
    if model.message:
        return Text(model.message, style="bold red")
    if model.stage == Stage.CONNECTING:
        return Text(tr(lang, "connecting", url=model.url))
    if model.stage == Stage.CLOSED:
        return Text(tr(lang, "closed"), style="bold red")
    if model.stage == Stage.RECONNECTING:
        return Text(tr(lang, "reconnecting", url=model.node), style="bold yellow")
    if model.stage == Stage.WAITING:
        return Text(tr(lang, "waiting_players", url=model.url, table=model.table))
    if model.stage == Stage.OVER:
        return Text(tr(lang, "over_status" if model.seat is not None else "over"), style="bold")
    if model.seat is None:
        return Text(tr(lang, "watching", table=model.table))
    if model.pending:
        return Text(tr(lang, "sending"))
    if model.my_turn:
        hint = Text(tr(lang, "hint", text=model.hint), style="yellow") if model.hint else None
        out = Text(tr(lang, "your_turn"), style="bold green")
        if hint is not None:
            out.append("\n")
            out.append_text(hint)
        return out
    return Text(tr(lang, "their_turn", who=model.seat_name(model.turn)))


def _row_line(f: Field, i: int, row: dict[str, Any], model: Model) -> Text:
    """One row of a score table: ``Deal 2 (P3 out): P1 +20 · P2 +0 · P3 +0``."""
    lang = model.lang
    head = f"{f.label(lang)} {row.get('deal', i + 1)}"
    out_seat = row.get("out")
    if isinstance(out_seat, int):
        head += f" ({sentences.seat(out_seat, lang)} {tr(lang, 'went_out')})"
    scores = row.get("scores") or []
    parts = " · ".join(f"{sentences.seat(s, lang)} {x:+g}" for s, x in enumerate(scores))
    return Text(f"{head}: {parts}\n", style="dim")


def result_text(model: Model) -> Text:
    """The end: who won, the game's own sentence, each seat's score, the seed revealed."""
    lang = model.lang
    res = model.result or {}
    winners = list(res.get("winners", []))
    scores = list(res.get("scores", []))
    out = Text(tr(lang, "game_over") + "\n\n", style="bold reverse")
    if model.seat is not None:
        if model.seat in winners:
            key = "you_win" if len(winners) == 1 else "you_share"
            out.append(tr(lang, key) + "\n", style="bold green")
        else:
            out.append(tr(lang, "you_lose") + "\n", style="bold red")
    who = ", ".join(model.seat_name(w) for w in winners) or "—"
    out.append(tr(lang, "winners", count=len(winners), who=who) + "\n", style="bold")
    ends = [line for line in model.log if line][-1:]
    if ends:
        out.append_text(with_cards(ends[0], lang))
        out.append("\n")
    out.append("\n")
    out.append(f"{tr(lang, 'seat'):<6}{tr(lang, 'player'):<24}{tr(lang, 'score'):>6}\n", "bold")
    for i in range(len(model.seats) or len(scores)):
        star = "★ " if i in winners else "  "
        name = model.seats[i].name if i < len(model.seats) else ""
        if i == model.seat:
            name += f" ({tr(lang, 'you')})"
        score = scores[i] if i < len(scores) else ""
        score_s = f"{score:g}" if isinstance(score, float | int) else str(score)
        seat = sentences.seat(i, lang)
        out.append(f"{star}{seat:<4}{name[:23]:<24}{score_s:>6}\n", "green" if star != "  " else "")
    if res.get("reason"):
        out.append(tr(lang, "reason", reason=sentences.reason(str(res["reason"]), lang)) + "\n")
    if res.get("losers"):
        out.append(f"{tr(lang, 'lost', count=len(res['losers']))}: ", style="dim")
        out.append(", ".join(model.seat_name(s) for s in res["losers"]) + "\n")
    detail = res.get("detail") or {}
    declared = {f.key: f for f in model.view_spec.detail}
    fields = [declared.get(k) or field_for(k, v) for k, v in detail.items()]
    for f in sorted(fields, key=lambda f: f.kind == "score_table"):  # tables last
        if f.kind == "score_table":
            out.append_text(value_text(f, detail[f.key], model))
            continue
        out.append(f"{f.label(lang)}: ", style="dim")
        out.append_text(value_text(f, detail[f.key], model))
        out.append("\n")
    if model.seed and model.commitment:
        out.append("\n")
        out.append(tr(lang, "seed", seed=str(model.seed), commitment=model.commitment[:16]), "dim")
        out.append("\n")
    out.append("\n" + tr(lang, "over_keys"), style="bold cyan")
    return out
