# The bots' hints in words (atout.bots.heuristic's explain, atout.bots.hint): why a move.
#
# Variables: $names the cards of the move by name; $who, $next, $a, $b seats by name.

bots-random = A random legal move.

## The levels of play, as the lobby, the page and the terminal name them

bots-level-debutant = Beginner
bots-level-moyen = Intermediate
bots-level-fort = Strong
bots-level-expert = Expert

## Q²J ($top the cards on the pile; $p the chance in percent that $next beats the card)

bots-q2j-win = Play { $names }: it is your last card and wins.
bots-q2j-q2 = Lay your Q² ({ $names }): two cards gone, and everyone else must play a Jack or draw before you lead again.
bots-q2j-joe = Answer the Q² with { $names }: otherwise you must draw.
bots-q2j-no-jack = Draw: you have no Jack to answer the Q².
bots-q2j-no-play = Draw: none of your cards beats { $top }.
bots-q2j-equal = Play { $names }: same rank, so you draw one back, but that beats drawing outright.
bots-q2j-lead = Lead { $names }: it would be hard to place later, { bots-q2j-odds }.
bots-q2j-shed = Play { $names }: it would be hard to place later, { bots-q2j-odds }.
# $odds: none (about 0%), low (under 50%), high (under 99%), sure
bots-q2j-odds = { $odds ->
    [none] and { $next } almost certainly cannot beat it
    [low] and { $next } has only about a { NUMBER($p) }% chance of beating it
    [high] even if { $next } can probably beat it (about { NUMBER($p) }%)
   *[sure] even though { $next } can almost certainly beat it
}

## Le Quinze ($shed hand cards the fifteens take out; $keep, $give chances in percent)

bots-quinze-deal = Deal the next hand.
bots-quinze-out = Make the fifteen { $names }: your fifteens empty your hand and win the deal.
bots-quinze-fifteen = Make the fifteen { $names }: it starts the set of fifteens that takes the most cards out of your hand ({ NUMBER($shed) }).
bots-quinze-done = End your turn: no fifteen is left to make.
bots-quinze-pass = Pass: no fifteen, and your last card may not be laid.
bots-quinze-lay = Lay { $names }: no fifteen is possible; it takes points out of your hand, you keep about a { NUMBER($keep) }% chance of a fifteen next turn, and it opens a fifteen to only { NUMBER($give) }% of the unseen cards.
bots-quinze-speed-lay = { bots-quinze-lay }

## Le Pouilleux ($colour red or black)

bots-pouilleux-take = Take any card from { $who }: the hand is shuffled before every blind take, so the position makes no difference.
bots-pouilleux-end = End your turn: no special pair to lay.
bots-pouilleux-last = Lay { $names }: they are your last two cards, you win.
bots-pouilleux-jack = Lay { $names } and take a card from { $who }: the biggest hand, the furthest from going out, without risking making that player win.
bots-pouilleux-keep-queen = Keep the Queens: { $who } has one card left, and reversed it would be drawn from them at once.
bots-pouilleux-king-pass = Lay { $names } and swap between { $a } and { $b }: you hold the pouilleux, this is a chance to pass it on.
bots-pouilleux-king-swap = Lay { $names } and swap between { $a } and { $b }: the card you get may pair at once.
bots-pouilleux-ace = Lay { $names } and impose { $colour ->
    [red] red
   *[black] black
} pairs: the others can form the fewest pairs in that colour.
bots-pouilleux-shed = Lay { $names }: two cards fewer in your hand.

## The search's reasons ($move the move; $total, $visits simulated games; $pct, $other_pct in
## percent; $other the next best move)

bots-search-only = { $move }: it is the only legal move.
bots-search = { $move }: in { $total ->
    [one] { NUMBER($total) } simulated game
   *[other] { NUMBER($total) } simulated games
} from deals consistent with what you see, it was tried { $visits ->
    [one] once
   *[other] { NUMBER($visits) } times
} and won { NUMBER($pct) }% of them{ $then ->
    [kept] ; { $other } won { NUMBER($other_pct) }%, not clearly better over so few games.
    [next] ; the next best, { $other }, won { NUMBER($other_pct) }%.
   *[none] .
}
