"""The pacer's global budget (`bot.pacing`): Discord allows a bot about 50 rate-limited calls per
second across all its processes; each process keeps to its shards' share, urgent writes before
the others, and a waiting message's trailing write takes its turn in order."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

import pytest

from bot.global_budget import GLOBAL_SAFETY, process_budget
from bot.pacing import Pacer


def test_each_process_takes_its_shards_share_of_the_global_limit() -> None:
    assert process_budget(50) == pytest.approx(50 * GLOBAL_SAFETY)
    assert process_budget(50, shard_count=4, shard_ids=[0, 1]) == pytest.approx(25 * GLOBAL_SAFETY)
    assert process_budget(50, shard_count=4, shard_ids=None) == pytest.approx(50 * GLOBAL_SAFETY)  # all four
    assert process_budget(200, shard_count=8, shard_ids=[5]) == pytest.approx(25 * GLOBAL_SAFETY)


def test_writes_in_any_window_stay_within_the_budget_and_urgent_ones_have_a_reserve() -> None:
    now = [100.0]
    pacer = Pacer(per_second=10, clock=lambda: now[0])
    for channel in range(8):  # eight different channels: no channel limit applies
        assert pacer.wait(channel, urgent=False) == 0
        pacer.take(channel)
    assert pacer.wait("another", urgent=False) > 0, "non-urgent writes leave a fifth to decisions"
    assert pacer.wait("another", urgent=True) == 0
    pacer.take("another")
    pacer.take("yet another")
    assert pacer.wait("a third", urgent=True) == pytest.approx(1.0), "ten in the last second"
    now[0] += 1.0  # the first ones leave the window
    assert pacer.wait("a third", urgent=True) == 0
    assert pacer.wait("a third", urgent=False) == 0


def test_without_a_budget_only_channels_are_limited() -> None:
    pacer = Pacer(clock=lambda: 5.0)
    for channel in range(200):
        assert pacer.wait(channel, urgent=False) == 0
        pacer.take(channel)


async def test_trailing_writes_wait_their_turn_urgent_ones_first() -> None:
    window = 0.2
    pacer = Pacer(per_second=4 / window, global_window=window)  # 4 writes per 0.2 s
    for channel in range(4):
        pacer.take(channel)
    done: list[tuple[str, float]] = []

    def writer(name: str):  # noqa: ANN202
        async def write() -> None:
            assert pacer.wait(name) == 0, "a trailing write holds its global turn"
            pacer.take(name)
            done.append((name, time.monotonic()))

        return write

    start = time.monotonic()
    pacer.later(0, writer("table edit"), urgent=False)
    pacer.later(0, writer("news"), urgent=False)
    await asyncio.sleep(0.01)
    pacer.later(0, writer("your turn"), urgent=True)
    await pacer.settle(timeout=5)
    assert [name for name, _ in done] == ["your turn", "table edit", "news"]
    assert done[0][1] - start >= window * 0.9, "the budget was full: the first waited for the window"
    assert pacer.held_back == 3


async def test_a_turn_not_needed_is_given_back() -> None:
    window = 0.5
    pacer = Pacer(per_second=3 / window, global_window=window)
    pacer.take("table")

    async def nothing_changed() -> None:
        return None

    pacer.later(0, nothing_changed)
    await pacer.settle(timeout=5)
    pacer.take("dm")
    assert pacer.wait("another dm", urgent=True) == 0, "only the table and the DM count"
    pacer.take("another dm")
    assert pacer.wait("a third dm", urgent=True) > 0, "three writes in the window: the budget"


async def test_posts_and_new_dms_count_in_the_budget_but_do_not_wait_for_it() -> None:
    """They may be made holding a message's lock that a click needs: the edits make room."""
    window = 0.5
    pacer = Pacer(per_second=3 / window, global_window=window)
    started = time.monotonic()
    for channel in range(5):
        await pacer.turn(channel)
    assert time.monotonic() - started < window / 2
    assert pacer.wait("an edit", urgent=True) > 0


def _full_budget() -> tuple[Pacer, list[str], Callable[[str], Callable[[], Awaitable[None]]]]:
    """A pacer of 2 writes per 0.2 s whose budget is used up now; the names of the writes done,
    in order; and a write of a given name (it takes its turn and notes its name)."""
    pacer = Pacer(per_second=2 / 0.2, global_window=0.2)
    pacer.take("a")
    pacer.take("b")
    done: list[str] = []

    def writer(name: str) -> Callable[[], Awaitable[None]]:
        async def write() -> None:
            pacer.take(name)
            done.append(name)

        return write

    return pacer, done, writer


