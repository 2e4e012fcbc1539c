"""The calls store (`store.calls`): the latest message that called each player (or the game's
channel) to a decision, replaced by the next and forgotten once deleted; one taken to be deleted
and not deleted (its process stopped) is taken again later, by one caller."""

from __future__ import annotations

from storage.calls import CHANNEL, Call

BIG = 1_180_000_000_000_000_123  # Discord ids are 64-bit


async def test_the_latest_call_per_player_and_channel(store):
    game = await store.lobbies.create(
        guild_id=7, channel_id=BIG, game_name="g", host_id=BIG + 1, host_name="H", options={}, seed=0
    )
    other = await store.lobbies.create(
        guild_id=7, channel_id=5, game_name="g", host_id=2, host_name="T", options={}, seed=0
    )
    assert await store.calls.of_game(game.id) == []
    dm = Call(BIG + 1, BIG + 2, decision=3, seat=0)
    post = Call(CHANNEL, BIG + 3, decision=3, channel_id=BIG)
    await store.calls.put(game.id, dm)
    await store.calls.put(game.id, post)
    await store.calls.put(other.id, Call(2, 9, decision=1, seat=1))
    assert await store.calls.of_game(game.id) == [post, dm]
    newer = Call(BIG + 1, BIG + 4, decision=5, seat=0)
    await store.calls.put(game.id, newer)  # replaces the player's previous call
    assert not await store.calls.remove(game.id, dm, 10.0)  # replaced already: the newer stays
    assert await store.calls.of_game(game.id) == [post, newer]
    assert await store.calls.remove(game.id, newer, 11.0)
    assert await store.calls.remove(game.id, post, 12.0)
    assert not await store.calls.remove(game.id, post, 13.0)  # taken once (another process: nothing)
    assert await store.calls.of_game(game.id) == []
    assert await store.calls.of_game(other.id) == [Call(2, 9, decision=1, seat=1)]


async def test_a_call_taken_and_not_deleted_is_taken_again(store):
    game = await store.lobbies.create(
        guild_id=7, channel_id=BIG, game_name="g", host_id=BIG + 1, host_name="H", options={}, seed=0
    )
    dm = Call(BIG + 1, BIG + 2, decision=3, seat=0)
    post = Call(CHANNEL, BIG + 3, decision=3, channel_id=BIG)
    done = Call(BIG + 5, BIG + 6, decision=3, seat=1)
    for call in (dm, post, done):
        await store.calls.put(game.id, call)
        assert await store.calls.remove(game.id, call, 100.0)
    await store.calls.deleted(done)
    assert await store.calls.unfinished(100.0, 200.0) == []  # taken at 100: not before
    again = await store.calls.unfinished(100.5, 200.0)
    assert again == [Call(BIG + 1, BIG + 2, -1), Call(CHANNEL, BIG + 3, -1, channel_id=BIG)]
    assert await store.calls.unfinished(150.0, 300.0) == []  # taken again at 200: not before 150
    assert await store.calls.unfinished(250.0, 300.0) == again
    for call in again:
        await store.calls.deleted(call)
    assert await store.calls.unfinished(1e12, 1e12) == []


async def test_a_table_posted_anew_takes_the_old_one_to_delete_as_it_is_recorded(store):
    game = await store.lobbies.create(
        guild_id=7, channel_id=BIG, game_name="g", host_id=BIG + 1, host_name="H", options={}, seed=0
    )
    await store.set_table_message(game.id, BIG + 10)
    old = Call(CHANNEL, BIG + 10, -1, channel_id=BIG)
    await store.set_table_message(game.id, BIG + 11, replaces=old, taken_at=100.0)
    assert (await store.get_game(game.id)).table_message_id == BIG + 11
    assert await store.calls.unfinished(100.5, 200.0) == [old]  # (its process stopped first)
    # a click on the old table before it went makes it the table again: it is not deleted
    await store.set_table_message(
        game.id, BIG + 12, replaces=Call(CHANNEL, BIG + 11, -1, channel_id=BIG), taken_at=300.0
    )
    await store.set_table_message(game.id, BIG + 11)
    assert await store.calls.unfinished(1e12, 1e12) == [old]
