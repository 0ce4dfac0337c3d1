"""The terminal client, driven by Textual's pilot against an in-process game master.

A whole game of Q²J is played by pressing keys; at every turn the listed moves are checked
against the server's update; keys that would be illegal send nothing; and every screen shown is
checked, after the game, against the hidden cards of the state it showed (rebuilt from the
revealed seed and the recorded moves).
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from atout.cards import card
from atout.client import Client
from atout.games import get_game
from atout.server.storage.record import seed_int
from atout.tui.app import GameOverScreen, PlayApp
from atout.tui.commands import register
from atout.tui.model import Model, SeatRow
from atout.tui.render import board_text, card_text, hand_text, log_text, move_prompt, result_text
from atout.tui.session import LocalServer, PlayOptions

SIZE = (130, 45)


@pytest.fixture(scope="module")
def server():
    with LocalServer(leak_guard=True) as s:
        yield s


def options(server: LocalServer, **kw: Any) -> PlayOptions:
    base: dict[str, Any] = dict(
        url=server.url,
        game="q2j",
        players=3,
        bots=[1, 2],
        bot_kind="heuristic",  # short games (random bots can play hundreds of moves)
        bot_delay=0.0,
        name="ann",
        lang="en",
    )
    return PlayOptions(**(base | kw))


def run(coro: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coro, 50))


async def until(pilot: Any, cond: Callable[[], bool], timeout: float = 15) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not cond():
        if loop.time() > end:
            raise AssertionError("timed out waiting for the app")
        await pilot.pause(0.01)


def settled(app: Any, *groups: str) -> bool:
    """Whether every worker the app started in ``groups`` (a key's move, hint or rematch) is
    done: what it was going to send or say has been sent or said."""
    return all(w.is_finished for w in app.workers if w.group in groups)


async def handled(pilot: Any, *groups: str) -> None:
    """Wait until the keys pressed have been handled and the workers they started are done."""
    await pilot.pause()
    await until(pilot, lambda: settled(pilot.app, *groups))
    await pilot.pause()  # and what they posted to the app has been shown


class Screens:
    """Records what the app put on screen after every model it rendered."""

    def __init__(self, app: PlayApp) -> None:
        self.shots: list[tuple[Model, str, str]] = []  # (model, panels text, new log lines)
        self._log_len = 0
        original = app.render_model

        def spy() -> None:
            original()
            m = app.model
            panels = "\n".join(
                str(app.query_one(f"#{w}").content) for w in ("board", "hand", "status")
            )
            panels += "\n" + "\n".join(
                str(o.prompt)
                for o in app.query_one("#moves").options  # type: ignore[attr-defined]
            )
            new_log = "\n".join(m.log[self._log_len :])
            self._log_len = len(m.log)
            self.shots.append((m, panels, new_log))

        app.render_model = spy  # type: ignore[method-assign]


def mentions(text: str, c: Any) -> bool:
    """Whether ``text`` shows card ``c``. Jokers (and second-deck twins) look the same as
    another card on screen, so only cards with a face of their own can be checked this way."""
    if c.is_joker or "#" in c.code:
        return False
    return c.label in text or c.name("en") in text or c.name("fr") in text


def check_no_leak(server: LocalServer, table: str, seat: int | None, screens: Screens) -> int:
    """Replay the finished table and check every screen against the hidden cards of its state.
    Returns how many screens were checked."""
    t = server.core.tables[table]
    game = get_game(t.game.id)
    state = game.setup(t.players, t.options, seed_int(t.seed))
    secrets = [state.secret_cards(seat)]
    # a finished table keeps its moves in the store only
    moves = t.moves if t.archived is None else server.core.store.load(table).moves
    for mv in list(moves):
        state.apply(mv.seat, game.parse_move(mv.move))
        secrets.append(state.secret_cards(seat))
    checked = 0
    prev: int | None = None
    for model, panels, new_log in screens.shots:
        if model.version < 0 or model.table != table:
            continue
        hidden = secrets[model.version]
        leaked = [c.code for c in hidden if mentions(panels, c)]
        assert not leaked, f"version {model.version} shows hidden {leaked}:\n{panels}"
        # the log lines that arrived since the previous screen tell of the versions between
        # the two (several at once when the machine is busy): a card hidden at every one of
        # them must not be named (one played in between, then dealt again, may be)
        since = model.version if prev is None else min(prev, model.version)
        always = set(hidden).intersection(*secrets[since : model.version + 1])
        leaked = [c.code for c in always if mentions(new_log, c)]
        assert not leaked, f"log at version {model.version} names hidden {leaked}:\n{new_log}"
        prev = model.version
        checked += 1
    return checked


# --------------------------------------------------------------------------- rendering


def test_cards_render_with_symbols_and_red_suits():
    assert card_text("QH").plain == "Q♥" and "red" in str(card_text("QH").style)
    assert card_text("10S").plain == "10♠" and "red" not in str(card_text("10S").style)
    m = Model(
        seat=0,
        view={"players": 2, "turn": 0, "hand": ["QH", "KD"], "top": ["AS"], "hand_sizes": [2, 3]},
        view_spec=get_game("q2j").view_spec,
    )
    assert hand_text(m).plain == "Q♥ K♦"
    board = board_text(m).plain
    assert "A♠" in board and "3 cards" in board and "▶ P1" in board
    fr = Model(lang="fr", seat=0, view=m.view, view_spec=m.view_spec)  # French seats and letters
    assert hand_text(fr).plain == "D♥ R♦" and "▶ J1" in board_text(fr).plain


def test_bot_seats_show_their_level_in_the_players_language():
    seats = (SeatRow(0, "ann", None, True), SeatRow(1, "bot-fort", "fort", True))
    levels = {"fort": ("Strong", "Fort")}
    view = {"players": 2, "turn": 1, "hand": ["QH"], "top": ["AS"], "hand_sizes": [1, 3]}
    spec = get_game("q2j").view_spec
    en = Model(seat=0, seats=seats, levels=levels, view=view, view_spec=spec)
    assert en.seat_name(1) == "P2 (Strong, bot)" and en.seat_name(0) == "P1 (ann)"
    assert "P2 (Strong, bot)" in board_text(en).plain and "bot-fort" not in board_text(en).plain
    fr = Model(lang="fr", seat=0, seats=seats, levels=levels, view=view, view_spec=spec)
    assert fr.seat_name(1) == "J2 (Fort, robot)"
    # a player who named themselves like a level keeps their name; unknown kinds stay raw
    raw = (seats[0], SeatRow(1, "bot-ismcts:50", "ismcts:50", True))
    assert Model(seats=raw, levels=levels).seat_name(1) == "P2 (bot-ismcts:50)"
    # a player gone, their seat played by a bot of a level: their name, and the bot said
    away = (seats[0], SeatRow(1, "bob", "fort", False))
    board = board_text(Model(seat=0, seats=away, levels=levels, view=view, view_spec=spec)).plain
    assert "P2 (bob) [bot fort]" in board


# --------------------------------------------------------------------------- a whole game


def test_full_game_by_keys_moves_match_and_nothing_leaks(server):
    rng = random.Random(3)

    async def go():
        app = PlayApp(options(server))
        screens = Screens(app)
        game = get_game("q2j")
        async with app.run_test(size=SIZE) as pilot:
            s = app.session
            turns = 0
            while True:
                await until(pilot, lambda: bool(app.model.moves) or app.model.result is not None)
                m = app.model
                if m.result is not None:
                    break
                # the list on screen is exactly the update's legal moves, in its order
                u = s.client.feed(s.table).update
                assert u.turn == u.seat == m.seat and u.version == m.version
                ol = app.query_one("#moves")
                prompts = [str(o.prompt) for o in ol.options]
                words = [game.describe_move(game.parse_move(x), "en") for x in u.legal]
                assert len(prompts) == len(words) == len(m.moves)
                assert all(p.endswith(w) or w in p for p, w in zip(prompts, words, strict=True))
                n = len(prompts)
                pick = rng.randrange(n)
                sent = len(s.sent)
                how = turns % 3
                if how == 0:  # arrows and Enter
                    await pilot.press("home", *["down"] * pick, "enter")
                elif how == 1 and pick < 9:  # a number key
                    await pilot.press(str(pick + 1))
                else:  # Enter on the highlighted (first) move
                    pick = 0
                    await pilot.press("enter")
                await until(pilot, lambda sent=sent: len(s.sent) == sent + 1)
                assert s.sent[-1] == (m.version, u.legal[pick])
                turns += 1
            await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
            shown = str(app.screen.query_one("#result").content)
            assert "GAME OVER" in shown and ("Winner: " in shown or "Winners: " in shown)
            assert s.refusals == []  # the server never refused a move sent from the UI
            assert turns > 0
            table = s.table
            await pilot.press("n")  # a rematch: the bots agree, a new game starts at once
            await until(pilot, lambda: s.table != table and app.model.version >= 0)
            assert app.model.result is None and not isinstance(app.screen, GameOverScreen)
            await handled(pilot, "rematch")  # the rematch request's answer has come back
            assert "Rematch" not in app.model.message  # the new game does not say "asked…"
            await pilot.press("q")
        assert app.return_code in (0, None)
        checked = check_no_leak(server, table, 0, screens)
        assert checked > turns

    run(go())


@pytest.mark.parametrize(("game_id", "players"), [("quinze", 3), ("pouilleux", 3)])
def test_other_games_play_by_keys(server, game_id, players):
    """The same app plays the other games: a few turns, lists equal to the updates, no leak."""

    async def go():
        app = PlayApp(options(server, game=game_id, players=players, bots=[1, 2]))
        screens = Screens(app)
        game = get_game(game_id)
        async with app.run_test(size=SIZE) as pilot:
            s = app.session
            for turn in range(8):
                await until(pilot, lambda: bool(app.model.moves) or app.model.result is not None)
                if app.model.result is not None:
                    break
                u = s.client.feed(s.table).update
                words = [game.describe_move(game.parse_move(x), "en") for x in u.legal]
                assert app.model.labels == tuple(words)
                sent = len(s.sent)
                await pilot.press("end" if turn % 2 else "home", "enter")
                await until(pilot, lambda sent=sent: len(s.sent) == sent + 1)
            assert s.refusals == []
            table = s.table
            await pilot.press("q")
        assert check_no_leak(server, table, 0, screens) > 0

    run(go())


def test_keys_cannot_send_an_illegal_move(server):
    async def go():
        app = PlayApp(options(server, bot_delay=0.4, bot_kind="heuristic"))
        async with app.run_test(size=SIZE) as pilot:
            s = app.session
            await until(pilot, lambda: bool(app.model.moves))
            n = len(app.model.moves)
            assert n < 9
            await pilot.press("9", "0", "h")  # no 9th move; 0 is no move; a hint is not a move
            await handled(pilot, "move", "hint")
            assert s.sent == []
            # two presses: one move at this version (the second finds it on its way); then the
            # bots think and no key sends anything. On a loaded machine the second press may be
            # handled only once our next turn has come: then it is a move of that turn.
            v0 = app.model.version
            await pilot.press("1", "1")
            await until(pilot, lambda: app.model.version > v0 and not app.model.pending)
            assert s.sent[0][0] == v0
            versions = [v for v, _ in s.sent]
            assert len(set(versions)) == len(versions), s.sent  # never two at one version
            if not app.model.moves and app.model.result is None:
                sent, now = len(s.sent), app.model.version
                assert app.model.turn != app.model.seat
                await pilot.press("1", "enter", "2", "down", "enter")
                await handled(pilot, "move")
                # nothing at this version; a key handled once our next turn had come (a busy
                # machine) plays a move of that turn, which the server took (no refusal below)
                assert all(v > now for v, _ in s.sent[sent:]), (now, s.sent)
            assert s.refusals == []
            await pilot.press("q")

    run(go())


def test_spectator_sees_no_hand_no_moves_and_no_hidden_card(server):
    async def go():
        c = await Client.connect(server.url, "host")
        # Heuristic bots end a game in at most ~70 moves (random bots can take 500+, which
        # made this test slow enough to time out on a loaded machine).
        info = await c.create_table("q2j", 2, bots=[0, 1], bot_kind="heuristic", bot_delay=0.02)
        app = PlayApp(options(server, watch=info.table))
        screens = Screens(app)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.model.result is not None, timeout=30)
            assert all(not m.moves and m.seat is None for m, _, _ in screens.shots)
            await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
            await pilot.press("escape")
            assert not isinstance(app.screen, GameOverScreen)
            await pilot.press("q")
        await c.close()
        assert check_no_leak(server, info.table, None, screens) > 0

    run(go())


def test_french_and_the_end_screen():
    m = Model(
        lang="fr",
        seat=1,
        stage="over",
        view={"players": 2, "turn": None, "hand": []},
        log=("J1 n'a plus de cartes et gagne !",),
        result={"winners": [0], "reason": "emptied_hand", "scores": [0.0, 4.0]},
        seed="ab" * 16,
        commitment="cd" * 32,
    )
    text = result_text(m).plain
    assert "PARTIE TERMINÉE" in text and "Vous avez perdu." in text and "Gagnant : J1" in text
    assert "n'a plus de cartes" in text and "abab" in text
    assert "Le" not in log_text(m).plain


def test_pouilleux_end_screen_names_seats_and_reason():
    """No raw seat number ("pouilleux 0") nor raw reason code ("emptied_hand") on the end screen."""
    result = {
        "winners": [1],
        "reason": "emptied_hand",
        "scores": [5.0, 0.0, 3.0],
        "losers": [0],
        "detail": {"pouilleux": 0},
    }
    spec = get_game("pouilleux").view_spec
    en = result_text(Model(seat=0, stage="over", result=result, view_spec=spec)).plain
    assert "emptied_hand" not in en and "pouilleux 0" not in en.lower()
    assert "Reason: a player has no cards left" in en
    assert "The pouilleux (J♠) is held by: P1" in en and "Lost: P1" in en and "★ P2" in en
    fr = result_text(Model(lang="fr", seat=0, stage="over", result=result, view_spec=spec)).plain
    assert "Raison : un joueur n'a plus de cartes" in fr.replace("Raison:", "Raison :")
    assert "Le pouilleux (V♠) est chez: J1" in fr and "★ J2" in fr


def test_quinze_end_screen_lists_the_deals():
    result = {
        "winners": [2],
        "reason": "target",
        "scores": [111.0, 103.0, 29.0],
        "detail": {
            "deals": 2,
            "history": [
                {"deal": 1, "dealer": 2, "reason": "out", "out": 2, "scores": [5, 17, 0]},
                {"deal": 2, "dealer": 0, "reason": "out", "out": 1, "scores": [20, 0, -50]},
            ],
        },
    }
    spec = get_game("quinze").view_spec
    text = result_text(Model(seat=0, stage="over", result=result, view_spec=spec)).plain
    assert "Deal 1 (P3 out): P1 +5 · P2 +17 · P3 +0" in text
    assert "Deal 2 (P2 out): P1 +20 · P2 +0 · P3 -50" in text
    assert "history" not in text.lower() and "fewest points wins" in text


def test_move_prompt_shows_number_cards_and_words():
    g = get_game("q2j")
    move = g.parse_move({"type": "play", "cards": ["QS", "QH"]})
    m = Model(moves=(move,), labels=(g.describe_move(move, "en"),))
    text = move_prompt(m, 0).plain
    assert text.startswith(" 1") and card("QH").label in text and "Queen of Hearts" in text


def test_play_command_is_registered():
    app = typer.Typer()
    app.command("noop")(lambda: None)
    register(app)
    res = CliRunner().invoke(app, ["play", "--help"])
    assert res.exit_code == 0 and "--bots" in res.output and "--watch" in res.output
