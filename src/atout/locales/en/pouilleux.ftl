# Le Pouilleux in words (atout.games.pouilleux_text): its refusals, its moves as commands, its
# events.
#
# Variables: $who the seat that acts; $you the reader's part (who: the reader acts; src: a card
# is taken from the reader; others as each message says; none).

# The game's name (its titles in list_games)
pouilleux-title = Le Pouilleux (special pairs)

## Refusals: why a move is not allowed

pouilleux-refused-game-over = The game is over.
# $last the last position in the hand drawn from
pouilleux-refused-bad-position = Choose a position from 0 to { NUMBER($last) }.
pouilleux-refused-unknown-card = Not a card.
pouilleux-refused-two-cards = Lay exactly two cards.
# $c the card
pouilleux-refused-not-in-hand = { $c } is not in your hand.
pouilleux-refused-pouilleux = The Jack of Spades (the pouilleux) can never be paired.
pouilleux-refused-not-a-pair = A pair is two cards of the same rank and the same colour.
pouilleux-refused-normal-pair = Normal pairs (2 to 9) are laid automatically.
# $colour the colour the Aces imposed
pouilleux-refused-imposed-colour = An Ace imposes { pouilleux-colour-pairs } pairs until its player's next turn.
pouilleux-refused-bad-effect = Give the effect's parameters: a colour for Aces, another player for Jacks, two distinct players for Kings, nothing for 10s and Queens; cards in code order.
# A move of another phase of the turn: $phase the phase it is
pouilleux-refused-wrong-phase = { $phase ->
    [draw] Draw a card from the next player first.
    [pick] Pick a card from the player you named with the Jacks.
   *[act] Lay one special pair or end your turn.
}

## Moves, as commands ($n a card's position in the hand drawn from, from 1)

pouilleux-move-draw = draw card #{ NUMBER($n) }
pouilleux-move-pick = take card #{ NUMBER($n) }
pouilleux-move-end = end the turn
# A special pair: $rank its rank (the default: 10s); $cards their labels; $effect what it does
# (skip, reverse, impose, take, swap; none: not said here); $colour the colour imposed (Aces);
# $target the seat the Jacks take from; $p, $q the seats the Kings swap a card between
pouilleux-move-lay = lay the { pouilleux-pair } ({ $cards }){ $effect ->
    [skip] : the next player skips a turn
    [reverse] : the direction of play reverses
    [impose] {" "}and impose { colour }
    [take] {" "}and take a card from { $target }
    [swap] {" "}and swap a card between { $p } and { $q }
   *[none] {""}
}
pouilleux-pair = { $rank ->
    [J] Jacks
    [Q] Queens
    [K] Kings
    [A] Aces
   *[other] 10s
}
# The colour of pairs: red, black (French agrees it with "paires").
pouilleux-colour-pairs = { colour }

## Events: what happened

