"""Every message of the atout protocol, as typed msgspec Structs.

Each message on the wire is one JSON object (a WebSocket text frame) carrying the four things
the Le Pouilleux rulebook asks for (docs/rules/pouilleux.md): the command name ``cmd``, the
sender ``from``, the recipient ``to`` and the ``body``; plus ``id`` (a request id the client
chooses, echoed by the reply) and/or ``seq`` (the table's sequence number, on every table
event). The classes below are the single source of truth: the server decodes and encodes with
them, ``scripts/gen_protocol.py`` documents them (docs/PROTOCOL.md, docs/schema/*.json).

Addresses: a client is named by the ``name`` it gave in ``hello``; the game master is ``"gm"``;
a seat is ``"<table>/<seat>"`` (e.g. ``"a1b2c3d4/0"``) and a table's spectators are
``"<table>/spectators"``.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

import msgspec

#: Legal moves one ``update`` lists at most (a game may have millions: Le Quinze's fifteens);
#: ``legal_total`` says how many there are.
MAX_LEGAL = 1000

PROTOCOL_VERSION = 1
SUPPORTED_VERSIONS = (1,)
GM = "gm"

TableId = Annotated[str, msgspec.Meta(description="Table id, e.g. 'a1b2c3d4'.", max_length=64)]
Seq = Annotated[int, msgspec.Meta(ge=0)]
Nonce = Annotated[
    str,
    msgspec.Meta(
        pattern="^[0-9a-f]{32,64}$",
        description="32 to 64 lowercase hex digits: 16 or more random bytes (see Fair deals).",
    ),
]
NonceCommitment = Annotated[
    str,
    msgspec.Meta(
        pattern="^[0-9a-f]{64}$",
        description="sha256('atout-nonce:' + nonce) in 64 lowercase hex digits (see Fair deals).",
    ),
]


def _d(text: str) -> msgspec.Meta:
    return msgspec.Meta(description=text)


# --------------------------------------------------------------------------- envelope


#: A request id: an integer JavaScript holds exactly (beyond 2**53 a page would echo another).
MAX_SAFE_INTEGER = 2**53 - 1
RequestId = Annotated[int, msgspec.Meta(ge=-MAX_SAFE_INTEGER, le=MAX_SAFE_INTEGER)]


class Message(
    msgspec.Struct,
    tag_field="cmd",
    kw_only=True,
    omit_defaults=True,
    forbid_unknown_fields=True,
):
    """The envelope every message shares. ``cmd`` is the tag; subclasses add a typed ``body``."""

    sender: Annotated[
        str, _d("Who sends it: a client's name, or 'gm'."), msgspec.Meta(max_length=64)
    ] = msgspec.field(name="from", default="")
    to: Annotated[
        str | msgspec.UnsetType,
        _d(
            "Who it is for: 'gm', a client's name, '<table>/<seat>', '<table>/spectators' "
            "('' for a client that has not said hello yet). Always present in the game "
            "master's frames."
        ),
    ] = msgspec.UNSET
    id: Annotated[RequestId | None, _d("Request id chosen by the client; echoed by the reply.")] = (
        None
    )
    seq: Annotated[
        int | None,
        _d(
            "Per-table sequence number of a table event, strictly increasing for each "
            "recipient (it may skip numbers: frames sent to one member only count too)."
        ),
    ] = None

    # Documentation only (not on the wire):
    direction: ClassVar[str] = ""  # "client → gm" or "gm → client"
    summary: ClassVar[str] = ""


class Body(msgspec.Struct, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """Base of every body."""


class Empty(Body):
    pass


# --------------------------------------------------------------------------- shared pieces


class SeatInfo(Body, omit_defaults=False):
    seat: int
    name: Annotated[str, _d("Player name ('' while the seat is free).")] = ""
    bot: Annotated[str | None, _d("Bot kind when the game master plays this seat.")] = None
    taken: bool = False
    connected: bool = False
    away: Annotated[
        bool,
        _d("Its player is gone past the grace period: a bot plays for them until they resume."),
    ] = False
    account: Annotated[
        bool, _d("Held by a logged-in account (its name is the account's): rated games.")
    ] = False


class TableInfo(Body, omit_defaults=False):
    table: TableId
    game: str
    players: int
    options: dict[str, Any] = {}
    status: Annotated[
        Literal["waiting", "playing", "finished", "aborted", "closed"],
        _d(
            "'aborted': the table failed and was closed, or a seat withheld its nonce (see "
            "'withheld'); 'closed': it expired before the start or every player was gone too "
            "long. Both end without a result."
        ),
    ] = "waiting"
    seats: list[SeatInfo] = []
    turn_seconds: Annotated[float, _d("Turn time limit in seconds (0: none).")] = 0.0
    private: bool = False
    spectators: int = 0
    version: Annotated[int, _d("Moves applied so far: the state version clients echo.")] = 0
    commitment: Annotated[
        str | None,
        _d(
            "sha256('atout-secret:' + secret): the game master's commitment, published from the "
            "creation, before any nonce is accepted (tables of format 1: to the seed, from the "
            "start)."
        ),
    ] = None
    rematch_of: TableId | None = None
    rematch: TableId | None = None
    withheld: Annotated[
        list[int],
        _d(
            "Seats that did not reveal their nonce in time once the table was full: the table "
            "was aborted for that, before any deal (see Fair deals)."
        ),
    ] = []
    rated: Annotated[
        bool,
        _d(
            "Every seat taken so far is an account or one of the game master's bots: if it "
            "stays so to the end, the result moves the accounts' ratings."
        ),
    ] = False
    quick: Annotated[bool, _d("Opened by quick_play: quick_play seats others here.")] = False
    fill_in: Annotated[
        float | None,
        _d("Seconds from now after which a seated player may fill_bots (null: not waiting)."),
    ] = None


class EventOut(Body):
    """A game event as a seat may see it (``to`` already applied)."""

    kind: str
    seat: int | None = None
    data: dict[str, Any] = {}
    text: Annotated[
        str | None,
        _d(
            "Sentence in the client's language, if asked in hello; told to the recipient: "
            "what its own seat did or had done to it in the second person ('You draw…')."
        ),
    ] = None


# --------------------------------------------------------------------------- client → gm bodies


class HelloBody(Body):
    versions: Annotated[list[int], _d("Protocol versions the client speaks.")]
    name: Annotated[str, _d("Display name."), msgspec.Meta(min_length=1, max_length=64)]
    lang: Annotated[
        str,
        _d(
            "The language of every text sent (ISO 639: 'en', 'fr' or another the welcome's "
            "'languages' lists; what a language lacks is said in English)."
        ),
        msgspec.Meta(pattern="^[a-z]{2,3}$"),
    ] = "en"
    texts: Annotated[bool, _d("Add a sentence to every event (in lang).")] = False
    client: Annotated[str, _d("Client software, for logs.")] = ""


class CreateTableBody(Body):
    game: str
    players: Annotated[int, msgspec.Meta(ge=1, le=16)]
    options: dict[str, Any] = {}
    bots: Annotated[list[int], _d("Seats the game master plays itself.")] = []
    bot_kind: Annotated[str, _d("Kind of the seated bots (see atout.bots).")] = "random"
    bot_delay: Annotated[
        float, _d("Seconds a seated bot waits before moving."), msgspec.Meta(ge=0, le=60)
    ] = 0.2
    turn_seconds: Annotated[
        float, _d("Turn time limit (0: none)."), msgspec.Meta(ge=0, le=86400)
    ] = 0.0
    private: Annotated[bool, _d("Hidden from list_tables (join by id).")] = False
    autostart: Annotated[bool, _d("Start as soon as every seat is taken.")] = True


class ListTablesBody(Body):
    game: Annotated[str | None, _d("Only this game.")] = None
    status: Annotated[
        Literal["waiting", "playing"] | None, _d("Only tables in this state (null: both).")
    ] = None
    limit: Annotated[
        Annotated[int, msgspec.Meta(ge=1)] | None,
        _d("Tables wanted in this page (null or beyond the server's page size: the page size)."),
    ] = None
    after: Annotated[str | None, _d("The 'next' of the previous page, to continue from there.")] = (
        None
    )


class TableBody(Body):
    table: TableId


class JoinBody(Body):
    table: TableId
    seat: Annotated[int | None, _d("Seat wanted; null: the first free seat.")] = None
    nonce_commitment: Annotated[
        NonceCommitment | None,
        _d(
            "sha256('atout-nonce:' + nonce) for this seat's random contribution to the seed, "
            "whose nonce the client reveals only when the game master asks ('reveal'). The "
            "client libraries add one. Without it this seat's nonce is the game master's, and "
            "this seat trusts the game master."
        ),
    ] = None


class RematchVoteBody(Body):
    table: TableId
    nonce_commitment: Annotated[
        NonceCommitment | None,
        _d(
            "The commitment to this seat's nonce for the rematch, as in join (the rematch's "
            "secret is committed in game_over's rematch_commitment)."
        ),
    ] = None


class RevealBody(Body):
    table: TableId
    nonce: Annotated[
        Nonce, _d("The nonce this seat committed to: sha256('atout-nonce:' + nonce) must match.")
    ]


class ResumeBody(Body):
    table: TableId
    token: Annotated[
        Annotated[str, msgspec.Meta(max_length=128)] | None,
        _d(
            "The secret seat token from 'joined'. May be left out (or be stale) on a connection "
            "of the account that holds the seat: the account takes it back from any device."
        ),
    ] = None
    version: Annotated[int, _d("Last state version the client saw (-1: none).")] = -1


class QuickPlayBody(Body):
    game: str
    players: Annotated[int, msgspec.Meta(ge=1, le=16)]
    fill: Annotated[
        Literal["wait", "bots"],
        _d("'bots': the empty seats get bots at once and the game starts; 'wait': for people."),
    ] = "wait"
    wait: Annotated[
        float,
        _d("Seconds after which the table's seated players may fill_bots (a new table's)."),
        msgspec.Meta(ge=0, le=3600),
    ] = 30.0
    nonce_commitment: Annotated[
        NonceCommitment | None, _d("The commitment to this seat's nonce, as in join.")
    ] = None
    level: Annotated[
        str,
        _d(
            "The level of the bots that fill the empty seats: an id of list_games' bot_levels. "
            "A waiting table is shared only by players who asked for the same level."
        ),
        msgspec.Meta(max_length=32),
    ] = "moyen"


REACTIONS = ("gg", "well_played", "thanks", "oops", "hello", "wow")
CHAT_MAX = 200


class ReactBody(Body):
    table: TableId
    phrase: Annotated[
        Literal["gg", "well_played", "thanks", "oops", "hello", "wow"],
        _d("One of the fixed phrases; each client shows it in its language."),
    ]


class ChatBody(Body):
    table: TableId
    text: Annotated[str, msgspec.Meta(min_length=1, max_length=CHAT_MAX)]


class WatchBody(Body):
    table: TableId
    version: int = -1


class MoveBody(Body):
    table: TableId
    version: Annotated[int, _d("The state version the move was chosen on (from 'update').")]
    move: Annotated[dict[str, Any], _d("The game's move, e.g. {'type': 'draw'}.")]


# --------------------------------------------------------------------------- gm → client bodies


class WelcomeBody(Body, omit_defaults=False):
    version: int
    server: str
    games: list[str]
    account: Annotated[
        str | None,
        _d("The account this connection is (its session cookie on the upgrade); null: a guest."),
    ] = None
    chat: Annotated[bool, _d("Whether this server relays free chat.")] = False
    languages: Annotated[
        list[str], _d("The languages of the game master's catalogue: what a hello's lang may ask.")
    ] = []


class GamesBody(Body):
    games: Annotated[
        list[dict[str, Any]],
        _d(
            "Each game's id, titles, player range, options and view_spec: the fields of its "
            "views ({key, kind, en, fr, per_seat?, values?}, see atout.games.base.Field) and of "
            "its result's detail, so a client draws any game; and the facts a client needs "
            "instead of re-implementing them: move_fields (per move type, its card fields and "
            "its choice fields), card_pattern (a card code, as a regular expression without "
            "anchors), facts (the game's own: Le Quinze's card_values, ace_high, fifteen…), "
            "bot_levels, bot_kinds and default_level."
        ),
    ]


class TablesBody(Body):
    tables: Annotated[list[TableInfo], _d("Oldest first, at most the page size.")]
    next: Annotated[
        str | None, _d("Set when there are more: send it as 'after' for the next page.")
    ] = None


class JoinedBody(Body):
    table: TableId
    seat: int
    token: Annotated[str, _d("Secret: lets this client act for the seat and reconnect.")]


class UpdateBody(Body, omit_defaults=False):
    table: TableId
    version: Annotated[int, _d("State version to echo in the next move.")]
    turn: Annotated[int | None, _d("Seat to act, null when the game is over.")]
    seat: Annotated[int | None, _d("The recipient's seat (null: spectator).")]
    events: Annotated[list[EventOut], _d("What happened since the recipient's last update.")]
    view: Annotated[dict[str, Any], _d("Everything the recipient may see now.")]
    legal: Annotated[list[Any] | None, _d("The recipient's legal moves when it is its turn.")] = (
        None
    )
    deadline: Annotated[float | None, _d("Seconds left for the current turn.")] = None
    legal_total: Annotated[
        int | None,
        _d(f"How many legal moves there are; 'legal' lists at most {MAX_LEGAL} of them."),
    ] = None


class RevealAskBody(Body):
    table: TableId
    commitments: Annotated[
        list[str | None],
        _d(
            "Every seat's nonce_commitment in seat order (null: the game master gives that "
            "seat's nonce, fixed by its secret). A seat reveals only against this list, once."
        ),
    ]
    pending: Annotated[list[int], _d("Seats whose reveal is still awaited.")]
    deadline: Annotated[
        float,
        _d("Seconds left to reveal; then the table is aborted and the seats left are named."),
    ]


class StartedBody(Body):
    table: TableId
    commitment: Annotated[
        str,
        _d("The commitment published at the creation (format 1: sha256('atout-seed:' + seed))."),
    ]
    seats: list[SeatInfo]
    nonces: Annotated[
        list[str], _d("Every seat's nonce, in seat order: with the secret, they fix the seed.")
    ] = []
    commitments: Annotated[
        list[str | None],
        _d(
            "Every seat's nonce_commitment, as in the 'reveal' the seats answered (null: the "
            "game master's nonce)."
        ),
    ] = []


class GameOverBody(Body):
    table: TableId
    result: dict[str, Any]
    seed: Annotated[
        str,
        _d(
            "The seed: sha256('atout-seed/2:' + secret + ':' + nonce_0 + ':' + …) (format 1: "
            "drawn by the game master; check sha256('atout-seed:' + seed) = commitment)."
        ),
    ]
    commitment: str
    version: int
    secret: Annotated[
        str | None, _d("The game master's secret, revealed: sha256('atout-secret:' + secret).")
    ] = None
    nonces: Annotated[list[str], _d("Every seat's nonce in seat order (as in 'started').")] = []
    commitments: Annotated[
        list[str | None], _d("Every seat's nonce_commitment in seat order (as in 'started').")
    ] = []
    rematch_commitment: Annotated[
        str | None,
        _d("sha256('atout-secret:' + s) for the secret s of this table's rematch, if any."),
    ] = None


class RematchBody(Body):
    table: TableId
    votes: Annotated[list[int], _d("Seats that asked for a rematch.")]


class RematchReadyBody(Body):
    table: TableId
    new_table: TableId
    seat: int | None = None
    token: str | None = None


class AdviceBody(Body):
    table: TableId
    version: Annotated[int, _d("The state version the advice is for.")]
    move: Annotated[dict[str, Any], _d("The advised move, as 'move' sends it.")]
    why: Annotated[str, _d("Why, in a sentence (English).")]
    why_fr: Annotated[str, _d("Why, in a sentence (French).")]
    index: Annotated[
        int | None, _d("Its place in the update's 'legal' list (null: beyond the listed ones).")
    ] = None


class ReactionBody(Body):
    table: TableId
    seat: Annotated[int | None, _d("Who reacted (null: a spectator).")]
    phrase: str


class ChatOutBody(Body):
    table: TableId
    seat: Annotated[int | None, _d("Who wrote (null: a spectator).")]
    name: str
    text: Annotated[str, _d("Plain text: show it as text, never as HTML.")]


class ErrorBody(Body):
    code: Annotated[str, _d("Stable machine-readable code (see the error table).")]
    message: Annotated[str, _d("In English.")]
    message_fr: Annotated[str, _d("In French.")] = ""
    detail: dict[str, Any] = {}
    text: Annotated[
        str,
        _d(
            "In the language the hello asked for (any language of the game master's catalogue: "
            "the welcome lists them), English for what that language lacks."
        ),
    ] = ""


# --------------------------------------------------------------------------- the messages

C2G = "client → gm"
G2C = "gm → client"


class Hello(Message, tag="hello"):
    direction = C2G
    summary = "Opens the session: protocol versions spoken, name, language. Must come first."
    body: HelloBody


class ListGames(Message, tag="list_games"):
    direction = C2G
    summary = "Asks for the games, their player ranges and options."
    body: Empty = msgspec.field(default_factory=Empty)


class CreateTable(Message, tag="create_table"):
    direction = C2G
    summary = "Creates a table: game, seats, options, bots, turn limit, private or listed."
    body: CreateTableBody


class ListTables(Message, tag="list_tables"):
    direction = C2G
    summary = (
        "Lists the listed (non-private) tables waiting or playing, one page at a time "
        "(filters: game, status)."
    )
    body: ListTablesBody = msgspec.field(default_factory=ListTablesBody)


class Join(Message, tag="join"):
    direction = C2G
    summary = "Takes a free seat; the reply carries the secret seat token."
    body: JoinBody


class Resume(Message, tag="resume"):
    direction = C2G
    summary = "Reconnects to a seat with its token; receives what it missed."
    body: ResumeBody


class Leave(Message, tag="leave"):
    direction = C2G
    summary = (
        "Leaves a seat (before the start it is freed; later a bot plays it) or stops watching."
    )
    body: TableBody


class Watch(Message, tag="watch"):
    direction = C2G
    summary = "Watches a table as a spectator (public view only)."
    body: WatchBody


class Start(Message, tag="start"):
    direction = C2G
    summary = "Starts the game (a seated player; every seat must be taken)."
    body: TableBody


class Move(Message, tag="move"):
    direction = C2G
    summary = "Plays a move for the client's seat, on the state version it saw."
    body: MoveBody


class Hint(Message, tag="hint"):
    direction = C2G
    summary = (
        "Asks what the heuristic bot would play for the client's seat, and why. On the seat's "
        "turn only; computed from the seat's view alone."
    )
    body: TableBody


class Rematch(Message, tag="rematch"):
    direction = C2G
    summary = (
        "Asks for a rematch after the end, with this seat's nonce_commitment for it; when every "
        "player asked, a new table starts."
    )
    body: RematchVoteBody


class Reveal(Message, tag="reveal"):
    direction = C2G
    summary = (
        "Answers the game master's 'reveal': the nonce this seat committed to. Refused unless "
        "asked, or if it does not match the commitment; the deal follows the last reveal."
    )
    body: RevealBody


class QuickPlay(Message, tag="quick_play"):
    direction = C2G
    summary = (
        "Seats the client at a waiting quick-play table of this game and size (opened if there "
        "is none); 'fill': 'bots' starts it at once with bots. The reply is 'joined'."
    )
    body: QuickPlayBody


class FillBots(Message, tag="fill_bots"):
    direction = C2G
    summary = (
        "A seated player of a waiting table has the empty seats played by the game master's "
        "bots, and the game starts (a quick-play table: once its wait is over)."
    )
    body: TableBody


class React(Message, tag="react"):
    direction = C2G
    summary = "A fixed phrase to the table (players and spectators); one every 3 s."
    body: ReactBody


class Chat(Message, tag="chat"):
    direction = C2G
    summary = "Free text to the table, on a server started with --chat; one every 2 s."
    body: ChatBody


class Ping(Message, tag="ping"):
    direction = C2G
    summary = "Keep-alive; answered by pong."
    body: Empty = msgspec.field(default_factory=Empty)


class Welcome(Message, tag="welcome"):
    direction = G2C
    summary = "Reply to hello: the chosen protocol version and the games served."
    body: WelcomeBody


class Games(Message, tag="games"):
    direction = G2C
    summary = "Reply to list_games."
    body: GamesBody


class TableCreated(Message, tag="table_created"):
    direction = G2C
    summary = "Reply to create_table."
    body: TableInfo


class Tables(Message, tag="tables"):
    direction = G2C
    summary = "Reply to list_tables."
    body: TablesBody


class Joined(Message, tag="joined"):
    direction = G2C
    summary = "Reply to join or resume: the seat and its secret token."
    body: JoinedBody


class Ok(Message, tag="ok"):
    direction = G2C
    summary = "Reply to leave, watch, start, rematch when there is nothing else to say."
    body: TableBody


class Pong(Message, tag="pong"):
    direction = G2C
    summary = "Reply to ping."
    body: Empty = msgspec.field(default_factory=Empty)


class Table(Message, tag="table"):
    direction = G2C
    summary = "Table event: seats, presence or status changed."
    body: TableInfo


class RevealAsk(Message, tag="reveal"):
    direction = G2C
    summary = (
        "Table event: every seat is taken; each seat that committed to a nonce reveals it now "
        "(sent again after each reveal, with the seats still awaited)."
    )
    body: RevealAskBody


class Started(Message, tag="started"):
    direction = G2C
    summary = (
        "Table event: the game starts; every seat's nonce and nonce_commitment, and the "
        "commitment again."
    )
    body: StartedBody


class Update(Message, tag="update"):
    direction = G2C
    summary = (
        "Table event: after every change, each member gets its own view, the events it may see "
        "and, on its turn, its legal moves. The mover's copy also carries its request id."
    )
    body: UpdateBody


class GameOver(Message, tag="game_over"):
    direction = G2C
    summary = (
        "Table event: the result for every seat; the secret, the nonces and the seed revealed."
    )
    body: GameOverBody


class RematchVotes(Message, tag="rematch"):
    direction = G2C
    summary = "Table event: who asked for a rematch so far."
    body: RematchBody


class RematchReady(Message, tag="rematch_ready"):
    direction = G2C
    summary = "Table event: the rematch table exists; a player gets its new seat token."
    body: RematchReadyBody


class Advice(Message, tag="advice"):
    direction = G2C
    summary = "Reply to 'hint': a legal move for the seat, and why (English and French)."
    body: AdviceBody


class Reaction(Message, tag="reaction"):
    direction = G2C
    summary = "Table event: someone at the table reacted with a fixed phrase."
    body: ReactionBody


class ChatOut(Message, tag="chat"):
    direction = G2C
    summary = "Table event: someone at the table wrote (servers with --chat)."
    body: ChatOutBody


class Error(Message, tag="error"):
    direction = G2C
    summary = "A request was refused; nothing changed. Carries the request id when there is one."
    body: ErrorBody


CLIENT_MESSAGES: tuple[type[Message], ...] = (
    Hello,
    ListGames,
    CreateTable,
    ListTables,
    Join,
    Resume,
    Leave,
    Watch,
    Start,
    Move,
    Hint,
    Rematch,
    Reveal,
    QuickPlay,
    FillBots,
    React,
    Chat,
    Ping,
)
SERVER_MESSAGES: tuple[type[Message], ...] = (
    Welcome,
    Games,
    TableCreated,
    Tables,
    Joined,
    Ok,
    Pong,
    Table,
    RevealAsk,
    Started,
    Update,
    GameOver,
    RematchVotes,
    RematchReady,
    Advice,
    Reaction,
    ChatOut,
    Error,
)

ClientMessage = (
    Hello
    | ListGames
    | CreateTable
    | ListTables
    | Join
    | Resume
    | Leave
    | Watch
    | Start
    | Move
    | Hint
    | Rematch
    | Reveal
    | QuickPlay
    | FillBots
    | React
    | Chat
    | Ping
)
ServerMessage = (
    Welcome
    | Games
    | TableCreated
    | Tables
    | Joined
    | Ok
    | Pong
    | Table
    | RevealAsk
    | Started
    | Update
    | GameOver
    | RematchVotes
    | RematchReady
    | Advice
    | Reaction
    | ChatOut
    | Error
)
