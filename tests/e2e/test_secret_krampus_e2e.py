"""Secret Krampus end to end: the real bot process (`python -m bot`) over the loopback Discord,
played by clicks only. `E2E_LONG=1` runs the long versions."""

from __future__ import annotations

import asyncio
import random

import pytest

from tests.e2e.conftest import LONG, USERS
from tests.e2e.players import Players, read_game, read_log, replayed_state
from tests.leaks import public_leaks
from tests.loopback import message_text
from tests.loopback.model import SUPPRESS_NOTIFICATIONS

CHANNEL_INDEX = 0


def _players(loop, bot, count: int, seed: int, channel_index: int = 0) -> Players:
    return Players(loop, bot.db_path, loop.channel_ids[channel_index], USERS[:count], seed)


@pytest.mark.parametrize("players,seed", [(7, 1)] + ([(5, 2), (8, 3), (10, 4)] if LONG else []))
async def test_whole_game_by_clicks_without_leaks(loop, bot, players: int, seed: int) -> None:
    table = _players(loop, bot, players, seed)
    await table.open()
    names = [loop.users[u].name for u in table.user_ids]
    steps = 0
    while (result := await table.step()) is not None:
        assert result.acknowledged and result.latency < 3.0, result.text()
        assert result.in_place, result.text()  # every legal click edits its message
        snap = table.snapshot()
        if snap.status == "running":
            assert public_leaks(loop.public_text(), snap.state, names) == []
        steps += 1
        assert steps < 2000
    snap = table.snapshot()
    assert snap.status == "finished"
    assert replayed_state(bot.db_path, table.game_id) == snap.state
    # the last table edit and the end post follow the click's answer (paced: maybe seconds later)
    await loop.wait_for(lambda: "wins" in loop.public_text(), timeout=15)
    assert "wins" in loop.public_text()
    assert loop.unknown_calls() == []
    counts = loop.call_counts()
    assert counts["errors"] == 0, counts
    # the notes about votes ("You voted YES. You can change your vote until ...") were sent as
    # followups, each voter's replacing their last, and went once their vote was over: none is
    # left at the end
    assert counts["by_route"].get("POST /webhooks/{application_id}/{token}", 0) > 0, "no note sent"

    def vote_notes() -> list[str]:
        texts = [
            message_text(loop.messages[m]) for u in table.user_ids for m in loop.ephemeral_order.get(u, [])
        ]
        return [t for t in texts if t.startswith(("You voted", "You changed your vote"))]

    await loop.wait_for(lambda: not vote_notes(), timeout=15)  # (the end's edit may come first)
    assert vote_notes() == []
    # everyone was playing along: their DMs (roles at the start) were sent without a push
    dms = [m for user in table.user_ids for m in loop.dm_messages(user)]
    assert len(dms) >= players and all(m["flags"] & SUPPRESS_NOTIFICATIONS for m in dms)


async def test_kill_9_at_random_moments_loses_nothing(loop, bot) -> None:
    """Kill the bot at random moments, restart it on the same database: the game resumes, old
    buttons work, and no acknowledged action is lost or applied twice."""
    table = _players(loop, bot, 6, seed=7)
    await table.open()
    rng = random.Random(7)
    kill_at = set(rng.sample(range(3, 40), 8 if LONG else 3))
    acknowledged = steps = 0
    while (snap := table.snapshot()).status == "running":
        steps += 1
        if steps in kill_at:
            clicking = asyncio.create_task(table.step(timeout=4.0))
            await asyncio.sleep(rng.uniform(0.0, 0.05))  # somewhere in the middle of the click
            await bot.kill()
            try:
                result = await clicking
            except RuntimeError:  # the bot was already gone: the click never reached it
                result = None
            acknowledged += int(result is not None and result.in_place)
            await bot.start()
            continue
        result = await table.step()
        assert result is not None and result.acknowledged, "the bot must answer while it is up"
        acknowledged += int(result.in_place)
        assert steps < 2000, f"no end in sight: {result.text()}"  # (refused clicks loop for ever)
    assert bot.starts == 1 + len(kill_at)
    log = read_log(bot.db_path, table.game_id)
    assert [seq for seq, _, _ in log] == list(range(1, len(log) + 1))
    assert acknowledged <= len(log) <= acknowledged + len(kill_at)
    assert replayed_state(bot.db_path, table.game_id) == snap.state


async def test_twenty_identical_concurrent_clicks_apply_once(loop, bot) -> None:
    table = _players(loop, bot, 5, seed=3)
    await table.open()
    snap = table.snapshot()
    lm = snap.user_ids[snap.to_decide()[0]]
    message = loop.message(snap.table_message_id)
    select = next(c for row in message["components"] for c in row["components"] if c["type"] == 3)
    value = select["options"][0]["value"]
    results = await asyncio.gather(
        *[loop.select(lm, int(message["id"]), select["custom_id"], [value]) for _ in range(20)]
    )
    await asyncio.gather(*(r.settled(5) for r in results))
    assert all(r.acknowledged and r.latency < 3.0 for r in results)
    assert sum(r.in_place for r in results) == 1
    assert read_game(bot.db_path, table.game_id).version == 1


async def test_forged_ids_other_channels_and_non_players_get_a_reason(loop, bot) -> None:
    table = _players(loop, bot, 5, seed=5)
    await table.open()
    other = _players(loop, bot, 10, seed=6, channel_index=1)
    other.user_ids = USERS[5:10]
    await other.open()
    snap = table.snapshot()
    table_id = snap.table_message_id
    lm = snap.user_ids[snap.to_decide()[0]]
    game, decision = table.game_id, snap.decision
    forged = [
        (lm, f"act:{game}:{decision}:nominate.1"),  # not on the message
        (lm, f"act:{game}:{decision}:explode"),
        (lm, f"pick:{game}:{decision + 5}:nominate"),
        (lm, f"act:{other.game_id}:0:nominate.1"),  # another channel's game
        (lm, "totally-not-ours"),
        (lm, "act:" + "9" * 30),
    ]
    before = read_game(bot.db_path, game).version
    for user, custom_id in forged:
        result = await (await loop.click_raw(user, table_id, custom_id)).wait(5)
        assert result.acknowledged and result.ephemeral and result.latency < 3.0, (custom_id, result.text())
    # a non-player and an out-of-turn player using the real select
    message = loop.message(table_id)
    select = next(c for row in message["components"] for c in row["components"] if c["type"] == 3)
    outsider = await (
        await loop.select(999, table_id, select["custom_id"], [select["options"][0]["value"]])
    ).wait(5)
    assert outsider.ephemeral and "not playing" in outsider.text()
    bystander = next(u for u in snap.user_ids if u != lm)
    late = await (
        await loop.select(bystander, table_id, select["custom_id"], [select["options"][0]["value"]])
    ).wait(5)
    assert late.ephemeral and "not your turn" in late.text()
    assert read_game(bot.db_path, game).version == before
    assert bot.running


async def test_game_completes_with_every_dm_closed(loop, bot) -> None:
    for user in USERS[:5]:
        loop.set_dms_open(user, False)
    table = _players(loop, bot, 5, seed=9)
    await table.open()
    assert all(not loop.dm_messages(u) for u in USERS[:5])
    table_id = table.snapshot().table_message_id
    await loop.wait_for(lambda: "DMs closed" in message_text(loop.message(table_id)), timeout=5)
    steps = 0
    while (result := await table.step()) is not None:
        assert result.acknowledged, result.text()
        steps += 1
        assert steps < 2000
    assert table.snapshot().status == "finished"
