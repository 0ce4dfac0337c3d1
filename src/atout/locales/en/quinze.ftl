# Le Quinze in words (atout.games.quinze_text): its refusals, its moves as commands, its events.
#
# Variables: $who the seat that acts; $names cards by name; $you the reader's part (who: the
# reader acts; dealer, first: the reader deals, starts; winner: the reader is among the winners;
# none).

# The game's name (its titles in list_games)
quinze-title = Le Quinze

## Refusals: why a move is not allowed

quinze-refused-deal-pending = The deal is over: the next dealer deals first.
quinze-refused-no-fifteen-made = Make a fifteen before ending the turn, or lay a card on the table.
quinze-refused-turn-not-over = End the turn with 'done'.
quinze-refused-must-lay = Without a fifteen you must lay a card on the table.
quinze-refused-deal-in-progress = The deal is still being played.
quinze-refused-lay-count = Lay one card, or two face cards of the same rank.
quinze-refused-lay-after-fifteen = You made a fifteen: end the turn (no card is laid).
quinze-refused-speed-lay-one-card = After a fifteen, the speed variant lets you lay one card only.
quinze-refused-not-a-face-pair = Two cards may be laid together only if they are two Jacks, Queens or Kings.
quinze-refused-lay-would-empty-hand = You cannot lay your last cards: a hand is emptied only by fifteens.

# A fifteen named card by card (atout.games.fifteens); $code a code as sent
quinze-refused-not-available = { $code } is neither in your hand nor on the table.
# $card a card's name
quinze-refused-card-reused = { $card } is used twice: each card goes into one fifteen only.
quinze-refused-too-few-cards = A fifteen needs at least two cards.
quinze-refused-no-hand-card = A fifteen needs at least one card from your hand.
# $low what the cards make, $high the same with an Ace counted as 14
quinze-refused-not-fifteen = These cards make { NUMBER($low) }, not 15.
quinze-refused-not-fifteen-ace = These cards make { NUMBER($low) } (or { NUMBER($high) } with an Ace as 14), not 15.

## Moves, as commands

quinze-move-fifteen = fifteen: { $names }
quinze-move-lay = lay { $names }
quinze-move-done = end the turn
quinze-move-pass = pass
quinze-move-deal = deal

## Events: what happened

# $deal the deal's number; $dealer, $first who deals, who starts; $cards_each the cards dealt
# to each; $stock the cards left in the stock
quinze-deal = Deal { NUMBER($deal) }: { $you ->
    [dealer] you deal
   *[none] { $dealer } deals
} { $cards_each ->
    [one] { $cards_each } card
   *[other] { $cards_each } cards
} each, { $stock ->
    [one] { $stock } card
   *[other] { $stock } cards
} in the stock. { $you ->
    [first] You start.
   *[none] { $first } starts.
}
quinze-hand = { $you ->
    [who] Your hand: { $names }.
   *[none] { $who }'s hand: { $names }.
}
# $card the card drawn
quinze-draw = { $you ->
    [who] You draw { $card }.
   *[none] { $who } draws { $card }.
}
quinze-draw-hidden = { $you ->
    [who] You draw a card.
   *[none] { $who } draws a card.
}
quinze-no-draw = { $you ->
    [who] The stock and the défausse are empty: you do not draw.
   *[none] The stock and the défausse are empty: { $who } does not draw.
}
# $stock the cards of the new stock
quinze-reshuffle-table = Stock and défausse empty: the table cards are shuffled into a new stock ({ $stock ->
    [one] { $stock } card
   *[other] { $stock } cards
}).
quinze-reshuffle = The stock is empty: the défausse is shuffled into a new stock ({ $stock ->
    [one] { $stock } card
   *[other] { $stock } cards
}).
# $from_table how many of its cards come from the table; $total the sum ("K♥ + 5♠ = 15")
quinze-fifteen = { $you ->
    [who] You make
   *[none] { $who } makes
} a fifteen{ $from_table ->
    [0] {""}
   *[other] {" "}({ $from_table } from the table)
}: { $total }.
quinze-lay-speed = { $you ->
    [who] You lay { $names } on the table (speed variant).
   *[none] { $who } lays { $names } on the table (speed variant).
}
quinze-lay = { $you ->
    [who] You lay { $names } on the table.
   *[none] { $who } lays { $names } on the table.
}
# $n the fifteens made this turn
quinze-done = { $you ->
    [who] You made { quinze-fifteens } and end your turn.
   *[none] { $who } made { quinze-fifteens } and ends the turn.
}
quinze-fifteens = { $n ->
    [0] no fifteen
    [one] { $n } fifteen
   *[other] { $n } fifteens
}
quinze-pass = { $you ->
    [who] You cannot lay a card and pass.
   *[none] { $who } cannot lay a card and passes.
}
# How a deal ended, before its points.
quinze-out-first-turn = { $you ->
    [who] You go out on your first turn: −50!
   *[none] { $who } goes out on their first turn: −50!
}
quinze-out = { $you ->
    [who] You go out and win the deal.
   *[none] { $who } goes out and wins the deal.
}
quinze-turn-cap = The deal has gone on too long: it stops and is scored as it stands.
quinze-stock-out = Nothing left to draw: the deal stops and is scored as it stands.
# $head how it ended; $deal the deal's number; $pts, $totals each seat's points, this deal and
# in the match
quinze-deal-over = { $head } Deal { NUMBER($deal) } points: { $pts }. Match totals: { $totals }.
# $count the winners; $winners all of them; $others all but the reader
quinze-target = The match is over: { $you ->
    [winner] { $count ->
        [one] you win with the fewest points.
       *[other] you and { $others } win, tied with the fewest points.
    }
   *[none] { $count ->
        [one] { $winners } wins with the fewest points.
       *[other] { $winners } win, tied with the fewest points.
    }
}
quinze-game-over = The game is over: { $you ->
    [winner] { $count ->
        [one] you win.
       *[other] you and { $others } win.
    }
   *[none] { $count ->
        [one] { $winners } wins.
       *[other] { $winners } win.
    }
}

## The view's fields, as a client labels them (atout.games.base.shows; a phase's values too)

quinze-view-phase-play = playing
quinze-view-phase-scoring = scoring: the next dealer deals
quinze-view-deal = Deal
quinze-view-dealer = Dealer
quinze-view-turn = Turn
quinze-view-max-turns = Turn cap
quinze-view-turns-taken = turns
quinze-view-totals = total
quinze-view-table = On the table
quinze-view-last-fifteen = Last fifteen
quinze-view-made = Fifteens this turn
quinze-view-used-table = Used the table
quinze-view-can-speed-lay = May lay one more card
quinze-view-deals = Deal
quinze-view-stock = Stock
quinze-detail-deals = Deals played
quinze-detail-history = Deal
