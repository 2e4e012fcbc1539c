"""A game's wake-ups: the moments it must act on its own, computed from its committed state.

Four kinds, one sleeping task per game each (`bot.timers.TimerTasks`):
- `ai_turns`: an AI seat must decide (after a short, natural pause), keyed by the game's version;
- `windows`: a decision that closes on its own timer (a reaction window), at its stored deadline;
- `clock_warnings` and `clock_expiries`: the turn clock's warning and deadline.

`sync(game)` is called by the pipeline inside the game's lock, right after every commit, from
the committed game: so the schedule always matches the newest state, and no late step of an older
action can cancel what a newer one scheduled. Deadlines are stored with the game, so after a
restart `sync` of every live game schedules them again. No Discord here.

Several processes on one PostgreSQL database: these tasks stay the fast path in the process that
committed, and `next_wake(game)` (the earliest of the four, stored as the game's `wake_at`) lets
every process's poller (`bot.wake_poller.WakePoller.poll`) run a wake-up that is overdue, e.g. because
the process that scheduled it died.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from bot.ai_seats import ai_delay
from bot.clock import WARN_SHARE, clock_seconds
from bot.timers import TimerTasks, stop_all

if TYPE_CHECKING:
    from bot.loaded_game import LoadedGame

Wake = Callable[[int, int], Awaitable[None]]


class Wakeups:
    def __init__(
        self,
        *,
        clock: Callable[[], float],
        ai_pause: float,
        on_ai_turn: Wake,
        on_window: Wake,
        on_clock_warning: Wake,
        on_clock_expiry: Wake,
    ) -> None:
        self.clock = clock
        self.ai_pause = ai_pause  # seconds an AI seat "thinks" before acting (0 in tests)
        self.ai_turns = TimerTasks(on_ai_turn, clock)
        self.windows = TimerTasks(on_window, clock)
        self.clock_warnings = TimerTasks(on_clock_warning, clock)
        self.clock_expiries = TimerTasks(on_clock_expiry, clock)

    @property
    def all(self) -> tuple[TimerTasks, ...]:
        return (self.ai_turns, self.windows, self.clock_warnings, self.clock_expiries)

    def sync(self, game: LoadedGame) -> None:
        """Make every wake-up of `game` match its committed state (call with its lock held)."""
        running = game.record.status == "running" and game.state is not None
        if running and game.ai_to_decide():
            pause = ai_delay(self.ai_pause, game.record.seed, game.record.version)
            self.ai_turns.schedule(game.id, game.record.version, self.clock() + pause, same_key_keeps=True)
        else:
            self.ai_turns.cancel(game.id)
        if not running:
            self.cancel(game.id)
            return
        self.windows.schedule(game.id, game.decision, game.record.deadline)
        warning, deadline = self.clock_times(game)
        self.clock_warnings.schedule(game.id, game.decision, warning)  # (None: cancelled)
        self.clock_expiries.schedule(game.id, game.decision, deadline)

    @staticmethod
    def clock_times(game: LoadedGame) -> tuple[float | None, float | None]:
        """When the turn clock must warn (None once its warning for this deadline is posted) and
        run out; both None while it does not run or no person must decide (AI seats still
        deciding after the clock chose for the people: a wake-up then would find nothing to do,
        and, its time past, fire again at once after every commit)."""
        deadline = game.record.clock_deadline
        seconds = clock_seconds(game.record.options)
        if deadline is None or seconds is None or not game.clock_applies() or not game.humans_to_decide():
            return None, None
        warned = game.record.warned_for == deadline
        return (None if warned else deadline - seconds * WARN_SHARE), deadline

    def next_wake(self, game: LoadedGame, keep: float | None = None) -> float | None:
        """The earliest moment `game` must act on its own: an AI turn (`keep`, the stored moment,
        if an AI turn is already due by then: a pending turn keeps its time), its decision's
        timer, the turn clock's warning (until it is posted) and deadline. None: nothing."""
        if game.record.status != "running" or game.state is None:
            return None
        now = self.clock()
        times: list[float] = []
        if game.ai_to_decide():
            due = now + ai_delay(self.ai_pause, game.record.seed, game.record.version)
            times.append(keep if keep is not None and keep <= due else due)
        if game.record.deadline is not None and game.rules.timer(game.state) is not None:
            times.append(game.record.deadline)
        times += [moment for moment in self.clock_times(game) if moment is not None]
        return min(times, default=None)

    def cancel(self, game_id: int) -> None:
        for tasks in self.all:
            tasks.cancel(game_id)

    async def stop(self) -> None:
        """Cancel every waiting task (on shutdown: everything they need is stored); the ones under
        way may finish, for one grace together (`bot.timers.stop_all`)."""
        await stop_all(list(self.all))
