# The command line (atout.cli and the commands of atout.server, atout.sim, atout.tui): its one
# line for a mistake, its demo's words. Values echoed from the command line ($given, $port…)
# come as typed.

## A mistake in one line (exit code 2; 1 for a bug)

# $text what went wrong
cli-error = Error: { $text }
# $code the error's code
cli-error-coded = Error: { $text } ({ $code })
# $why the database's own words
cli-error-database = Error: database: { $why }
# $kind the exception's type, $why its words
cli-error-internal = Error: internal error ({ $kind }: { $why }); ATOUT_DEBUG=1 shows the traceback

## The command-line library's own mistakes, said again (its English is the library's)

# $what the option or argument; $rest what is wrong with it
cli-click-invalid-value = Invalid value for { $what }: { $rest }
cli-click-missing-argument = Missing argument { $what }.
cli-click-missing-option = Missing option { $what }.
cli-click-no-option = No such option: { $what }
cli-click-no-command = No such command { $what }.
# $args the arguments left over, $count how many
cli-click-extra = Got unexpected extra { $count ->
    [one] argument
   *[other] arguments
} ({ $args })
# $least, $most a bound, as typed
cli-click-at-least = Input should be greater than or equal to { $least }
cli-click-at-most = Input should be less than or equal to { $most }
cli-click-integer = Input should be a valid integer
cli-click-number = Input should be a valid number
cli-click-needs-value = Option { $what } requires an argument.
# $given the language asked for, $known the catalogue's
cli-bad-lang = { $given }: the language is one of { $known }

## Values

# $option the option, $given its value, $item the part that is wrong
cli-not-whole-number = { $option } { $given }: { $item } is not a whole number (e.g. { $option } 2,4)
cli-not-address = { $option } { $given }: { $item } is not a game master's address (ws://HOST:PORT/ws or wss://…, several separated by commas)
# $item a -o name=value as typed
cli-option-form = -o { $item }: an option is name=value (e.g. -o face_on_ace=true)
# $game a game's id, $name the option asked, $names its options
cli-option-unknown = -o { $item }: { $game } has no option { $name } (its options: { $names })
cli-option-none = none
# $choices the values it may take
cli-option-one-of = -o { $item }: { $name } is one of { $choices }
cli-option-boolean = -o { $item }: { $name } is true or false
cli-option-integer = -o { $item }: { $name } is a whole number
# $least, $most the bounds
cli-option-integer-between = -o { $item }: { $name } is a whole number from { $least } to { $most }
cli-option-integer-from = -o { $item }: { $name } is a whole number of at least { $least }

## atout serve, bots, verify, export, backup

# $host an address as typed, $why the system's words
cli-cannot-listen = cannot listen on --host { $host }: { $why }
# $alt a port to try instead
cli-port-taken = port { $port } is already in use on { $host } (another game master?): choose another with --port, e.g. --port { $alt }
cli-port-forbidden = not allowed to listen on port { $port }: choose one above 1023 with --port
cli-host-not-here = --host { $host } is not an address of this machine
# $url the game master's address as typed
cli-unreachable-refused = cannot reach the game master at --url { $url }: connection refused (is 'atout serve' running there?)
cli-unreachable = cannot reach the game master at --url { $url }: { $why }
# $record a file
cli-not-a-record = { $record } is not a record from 'atout export' ({ $why })
cli-nested-too-deep = nested too deep
# $path a file
cli-no-database = no database at { $path }
# $table a table's id
cli-no-table = no table { $table }
cli-table-not-finished = table { $table } is not finished: its seed stays secret
cli-file-exists = { $path } exists already: choose a new file

## atout tournament, play

# $flag an option, $example a value for it
cli-nothing-to-play = { $flag } { $given }: nothing to play (e.g. { $flag } { $example })
cli-no-bot-kind = --bots { $given }: name at least one bot kind (e.g. --bots heuristic,random)
# $cap the most worker processes
cli-too-many-workers = --workers { $given }: at most { $cap ->
    [one] { $cap } process
   *[other] { $cap } processes
} here (0: one per core)
# $last the last seat's number
cli-bad-seats = --bots { $given }: seats are numbered 0 to { $last }
cli-level-and-kind = --level { $level } and --bot-kind { $kind }: give one of them
# $levels the levels there are
cli-no-level = --level { $level }: no such level; the levels are { $levels }

## atout demo

# $game the game's title, $players how many play, $seed the seed
cli-demo-title = { $game } — { $players ->
    [one] { $players } player
   *[other] { $players } players
}, seed { $seed }
# $seat a seat, $cards its cards
cli-demo-hand = hand of { $seat }: { $cards }
# $count how many moves were played
cli-demo-moves = { $count ->
    [one] { $count } move.
   *[other] { $count } moves.
}
