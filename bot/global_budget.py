"""A process's share of Discord's global rate limit, handed out in order (`GlobalBudget`).

Discord allows a bot about 50 rate-limited calls per second in all, across its processes; each
process keeps to its share (`process_budget`). Every REST write counts in it (`count`); an edit
that would exceed it waits (never holding a lock: it becomes the message's trailing write,
`bot.pacing.Pacer.later`): an urgent one may use the whole budget, a non-urgent one leaves a fifth
of it to urgent ones, and the waiting writes take their turns in order (`turn`) instead of all
retrying at once:

1. urgent ones bringing a decision whose timer runs (a reaction window's prompt, which the timer
   would close before its player saw it: `timed`);
2. the other urgent ones;
3. non-urgent ones taking away controls of a decision that is over (`retires`);
4. the other non-urgent ones;
5. those that wait for spare room (`spare`: deleting a message no longer true), only while the
   last window is under `SPARE_SHARE` of the budget.

A turn counts from when it is handed out; a write that did not use it gives it back (`release`).
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

log = logging.getLogger(__name__)

#: Discord's global limit: about this many rate-limited calls per second per bot, all its
#: processes together (interaction answers are not counted).
GLOBAL_PER_SECOND = 50.0
#: The share of its part of the global limit a process uses (requests reach Discord a little
#: bunched up; the DM channels discord.py opens are counted, `Pacer.turn`'s `opening`).
GLOBAL_SAFETY = 0.9
#: The share of the global budget non-urgent writes may use (the rest is kept for decisions).
NON_URGENT_SHARE = 0.8
#: Writes that can wait for spare room (`Pacer.aside`) go only while the budget's last window
#: is under this share, after every other waiting write.
SPARE_SHARE = 0.5
#: A process logs that it is at its global budget at most once per this many seconds.
SATURATED_LOG_EVERY = 60.0

Turn = asyncio.Future[float]


def process_budget(
    per_second: float = GLOBAL_PER_SECOND, shard_count: int | None = None, shard_ids: list[int] | None = None
) -> float:
    """This process's rate-limited calls per second: its shards' share of the bot's global limit
    (the shards spread the servers, and so the games and their writes, about evenly)."""
    share = len(shard_ids) / shard_count if shard_count and shard_ids is not None else 1.0
    return per_second * share * GLOBAL_SAFETY


@dataclass(eq=False)
class Trailing:
    """A message's trailing write, waiting for its turn (`Pacer.later`). It becomes urgent
    (`Pacer.promote`) when a person's new decision comes to its message while it waits."""

    urgent: bool
    spare: bool = False  # it waits for spare room (`Pacer.aside`), after every other write
    timed: bool = False  # it brings a decision whose timer runs: before the other urgent ones
    channel: Hashable | None = None  # its channel, and when its message was last written:
    last: float | None = None  # promoted, it waits only for the channel's hard limit
    #: not urgent, but it takes away controls of a decision that is over: before the other
    #: non-urgent writes (`Pacer.retire`)
    retires: bool = False
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    done: asyncio.Event = field(default_factory=asyncio.Event)  # it ran (or was dropped)
    turn: Turn | None = None  # its place in the global budget's queue
    queue: deque[Turn] | None = None  # the queue that place is in


