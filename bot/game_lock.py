"""A game's lock as the service takes it: the process's own lock of the game, then, with several
processes on one database, the database's lock of the game (`Database.game_lock`). No Discord."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.errors import GameBusy
from bot.i18n import _
from storage import Database, GameLockTimeout


class GameLock:
    """A game's lock: the process's `asyncio.Lock` of the game, then (several processes on one
    database) the database's lock of the game, held together for the block. The local lock comes
    first, so one process waits for a game with one connection at most. A database lock held
    elsewhere for too long is a refusal (`GameBusy`): the click is answered, the overdue
    wake-up tried again later."""

    __slots__ = ("_local", "_db", "_game_id", "_held")

    def __init__(self, local: asyncio.Lock, db: Database | None, game_id: int) -> None:
        self._local = local
        self._db = db
        self._game_id = game_id
        self._held: Any = None

    def locked(self) -> bool:
        return self._local.locked()

    async def __aenter__(self) -> None:
        await self._local.acquire()
        if self._db is None:
            return
        try:
            held = self._db.game_lock(self._game_id)
            await held.__aenter__()
        except GameLockTimeout:
            self._local.release()
            raise GameBusy(_("This game is busy; please try again in a moment.")) from None
        except BaseException:
            self._local.release()
            raise
        self._held = held

    async def __aexit__(self, *exc_info: Any) -> None:
        held, self._held = self._held, None
        try:
            if held is not None:
                await held.__aexit__(*exc_info)
        finally:
            self._local.release()
