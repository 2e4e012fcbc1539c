"""Two bot processes (`python -m bot`, one per shard of a loopback Discord with two shards) on one
throwaway PostgreSQL database (issue 15): a click delivered to both processes at once is applied
once, and when one process is killed (-9) while games of AI seats run, the other runs their
wake-ups and the games go on to the end; the killed one comes back; every game's log replays to
its stored state. PostgreSQL only (skipped, saying why, without a server).

`LONG_TESTS=1` runs more games and kills."""

from __future__ import annotations

import asyncio
import os
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from bot.migrate_db import check_game
from storage import Database, GameStore
from tests.e2e.test_shards import (
    GUILD_ONE,
    GUILD_ZERO,
    dm_click,
    interactions,
    open_and_start,
    two_shards,  # noqa: F401 - a fixture
)
from tests.loopback import InteractionResult, LoopbackDiscord, message_custom_ids
from tests.loopback.botproc import BOOT, ROOT, run_bot
from tests.storage.conftest import pg_url, postgres_url  # noqa: F401 - fixtures

LONG = os.environ.get("LONG_TESTS") == "1"


async def _via(
    loop: LoopbackDiscord, shard: int, user: int, message: dict, custom_id: str, values: list[str]
) -> InteractionResult:
    """The click sent to the session of `shard` (whatever Discord's routing would say)."""
    original = loop.session_for
    loop.session_for = lambda guild_id: loop.sessions[shard]  # type: ignore[method-assign]
    try:
        return await loop.click_raw(user, int(message["id"]), custom_id, values or None, message=message)
    finally:
        loop.session_for = original  # type: ignore[method-assign]


def _dm_control(loop: LoopbackDiscord, user: int, game_id: int) -> tuple[dict, str, list[str]]:
    for message in reversed(loop.dm_messages(user)):
        for row in message.get("components") or []:
            for component in row["components"]:
                custom_id = component.get("custom_id", "")
                if custom_id.startswith(("act:", "pick:")) and f":{game_id}:" in custom_id:
                    values = [component["options"][0]["value"]] if component["type"] == 3 else []
                    return message, custom_id, values
    raise AssertionError(f"no DM control of game {game_id} for {user}")


async def _stored(url: str, game_id: int) -> tuple[str, int, int]:
    db = await Database.open(url)
    try:
        record = await GameStore(db).get_game(game_id)
        actions = await GameStore(db).get_actions(game_id)
    finally:
        await db.close()
    assert record is not None
    return record.status, record.version, len(actions)


async def test_one_click_sent_to_both_processes_is_applied_once(
    two_shards: LoopbackDiscord,  # noqa: F811
    tmp_path: Path,
    pg_url: str,  # noqa: F811
) -> None:
    loop = two_shards
    common: dict[str, Any] = {"dev_guild": False, "database_url": pg_url}
    async with (
        run_bot(loop, tmp_path / "zero" / "bot.db", shards=[0], **common) as first,
        run_bot(loop, tmp_path / "one" / "bot.db", shards=[1], **common) as second,
    ):
        await loop.wait_commands({"play"})
        game_id, _ = await open_and_start(loop, loop.guild_channel_ids(GUILD_ONE)[0], 203, 204)
        first_pick = await dm_click(loop, 203, game_id)
        assert first_pick.in_place, first_pick.text()
        _, version, actions = await _stored(pg_url, game_id)
        # the other player's choice ends the decision: the same click, 20 times, half through each
        # process's gateway session, all sent before any is answered
        message, custom_id, values = _dm_control(loop, 204, game_id)
        before = {shard: len(interactions(loop, shard)) for shard in (0, 1)}
        results: list[InteractionResult] = [
            await _via(loop, i % 2, 204, message, custom_id, values) for i in range(20)
        ]
        answered = [await result.settled(15) for result in results]
        assert {shard: len(interactions(loop, shard)) - before[shard] for shard in (0, 1)} == {0: 10, 1: 10}
        assert all(r.acknowledged for r in answered), [r.text() for r in answered]
        applied = [r for r in answered if r.in_place]
        assert len(applied) == 1 and applied[0].error is None, [r.text() for r in answered]
        refused = ("already over", "not your newest", "acted first")  # the decision moved on
        for result in answered:
            if result is not applied[0]:
                assert any(reason in result.text() for reason in refused), result.text()
        status, version_after, actions_after = await _stored(pg_url, game_id)
        assert (version_after, actions_after) == (version + 1, actions + 1)
        for bot in (first, second):
            assert "Traceback" not in bot.log(), bot.log()[-3000:]


