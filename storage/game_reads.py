"""Reading games back: a game, its seats, its action log, the games of a channel or a player.

:class:`GameReads` is the read half of :class:`storage.games.GameStore`; the writes, each one
transaction, are there.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from storage.db import Database
from storage.records import (
    LIVE,
    STATUSES,
    ActionRecord,
    Freshness,
    GameRecord,
    SeatRecord,
    game_from_row,
    seat_from_row,
)


class GameReads:
    """The game store's queries (no writes)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def freshness(self, game_id: int) -> Freshness | None:
        """The game's version and everything besides the snapshot that a write may change (its
        row's bookkeeping and its seats), in one query; None if the game does not exist."""
        rows = await self.db.fetchall(
            "SELECT g.version, g.status, g.table_message_id, g.deadline, g.clock_deadline, g.wake_at, "
            "g.warned_for, g.host_id, s.seat, s.user_id, s.display_name, s.dm_open, s.dm_message_id, "
            "s.timeouts, s.owner_id, s.owner_name, s.private_token, s.private_token_at, "
            "s.view_message_id, s.locale "
            "FROM games AS g LEFT JOIN seats AS s ON s.game_id = g.id WHERE g.id = ? ORDER BY s.seat",
            (game_id,),
        )
        if not rows:
            return None
        first = rows[0]
        seats = [seat_from_row(row) for row in rows if row["seat"] is not None]
        return Freshness(
            version=first["version"],
            status=first["status"],
            table_message_id=first["table_message_id"],
            deadline=first["deadline"],
            clock_deadline=first["clock_deadline"],
            wake_at=first["wake_at"],
            warned_for=first["warned_for"],
            host_id=first["host_id"],
            seats=seats,
        )

    async def get_game(self, game_id: int) -> GameRecord | None:
        """The game with this id, or None."""
        row = await self.db.fetchone("SELECT * FROM games WHERE id = ?", (game_id,))
        return None if row is None else game_from_row(row)

    async def get_seats(self, game_id: int) -> list[SeatRecord]:
        """The game's seats ordered by seat number."""
        rows = await self.db.fetchall(
            "SELECT seat, user_id, display_name, dm_open, dm_message_id, timeouts, owner_id, owner_name, "
            "private_token, private_token_at, view_message_id, locale FROM seats WHERE game_id = ? "
            "ORDER BY seat",
            (game_id,),
        )
        return [seat_from_row(row) for row in rows]

    async def get_actions(self, game_id: int) -> list[ActionRecord]:
        """The game's action log ordered by ``seq``."""
        rows = await self.db.fetchall(
            "SELECT seq, seat, user_id, action_json, events_json, created_at FROM actions "
            "WHERE game_id = ? ORDER BY seq",
            (game_id,),
        )
        return [ActionRecord(*row) for row in rows]

    async def recent_actions(self, game_id: int, count: int) -> list[ActionRecord]:
        """The game's newest ``count`` logged actions, ordered by ``seq``."""
        rows = await self.db.fetchall(
            "SELECT seq, seat, user_id, action_json, events_json, created_at FROM actions "
            "WHERE game_id = ? ORDER BY seq DESC LIMIT ?",
            (game_id, count),
        )
        return [ActionRecord(*row) for row in reversed(rows)]

    async def live_games(self) -> list[GameRecord]:
        """Every game in ``lobby`` or ``running`` (for resuming after a restart), by id."""
        rows = await self.db.fetchall("SELECT * FROM games WHERE status IN ('lobby', 'running') ORDER BY id")
        return [game_from_row(row) for row in rows]

    async def games_in_channel(self, channel_id: int, statuses: Iterable[str] = LIVE) -> list[GameRecord]:
        """Games in ``channel_id`` whose status is one of ``statuses``, by id."""
        statuses = _status_list(statuses)
        marks = ", ".join("?" for _ in statuses)
        rows = await self.db.fetchall(
            f"SELECT * FROM games WHERE channel_id = ? AND status IN ({marks}) ORDER BY id",
            (channel_id, *statuses),
        )
        return [game_from_row(row) for row in rows]

    async def last_action_at(self, game_id: int, user_id: int) -> float | None:
        """When ``user_id`` last had an action logged in the game (Unix time), or None."""
        row = await self.db.fetchone(
            "SELECT created_at FROM actions WHERE game_id = ? AND user_id = ? ORDER BY seq DESC LIMIT 1",
            (game_id, user_id),
        )
        return None if row is None else datetime.fromisoformat(row["created_at"]).timestamp()

    async def user_games_in_channel(
        self, channel_id: int, user_id: int, statuses: Iterable[str] = LIVE, *, kept: bool = False
    ) -> list[GameRecord]:
        """Games in ``channel_id`` with ``user_id`` seated and a status in ``statuses``, by id;
        ``kept``: also those where an AI keeps a seat for them (after their timeouts)."""
        statuses = _status_list(statuses)
        marks = ", ".join("?" for _ in statuses)
        seated = "(s.user_id = ? OR (s.user_id < 0 AND s.owner_id = ?))" if kept else "s.user_id = ?"
        rows = await self.db.fetchall(
            "SELECT g.* FROM games AS g JOIN seats AS s ON s.game_id = g.id "
            f"WHERE g.channel_id = ? AND {seated} AND g.status IN ({marks}) ORDER BY g.id",
            (channel_id, user_id, *((user_id,) if kept else ()), *statuses),
        )
        return [game_from_row(row) for row in rows]


# -- helpers -------------------------------------------------------------------------------


def check_status(status: str) -> None:
    """Raise ValueError unless ``status`` is a game status."""
    if status not in STATUSES:
        raise ValueError(f"unknown game status {status!r}; expected one of {STATUSES}")


def _status_list(statuses: Iterable[str]) -> tuple[str, ...]:
    result = (statuses,) if isinstance(statuses, str) else tuple(statuses)
    if not result:
        raise ValueError("statuses must name at least one status")
    for status in result:
        check_status(status)
    return result
