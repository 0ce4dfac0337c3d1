# Match (the tests' toy game) in words: a game from outside the package brings its own catalogue
# (registered, the game adds this directory: its home). Variables: $who a seat, $c and $top cards by name.

# The game's name (its titles in list_games)
match-title = Match (a toy)

toygame-refused-no-match = { $c } matches neither the suit nor the rank of { $top }.
toygame-refused-stock-empty = Nothing left to draw: pass.
toygame-refused-must-draw = Draw while the stock lasts.

toygame-move-play = play { $c }
toygame-move-draw = draw
toygame-move-pass = pass

toygame-play = { $who } plays { $c }.
toygame-draw = { $who } draws { $c }.
toygame-draw-hidden = { $who } draws a card.
toygame-pass = { $who } passes.
# $count the winners, $winners all of them
toygame-game-over = { $count ->
    [one] Winner: { $winners }.
   *[other] Winners: { $winners }.
}

## The view's fields, as a client labels them (atout.games.base.shows; a phase's values too)

toygame-view-top = Face up
toygame-view-stock-size = Left to draw
toygame-view-passes = Passes in a row
