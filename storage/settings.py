"""What is kept beside the games: players' and servers' languages, and the ``meta`` key-value table.

Every write is one :meth:`Database.transaction`; the SQL runs on SQLite and PostgreSQL alike (see
``storage.games``).
"""

from __future__ import annotations

from collections.abc import Callable

from storage.db import Database


class SettingsStore:
    """Languages and meta values (`GameStore.settings`). All methods are coroutines."""

    def __init__(self, db: Database) -> None:
        self.db = db

    # -- languages -----------------------------------------------------------------------

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

    async def change_meta(self, key: str, change: Callable[[str | None], str]) -> None:
        """Replace the value under ``key`` with ``change(value)`` (None: none stored, or an empty
        one), in one transaction holding the row: processes changing it at once change it one
        after the other (the row is written first, which locks it on PostgreSQL, also when it is
        new; SQLite's ``BEGIN IMMEDIATE`` serializes writers)."""
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO meta (key, value) VALUES (?, '') "
                "ON CONFLICT (key) DO UPDATE SET value = meta.value",
                (key,),
            )
            row = await conn.fetchone("SELECT value FROM meta WHERE key = ?", (key,))
            value = change(row[0] or None if row is not None else None)
            await conn.execute("UPDATE meta SET value = ? WHERE key = ?", (value, key))
