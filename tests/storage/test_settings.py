"""The settings store (`store.settings`): the languages remembered for players and servers, and
meta values."""

from __future__ import annotations


async def test_meta(store):
    assert await store.settings.get_meta("last_seen") is None
    await store.settings.set_meta("last_seen", "a")
    await store.settings.set_meta("last_seen", "b")
    assert await store.settings.get_meta("last_seen") == "b"


async def test_languages_of_tables_players_and_servers(store):
    game = await store.lobbies.create(
        guild_id=7,
        channel_id=5,
        game_name="g",
        host_id=1,
        host_name="H",
        options={},
        seed=0,
        locale="de",
        host_locale="hu",
    )
    assert game.locale == "de" and (await store.get_game(game.id)).locale == "de"
    await store.lobbies.add_seat(game.id, 2, "Two", locale="en-US")
    await store.lobbies.add_seat(game.id, 3, "Three")
    assert [s.locale for s in await store.get_seats(game.id)] == ["hu", "en-US", None]
    assert [s.locale for s in (await store.freshness(game.id)).seats] == ["hu", "en-US", None]
    # a player's newest language reaches their seats in games not over, written where it differs
    over = await store.lobbies.create(
        guild_id=7, channel_id=5, game_name="g", host_id=3, host_name="Three", options={}, seed=0
    )
    assert await store.set_status(over.id, "cancelled", from_statuses=("lobby",))
    assert await store.settings.remember_locale(3, "de") == 1
    assert await store.settings.remember_locale(3, "de") == 0
    assert [s.locale for s in await store.get_seats(game.id)] == ["hu", "en-US", "de"]
    assert [s.locale for s in await store.get_seats(over.id)] == [None]
    # a server's chosen language, changed and cleared
    assert await store.settings.guild_locale(7) is None
    await store.settings.set_guild_locale(7, "hu")
    await store.settings.set_guild_locale(7, "de")
    assert await store.settings.guild_locale(7) == "de"
    await store.settings.set_guild_locale(7, None)
    assert await store.settings.guild_locale(7) is None


async def test_a_meta_value_changed_by_two_processes_at_once_keeps_both_changes(db_url):
    """`change_meta` holds the row from reading to writing: two processes appending to one value
    at once (two bots stopping, each leaving its notes) keep every item; also when the value is new."""
    import asyncio
    import json

    from storage import Database, GameStore

    first, second = await Database.open(db_url), await Database.open(db_url)
    try:
        stores = [GameStore(first).settings, GameStore(second).settings]

        async def append(index: int, item: int) -> None:
            await stores[index].change_meta("notes", lambda old: json.dumps([*json.loads(old or "[]"), item]))

        await asyncio.gather(*(append(i % 2, i) for i in range(40)))
        assert sorted(json.loads(await stores[0].get_meta("notes") or "")) == list(range(40))
        await stores[1].change_meta("notes", lambda old: "")  # (empty: as if none)
        await stores[0].change_meta("notes", lambda old: json.dumps(old))
        assert await stores[0].get_meta("notes") == "null"
    finally:
        await first.close()
        await second.close()