async def test_a_waiting_write_that_comes_to_carry_a_decision_goes_first() -> None:
    """A message's trailing write queued as news (non-urgent) is promoted when a person's new
    decision comes to that message while it waits: it goes before the news queued earlier."""
    pacer, done, writer = _full_budget()

    for name in ("news 1", "news 2", "news 3"):
        pacer.later(0, writer(name), urgent=False)
    your_dm = pacer.later(0, writer("your DM"), urgent=False)
    await asyncio.sleep(0.01)  # all four wait in the global queue
    pacer.promote(your_dm)
    pacer.promote(your_dm)  # once is enough
    await pacer.settle(timeout=5)
    assert done[0] == "your DM" and sorted(done[1:]) == ["news 1", "news 2", "news 3"]
    assert your_dm.urgent and pacer.promoted == 1


async def test_writes_retiring_controls_go_before_the_other_non_urgent_ones() -> None:
    """At the budget, a write that takes away controls of a decision that is over (`retires`:
    queued so, or a waiting one retired when its message's decision ended) goes before the news
    queued earlier, after the writes that bring decisions."""
    pacer, done, writer = _full_budget()

    for name in ("news 1", "news 2"):
        pacer.later(0, writer(name), urgent=False)
    table = pacer.later(0, writer("news, then retiring"), urgent=False)
    pacer.later(0, writer("retiring"), urgent=False, retires=True)
    pacer.later(0, writer("your turn"), urgent=True)
    await asyncio.sleep(0.01)  # all of them wait in the global queue
    pacer.retire(table)
    pacer.retire(table)  # once is enough
    await pacer.settle(timeout=5)
    assert done == ["your turn", "retiring", "news, then retiring", "news 1", "news 2"]
    assert table.retires and not table.urgent


async def _one_queued_then_room(*, urgent: bool) -> Pacer:
    """A pacer of 5 writes a second with one write (`urgent` or not) waiting in the global queue
    when the budget has room again, before that write has gone."""
    now = [100.0]
    pacer = Pacer(per_second=5, clock=lambda: now[0])
    for channel in "abcde":
        pacer.take(channel)

    async def write() -> None:
        pacer.take("queued")

    pacer.later(0, write, urgent=urgent)
    await asyncio.sleep(0.01)  # it waits in the global queue
    now[0] += 1.0  # the budget has room again; the queued write has not gone yet
    return pacer


async def test_a_retiring_write_does_not_wait_behind_queued_news() -> None:
    pacer = await _one_queued_then_room(urgent=False)
    assert pacer.wait("table", urgent=False) > 0, "news goes after the queued news"
    assert pacer.wait("table", urgent=False, retires=True) == 0
    await pacer.stop()


async def test_writes_bringing_a_decision_on_a_timer_go_before_the_other_urgent_ones() -> None:
    """A reaction window closes by its timer whether its prompt was seen or not: at the budget,
    a write that brings such a decision (a trailing edit, a new DM's reserved turn, or a waiting
    write promoted to carry one) goes before the urgent writes queued earlier, and a timed write
    asking whether it may go now waits only for other timed ones."""
    pacer, done, writer = _full_budget()

    for name in ("turn 1", "turn 2", "turn 3"):
        pacer.later(0, writer(name), urgent=True)
    news = pacer.later(0, writer("news, then a prompt"), urgent=False)
    turn = pacer.later(0, writer("a turn, then a prompt"), urgent=True)
    pacer.later(0, writer("prompt"), urgent=True, timed=True)

    async def new_dm() -> None:
        async with pacer.reserved(timed=True):
            pacer.take("prompt by a new DM")
            done.append("prompt by a new DM")

    sent = asyncio.ensure_future(new_dm())
    await asyncio.sleep(0.01)  # all of them wait in the global queue
    assert pacer.wait("c", urgent=True, timed=True) > 0, "other timed writes are waiting"
    pacer.promote(news, timed=True)
    pacer.promote(turn, timed=True)
    pacer.promote(turn, timed=True)  # once is enough
    await pacer.settle(timeout=5)
    await sent
    first = {"prompt", "prompt by a new DM", "news, then a prompt", "a turn, then a prompt"}
    assert set(done[:4]) == first and done[4:] == ["turn 1", "turn 2", "turn 3"]
    assert news.timed and turn.timed and pacer.promoted == 1


async def test_a_timed_write_does_not_wait_behind_queued_urgent_ones() -> None:
    pacer = await _one_queued_then_room(urgent=True)
    assert pacer.wait("prompt", urgent=True) > 0, "an urgent write goes after the queued one"
    assert pacer.wait("prompt", urgent=True, timed=True) == 0
    await pacer.stop()


