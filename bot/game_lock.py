"""A game's lock as the service takes it: the process's own lock of the game, then, with several
processes on one database, the database's lock of the game (`Database.game_lock`). No Discord."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import storage.db as storage_db
from bot.errors import BUSY, GameBusy
from bot.i18n import _
from storage import Database, GameLockTimeout

log = logging.getLogger(__name__)


class GameLock:
    """A game's lock: the process's `asyncio.Lock` of the game, then (several processes on one
    database) the database's lock of the game, held together for the block. The local lock comes
    first, so one process waits for a game with one connection at most.

    The database's lock is waited for `storage.db.LOCK_WAIT` at a time. A step that would change
    the game (`refuse_when_busy`: `bot.pipeline.Pipeline.run`) then gives up: a refusal
    (`GameBusy`; the click is answered, an overdue wake-up tried again later), as it does after
    as long a wait for this process's own lock (held by a waiter that waits on). Anything else
    (showing a commit: DMs, the table) waits on, warning in the log who holds the lock: what was
    committed must be shown."""

    __slots__ = ("_local", "_db", "_game_id", "_held", "_refuse")

    def __init__(
        self, local: asyncio.Lock, db: Database | None, game_id: int, *, refuse_when_busy: bool = False
    ) -> None:
        self._local = local
        self._db = db
        self._game_id = game_id
        self._held: Any = None
        self._refuse = refuse_when_busy

    def locked(self) -> bool:
        return self._local.locked()

    async def __aenter__(self) -> None:
        if self._refuse and self._db is not None:  # (a waiter before it may wait on: see above)
            try:
                async with asyncio.timeout(storage_db.LOCK_WAIT):
                    await self._local.acquire()
            except TimeoutError:
                log.warning(
                    "game %s refused a step: this process's own lock held over %.0f s",
                    self._game_id,
                    storage_db.LOCK_WAIT,
                )
                raise GameBusy(_(BUSY)) from None
        else:
            await self._local.acquire()
        if self._db is None:
            return
        try:
            while True:
                held = self._db.game_lock(self._game_id)
                try:
                    await held.__aenter__()
                    break
                except GameLockTimeout as busy:
                    if self._refuse:
                        log.warning("game %s refused a step: %s", self._game_id, busy)
                        raise GameBusy(_(BUSY)) from None
                    log.warning("still waiting for game %s's lock: %s", self._game_id, busy)
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
