"""The safety net of several processes on one database: any process runs an overdue wake-up of
any game.

Every step stores when its game must next act on its own (`wake_at`; `bot.wakeups.next_wake`).
The process that committed runs its own timers first; each process also polls, every
`POLL_EVERY` seconds, for running games whose `wake_at` is overdue by `POLL_GRACE` seconds (e.g.
because the process that scheduled the wake-up died) and wakes them through the pipeline
(`Pipeline.wake`), whose handlers all re-check the game's version or decision under its lock: a
wake-up run by two processes is applied once. The same loop runs other periodic chores of
several processes (`every`). No Discord here.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from bot.errors import UserError
from bot.service import GameService

log = logging.getLogger(__name__)

#: A wake-up overdue by this long is run by whichever process polls first.
POLL_GRACE = 2.0
#: ... and each process polls this often (seconds).
POLL_EVERY = 1.0
#: At most this many overdue games woken at once per process.
POLL_BATCH = 8
#: A game woken for a stored moment that stays overdue (nothing was due, or it failed) is woken
#: again for it after this many seconds, not at every poll.
POLL_RETRY = 30.0


class WakePoller:
    def __init__(self, service: GameService, wake: Callable[[int], Awaitable[None]]) -> None:
        self.service = service
        self.wake = wake  # runs what of a game is due now
        self._task: asyncio.Task[None] | None = None
        #: game -> (the overdue wake_at this process woke it for, when to try that one again)
        self._tried: dict[int, tuple[float, float]] = {}
        #: the games being woken now
        self.waking: dict[int, asyncio.Task[None]] = {}
        #: (every how many seconds, the chore, when it is next due on the service's clock)
        self._chores: list[tuple[float, Callable[[], Awaitable[object]], list[float]]] = []

    def start(self) -> None:
        """Poll for overdue wake-ups from now on (only when several processes share the database)."""
        if self.service.shared and (self._task is None or self._task.done()):
            self._task = asyncio.create_task(self._poll_forever(), name="wake-poller")

    def every(self, seconds: float, chore: Callable[[], Awaitable[object]]) -> None:
        """Also run `chore` about every `seconds` while polling (several processes)."""
        self._chores.append((seconds, chore, [self.service.clock() + seconds]))

    async def run_chores(self) -> None:
        """Run the chores that are due (`every`)."""
        now = self.service.clock()
        for seconds, chore, due in self._chores:
            if now >= due[0]:
                due[0] = now + seconds
                await chore()

    async def stop(self) -> None:
        task, self._task = self._task, None
        tasks = [t for t in (task, *self.waking.values()) if t is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def forget(self, game_id: int) -> None:
        """The game is over."""
        self._tried.pop(game_id, None)

    async def _poll_forever(self) -> None:
        while True:
            try:
                await self.poll()
                await self.run_chores()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("polling for overdue wake-ups failed")
            await asyncio.sleep(POLL_EVERY)

    async def poll(self, grace: float = POLL_GRACE) -> list[int]:
        """Wake the running games whose stored `wake_at` is overdue by `grace` seconds (each
        once per stored moment and `POLL_RETRY`; at most `POLL_BATCH` at a time). Returns the
        games woken."""
        woken: list[int] = []
        room = POLL_BATCH - len(self.waking)
        if room <= 0:
            return woken
        now = self.service.clock()
        for game_id, wake_at in await self.service.store.due_games(now - grace, limit=room * 4):
            tried = self._tried.get(game_id)
            if game_id in self.waking or (tried is not None and tried[0] == wake_at and now < tried[1]):
                continue
            if len(self._tried) > 10_000:
                self._tried.clear()
            self._tried[game_id] = (wake_at, now + POLL_RETRY)
            # (the process that scheduled it did not run it: stopped, dead, or too busy)
            log.info("game %s's wake-up overdue by %.1f s: run here", game_id, now - wake_at)
            task = asyncio.create_task(self._wake_task(game_id), name=f"wake-{game_id}")
            self.waking[game_id] = task
            woken.append(game_id)
            if len(woken) >= room:
                break
        return woken

    async def _wake_task(self, game_id: int) -> None:
        try:
            await self.wake(game_id)
        except asyncio.CancelledError:
            raise
        except UserError as error:
            log.info("overdue wake-up of game %s refused: %s", game_id, error.message)
        except Exception:
            log.exception("overdue wake-up of game %s failed", game_id)
        finally:
            self.waking.pop(game_id, None)
