"""Several game masters as one: each table is held by one node under a lease in PostgreSQL; a
client may connect to any node, which routes its frames to the table's owner over the Redis bus
(:mod:`.bus`, :mod:`.nodewire`). What a node decides is sans-I/O (:mod:`.cluster`); :mod:`.node` is
the thin shell that performs it; :mod:`.directory` merges the lobby across nodes."""
