"""The game store: games, seats and the append-only action log.

:class:`GameStore` writes a started game (its actions and snapshot, seats handed over, the timers'
bookkeeping) and reads games back (the queries are in :class:`storage.game_reads.GameReads`). It
hands out the stores beside it, on the same database: ``lobbies`` (:mod:`storage.lobbies`),
``results`` (:mod:`storage.results`: results and stats), ``settings`` (:mod:`storage.settings`:
languages and meta values), ``calls`` (:mod:`storage.calls`: the messages that called players to
the current decision) and ``sends`` (:mod:`storage.sends`: the new DMs under way).

Every write is one :meth:`Database.transaction`, so a failure leaves nothing half-written.
Methods raise :class:`StorageConflict` (or a subclass) when the request lost a race or no
longer makes sense; its message is written for the player who clicked. ``ValueError`` means a
programming error in the arguments; ``sqlite3.Error`` (SQLite) or ``asyncpg.PostgresError``
(PostgreSQL) means the database itself failed.

The SQL is written once for both dialects (``?`` placeholders, no dialect-only syntax). Writes
that check a game and then change it lock the game's row first (an ``UPDATE`` of it), so on
PostgreSQL, where writers of several processes run at once, they run one after the other as on
SQLite, where ``BEGIN IMMEDIATE`` already serializes every write.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from storage.calls import Call, CallStore, take_to_delete
from storage.db import Connection, Database
from storage.game_reads import GameReads, check_status
from storage.lobbies import LobbyStore
from storage.records import (
    ActionRecord,
    Freshness,
    GameRecord,
    SeatRecord,
    SeatTaken,
    StorageConflict,
    VersionConflict,
)
from storage.results import ResultStore, insert_results
from storage.sends import SendStore
from storage.settings import SettingsStore

__all__ = [
    "ActionRecord",
    "Freshness",
    "GameRecord",
    "GameStore",
    "SeatRecord",
    "SeatTaken",
    "StorageConflict",
    "VersionConflict",
    "utc_now",
]


def utc_now() -> str:
    """The current time as an ISO-8601 UTC string, e.g. ``2024-12-24T18:00:00.000+00:00``."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class GameStore(GameReads):
    """Persistence for games (the reads are :class:`GameReads`'s). All methods are coroutines
    and safe to call concurrently."""

    def __init__(self, db: Database, *, clock: Callable[[], str] = utc_now) -> None:
        super().__init__(db)
        self._now = clock
        self.lobbies = LobbyStore(db, clock)
        self.results = ResultStore(db)
        self.settings = SettingsStore(db)
        self.calls = CallStore(db)
        self.sends = SendStore(db)

    # -- play ----------------------------------------------------------------------------

    async def replace_seat(
        self,
        game_id: int,
        seat: int,
        user_id: int,
        display_name: str,
        *,
        owner: tuple[int, str] | None = None,
        keep_private: bool = False,
        host: int | None = None,
        forfeited_by: int | None = None,
    ) -> None:
        """Give a running game's seat to someone else (an AI taking over a leaver's seat, or the
        player reclaiming it). Its timeouts start afresh; `owner` is the player an AI stands in
        for (who may reclaim the seat), if any. Its private message (DM state, view) starts afresh
        too, unless `keep_private`: the same person still reads it (an AI keeps the seat for its
        player, or the player takes it back). `host`: who hosts the game from now on (the host
        left), if anyone new. `forfeited_by`: the person who gives the seat up for good (they left,
        or were replaced): the game is a loss of theirs in the results from now on, and the seat's
        result at the end is nobody else's (an abandoned game's results go: `set_status`)."""
        owner_id, owner_name = owner if owner is not None else (None, None)
        private = (
            ""
            if keep_private
            else "dm_open = NULL, dm_message_id = NULL, private_token = NULL, private_token_at = NULL, "
            "view_message_id = NULL, "
        )
        async with self.db.transaction() as conn:
            if not await conn.execute(
                "UPDATE games SET updated_at = ? WHERE id = ? AND status = 'running'",
                (self._now(), game_id),
            ):
                raise StorageConflict("This game is not running any more.")
            changed = await conn.execute(
                f"UPDATE seats SET user_id = ?, display_name = ?, {private}"
                "timeouts = 0, owner_id = ?, owner_name = ? WHERE game_id = ? AND seat = ?",
                (user_id, display_name, owner_id, owner_name, game_id, seat),
            )
            if changed != 1:
                raise StorageConflict("This game is not running any more.")
            if host is not None:
                await conn.execute("UPDATE games SET host_id = ? WHERE id = ?", (host, game_id))
            if forfeited_by is not None and forfeited_by > 0:
                await conn.execute(
                    "INSERT INTO results (game_id, seat, user_id, guild_id, game_name, won, ai) "
                    "SELECT id, ?, ?, guild_id, game_name, 0, 0 FROM games WHERE id = ? "
                    "ON CONFLICT DO NOTHING",
                    (seat, forfeited_by, game_id),
                )

    async def set_clock(self, game_id: int, clock_deadline: float | None) -> None:
        """When the turn clock runs out for the current decision (None: no clock now)."""
        await self.db.write("UPDATE games SET clock_deadline = ? WHERE id = ?", (clock_deadline, game_id))

    async def finish_by_forfeit(self, game_id: int, winners: frozenset[int]) -> None:
        """End a running game now with `winners` (the others left), results stored."""
        async with self.db.transaction() as conn:
            changed = await conn.execute(
                "UPDATE games SET status = 'finished', deadline = NULL, updated_at = ? "
                "WHERE id = ? AND status = 'running'",
                (self._now(), game_id),
            )
            if changed != 1:
                raise StorageConflict("This game is not running any more.")
            await insert_results(conn, game_id, winners)

    async def record_action(
        self,
        game_id: int,
        *,
        expected_version: int,
        seat: int,
        user_id: int,
        action_json: str,
        events_json: str,
        state_json: str,
        status: str,
        deadline: float | None = None,
        winners: frozenset[int] | None = None,
        clock_deadline: float | None = None,
        timeouts: tuple[int, int] | None = None,
        wake_at: float | None = None,
    ) -> int:
        """Append an action and store the resulting snapshot in ONE transaction (shared with
        other actions recorded at the same moment: see :meth:`Database.grouped`).

        The game must be ``running`` at ``expected_version`` (else :class:`VersionConflict`,
        or :class:`StorageConflict` if it is no longer running). The action gets
        ``seq = expected_version + 1``; the game gets the new state, version, ``status``
        (e.g. ``finished`` for the last action), ``deadline`` (when the new state's timer runs
        out, or None) and ``clock_deadline`` (the turn clock's, or None). With ``winners`` (the
        last action), every seat's result is stored too, in the same transaction; with ``timeouts``
        ``(seat, count)``, that seat's count of clock timeouts in a row is set too; ``wake_at``: when
        the game must next act on its own (kept on PostgreSQL, see :meth:`due_games`). Returns the
        new version.
        """
        check_status(status)
        new_version = expected_version + 1
        now = self._now()

        async def write(conn: Connection) -> None:
            # Update first, guarded by version and status: on the usual path this is two
            # statements (each a hop to the database thread), the reason is looked up only on
            # failure. Grouped: actions of several games waiting at once share one COMMIT
            # (SQLite). On PostgreSQL a racing writer waits for this row's lock, then finds the
            # version moved on: exactly one of them changes the row.
            changed = await conn.execute(
                "UPDATE games SET state_json = ?, version = ?, status = ?, deadline = ?, clock_deadline = ?, "
                "wake_at = ?, updated_at = ? WHERE id = ? AND version = ? AND status = 'running'",
                (
                    state_json,
                    new_version,
                    status,
                    deadline,
                    clock_deadline,
                    wake_at,
                    now,
                    game_id,
                    expected_version,
                ),
            )
            if changed != 1:
                row = await conn.fetchone("SELECT status FROM games WHERE id = ?", (game_id,))
                if row is None:
                    raise StorageConflict("This game no longer exists.")
                if row["status"] != "running":
                    raise StorageConflict("This game is no longer running.")
                raise VersionConflict("The table changed before your move landed; try again.")
            await conn.execute(
                "INSERT INTO actions (game_id, seq, seat, user_id, action_json, events_json, "
                "created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game_id, new_version, seat, user_id, action_json, events_json, now),
            )
            if winners is not None:
                await insert_results(conn, game_id, winners)
            if timeouts is not None:
                await conn.execute(
                    "UPDATE seats SET timeouts = ? WHERE game_id = ? AND seat = ?",
                    (timeouts[1], game_id, timeouts[0]),
                )

        await self.db.grouped(write)
        return new_version

    async def set_status(self, game_id: int, status: str, *, from_statuses: tuple[str, ...]) -> bool:
        """Set ``status`` only if the game is currently in one of ``from_statuses``.

        Returns whether the row changed (False if the game is missing or in another status).
        """
        check_status(status)
        if not from_statuses:
            raise ValueError("from_statuses must name at least one status")
        for old in from_statuses:
            check_status(old)
        marks = ", ".join("?" for _ in from_statuses)
        async with self.db.transaction() as conn:
            changed = await conn.execute(
                f"UPDATE games SET status = ?, updated_at = ? WHERE id = ? AND status IN ({marks})",
                (status, self._now(), game_id, *from_statuses),
            )
            if changed == 1 and status == "abandoned":  # (it counts for no one: a leaver's loss goes)
                await conn.execute("DELETE FROM results WHERE game_id = ?", (game_id,))
        return changed == 1

    async def set_deadline(self, game_id: int, deadline: float | None) -> None:
        """Set when the current decision's timer runs out (e.g. a game that started with one, or
        a timer found without a deadline after a crash)."""
        await self.db.write(
            "UPDATE games SET deadline = ?, updated_at = ? WHERE id = ?", (deadline, self._now(), game_id)
        )

    async def set_table_message(
        self, game_id: int, message_id: int | None, replaces: Call | None = None, taken_at: float = 0.0
    ) -> None:
        """Remember the id of the public table message (None to forget it). `replaces`: the old
        table message, taken to be deleted (at `taken_at`, the bot's clock) in the same
        transaction (`storage.calls`), so that a process stopped before deleting it leaves it to
        the next start. The new table is never one taken to be deleted (a click on an old table
        makes it the table again)."""
        now = self._now()

        async def record(conn: Connection) -> None:
            await conn.execute(
                "UPDATE games SET table_message_id = ?, updated_at = ? WHERE id = ?",
                (message_id, now, game_id),
            )
            await conn.execute("DELETE FROM call_deletes WHERE message_id = ?", (message_id,))
            if replaces is not None:
                await take_to_delete(conn, replaces, taken_at)

        await self.db.grouped(record)

    async def set_dm(
        self, game_id: int, seat: int, *, dm_open: bool, dm_message_id: int | None = None
    ) -> None:
        """Record whether the seat's player can be DMed and the id of their hand message.

        Both columns are set as given: omitting ``dm_message_id`` stores None.
        """
        await self.db.write(
            "UPDATE seats SET dm_open = ?, dm_message_id = ? WHERE game_id = ? AND seat = ?",
            (int(dm_open), dm_message_id, game_id, seat),
        )

    async def set_private_view(
        self, game_id: int, seat: int, token: str | None, at: float | None, message_id: int | None
    ) -> None:
        """The ephemeral view the seat plays from (its message id) and the token of the latest
        interaction on it, with when that came."""
        await self.db.write(
            "UPDATE seats SET private_token = ?, private_token_at = ?, view_message_id = ? "
            "WHERE game_id = ? AND seat = ?",
            (token, at, message_id, game_id, seat),
        )

    async def set_wake(self, game_id: int, wake_at: float | None) -> None:
        """When the game must next act on its own (None: nothing due); see :meth:`due_games`."""
        await self.db.write("UPDATE games SET wake_at = ? WHERE id = ?", (wake_at, game_id))

    async def set_warned(self, game_id: int, clock_deadline: float) -> bool:
        """Note that the turn clock's warning for ``clock_deadline`` was posted. Returns False
        if it already was (by this or another process): then it must not be posted again."""
        changed = await self.db.write(
            "UPDATE games SET warned_for = ? WHERE id = ? AND (warned_for IS NULL OR warned_for <> ?)",
            (clock_deadline, game_id, clock_deadline),
        )
        return changed == 1

    async def due_games(self, now: float, limit: int = 50) -> list[tuple[int, float]]:
        """(game id, wake_at) of the running games that must act on their own by ``now``, the
        most overdue first."""
        rows = await self.db.fetchall(
            "SELECT id, wake_at FROM games WHERE status = 'running' AND wake_at <= ? "
            "ORDER BY wake_at LIMIT ?",
            (now, limit),
        )
        return [(row[0], row[1]) for row in rows]
