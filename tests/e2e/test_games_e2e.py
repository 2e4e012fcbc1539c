"""Naughty or Nice, The Grumpy Nisse and Naughty & Nice end to end: the real bot process over the
loopback Discord, every seat a person clicking only what Discord shows them (table, DMs, drafts),
until the end; the log replays to the final state. `E2E_LONG=1` adds player counts and levels.
Also played from the channel: every player opens "My hand" and plays from that ephemeral view."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import LONG, USERS
from tests.e2e.players import Players, replayed_state
from tests.loopback import message_custom_ids, message_text

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
    table.anywhere = 0.5  # half the moves among the DM's controls too (hand cards, reactions)
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


@pytest.mark.parametrize("game,players,seed", [("grumpy-nisse", 2, 8), ("naughty-or-nice", 3, 9)])
async def test_whole_game_played_from_channel_views(loop, bot, game: str, players: int, seed: int) -> None:
    """Players who open "My hand" play from the ephemeral view (edited through interaction
    webhooks, not rate-limited); their DMs are parked with no controls, and show the end."""
    users = USERS[:players]
    table = Players(loop, bot.db_path, loop.channel_ids[0], users, seed, game)
    table.views = True
    table.anywhere = 0.5
    await table.open()
    mark = loop.mark()
    steps = 0
    while (result := await table.step()) is not None:
        assert result.acknowledged and result.latency < 3.0, result.text()
        steps += 1
        assert steps < 8000
    assert table.snapshot().status == "finished"
    assert replayed_state(bot.db_path, table.game_id) == table.snapshot().state
    await loop.wait_for(lambda: "is over" in loop.public_text(), timeout=15)

    def controls_left() -> list[tuple[int, str]]:
        return [
            (user, custom_id)
            for user in users
            for message in [*loop.dm_messages(user), *loop.ephemeral_messages(user)]
            for custom_id in message_custom_ids(message)
            if custom_id.startswith(("act:", "pick:", "draft:", "dsel:"))
        ]

    def dms_show_the_end() -> bool:  # no DM still parked ("you play in the channel"), no controls
        parked = [m for u in users for m in loop.dm_messages(u) if "play in the channel" in message_text(m)]
        return not parked and not controls_left()

    # (the last DM edits are paced: at most 5 writes per channel in 5 s)
    await loop.wait_for(dms_show_the_end, timeout=15)
    dm_channels = set(loop.dm_channels.values())
    dm_edits = [c for c in loop.calls[mark:] if c.method == "PATCH" and c.channel_id in dm_channels]
    assert len(dm_edits) <= 3 * players, f"{len(dm_edits)} DM edits in {steps} moves"  # park, end
    assert loop.unknown_calls() == []
    assert loop.call_counts()["errors"] == 0
