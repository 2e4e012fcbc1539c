"""Naughty or Nice, The Grumpy Nisse and Naughty & Nice end to end: the real bot process over the
loopback Discord, every seat a person clicking only what Discord shows them (table, DMs, drafts),
until the end; the log replays to the final state. `E2E_LONG=1` adds player counts and levels."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import LONG, USERS
from tests.e2e.players import Players, replayed_state

CASES = [
    ("grumpy-nisse", 2, {}, 1),
    ("naughty-and-nice", 3, {}, 2),
    ("naughty-or-nice", 3, {}, 3),
] + (
    [
        ("naughty-and-nice", 6, {}, 4),
        ("naughty-or-nice", 2, {"level": "1"}, 5),
        ("naughty-or-nice", 5, {"level": "4"}, 6),
        ("grumpy-nisse", 2, {"roles": "host_torech"}, 7),
    ]
    if LONG
    else []
)


@pytest.mark.parametrize("game,players,options,seed", CASES)
async def test_whole_game_by_clicks(loop, bot, game: str, players: int, options: dict, seed: int) -> None:
    table = Players(loop, bot.db_path, loop.channel_ids[0], USERS[:players], seed, game, options)
    await table.open()
    steps = 0
    while (result := await table.step()) is not None:
        assert result.acknowledged and result.latency < 3.0, result.text()
        steps += 1
        assert steps < 8000
    snap = table.snapshot()
    assert snap.status == "finished"
    assert replayed_state(bot.db_path, table.game_id) == snap.state
    # the bot paces its writes per channel (at most 5 in 5 s): the end may come seconds later
    await loop.wait_for(lambda: "is over" in loop.public_text(), timeout=15)
    assert loop.unknown_calls() == []
    assert loop.call_counts()["errors"] == 0
