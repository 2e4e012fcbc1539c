"""`TimerTasks`: one sleeping task per game, in step with its decision and stored deadline."""

from __future__ import annotations

import asyncio
import time

from bot.timers import TimerTasks


class Recorder:
    def __init__(self) -> None:
        self.fired: list[tuple[int, int]] = []
        self.event = asyncio.Event()

    async def __call__(self, game_id: int, decision: int) -> None:
        self.fired.append((game_id, decision))
        self.event.set()


async def test_fires_once_at_the_deadline_with_its_decision() -> None:
    expire = Recorder()
    timers = TimerTasks(expire)
    timers.schedule(7, 3, time.time() + 0.05)
    assert timers.pending() == {7: (3, timers.pending()[7][1])}
    await asyncio.sleep(0.01)
    assert expire.fired == []
    await asyncio.wait_for(expire.event.wait(), 2)
    assert expire.fired == [(7, 3)] and timers.pending() == {}


async def test_same_deadline_keeps_the_task_a_new_decision_replaces_it() -> None:
    expire = Recorder()
    timers = TimerTasks(expire)
    deadline = time.time() + 0.05
    timers.schedule(1, 0, deadline)
    timers.schedule(1, 0, deadline)  # one reactor answered: same window, same task
    timers.schedule(1, 1, time.time() + 0.08)  # a new window
    await asyncio.sleep(0.2)
    assert expire.fired == [(1, 1)]


async def test_no_deadline_cancels_and_past_deadlines_fire_at_once() -> None:
    expire = Recorder()
    timers = TimerTasks(expire)
    timers.schedule(1, 0, time.time() + 0.05)
    timers.schedule(1, 0, None)
    timers.schedule(2, 5, time.time() - 100)  # passed while the bot was down
    await asyncio.sleep(0.1)
    assert expire.fired == [(2, 5)]


async def test_a_failing_expiry_is_logged_and_the_rest_go_on(caplog) -> None:
    fired = []

    async def expire(game_id: int, decision: int) -> None:
        fired.append(game_id)
        if game_id == 1:
            raise RuntimeError("boom")

    timers = TimerTasks(expire)
    timers.schedule(1, 0, time.time())
    timers.schedule(2, 0, time.time() + 0.02)
    await asyncio.sleep(0.1)
    assert sorted(fired) == [1, 2]
    assert "failed" in caplog.text


async def test_stop_cancels_everything() -> None:
    expire = Recorder()
    timers = TimerTasks(expire)
    for game in range(5):
        timers.schedule(game, 0, time.time() + 0.05)
    await timers.stop()
    await asyncio.sleep(0.1)
    assert expire.fired == [] and timers.pending() == {}


async def test_an_expiry_may_schedule_the_next_window_of_its_own_game() -> None:
    fired = []
    timers: TimerTasks

    async def expire(game_id: int, decision: int) -> None:
        fired.append(decision)
        if decision < 2:
            timers.schedule(game_id, decision + 1, time.time() + 0.01)

    timers = TimerTasks(expire)
    timers.schedule(9, 0, time.time())
    await asyncio.sleep(0.2)
    assert fired == [0, 1, 2]


async def test_stop_lets_an_expiry_under_way_finish_and_schedules_nothing_after() -> None:
    """An AI turn or a clock expiry committing as the bot stops: it finishes (its commit, then
    what it shows) before the stop returns (the database closed under it), and what it schedules
    then is not started (it is stored; the next start schedules it)."""
    release, finished = asyncio.Event(), []

    async def expire(game_id: int, key: int) -> None:
        await release.wait()
        timers.schedule(game_id, key + 1, time.time())  # (its next wake-up)
        finished.append(game_id)

    timers = TimerTasks(expire)
    timers.schedule(1, 0, time.time())
    await asyncio.sleep(0.01)
    assert timers.running(1)
    stopping = asyncio.create_task(timers.stop())
    await asyncio.sleep(0.01)
    assert not stopping.done()  # (waiting for the expiry)
    release.set()
    await stopping
    assert finished == [1] and timers.pending() == {} and not timers.busy()


async def test_stop_cuts_off_an_expiry_that_takes_too_long(caplog) -> None:
    async def expire(game_id: int, key: int) -> None:
        await asyncio.sleep(60)

    timers = TimerTasks(expire)
    timers.schedule(1, 0, time.time())
    await asyncio.sleep(0.01)
    await asyncio.wait_for(timers.stop(grace=0.05), 5)
    assert not timers.busy() and "1 wake-up(s) still under way: cut off" in caplog.text


async def test_every_kind_of_wake_up_stops_scheduling_before_any_is_waited_for() -> None:
    """The kinds were stopped one after another, each waiting for its expiries: the ones not yet
    stopped went on starting wake-ups meanwhile, and the waits added up."""
    from bot.timers import stop_all

    release = asyncio.Event()

    async def ai_turn(game_id: int, key: int) -> None:
        await release.wait()
        clock_expiry.schedule(game_id, key, time.time())  # (what the commit scheduled next)

    ai_turns, clock_expiry = TimerTasks(ai_turn), TimerTasks(Recorder())
    ai_turns.schedule(1, 0, time.time())
    await asyncio.sleep(0.01)
    assert ai_turns.running(1)
    stopping = asyncio.create_task(stop_all([ai_turns, clock_expiry]))
    await asyncio.sleep(0.01)
    release.set()
    await stopping
    assert clock_expiry.pending() == {} and not clock_expiry.busy()
