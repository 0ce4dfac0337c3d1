# Words every game's sentences share (atout.games.sentences): seats, cards, colours, lists,
# result reasons, the game master's time-out and catch-up.
#
# Variables: $n a number; $rank a card's rank token (A, 2 … 10, J, Q, K); $suit a suit's letter
# (C, D, H, S); $symbol its sign (♣ ♦ ♥ ♠); $colour red or black; $you the reader's part in the
# sentence (who: the reader did it; none: told of others).

## Seats

# A seat, numbered from 1.
seat = P{ $n }
game-master = the game master
# The reader's own seat where it is not the subject ("P2 draws from you").
seat-you = you

## Lists: "P1 and P3", "P1, P2 and P3" ($most: every item but the last, already listed)

list-and = { $most } and { $last }
list-comma = { $most }, { $next }

## Cards

# A rank's name ($rank its token) and a suit's ($suit its letter), alone or in a card's name.
rank-name = { $rank ->
    [A] Ace
    [J] Jack
    [Q] Queen
    [K] King
   *[other] { $rank }
}
suit-name = { $suit ->
    [C] Clubs
    [D] Diamonds
    [H] Hearts
   *[S] Spades
}
card-name = { rank-name } of { suit-name }
card-joker = Joker
# A card's short label: Q♥, 10♠.
card-label = { $rank }{ $symbol }
card-joker-label = 🃏
# A card's label with its article.
card-the = the { card-label }
card-joker-the = the 🃏

colour = { $colour ->
    [red] red
   *[black] black
}

## Result reasons (a result's reason, a game_over event's)

reason-emptied_hand = a player has no cards left
reason-deadlock = nothing left to draw: fewest cards wins
reason-turn_cap = turn limit reached: fewest cards (or points) wins
reason-target = a total reached the target: fewest points wins
reason-out = a player went out
reason-stock_out = nothing left to draw: the deal is scored as it stands

## The game master's own events

# A seat's time ran out ($who); with a move ($move), the one the game master made for it.
timeout = { $you ->
    [who] You ran out of time.
   *[none] { $who } ran out of time.
}
timeout-played = { $you ->
    [who] You ran out of time; the game master plays for you: { $move }.
   *[none] { $who } ran out of time; the game master plays for them: { $move }.
}
# A catch-up cut to its latest steps: how many were left out.
earlier = Earlier play is not repeated here ({ $steps ->
    [one] { $steps } step
   *[other] { $steps } steps
}).

## Refusals every game shares (a move, a deck, options; atout.games.base and common)

refused-game-over = The game is over.
# $current the seat whose turn it is, $seat the one that tried (numbered from 0)
refused-not-your-turn = It is seat { $current }'s turn, not seat { $seat }'s.
refused-unknown-move = Unknown move.
# $why the decoder's own words (in English)
refused-bad-move = Malformed move: { $why }
refused-bad-options = Invalid options: { $why }
# $code what the deck holds, quoted
refused-bad-deck-card = A stacked deck holds { $code }, which is not a card.
refused-bad-deck = A stacked deck must hold exactly the game's cards, each once.
# $game the game's title; $least and $most its fewest and most players
refused-player-count = { $game } is played by { NUMBER($least) } to { $most ->
    [one] { $most } player
   *[other] { $most } players
}.
# $game the id asked for, quoted; $known the games there are
refused-unknown-game = Unknown game { $game }; known: { $known }.
refused-duplicate-card = The same card twice.
# $code the code that names no card, quoted
refused-unknown-card = { $code } is not a card.
# $card a card's name
refused-card-not-in-hand = { $card } is not in your hand.

## The view's fields, as a client labels them (atout.games.base.shows; a phase's values too)

view-phase = Phase
view-phase-over = over
view-hand-sizes = cards
view-stock-size = Stock
view-discard-size = Cards in the discard
view-discard = Discard (latest last)
view-hands = hand
