"""Models to rich text: cards with suit symbols (red suits in red), the view, the log, the end.

Generic over games: the view dict is shown key by key. A few well-known keys get a readable
label and layout (per-seat values go on the seat's line, seat numbers become seat names); any
other key is still shown, with its name tidied up. Card codes anywhere become cards.
"""

from __future__ import annotations

import re
from typing import Any

import msgspec
from rich.text import Text

from atout.cards import card, is_card_code
from atout.games import sentences
from atout.tui.i18n import tr
from atout.tui.model import Model

RED = "bold red"
BLACK = "bold"
CODE = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9AJQK])[CDHS](?:#\d)?(?![A-Za-z0-9])|JK\d(?:#\d)?")
MAX_CARDS = 12  # longer card lists (the discard pile) show their last cards only

# Keys shown elsewhere or not worth a line.
SKIP = {"game", "players", "seat", "turn", "move", "options", "hand", "result"}
# Keys whose value is one entry per seat (a list, or a dict keyed "0", "1"…).
PER_SEAT = {"hand_sizes", "shown", "laid", "hands", "totals", "turns_taken", "scores"}
# Keys whose value is a seat number.
SEAT_KEYS = {
    "q2_owner",
    "draw_from",
    "pick_from",
    "imposed_by",
    "dealer",
    "first",
    "winners",
    "losers",
    "pouilleux",
    "out",
}
LABELS: dict[str, tuple[str, str]] = {
    "top": ("Top of the pile", "Dessus de la pile"),
    "stock_size": ("Stock", "Pioche"),
    "discard_size": ("Cards in the discard", "Cartes en défausse"),
    "discard": ("Discard (latest last)", "Défausse (la dernière à droite)"),
    "reason": ("Reason", "Raison"),
    "losers": ("Lost", "Perdant(s)"),
    "detail": ("Detail", "Détail"),
    "stock": ("Stock", "Pioche"),
    "q2_owner": ("Q² laid by", "Q² posé par"),
    "q2_round": ("Q² round (Jack or draw)", "Tour de Q² (Valet ou pioche)"),
    "free_lead": ("Free lead", "Entame libre"),
    "passes": ("Passes in a row", "Passes d'affilée"),
    "table": ("On the table", "Sur la table"),
    "last_fifteen": ("Last fifteen", "Dernier quinze"),
    "made": ("Fifteens this turn", "Quinzes ce tour"),
    "used_table": ("Used the table", "A pris sur la table"),
    "can_speed_lay": ("May lay one more card", "Peut poser une carte de plus"),
    "phase": ("Phase", "Phase"),
    "name": ("Name", "Nom"),
    "deal": ("Deal", "Donne"),
    "dealer": ("Dealer", "Donneur"),
    "max_turns": ("Turn cap", "Tours maximum"),
    "deals": ("Deals so far", "Donnes jouées"),
    "direction": ("Direction", "Sens"),
    "draw_from": ("Draws from", "Pioche chez"),
    "pick_from": ("Picks from", "Prend chez"),
    "imposed": ("Colour imposed", "Couleur imposée"),
    "imposed_by": ("Imposed by", "Imposée par"),
    "turns": ("Turns played", "Tours joués"),
    "known": ("Cards you know in other hands", "Cartes connues chez les autres"),
    "hand_sizes": ("cards", "cartes"),
    "shown": ("shown", "visibles"),
    "laid": ("pairs", "paires"),
    "hands": ("hand", "main"),
    "totals": ("total", "total"),
    "turns_taken": ("turns", "tours"),
    "scores": ("score", "score"),
    "pouilleux": ("The pouilleux (J♠) is held by", "Le pouilleux (V♠) est chez"),
}


def label(key: str, lang: str) -> str:
    pair = LABELS.get(key)
    if pair is None:
        return key.replace("_", " ").capitalize()
    return pair[1] if lang == "fr" else pair[0]


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


def value_text(v: Any, model: Model, key: str = "") -> Text:
    """Any JSON value from a view, readable: cards as cards, seats as names, yes/no."""
    lang = model.lang
    if key in SEAT_KEYS and isinstance(v, int) and not isinstance(v, bool):
        return Text(model.seat_name(v))
    if key in SEAT_KEYS and isinstance(v, list) and all(isinstance(x, int) for x in v):
        return Text(", ".join(model.seat_name(x) for x in v))
    if isinstance(v, bool):
        return Text(tr(lang, "yes" if v else "no"))
    if v is None:
        return Text("—", style="dim")
    if isinstance(v, str):
        return card_text(v, lang) if is_card_code(v) else Text(v)
    if _is_cards(v):
        return cards_text(v, MAX_CARDS, lang)
    if key == "known" and isinstance(v, list) and v:  # [code, seat] pairs
        out = Text()
        for i, (code, seat) in enumerate(v):
            out.append(", " if i else "")
            out.append_text(card_text(code, lang))
            out.append(f" ({model.seat_name(seat)})")
        return out
    if isinstance(v, list):
        out = Text()
        for i, x in enumerate(v):
            out.append("  " if i else "")
            if isinstance(x, list) and all(isinstance(y, str) and is_card_code(y) for y in x):
                for y in x:
                    out.append_text(card_text(y, lang))
            else:
                out.append_text(value_text(x, model))
        return out if v else Text("—", style="dim")
    if isinstance(v, dict):
        out = Text()
        for i, (k, x) in enumerate(v.items()):
            out.append(", " if i else "")
            out.append(f"{label(k, lang).lower()} ")
            out.append_text(value_text(x, model, k))
        return out
    return Text(str(v))


# --------------------------------------------------------------------------- the panels


def _split(view: dict[str, Any], players: int) -> tuple[list[tuple[str, Any]], dict[str, Any]]:
    """The view's lines for the table panel, and its per-seat values (nested dicts flattened)."""
    lines: list[tuple[str, Any]] = []
    per_seat: dict[str, Any] = {}
    for k, v in view.items():
        if k in SKIP:
            continue
        is_seat_dict = isinstance(v, dict) and v and all(str(i) in v for i in range(players))
        if k in PER_SEAT or is_seat_dict:
            per_seat[k] = v
        elif isinstance(v, dict) and v and not is_seat_dict:
            sub_lines, sub_seat = _split(v, players)
            if sub_lines:
                lines.append((k, dict(sub_lines)))
            per_seat.update(sub_seat)
        else:
            lines.append((k, v))
    return lines, per_seat


def board_text(model: Model) -> Text:
    """The public part of the view: whose turn, each seat's line, then every other field."""
    lang, view = model.lang, model.view
    players = int(view.get("players", len(model.seats)) or 0)
    lines, per_seat = _split(view, players)
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
        elif row is not None and row.bot and row.bot not in row.name:
            out.append(f" [{tr(lang, 'bot')} {row.bot}]", style="dim")
        for k, v in per_seat.items():
            x = v.get(str(i)) if isinstance(v, dict) else v[i] if i < len(v) else None
            if k == "hand_sizes":
                out.append(f" · {x} {tr(lang, 'card' if x == 1 else 'cards')}")
            elif x not in (None, [], ""):
                out.append(f" · {label(k, lang)} ")
                out.append_text(value_text(x, model, k))
    for k, v in lines:
        if v is None or v is False:
            continue  # unset markers and off switches say nothing
        out.append("\n")
        out.append(f"{label(k, lang)}: ", style="bold")
        out.append_text(value_text(v, model, k))
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
    if model.deadline_at is not None and now is not None and model.stage == "playing":
        left = max(0, round(model.deadline_at - now))
        out.append(" · ⏱ " + tr(model.lang, "time_left", seconds=left), "bold magenta")
    return out


def _status(model: Model) -> Text:
    lang = model.lang
    if model.message:
        return Text(model.message, style="bold red")
    if model.stage == "connecting":
        return Text(tr(lang, "connecting", url=model.url))
    if model.stage == "closed":
        return Text(tr(lang, "closed"), style="bold red")
    if model.stage == "waiting":
        return Text(tr(lang, "waiting_players", url=model.url, table=model.table))
    if model.stage == "over":
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


def _deal_line(deal: dict[str, Any], model: Model) -> Text:
    """One deal of a match: ``Deal 2 (P3 out): P1 +20 · P2 +0 · P3 +0``."""
    lang = model.lang
    head = f"{label('deal', lang)} {deal.get('deal', '?')}"
    out_seat = deal.get("out")
    if isinstance(out_seat, int):
        went = "sort" if lang == "fr" else "out"
        head += f" ({sentences.seat(out_seat, lang)} {went})"
    scores = deal.get("scores") or []
    parts = " · ".join(f"{sentences.seat(i, lang)} {x:+g}" for i, x in enumerate(scores))
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
    out.append(tr(lang, "winners", who=who) + "\n", style="bold")
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
        out.append(f"{label('reason', lang)}: ", style="dim")
        out.append(sentences.reason(str(res["reason"]), lang) + "\n")
    extra = {k: v for k, v in res.items() if k == "losers" and v}
    extra.update((k, v) for k, v in (res.get("detail") or {}).items() if k != "history")
    for k, v in extra.items():
        out.append(f"{label(k, lang)}: ", style="dim")
        out.append_text(value_text(v, model, k))
        out.append("\n")
    for deal in (res.get("detail") or {}).get("history", ()):
        out.append_text(_deal_line(deal, model))
    if model.seed and model.commitment:
        out.append("\n")
        out.append(tr(lang, "seed", seed=model.seed, commitment=model.commitment[:16]), "dim")
        out.append("\n")
    out.append("\n" + tr(lang, "over_keys"), style="bold cyan")
    return out
