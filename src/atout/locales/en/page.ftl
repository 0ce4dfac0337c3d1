# The page's own words (src/atout/web: i18n.js), English. Game sentences come from the game
# master (the games' catalogues); these are the page's: its screens, the table's prompts, the
# lobby and the forms, the players' platform.
#
# Ids: "page-" then the page's key, _ written - (the page asks tr("your_turn"): page-your-turn).
# Variables: $n, $s, $total, $shown, $min, $max, $sum, $low, $high, $ace, $deck numbers (each
# chooses a plural, or is NUMBER()); $who, $seat, $dealer, $a, $b, $from a seat's name; $cards a
# list of cards; $colour red or black; $rank a card's rank (A, 2 … 10, J, Q, K); $suit C, D, H
# or S; $pointer mouse or touch (the page says "click" to a mouse, "tap" to a finger).

## The language itself (languages.json lists each language by these)

page-language-name = English
page-switch-to = Switch to English
page-locale = en-GB
page-rules-back = atout: play
page-rules-dev = For developers

## The page

page-title = atout — card games
page-server = Game master:
page-your-name = Your name
page-connect = Connect
page-connecting = Connecting to { $url }…
page-connected-as = Connected as { $name }
page-disconnected = Not connected
page-reconnecting = Connection lost: reconnecting…
page-saving-paused = Saving is paused (the database does not answer): your move waits and is sent again by itself.
page-node-away = The table's server cannot be reached for a moment: your move is sent again by itself.
page-table-moved = The table moved to another server: the page follows it by itself.
page-server-stopping = The game master is restarting: the page reconnects by itself.
page-cannot-connect = Cannot reach the game master: { $why }
page-games = Games
page-players-range = { NUMBER($min) }–{ $max ->
    [one] { $max } player
   *[other] { $max } players
}
page-options = Options
page-default = default
page-open-tables = Open tables
page-refresh = Refresh
page-no-tables = No open table. Create one below.
page-table-id = Table { $id }
page-join = Join
page-watch = Watch
page-join-label = Join table { $id }
page-watch-label = Watch table { $id }
page-free-seat = free
page-by-id = Private table
page-by-id-help = Join or watch a table by its id.
page-table-id-input = Table id
page-create = New table
page-game = Game
page-players = Players
page-seats = Seats
page-seat-n = Seat P{ NUMBER($n) }
page-human = Player
page-bot = Bot
page-bot-named = { $level } bot
page-bot-kind = Bots
page-bot-delay = Bot pause (seconds)
page-turn-seconds = Turn time limit (seconds, 0: none)
page-private = Private (not listed; join by id)
page-create-button = Create the table
page-status-waiting = waiting
page-status-playing = playing
page-status-finished = finished
page-status-aborted = This table was stopped by the game master after an error.
page-status-withheld = Called off before the deal, no result: not revealed in time by { $seats }.
page-status-closed = This table was closed: its players had all left.
page-more-tables = More tables
page-away-seat = away: a bot plays
page-spectators = { NUMBER($n) } watching
page-leave = Leave the table
page-leave-confirm = Leave the game? A bot will play your seat.
page-you = you
page-yourself = You
page-you-are = You are { $seat }
page-spectator = You are watching (no hand)
page-waiting-players = Waiting for players. Others can join table { $id } from the lobby.
page-your-turn = Your turn
page-your-turn-title = Your turn
page-their-turn = { $who } is playing…
page-sending = Sending your move…
page-over = The game is over.
page-board = Table
page-hand = Your hand
page-cards-n = { $n ->
    [one] { $n } card
   *[other] { $n } cards
}
page-hand-label = Your hand: { $n ->
    [one] { $n } card
   *[other] { $n } cards
}
page-stock-label = Stock: { $n ->
    [one] { $n } card
   *[other] { $n } cards
}
page-stock-draw = Stock · { NUMBER($n) }: draw from the stock
page-stock-short = Stock · { NUMBER($n) }
page-discard-label = Discard pile: { $n ->
    [one] { $n } card
   *[other] { $n } cards
}
page-discard-short = Discard pile · { NUMBER($n) }
page-last-fifteen-short = Last fifteen · { NUMBER($n) }
page-on-table-label = On the table: { $n ->
    [one] { $n } card
   *[other] { $n } cards
}
page-said = { $who }: { $text }
page-labelled = { $label }: { $value }
page-label = { $label }:
page-seat-short = P{ NUMBER($n) }
page-move-from = from { $who }
page-move-position = card #{ NUMBER($n) }
page-pair-rank = { $rank ->
    [10] the 10s
    [J] the Jacks
    [Q] the Queens
    [K] the Kings
    [A] the Aces
   *[other] { $cards }
}
page-moves = Your moves
page-no-moves = Not your turn.
page-hint = Hint
page-hint-text = Hint: { $text }
page-more-moves = { NUMBER($shown) } of { $total ->
    [one] { $total } move listed
   *[other] { $total } moves listed
}
page-log = What happened
page-yes = yes
page-no = no
page-turn-marker = to play
page-disconnected-seat = disconnected
page-time-left = { NUMBER($s) } s left
page-game-over = Game over
page-you-win = You win!
page-you-share = You share the win!
page-you-lose = You lose.
page-winners = Winners: { $who }
page-winner-is = Winner: { $who }
page-player = Player
page-score = Score
page-seed = Seed (revealed)
page-secret = The game master's secret (revealed)
page-nonces = Each seat's nonce
page-commitment = Commitment published at the start
page-seed-ok = ✓ Checked here: the game master's secret matches its commitment, and the seed follows from that secret and every seat's nonce, yours included.
page-seed-bad = ✗ The deal does not match what was committed!
page-rematch = Rematch
page-rematch-asked = Rematch asked: waiting for the other players…
page-rematch-votes = Rematch asked by { $who }
page-back-to-lobby = Back to the lobby
page-refused = Refused: { $text }
page-seat-taken-over = Another window took over your seat.
page-lost-table = That table is gone.
page-skip-link = Skip to your moves
page-game-master = the game master
page-hand-of = Hand of { $who }
page-levels = Levels
page-bot-kinds-raw = Bot kinds (for experts)
page-resume = Resume your seat
page-resume-label = Resume your seat at table { $id }
page-title-q2j = Q Squared Joe
page-title-quinze = Le Quinze
page-title-pouilleux = Le Pouilleux (special pairs)
page-fill-choice = Empty seats
page-fill-bots-now = bots at once
page-quick-level = Bots' level
page-fill-wait = wait for people (30 s, then bots if you like)
page-free-seats-n = Free seats: { NUMBER($n) }
page-waiting-short = Waiting for players…
page-invite-link = Invite a friend:
page-copy = Copy
page-fill-bots = Fill the empty seats with bots
page-fill-bots-in = Bots in { NUMBER($s) } s…
page-say = Say…
page-phrase-hello = Hello!
page-phrase-well-played = Well played!
page-phrase-gg = Good game!
page-phrase-thanks = Thanks!
page-phrase-oops = Oops!
page-phrase-wow = Wow!
page-welcome-back = Welcome back, { $name }
page-play = Play
page-log-in = Log in
page-log-out = Log out
page-logged-out-elsewhere = You were logged out (on this or another device): play as a guest or log in again.
page-sign-up = Sign up
page-as-guest = Play as a guest
page-guest-help = Just a name: your games are not rated.
page-account-title = Your account
page-account-help = A name and a password: your rating, your games and your replays, on any device.
page-account-name = Name
page-password = Password (8 characters or more)
page-cannot-reach-api = The game master cannot be reached.
page-lobby = Lobby
page-leaderboards = Leaderboards
page-leaderboard = Leaderboard
page-leaderboard-help = Rated games only (accounts and the game master's bots); rating = μ − 3σ (OpenSkill).
page-rating = Rating
page-games-played = Games
page-wins = Wins
page-no-rated-games = No rated game yet.
page-player-since = Playing since { $date }
page-games-n = { $n ->
    [one] { $n } game
   *[other] { $n } games
}
page-wins-n = { NUMBER($n) } won
page-recent-games = Recent games
page-no-games-yet = No finished game yet.
page-won = Won
page-lost = Lost
page-unrated = unrated
page-replay = Replay
page-download-record = Download the record
page-share = Share
page-link-copied = Link copied.
page-replay-controls = Replay controls
page-r-first = To the deal
page-r-back = One step back
page-r-next = One step forward
page-r-last = To the end
page-r-seek = Step
page-r-speed = Speed
page-r-play = Play
page-r-pause = Pause
page-r-step = Step { NUMBER($n) } of { NUMBER($total) }
page-r-end = The end: every hand is open
page-rules = Rules
page-how-to-play = How to play
page-full-rules = All the rules
page-got-it = Got it, let's play
page-close = Close
page-rules-missing = The rules could not be loaded.
page-sound = Sound
page-mute = Mute the sounds
page-unmute = Turn the sounds on
page-move-list = All legal moves (keyboard: 1–9)
page-move-list-touch = All legal moves
page-spectator-short = watching
page-not-playable = { $card } cannot be played now.
page-choose-player = Choose { $who }
page-choose-colour = Choose the colour to impose
page-colour-red = red
page-colour-black = black
page-draw-from = { $pointer ->
    [mouse] Hand of { $who }: click a card to draw it
   *[touch] Hand of { $who }: tap a card to draw it
}
page-pick-from = { $pointer ->
    [mouse] Hand of { $who }: click a card to take it
   *[touch] Hand of { $who }: tap a card to take it
}
page-blind-card = Card { NUMBER($n) } of { NUMBER($total) }, face down
page-sort-by-rank = Sort: rank
page-sort-by-suit = Sort: suit
page-auto-move = Nothing to choose: { $move }…
page-clear = Clear
page-confirm = Confirm
page-stock = Stock
page-draw-stock = Draw from the stock
page-discard = Discard pile
page-q2-banner = Q² by { $who }: play a Jack or draw
page-free-lead-banner = Free lead: play any card
page-shown-cards = Shown cards: { $cards }
page-shown-label = in hand, seen by all
page-q2-prompt = A Q² is on the pile: play a Jack, or draw.
page-q2j-prompt = { $pointer ->
    [mouse] Click a card to play it (or drag it to the pile), or click the stock to draw.
   *[touch] Tap a card to play it (or drag it to the pile), or tap the stock to draw.
}
page-q2j-prompt-free = { $pointer ->
    [mouse] Free lead: click any card to play it, or draw.
   *[touch] Free lead: tap any card to play it, or draw.
}
page-play-q2 = Play the Q²
page-tap-more = { $pointer ->
    [mouse] Click another card, or choose below.
   *[touch] Tap another card, or choose below.
}
page-deal-short = Deal
page-total = Total
page-target-line = Match to { NUMBER($n) }
page-single-deal = One deal
page-scoreboard = Scoreboard
page-bonus-title = Went out on their first turn: −50
page-bonus-note = ★ went out on their first turn: −50. The lowest total wins.
page-on-table = On the table
page-table-empty = No card on the table
page-last-fifteen = Last fifteen
page-deal-over-banner = Deal { NUMBER($n) } is over: next deal…
page-deal-line = Deal { NUMBER($n) } · dealer { $dealer }
page-points-n = { $n ->
    [one] { $n } pt
   *[other] { $n } pts
}
page-sum = Sum: { NUMBER($sum) }
page-sum-ace = Sum: { NUMBER($sum) } (Ace as { NUMBER($ace) })
page-sum-aces = Sum: { NUMBER($low) } or { NUMBER($high) } (Ace as { NUMBER($one) } or { NUMBER($ace) })
page-quinze-prompt = { $pointer ->
    [mouse] Click cards (yours and the table's) that add up to 15, or one card to lay it.
   *[touch] Tap cards (yours and the table's) that add up to 15, or one card to lay it.
}
page-quinze-prompt-more = Another fifteen, or end your turn.
page-quinze-more = { $pointer ->
    [mouse] Keep clicking cards until they make 15.
   *[touch] Keep tapping cards until they make 15.
}
page-fifteen-btn = Fifteen!
page-lay-btn = Lay { $cards } on the table
page-laid-pairs-n = { $n ->
    [one] { $n } pair laid
   *[other] { $n } pairs laid
}
page-cw = clockwise
page-ccw = counter-clockwise
page-imposed = { $colour ->
    [red] red
   *[black] black
} imposed by { $who } until their next turn
page-your-pairs = Your pairs
page-drawing-from = { $who } draws from { $from }
page-known-cards = You know: { $cards }
page-effect-10 = 10s: the next player skips a turn.
page-effect-10-two = 10s: you play again.
page-effect-q = Queens: the direction of play reverses.
page-effect-k = Kings: one card taken at random from { $a } and one from { $b } are swapped.
page-effect-j = Jacks: you take one card blind from { $who }.
page-effect-a = Aces: until your next turn, the others may lay only { $colour ->
    [red] red
   *[black] black
} pairs.
page-choose-two = { $pointer ->
    [mouse] Kings: click two players whose cards are swapped (you may name yourself).
   *[touch] Kings: tap two players whose cards are swapped (you may name yourself).
}
page-choose-second = Kings: { $who } and who else?
page-choose-victim = { $pointer ->
    [mouse] Jacks: click the player to take a card from.
   *[touch] Jacks: tap the player to take a card from.
}
page-pou-draw = { $pointer ->
    [mouse] Draw a card blind from { $who }: click one of their cards.
   *[touch] Draw a card blind from { $who }: tap one of their cards.
}
page-pou-pick = { $pointer ->
    [mouse] Take a card blind from { $who }: click one of their cards.
   *[touch] Take a card blind from { $who }: tap one of their cards.
}
page-pou-act = { $pointer ->
    [mouse] Click a special pair to lay it, or end your turn.
   *[touch] Tap a special pair to lay it, or end your turn.
}
page-generic-prompt = { $pointer ->
    [mouse] Your turn: click a card or choose a move.
   *[touch] Your turn: tap a card or choose a move.
}
page-cards-left = Cards left
page-points = Points
page-winner = winner
page-loser = lost
page-grand-perdant = big loser
page-pouilleux-holder = { $who } is left with the pouilleux (J♠): the big loser.
page-pouilleux-holder-two = { $who } is left with the pouilleux (J♠).
page-ranking = Ranking
page-deals-caption = Points per deal
page-see-table = See the table
page-see-result = The result
page-your-turn-line = Your turn.
page-fairness = Fair deal: how to check it
page-fairness-help = Nobody could choose this deal: the game master committed to a secret before anyone sat down, each player's page added a random nonce, and the seed is the hash of them all. The secret and the nonces are revealed now; `atout verify` replays the whole game from them.
page-play-now = Play now against bots
page-quick-players = { $n ->
    [one] { $n } player
   *[other] { $n } players
}
page-play-with = Play now, players:
page-game-tagline-q2j = A shedding game: beat the top card, and watch out for the Q².
page-game-tagline-quinze = Make sums of 15 with your cards and the table's.
page-game-tagline-pouilleux = Old Maid with special pairs: don't be left with the J♠.

## Cards

page-card-name = { $rank ->
    [A] Ace
    [J] Jack
    [Q] Queen
    [K] King
   *[other] { $rank }
} of { $suit ->
    [C] Clubs
    [D] Diamonds
    [H] Hearts
   *[S] Spades
}
page-card-joker = Joker
page-card-copy = { $card } (deck { NUMBER($deck) })
page-card-rank = { $rank }

## Values of views, results and options

page-value-red = red
page-value-black = black
page-value-play = play
page-value-draw = draw
page-value-lay = lay
page-value-pick = pick
page-value-scoring = scoring
page-value-over = over
page-value-emptied-hand = emptied their hand
page-value-free-lead = free lead
page-value-beat-queen = beat a Queen
page-value-keep = keep
page-value-discard = discard
page-value-skip-draw = skip the draw
page-value-reshuffle-table = reshuffle the table
page-value-end-deal = end the deal
page-value-heuristic = heuristic
page-value-random = random
page-value-ismcts = ISMCTS (search)

## Move types, as verbs

page-verb-play = Play
page-verb-draw = Draw
page-verb-lay = Lay
page-verb-pick = Take
page-verb-end = End the turn
page-verb-fifteen = Fifteen
page-verb-done = End the turn
page-verb-pass = Pass
page-verb-deal = Deal

## The games' options in a player's words (the game master's descriptions are for developers)

page-option-face-on-ace = Faces on an Ace
    .help = May a Jack, Queen or King go on an Ace of another suit? By default no (number cards of another suit, higher than the Ace, may).
page-option-q2-return = Back to the Q²
    .help = When the turn comes back to the Q²'s player: “free lead” — they lead any card; “beat a Queen” — they must beat a Queen of either suit of the pair (or draw).
page-option-initial-special-pairs = Special pairs at the deal
    .help = Special pairs (10, J, Q, K, A) found in the dealt hands: “keep” — they stay in hand and are laid later, with their effect; “discard” — they are laid at once, without effect.
page-option-max-turns = Turn limit
    .help = After this many turns the game stops: the fewest cards in hand wins (ties possible).
page-option-match = Match
    .help = On: a match of several deals, until a total reaches the target; the lowest total wins. Off: a single deal, the first player out wins.
page-option-target = Target
    .help = The match ends after the deal in which a total reaches this number.
page-option-empty-stock = Empty stock
    .help = Stock and discard pile both empty: “skip the draw” — the player does not draw; “reshuffle the table” — the table's cards make a new stock; “end the deal” — the deal stops and is scored as it stands.
page-option-speed = Speed variant
    .help = After a fifteen that took a card from the table, the player may end the turn by laying one card on the table (never the last one).
page-option-max-rounds = Round limit
    .help = A deal still running after this many rounds (one turn each) stops and is scored as it stands.
