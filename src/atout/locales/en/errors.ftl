# The game master's refusals, told to players (each error's message; docs/PROTOCOL.md lists the
# codes). Quoted values ($table, $name…) come quoted; $wait and the like are seconds.

## The frame itself

error-protocol-hello-required = Send 'hello' first.
# $versions the versions this server speaks
error-protocol-version = No common protocol version; this server speaks { $versions }.
error-protocol-binary = Binary frames are not accepted: send each message as one JSON text frame.
# $limit the most bytes a message may have
error-protocol-too-large = A message may have at most { $limit ->
    [one] { NUMBER($limit, useGrouping: 0) } byte
   *[other] { NUMBER($limit, useGrouping: 0) } bytes
}: closing (1009).

# A frame that is not a valid command; $why the decoder's own words (in English)
error-protocol-bad-message = Bad message: { $why }
# $why what is wrong with the bytes
error-protocol-bad-utf8 = Bad message: invalid UTF-8 ({ $why }).
# $most the deepest nesting a frame may have
error-protocol-too-deep = Bad message: more than { $most ->
    [one] { $most } level
   *[other] { $most } levels
} of nesting.

## The server

error-server-internal = Internal error.
error-server-record-missing = The table's record is missing.
error-server-shutting-down = The server is stopping; reconnect later with your seat token.
error-server-busy = The server is busy: retry in { NUMBER($wait) } s.
error-server-slow = The server took too long to answer; your request may still take effect: check, or retry in { NUMBER($wait) } s.
error-server-no-database = The database cannot be reached: retry in a few seconds; nothing was changed.
error-node-unavailable = The table's node cannot be reached just now; nothing was done: send again in { NUMBER($wait) } s.
error-store-unavailable = Saving is paused (the database does not answer); your moves wait: send again in { NUMBER($wait) } s.
error-table-moved = The table moved to another node: connect again and resume with your seat token.

## Limits

error-limit-rate = Too many commands: retry in { NUMBER($wait, minimumFractionDigits: 2, maximumFractionDigits: 2) } s.
error-limit-create-rate = Too many tables created: retry in { NUMBER($wait, minimumFractionDigits: 2, maximumFractionDigits: 2) } s.
# A reaction or a chat line too soon after the last
error-limit-talk = Not so fast: retry in { NUMBER($wait, minimumFractionDigits: 1, maximumFractionDigits: 1) } s.
# $most the open tables one connection or address may have
error-limit-open-tables = You have { $most ->
    [one] { $most } open table
   *[other] { $most } open tables
} already: start, finish or leave one first.
error-limit-bot-tables = This server plays at most { $most ->
    [one] { $most } table
   *[other] { $most } tables
} of bots only at once.

## Names

