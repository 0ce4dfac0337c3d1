"""The game master, sans I/O: (connection, frame) in, (connection, message) pairs out, with no
socket, clock or thread. :mod:`.router` takes every frame; :mod:`.lobby` holds the directory of
tables; a table is a :mod:`.table` (its seats, journal and fair-deal commitments) that acts
(:mod:`.actor`: timers, deal, moves, finish), whose :mod:`.members` link its seats and spectators
to their connections and carry its frames, which :mod:`.told` builds (hidden cards never leave
it: :mod:`.leak`); :mod:`.seating`, :mod:`.talk` and :mod:`.rematch` answer what members ask.
The shell above drives it; the games below decide every rule."""
