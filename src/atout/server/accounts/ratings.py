"""Ratings per game (OpenSkill's Plackett–Luce, as the tournaments), each account's games, and
the reads of the leaderboard, player pages and history.

A finished table is **rated** when every seat is held by an account or by one of the game
master's own bots (seated from the creation, or by ``fill_bots``); a guest anywhere makes it
unrated. At the end of a rated game every account's rating moves (winners ranked first, the
others tied after them); a bot kind's rating is a fixed point of reference (:data:`BOT_RATINGS`)
that never moves, so accounts are measured against the same bots over time. Every account's
seat at a finished table, rated or not, gets a row in ``plays`` (its history and player page).

A **private** table (``tables.private``) is listed (history, player pages) only to a viewer whose
account held one of its seats: to anyone else it does not exist. Its ratings count all the same
(its players chose a rated game), so the leaderboard's counts and a player's rating curve include
it; the curve's points name no table.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

import msgspec
from openskill.models import PlackettLuce

from atout.server.storage.db import PlayRow, RatingRow

if TYPE_CHECKING:
    from atout.server.storage.db import Database

#: A bot kind's fixed (mu, sigma) on every game's leaderboard. Chosen as references, not
#: measured: random well under a new account (mu 25), the heuristic near it, the search above.
BOT_RATINGS: dict[str, tuple[float, float]] = {
    "random": (17.0, 1.0),
    "heuristic": (25.0, 1.0),
    "ismcts": (29.0, 1.0),
    # the levels, one step apart as the level ladder measured them in Q²J and Le Quinze
    # (bench/RESULTS.md): with beta 25/6, a 55-60% win rate is 0.8-1.5 points of mu, the
    # beginner's 81-91% against random about 6
    "debutant": (23.5, 1.0),
    "moyen": (25.0, 1.0),  # the heuristic itself
    "fort": (26.0, 1.0),
    "expert": (27.0, 1.0),
}
DEFAULT_BOT = (25.0, 1.0)
HISTORY_POINTS = 500  # rating points per game on a player page, the latest

_model = PlackettLuce()


def ordinal(mu: float, sigma: float) -> float:
    """The displayed rating: mu - 3 sigma (a new account shows 0)."""
    return mu - 3.0 * sigma


def iso(t: float | None) -> str | None:
    if t is None:
        return None
    return dt.datetime.fromtimestamp(t, dt.UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


class Ratings:
    """Ratings and plays in the game master's database (its store: writes join the open
    transaction, made durable by the next commit)."""

    def __init__(self, store: Database) -> None:
        self.store = store
        self._totals: dict[str, int] = {}  # players on each game's leaderboard (cached)

    # -- the end of a game ---------------------------------------------------------------------
    def record_game(
        self,
        table: str,
        game: str,
        ended: float,
        seats: list[tuple[str | None, str | None]],
        winners: list[int],
        rated: bool,
    ) -> dict[int, float]:
        """A finished table: ``seats`` is each seat's (account name or None, bot kind or None).
        Rated: every account's rating moves. Returns each account seat's rating after it (empty
        if unrated). Every account seat gets its row in ``plays``."""
        after: dict[int, float] = {}
        won = set(winners)
        rows: list[RatingRow] = []
        if rated and len(seats) > 1:
            players = []
            for account, bot in seats:
                if account is not None:
                    players.append(self._account_rating(game, account))
                else:
                    players.append(self._bot_rating(game, bot or "random"))
            ranks = [0 if i in won else 1 for i in range(len(seats))] if won else [0] * len(seats)
            teams = [[_model.rating(mu=mu, sigma=sigma)] for (_, _, mu, sigma) in players]
            new = _model.rate(teams, ranks=ranks)
            for i, ((player, kind, mu, sigma), team) in enumerate(zip(players, new, strict=True)):
                if kind == "account":
                    mu, sigma = team[0].mu, team[0].sigma
                    after[i] = ordinal(mu, sigma)
                name = seats[i][0] or f"bot-{seats[i][1]}"
                rows.append(
                    RatingRow(
                        game, player, kind, name, mu, sigma, ordinal(mu, sigma), int(i in won)
                    )
                )
        plays = [
            PlayRow(
                table, i, account.casefold(), game, ended, int(i in won), int(rated), after.get(i)
            )
            for i, (account, _) in enumerate(seats)
            if account is not None
        ]
        self.store.record_plays(table, rated, rows, plays)
        if rated:
            self._totals.pop(game, None)
        return after

    def _account_rating(self, game: str, name: str) -> tuple[str, str, float, float]:
        key = name.casefold()
        found = self.store.rating(game, key)
        if found is None:
            r = _model.rating()
            return key, "account", r.mu, r.sigma
        return key, "account", found[0], found[1]

    def _bot_rating(self, game: str, kind: str) -> tuple[str, str, float, float]:
        mu, sigma = BOT_RATINGS.get(kind, DEFAULT_BOT)
        return f"bot:{kind}", "bot", mu, sigma

    # -- reads -----------------------------------------------------------------------------------
    def leaderboard(self, game: str, limit: int, offset: int) -> dict[str, Any]:
        total = self._totals.get(game)
        if total is None:
            total = self._totals[game] = self.store.rated_count(game)
        return {
            "game": game,
            "total": total,
            "players": [
                {
                    "rank": offset + i + 1,
                    "name": r.name,
                    "kind": r.kind,
                    "rating": round(r.ordinal, 3),
                    "mu": round(r.mu, 3),
                    "sigma": round(r.sigma, 3),
                    "games": r.games,
                    "wins": r.wins,
                }
                for i, r in enumerate(self.store.leaderboard(game, limit, offset))
            ],
        }

    def of(self, name: str) -> dict[str, dict[str, Any]]:
        """Every game's rating of the account ``name``."""
        return {
            r.game: {
                "rating": round(r.ordinal, 3),
                "mu": round(r.mu, 3),
                "sigma": round(r.sigma, 3),
                "games": r.games,
                "wins": r.wins,
            }
            for r in self.store.ratings_of(name.casefold())
        }

    def player(
        self, name: str, since: float, viewer: str | None = None, recent: int = 20
    ) -> dict[str, Any]:
        """The player page of the account ``name`` (as written), as ``viewer`` may see it: its
        recent games, the public ones and the private ones ``viewer`` sat at."""
        key = name.casefold()
        plays = self.store.plays_of(key, _key(viewer), recent)
        names = self.store.seat_names([p.table for p in plays])
        games = self.of(name)
        history: dict[str, list[list[Any]]] = {}
        for game in games:
            pts = self.store.rating_curve(key, game, HISTORY_POINTS)
            history[game] = [[iso(t), round(r, 3)] for t, r in reversed(pts) if r is not None]
        return {
            "name": name,
            "since": iso(since),
            "games": games,
            "recent": [
                {
                    "table": p.table,
                    "game": p.game,
                    "ended": iso(p.ended),
                    "seat": p.seat,
                    "won": bool(p.won),
                    "rated": bool(p.rated),
                    "rating_after": None if p.rating_after is None else round(p.rating_after, 3),
                    "players": names.get(p.table, []),
                }
                for p in plays
            ],
            "history": history,
        }

    def history(
        self, account: str | None, limit: int, offset: int, viewer: str | None = None
    ) -> dict[str, Any]:
        """Finished games, newest first (only ``account``'s if given: its name as written), as
        ``viewer`` may see them: the public ones and the private ones it sat at."""
        player = None if account is None else account.casefold()
        rows = self.store.history(player, _key(viewer), limit + 1, offset)
        more = len(rows) > limit
        rows = rows[:limit]
        names = self.store.seat_names([r.table for r in rows])
        games = []
        for r in rows:
            res = msgspec.json.decode(r.result) if r.result else {}
            games.append(
                {
                    "table": r.table,
                    "game": r.game,
                    "ended": iso(r.finished),
                    "players": names.get(r.table, []),
                    "winners": list(res.get("winners", [])),
                    "rated": bool(r.rated),
                }
            )
        return {"games": games, "next_offset": offset + limit if more else None}


def _key(viewer: str | None) -> str | None:
    """A viewer's account key (None: a guest)."""
    return None if viewer is None else viewer.casefold()
