"""GameStore and its lobbies: seats, starting, the action log, the queries the bot runs, seats
taken over and forfeits. Results and stats: test_results.py; languages and meta: test_settings.py."""

from __future__ import annotations

import asyncio

import pytest

from storage import (
    ActionRecord,
    Database,
    GameStore,
    SeatRecord,
    SeatTaken,
    StorageConflict,
    VersionConflict,
)


async def _started(store, lobby, state='{"turn": 0}'):
    await store.lobbies.add_seat(lobby.id, 200, "Bob")
    return await store.lobbies.start(lobby.id, state)


async def _act(store, game_id, version, *, user_id=100, seat=0, status="running"):
    return await store.record_action(
        game_id,
        expected_version=version,
        seat=seat,
        user_id=user_id,
        action_json=f'{{"move": {version}}}',
        events_json="[]",
        state_json=f'{{"turn": {version + 1}}}',
        status=status,
    )


# -- lobby ---------------------------------------------------------------------------------


async def test_create_lobby(store, lobby):
    assert lobby.id >= 1
    assert (lobby.guild_id, lobby.channel_id, lobby.host_id) == (1, 10, 100)
    assert lobby.status == "lobby" and lobby.version == 0 and lobby.state_json is None
    assert lobby.options == {"rounds": 3} and lobby.seed == 42
    assert lobby.created_at == lobby.updated_at and lobby.created_at.endswith("+00:00")
    assert await store.get_game(lobby.id) == lobby
    assert await store.get_seats(lobby.id) == [SeatRecord(0, 100, "Host", None, None)]


async def test_create_lobby_without_guild(store):
    game = await store.lobbies.create(
        guild_id=None, channel_id=5, game_name="g", host_id=1, host_name="H", options={}, seed=0
    )
    assert game.guild_id is None and game.options == {}


async def test_get_missing_game(store):
    assert await store.get_game(12345) is None
    assert await store.get_seats(12345) == []
    assert await store.get_actions(12345) == []


async def test_join_leave_renumber_start_round_trip(store, lobby):
    assert await store.lobbies.add_seat(lobby.id, 200, "Bob") == SeatRecord(1, 200, "Bob", None, None)
    await store.lobbies.add_seat(lobby.id, 300, "Cat")
    await store.lobbies.add_seat(lobby.id, 400, "Dan")
    with pytest.raises(SeatTaken):
        await store.lobbies.add_seat(lobby.id, 300, "Cat again")

    await store.lobbies.remove_seat(lobby.id, 200)
    seats = await store.get_seats(lobby.id)
    assert [(s.seat, s.user_id) for s in seats] == [(0, 100), (1, 300), (2, 400)]
    with pytest.raises(StorageConflict, match="not in this lobby"):
        await store.lobbies.remove_seat(lobby.id, 200)

    # A leaver who rejoins goes to the end.
    assert (await store.lobbies.add_seat(lobby.id, 200, "Bob")).seat == 3

    game = await store.lobbies.start(lobby.id, '{"turn": 0}')
    assert game.status == "running" and game.version == 0 and game.state_json == '{"turn": 0}'
    assert await store.get_game(lobby.id) == game

    with pytest.raises(StorageConflict, match="already started"):
        await store.lobbies.add_seat(lobby.id, 500, "Eve")
    with pytest.raises(StorageConflict):
        await store.lobbies.remove_seat(lobby.id, 300)
    assert len(await store.get_seats(lobby.id)) == 4


async def test_host_leaving_renumbers_from_zero(store, lobby):
    await store.lobbies.add_seat(lobby.id, 200, "Bob")
    await store.lobbies.add_seat(lobby.id, 300, "Cat")
    await store.lobbies.remove_seat(lobby.id, 100)
    seats = await store.get_seats(lobby.id)
    assert [(s.seat, s.user_id) for s in seats] == [(0, 200), (1, 300)]