async def test_a_promoted_write_no_longer_keeps_the_coalescing_gap() -> None:
    """Waiting out a non-urgent edit's gap after its message's last write, a write promoted to
    urgent waits only for its channel's hard limit (here: none)."""
    pacer = Pacer(gap=5.0)
    last = pacer.take("dm")
    delay = pacer.wait("dm", last, urgent=False)
    assert delay > 4  # the coalescing gap
    done = asyncio.Event()

    async def write() -> None:
        done.set()

    trailing = pacer.later(delay, write, urgent=False, channel="dm", last=last)
    await asyncio.sleep(0.01)
    started = time.monotonic()
    pacer.promote(trailing)
    await asyncio.wait_for(done.wait(), timeout=2)
    assert time.monotonic() - started < 1


async def test_a_new_dm_waits_for_its_turn_before_it_is_sent_and_takes_that_turn() -> None:
    """`reserved`: waited for holding nothing, then the new DM's `turn` uses it (it is not
    counted twice); a reservation not used is given back."""
    window = 0.3
    pacer = Pacer(per_second=2 / window, global_window=window)
    pacer.take("a")
    pacer.take("b")
    started = time.monotonic()
    async with pacer.reserved():
        waited = time.monotonic() - started
        await pacer.turn("a new DM")
    assert waited >= window * 0.8, "the budget was full: the new DM waited for its turn"
    assert pacer.wait("an edit", urgent=True) == 0, "the DM counted once: room for one more"
    async with pacer.reserved():
        pass  # nothing sent: the turn is given back
    assert pacer.wait("an edit", urgent=True) == 0
    pacer.take("an edit")
    assert pacer.wait("another", urgent=True) > 0


async def test_a_turn_held_longer_than_the_window_is_asked_for_again() -> None:
    """A trailing write's turn is counted from when it was handed out. If its write comes much
    later (it waited for its message's lock), the turn has left the window and others have used
    the room: the write must wait for a new turn rather than land beside them."""
    window = 0.2
    pacer = Pacer(per_second=3 / window, global_window=window)  # 3 writes per 0.2 s
    asked: list[float] = []

    async def write_after_a_lock_wait() -> None:
        await asyncio.sleep(window * 1.5)  # the turn leaves the window meanwhile
        asked.append(pacer.wait("late edit", urgent=True))

    pacer.later(0, write_after_a_lock_wait, urgent=True)
    await asyncio.sleep(window * 1.2)
    for channel in range(3):  # the room the expired turn left, used by others
        assert pacer.wait(channel, urgent=True) == 0
        pacer.take(channel)
    await pacer.settle(timeout=5)
    assert asked and asked[0] > 0, "an expired turn let a write past a full window"


async def test_a_write_set_aside_waits_for_spare_room_after_every_other_write() -> None:
    window = 0.2
    pacer = Pacer(per_second=4 / window, global_window=window)  # 4 writes per 0.2 s
    for channel in range(4):
        pacer.take(channel)
    done: list[str] = []

    async def delete() -> None:
        done.append("delete")

    async def urgent() -> None:
        pacer.take("table")
        done.append("your turn")

    async def news() -> None:
        pacer.take("other table")
        done.append("news")

    start = time.monotonic()
    await pacer.aside(("dm", 7), delete, delay=0)
    assert done == [] and time.monotonic() - start < window / 2, "the caller does not wait"
    pacer.later(0, news)
    pacer.later(0, urgent, urgent=True)
    await pacer.settle(timeout=5)
    assert done == ["your turn", "news", "delete"] and time.monotonic() - start >= window * 0.9
    assert pacer.held_back == 3  # all waited for the budget
    # spare room: it goes only while the last window holds under half the budget
    done.clear()
    for channel in range(2):
        pacer.take(channel)
    await pacer.aside(("dm", 7), delete, delay=0)
    start = time.monotonic()
    await pacer.settle(timeout=5)
    assert done == ["delete"] and time.monotonic() - start >= window * 0.9

    later = Pacer(per_second=4 / window, global_window=window)
    await later.aside(("dm", 7), delete, delay=0.3)  # by default GAP: off the moment's writes
    await asyncio.sleep(0.2)
    assert len(done) == 1
    await later.settle(timeout=5)
    assert len(done) == 2 and later.held_back == 0

    off = Pacer(enabled=False)
    await off.aside(("dm", 7), delete)  # pacing off: at once
    assert len(done) == 3


async def test_a_dm_whose_channel_is_opened_first_counts_twice() -> None:
    pacer = Pacer(per_second=3 / 0.5, global_window=0.5)
    await pacer.turn("dm", opening=True)  # discord.py opens the DM channel, then sends
    assert pacer.wait("an edit", urgent=True) == 0
    pacer.take("an edit")
    assert pacer.wait("another", urgent=True) > 0, "three calls in the window: the budget"
