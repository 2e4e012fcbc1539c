"""Games, seats and the append-only action log.

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

import json
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from typing import Any

from storage.db import Connection, Database, Row
from storage.records import (
    ActionRecord,
    Freshness,
    GameRecord,
    SeatRecord,
    SeatTaken,
    StorageConflict,
    VersionConflict,
)

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

STATUSES = ("lobby", "running", "finished", "abandoned", "cancelled")
LIVE_STATUSES = ("lobby", "running")


def utc_now() -> str:
    """The current time as an ISO-8601 UTC string, e.g. ``2024-12-24T18:00:00.000+00:00``."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class GameStore:
    """Persistence for games. All methods are coroutines and safe to call concurrently."""

    def __init__(self, db: Database, *, clock: Callable[[], str] = utc_now) -> None:
        self.db = db
        self._now = clock

    # -- lobby ---------------------------------------------------------------------------

    async def create_lobby(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game_name: str,
        host_id: int,
        host_name: str,
        options: dict,
        seed: int,
        claim: str | None = None,
        locale: str | None = None,
        host_locale: str | None = None,
    ) -> GameRecord:
        """Create a game in status ``lobby`` with the host at seat 0, in one transaction.

        ``claim``: a ``meta`` key that must be new (e.g. "this game's rematch"), stored in the same
        transaction with the new game's id as its value; if it exists, nothing is created and
        :class:`StorageConflict` names the game that holds it. ``locale``: the table's language,
        ``host_locale`` the host's (Discord locales)."""
        options_json = json.dumps(options, sort_keys=True, separators=(",", ":"))
        now = self._now()
        async with self.db.transaction() as conn:
            game_id = await conn.insert(
                "INSERT INTO games (guild_id, channel_id, game_name, status, host_id, "
                "options_json, seed, state_json, version, created_at, updated_at, locale) "
                "VALUES (?, ?, ?, 'lobby', ?, ?, ?, NULL, 0, ?, ?, ?)",
                (guild_id, channel_id, game_name, host_id, options_json, seed, now, now, locale),
            )
            await conn.execute(
                "INSERT INTO seats (game_id, seat, user_id, display_name, locale) VALUES (?, 0, ?, ?, ?)",
                (game_id, host_id, host_name, host_locale),
            )
            if claim is not None:
                # DO NOTHING (rather than a check first): of two processes claiming at once, the
                # second waits for the first's commit and then finds the key taken.
                claimed = await conn.execute(
                    "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING",
                    (claim, str(game_id)),
                )
                if not claimed:
                    held = await conn.fetchone("SELECT value FROM meta WHERE key = ?", (claim,))
                    raise StorageConflict(str(held[0]) if held is not None else "")
            return await _load_game(conn, game_id)

    async def add_seat(
        self,
        game_id: int,
        user_id: int,
        display_name: str,
        *,
        max_seats: int | None = None,
        locale: str | None = None,
    ) -> SeatRecord:
        """Seat ``user_id`` at the next free seat of a lobby.

        Raises :class:`SeatTaken` if they are already seated, :class:`StorageConflict` if the
        game is no longer a lobby or (when ``max_seats`` is given) already has that many seats.
        The check and the insert are one transaction, so two racing joins cannot overfill it.
        """
        async with self.db.transaction() as conn:
            await _require_lobby(conn, game_id, lock=self._now())
            row = await conn.fetchone(
                "SELECT 1 FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            )
            if row is not None:
                raise SeatTaken("You're already seated in this game.")
            counted = await conn.fetchone(
                "SELECT COUNT(*), COALESCE(MAX(seat) + 1, 0) FROM seats WHERE game_id = ?", (game_id,)
            )
            assert counted is not None  # an aggregate answers one row
            count, next_seat = counted
            if max_seats is not None and count >= max_seats:
                raise StorageConflict("This lobby is full.")
            await conn.execute(
                "INSERT INTO seats (game_id, seat, user_id, display_name, locale) VALUES (?, ?, ?, ?, ?)",
                (game_id, next_seat, user_id, display_name, locale),
            )
        return SeatRecord(next_seat, user_id, display_name, None, None, locale=locale)

    async def remove_seat(self, game_id: int, user_id: int) -> None:
        """Remove ``user_id`` from a lobby; later seats move down so seats stay 0..n-1."""
        async with self.db.transaction() as conn:
            await _require_lobby(conn, game_id, lock=self._now())
            row = await conn.fetchone(
                "SELECT seat FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            )
            if row is None:
                raise StorageConflict("You're not in this lobby.")
            seat = row[0]
            await conn.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat))
            # Two steps through negative numbers so no UPDATE ever collides on the primary key,
            # whatever order the database visits the rows in.
            await conn.execute(
                "UPDATE seats SET seat = -seat WHERE game_id = ? AND seat > ?", (game_id, seat)
            )
            await conn.execute("UPDATE seats SET seat = -seat - 1 WHERE game_id = ? AND seat < 0", (game_id,))

    async def replace_seat(
        self,
        game_id: int,
        seat: int,
        user_id: int,
        display_name: str,
        *,
        owner: tuple[int, str] | None = None,
    ) -> None:
        """Give a running game's seat to someone else (an AI taking over a leaver's seat, or the
        player reclaiming it). Its DM state and timeouts start afresh; `owner` is the player an
        AI stands in for (who may reclaim the seat), if any."""
        owner_id, owner_name = owner if owner is not None else (None, None)
        async with self.db.transaction() as conn:
            if not await conn.execute(
                "UPDATE games SET updated_at = ? WHERE id = ? AND status = 'running'",
                (self._now(), game_id),
            ):
                raise StorageConflict("This game is not running any more.")
            changed = await conn.execute(
                "UPDATE seats SET user_id = ?, display_name = ?, dm_open = NULL, dm_message_id = NULL, "
                "private_token = NULL, private_token_at = NULL, "
                "timeouts = 0, owner_id = ?, owner_name = ? WHERE game_id = ? AND seat = ?",
                (user_id, display_name, owner_id, owner_name, game_id, seat),
            )
            if changed != 1:
                raise StorageConflict("This game is not running any more.")

    async def set_clock(self, game_id: int, clock_deadline: float | None) -> None:
        """When the turn clock runs out for the current decision (None: no clock now)."""
        async with self.db.transaction() as conn:
            await conn.execute("UPDATE games SET clock_deadline = ? WHERE id = ?", (clock_deadline, game_id))

    async def set_timeouts(self, game_id: int, seat: int, timeouts: int) -> None:
        async with self.db.transaction() as conn:
            await conn.execute(
                "UPDATE seats SET timeouts = ? WHERE game_id = ? AND seat = ?", (timeouts, game_id, seat)
            )

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
            await _insert_results(conn, game_id, winners)

    async def set_options(self, game_id: int, options: dict) -> None:
        """Replace a lobby's options (already validated by the game). Raises
        :class:`StorageConflict` once the game has started or closed."""
        options_json = json.dumps(options, sort_keys=True, separators=(",", ":"))
        async with self.db.transaction() as conn:
            await _require_lobby(conn, game_id, lock=self._now())
            await conn.execute("UPDATE games SET options_json = ? WHERE id = ?", (options_json, game_id))

    async def start_game(self, game_id: int, state_json: str) -> GameRecord:
        """Atomically move a lobby to ``running`` at version 0 with its initial state.

        Raises :class:`StorageConflict` unless the game is a lobby, so of two racing Start
        clicks exactly one wins.
        """
        async with self.db.transaction() as conn:
            changed = await conn.execute(
                "UPDATE games SET status = 'running', state_json = ?, version = 0, "
                "updated_at = ? WHERE id = ? AND status = 'lobby'",
                (state_json, self._now(), game_id),
            )
            if changed != 1:
                await _require_lobby(conn, game_id)  # raises the right message
            return await _load_game(conn, game_id)

    # -- play ----------------------------------------------------------------------------

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
        _check_status(status)
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
                await _insert_results(conn, game_id, winners)
            if timeouts is not None:
                await conn.execute(
                    "UPDATE seats SET timeouts = ? WHERE game_id = ? AND seat = ?",
                    (timeouts[1], game_id, timeouts[0]),
                )

        await self.db.grouped(write)
        return new_version

    async def record_results(self, game_id: int, winners: frozenset[int]) -> None:
        """Store a finished game's results if they are missing (games finished before results
        were kept)."""
        async with self.db.transaction() as conn:
            await _insert_results(conn, game_id, winners)

    async def games_without_results(self) -> list[GameRecord]:
        rows = await self.db.fetchall(
            "SELECT * FROM games WHERE status = 'finished' "
            "AND NOT EXISTS (SELECT 1 FROM results WHERE results.game_id = games.id) ORDER BY id"
        )
        return [_game(row) for row in rows]

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

    async def ai_stats(self, guild_id: int | None, game_name: str) -> tuple[int, int]:
        """(plays, wins) of all AI seats together in `game_name` in the server."""
        guild, params = _same_guild(guild_id)
        row = await self.db.fetchone(
            f"SELECT COUNT(*), SUM(won) FROM results WHERE {guild} AND game_name = ? AND ai = 1",
            (*params, game_name),
        )
        return (row[0], row[1] or 0) if row else (0, 0)

    async def set_status(self, game_id: int, status: str, *, from_statuses: tuple[str, ...]) -> bool:
        """Set ``status`` only if the game is currently in one of ``from_statuses``.

        Returns whether the row changed (False if the game is missing or in another status).
        """
        _check_status(status)
        if not from_statuses:
            raise ValueError("from_statuses must name at least one status")
        for old in from_statuses:
            _check_status(old)
        marks = ", ".join("?" for _ in from_statuses)
        async with self.db.transaction() as conn:
            changed = await conn.execute(
                f"UPDATE games SET status = ?, updated_at = ? WHERE id = ? AND status IN ({marks})",
                (status, self._now(), game_id, *from_statuses),
            )
            return changed == 1

    async def set_deadline(self, game_id: int, deadline: float | None) -> None:
        """Set when the current decision's timer runs out (e.g. a game that started with one, or
        a timer found without a deadline after a crash)."""
        async with self.db.transaction() as conn:
            await conn.execute(
                "UPDATE games SET deadline = ?, updated_at = ? WHERE id = ?", (deadline, self._now(), game_id)
            )

    async def set_table_message(self, game_id: int, message_id: int | None) -> None:
        """Remember the id of the public table message (None to forget it)."""
        async with self.db.transaction() as conn:
            await conn.execute(
                "UPDATE games SET table_message_id = ?, updated_at = ? WHERE id = ?",
                (message_id, self._now(), game_id),
            )

    async def set_dm(
        self, game_id: int, seat: int, *, dm_open: bool, dm_message_id: int | None = None
    ) -> None:
        """Record whether the seat's player can be DMed and the id of their hand message.

        Both columns are set as given: omitting ``dm_message_id`` stores None.
        """
        async with self.db.transaction() as conn:
            await conn.execute(
                "UPDATE seats SET dm_open = ?, dm_message_id = ? WHERE game_id = ? AND seat = ?",
                (int(dm_open), dm_message_id, game_id, seat),
            )

    async def set_private_view(
        self, game_id: int, seat: int, token: str | None, at: float | None, message_id: int | None
    ) -> None:
        """With DMs closed: the ephemeral view that is the seat's living private message (its
        message id, kept as ``dm_message_id``) and the token of the latest interaction on it."""
        async with self.db.transaction() as conn:
            await conn.execute(
                "UPDATE seats SET private_token = ?, private_token_at = ?, dm_message_id = ? "
                "WHERE game_id = ? AND seat = ?",
                (token, at, message_id, game_id, seat),
            )

    async def set_wake(self, game_id: int, wake_at: float | None) -> None:
        """When the game must next act on its own (None: nothing due); see :meth:`due_games`."""
        async with self.db.transaction() as conn:
            await conn.execute("UPDATE games SET wake_at = ? WHERE id = ?", (wake_at, game_id))

    async def set_warned(self, game_id: int, clock_deadline: float) -> bool:
        """Note that the turn clock's warning for ``clock_deadline`` was posted. Returns False
        if it already was (by this or another process): then it must not be posted again."""
        async with self.db.transaction() as conn:
            changed = await conn.execute(
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

    # -- reads ---------------------------------------------------------------------------

    async def freshness(self, game_id: int) -> Freshness | None:
        """The game's version and everything besides the snapshot that a write may change (its
        row's bookkeeping and its seats), in one query; None if the game does not exist."""
        rows = await self.db.fetchall(
            "SELECT g.version, g.status, g.table_message_id, g.deadline, g.clock_deadline, g.wake_at, "
            "g.warned_for, s.seat, s.user_id, s.display_name, s.dm_open, s.dm_message_id, s.timeouts, "
            "s.owner_id, s.owner_name, s.private_token, s.private_token_at, s.locale "
            "FROM games AS g LEFT JOIN seats AS s ON s.game_id = g.id WHERE g.id = ? ORDER BY s.seat",
            (game_id,),
        )
        if not rows:
            return None
        first = rows[0]
        seats = [_seat(row) for row in rows if row["seat"] is not None]
        return Freshness(
            version=first["version"],
            status=first["status"],
            table_message_id=first["table_message_id"],
            deadline=first["deadline"],
            clock_deadline=first["clock_deadline"],
            wake_at=first["wake_at"],
            warned_for=first["warned_for"],
            seats=seats,
        )

    async def get_game(self, game_id: int) -> GameRecord | None:
        """The game with this id, or None."""
        row = await self.db.fetchone("SELECT * FROM games WHERE id = ?", (game_id,))
        return None if row is None else _game(row)

    async def get_seats(self, game_id: int) -> list[SeatRecord]:
        """The game's seats ordered by seat number."""
        rows = await self.db.fetchall(
            "SELECT seat, user_id, display_name, dm_open, dm_message_id, timeouts, owner_id, owner_name, "
            "private_token, private_token_at, locale FROM seats WHERE game_id = ? ORDER BY seat",
            (game_id,),
        )
        return [_seat(row) for row in rows]

    async def get_actions(self, game_id: int) -> list[ActionRecord]:
        """The game's action log ordered by ``seq``."""
        rows = await self.db.fetchall(
            "SELECT seq, seat, user_id, action_json, events_json, created_at FROM actions "
            "WHERE game_id = ? ORDER BY seq",
            (game_id,),
        )
        return [ActionRecord(*row) for row in rows]

    async def last_action(self, game_id: int) -> ActionRecord | None:
        """The game's newest logged action, or None."""
        row = await self.db.fetchone(
            "SELECT seq, seat, user_id, action_json, events_json, created_at FROM actions "
            "WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
            (game_id,),
        )
        return None if row is None else ActionRecord(*row)

    async def live_games(self) -> list[GameRecord]:
        """Every game in ``lobby`` or ``running`` (for resuming after a restart), by id."""
        rows = await self.db.fetchall("SELECT * FROM games WHERE status IN ('lobby', 'running') ORDER BY id")
        return [_game(row) for row in rows]

    async def games_in_channel(
        self, channel_id: int, statuses: Iterable[str] = LIVE_STATUSES
    ) -> list[GameRecord]:
        """Games in ``channel_id`` whose status is one of ``statuses``, by id."""
        statuses = _status_list(statuses)
        marks = ", ".join("?" for _ in statuses)
        rows = await self.db.fetchall(
            f"SELECT * FROM games WHERE channel_id = ? AND status IN ({marks}) ORDER BY id",
            (channel_id, *statuses),
        )
        return [_game(row) for row in rows]

    async def remember_locale(self, user_id: int, locale: str) -> int:
        """The player's language is ``locale`` from now on in every game they sit in that is not
        over (written only where it differs). Returns how many seats changed."""
        async with self.db.transaction() as conn:
            return await conn.execute(
                "UPDATE seats SET locale = ? WHERE user_id = ? AND (locale IS NULL OR locale <> ?) "
                "AND game_id IN (SELECT id FROM games WHERE status IN ('lobby', 'running'))",
                (locale, user_id, locale),
            )

    async def guild_locale(self, guild_id: int) -> str | None:
        """The language a manager chose for the server's tables (`/language`), if any."""
        row = await self.db.fetchone("SELECT locale FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return None if row is None else row["locale"]

    async def set_guild_locale(self, guild_id: int, locale: str | None) -> None:
        """Choose the language of the server's new tables (None: the server's own, from Discord)."""
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO guild_settings (guild_id, locale) VALUES (?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET locale = excluded.locale",
                (guild_id, locale),
            )

    async def last_action_at(self, game_id: int, user_id: int) -> float | None:
        """When ``user_id`` last had an action logged in the game (Unix time), or None."""
        row = await self.db.fetchone(
            "SELECT created_at FROM actions WHERE game_id = ? AND user_id = ? ORDER BY seq DESC LIMIT 1",
            (game_id, user_id),
        )
        return None if row is None else datetime.fromisoformat(row["created_at"]).timestamp()

    async def user_games_in_channel(
        self, channel_id: int, user_id: int, statuses: Iterable[str] = LIVE_STATUSES
    ) -> list[GameRecord]:
        """Games in ``channel_id`` with ``user_id`` seated and a status in ``statuses``, by id."""
        statuses = _status_list(statuses)
        marks = ", ".join("?" for _ in statuses)
        rows = await self.db.fetchall(
            "SELECT g.* FROM games AS g JOIN seats AS s ON s.game_id = g.id "
            f"WHERE g.channel_id = ? AND s.user_id = ? AND g.status IN ({marks}) ORDER BY g.id",
            (channel_id, user_id, *statuses),
        )
        return [_game(row) for row in rows]

    # -- meta ----------------------------------------------------------------------------

    async def get_meta(self, key: str) -> str | None:
        """The value stored under ``key`` in ``meta``, or None."""
        row = await self.db.fetchone("SELECT value FROM meta WHERE key = ?", (key,))
        return None if row is None else row[0]

    async def set_meta(self, key: str, value: str) -> None:
        """Store ``value`` under ``key``, replacing any previous value."""
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )


# -- helpers -------------------------------------------------------------------------------


async def _load_game(conn: Connection, game_id: int) -> GameRecord:
    row = await conn.fetchone("SELECT * FROM games WHERE id = ?", (game_id,))
    if row is None:
        raise StorageConflict("This game no longer exists.")
    return _game(row)


async def _require_lobby(conn: Connection, game_id: int, *, lock: str | None = None) -> None:
    """Raise unless the game is a lobby. With ``lock`` (the time now), first set the game's
    ``updated_at`` to it: that locks the game's row until the transaction ends, so checks and
    writes of two transactions on one lobby do not interleave (PostgreSQL)."""
    if lock is not None:
        await _touch(conn, game_id, lock)
    row = await conn.fetchone("SELECT status FROM games WHERE id = ?", (game_id,))
    if row is None:
        raise StorageConflict("This game no longer exists.")
    if row[0] == "running":
        raise StorageConflict("This game has already started.")
    if row[0] != "lobby":
        raise StorageConflict("This lobby is closed.")


async def _insert_results(conn: Connection, game_id: int, winners: frozenset[int]) -> None:
    await conn.execute(
        "INSERT INTO results (game_id, seat, user_id, guild_id, game_name, won, ai) "
        "SELECT s.game_id, s.seat, s.user_id, g.guild_id, g.game_name, CASE WHEN s.seat IN "
        f"({', '.join(str(int(w)) for w in sorted(winners)) or 'NULL'}) THEN 1 ELSE 0 END, "
        "CASE WHEN s.user_id < 0 THEN 1 ELSE 0 END "
        "FROM seats AS s JOIN games AS g ON g.id = s.game_id WHERE s.game_id = ? "
        "ON CONFLICT DO NOTHING",
        (game_id,),
    )


async def _touch(conn: Connection, game_id: int, now: str) -> None:
    await conn.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))


