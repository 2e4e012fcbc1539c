"""Results of finished games (one row per seat) and the per-server stats read from them.

A game's results are written by :func:`insert_results` inside the transaction that finishes it
(:meth:`GameStore.record_action` for the last action, :meth:`GameStore.finish_by_forfeit`), so a
finished game and its results are committed together; :meth:`ResultStore.record` fills in those of
games finished before results were kept. The SQL runs on SQLite and PostgreSQL alike (see
``storage.games``).
"""

from __future__ import annotations

from typing import Any

from storage.db import Connection, Database
from storage.records import GameRecord, game_from_row


async def insert_results(conn: Connection, game_id: int, winners: frozenset[int]) -> None:
    """Store every seat's result of the game (`winners`: the seats that won), in the caller's
    transaction; results already stored are kept. A seat an AI kept for its player after their
    timeouts is that player's result (their private message told them the end)."""
    player = "CASE WHEN s.user_id < 0 AND s.owner_id IS NOT NULL THEN s.owner_id ELSE s.user_id END"
    await conn.execute(
        "INSERT INTO results (game_id, seat, user_id, guild_id, game_name, won, ai) "
        f"SELECT s.game_id, s.seat, {player}, g.guild_id, g.game_name, CASE WHEN s.seat IN "
        f"({', '.join(str(int(w)) for w in sorted(winners)) or 'NULL'}) THEN 1 ELSE 0 END, "
        f"CASE WHEN {player} < 0 THEN 1 ELSE 0 END "
        "FROM seats AS s JOIN games AS g ON g.id = s.game_id WHERE s.game_id = ? "
        "ON CONFLICT DO NOTHING",
        (game_id,),
    )


class ResultStore:
    """Results and stats (`GameStore.results`). All methods are coroutines."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def record(self, game_id: int, winners: frozenset[int]) -> None:
        """Store a finished game's results if they are missing (games finished before results
        were kept)."""
        async with self.db.transaction() as conn:
            await insert_results(conn, game_id, winners)

    async def games_without_results(self) -> list[GameRecord]:
        """The finished games that have no results stored, by id."""
        rows = await self.db.fetchall(
            "SELECT * FROM games WHERE status = 'finished' "
            "AND NOT EXISTS (SELECT 1 FROM results WHERE results.game_id = games.id) ORDER BY id"
        )
        return [game_from_row(row) for row in rows]

    async def player_stats(self, guild_id: int | None, user_id: int) -> list[tuple[str, int, int]]:
        """(game name, plays, wins) of `user_id` in the server, per game."""
        guild, params = _same_guild(guild_id)
        rows = await self.db.fetchall(
            f"SELECT game_name, COUNT(*), SUM(won) FROM results WHERE {guild} AND user_id = ? "
            "GROUP BY game_name",
            (*params, user_id),
        )
        # Sorted here: the databases' text orders differ (PostgreSQL's follows its locale).
        return sorted((row[0], row[1], row[2] or 0) for row in rows)

    async def leaderboard(
        self, guild_id: int | None, game_name: str, limit: int = 10
    ) -> list[tuple[int, int, int]]:
        """(user id, plays, wins) of the people who played `game_name` in the server, most wins
        first, then the best rate; AI seats are left out (see `ai_stats`)."""
        guild, params = _same_guild(guild_id)
        rows = await self.db.fetchall(
            "SELECT user_id, COUNT(*) AS plays, SUM(won) AS wins FROM results "
            f"WHERE {guild} AND game_name = ? AND ai = 0 GROUP BY user_id "
            "ORDER BY wins DESC, SUM(won) * 1.0 / COUNT(*) DESC, plays DESC, user_id LIMIT ?",
            (*params, game_name, limit),
        )
        return [(row[0], row[1], row[2] or 0) for row in rows]

    async def names(self, guild_id: int | None, game_name: str, user_ids: list[int]) -> dict[int, str]:
        """Each user's name as seated in their latest game of `game_name` in the server with a
        result (the player's own for a seat an AI kept for them); users with none are left out."""
        if not user_ids:
            return {}
        guild, params = _same_guild(guild_id)
        marks = ", ".join("?" for _ in user_ids)
        rows = await self.db.fetchall(
            "SELECT r.user_id, CASE WHEN s.user_id < 0 AND s.owner_name IS NOT NULL "
            "THEN s.owner_name ELSE s.display_name END AS name "
            "FROM results AS r JOIN seats AS s ON s.game_id = r.game_id AND s.seat = r.seat "
            f"WHERE r.{guild} AND r.game_name = ? AND r.user_id IN ({marks}) ORDER BY r.game_id",
            (*params, game_name, *user_ids),
        )
        return {row[0]: row[1] for row in rows}  # (the latest game's last)

    async def seat_given_up(self, channel_id: int, user_id: int, status: str = "running") -> int | None:
        """The newest game of the channel in `status` whose seat `user_id` gave up for good (left,
        or was replaced: its result is theirs from then on), if any."""
        row = await self.db.fetchone(
            "SELECT g.id FROM results AS r JOIN games AS g ON g.id = r.game_id WHERE g.channel_id = ? "
            "AND g.status = ? AND r.user_id = ? AND r.ai = 0 ORDER BY g.id DESC",
            (channel_id, status, user_id),
        )
        return int(row[0]) if row else None

    async def ai_stats(self, guild_id: int | None, game_name: str) -> tuple[int, int]:
        """(plays, wins) of all AI seats together in `game_name` in the server."""
        guild, params = _same_guild(guild_id)
        row = await self.db.fetchone(
            f"SELECT COUNT(*), SUM(won) FROM results WHERE {guild} AND game_name = ? AND ai = 1",
            (*params, game_name),
        )
        return (row[0], row[1] or 0) if row else (0, 0)


def _same_guild(guild_id: int | None) -> tuple[str, tuple[Any, ...]]:
    """The condition "results of this guild" (None: games outside any guild) and its parameters."""
    return ("guild_id IS NULL", ()) if guild_id is None else ("guild_id = ?", (guild_id,))