async def test_one_interaction_delivered_to_both_processes_is_applied_once(
    two_shards: LoopbackDiscord,  # noqa: F811
    tmp_path: Path,
    pg_url: str,  # noqa: F811
) -> None:
    """The very same interaction (one id and token), e.g. replayed by the gateway, reaching both
    processes: 20 of them, each sent through both processes' sessions."""
    loop = two_shards
    common: dict[str, Any] = {"dev_guild": False, "database_url": pg_url}
    async with (
        run_bot(loop, tmp_path / "zero" / "bot.db", shards=[0], **common) as first,
        run_bot(loop, tmp_path / "one" / "bot.db", shards=[1], **common) as second,
    ):
        await loop.wait_commands({"play"})
        game_id, _ = await open_and_start(loop, loop.guild_channel_ids(GUILD_ONE)[0], 203, 204)
        assert (await dm_click(loop, 203, game_id)).in_place
        _, version, actions = await _stored(pg_url, game_id)
        message, custom_id, values = _dm_control(loop, 204, game_id)
        results = []
        for _ in range(20):
            result = await _via(loop, 0, 204, message, custom_id, values)
            again = loop.send_event("INTERACTION_CREATE", result.payload, track=True, conn=loop.sessions[1])
            assert again is not None
            await again
            results.append(result)
        answered = [await result.settled(15) for result in results]
        assert all(r.acknowledged for r in answered), [r.text() for r in answered]
        assert (await _stored(pg_url, game_id))[1:] == (version + 1, actions + 1)
        await loop.wait_idle(0.5)
        for bot in (first, second):  # only the second answer to one interaction may fail (40060)
            log = bot.log()
            acknowledged = log.count("HTTPException: 400 Bad Request (error code: 40060)")
            assert log.count("Traceback") == acknowledged, log[-3000:]


async def _all_ai_game(loop: LoopbackDiscord, channel: int, host: int, game: str) -> int:
    """/play with AI seats, start, and the host leaves (an AI takes the seat): a game of AI seats
    only, which goes on by wake-ups alone."""
    opened = await (await loop.slash(host, channel, "play", {"game": game, "fill_with_ai": True})).settled(10)
    assert opened.error is None and opened.message is not None, opened.text()
    game_id = int(message_custom_ids(opened.message)[0].split(":")[1])
    started = await (await loop.click(host, int(opened.message["id"]), f"lobby:{game_id}:start")).settled(10)
    assert started.in_place, started.text()
    left = await (await loop.slash(host, channel, "leave", {})).wait(10)
    assert left.error is None and left.acknowledged, left.text()
    return game_id


