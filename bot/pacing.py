"""Pacing the bot's rate-limited writes (Discord allows about 5 per 5 s per channel, DM channels
included), so that under load no channel is sent more, and quick changes coalesce.

Every REST write the delivery makes (an edit, a post, a DM, a delete; not an interaction
response, which is not rate-limited) first asks the `Pacer` for its channel's turn:

- **hard limit**: at most `limit` writes per channel in any `window` seconds (plus a small
  `margin` for the time a request takes to reach Discord). A write that would exceed it waits.
- **coalescing**: an edit of a message that is not urgent (what it shows changed, but no
  person's new decision appeared on it) waits until `gap` seconds after that message's previous
  REST write, and leaves the channel's last write of the window to urgent ones.
  Edits of a message are never queued: a waiting message gets one trailing write, which draws
  the newest committed game when it runs (`bot.delivery`), so the final state always lands and
  the changes in between cost nothing.

`Pacer(enabled=False)` lets every write through at once (the unit tests' fake Discord).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable, Hashable

log = logging.getLogger(__name__)

#: Discord's per-channel limit for messages: 5 writes in 5 s.
LIMIT = 5
WINDOW = 5.0
#: Requests reach Discord a little after the bot decides to send them (and the event loop
#: may lag): the bot keeps this much further apart than the limit itself.
MARGIN = 0.5
#: A message's non-urgent edits are at least this far apart (the newest state wins).
GAP = 1.5


class Pacer:
    def __init__(
        self,
        *,
        limit: int = LIMIT,
        window: float = WINDOW,
        margin: float = MARGIN,
        gap: float = GAP,
        enabled: bool = True,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limit = limit
        self.span = window + margin
        self.gap = gap
        self.enabled = enabled
        self.clock = clock
        self._writes: dict[Hashable, deque[float]] = {}  # channel -> times of its recent writes
        self._waiting: set[asyncio.Task[None]] = set()
        self.deferred = 0  # trailing writes made so far

    def wait(self, channel: Hashable, last: float | None = None, *, urgent: bool = True) -> float:
        """Seconds until a write to `channel` may go (0: now). `last`: when the message to be
        edited was last written by REST; a non-urgent edit keeps `gap` after it."""
        if not self.enabled:
            return 0.0
        now = self.clock()
        delay = 0.0
        times = self._writes.get(channel)
        if times is not None:
            while times and now - times[0] >= self.span:
                times.popleft()
            if not times:
                del self._writes[channel]
            else:
                room = self.limit if urgent else self.limit - 1  # keep one write for a decision
                if len(times) >= room:
                    delay = times[len(times) - room] + self.span - now
        if not urgent and last is not None:
            delay = max(delay, last + self.gap - now)
        return max(delay, 0.0)

    def take(self, channel: Hashable) -> float:
        """A write to `channel` goes now; returns the time (for the message's `last`)."""
        now = self.clock()
        if self.enabled:
            self._writes.setdefault(channel, deque()).append(now)
        return now

    async def turn(self, channel: Hashable) -> float:
        """Wait for `channel`'s turn (a write that cannot be coalesced: a post, a new DM, a
        delete), then take it."""
        while (delay := self.wait(channel)) > 0:
            await asyncio.sleep(delay)
        return self.take(channel)

    def later(self, delay: float, write: Callable[[], Awaitable[None]]) -> None:
        """Run `write` in `delay` seconds (a message's trailing write; its caller makes sure
        there is at most one per message)."""

        async def run() -> None:
            await asyncio.sleep(delay)
            try:
                await write()
            except Exception:
                log.exception("a paced write failed")

        self.deferred += 1
        task = asyncio.get_running_loop().create_task(run())
        self._waiting.add(task)
        task.add_done_callback(self._waiting.discard)

    def waiting(self) -> int:
        """Trailing writes not yet done."""
        return len(self._waiting)

    async def settle(self, timeout: float = 30.0) -> None:
        """Until every trailing write is done (tests)."""
        deadline = time.monotonic() + timeout
        while self._waiting and time.monotonic() < deadline:
            await asyncio.wait(set(self._waiting), timeout=max(0.0, deadline - time.monotonic()))

    async def stop(self) -> None:
        """Drop the trailing writes (shutting down: a restarted bot redraws every message)."""
        for task in list(self._waiting):
            task.cancel()
        if self._waiting:
            await asyncio.gather(*self._waiting, return_exceptions=True)


def dm(user_id: int) -> tuple[str, int]:
    """The pacing key of a user's DM channel (the bot has one per user)."""
    return ("dm", user_id)
