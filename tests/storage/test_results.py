"""The results store (`store.results`): results of finished games, per-player stats, the
leaderboard and the AI seats' record."""

from __future__ import annotations


async def _finished(store, *, guild_id, channel_id, players, winners):
    """A game of `players` (user ids; negative: AI) finished by forfeit with `winners` (seats)."""
    lobby = await store.lobbies.create(
        guild_id=guild_id,
        channel_id=channel_id,
        game_name="g",
        host_id=players[0],
        host_name="P0",
        options={},
        seed=1,
    )
    for i, user in enumerate(players[1:], 1):
        await store.lobbies.add_seat(lobby.id, user, f"P{i}")
    await store.lobbies.start(lobby.id, "{}")
    await store.finish_by_forfeit(lobby.id, frozenset(winners))
    return lobby.id


async def test_results_stats_and_leaderboard(store):
    await _finished(store, guild_id=1, channel_id=1, players=[100, 200, -1], winners={0})
    await _finished(store, guild_id=1, channel_id=2, players=[200, 100], winners={0})
    await _finished(store, guild_id=1, channel_id=3, players=[300, 100], winners={0, 1})
    await _finished(store, guild_id=None, channel_id=4, players=[100, -1], winners={1})
    assert await store.results.games_without_results() == []
    assert await store.results.player_stats(1, 100) == [("g", 3, 2)]
    assert await store.results.player_stats(None, 100) == [("g", 1, 0)]
    assert await store.results.player_stats(2, 100) == []
    # Most wins first, then the best rate: 100 won 2 of 3; 300 won 1 of 1, 200 1 of 2.
    assert await store.results.leaderboard(1, "g") == [(100, 3, 2), (300, 1, 1), (200, 2, 1)]
    assert await store.results.leaderboard(1, "g", limit=1) == [(100, 3, 2)]
    # names as seated in each player's latest game of the server (100 was "P1" in server 1's last,
    # "P0" in the game outside any server; 200 "P1" in the first, "P0" in the second)
    assert await store.results.names(1, "g", [100, 200, 300, 999]) == {100: "P1", 200: "P0", 300: "P0"}
    assert await store.results.names(None, "g", [100]) == {100: "P0"}  # (the server's games only)
    assert await store.results.names(1, "other", [100]) == {}
    assert await store.results.names(1, "g", []) == {}
    assert await store.results.ai_stats(1, "g") == (1, 0)
    assert await store.results.ai_stats(None, "g") == (1, 1)
    assert await store.results.ai_stats(1, "other") == (0, 0)


async def test_a_seat_given_up_for_good_is_its_player_s_loss_and_nobody_else_s(store):
    """/leave or /replace: the game is a loss of the person who gave the seat up, whatever the
    AI in it does after; an abandoned game counts for no one."""
    ids = []
    for channel_id in (1, 2):
        lobby = await store.lobbies.create(
            guild_id=1, channel_id=channel_id, game_name="g", host_id=100, host_name="P0", options={}, seed=1
        )
        await store.lobbies.add_seat(lobby.id, 200, "P1")
        await store.lobbies.start(lobby.id, "{}")
        await store.replace_seat(lobby.id, 1, -1, "Jingle (AI)", forfeited_by=200)
        ids.append(lobby.id)
    assert await store.results.player_stats(1, 200) == [("g", 2, 0)]  # (at once)
    await store.finish_by_forfeit(ids[0], frozenset({1}))  # (the AI in the seat wins it)
    assert await store.results.player_stats(1, 200) == [("g", 2, 0)]
    assert await store.results.ai_stats(1, "g") == (0, 0)
    assert await store.results.player_stats(1, 100) == [("g", 1, 0)]
    assert await store.set_status(ids[1], "abandoned", from_statuses=("running",))
    assert await store.results.player_stats(1, 200) == [("g", 1, 0)]  # (the abandoned one's went)