# $most a name's most characters
error-name-empty = Choose a name.
error-name-too_long = A name has { $most ->
    [one] { $most } character
   *[other] { $most } characters
} at most.
error-name-bidi = A name cannot hold text-direction marks.
error-name-invisible = A name cannot hold invisible characters (zero-width spaces, soft hyphens, joiners, variation selectors…).
error-name-control = A name cannot hold control characters.
error-name-characters = A name is made of letters, digits, spaces and - _ . ' and starts with a letter or a digit.
error-name-reserved = This name is reserved (gm, admin, bot…, the bots' levels): choose another.
error-lobby-bad-name = This name is refused: it is empty or longer than { $most ->
    [one] { $most } character
   *[other] { $most } characters
}, holds invisible, control or direction characters or anything but letters, digits, spaces and - _ . ', or is reserved ('gm', 'admin', 'bot…').
# $name the name asked for, $account the account's it looks like
error-lobby-name-account = { $name } is, or looks like, the name of the account { $account }: log in to use it, or choose another.
# $seated the name of a player at the table, $name the name asked for
error-lobby-name-seated = { $seated } sits at this table and { $name } looks like it: choose another name or another table.

## The lobby

error-lobby-unknown-table = No table { $table }.
error-lobby-bad-bot-seats = Bot seats must be distinct seats of the table.
# $kind the kind asked for, $known the kinds there are
error-lobby-bad-bot-kind = Unknown bot kind { $kind }; known: { $known }.
error-lobby-bad-bot-level = Unknown level { $level }; the levels are { $levels }.
error-lobby-bad-cursor = 'after' must be the 'next' of a previous 'tables' reply.
# $option an option's name, $most its maximum here, $asked what was asked
error-lobby-option-limit = Option { $option } is at most { NUMBER($most) } on this server (asked: { NUMBER($asked) }).
error-lobby-account-seated = Your account already holds a seat here: resume it.
error-lobby-table-full = No free seat.
# $seat a seat's number
error-lobby-bad-seat = No seat { NUMBER($seat) } at this table.
error-lobby-seat-taken = Seat { NUMBER($seat) } is taken.
error-lobby-bad-token = This token holds no seat at this table.
error-lobby-already-seated = You already hold a seat at this table.

## A table

error-table-already-started = The game has already started.
error-table-not-started = The game has not started.
error-table-not-finished = The game is not over.
error-game-over = The game is over.
error-table-not-seated = You hold no seat at this table.
error-table-not-seated-start = Only a seated player may start the game.
error-table-not-seated-fill = Only a seated player may fill the table with bots.
error-table-not-seated-rematch = Only a player of this table may ask for a rematch.
error-table-not-ready = Every seat must be taken first.
error-table-too-early = Wait { NUMBER($wait, maximumFractionDigits: 0) } s more for people before filling with bots.
# $status aborted or closed
error-table-closed = This table was closed ({ $status }): it ended without a result.
error-table-revealing = Every seat is taken and the seats are revealing their nonces: wait for the deal.
error-table-no-commitment = Your seat committed to no nonce: the game master's is used.
error-table-not-revealing = No reveal is asked now: the game master asks once every seat is taken.
error-table-bad-reveal = This nonce does not match your seat's commitment.
# $version the state's version the move was chosen on, $current the state's version now
error-table-stale-state = Your move was chosen on version { NUMBER($version) }; the state is at version { NUMBER($current) }.
# $current the seat whose turn it is, $seat the seat that tried to play
error-not-your-turn = It is seat { NUMBER($current) }'s turn, not seat { NUMBER($seat) }'s.
error-table-seat-taken-over = Another connection resumed your seat with its token.
error-table-chat-disabled = This server has no free chat: use the reactions.
error-table-bad-text = Nothing to say: the text is empty.
error-table-not-member = Only the players and spectators of this table can talk to it.
# Said instead of a card the reader may not see, in a refusal.
error-this-card = this card

## Accounts and the HTTP API

error-account-logged-out = This session was logged out (here or on another device): you are a guest again.
# $least, $most a password's fewest and most characters
error-account-bad-password = A password has { NUMBER($least) } to { NUMBER($most) } characters.
error-account-name-taken = This name is taken.
# $account the account's name this one looks like
error-account-name-confusable = This name looks like the account { $account }'s: choose another.
error-account-bad-login = Wrong name or password.
error-account-not-logged-in = You are not logged in.
error-account-unknown = No player { $name }.
error-account-rate-limited = Too many attempts: retry in { NUMBER($wait) } s.
error-api-not-found = No endpoint { $path }.
error-api-method = Use { $method } here.
error-api-too-large = The body may have at most { $most ->
    [one] { NUMBER($most, useGrouping: 0) } byte
   *[other] { NUMBER($most, useGrouping: 0) } bytes
}.
error-api-bad-content-type = Send the body as application/json.
# $why what the decoder said
error-api-bad-request = Bad request: { $why }
error-api-malformed = Malformed HTTP request (a body needs a Content-Length).
# $key a query parameter, $least and $most its bounds
error-api-bad-query = '{ $key }' is a whole number from { NUMBER($least) } to { NUMBER($most) }.
error-api-unknown-game = No game { $game }.
error-api-unknown-table = No finished table { $table }.
