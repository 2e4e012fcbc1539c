"""One sleeping task per game that wakes it at a deadline: `bot.wakeups` keeps one `TimerTasks`
for each kind of wake-up (an AI turn, a reaction window's close, the turn clock's warning and its
expiry). Each task waits for one `key`: the decision it closes (an AI turn's: the game's version),
so a task for a decision that is over finds nothing to do.

The deadlines are stored with the game (`games.deadline` and `clock_deadline`, written in the same
transaction as the action that opened the decision; an AI turn's pause comes from the game's seed
and version), so these tasks hold nothing that a restart could lose: on start the bot schedules
every live game's wake-ups again, and a deadline that passed while the bot was down fires at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.errors import UserError
from storage import GameLockTimeout

log = logging.getLogger(__name__)

Expire = Callable[[int, int], Awaitable[None]]
#: On a stop, how long the wake-ups under way may take to finish (seconds).
STOP_GRACE = 5.0


@dataclass
class _Scheduled:
    key: int
    deadline: float
    task: asyncio.Task[None]


class TimerTasks:
    def __init__(self, expire: Expire, clock: Callable[[], float] = time.time) -> None:
        self._expire = expire  # called as expire(game_id, key) when the time is up
        self._clock = clock
        self._scheduled: dict[int, _Scheduled] = {}
        self._running: dict[int, int] = {}  # game -> expiries in progress (no longer scheduled)
        self._expiring: set[asyncio.Task[None]] = set()  # their tasks
        self._stopped = False

    def schedule(
        self, game_id: int, key: int, deadline: float | None, *, same_key_keeps: bool = False
    ) -> None:
        """Make the game's task match its current key and deadline (None: no timer).
        `same_key_keeps`: a task already waiting for this `key` stays as it is (an AI turn
        keyed by the game's version keeps its first pause)."""
        if self._stopped:  # (an expiry finishing during the stop: its next wake-up is stored)
            return
        current = self._scheduled.get(game_id)
        if current is not None and deadline is not None and current.key == key:
            if same_key_keeps or current.deadline == deadline:
                return
        self.cancel(game_id)
        if deadline is None:
            return
        task = asyncio.create_task(self._wait(game_id, key, deadline), name=f"timer-{game_id}")
        self._scheduled[game_id] = _Scheduled(key, deadline, task)

    def cancel(self, game_id: int) -> None:
        current = self._scheduled.pop(game_id, None)
        if current is not None and current.task is not asyncio.current_task():
            current.task.cancel()

    def pending(self) -> dict[int, tuple[int, float]]:
        """game id -> (key, deadline) of every scheduled timer (for tests and logs)."""
        return {game_id: (s.key, s.deadline) for game_id, s in self._scheduled.items()}

    def busy(self) -> bool:
        """Whether anything is scheduled or running."""
        return bool(self._scheduled) or bool(self._running)

    def running(self, game_id: int) -> bool:
        """Whether an expiry of this game is in progress."""
        return game_id in self._running

    async def stop(self, grace: float = STOP_GRACE) -> None:
        """Cancel the waiting tasks; let the expiries under way finish (their commit, then what it
        shows) for up to `grace` seconds, then cancel them too. Nothing is scheduled after."""
        await stop_all([self], grace)

    def halt(self) -> list[asyncio.Task[None]]:
        """Schedule nothing from now on and cancel the waiting tasks (returned, to be awaited)."""
        self._stopped = True
        tasks = [s.task for s in self._scheduled.values()]
        self._scheduled.clear()
        for task in tasks:
            task.cancel()
        return tasks

    async def _wait(self, game_id: int, key: int, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - self._clock()))
        current = self._scheduled.get(game_id)
        if current is not None and current.task is asyncio.current_task():
            del self._scheduled[game_id]
        self._running[game_id] = self._running.get(game_id, 0) + 1
        task = asyncio.current_task()
        if task is not None:
            self._expiring.add(task)
        try:
            await self._expire(game_id, key)
        except UserError as refused:  # (e.g. busy: another process holds the game; tried again)
            log.info("the wake-up of game %s (for %s) refused: %s", game_id, key, refused.message)
        except GameLockTimeout as busy:  # (a row its step needs held too long elsewhere)
            log.warning("the wake-up of game %s (for %s) gave up: %s", game_id, key, busy)
        except Exception:
            log.exception("the wake-up of game %s (for %s) failed", game_id, key)
        finally:
            self._expiring.discard(task)
            self._running[game_id] -= 1
            if not self._running[game_id]:
                del self._running[game_id]


async def stop_all(timers: list[TimerTasks], grace: float = STOP_GRACE) -> None:
    """Stop several kinds of wake-ups together: none schedules anything from now on, and the
    expiries under way share one `grace` (a stop waited for each kind in turn: a deploy's new
    process waited the sum for the old one's shards)."""
    tasks = [task for tasks in timers for task in tasks.halt()]
    expiring = {task for tasks in timers for task in tasks._expiring}
    if expiring:
        _done, late = await asyncio.wait(expiring, timeout=grace)
        if late:
            log.warning("stopping with %d wake-up(s) still under way: cut off", len(late))
        for task in late:
            task.cancel()
        tasks += late
    for task in tasks:
        with contextlib.suppress(asyncio.CancelledError):
            await task