async def test_seats_keep_dm_state_when_renumbered(store, lobby):
    await store.lobbies.add_seat(lobby.id, 200, "Bob")
    await store.lobbies.add_seat(lobby.id, 300, "Cat")
    await store.set_dm(lobby.id, 2, dm_open=True, dm_message_id=777)
    await store.lobbies.remove_seat(lobby.id, 200)
    assert (await store.get_seats(lobby.id))[1] == SeatRecord(1, 300, "Cat", True, 777)


async def test_closed_lobby_refuses_joins(store, lobby):
    assert await store.set_status(lobby.id, "cancelled", from_statuses=("lobby",))
    with pytest.raises(StorageConflict, match="This lobby is closed."):
        await store.lobbies.add_seat(lobby.id, 200, "Bob")
    with pytest.raises(StorageConflict, match="This lobby is closed."):
        await store.lobbies.start(lobby.id, "{}")


async def test_join_missing_game(store):
    with pytest.raises(StorageConflict, match="no longer exists"):
        await store.lobbies.add_seat(999, 1, "x")


async def test_racing_joins_cannot_overfill(store, lobby):
    results = await asyncio.gather(
        *(store.lobbies.add_seat(lobby.id, 200 + i, f"P{i}", max_seats=3) for i in range(5)),
        return_exceptions=True,
    )
    assert sum(isinstance(r, SeatRecord) for r in results) == 2
    assert all(isinstance(r, (SeatRecord, StorageConflict)) for r in results)
    assert [s.seat for s in await store.get_seats(lobby.id)] == [0, 1, 2]


async def test_racing_start_exactly_one_wins(store, lobby):
    await store.lobbies.add_seat(lobby.id, 200, "Bob")
    results = await asyncio.gather(
        store.lobbies.start(lobby.id, '{"who": "a"}'),
        store.lobbies.start(lobby.id, '{"who": "b"}'),
        return_exceptions=True,
    )
    winners = [r for r in results if not isinstance(r, BaseException)]
    losers = [r for r in results if isinstance(r, BaseException)]
    assert len(winners) == 1 and len(losers) == 1
    assert isinstance(losers[0], StorageConflict)
    assert (await store.get_game(lobby.id)).state_json == winners[0].state_json


async def test_racing_start_across_two_connections(db_url, store, lobby):
    other_db = await Database.open(db_url)
    try:
        other = GameStore(other_db)
        results = await asyncio.gather(
            store.lobbies.start(lobby.id, "{}"),
            other.lobbies.start(lobby.id, "{}"),
            return_exceptions=True,
        )
    finally:
        await other_db.close()
    assert sorted(type(r).__name__ for r in results) == ["GameRecord", "StorageConflict"]


# -- actions -------------------------------------------------------------------------------


async def test_record_action_commits_snapshot_and_log_together(store, lobby):
    await _started(store, lobby)
    assert await _act(store, lobby.id, 0) == 1
    assert await _act(store, lobby.id, 1, user_id=200, seat=1, status="finished") == 2

    game = await store.get_game(lobby.id)
    assert (game.version, game.status, game.state_json) == (2, "finished", '{"turn": 2}')
    actions = await store.get_actions(lobby.id)
    assert [a.seq for a in actions] == [1, 2]
    assert actions[1] == ActionRecord(2, 1, 200, '{"move": 1}', "[]", actions[1].created_at)
    assert game.updated_at == actions[1].created_at


async def test_stale_expected_version_raises_and_writes_nothing(store, lobby):
    await _started(store, lobby)
    await _act(store, lobby.id, 0)
    before = await store.get_game(lobby.id)
    with pytest.raises(VersionConflict):
        await _act(store, lobby.id, 0, user_id=200, seat=1)
    assert await store.get_game(lobby.id) == before
    assert len(await store.get_actions(lobby.id)) == 1


async def test_concurrent_actions_exactly_one_succeeds(store, lobby):
    await _started(store, lobby)
    results = await asyncio.gather(
        _act(store, lobby.id, 0, user_id=100, seat=0),
        _act(store, lobby.id, 0, user_id=200, seat=1),
        return_exceptions=True,
    )
    assert sorted(results, key=str)[0] == 1
    assert sum(isinstance(r, VersionConflict) for r in results) == 1
    assert [a.seq for a in await store.get_actions(lobby.id)] == [1]
    assert (await store.get_game(lobby.id)).version == 1


