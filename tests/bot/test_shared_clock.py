"""The moments several processes compare are the database server's time (`bot.shared_clock`):
a process on a machine whose clock is off neither ends another's timers early nor runs them late."""

from __future__ import annotations

import logging
import time
from datetime import datetime

import pytest

import bot.shared_clock as shared_clock
from bot.service import GameService
from bot.shared_clock import SharedClock
from bot.wake_poller import POLL_GRACE, WakePoller
from storage import Database, GameStore
from tests.storage.conftest import pg_url, postgres_url  # noqa: F401  (fixtures)
from tests.storage.test_wakeups_store import _running


def _ahead(seconds: float):
    return lambda: time.time() + seconds


async def test_a_machine_whose_clock_is_off_keeps_the_servers_time(pg_url, caplog) -> None:  # noqa: F811
    """(The test's server runs on this machine: its time is this machine's.)"""
    db = await Database.open(pg_url)
    try:
        clock = SharedClock(db, _ahead(30.0))
        assert clock() - time.time() == pytest.approx(30.0, abs=0.1)  # (not read yet)
        with caplog.at_level(logging.WARNING, logger="bot.shared_clock"):
            await clock.sync()
        assert clock() == pytest.approx(time.time(), abs=0.2)
        assert "30.0 s ahead of the database server's" in caplog.text
        caplog.clear()
        await clock.sync()  # (read again: the same offset is not warned about again)
        assert clock() == pytest.approx(time.time(), abs=0.2) and not caplog.text
    finally:
        await db.close()


async def test_one_process_keeps_its_machines_clock(tmp_path) -> None:
    db = await Database.open(f"sqlite:///{tmp_path / 'one.db'}")
    try:
        clock = SharedClock(db, _ahead(30.0))
        await clock.sync()
        assert clock.offset == 0.0 and clock() - time.time() == pytest.approx(30.0, abs=0.1)
    finally:
        await db.close()


async def test_a_reading_that_took_too_long_is_not_trusted(pg_url, monkeypatch) -> None:  # noqa: F811
    db = await Database.open(pg_url)
    readings = iter([100.0, 100.0 + shared_clock.MOST_ROUND_TRIP + 0.1, 200.0, 200.01])
    try:
        clock = SharedClock(db, lambda: next(readings))
        await clock.sync()  # (a slow round trip: the offset could be off by half of it)
        assert clock.offset == 0.0
        await clock.sync()
        assert clock.offset == pytest.approx(time.time() - 200.0, abs=0.5)
    finally:
        await db.close()


async def test_a_process_whose_clock_runs_ahead_does_not_wake_a_game_early(pg_url, caplog) -> None:  # noqa: F811
    """The process that committed set the game's next wake-up 10 s from now; another process
    whose machine runs 10 s ahead polled it as overdue at once (a reaction window closed, or the
    turn clock ran out, 10 s early)."""
    db = await Database.open(pg_url)
    try:
        store = GameStore(db)
        game = await _running(store)
        await store.set_wake(game, time.time() + 10.0)
        clock = SharedClock(db, _ahead(10.0 + POLL_GRACE))
        woken: list[int] = []

        async def wake(game_id: int) -> None:
            woken.append(game_id)

        poller = WakePoller(GameService(store, clock=clock), wake)
        await clock.sync()
        assert await poller.poll() == [] and woken == []
        await store.set_wake(game, time.time() - POLL_GRACE - 1.0)  # (overdue: woken)
        with caplog.at_level(logging.INFO, logger="bot.wake_poller"):
            assert await poller.poll() == [game]
        assert f"game {game}'s wake-up overdue by 3." in caplog.text  # (the operator's log says so)
    finally:
        await db.close()


def test_the_bot_times_its_games_with_the_shared_clock(tmp_path) -> None:
    from bot.client import GameBot

    class Db:  # (the bot only keeps it here)
        shared = True

    bot = GameBot(Db())  # type: ignore[arg-type]
    assert bot.service.clock is bot.clock and isinstance(bot.clock, SharedClock)
    assert bot.table.pipeline.clock is bot.clock
    # when each action was made is stored on it too (compared with it: who is playing along)
    assert bot.store._now == bot.clock.iso
    bot.clock.offset = 3600.0
    stored = datetime.fromisoformat(bot.clock.iso()).timestamp()
    assert stored == pytest.approx(time.time() + 3600.0, abs=0.5)