async def test_a_killed_process_wake_ups_run_in_the_other(
    two_shards: LoopbackDiscord,  # noqa: F811
    tmp_path: Path,
    pg_url: str,  # noqa: F811
) -> None:
    loop = two_shards
    rng = random.Random()
    common: dict[str, Any] = {
        "dev_guild": False,
        "database_url": pg_url,
        "env": {"AI_DELAY_SECONDS": "0.05"},
    }
    games = ["grumpy-nisse", "christmas-tree"] + (["naughty-and-nice"] if LONG else [])
    kills = 3 if LONG else 1
    async with (
        run_bot(loop, tmp_path / "zero" / "bot.db", shards=[0], **common) as first,
        run_bot(loop, tmp_path / "one" / "bot.db", shards=[1], **common) as second,
    ):
        await loop.wait_commands({"play"})
        one, zero = loop.guild_channel_ids(GUILD_ONE)[0], loop.guild_channel_ids(GUILD_ZERO)[0]
        ids = [await _all_ai_game(loop, zero, 201, "grumpy-nisse")]  # one of shard 0's process
        for _ in range(kills):
            # games that shard 1's process starts, and so runs the wake-ups of
            ids += [await _all_ai_game(loop, one, 203, game) for game in games]
            await asyncio.sleep(rng.uniform(0.2, 2.0))  # a random moment, wake-ups pending
            await second.kill()
            progress = {g: (await _stored(pg_url, g))[1] for g in ids}
            running = [g for g in ids if (await _stored(pg_url, g))[0] == "running"]
            assert running, "every game ended before the kill: nothing to take over"
            print(f"killed shard 1's process; running then: {running}, versions {progress}")
            await asyncio.sleep(5.0)  # the poller's grace is 2 s: shard 0's process took over
            moved = [g for g in ids if (await _stored(pg_url, g))[1] > progress[g]]
            unfinished = [g for g in ids if (await _stored(pg_url, g))[0] == "running"]
            assert set(unfinished) <= set(moved), (progress, unfinished)
            await second.start()
        for _ in range(300):  # every game to its end
            stored = [await _stored(pg_url, g) for g in ids]
            if all(status == "finished" for status, _, _ in stored):
                break
            await asyncio.sleep(0.1)
        assert all(status == "finished" for status, _, _ in stored), stored
        db = await Database.open(pg_url)
        try:
            store = GameStore(db)
            for game_id in ids:
                record = await store.get_game(game_id)
                actions = await store.get_actions(game_id)
                assert record is not None and record.version == len(actions) > 0
                assert [a.seq for a in actions] == list(range(1, len(actions) + 1))
                assert await check_game(store, record) is None, game_id  # the log replays to it
        finally:
            await db.close()
        assert "Traceback" not in first.log(), first.log()[-3000:]
        assert not re.search(r"overdue wake-up of game \d+ failed", first.log())


async def test_a_second_process_for_a_running_shard_is_refused(
    two_shards: LoopbackDiscord,  # noqa: F811
    tmp_path: Path,
    pg_url: str,  # noqa: F811
) -> None:
    """Two sessions of one shard get every event of its servers twice: a process started with a
    shard another one runs (or another SHARD_COUNT) is refused in one line, before it connects to
    Discord, naming the process in its way."""
    loop = two_shards
    async with run_bot(loop, tmp_path / "zero" / "bot.db", shards=[0], dev_guild=False, database_url=pg_url):
        clean = {k: v for k, v in os.environ.items() if k not in ("DEV_GUILD_ID", "SHARD_IDS")}
        env = {
            **clean,
            "PYTHONPATH": os.pathsep.join([str(ROOT), str(BOOT)]),
            "LOOPBACK_SHARD_PATIENCE": "1",  # (30 s: a process stopping as this one starts)
            "DISCORD_TOKEN": loop.token,
            "DATABASE_URL": pg_url,
        }
        for count, ids, refusal in (
            ("2", "0", "Cannot run these shards: shard 0 runs in another bot process already (pid "),
            ("4", "1", "Cannot run these shards: another bot process (pid "),
        ):
            result = await asyncio.to_thread(
                subprocess.run,
                [sys.executable, "-m", "bot"],
                cwd=tmp_path,
                env={**env, "SHARD_COUNT": count, "SHARD_IDS": ids},
                capture_output=True,
                text=True,
                timeout=60,
            )
            assert result.returncode == 2, result.stderr
            lines = result.stderr.strip().splitlines()  # (it waited first, saying so)
            assert len(lines) == 2 and "Waiting up to 1 s for it to stop." in lines[0], result.stderr
            assert lines[1].startswith(refusal), result.stderr
        assert loop.sessions.keys() == {0}  # (the refused ones never connected)
