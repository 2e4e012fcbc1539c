"""Which live games a process resumes at start when sharded (issue 15): those of its own shards'
servers, `(guild_id >> 22) % shard_count`, and games outside any server on shard 0; every game
when not sharded or when it runs all shards; and one game that cannot be resumed does not stop
the others."""

from __future__ import annotations

import pytest

from bot.restart import shard_filter
from tests.bot.harness import Harness, make_users

SHARD_0 = 4 << 22  # (id >> 22) % 2 == 0
SHARD_1 = 5 << 22


@pytest.mark.parametrize(
    ("count", "ids", "mine", "theirs"),
    [
        (None, None, [SHARD_0, SHARD_1, None], []),
        (2, None, [SHARD_0, SHARD_1, None], []),  # all shards here
        (1, [0], [SHARD_0, SHARD_1, None], []),
        (2, [0], [SHARD_0, None], [SHARD_1]),
        (2, [1], [SHARD_1], [SHARD_0, None]),
        (2, [0, 1], [SHARD_0, SHARD_1, None], []),
        (4, [2, 3], [(6 << 22) + 99, 7 << 22], [SHARD_0, SHARD_1, None]),
    ],
)
def test_a_process_resumes_the_games_of_its_shards(
    count: int | None, ids: list[int] | None, mine: list[int | None], theirs: list[int | None]
) -> None:
    belongs = shard_filter(count, ids)
    assert [belongs(guild) for guild in mine] == [True] * len(mine)
    assert [belongs(guild) for guild in theirs] == [False] * len(theirs)


@pytest.mark.parametrize("failing", ["load", "show"])
async def test_a_game_that_cannot_be_resumed_does_not_stop_the_others(
    harness: Harness, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    """A snapshot that no longer loads, a database hiccup on one game, or a message of it that
    cannot be drawn stopped the start's resuming at that game: every later one waited without its
    AI turns, windows and clock."""
    games = []
    for channel in (1001, 1002):
        (host,) = make_users(1, start=channel)
        lobby = (await harness.command("play", host, "secret-krampus", True, channel=channel)).original
        game_id = int(lobby.custom_ids()[0].split(":")[1])
        await harness.discord.click(host, lobby, f"lobby:{game_id}:start")
        games.append(game_id)
    assert harness.db is not None
    if failing == "load":
        await harness.db.write("UPDATE games SET state_json = ? WHERE id = ?", ('{"bad": 1}', games[0]))
    else:
        import bot.screens

        drawn = bot.screens.table_payload

        def table_payload(game, *args, **kwargs):  # type: ignore[no-untyped-def]
            if game.id == games[0]:
                raise KeyError("a renderer's bug")
            return drawn(game, *args, **kwargs)

        monkeypatch.setattr(bot.screens, "table_payload", table_payload)
    await harness.boot()
    assert harness.table is not None
    harness.table.pipeline.wakeups.ai_pause = 60  # (the AI turns stay scheduled, to be seen)
    assert await harness.table.restart.resume(pause=0) == 1
    assert list(harness.table.pipeline.wakeups.ai_turns.pending()) == [games[1]]
    assert f"game {games[0]} could not be resumed" in caplog.text