# $sizes each seat with its number of cards
pouilleux-deal = Deal: { $sizes } cards.
# $cards the reader's cards
pouilleux-hand = Your hand: { $cards }.
pouilleux-turn = { $you ->
    [who] Your turn.
   *[none] { $who }'s turn.
}
# $count the pairs laid; $pairs their labels
pouilleux-pairs = { $you ->
    [who] You lay { $count ->
        [one] the pair
       *[other] the pairs
    } { $pairs }.
   *[none] { $who } lays { $count ->
        [one] the pair
       *[other] the pairs
    } { $pairs }.
}
# $card the card with its article ("the 7♥"); $src the seat it is taken from
pouilleux-draw = { $you ->
    [who] You draw { $card } from { $src }.
    [src] { $who } draws { $card } from you.
   *[none] { $who } draws { $card } from { $src }.
}
pouilleux-draw-hidden = { $you ->
    [who] You draw a card from { $src }.
    [src] { $who } draws a card from you.
   *[none] { $who } draws a card from { $src }.
}
pouilleux-pick = { $you ->
    [who] You take { $card } from { $src } (Jacks).
    [src] { $who } takes { $card } from you (Jacks).
   *[none] { $who } takes { $card } from { $src } (Jacks).
}
pouilleux-pick-hidden = { $you ->
    [who] You take a card from { $src } (Jacks).
    [src] { $who } takes a card from you (Jacks).
   *[none] { $who } takes a card from { $src } (Jacks).
}
# A special pair laid, with the player's choice (the effects of 10s and Queens have their own
# events): variables as in pouilleux-move-lay; $you: who_with when the reader lays Kings and swaps
# with $q, target when the Jacks take from the reader
pouilleux-lay = { $you ->
    [who] You lay the { pouilleux-pair } ({ $cards }){ $effect ->
        [impose] {" "}and impose { colour }
        [take] {" "}and take a card from { $target }
        [swap] {" "}and swap a card between { $p } and { $q }
       *[none] {""}
    }
    [who_with] You lay the { pouilleux-pair } ({ $cards }) and swap a card with { $q }
    [target] { $who } lays the { pouilleux-pair } ({ $cards }) and takes a card from you
   *[none] { $who } lays the { pouilleux-pair } ({ $cards }){ $effect ->
        [impose] {" "}and imposes { colour }
        [take] {" "}and takes a card from { $target }
        [swap] {" "}and swaps a card between { $p } and { $q }
       *[none] {""}
    }
}
# $text the pair laid (pouilleux-lay)
pouilleux-laid = { $text }.
pouilleux-laid-last = { $you ->
    [who] { $text }: your last cards.
   *[none] { $text }: the last cards in hand.
}
pouilleux-laid-aces = { $you ->
    [who] { $text }: until your next turn the others may lay only { pouilleux-colour-pairs } pairs.
   *[none] { $text }: until { $who }'s next turn the others may lay only { pouilleux-colour-pairs } pairs.
}
pouilleux-again = { $you ->
    [who] You play again.
   *[none] { $who } plays again.
}
pouilleux-skip = { $you ->
    [who] You skip a turn.
   *[none] { $who } skips a turn.
}
# $direction clockwise or anticlockwise
pouilleux-reverse = The direction of play reverses: now { $direction ->
    [clockwise] clockwise
   *[anticlockwise] anticlockwise
}.
# The Kings' swap between $p and $q (the reader first): $cp, $cq the cards each gives (labels),
# $the_cp, $the_cq the same with their article; $you: p when the reader is $p
pouilleux-swap = { $you ->
    [p] Kings' swap: your { $cp } goes to { $q }, { $q }'s { $cq } comes to you.
   *[none] Kings' swap: { $p }'s { $cp } goes to { $q }, { $q }'s { $cq } goes to { $p }.
}
pouilleux-swap-hidden = { $you ->
    [p] Kings' swap: one card goes from you to { $q } and one from { $q } to you.
   *[none] Kings' swap: one card goes from { $p } to { $q } and one from { $q } to { $p }.
}
pouilleux-lift = { $you ->
    [who] The colour you imposed ({ colour }) is lifted.
   *[none] The colour { $who } imposed ({ colour }) is lifted.
}
# The end: $count the winners, $winners all of them, $others all but the reader
pouilleux-out = { $you ->
    [winner] { $count ->
        [one] You have no cards left and win!
       *[other] You and { $others } have no cards left and win!
    }
   *[none] { $count ->
        [one] { $winners } has no cards left and wins!
       *[other] { $winners } have no cards left and win!
    }
}
pouilleux-turn-cap = Turn cap reached: { $you ->
    [winner] { $count ->
        [one] you have the fewest cards and win.
       *[other] you and { $others } have the fewest cards and win.
    }
   *[none] { $count ->
        [one] { $winners } has the fewest cards and wins.
       *[other] { $winners } have the fewest cards and win.
    }
}
# After the end: $who the seat that holds the pouilleux
pouilleux-grand-perdant = { $you ->
    [who] You hold the pouilleux (J♠): you are the grand perdant (big loser).
   *[none] { $who } holds the pouilleux (J♠): the grand perdant (big loser).
}
pouilleux-holder = { $you ->
    [who] The pouilleux (J♠): you.
   *[none] The pouilleux (J♠): { $who }.
}

## The view's fields, as a client labels them (atout.games.base.shows; a phase's values too)

pouilleux-view-turns = Turns played
pouilleux-view-phase-draw = draw from the next player
pouilleux-view-phase-act = lay a special pair or end the turn
pouilleux-view-phase-pick = take a card (Jacks)
pouilleux-view-direction = Direction
pouilleux-view-draw-from = Draws from
pouilleux-view-pick-from = Picks from
pouilleux-view-imposed = Colour imposed
pouilleux-view-imposed-by = Imposed by
pouilleux-view-laid = pairs
pouilleux-view-known = Cards you know in other hands
pouilleux-detail-pouilleux = The pouilleux (J♠) is held by