async def test_concurrent_actions_across_two_connections(db_url, store, lobby):
    await _started(store, lobby)
    other_db = await Database.open(db_url)
    try:
        results = await asyncio.gather(
            _act(store, lobby.id, 0),
            _act(GameStore(other_db), lobby.id, 0, user_id=200, seat=1),
            return_exceptions=True,
        )
    finally:
        await other_db.close()
    assert 1 in results and sum(isinstance(r, VersionConflict) for r in results) == 1


async def test_actions_refused_unless_running(store, lobby):
    with pytest.raises(StorageConflict, match="no longer running"):
        await _act(store, lobby.id, 0)
    await _started(store, lobby)
    assert await store.set_status(lobby.id, "abandoned", from_statuses=("running",))
    with pytest.raises(StorageConflict, match="no longer running"):
        await _act(store, lobby.id, 0)
    assert await store.get_actions(lobby.id) == []


async def test_record_action_rejects_unknown_status(store, lobby):
    await _started(store, lobby)
    with pytest.raises(ValueError):
        await _act(store, lobby.id, 0, status="paused")


async def _failing_trigger(db, backend, when: str, message: str) -> None:
    """A trigger `when` (e.g. "BEFORE INSERT ON actions") that fails with `message`."""
    async with db.transaction() as conn:
        if backend == "sqlite":  # temp trigger: lives on this connection only
            await conn.execute(
                f"CREATE TEMP TRIGGER failing {when} BEGIN SELECT RAISE(ABORT, '{message}'); END"
            )
        else:
            await conn.execute(
                "CREATE FUNCTION failing() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                f"RAISE EXCEPTION '{message}' USING ERRCODE = 'integrity_constraint_violation'; END $$"
            )
            await conn.execute(f"CREATE TRIGGER failing {when} FOR EACH ROW EXECUTE FUNCTION failing()")


async def test_failed_snapshot_update_drops_the_log_row(store, lobby, db, backend, integrity_error):
    await _started(store, lobby)
    before = await store.get_game(lobby.id)
    await _failing_trigger(db, backend, "BEFORE UPDATE OF state_json ON games", "disk on fire")
    with pytest.raises(integrity_error, match="disk on fire"):
        await _act(store, lobby.id, 0)
    assert await store.get_actions(lobby.id) == []
    assert await store.get_game(lobby.id) == before


async def test_failed_log_insert_leaves_snapshot_alone(store, lobby, db, backend, integrity_error):
    await _started(store, lobby)
    before = await store.get_game(lobby.id)
    await _failing_trigger(db, backend, "BEFORE INSERT ON actions", "log full")
    with pytest.raises(integrity_error, match="log full"):
        await _act(store, lobby.id, 0)
    assert await store.get_game(lobby.id) == before


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE actions SET action_json = '{}'",
        "DELETE FROM actions",
        "DELETE FROM actions WHERE seq = 1",
    ],
)
async def test_action_log_is_append_only(store, lobby, db, sql, integrity_error):
    await _started(store, lobby)
    await _act(store, lobby.id, 0)
    with pytest.raises(integrity_error, match="append-only"):
        async with db.transaction() as conn:
            await conn.execute(sql)
    assert [a.action_json for a in await store.get_actions(lobby.id)] == ['{"move": 0}']


async def test_actions_survive_reopen(db_url, store, lobby):
    await _started(store, lobby)
    await _act(store, lobby.id, 0)
    async with await Database.open(db_url) as other_db:
        other = GameStore(other_db)
        assert await other.get_game(lobby.id) == await store.get_game(lobby.id)
        assert await other.get_actions(lobby.id) == await store.get_actions(lobby.id)
        assert await other.get_seats(lobby.id) == await store.get_seats(lobby.id)


# -- status, messages, queries -------------------------------------------------------


