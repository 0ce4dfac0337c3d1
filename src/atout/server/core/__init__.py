"""The game master, sans I/O: (connection, frame) in, (connection, message) pairs out, with no
socket, clock or thread. :mod:`.router` takes every frame; :mod:`.lobby` holds the directory of
tables; a :mod:`.table` actor holds one table's game, seats, members and deadline, and
:mod:`.members` builds what each member is told (hidden cards never leave it). The shell above
drives it; the games below decide every rule."""
