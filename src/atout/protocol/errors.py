"""The protocol's errors: one exception type, one catalogue of codes.

Codes are namespaced: ``protocol.*`` (the frame itself), ``lobby.*`` (tables and seats),
``table.*`` (the game master refusing at a table) and ``game.*`` (the game's own
:class:`~atout.games.base.IllegalMove` codes, passed through with this prefix). An error never
changes anything and never echoes a card the recipient may not see.
"""

from __future__ import annotations

from typing import Any

from atout.games.base import AtoutError
from atout.protocol.messages import ErrorBody

ERROR_CODES: dict[str, str] = {
    "protocol.bad_message": "The frame is not valid JSON or does not match any command's schema.",
    "protocol.unknown_command": "The 'cmd' is not a command a client may send.",
    "protocol.version": "No protocol version in common (the reply lists the server's).",
    "protocol.hello_required": "Send 'hello' before anything else.",
    "protocol.too_large": "The message (its fragments together) is larger than the server accepts (65,536 bytes by default); the connection is then closed with 1009.",
    "lobby.unknown_game": "No game with this id.",
    "lobby.bad_options": "Options or player count refused by the game.",
    "lobby.bad_bot": "Unknown bot kind, or a bot seat out of range.",
    "lobby.unknown_table": "No table with this id (or it is finished and gone).",
    "lobby.bad_seat": "No such seat at this table.",
    "lobby.seat_taken": "The seat is held by someone else.",
    "lobby.table_full": "No free seat left.",
    "lobby.already_seated": "This connection already holds a seat at this table.",
    "lobby.bad_token": "The seat token does not match (a token, not a name, identifies a seat).",
    "table.not_seated": "This connection holds no seat at this table.",
    "table.not_started": "The game has not started.",
    "table.already_started": "The game has already started.",
    "table.not_ready": "Every seat must be taken before the start.",
    "table.not_finished": "A rematch can only be asked for after the end.",
    "table.stale_state": "The move was chosen on an older state version; the detail has the current one.",
    "table.seat_taken_over": "Another connection resumed this seat with its token.",
    "table.revealing": "Every seat is taken and the seats are revealing their nonces: the table cannot be left, started or filled now (it deals, or is aborted at the reveal time-out).",
    "table.not_revealing": "A reveal when none is asked: the game master asks with 'reveal' once every seat is taken, before the deal.",
    "table.no_commitment": "This seat committed to no nonce (the game master gives its nonce): there is nothing to reveal.",
    "table.bad_reveal": "The nonce revealed does not match the seat's nonce_commitment; nothing changed (the right one may still come before the time-out).",
    "table.closed": "The table was closed without a result ('aborted': it failed; 'closed': it expired or its players were gone too long).",
    "lobby.option_limit": "An option is beyond this server's maximum (detail: option, max); retrying will not help.",
    "lobby.bad_name": "The hello name breaks the rule guests and accounts share: after NFKC normalisation (trimmed, inner runs of spaces made one) it is empty (nothing visible), longer than 24 characters, holds bidirectional marks, invisible (default-ignorable) or control characters, anything but letters, digits, combining marks, spaces and - _ . ' (or starts with neither a letter nor a digit), or is reserved or looks like a reserved name ('gm', 'admin', 'bot-…', the bots' kinds and levels); detail.reason says which (empty, too_long, bidi, invisible, control, characters, reserved).",
    "lobby.name_taken": "The name is an account's or looks like one (any case; Unicode confusables, UTS #39 skeletons): log in to play under it, or choose another (detail.reason 'account'); or, at a join, a player seated at the table has a name that looks like this one (detail.reason 'seated', detail.seat).",
    "lobby.account_seated": "This account already holds a seat at this table (from another device: resume it).",
    "table.too_early": "fill_bots before the table's wait is over; retry after detail.retry_after seconds.",
    "table.chat_disabled": "This server does not relay free chat (started without --chat).",
    "table.bad_text": "The chat text is empty once control and direction characters are removed.",
    "table.not_member": "Only a player or a spectator of this table may react or chat.",
    "limit.react": "One reaction every 3 seconds per member; retry after detail.retry_after seconds.",
    "limit.chat": "One chat line every 2 seconds per member; retry after detail.retry_after seconds.",
    "lobby.bad_cursor": "'after' in list_tables is not the 'next' of a previous reply.",
    "limit.rate": "Too many commands from this connection or address (list_tables, watch and resume count as 8, hint as 4); nothing was done. Retry after detail.retry_after seconds.",
    "limit.create_rate": "Too many tables created from this connection or address. Retry after detail.retry_after seconds.",
    "limit.open_tables": "This connection or address has detail.max open (waiting or playing) tables; retry_after is null: finish or leave one first.",
    "limit.bot_tables": "The server plays at most detail.max tables of bots only at once (0: none); retry after detail.retry_after seconds (null: never).",
    "node.unavailable": "The table is held by another node of this game master, which cannot be reached just now (the bus between the nodes is down, or that node stopped answering and its table is being taken over); nothing was done. Send it again after detail.retry_after seconds.",
    "store.unavailable": "Saving is paused (the database does not answer); nothing was done and nothing acknowledged is lost: your moves wait. Send it again (or resume) after detail.retry_after seconds.",
    "table.moved": "The table moved to another node of this game master (detail.node); this connection is closed next: connect again (any node) and resume with the seat token.",
    "game.not_your_turn": "It is another seat's turn.",
    "game.game_over": "The game is over.",
    "game.bad_move": "The move does not match any of the game's move types.",
    "game.*": "Any other refusal by the game's rules (e.g. game.does_not_beat_top).",
    "server.internal": "A bug in the server; the request had no effect.",
    "server.shutting_down": "The server is stopping; reconnect later with your seat token.",
    "account.logged_out": "The session this connection was opened with was logged out (on any device, on any node): the connection is then closed with 4001; open a new one as a guest or log in again.",
}


class ProtocolError(AtoutError):
    """A refused request. ``code`` is one of :data:`ERROR_CODES`; ``detail`` goes to the client
    as the error's ``detail`` (what to retry after, a limit, the state's version…)."""

    def __init__(
        self,
        code: str,
        message: str,
        message_fr: str | None = None,
        detail: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(code, message, message_fr)
        self.detail: dict[str, Any] = detail or {}


def error_body(err: AtoutError, lang: str) -> ErrorBody:
    """What a refusal tells a client: its code and detail, its English and French, and its text
    in the client's language ``lang`` (:meth:`~atout.games.base.AtoutError.text`)."""
    return ErrorBody(
        code=err.code,
        message=err.message,
        message_fr=err.message_fr,
        detail=getattr(err, "detail", None) or {},
        text=err.text(lang),
    )


def game_error(err: AtoutError) -> ProtocolError:
    """A game's refusal as a protocol error (code prefixed with ``game.``)."""
    code = err.code if "." in err.code else f"game.{err.code}"
    out = ProtocolError(code, err.message, err.message_fr)
    out.words = err.words
    return out
