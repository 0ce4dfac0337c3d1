"""Generate docs/PROTOCOL.md and docs/schema/*.json from the protocol's message definitions.

The command table and schemas come from :mod:`atout.protocol.messages`; the examples and the
sequence diagrams are real messages, captured by running the sans-I/O game master on fixed seeds
(a fake clock, seeded entropy), so the document shows exactly what the server sends. Every
registered game gets its own diagrams; its special plays are found by playing seeded random games
and keeping the first step of each distinct kind (move type, cards, events).

    python scripts/gen_protocol.py            # write
    python scripts/gen_protocol.py --check    # exit 1 if the files are stale
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import msgspec

from atout.games import all_games
from atout.protocol import messages as m
from atout.protocol.codec import encode
from atout.protocol.errors import ERROR_CODES
from atout.server.core.actor import REVEAL_SECONDS
from atout.server.core.limits import CoreLimits
from atout.server.core.router import Core

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "PROTOCOL.md"
SCHEMA_DIR = ROOT / "docs" / "schema"


# --------------------------------------------------------------------------- a scripted session


class Session:
    """Scripted clients around one deterministic core; keeps every frame in order."""

    def __init__(self, seed: int = 0) -> None:
        self.core = Core(None, entropy=random.Random(seed).randbytes, limits=CoreLimits.unlimited())
        self.now = 1_000_000.0
        self.log: list[tuple[str, str, dict[str, Any]]] = []  # (from, to, message)
        self.names: dict[int, str] = {}
        self.inbox: dict[int, list[dict[str, Any]]] = {}
        self.rid = 0
        self.nconn = 0
        self.nonces: dict[int, str] = {}  # each connection's nonce, until it reveals it

    def deliver(self, outs: list[Any]) -> None:
        for conn, msg in outs:
            d = msgspec.json.decode(encode(msg))
            self.inbox.setdefault(conn, []).append(d)
            self.log.append(("GM", self.names[conn], d))

    def connect(self, name: str) -> int:
        self.nconn += 1
        c = self.nconn
        self.names[c] = name
        self.core.connect(c)
        self.req(c, "hello", versions=[1], name=name)
        return c

    def req(self, conn: int, cmd: str, **body: Any) -> dict[str, Any]:
        self.rid += 1
        d = {"cmd": cmd, "from": self.names[conn], "to": "gm", "id": self.rid, "body": body}
        self.log.append((self.names[conn], "GM", d))
        start = len(self.inbox.get(conn, []))
        self.deliver(self.core.receive(conn, msgspec.json.encode(d), self.now))
        got = [x for x in self.inbox.get(conn, [])[start:] if x.get("id") == self.rid]
        return got[0] if got else {}

    def raw(self, conn: int, data: str) -> None:
        self.log.append((self.names[conn], "GM", {"cmd": "(malformed)", "raw": data}))
        self.deliver(self.core.receive(conn, data, self.now))

    def drop(self, conn: int) -> None:
        self.log.append((self.names[conn], "GM", {"cmd": "(connection lost)"}))
        self.deliver(self.core.disconnect(conn, self.now))

    def advance(self, dt: float) -> None:
        self.now += dt
        self.deliver(self.core.tick(self.now))

    def last_update(self, conn: int) -> dict[str, Any]:
        return next(x for x in reversed(self.inbox[conn]) if x["cmd"] == "update")

    def mark(self) -> int:
        return len(self.log)


def seat_name(i: int) -> str:
    return f"J{i + 1}"


def signature(move: dict[str, Any], update: dict[str, Any]) -> tuple[Any, ...]:
    """What kind of step this is: the move type, how many cards it names, the event kinds."""
    cards = move.get("cards")
    kinds = tuple(sorted({e["kind"] for e in update["body"]["events"]}))
    return (move.get("type"), len(cards) if isinstance(cards, list) else None, kinds)


# --------------------------------------------------------------------------- rendering


def short(d: dict[str, Any], limit: int = 110) -> str:
    """A message in one line for a diagram arrow."""
    cmd = d.get("cmd", "")
    if cmd.startswith("("):
        return cmd
    b = d.get("body", {})
    tag = []
    if d.get("id") is not None:
        tag.append(f"id {d['id']}")
    if d.get("seq") is not None:
        tag.append(f"seq {d['seq']}")
    if cmd == "update":
        evs = ", ".join(
            e["kind"] + ("" if e.get("seat") is None else f"({seat_name(e['seat'])})")
            for e in b["events"]
        )
        extra = f"v{b['version']} turn {'-' if b['turn'] is None else seat_name(b['turn'])}"
        if b.get("legal"):
            extra += f", {len(b['legal'])} legal"
        text = f"update [{extra}] events: {evs or '-'}"
    elif cmd == "move":
        text = f"move v{b['version']} {json.dumps(b['move'], ensure_ascii=False)}"
    elif cmd == "error":
        text = f"error {b['code']}"
    else:
        keys = {
            k: v
            for k, v in b.items()
            if k
            in (
                "table",
                "seat",
                "game",
                "players",
                "version",
                "code",
                "commitment",
                "seed",
                "secret",
                "nonce",
                "nonce_commitment",
                "pending",
                "token",
                "votes",
                "new_table",
            )
        }
        for k in ("commitment", "seed", "secret", "nonce", "nonce_commitment"):
            if keys.get(k):
                keys[k] = keys[k][:12] + "…"
        if keys.get("token"):
            keys["token"] = keys["token"][:8] + "…"
        text = f"{cmd} {json.dumps(keys, ensure_ascii=False)}" if keys else cmd
    if tag:
        text += f" ({', '.join(tag)})"
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return text.replace(";", ",").replace("#", "♯")


def section(
    title: str, text: str, log: list[Any], notes: dict[int, str] | None = None
) -> list[str]:
    """A heading, a paragraph and the sequence diagram of ``log``."""
    return [f"### {title}", "", text, "", diagram(log, notes), ""]


def diagram(log: list[tuple[str, str, dict[str, Any]]], notes: dict[int, str] | None = None) -> str:
    people: list[str] = []
    for a, b, _ in log:
        for p in (a, b):
            if p != "GM" and p not in people:
                people.append(p)
    ids = {"GM": "GM"} | {p: f"P{i}" for i, p in enumerate(people)}
    lines = ["```mermaid", "sequenceDiagram", "    participant GM as Game master"]
    lines += [f"    participant {ids[p]} as {p}" for p in people]
    for i, (a, b, d) in enumerate(log):
        arrow = "->>" if a != "GM" else "-->>"
        lines.append(f"    {ids[a]}{arrow}{ids[b]}: {short(d)}")
        if notes and i in notes:
            lines.append(f"    Note over GM: {notes[i]}")
    lines.append("```")
    return "\n".join(lines)


def fence(d: dict[str, Any]) -> str:
    return "```json\n" + json.dumps(d, ensure_ascii=False, indent=None) + "\n```"


# --------------------------------------------------------------------------- per game


def nonce_commitment(nonce: str) -> str:
    return hashlib.sha256(f"atout-nonce:{nonce}".encode()).hexdigest()


def play_game(
    game_id: str, players: int, seed: int, **table: Any
) -> tuple[Session, str, list[int]]:
    s = Session(seed)
    conns = [s.connect(seat_name(i)) for i in range(players)]
    tid = s.req(conns[0], "create_table", game=game_id, players=players, **table)["body"]["table"]
    rng = random.Random(seed + 1000)  # as the client libraries do: 16 random bytes, hex
    for i, c in enumerate(conns):
        s.nonces[c] = nonce = rng.randbytes(16).hex()
        s.req(c, "join", table=tid, seat=i, nonce_commitment=nonce_commitment(nonce))
    reveal(s, tid, conns)
    return s, tid, conns


def reveal(s: Session, tid: str, conns: list[int]) -> None:
    """Each seat asked to reveal (the table is full) sends its nonce, as the libraries do."""
    for c in conns:
        asked = any(x["cmd"] == "reveal" and x["body"]["table"] == tid for x in s.inbox[c])
        if asked and c in s.nonces:
            s.req(c, "reveal", table=tid, nonce=s.nonces.pop(c))


def turn_step(
    s: Session, tid: str, conns: list[int], rng: random.Random
) -> tuple[int, int, dict[str, Any], dict[str, Any]] | None:
    """Play one random legal move; return (log start, log end, move, mover's reply)."""
    u = s.last_update(conns[0])["body"]
    if u["turn"] is None:
        return None
    c = conns[u["turn"]]
    mine = s.last_update(c)["body"]
    move = rng.choice(mine["legal"])
    start = s.mark()
    rep = s.req(c, "move", table=tid, version=mine["version"], move=move)
    return start, s.mark(), move, rep


def game_section(game_id: str) -> str:
    game = all_games()[game_id]
    n = max(game.min_players, min(3, game.max_players))
    out = [f"## {game.titles['en']} (`{game_id}`)", ""]

    # connect + lobby, start + deal
    s, tid, conns = play_game(game_id, n, seed=1, autostart=False)
    spect = s.connect("Spectator")
    s.req(spect, "list_tables")
    s.req(spect, "watch", table=tid)
    start = s.mark()
    s.req(conns[0], "start", table=tid)
    reveal(s, tid, conns)
    lobby_log = s.log[:start]
    deal_log = s.log[start:]
    out += ["### Connection and lobby", "", diagram(lobby_log), ""]
    out += section(
        "Start and deal",
        "The commitment was published at the creation, and every seat committed to its nonce with `join`. Once the table is full (here: `start`), the game master asks every seat for its nonce (`reveal`, sent again after each reveal with the seats still awaited); the last reveal deals: `started` lists every seat's nonce and commitment, from which (with the secret) the seed is derived. Each member then gets its own first `update` (its hand, the public deal events).",
        deal_log,
    )

    # ordinary turns and special plays: the first step of each kind in seeded random games
    seen: dict[tuple[Any, ...], tuple[list[Any], str, int]] = {}
    counts: dict[tuple[Any, ...], int] = {}
    end_log: list[Any] | None = None
    for k in range(40):
        s2, tid2, conns2 = play_game(game_id, n, seed=100 + k)
        rng = random.Random(k)
        for _ in range(3000):
            step = turn_step(s2, tid2, conns2, rng)
            if step is None:
                break
            a, b, move, rep = step
            sig = signature(move, rep)
            counts[sig] = counts.get(sig, 0) + 1
            if sig not in seen:
                ev = rep["body"]["events"]
                text = "; ".join(game.describe(_event(e), "en") for e in ev[:3])
                seen[sig] = (s2.log[a:b], text, len(seen))
            if rep["body"]["turn"] is None and end_log is None:
                end_log = s2.log[a:]
    ordered = sorted(seen.items(), key=lambda kv: -counts[kv[0]])
    common = ordered[0]
    out += section(
        "An ordinary turn",
        f"The most frequent kind of step (`{common[0][0]}`, events {', '.join(common[0][2])}). The mover's copy of the `update` answers its `move` (same `id`).",
        common[1][0],
        {0: _note(common[1][1])},
    )
    out += [
        "### Every other kind of play",
        "",
        "Each distinct step found in seeded random games (move type, number of cards, events), rarest last.",
    ]
    for sig, (log, text, _) in ordered[1:]:
        cards = "" if sig[1] is None else f", {sig[1]} card(s)"
        out += [
            "",
            f"#### `{sig[0]}`{cards} → {', '.join(sig[2]) or 'no event'}",
            "",
            f"> {text}",
            "",
            diagram(log, {0: _note(text)}),
        ]
    out.append("")

    # errors
    s3, tid3, conns3 = play_game(game_id, n, seed=7)
    u = s3.last_update(conns3[0])["body"]
    mover, other = conns3[u["turn"]], conns3[(u["turn"] + 1) % n]
    mark = s3.mark()
    legal = s3.last_update(mover)["body"]["legal"]
    s3.req(other, "move", table=tid3, version=u["version"], move=legal[0])
    s3.req(mover, "move", table=tid3, version=u["version"] + 5, move=legal[0])
    s3.req(mover, "move", table=tid3, version=u["version"], move={"type": "no-such-move"})
    s3.raw(mover, '{"cmd":"move","id":99,"body":{"table":42}}')
    out += section(
        "Errors", "A refused request changes nothing; the error answers its `id`.", s3.log[mark:]
    )

    # time-out
    s4, _, _ = play_game(game_id, n, seed=8, turn_seconds=30)
    mark = s4.mark()
    s4.advance(30.5)
    out += section(
        "Time-out",
        "With `turn_seconds` set, a seat that does not move in time gets the game's default move (`State.default_move`); every member sees a `timeout` event before the move's own events.",
        s4.log[mark:],
    )

    # reconnection
    s5, tid5, conns5 = play_game(game_id, n, seed=9, turn_seconds=30)
    token = next(x for x in s5.inbox[conns5[0]] if x["cmd"] == "joined")["body"]["token"]
    seen_v = s5.last_update(conns5[0])["body"]["version"]
    mark = s5.mark()
    s5.drop(conns5[0])
    s5.advance(30.5)
    s5.advance(30.5)
    back = s5.connect("J1 again")
    s5.req(back, "resume", table=tid5, token=token, version=seen_v)
    out += section(
        "Reconnection",
        'A dropped seat waits with its timer running. The token (not the name) gets it back; `version` says what the client last saw, and the catch-up `update` carries every event since — of the last 200 steps at most (`CATCH_UP_STEPS`): a longer gap starts with an `earlier` event, `{"steps": n}`, counting the steps left out (the view is always whole). `watch` and `resume` count as 8 commands in the rate limit.',
        s5.log[mark:],
    )

    # end of game
    if end_log is not None:
        out += section(
            "End of game",
            'The last move\'s updates, then `game_over` with the result for every seat, the secret, the nonces and the seed revealed (check `sha256("atout-secret:" + secret)` against the commitment and the seed against the secret and the nonces: see "Fair deals").',
            end_log,
        )
    return "\n".join(out)


def _event(e: dict[str, Any]) -> Any:
    from atout.games.base import Event

    return Event(e["kind"], e.get("seat"), e.get("data", {}))


def _note(text: str) -> str:
    return text.replace(";", ",").replace("#", "♯")[:150]


# --------------------------------------------------------------------------- commands, schemas


def schema_of(cls: Any) -> dict[str, Any]:
    """The published schema: msgspec's, as strict as the document — every message has ``cmd``,
    ``from``, ``to`` and ``body``, and every table event a ``seq``."""
    sch = msgspec.json.schema(cls)
    events = {
        c.__name__
        for c in m.SERVER_MESSAGES
        if _recipient(c.__struct_config__.tag).startswith("every member")
    }
    for name, d in sch.get("$defs", {}).items():
        if "cmd" in d.get("properties", {}):
            need = {"cmd", "from", "to", "body"} | ({"seq"} if name in events else set())
            d["required"] = sorted(set(d.get("required", [])) | need)
    return sch


def body_rows(cls: type[m.Message]) -> list[str]:
    sch = schema_of(cls)
    defs = sch["$defs"]
    body_ref = defs[cls.__name__]["properties"]["body"]
    ref = body_ref.get("$ref", "").split("/")[-1]
    props = defs.get(ref, {}).get("properties", {})
    req = set(defs.get(ref, {}).get("required", []))
    rows = []
    for name, p in props.items():
        typ = _type(p)
        desc = p.get("description", "")
        rows.append(f"`{name}`{'' if name in req else '?'}: {typ}" + (f" — {desc}" if desc else ""))
    return rows


def _type(p: dict[str, Any]) -> str:
    if "$ref" in p:
        return p["$ref"].split("/")[-1]
    if "anyOf" in p:
        return " \\| ".join(_type(x) for x in p["anyOf"])
    if "enum" in p:
        return " \\| ".join(json.dumps(v) for v in p["enum"])
    t = p.get("type", "any")
    if t == "array":
        return f"list[{_type(p.get('items', {}))}]"
    return str(t)


def examples() -> dict[str, dict[str, Any]]:
    """One real example of every command, from a scripted q2j session."""
    s, tid, conns = play_game("q2j", 2, seed=3, autostart=False)
    w = s.connect("Watcher")
    s.req(w, "list_games")
    s.req(w, "list_tables")
    s.req(w, "watch", table=tid)
    s.req(conns[0], "start", table=tid)
    reveal(s, tid, conns)
    s.req(w, "ping")
    turn = s.last_update(conns[0])["body"]["turn"]
    s.req(conns[turn], "hint", table=tid)
    rng = random.Random(0)
    while turn_step(s, tid, conns, rng) is not None:
        pass
    rematch_votes(s, tid, conns)
    s.req(conns[1], "leave", table=tid)
    s5, tid5, conns5 = play_game("q2j", 2, seed=4)
    tok = next(x for x in s5.inbox[conns5[0]] if x["cmd"] == "joined")["body"]["token"]
    s5.drop(conns5[0])
    c = s5.connect("J1 again")
    s5.req(c, "resume", table=tid5, token=tok, version=0)
    s5.req(c, "move", table=tid5, version=99, move={"type": "draw"})
    out: dict[str, dict[str, Any]] = {}
    for _, _, d in s.log + s5.log:
        key = d.get("cmd", "")
        if key.startswith("("):
            continue
        direction = "c" if d.get("to") == "gm" else "g"
        out.setdefault(f"{direction}:{key}", d)
    return out


def command_section() -> str:
    ex = examples()
    lines = [
        "## Commands",
        "",
        "| # | Command | Sender | Recipient | Body | What it does |",
        "|---|---|---|---|---|---|",
    ]
    allm = [*m.CLIENT_MESSAGES, *m.SERVER_MESSAGES]
    for i, cls in enumerate(allm, 1):
        tag = cls.__struct_config__.tag
        client = cls in m.CLIENT_MESSAGES
        sender = "client" if client else "game master (`gm`)"
        recipient = "game master (`gm`)" if client else _recipient(tag)
        body = "<br>".join(body_rows(cls)) or "{}"
        lines.append(f"| {i} | `{tag}` | {sender} | {recipient} | {body} | {cls.summary} |")
    lines += ["", "### Examples", ""]
    for cls in allm:
        tag = cls.__struct_config__.tag
        key = f"{'c' if cls in m.CLIENT_MESSAGES else 'g'}:{tag}"
        lines.append(f"**`{tag}`** ({cls.direction})")
        lines.append("")
        lines.append(fence(ex[key]) if key in ex else "_(no example in the scripted session)_")
        lines.append("")
    return "\n".join(lines)


def _recipient(tag: str) -> str:
    if tag in ("table", "reveal", "started", "update", "game_over", "rematch", "rematch_ready"):
        return "every member of the table: `<table>/<seat>` or `<table>/spectators`"
    return "the requesting client (by name)"


def error_section() -> str:
    lines = ["## Error codes", "", "| Code | Meaning |", "|---|---|"]
    lines += [f"| `{k}` | {v} |" for k, v in ERROR_CODES.items()]
    return "\n".join(lines)


def rematch_votes(s: Session, tid: str, conns: list[int]) -> None:
    """Every player votes for the rematch with a commitment, then reveals at the new table
    (started by J1 if it does not start by itself)."""
    for c, nonce in zip(conns, ("5f" * 16, "a3" * 16), strict=False):
        s.nonces[c] = nonce
        s.req(c, "rematch", table=tid, nonce_commitment=nonce_commitment(nonce))
    ready = [x for x in s.inbox[conns[0]] if x["cmd"] == "rematch_ready"]
    if ready:
        nid = ready[-1]["body"]["new_table"]
        if not any(x["cmd"] == "reveal" for x in s.inbox[conns[0]][-3:]):
            s.req(conns[0], "start", table=nid)  # a table without autostart, as the first
        reveal(s, nid, conns)


def withheld_section() -> str:
    """A seat that does not reveal: the table is aborted at the time-out, the seat named."""
    s = Session(6)
    conns = [s.connect(seat_name(i)) for i in range(2)]
    tid = s.req(conns[0], "create_table", game="q2j", players=2)["body"]["table"]
    mark = 0
    for i, c in enumerate(conns):
        nonce = f"{i + 1:x}" * 32
        mark = s.mark()
        s.req(c, "join", table=tid, seat=i, nonce_commitment=nonce_commitment(nonce))
        s.nonces[c] = nonce
    s.req(conns[0], "reveal", table=tid, nonce="0" * 32)
    s.req(conns[0], "reveal", table=tid, nonce=s.nonces.pop(conns[0]))
    s.req(conns[1], "leave", table=tid)
    late = s.mark()
    s.advance(REVEAL_SECONDS + 0.5)
    info = next(d for _, _, d in s.log[late:] if d.get("cmd") == "table")["body"]
    note = f"{REVEAL_SECONDS:.0f} s later: status {info['status']}, withheld {info['withheld']}"
    return "\n".join(
        [
            "### A reveal withheld",
            "",
            f"J2's seat fills the table: both seats are asked to reveal. J1 first reveals a nonce that is not the one it committed to (refused: `table.bad_reveal`, nothing changes), then the right one; J2 never reveals (and may not leave meanwhile: `table.revealing`). After {REVEAL_SECONDS:.0f} s the table is aborted, and its info names the seat that withheld (`withheld`).",
            "",
            diagram(s.log[mark:], {late - mark - 1: note}),
            "",
        ]
    )


def general_section() -> str:
    s, tid, conns = play_game("q2j", 2, seed=5, autostart=False)
    w = s.connect("Spectator")
    s.req(w, "watch", table=tid)
    mark = s.mark()
    s.req(conns[0], "start", table=tid)
    reveal(s, tid, conns)
    rng = random.Random(0)
    while turn_step(s, tid, conns, rng) is not None:
        pass
    mark = s.mark()
    rematch_votes(s, tid, conns)
    return "\n".join(
        [
            "## Rematch",
            "",
            "After `game_over`, each player sends `rematch` with its `nonce_commitment` for the new table (the secret of the new table was committed in `game_over`'s `rematch_commitment`); when every human seat has asked, a new table with the same settings opens and each player gets its new seat token in `rematch_ready`; spectators follow. Its seats then reveal their nonces as at any table, and it deals.",
            "",
            diagram(s.log[mark : mark + 60]),
            "",
        ]
    )


FAIR_DEALS = """## Fair deals

Nobody chooses the deal: not the game master (it cannot try seeds until one suits it), not a
player, not a seat the operator of the server takes itself. The seed that shuffles the deck is
derived from a secret the game master commits to first and from a random nonce of every seat —
each seat commits to its nonce (sends only its hash) when it takes the seat, and reveals it only
once every seat of the table has committed. Every input of the seed is thus fixed before anyone
but its owner knows any other one.

| When | Who | What |
|---|---|---|
| `create_table` (and a rematch: `game_over`) | game master | draws `secret` (32 random bytes, 64 hex digits) and publishes `commitment = sha256("atout-secret:" + secret)` in the table's info (`table_created`, `tables`, `table`) — before any seat is taken. For a rematch, `game_over` carries the new table's `rematch_commitment`. |
| at the same time | game master, for each seat it plays itself (`bots`) | `nonce = first 32 hex digits of sha256("atout-bot-nonce:" + secret + ":" + seat)`: fixed by the commitment, so it cannot be picked after seeing the players' nonces. |
| `join`, `quick_play` (a rematch: the `rematch` vote) | each player's client | draws `nonce` (16 random bytes: 32 lowercase hex digits, up to 64) and sends only `nonce_commitment = sha256("atout-nonce:" + nonce)`. The client libraries (`atout.client`, the browser's `net.js`) do it by themselves. |
| every seat taken (autostart, `start`, `fill_bots`, a rematch's seats) | game master | sends `reveal` to every member: every seat's `commitments` (null for a seat whose nonce is the game master's), the seats `pending`, the `deadline` ({reveal} s). From now on the seats are fixed: `leave`, `start` and `fill_bots` are refused with `table.revealing`. No nonce has been sent to anyone yet. |
| then | each committed seat's client | `reveal {table, nonce}` → `ok` if `sha256("atout-nonce:" + nonce)` is its seat's commitment; else `table.bad_reveal` and nothing changes (`table.not_revealing` when no reveal is asked, `table.no_commitment` for a seat that committed to none). The game master sends `reveal` again after each one, with the seats still awaited; it never passes a nonce on before the deal. |
| the last reveal | game master | `seed = sha256("atout-seed/2:" + secret + ":" + nonce_0 + ":" + nonce_1 + … + ":" + nonce_{n-1})` (hex, nonces in seat order); `started` lists the `nonces` and the `commitments`. The deck is shuffled by `random.Random(int(seed, 16))`. |
| `game_over` | game master | reveals `secret`, `nonces`, `commitments` and `seed`. |

**A seat that does not reveal** within {reveal} s of the ask (its client gone, or withholding on
purpose) does not let the table deal without it: the table is **aborted** — it ends without a
deal and without a result, and its info (`table`, to every member, and in the lobby) names the
seats that did not reveal in `withheld`. Withholding can only abort a table, never choose its
deal, and it is visible. The time-out lets a dropped client reconnect and `resume` (the game
master then asks it again); a game master restarted while its seats were revealing asks again
with the same commitments and a new time-out.

**A client that sends no commitment** (in `join`, `quick_play` or `rematch`) is still seated: its
nonce is the game master's, fixed by the secret as a bot's (`nonce_by: "server"` in the record),
and that seat trusts the game master — it added no chance of its own, so a table whose other
seats are all the game master's (bots, or puppets of the operator) could have been dealt as the
operator chose when it drew its secret. A seat freed in the waiting room loses its commitment;
whoever takes it commits anew. A player who leaves during the game keeps the nonce already
revealed (a bot plays on).

**What a client checks**: it reveals a nonce once, and only against the commitments of the first
`reveal` it answered — a game master that changed a seat after that gets no second reveal (its
table is aborted); the Python client and the browser do so by themselves. At the end, its own
nonce is at its seat, every nonce matches its seat's commitment, and the commitments are the ones
it revealed against (the browser's result screen; `atout.client.check_deal` with the feed's
`revealed_to`).

**Who can do what**

* **A player** cannot choose the deal: its nonce is fixed by its commitment before it learns any
  other nonce, and it never learns the secret before the end. By withholding its reveal it can
  only abort the table, in its own name.
* **A spectator** sees the commitments, then the nonces in `started` and the secret in
  `game_over`: nothing that lets it predict or change a deal, and never a hidden card.
* **Seats in collusion** (several players, or every seat but one) know their own nonces only:
  the honest seat's nonce and the game master's secret stay unknown to them until they are
  bound, so together they cannot choose the deal either; together they can only abort.
* **The operator** (it runs the server: it knows the secret and every nonce as it arrives) and
  its puppet seats commit before any honest nonce is revealed, so no nonce can be ground against
  the honest ones (a puppet seated last used to try a few hundred nonces in a fraction of a second
  until the deal suited it; a reveal that does not match its commitment is now refused). What it
  still can do is visible: abort a table after seeing the reveals (it alone can compute the deal
  then), or deal a table whose every other seat trusts the game master. It also sees every hand
  while the game is played — that is the game master's role; the deal is what is made fair here.

**Checking by hand**, from `game_over` or an exported record (`atout export`):

```sh
printf '%s' "atout-secret:$SECRET" | sha256sum        # = commitment
printf '%s' "atout-nonce:$N1" | sha256sum             # = seat 1's nonce_commitment
printf '%s' "atout-bot-nonce:$SECRET:2" | sha256sum   # first 32 digits = seat 2's nonce (a bot's, or a seat without a commitment)
printf '%s' "atout-seed/2:$SECRET:$N0:$N1:$N2" | sha256sum   # = seed
```

then `atout verify RECORD`, which checks every commitment against its reveal and every nonce of
the game master's against the secret, and also re-deals from the seed and replays every move.
Records are of format 3 (`atout-record/3`: the commitments in each seat's `nonce_commitment`).
Older records still verify by their own rules, and `atout verify` says which: format 2
(`atout-record/2`, nonces given in the clear with the seats, no commitments; a nonce the game
master drew at random for a client that sent none) and format 1 (`atout-record/1`, no `format`
field: no secret or nonces; the seed was drawn by the game master and is checked as
`sha256("atout-seed:" + seed) = commitment`).
"""


HEADER = """# The atout protocol

<!-- Generated by scripts/gen_protocol.py from src/atout/protocol/messages.py. Do not edit. -->

The game master (`gm`) holds the cards and the rules; clients only send choices. Every message is
one JSON object in one WebSocket text frame on `ws://HOST:PORT/ws`, and carries the four things the
rulebook asks for — **`cmd`** (the command's name), **`from`** (sender), **`to`** (recipient) and
**`body`** — plus **`id`** (a request id the client picks; the reply echoes it) and/or **`seq`**
(the table's sequence number, on every table event). The `update` answering a `move` carries both.
The game master's frames always carry all four (`to` is `""` for a client that has not said
`hello` yet); the schemas require them of clients too (the game master tolerates a missing
`from`/`to`). `seq` is strictly increasing for each recipient of a table's events, within a
connection; it may skip numbers (the catch-up after `watch` or `resume` has its own). After a
server restart a table counts again from its state version.

* **Addresses**: a client is its `name` from `hello`; the game master is `gm`; a seat is
  `<table>/<seat>` (seats count from 0; J1 is seat 0); spectators are `<table>/spectators`.
* **Versioned handshake**: the first message must be `hello` with the protocol versions the client
  speaks (`versions: [1]`); `welcome` gives the one chosen. Current version: **{version}**.
* **State version**: every `update` carries `version` (moves applied so far). A `move` echoes the
  version it was chosen on; if the table moved on, it is refused with `table.stale_state`.
* **Identity**: `joined` gives a secret seat `token`. Only the connection holding the seat may act
  for it; `resume` with the token (never the name) reclaims it after a drop.
* **Hidden cards never leave the server**: each member's `update` holds `view` = the game's view for
  its seat and only the events that seat may see; errors do not name hidden cards.
* **Fair deals**: the table's info publishes `commitment = sha256("atout-secret:" + secret)` from
  its creation; every seat commits to a nonce with its seat (`nonce_commitment` in `join`,
  `quick_play`, `rematch`) and reveals it (`reveal`) only once every seat is taken; the seed is
  `sha256("atout-seed/2:" + secret + ":" + nonce_0 + … )`; `game_over` reveals the secret, the
  nonces and the seed; `atout verify RECORD` checks them, re-deals and replays every move. See
  "Fair deals" below.
* **JSON Schemas**: `docs/schema/client.json` (everything a client may send),
  `docs/schema/server.json` (everything the game master sends), one file per command.
* **Transport and limits** (`atout serve --help` lists the options; the defaults are shown):
  * A message is one WebSocket **text** message of UTF-8 JSON. It may come in fragments, joined
    before reading; all of them together may have at most **65,536 bytes** (`--max-message`).
    A larger message gets `protocol.too_large`, then the connection is closed with **1009**.
  * A **binary** message is refused with `protocol.bad_message` (the connection stays open), as is
    JSON nested more than **32** levels deep (arrays and objects).
  * Close codes from the game master: **1007** invalid UTF-8 (inside or outside a JSON string);
    **1009** too large; **1002** a framing error; **1008** the client does not read what it is
    sent (more than `--conn-buffer` 1 MiB waiting); a client whose output stays unread for
    `--stall-timeout` (15 s), or past its share when all clients together hold over
    `--total-buffer` 64 MiB, is dropped at once (its buffer full, no close frame would reach it); **1011** no pong to the game master's ping (a connection silent for
    `--limit ping_every` 10 s is pinged, and closed when nothing comes back within as long
    again; browsers and WebSocket libraries answer pings by themselves), or silent for the idle
    time-out (`--idle-timeout` 120 s); **1012** the table moved to another node (after the error
    `table.moved`), or another node holds it now: resume; **1013** saving is paused (the
    database does not answer): resume a little later; **1001** the server is stopping; **4001** the session the socket was opened with was logged out (on
    any device, any node), after the error `account.logged_out`.
  * A connection over its command rate gets `limit.rate` once, then is not read at all until its
    bucket has refilled (`detail.retry_after`): what it sends meanwhile waits in its own socket.
  * HTTP: the whole request must arrive within `--handshake-timeout` (10 s; else 408). `/ws`
    accepts a request with no `Origin` (a program), or from a page of the server's own
    addresses: loopback (`localhost`, `127.x.x.x`, `[::1]`) at the server's own port, its
    `--host` when that is a specific address, and each `--public-url`; never an origin taken
    from the request's `Host`. Any other origin gets **403** unless `--allow-origin` names it
    (or is `*`). Beyond `--max-connections` sockets (1000, fewer under a low `ulimit -n`) `/ws`
    answers **503** with `Retry-After`; `/health` is still served. One remote address holds
    `--sockets-per-address` sockets at most (64; loopback and `--trusted-proxy` peers exempt):
    beyond, its new sockets are closed at once. Behind a reverse proxy named by
    `--trusted-proxy`, a client's address is read from `X-Forwarded-For` (docs/SECURITY.md).
"""


def render() -> dict[Path, str]:
    files: dict[Path, str] = {}
    parts = [
        HEADER.replace("{version}", str(m.PROTOCOL_VERSION)),
        FAIR_DEALS.replace("{reveal}", f"{REVEAL_SECONDS:.0f}"),
        withheld_section(),
        command_section(),
        error_section(),
        "",
    ]
    parts.append("# Sequences, game by game\n")
    parts.append(
        "Arrows from a client are requests (`->>`); the game master's answers and table events are dashed. Every diagram is a real exchange captured from the game master on fixed seeds.\n"
    )
    parts.append(general_section())
    for gid in all_games():
        parts.append(game_section(gid))
    files[DOC] = "\n".join(parts).rstrip() + "\n"
    files[SCHEMA_DIR / "client.json"] = _json(schema_of(m.ClientMessage))
    files[SCHEMA_DIR / "server.json"] = _json(schema_of(m.ServerMessage))
    for cls in m.CLIENT_MESSAGES:
        files[SCHEMA_DIR / f"client.{cls.__struct_config__.tag}.json"] = _json(schema_of(cls))
    for cls in m.SERVER_MESSAGES:
        files[SCHEMA_DIR / f"server.{cls.__struct_config__.tag}.json"] = _json(schema_of(cls))
    return files


def _json(x: Any) -> str:
    return json.dumps(x, indent=2, ensure_ascii=False, sort_keys=True) + "\n"


def main(argv: list[str]) -> int:
    files = render()
    if "--check" in argv:
        stale = [
            str(p.relative_to(ROOT))
            for p, text in files.items()
            if not p.exists() or p.read_text() != text
        ]
        if stale:
            print("stale (run python scripts/gen_protocol.py):", ", ".join(stale))
            return 1
        return 0
    SCHEMA_DIR.mkdir(parents=True, exist_ok=True)
    for p, text in files.items():
        p.write_text(text)
    print(f"wrote {DOC.relative_to(ROOT)} and {len(files) - 1} schema files")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
