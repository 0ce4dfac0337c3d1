# The terminal client's own words (atout.tui); the games' sentences come from the game master.

terminal-connecting = Connecting to { $url }…
terminal-waiting-players = Waiting for players. Others can join with: atout play --url { $url } --table { $table }
terminal-your-turn = Your turn: ↑↓ and Enter, or 1–9 · h hint · q quit
# $who the seat whose turn it is
terminal-their-turn = { $who } is playing…
terminal-sending = Sending your move…
terminal-watching = You are watching table { $table }.
terminal-over = The game is over.
terminal-closed = Connection closed.
terminal-reconnecting = The game master at { $url } went away: connecting again (the other addresses first)…
terminal-connected-to = connected to { $url }

## Panels

terminal-board = Table
terminal-hand = Your hand
terminal-no-hand = (spectator: no hand)
terminal-moves = Your moves
terminal-no-moves = Not your turn.
# $shown the moves listed, of $total
terminal-more-moves = { NUMBER($shown) } of { $total ->
    [one] { $total } move
   *[other] { $total } moves
} listed
terminal-log = What happened
terminal-you = you
terminal-key-quit = Quit
terminal-key-hint = Hint
# $level a bot's level, in the player's words
terminal-bot-level = { $level }, bot
terminal-bot = bot
# $count a seat's cards
terminal-cards = { $count ->
    [one] { $count } card
   *[other] { $count } cards
}
terminal-yes = yes
terminal-no = no
terminal-clockwise = clockwise
terminal-anticlockwise = anticlockwise
terminal-went-out = out
terminal-spectators-do-not-play = Spectators do not play.

## Hints

terminal-hint = Hint: { $text }
terminal-no-hint = No hints in this installation.
terminal-hint-not-now = Hints are for your turn.
terminal-thinking = Thinking…

## The end

terminal-game-over = GAME OVER
terminal-you-win = You win!
terminal-you-share = You share the win!
terminal-you-lose = You lose.
# $count the winners, $who them
terminal-winners = { $count ->
    [one] Winner: { $who }
   *[other] Winners: { $who }
}
terminal-reason = Reason: { $reason }
terminal-seat = Seat
terminal-player = Player
terminal-score = Score
# $count the losers
terminal-lost = Lost
terminal-seed = Seed { $seed } (its SHA-256 commitment { $commitment }… was published at the start)
terminal-over-keys = n new game (rematch) · Esc back to the table · q quit
terminal-over-status = The game is over: r result · n new game (rematch) · q quit
terminal-rematch-asked = Rematch asked: waiting for the other players…

## Status

# $seconds left on the clock
terminal-time-left = { NUMBER($seconds) } s left
terminal-error = Refused: { $text }
# $seat the reader's seat, or terminal-spectator
terminal-you-are = you are { $seat }
terminal-spectator = a spectator
