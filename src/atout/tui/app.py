"""The Textual app: renders the session's model and sends the player's intents back to it.

No widget holds game state: every model change re-renders the panels from the model. The only
things the app decides are presentation (which option is highlighted, whether the end screen is
up); every move goes through :meth:`Session.play`, which sends only what the server listed.
"""

from __future__ import annotations

import time
from typing import Any

from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from atout.tui.i18n import tr
from atout.tui.model import Model
from atout.tui.render import (
    board_text,
    hand_text,
    log_text,
    move_prompt,
    result_text,
    status_text,
)
from atout.tui.session import PlayOptions, Session


class ModelChanged(Message):
    """The session has a new model to show."""

    def __init__(self, model: Model) -> None:
        super().__init__()
        self.model = model


class GameOverScreen(ModalScreen[None]):
    """The end of the game: winners, scores, the seed. ``q`` quits, Esc goes back to the table."""

    BINDINGS = [  # noqa: RUF012 (Textual's convention)
        Binding("q", "app.quit", "Quit"),
        Binding("n", "app.rematch", "Rematch"),
        Binding("escape", "dismiss", "Back"),
    ]
    DEFAULT_CSS = """
    GameOverScreen { align: center middle; }
    #result { width: auto; max-width: 90%; height: auto; padding: 1 3;
              border: double $success; background: $panel; }
    """

    def __init__(self, model: Model) -> None:
        super().__init__()
        self.model = model

    def compose(self) -> ComposeResult:
        yield Static(result_text(self.model), id="result")

    def action_dismiss(self) -> None:  # type: ignore[override]
        self.dismiss(None)


class PlayApp(App[None]):
    """Play (or watch) one table of any atout game from the terminal."""

    TITLE = "atout"
    CSS = """
    #left { width: 3fr; }
    #board { height: auto; max-height: 60%; border: round $primary; padding: 0 1; }
    #hand { height: auto; border: round $secondary; padding: 0 1; }
    #moves { height: 1fr; border: round $accent; }
    #log-scroll { width: 2fr; height: 1fr; border: round $primary; padding: 0 1; }
    #status { height: auto; padding: 0 1; background: $boost; }
    """
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [  # noqa: RUF012 (Textual's convention); q and h are bound in the player's language
        Binding("r", "show_result", show=False),
        Binding("n", "rematch", show=False),
        *(Binding(str(d), f"play_number({d})", show=False) for d in range(1, 10)),
    ]

    def __init__(self, opts: PlayOptions, **kw: Any) -> None:
        super().__init__(**kw)
        self.opts = opts
        self.bind("q", "quit", description=tr(opts.lang, "key_quit"))
        self.bind("h", "hint", description=tr(opts.lang, "key_hint"))
        self.session = Session(opts, self._post_model)
        self.model = self.session.model
        self._list_key: tuple[Any, ...] | None = None
        self._over_shown: str | None = None  # the table whose end screen was shown

    def _post_model(self, model: Model) -> None:
        self.post_message(ModelChanged(model))

    # -- layout ----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        lang = self.opts.lang
        yield Header()
        with Horizontal():
            with Vertical(id="left"):
                board = Static(id="board")
                board.border_title = tr(lang, "board")
                yield board
                hand = Static(id="hand")
                hand.border_title = tr(lang, "hand")
                yield hand
                moves = OptionList(id="moves")
                moves.border_title = tr(lang, "moves")
                yield moves
            with VerticalScroll(id="log-scroll") as scroll:
                scroll.border_title = tr(lang, "log")
                yield Static(id="log")
        yield Static(id="status")
        yield Footer()

    def on_mount(self) -> None:
        self.render_model()
        self.query_one("#moves", OptionList).focus()
        self.run_worker(self.session.run(), name="network", group="network", exit_on_error=True)
        self.set_interval(1.0, self._tick)

    def _tick(self) -> None:
        """The turn clock: only the status line changes."""
        if self.model.deadline_at is not None:
            self.query_one("#status", Static).update(status_text(self.model, time.monotonic()))

    # -- the model in, the screen out ---------------------------------------------------------
    @on(ModelChanged)
    def _model_changed(self, msg: ModelChanged) -> None:
        self.model = msg.model
        self.render_model()

    def render_model(self) -> None:
        m = self.model
        lang = m.lang
        game = m.game
        title = game.titles.get(lang, game.id) if game is not None else "atout"
        self.title = title
        who = m.seat_name(m.seat) if m.seat is not None else tr(lang, "spectator")
        self.sub_title = f"table {m.table or '…'} · {tr(lang, 'you_are', seat=who)}"
        if m.node and m.node != m.url:  # one of several addresses: say which one answered
            self.sub_title += " · " + tr(lang, "connected_to", url=m.node)
        self.query_one("#board", Static).update(board_text(m))
        self.query_one("#hand", Static).update(hand_text(m))
        self.query_one("#log", Static).update(log_text(m))
        scroll = self.query_one("#log-scroll", VerticalScroll)
        self.call_after_refresh(scroll.scroll_end, animate=False)
        self.query_one("#status", Static).update(status_text(m, time.monotonic()))
        self._render_moves(m)
        if m.result is not None and self._over_shown != m.table:
            self._over_shown = m.table
            self.push_screen(GameOverScreen(m))
        elif m.result is None and isinstance(self.screen, GameOverScreen):
            self.pop_screen()  # a rematch started

    def _render_moves(self, m: Model) -> None:
        ol = self.query_one("#moves", OptionList)
        key = (m.version, m.moves, m.labels, m.hint_index)
        if key == self._list_key:
            return
        keep = (
            ol.highlighted
            if self._list_key is not None and self._list_key[0] == m.version
            else None
        )
        self._list_key = key
        ol.clear_options()
        if m.moves:
            ol.add_options(Option(move_prompt(m, i), id=f"m{i}") for i in range(len(m.moves)))
            if m.hint_index is not None:
                ol.highlighted = m.hint_index
            else:
                ol.highlighted = keep if keep is not None and keep < len(m.moves) else 0
            total = m.legal_total or len(m.moves)
            ol.border_subtitle = (
                tr(m.lang, "more_moves", shown=len(m.moves), total=total)
                if total > len(m.moves)
                else ""
            )
        else:
            idle = "no_moves" if m.seat is not None else "spectators_do_not_play"
            ol.add_option(Option(tr(m.lang, idle), disabled=True))
            ol.border_subtitle = ""

    # -- intents ---------------------------------------------------------------------------
    @on(OptionList.OptionSelected, "#moves")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self.choose(event.option_index)

    def action_play_number(self, number: int) -> None:
        self.choose(number - 1)

    def choose(self, index: int) -> None:
        """Ask the session to play the ``index``-th listed move of the model on screen."""
        m = self.model
        if not m.moves or m.pending or not 0 <= index < len(m.moves):
            self.bell()
            return
        self.run_worker(self.session.play(index, m.version), group="move")

    def action_hint(self) -> None:
        self.run_worker(self.session.hint(), group="hint", exclusive=True)

    def action_rematch(self) -> None:
        self.run_worker(self.session.rematch(), group="rematch", exclusive=True)

    def action_show_result(self) -> None:
        if self.model.result is not None:
            self.push_screen(GameOverScreen(self.model))


def run(opts: PlayOptions) -> None:
    """Run the app in the terminal until the player quits."""
    PlayApp(opts).run()
