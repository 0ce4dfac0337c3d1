"""A player for the browser tests that acts only on the card table, as a person would: it taps
(or clicks, or drags) cards, card backs, the pioche, players and colours, and the action buttons
the table shows; it never uses the move list. It reads the last update's ``legal`` list only to
decide what to aim for, like a player who knows the rules."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

STATE = "() => { const s = window.atout.state; return {version: s.update ? s.update.version : -1, legal: (s.update && s.update.turn === s.at?.seat) ? s.update.legal : null, view: s.update ? s.update.view : null, over: !!s.over, pending: s.pending, seat: s.at ? s.at.seat : null}; }"
MY_TURN_OR_OVER = """(last) => {
  const s = window.atout.state;
  if (s.over) return true;
  const u = s.update;
  return !!u && !s.pending && u.version !== last && u.turn === s.at?.seat && u.seat === s.at?.seat
    && Array.isArray(u.legal) && u.legal.length > 0;
}"""


CARD = re.compile(r"(?:10|[2-9AJQK])[CDHS]|JK[12]")


# The page's nonce (its share of the seed) from a fixed generator: with the game master's seeded
# secret, the same deal every run (add with page.add_init_script(NONCES % seed)).
NONCES = """(() => {
  let x = %d >>> 0 || 1;
  crypto.getRandomValues = (a) => { for (let i = 0; i < a.length; i++) { x ^= x << 13; x ^= x >>> 17; x ^= x << 5; a[i] = x & 255; } return a; };
})();"""


def cards_of(move: dict[str, Any]) -> list[str]:
    """The cards a move names: its ``cards`` list, or any field holding a card code."""
    out: list[str] = []
    for k, v in move.items():
        if k == "type":
            continue
        if isinstance(v, str) and CARD.fullmatch(v.split("#")[0]):
            out.append(v)
        elif isinstance(v, list):
            out += [x for x in v if isinstance(x, str)]
    return out


class TablePlayer:
    """Plays one seat of a page by taps (``touch``) or clicks; ``did`` counts what it did."""

    def __init__(self, page: Any, touch: bool, seed: int = 1) -> None:
        self.page = page
        self.touch = touch
        self.rng = random.Random(seed)  # what to play: the same game whatever the timing
        self.gestures = random.Random(seed)  # how to play it (a drag or taps)
        self.did: Counter[str] = Counter()
        self.last = -1

    # ------------------------------------------------------------------ gestures

    def tap(self, selector: str, edge: bool = False) -> None:
        """A tap (touch) or a click on ``selector``; ``edge``: on the card's visible left strip
        (cards in a fan overlap, as in a real hand)."""
        from playwright.sync_api import Error

        for attempt in range(4):
            # the table may be redrawn under the finger (a spectator joined, a timer): try again
            try:
                loc = self.page.locator(selector).first
                box = loc.bounding_box(timeout=5_000)
                assert box is not None, f"{selector} is not on the screen"
                position = (
                    {"x": min(6, box["width"] / 2), "y": box["height"] * 0.3} if edge else None
                )
                if self.touch:
                    loc.tap(position=position, timeout=5_000)
                else:
                    loc.click(position=position, timeout=5_000)
                return
            except Error:
                if attempt == 3:
                    raise
                self.page.wait_for_timeout(50)

    def drag(self, source: str, target: str) -> None:
        """A mouse drag from a card to a zone of the felt (pointer events, as the table uses)."""
        page = self.page
        a = page.locator(source).first.bounding_box()
        b = page.locator(target).first.bounding_box()
        assert a and b
        page.mouse.move(a["x"] + 6, a["y"] + a["height"] / 2)
        page.mouse.down()
        for i in range(1, 8):
            page.mouse.move(
                a["x"] + 6 + (b["x"] + b["width"] / 2 - a["x"] - 6) * i / 7,
                a["y"]
                + a["height"] / 2
                + (b["y"] + b["height"] / 2 - a["y"] - a["height"] / 2) * i / 7,
            )
        page.mouse.up()

    def sent(self, version: int) -> bool:
        now = self.state()
        return now["pending"] or now["over"] or now["version"] != version

    def sent_within(self, version: int, seconds: float = 2.0) -> bool:
        """Whether the move on ``version`` leaves the page within ``seconds`` (CI has 2 cores)."""
        for _ in range(int(seconds * 40)):
            if self.sent(version):
                return True
            self.page.wait_for_timeout(25)
        return False

    def card_selector(self, code: str) -> str:
        return f'#table-screen button.card[data-card="{code}"]'

    # ------------------------------------------------------------------ turns

    def state(self) -> dict[str, Any]:
        return self.page.evaluate(STATE)

    def wait_turn(self, timeout: int = 30_000) -> bool:
        """Waits for this seat's turn; True when the game is over instead."""
        self.page.wait_for_function(MY_TURN_OR_OVER, arg=self.last, timeout=timeout)
        return self.state()["over"]

    def wait_sent(self, version: int, move: dict[str, Any] | None = None) -> None:
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        try:
            self.page.wait_for_function(
                "(v) => { const s = window.atout.state; return s.over || (s.update && s.update.version !== v); }",
                arg=version,
                timeout=15_000,
            )
        except PlaywrightTimeout:
            # say what the page showed: a refusal, a lost tap or a silent server are told apart
            seen = self.page.evaluate(
                "() => { const s = window.atout.state; return {status: s.status, pending: s.pending,"
                " message: s.message, version: s.update && s.update.version, turn: s.update && s.update.turn,"
                " prompt: document.querySelector('#prompt')?.innerText, actions: document.querySelector('#actions')?.innerText,"
                " flash: document.querySelector('#status')?.innerText}; }"
            )
            raise AssertionError(
                f"move {move} at version {version} never landed; page: {seen}; did: {dict(self.did)}"
            ) from None

    def play_turn(self, choose: Any) -> dict[str, Any]:
        """Chooses a move with ``choose(legal, view, rng)`` and makes it on the table."""
        st = self.state()
        if st["pending"] or not st["legal"]:
            # a move with no choice was sent by the table itself while we looked at the page (a
            # loaded machine): let it land, and count it by what it was
            self.page.wait_for_function("() => !window.atout.state.pending", timeout=15_000)
            self.last = st["version"]
            self.did["auto_" + self.logged_kind(st["seat"])] += 1
            return {}
        legal, view = st["legal"], st["view"]
        version = st["version"]
        self.last = version
        move = choose(legal, view, self.rng)
        self.make(move, st, legal)
        self.wait_sent(version, move)
        return move

    def logged_kind(self, seat: int) -> str:
        """The kind of the last event of ``seat`` in the page's log ("draw", "play")."""
        kind = self.page.evaluate(
            "(me) => { const e = window.atout.state.log.findLast((x) => x.seat === me && x.kind !== 'turn');"
            " return e ? e.kind : null; }",
            seat,
        )
        return kind or "meanwhile"

    def make(self, move: dict[str, Any], st: dict[str, Any], legal: list[dict[str, Any]]) -> None:
        page = self.page
        kind = move["type"]
        me = st["seat"]
        if "position" in move:
            for _ in range(3):
                self.tap(f'#felt .blind [data-position="{move["position"]}"]', edge=True)
                # a blind card tapped at our turn sends its move: wait for it as long as a busy
                # machine may take (both cores kept busy, 2 s was seen too short), so that only
                # a tap the page never handled counts as lost
                if self.sent_within(st["version"], seconds=10.0):
                    self.did["blind_" + kind] += 1
                    return
                # nothing sent (the table redrawn under the finger lost taps once: fixed, see
                # test_component): tap again, as a player would, and count it
                self.did["blind_tap_lost"] += 1
            return
        if not cards_of(move):
            if len(legal) == 1:
                # the table plays it by itself after a short, visible pause (on a loaded machine
                # the pause may be over before we look: then the move is on its way or played)
                page.wait_for_function(
                    "(v) => { const s = window.atout.state; return !!document.querySelector('#prompt .auto')"
                    " || s.pending || s.over || (s.update && s.update.version !== v); }",
                    arg=st["version"],
                    timeout=5_000,
                )
                self.did["auto_" + kind] += 1
                return
            if kind == "draw" and page.locator('#felt [data-zone="stock"].playable').count():
                self.tap('#felt [data-zone="stock"]')
                self.did["tap_stock"] += 1
                return
            self.tap(f'#actions button[data-type="{kind}"]')
            self.did["button_" + kind] += 1
            return
        # cards: a drag of a single card to its zone now and then (desktop), else taps
        cards = cards_of(move)
        hand = set(st["view"].get("hand") or [])
        zone = {"play": "pile", "lay": "table"}.get(kind)
        if (
            not self.touch
            and zone
            and page.locator(f'#felt [data-zone="{zone}"]').count()
            and len(cards) == 1
            and cards[0] in hand
            and not any(k in move for k in ("colour", "target", "other"))
            and (not self.did["drag_" + kind] or self.gestures.random() < 0.3)
            and self.state()["version"] == st["version"]
        ):
            self.drag(self.card_selector(cards[0]), f'#felt [data-zone="{zone}"]')
            if self.sent_within(st["version"]):  # a loaded machine may be slow to drop
                self.did["drag_" + kind] += 1
                return
            self.did["drag_missed"] += 1  # dropped beside the zone: tap instead, as a player would
        for code in self.order(cards, hand):
            if self.sent(st["version"]):
                self.did["tap_" + kind] += 1
                return  # sent by the tap itself (a card that is a move on its own)
            if page.locator(f'{self.card_selector(code)}[aria-pressed="true"]').count():
                continue  # selected already (the other card of a pair)
            self.tap(self.card_selector(code), edge=code in hand)
        if self.sent(st["version"]):
            self.did["tap_" + kind] += 1
            return
        page.wait_for_timeout(30)
        if move.get("colour"):
            self.tap(f'#felt [data-colour="{move["colour"]}"]')
            self.did["colour_on_board"] += 1
        seats = [s for s in (move.get("target"), move.get("other")) if s is not None]
        for s in seats:
            if page.locator(f'#actions button.target[data-target="{s}"]').count() == 0:
                continue  # no choice left (one player only)
            if s != me:
                self.tap(f'#seats .pod[data-seat="{s}"]')
                self.did["tap_player"] += 1
            else:
                self.tap(f'#actions button.target[data-target="{s}"]')
                self.did["tap_self"] += 1
        self.tap("#actions button.primary")
        self.did[f"confirm_{kind}"] += 1
        if kind == "lay" and "other" in move:
            self.did["king_swap"] += 1
        if kind == "lay" and "colour" in move:
            self.did["ace_colour"] += 1
        if kind == "fifteen" and set(cards) - hand and set(cards) & hand:
            self.did["fifteen_hand_and_table"] += 1

    @staticmethod
    def order(cards: list[str], hand: set[str]) -> list[str]:
        """Hand cards first, then the table's: the order a player would tap them."""
        return sorted(cards, key=lambda c: (c not in hand, c))


