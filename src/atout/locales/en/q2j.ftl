# Q²J in words (atout.games.q2j_text): its refusals, its moves as commands, its events.
#
# Variables: $who the seat that acts; $names cards by name; $you the reader's part (who: the
# reader acts; first: the reader starts; winner: the reader is among the winners; none).

# The game's name (its titles in list_games)
q2j-title = Q Squared Joe

## Refusals: why a move is not allowed ($x the card played, $top the card it does not beat)

q2j-refused-face-on-ace = A { $x } cannot be played on an Ace.
q2j-refused-beat-same-suit = { $x } does not beat { $top }: in the same suit only a lower card is stronger.
q2j-refused-beat-other-suit = { $x } does not beat { $top }: in another suit only a higher card is stronger.
q2j-refused-not-a-queen-pair = Only two Queens may be played together (a Q²).
q2j-refused-single-card-only = After a full Q² round you continue with a single card.
q2j-refused-only-jack-on-q2 = Only a Jack may be played on a Q².
q2j-refused-only-jack-or-draw = Only a Jack may be played on a Q² — play a Jack or draw.
q2j-refused-q2-on-jack = A Q² cannot be played on a Jack.
q2j-refused-bad-card-count = Play one card, or two Queens together.

## Moves, as commands

q2j-move-draw = draw
q2j-move-play = play { $names }

## Events: what happened

# $shown each seat with its face-up card; $first who starts; $top the discard's top card
q2j-deal = Deal: face-up cards { $shown }. { $you ->
    [first] You start.
   *[none] { $first } starts.
} Discard: { $top }.
q2j-play-q2 = { $you ->
    [who] You play a Q² ({ $names })!
   *[none] { $who } plays a Q² ({ $names })!
}
q2j-play = { $you ->
    [who] You play { $names }.
   *[none] { $who } plays { $names }.
}
q2j-joe = { $you ->
    [who] You answer the Q² with a Jack (Joe).
   *[none] { $who } answers the Q² with a Jack (Joe).
}
# $card the card drawn; $reason why: equal_rank (the card played was of equal rank), or none
q2j-draw = { $you ->
    [who] You draw { $card }{ q2j-why }.
   *[none] { $who } draws { $card }{ q2j-why }.
}
q2j-draw-hidden = { $you ->
    [who] You draw a card{ q2j-why }.
   *[none] { $who } draws a card{ q2j-why }.
}
q2j-why = { $reason ->
    [equal_rank] {" "}(equal rank)
   *[none] {""}
}
q2j-pass = { $you ->
    [who] You cannot draw and pass.
   *[none] { $who } cannot draw and passes.
}
# $stock the cards of the new stock
q2j-reshuffle = The stock is empty: the discard pile is shuffled into it ({ $stock ->
    [one] { $stock } card
   *[other] { $stock } cards
}).
# $count the winners; $winners all of them; $others all but the reader
q2j-deadlock = Nothing left to draw: the game ends and { $you ->
    [winner] { $count ->
        [one] you win.
       *[other] you and { $others } win.
    }
   *[none] { $count ->
        [one] { $winners } wins.
       *[other] { $winners } win.
    }
}
q2j-emptied-hand = { $you ->
    [winner] { $count ->
        [one] You have no cards left and win!
       *[other] You and { $others } have no cards left and win!
    }
   *[none] { $count ->
        [one] { $winners } has no cards left and wins!
       *[other] { $winners } have no cards left and win!
    }
}

## The view's fields, as a client labels them (atout.games.base.shows; a phase's values too)

q2j-view-top = Top of the pile
q2j-view-shown = shown
q2j-view-q2-owner = Q² laid by
q2j-view-q2-round = Q² round (Jack or draw)
q2j-view-free-lead = Free lead
q2j-view-passes = Passes in a row
