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

- **global budget** (`per_second`): Discord allows a bot about 50 rate-limited calls per second
  in all, across its processes; each process keeps to its share (`process_budget`). Every write
  counts in it; an edit that would exceed it waits (never holding a lock: it becomes the
  message's trailing write): an urgent one may use the whole budget, a non-urgent one leaves a
  fifth of it to urgent ones, and the waiting trailing writes take their turns in order (urgent
  ones first, and before them the ones bringing a decision whose timer runs: a reaction
  window's prompt, which the timer would close before its player saw it; among the others,
  those taking away controls of a decision that is over first: `retires`) instead of all
  retrying at once (a turn counts from when it is handed out: one not used within the window
  is asked for again). Under that load edits coalesce further (each message still gets its
  trailing write with the newest state). A new DM (one that brings a
  decision, or a seat's first: the start of a game) waits for its turn before it takes the
  message's lock (`reserved`), and the DM channel discord.py opens for it counts too; a delete
  of a message no longer true waits for spare room in a task of its own (`aside`: it never
  delays a decision); posts and the deletes of superseded DMs, which cannot wait that way, are
  rare: they only count.

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
from dataclasses import dataclass, field

log = logging.getLogger(__name__)

#: Discord's per-channel limit for messages: 5 writes in 5 s.
LIMIT = 5
WINDOW = 5.0
#: Requests reach Discord a little after the bot decides to send them (and the event loop
#: may lag): the bot keeps this much further apart than the limit itself.
MARGIN = 0.5
#: A message's non-urgent edits are at least this far apart (the newest state wins).
GAP = 1.5
#: Discord's global limit: about this many rate-limited calls per second per bot, all its
#: processes together (interaction answers are not counted).
GLOBAL_PER_SECOND = 50.0
#: The share of its part of the global limit a process uses (requests reach Discord a little
#: bunched up; the DM channels discord.py opens are counted, `turn`'s `opening`).
GLOBAL_SAFETY = 0.9
#: The share of the global budget non-urgent writes may use (the rest is kept for decisions).
NON_URGENT_SHARE = 0.8
#: Writes that can wait for spare room (`Pacer.aside`) go only while the budget's last window
#: is under this share, after every other waiting write.
SPARE_SHARE = 0.5
#: A process logs that it is at its global budget at most once per this many seconds.
SATURATED_LOG_EVERY = 60.0


def process_budget(
    per_second: float = GLOBAL_PER_SECOND, shard_count: int | None = None, shard_ids: list[int] | None = None
) -> float:
    """This process's rate-limited calls per second: its shards' share of the bot's global limit
    (the shards spread the servers, and so the games and their writes, about evenly)."""
    share = len(shard_ids) / shard_count if shard_count and shard_ids is not None else 1.0
    return per_second * share * GLOBAL_SAFETY


@dataclass
class _Held:
    """A turn in the global budget reserved before its write is made (a trailing write,
    `Pacer.later`; a new DM, `Pacer.reserved`): the write's `take` uses it."""

    at: float
    used: bool = False


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
    turn: asyncio.Future[float] | None = None  # its place in the global budget's queue


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
        self.global_window = global_window
        self.budget = max(1, int(per_second * global_window)) if per_second else None
        self._all: deque[float] = deque()  # times of the recent writes (and reservations), all channels
        self._queues: dict[bool, deque[asyncio.Future[float]]] = {True: deque(), False: deque()}
        self._timed: deque[asyncio.Future[float]] = deque()  # urgent writes of a timed decision
        self._retiring: deque[asyncio.Future[float]] = deque()  # non-urgent ones that retire controls
        self._spares: deque[asyncio.Future[float]] = deque()  # writes waiting for spare room
        self._pump: asyncio.Task[None] | None = None
        self.held_back = 0  # writes that waited for the global budget
        self.promoted = 0  # trailing writes that became urgent while they waited
        self._logged_at = -SATURATED_LOG_EVERY

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
        if not self._holds_turn():
            delay = max(delay, self._global_delay(urgent))
            if self._queued_ahead(urgent=urgent, timed=timed, retires=retires):
                delay = max(delay, self.global_window / (self.budget or 1))  # after those waiting
        return delay

    def _queued_ahead(self, *, urgent: bool, timed: bool, retires: bool) -> bool:
        """Whether writes that go before such a write wait in the global queue (timed decisions,
        then the other urgent writes, then those retiring controls, then the rest)."""
        if urgent and timed:
            return bool(self._timed)
        if self._timed or self._queues[True]:
            return True
        return not urgent and bool(self._retiring or (not retires and self._queues[False]))

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

    def _global_delay(self, urgent: bool) -> float:
        """Seconds until the global budget has room for a write (0: now)."""
        return self._room_delay(1.0 if urgent else NON_URGENT_SHARE)

    def _room_delay(self, share: float) -> float:
        """Seconds until the global budget's last window is under `share` of it (0: now)."""
        if self.budget is None:
            return 0.0
        now = self.clock()
        times = self._all
        while times and now - times[0] >= self.global_window:
            times.popleft()
        room = self.budget if share >= 1 else max(1, int(self.budget * share))
        if len(times) < room:
            return 0.0
        return max(times[len(times) - room] + self.global_window - now, 0.0)

    def take(self, channel: Hashable) -> float:
        """A write to `channel` goes now; returns the time (for the message's `last`)."""
        now = self.clock()
        if self.enabled:
            self._writes.setdefault(channel, deque()).append(now)
            held = _HELD.get()
            if held is not None and not held.used:
                held.used = True  # counted from now on, not from when it was reserved
                self._release(held)
                self._all.append(now)
            elif self.budget is not None:
                self._all.append(now)
        return now

    def _holds_turn(self) -> bool:
        """Whether the running write holds a reserved global turn still in the window. One
        handed out longer ago than the window (its write waited for its message's lock) no
        longer counts there, and others may have used its room since: the write asks again."""
        held = _HELD.get()
        return held is not None and not held.used and self.clock() - held.at < self.global_window

    async def turn(self, channel: Hashable, *, opening: bool = False) -> float:
        """Wait for `channel`'s turn (a write that cannot be coalesced: a post, a new DM, a
        delete), then take it. It does not wait for the global budget: its callers may hold a
        message's lock that a click needs. It counts in the budget (or takes the turn reserved
        before the lock, `reserved`), so the edits, which wait without holding anything, make
        room. `opening`: a DM whose channel discord.py opens first, one more call to count."""
        while (delay := self._channel_delay(channel, None, True) if self.enabled else 0.0) > 0:
            await asyncio.sleep(delay)
        now = self.take(channel)
        if opening and self.enabled and self.budget is not None:
            self._all.append(now)
        return now

    @contextlib.asynccontextmanager
    async def reserved(self, *, timed: bool = False) -> AsyncIterator[None]:
        """An urgent turn in the global budget, waited for holding nothing, for a write its
        caller makes holding a message's lock (a new DM that brings a decision: its `turn`
        takes this one instead of adding to the budget). Given back if not used. `timed`: the
        decision's timer runs (it goes before the other urgent writes)."""
        if not self.enabled or self.budget is None:
            yield
            return
        held = _Held(await self._global_turn(Trailing(urgent=True, timed=timed)))
        token = _HELD.set(held)
        try:
            yield
        finally:
            _HELD.reset(token)
            if not held.used:
                self._release(held)

    async def _global_turn(self, trailing: Trailing) -> float:
        """Wait for a write's turn in the global budget, in order (timed decisions first, then
        the other urgent writes), and reserve it; returns the reserved time."""
        if trailing.spare:
            busy = self._queued_ahead(urgent=False, timed=False, retires=False) or bool(self._spares)
            free = not busy and self._room_delay(SPARE_SHARE) == 0
        else:
            urgent, timed, retires = trailing.urgent, trailing.timed, trailing.retires
            busy = self._queued_ahead(urgent=urgent, timed=timed, retires=retires)
            free = not busy and self._global_delay(urgent) == 0
        if free:
            now = self.clock()
            self._all.append(now)
            return now
        self.held_back += 1
        now = self.clock()
        if now - self._logged_at >= SATURATED_LOG_EVERY:
            self._logged_at = now
            log.warning(
                "at this process's share of Discord's global rate limit (%s writes per %.1f s): "
                "writes wait their turn, non-urgent edits coalesce further",
                self.budget,
                self.global_window,
            )
        turn: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        trailing.turn = turn
        self._queue_of(trailing).append(turn)
        if self._pump is None or self._pump.done():
            self._pump = asyncio.get_running_loop().create_task(self._serve())
        return await turn

    async def _serve(self) -> None:
        """Hand out the global budget to the queued writes as it frees up (timed decisions
        first, then the other urgent ones, then those retiring controls of a decision that is
        over, then the others, then those waiting for spare room)."""
        queues, spares, timed, retiring = self._queues, self._spares, self._timed, self._retiring
        while timed or queues[True] or retiring or queues[False] or spares:
            if timed:
                queue, delay = timed, self._global_delay(True)
            elif queues[True]:
                queue, delay = queues[True], self._global_delay(True)
            elif retiring or queues[False]:
                queue, delay = retiring or queues[False], self._global_delay(False)
            else:
                queue, delay = spares, self._room_delay(SPARE_SHARE)
            if delay > 0:
                await asyncio.sleep(delay)
                continue
            turn = queue.popleft()
            if turn.done():  # its writer was cancelled
                continue
            now = self.clock()
            self._all.append(now)
            turn.set_result(now)

    def _release(self, held: _Held) -> None:
        """A reserved global write that was not needed (nothing had changed) frees its place."""
        try:
            self._all.remove(held.at)
        except ValueError:  # already out of the window
            pass

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
            if self.enabled and self.budget is not None:
                held = _Held(await self._global_turn(trailing))
                _HELD.set(held)
            try:
                await write()
            except Exception:
                log.exception("a paced write failed")
            finally:
                if held is not None and not held.used:
                    self._release(held)

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
        every other waiting write, and only while the last window is under `SPARE_SHARE` of
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

    def _queue_of(self, trailing: Trailing) -> deque[asyncio.Future[float]]:
        """The queue a trailing write waits in for its global turn."""
        if trailing.spare:
            return self._spares
        if trailing.urgent:
            return self._timed if trailing.timed else self._queues[True]
        return self._retiring if trailing.retires else self._queues[False]

    def retire(self, trailing: Trailing) -> None:
        """A waiting non-urgent trailing write now takes away controls of a decision that is
        over: it goes before the other non-urgent ones (still within their share of the budget,
        and keeping its coalescing gap: a decision is not held up by it)."""
        if trailing.urgent or trailing.retires or trailing.spare:
            return
        was = self._queue_of(trailing)
        trailing.retires = True
        self._requeue(trailing, was)

    def promote(self, trailing: Trailing, *, timed: bool = False) -> None:
        """A waiting trailing write now carries a person's new decision: it goes before the
        non-urgent ones (a non-urgent edit's coalescing gap no longer holds it); `timed` (the
        decision's timer runs): before the other urgent ones too."""
        if trailing.urgent and (trailing.timed or not timed):
            return
        was = self._queue_of(trailing)
        if not trailing.urgent:
            self.promoted += 1
        trailing.urgent, trailing.timed = True, trailing.timed or timed
        trailing.wake.set()
        self._requeue(trailing, was)

    def _requeue(self, trailing: Trailing, was: deque[asyncio.Future[float]]) -> None:
        """Move a trailing write's place in the global queue (if it waits there) from `was` to
        the end of the queue it now belongs in."""
        turn = trailing.turn
        if turn is not None and not turn.done():
            try:
                was.remove(turn)
            except ValueError:
                return
            self._queue_of(trailing).append(turn)

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
        if self._pump is not None:
            self._pump.cancel()
        for queue in (*self._queues.values(), self._timed, self._retiring, self._spares):
            while queue:
                queue.popleft().cancel()
        if self._waiting:
            await asyncio.gather(*self._waiting, return_exceptions=True)


def dm(user_id: int) -> tuple[str, int]:
    """The pacing key of a user's DM channel (the bot has one per user)."""
    return ("dm", user_id)
