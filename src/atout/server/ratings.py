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
import sqlite3
from typing import Any

import msgspec
from openskill.models import PlackettLuce

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


def seen_by(viewer: str | None) -> tuple[str, tuple[str, ...]]:
    """The condition (on ``tables t``) and its arguments for the tables ``viewer`` (an account's
    name, or None for a guest) may see listed: every public one, and the private ones it sat at."""
    if viewer is None:
        return "t.private = 0", ()
    return (
        "(t.private = 0 OR EXISTS (SELECT 1 FROM plays v WHERE v.table_id = t.id"
        " AND v.account = ?))",
        (viewer.casefold(),),
    )


def iso(t: float | None) -> str | None:
    if t is None:
        return None
    return dt.datetime.fromtimestamp(t, dt.UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


class Ratings:
    """Ratings and plays in the game master's database (``store.db``)."""

    def __init__(self, store: Any) -> None:
        self.store = store
        self.db: sqlite3.Connection = store.db
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
        db = self.db
        after: dict[int, float] = {}
        won = set(winners)
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
            rows = []
            for i, ((player, kind, mu, sigma), team) in enumerate(zip(players, new, strict=True)):
                if kind == "account":
                    mu, sigma = team[0].mu, team[0].sigma
                    after[i] = ordinal(mu, sigma)
                name = seats[i][0] or f"bot-{seats[i][1]}"
                rows.append(
                    (game, player, kind, name, mu, sigma, ordinal(mu, sigma), int(i in won))
                )
            db.executemany(
                "INSERT INTO ratings (game, player, kind, name, mu, sigma, ordinal, games, wins)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?) ON CONFLICT (game, player) DO UPDATE SET"
                " mu=excluded.mu, sigma=excluded.sigma, ordinal=excluded.ordinal,"
                " games=ratings.games+1, wins=ratings.wins+excluded.wins",
                rows,
            )
        db.executemany(
            "INSERT INTO plays (table_id, seat, account, game, ended, won, rated, rating_after)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (table_id, seat) DO UPDATE SET"
            " account=excluded.account, game=excluded.game, ended=excluded.ended,"
            " won=excluded.won, rated=excluded.rated, rating_after=excluded.rating_after",
            [
                (table, i, account.casefold(), game, ended, int(i in won), int(rated), after.get(i))
                for i, (account, _) in enumerate(seats)
                if account is not None
            ],
        )
        db.execute("UPDATE tables SET rated=? WHERE id=?", (int(rated), table))
        if rated:
            self._totals.pop(game, None)
        self.store.dirty = True
        return after

    def _account_rating(self, game: str, name: str) -> tuple[str, str, float, float]:
        key = name.casefold()
        row = self.db.execute(
            "SELECT mu, sigma FROM ratings WHERE game=? AND player=?", (game, key)
        ).fetchone()
        if row is None:
            r = _model.rating()
            return key, "account", r.mu, r.sigma
        return key, "account", row[0], row[1]

    def _bot_rating(self, game: str, kind: str) -> tuple[str, str, float, float]:
        mu, sigma = BOT_RATINGS.get(kind, DEFAULT_BOT)
        return f"bot:{kind}", "bot", mu, sigma

    # -- reads -----------------------------------------------------------------------------------
    def leaderboard(self, game: str, limit: int, offset: int) -> dict[str, Any]:
        db = self.db
        total = self._totals.get(game)
        if total is None:
            total = self._totals[game] = db.execute(
                "SELECT COUNT(*) FROM ratings WHERE game=?", (game,)
            ).fetchone()[0]
        rows = db.execute(
            "SELECT name, kind, ordinal, mu, sigma, games, wins FROM ratings WHERE game=?"
            " ORDER BY ordinal DESC, name LIMIT ? OFFSET ?",
            (game, limit, offset),
        ).fetchall()
        return {
            "game": game,
            "total": total,
            "players": [
                {
                    "rank": offset + i + 1,
                    "name": name,
                    "kind": kind,
                    "rating": round(o, 3),
                    "mu": round(mu, 3),
                    "sigma": round(sigma, 3),
                    "games": games,
                    "wins": wins,
                }
                for i, (name, kind, o, mu, sigma, games, wins) in enumerate(rows)
            ],
        }

    def of(self, name: str) -> dict[str, dict[str, Any]]:
        """Every game's rating of the account ``name``."""
        return {
            game: {
                "rating": round(o, 3),
                "mu": round(mu, 3),
                "sigma": round(sigma, 3),
                "games": games,
                "wins": wins,
            }
            for game, o, mu, sigma, games, wins in self.db.execute(
                "SELECT game, ordinal, mu, sigma, games, wins FROM ratings WHERE player=?"
                " AND kind='account' ORDER BY game",
                (name.casefold(),),
            )
        }

    def player(
        self, name: str, since: float, viewer: str | None = None, recent: int = 20
    ) -> dict[str, Any]:
        """The player page of the account ``name`` (as written), as ``viewer`` may see it (its
        recent games: :func:`seen_by`)."""
        key = name.casefold()
        db = self.db
        seen, args = seen_by(viewer)
        plays = db.execute(
            "SELECT p.table_id, p.game, p.ended, p.seat, p.won, p.rated, p.rating_after FROM plays"
            f" p JOIN tables t ON t.id = p.table_id WHERE p.account=? AND {seen}"
            " ORDER BY p.ended DESC, p.rowid DESC LIMIT ?",
            (key, *args, recent),
        ).fetchall()
        names = self._names([p[0] for p in plays])
        games = self.of(name)
        history: dict[str, list[list[Any]]] = {}
        for game in games:
            pts = db.execute(
                "SELECT ended, rating_after FROM plays WHERE account=? AND game=? AND rated=1"
                " ORDER BY ended DESC LIMIT ?",
                (key, game, HISTORY_POINTS),
            ).fetchall()
            history[game] = [[iso(t), round(r, 3)] for t, r in reversed(pts) if r is not None]
        return {
            "name": name,
            "since": iso(since),
            "games": games,
            "recent": [
                {
                    "table": tid,
                    "game": game,
                    "ended": iso(ended),
                    "seat": seat,
                    "won": bool(won),
                    "rated": bool(rated),
                    "rating_after": None if ra is None else round(ra, 3),
                    "players": names.get(tid, []),
                }
                for tid, game, ended, seat, won, rated, ra in plays
            ],
            "history": history,
        }

    def _names(self, tables: list[str]) -> dict[str, list[str]]:
        if not tables:
            return {}
        out: dict[str, list[str]] = {}
        marks = ",".join("?" * len(tables))
        for tid, name in self.db.execute(
            f"SELECT table_id, name FROM seats WHERE table_id IN ({marks}) ORDER BY table_id, seat",
            tables,
        ):
            out.setdefault(tid, []).append(name)
        return out

    def history(
        self, account: str | None, limit: int, offset: int, viewer: str | None = None
    ) -> dict[str, Any]:
        """Finished games, newest first (only ``account``'s if given: its name as written), as
        ``viewer`` may see them (:func:`seen_by`)."""
        db = self.db
        seen, args = seen_by(viewer)
        if account is None:
            rows = db.execute(
                "SELECT t.id, t.game, t.finished, t.result, t.rated FROM tables t"
                f" WHERE t.status='finished' AND {seen}"
                " ORDER BY t.finished DESC LIMIT ? OFFSET ?",
                (*args, limit + 1, offset),
            ).fetchall()
        else:
            rows = db.execute(
                "SELECT t.id, t.game, t.finished, t.result, t.rated FROM plays p"
                f" JOIN tables t ON t.id = p.table_id WHERE p.account=? AND {seen}"
                " ORDER BY p.ended DESC, p.rowid DESC LIMIT ? OFFSET ?",
                (account.casefold(), *args, limit + 1, offset),
            ).fetchall()
        more = len(rows) > limit
        rows = rows[:limit]
        names = self._names([r[0] for r in rows])

        games = []
        for tid, game, ended, result, rated in rows:
            res = msgspec.json.decode(result) if result else {}
            games.append(
                {
                    "table": tid,
                    "game": game,
                    "ended": iso(ended),
                    "players": names.get(tid, []),
                    "winners": list(res.get("winners", [])),
                    "rated": bool(rated),
                }
            )
        return {"games": games, "next_offset": offset + limit if more else None}
