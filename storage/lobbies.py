"""Lobbies: a game from its creation until it starts (seats taken and left, options, the start).

Every write is one :meth:`Database.transaction` that first locks the game's row (see
``storage.games``), so the check that the game is still a lobby and the write that follows cannot
interleave with another process's; :class:`StorageConflict` carries a message for the player who
clicked. The SQL runs on SQLite and PostgreSQL alike.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from storage.db import Connection, Database
from storage.records import GameRecord, SeatRecord, SeatTaken, StorageConflict, game_from_row


class LobbyStore:
    """Lobby writes (`GameStore.lobbies`). All methods are coroutines and safe to call concurrently."""

    def __init__(self, db: Database, clock: Callable[[], str]) -> None:
        self.db = db
        self._now = clock

    async def create(
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

    async def set_options(self, game_id: int, options: dict) -> None:
        """Replace a lobby's options (already validated by the game). Raises
        :class:`StorageConflict` once the game has started or closed."""
        options_json = json.dumps(options, sort_keys=True, separators=(",", ":"))
        async with self.db.transaction() as conn:
            await _require_lobby(conn, game_id, lock=self._now())
            await conn.execute("UPDATE games SET options_json = ? WHERE id = ?", (options_json, game_id))

    async def start(self, game_id: int, state_json: str) -> GameRecord:
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


async def _load_game(conn: Connection, game_id: int) -> GameRecord:
    row = await conn.fetchone("SELECT * FROM games WHERE id = ?", (game_id,))
    if row is None:
        raise StorageConflict("This game no longer exists.")
    return game_from_row(row)


async def _require_lobby(conn: Connection, game_id: int, *, lock: str | None = None) -> None:
    """Raise unless the game is a lobby. With ``lock`` (the time now), first set the game's
    ``updated_at`` to it: that locks the game's row until the transaction ends, so checks and
    writes of two transactions on one lobby do not interleave (PostgreSQL)."""
    if lock is not None:
        await conn.execute("UPDATE games SET updated_at = ? WHERE id = ?", (lock, game_id))
    row = await conn.fetchone("SELECT status FROM games WHERE id = ?", (game_id,))
    if row is None:
        raise StorageConflict("This game no longer exists.")
    if row[0] == "running":
        raise StorageConflict("This game has already started.")
    if row[0] != "lobby":
        raise StorageConflict("This lobby is closed.")
