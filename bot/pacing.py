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

- **global budget** (`bot.global_budget`): every write also counts in this process's share of
  Discord's global limit. An edit that would exceed it waits holding nothing: it becomes the
  message's trailing write and waits for its turn there, in order (decisions first); under that
  load edits coalesce further (each message still gets its trailing write with the newest
  state). A new DM (one that brings a decision, or a seat's first: the start of a game) waits
  for its turn before it takes the message's lock (`reserved`), and the DM channel discord.py
  opens for it counts too; a delete of a message no longer true waits for spare room in a task
  of its own (`aside`: it never delays a decision); posts and the deletes of superseded DMs,
  which cannot wait that way, are rare: they only count.

`Pacer(enabled=False)` lets every write through at once (the unit tests' fake Discord).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Hashable
from dataclasses import dataclass

from bot.global_budget import GlobalBudget, Trailing

log = logging.getLogger(__name__)

#: Discord's per-channel limit for messages: 5 writes in 5 s.
LIMIT = 5
WINDOW = 5.0
#: Requests reach Discord a little after the bot decides to send them (and the event loop
#: may lag): the bot keeps this much further apart than the limit itself.
MARGIN = 0.5
#: A message's non-urgent edits are at least this far apart (the newest state wins).
GAP = 1.5


@dataclass
class _Held:
    """A turn in the global budget reserved before its write is made (a trailing write,
    `Pacer.later`; a new DM, `Pacer.reserved`): the write's `take` uses it."""

    at: float
    used: bool = False


#: The reservation the running write holds, if any (a trailing write runs in its own task; a
#: new DM inside `Pacer.reserved`).
_HELD: contextvars.ContextVar[_Held | None] = contextvars.ContextVar("paced_write_held", default=None)


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
        per_second: float | None = None,
        global_window: float = 1.0,
    ) -> None:
        """`per_second`: this process's global budget (`process_budget`; None: no global limit),
        counted over any `global_window` seconds."""
        self.limit = limit
        self.span = window + margin
        self.gap = gap
        self.enabled = enabled
        self.clock = clock
        self._writes: dict[Hashable, deque[float]] = {}  # channel -> times of its recent writes
        self._waiting: set[asyncio.Task[None]] = set()
        self.deferred = 0  # trailing writes made so far
        self.global_budget = GlobalBudget(per_second, global_window, clock) if per_second else None
        self.promoted = 0  # trailing writes that became urgent while they waited

    @property
    def budget(self) -> int | None:
        """Writes allowed in any global window (None: no global limit)."""
        return self.global_budget.size if self.global_budget else None

    @property
    def held_back(self) -> int:
        """Writes that waited for the global budget."""
        return self.global_budget.held_back if self.global_budget else 0

    def wait(
        self,
        channel: Hashable,
        last: float | None = None,
        *,
        urgent: bool = True,
        timed: bool = False,
        retires: bool = False,
    ) -> float:
        """Seconds until a write to `channel` may go (0: now). `last`: when the message to be
        edited was last written by REST; a non-urgent edit keeps `gap` after it. `timed` (with
        `urgent`): it brings a decision whose timer runs, and waits only for others such.
        `retires` (not urgent): it takes away controls of a decision that is over, and waits
        for no other non-urgent write."""
        if not self.enabled:
            return 0.0
        delay = self._channel_delay(channel, last, urgent)
        shared = self.global_budget
        if shared is not None and not self._holds_turn():
            delay = max(delay, shared.delay(urgent))
            if shared.queued_ahead(urgent=urgent, timed=timed, retires=retires):
                delay = max(delay, shared.window / shared.size)  # after those waiting
        return delay

    def _channel_delay(self, channel: Hashable, last: float | None, urgent: bool) -> float:
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
            if self.global_budget is not None:
                held = _HELD.get()
                if held is not None and not held.used:
                    held.used = True  # counted from now on, not from when it was reserved
                    self.global_budget.release(held.at)
                self.global_budget.count(now)
        return now

    def _holds_turn(self) -> bool:
        """Whether the running write holds a reserved global turn still in the window. One
        handed out longer ago than the window (its write waited for its message's lock) no
        longer counts there, and others may have used its room since: the write asks again."""
        held = _HELD.get()
        shared = self.global_budget
        return (
            held is not None
            and not held.used
            and shared is not None
            and self.clock() - held.at < shared.window
        )

    async def turn(self, channel: Hashable, *, opening: bool = False) -> float:
        """Wait for `channel`'s turn (a write that cannot be coalesced: a post, a new DM, a
        delete), then take it. It does not wait for the global budget: its callers may hold a
        message's lock that a click needs. It counts in the budget (or takes the turn reserved
        before the lock, `reserved`), so the edits, which wait without holding anything, make
        room. `opening`: a DM whose channel discord.py opens first, one more call to count."""
        while (delay := self._channel_delay(channel, None, True) if self.enabled else 0.0) > 0:
            await asyncio.sleep(delay)
        now = self.take(channel)
        if opening and self.enabled and self.global_budget is not None:
            self.global_budget.count(now)
        return now

    @contextlib.asynccontextmanager
    async def reserved(self, *, timed: bool = False) -> AsyncIterator[None]:
        """An urgent turn in the global budget, waited for holding nothing, for a write its
        caller makes holding a message's lock (a new DM that brings a decision: its `turn`
        takes this one instead of adding to the budget). Given back if not used. `timed`: the
        decision's timer runs (it goes before the other urgent writes)."""
        shared = self.global_budget
        if not self.enabled or shared is None:
            yield
            return
        held = _Held(await shared.turn(Trailing(urgent=True, timed=timed)))
        token = _HELD.set(held)
        try:
            yield
        finally:
            _HELD.reset(token)
            if not held.used:
                shared.release(held.at)

    def later(
        self,
        delay: float,
        write: Callable[[], Awaitable[None]],
        *,
        urgent: bool = False,
        timed: bool = False,
        spare: bool = False,
        retires: bool = False,
        channel: Hashable | None = None,
        last: float | None = None,
    ) -> Trailing:
        """Run `write` in `delay` seconds (a message's trailing write; its caller makes sure
        there is at most one per message). With a global budget, it first waits for its turn in
        it (`urgent`: before the non-urgent ones; `timed` and urgent: before the other urgent
        ones; `retires`, not urgent: before the other non-urgent ones) and holds it while it
        runs. `channel`, `last`: the write's channel and when its message was last written
        (`wait`'s), so that once promoted it waits no longer than an urgent write must."""
        trailing = Trailing(urgent, spare, timed, channel, last, retires=retires)

        async def run() -> None:
            await self._pause(delay, trailing)
            held = None
            shared = self.global_budget
            if self.enabled and shared is not None:
                held = _Held(await shared.turn(trailing))
                _HELD.set(held)
            try:
                await write()
            except Exception:
                log.exception("a paced write failed")
            finally:
                trailing.done.set()
                if held is not None and not held.used and shared is not None:
                    shared.release(held.at)

        self.deferred += 1
        task = asyncio.get_running_loop().create_task(run())
        self._waiting.add(task)
        task.add_done_callback(self._waiting.discard)
        return trailing

    async def aside(
        self, channel: Hashable, write: Callable[[], Awaitable[None]], delay: float = GAP
    ) -> None:
        """A write nobody waits for (deleting a message that is no longer true): in a task of
        its own, holding nothing, after `delay` (the moment that made it untrue is when the
        channel's decisions are written) it waits for spare room in the global budget (after
        every other waiting write, and only while the last window is under `bot.global_budget.SPARE_SHARE` of
        it), then for a non-urgent turn in its channel (leaving the last of the window to
        decisions). At once, by the caller, when pacing is off."""

        async def paced() -> None:
            while (wait := self._channel_delay(channel, None, False)) > 0:
                await asyncio.sleep(wait)
            self.take(channel)
            await write()

        if self.enabled:
            self.later(delay, paced, spare=True)
        else:
            self.take(channel)
            await write()

    async def _pause(self, delay: float, trailing: Trailing) -> None:
        """A trailing write's wait for its channel; cut short when it is promoted (then only the
        channel's hard limit holds it)."""
        if delay <= 0:
            return
        loop = asyncio.get_running_loop()
        end = loop.time() + delay
        try:
            async with asyncio.timeout(delay):
                await trailing.wake.wait()
        except TimeoutError:
            return
        if trailing.channel is not None:
            await asyncio.sleep(self._channel_delay(trailing.channel, trailing.last, True))
        else:
            await asyncio.sleep(max(0.0, end - loop.time()))

    def retire(self, trailing: Trailing) -> None:
        """A waiting non-urgent trailing write now takes away controls of a decision that is
        over: it goes before the other non-urgent ones (still within their share of the budget,
        and keeping its coalescing gap: a decision is not held up by it)."""
        if trailing.urgent or trailing.retires or trailing.spare:
            return
        trailing.retires = True
        if self.global_budget is not None:
            self.global_budget.requeue(trailing)

    def promote(self, trailing: Trailing, *, timed: bool = False) -> None:
        """A waiting trailing write now carries a person's new decision: it goes before the
        non-urgent ones (a non-urgent edit's coalescing gap no longer holds it); `timed` (the
        decision's timer runs): before the other urgent ones too."""
        if trailing.urgent and (trailing.timed or not timed):
            return
        if not trailing.urgent:
            self.promoted += 1
        trailing.urgent, trailing.timed = True, trailing.timed or timed
        trailing.wake.set()
        if self.global_budget is not None:
            self.global_budget.requeue(trailing)

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
        if self.global_budget is not None:
            self.global_budget.stop()
        if self._waiting:
            await asyncio.gather(*self._waiting, return_exceptions=True)


def dm(user_id: int) -> tuple[str, int]:
    """The pacing key of a user's DM channel (the bot has one per user)."""
    return ("dm", user_id)
