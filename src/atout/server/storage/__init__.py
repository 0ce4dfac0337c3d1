"""What lasts: a table's record (game, options, seed, seats, accepted moves — any state is its
replay), the typed database interface (:mod:`.db`) and its two implementations, SQLite
(:mod:`.store`, the embedded default) and PostgreSQL (:mod:`.pgstore`, for several nodes), with the
SQL they share (:mod:`.sqlbase`) and the versioned schema (:mod:`.migrations`)."""
