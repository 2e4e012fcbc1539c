"""Which live games a process resumes at start when sharded (issue 15): those of its own shards'
servers, `(guild_id >> 22) % shard_count`, and games outside any server on shard 0; every game
when not sharded or when it runs all shards."""

from __future__ import annotations

import pytest

from bot.restart import shard_filter

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