async def test_set_status_is_conditional(store, lobby):
    assert not await store.set_status(lobby.id, "finished", from_statuses=("running",))
    assert await store.set_status(lobby.id, "cancelled", from_statuses=("lobby", "running"))
    assert not await store.set_status(lobby.id, "cancelled", from_statuses=("lobby",))
    assert not await store.set_status(999, "cancelled", from_statuses=("lobby",))
    assert (await store.get_game(lobby.id)).status == "cancelled"
    with pytest.raises(ValueError):
        await store.set_status(lobby.id, "paused", from_statuses=("lobby",))


async def test_table_message_and_dm(store, lobby):
    await store.set_table_message(lobby.id, 5555)
    assert (await store.get_game(lobby.id)).table_message_id == 5555
    await store.set_dm(lobby.id, 0, dm_open=False)
    assert (await store.get_seats(lobby.id))[0] == SeatRecord(0, 100, "Host", False, None)
    await store.set_dm(lobby.id, 0, dm_open=True, dm_message_id=66)
    assert (await store.get_seats(lobby.id))[0] == SeatRecord(0, 100, "Host", True, 66)


async def test_queries(store, lobby):
    other_channel = await store.lobbies.create(
        guild_id=1, channel_id=20, game_name="g", host_id=200, host_name="B", options={}, seed=1
    )
    done = await store.lobbies.create(
        guild_id=1, channel_id=10, game_name="g", host_id=300, host_name="C", options={}, seed=2
    )
    await store.set_status(done.id, "cancelled", from_statuses=("lobby",))
    await store.lobbies.add_seat(lobby.id, 200, "Bob")

    assert [g.id for g in await store.live_games()] == [lobby.id, other_channel.id]
    assert [g.id for g in await store.games_in_channel(10)] == [lobby.id]
    assert [g.id for g in await store.games_in_channel(10, ("cancelled",))] == [done.id]
    assert [g.id for g in await store.user_games_in_channel(10, 200)] == [lobby.id]
    assert [g.id for g in await store.user_games_in_channel(20, 200)] == [other_channel.id]
    assert await store.user_games_in_channel(10, 300) == []
    assert [g.id for g in await store.user_games_in_channel(10, 300, ("cancelled",))] == [done.id]


# -- seats taken over, forfeits -----------------------------------------


async def test_a_seat_kept_for_its_player_keeps_its_private_message(store, lobby):
    await _started(store, lobby)
    await store.set_dm(lobby.id, 1, dm_open=True, dm_message_id=5)
    await store.set_private_view(lobby.id, 1, "token", 12.0, 6)
    await store.replace_seat(lobby.id, 1, -1, "AI", owner=(200, "Bob"), keep_private=True)
    seat = (await store.get_seats(lobby.id))[1]
    kept = (seat.dm_open, seat.dm_message_id, seat.private_token, seat.private_token_at, seat.view_message_id)
    assert (seat.user_id, seat.reader, kept) == (-1, 200, (True, 5, "token", 12.0, 6))
    await store.replace_seat(lobby.id, 1, 200, "Bob", keep_private=True)  # /reclaim
    seat = (await store.get_seats(lobby.id))[1]
    assert (seat.user_id, seat.reader, seat.owner_id, seat.dm_message_id) == (200, 200, None, 5)


async def test_replace_seat_only_while_running(store, lobby):
    with pytest.raises(StorageConflict, match="not running"):
        await store.replace_seat(lobby.id, 0, -1, "AI")
    await _started(store, lobby)
    await store.set_dm(lobby.id, 1, dm_open=True, dm_message_id=5)
    await store.replace_seat(lobby.id, 1, -1, "AI", owner=(200, "Bob"))
    seat = (await store.get_seats(lobby.id))[1]
    assert (seat.user_id, seat.display_name, seat.dm_open, seat.owner_id, seat.owner_name) == (
        -1,
        "AI",
        None,
        200,
        "Bob",
    )
    assert seat.reader == 200  # (Bob still reads the seat's private message)
    with pytest.raises(StorageConflict, match="not running"):
        await store.replace_seat(lobby.id, 7, -2, "AI")  # no such seat
    await store.finish_by_forfeit(lobby.id, frozenset({0}))
    with pytest.raises(StorageConflict, match="not running"):
        await store.finish_by_forfeit(lobby.id, frozenset({0}))