def new_table(
    page: Any, game: str, players: int, options: dict[str, str], bot_delay: float = 0.2
) -> str:
    """Fills the lobby's form for a table of ``players`` (you at P1, bots elsewhere) and opens it;
    returns its id."""
    page.select_option("#f-game", game)
    page.wait_for_selector(f'#f-game option[value="{game}"]:checked', state="attached")
    page.fill("#f-players", str(players))
    page.dispatch_event("#f-players", "change")
    page.wait_for_selector(f"#f-seat-{players - 1}")
    page.fill("#f-bot-delay", str(bot_delay))
    page.dispatch_event("#f-bot-delay", "change")
    for name, value in options.items():
        page.fill(f"#f-opt-{name}", value)
        page.dispatch_event(f"#f-opt-{name}", "change")
    page.click("#create-button")
    page.wait_for_selector("#table-screen")
    return page.evaluate("() => window.atout.state.at.table")


# ---------------------------------------------------------------------- what to aim for


def choose_q2j(legal: list[dict], view: dict, rng: random.Random) -> dict:
    plays = [m for m in legal if m["type"] == "play"]
    pairs = [m for m in plays if len(m["cards"]) == 2]
    if pairs:
        return pairs[0]
    return rng.choice(plays) if plays else legal[0]


def choose_quinze(legal: list[dict], view: dict, rng: random.Random) -> dict:
    hand = set(view.get("hand") or [])
    fifteens = [m for m in legal if m["type"] == "fifteen"]
    mixed = [m for m in fifteens if set(m["cards"]) - hand and set(m["cards"]) & hand]
    if mixed:
        return min(mixed, key=lambda m: len(m["cards"]))
    if fifteens:
        return min(fifteens, key=lambda m: len(m["cards"]))
    lays = [m for m in legal if m["type"] == "lay"]
    if lays:
        return rng.choice(lays)
    return legal[0]


def choose_pouilleux(legal: list[dict], view: dict, rng: random.Random) -> dict:
    if all("position" in m for m in legal):
        return rng.choice(legal)
    lays = [m for m in legal if m["type"] == "lay"]
    rank = lambda m: m["cards"][0][:-1]  # noqa: E731
    for want in ("K", "A", "J", "Q", "10"):
        found = [m for m in lays if rank(m) == want]
        if want == "K":
            # a swap between two players (not ourselves twice over): taps on the board
            found = [m for m in found if m.get("target") != view.get("seat")] or found
        if found:
            return rng.choice(found)
    return legal[0]


CHOOSERS = {"q2j": choose_q2j, "quinze": choose_quinze, "pouilleux": choose_pouilleux}