class GlobalBudget:
    """At most `size` writes in any `window` seconds, the waiting ones served in order."""

    def __init__(self, per_second: float, window: float, clock: Callable[[], float]) -> None:
        self.window = window
        self.size = max(1, int(per_second * window))
        self.clock = clock
        self._times: deque[float] = deque()  # the recent writes (and handed-out turns)
        self._urgent: deque[Turn] = deque()
        self._timed: deque[Turn] = deque()  # urgent writes of a timed decision
        self._retiring: deque[Turn] = deque()  # non-urgent ones that retire controls
        self._others: deque[Turn] = deque()  # the other non-urgent ones
        self._spares: deque[Turn] = deque()  # writes waiting for spare room
        self._pump: asyncio.Task[None] | None = None
        self.held_back = 0  # writes that waited for their turn
        self._logged_at = -SATURATED_LOG_EVERY

    def count(self, now: float) -> None:
        """A write (or a turn handed out) at `now`."""
        self._times.append(now)

    def release(self, at: float) -> None:
        """A turn handed out at `at` that was not used (nothing had changed) frees its place."""
        try:
            self._times.remove(at)
        except ValueError:  # already out of the window
            pass

    def delay(self, urgent: bool) -> float:
        """Seconds until there is room for a write (0: now)."""
        return self.room_delay(1.0 if urgent else NON_URGENT_SHARE)

    def room_delay(self, share: float) -> float:
        """Seconds until the last window is under `share` of the budget (0: now)."""
        now = self.clock()
        times = self._times
        while times and now - times[0] >= self.window:
            times.popleft()
        room = self.size if share >= 1 else max(1, int(self.size * share))
        if len(times) < room:
            return 0.0
        return max(times[len(times) - room] + self.window - now, 0.0)

    def queued_ahead(self, *, urgent: bool, timed: bool, retires: bool) -> bool:
        """Whether writes that go before such a write wait for their turns."""
        if urgent and timed:
            return bool(self._timed)
        if self._timed or self._urgent:
            return True
        return not urgent and bool(self._retiring or (not retires and self._others))

    async def turn(self, trailing: Trailing) -> float:
        """Wait for a write's turn, in order, and take it; returns when it was handed out."""
        if trailing.spare:
            busy = self.queued_ahead(urgent=False, timed=False, retires=False) or bool(self._spares)
            free = not busy and self.room_delay(SPARE_SHARE) == 0
        else:
            urgent, timed, retires = trailing.urgent, trailing.timed, trailing.retires
            free = (
                not self.queued_ahead(urgent=urgent, timed=timed, retires=retires) and self.delay(urgent) == 0
            )
        if free:
            now = self.clock()
            self.count(now)
            return now
        self.held_back += 1
        now = self.clock()
        if now - self._logged_at >= SATURATED_LOG_EVERY:
            self._logged_at = now
            log.warning(
                "at this process's share of Discord's global rate limit (%s writes per %.1f s): "
                "writes wait their turn, non-urgent edits coalesce further",
                self.size,
                self.window,
            )
        loop = asyncio.get_running_loop()
        trailing.turn = loop.create_future()
        trailing.queue = self._queue_of(trailing)
        trailing.queue.append(trailing.turn)
        if self._pump is None or self._pump.done():
            self._pump = loop.create_task(self._serve())
        return await trailing.turn

    def requeue(self, trailing: Trailing) -> None:
        """A waiting write's kind changed (`Pacer.promote`, `Pacer.retire`): its place moves to
        the end of the queue it now belongs in."""
        turn, was = trailing.turn, trailing.queue
        if turn is None or turn.done() or was is None:
            return
        try:
            was.remove(turn)
        except ValueError:
            return
        trailing.queue = self._queue_of(trailing)
        trailing.queue.append(turn)

    def _queue_of(self, trailing: Trailing) -> deque[Turn]:
        if trailing.spare:
            return self._spares
        if trailing.urgent:
            return self._timed if trailing.timed else self._urgent
        return self._retiring if trailing.retires else self._others

    async def _serve(self) -> None:
        """Hand out the turns to the queued writes as the budget frees up, in order."""
        while self._timed or self._urgent or self._retiring or self._others or self._spares:
            if self._timed or self._urgent:
                queue, delay = self._timed or self._urgent, self.delay(True)
            elif self._retiring or self._others:
                queue, delay = self._retiring or self._others, self.delay(False)
            else:
                queue, delay = self._spares, self.room_delay(SPARE_SHARE)
            if delay > 0:
                await asyncio.sleep(delay)
                continue
            turn = queue.popleft()
            if turn.done():  # its writer was cancelled
                continue
            now = self.clock()
            self.count(now)
            turn.set_result(now)

    def stop(self) -> None:
        """Cancel the waiting turns (shutting down)."""
        if self._pump is not None:
            self._pump.cancel()
        for queue in (self._timed, self._urgent, self._retiring, self._others, self._spares):
            while queue:
                queue.popleft().cancel()
