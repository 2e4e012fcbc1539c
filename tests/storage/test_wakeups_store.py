"""The store's side of several processes (issue 15), on both backends: when each game must next
act on its own (`wake_at`, written with an action or by itself), which running games are due, the
clock warning noted once, and a game's freshness (version and bookkeeping) in one query."""

from __future__ import annotations

from storage import GameStore


async def _running(store: GameStore, channel: int = 10) -> int:
    lobby = await store.lobbies.create(
        guild_id=1, channel_id=channel, game_name="g", host_id=100, host_name="Host", options={}, seed=7
    )
    await store.lobbies.add_seat(lobby.id, 200, "Bob")
    await store.lobbies.start(lobby.id, '{"turn": 0}')
    return lobby.id


async def test_due_games_follow_wake_at(store: GameStore) -> None:
    first, second, third = await _running(store, 10), await _running(store, 11), await _running(store, 12)
    assert await store.due_games(1000.0) == []  # nothing stored yet
    await store.record_action(
        first,
        expected_version=0,
        seat=0,
        user_id=100,
        action_json="{}",
        events_json="[]",
        state_json='{"turn": 1}',
        status="running",
        wake_at=500.0,
    )
    await store.set_wake(second, 200.0)
    await store.set_wake(third, 2000.0)
    assert await store.due_games(1000.0) == [(second, 200.0), (first, 500.0)]  # most overdue first
    assert await store.due_games(1000.0, limit=1) == [(second, 200.0)]
    record = await store.get_game(first)
    assert record is not None and record.wake_at == 500.0 and record.version == 1
    assert await store.set_status(second, "abandoned", from_statuses=("running",))
    await store.set_wake(first, None)
    assert await store.due_games(5000.0) == [(third, 2000.0)]  # only running games with a moment


async def test_the_clock_warning_is_noted_once_per_deadline(store: GameStore) -> None:
    game = await _running(store)
    assert await store.set_warned(game, 123.5)
    assert not await store.set_warned(game, 123.5)  # already posted (by anyone)
    assert await store.set_warned(game, 190.0)  # the next decision's clock
    record = await store.get_game(game)
    assert record is not None and record.warned_for == 190.0


async def test_freshness_reads_version_bookkeeping_and_seats(store: GameStore) -> None:
    game = await _running(store)
    assert await store.freshness(game + 100) is None
    await store.set_dm(game, 1, dm_open=True, dm_message_id=4242)
    await store.set_table_message(game, 99)
    fresh = await store.freshness(game)
    assert fresh is not None
    assert (fresh.version, fresh.status, fresh.table_message_id) == (0, "running", 99)
    assert fresh.seats == await store.get_seats(game)
    assert [s.dm_message_id for s in fresh.seats] == [None, 4242]
    assert fresh.host_id == 100
    # hosting passed on (the host left): another process's cache must see it, without a new version
    await store.replace_seat(game, 0, -1, "Jingle (AI)", host=200)
    fresh = await store.freshness(game)
    assert fresh is not None and fresh.host_id == 200 and fresh.version == 0