def _same_guild(guild_id: int | None) -> tuple[str, tuple[Any, ...]]:
    """The condition "results of this guild" (None: games outside any guild) and its parameters."""
    return ("guild_id IS NULL", ()) if guild_id is None else ("guild_id = ?", (guild_id,))


def _check_status(status: str) -> None:
    if status not in STATUSES:
        raise ValueError(f"unknown game status {status!r}; expected one of {STATUSES}")


def _status_list(statuses: Iterable[str]) -> tuple[str, ...]:
    result = (statuses,) if isinstance(statuses, str) else tuple(statuses)
    if not result:
        raise ValueError("statuses must name at least one status")
    for status in result:
        _check_status(status)
    return result


def _game(row: Row) -> GameRecord:
    return GameRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        game_name=row["game_name"],
        status=row["status"],
        host_id=row["host_id"],
        options=json.loads(row["options_json"]),
        seed=row["seed"],
        state_json=row["state_json"],
        version=row["version"],
        table_message_id=row["table_message_id"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        deadline=row["deadline"],
        clock_deadline=row["clock_deadline"],
        wake_at=row["wake_at"],
        warned_for=row["warned_for"],
        locale=row["locale"],
    )


def _seat(row: Row) -> SeatRecord:
    dm_open = row["dm_open"]
    return SeatRecord(
        seat=row["seat"],
        user_id=row["user_id"],
        display_name=row["display_name"],
        dm_open=None if dm_open is None else bool(dm_open),
        dm_message_id=row["dm_message_id"],
        timeouts=row["timeouts"],
        owner_id=row["owner_id"],
        owner_name=row["owner_name"],
        private_token=row["private_token"],
        private_token_at=row["private_token_at"],
        locale=row["locale"],
    )
