"""Sharding (issue 15): SHARD_COUNT / SHARD_IDS, and the real bot (`python -m bot`) over a
loopback Discord with two shards: guild events reach the shard of `(guild_id >> 22) % 2`, DMs
reach shard 0, whether one process runs both shards or two processes share one PostgreSQL."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.settings import SettingsError, load_settings, parse_sharding
from tests.e2e.players import Players
from tests.loopback import InteractionResult, LoopbackDiscord, message_custom_ids
from tests.loopback.botproc import ROOT, run_bot
from tests.loopback.model import DEFAULT_GUILD_ID
from tests.storage.conftest import pg_url, postgres_url  # noqa: F401 - fixtures

GUILD_ONE = DEFAULT_GUILD_ID  # (id >> 22) is odd: shard 1 of 2
GUILD_ZERO = DEFAULT_GUILD_ID + (1 << 22)  # shard 0 of 2
ELVES = {201: "Dasher", 202: "Dancer", 203: "Prancer", 204: "Vixen"}


# -- settings ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("count", "ids", "expected"),
    [
        (None, None, (None, None)),
        (None, "", (None, None)),
        (3, None, (3, None)),
        (2, "0,1", (2, [0, 1])),
        (4, "0-3", (4, [0, 1, 2, 3])),
        (8, " 1, 4-5 ,7", (8, [1, 4, 5, 7])),
    ],
)
def test_shard_settings(count: int | None, ids: str | None, expected: tuple) -> None:
    assert parse_sharding(count, ids) == expected


@pytest.mark.parametrize(
    ("count", "ids", "message"),
    [
        (None, "0,1", "SHARD_IDS=0,1 is set but SHARD_COUNT is not"),
        (2, "0,2", "shard 2 is outside 0..1 (SHARD_COUNT=2)"),
        (2, "1-2", "shard 2 is outside 0..1"),
        (2, "1,1", "names shard 1 twice"),
        (4, "3-1", "the range 3-1 goes backwards"),
        (4, "one", "is not a list of shard numbers: write them like 0,1 or 0-3"),
        (4, "0,,1", "is not a list of shard numbers"),
        (4, "-1", "is not a list of shard numbers"),
    ],
)
def test_bad_shard_settings_say_what_to_fix(count: int | None, ids: str, message: str) -> None:
    with pytest.raises(SettingsError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_sharding(count, ids)


def test_shard_settings_from_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SHARD_COUNT", "4")
    monkeypatch.setenv("SHARD_IDS", "2-3")
    monkeypatch.delenv("DATABASE_URL", raising=False)
    with pytest.raises(SettingsError, match="several processes need one PostgreSQL database"):
        load_settings().sharding()  # some of the shards, on a SQLite file
    monkeypatch.setenv("DATABASE_URL", "postgresql://bot@db.example:5432/bot")
    assert load_settings().sharding() == (4, [2, 3])
    monkeypatch.setenv("SHARD_IDS", "0-3")  # all of them: one process, SQLite is fine
    monkeypatch.delenv("DATABASE_URL")
    assert load_settings().sharding() == (4, [0, 1, 2, 3])
    monkeypatch.setenv("SHARD_COUNT", "0")
    with pytest.raises(SettingsError, match="SHARD_COUNT: Input should be greater than or equal to 1"):
        load_settings()
    monkeypatch.setenv("SHARD_COUNT", "")  # empty is unset, as for every setting
    monkeypatch.setenv("SHARD_IDS", "")
    assert load_settings().sharding() == (None, None)


def test_the_bot_refuses_bad_shard_settings_in_one_line(tmp_path: Path) -> None:
    clean = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DEV_GUILD_ID", "SHARD_COUNT")}
    result = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env={
            **clean,
            "PYTHONPATH": str(ROOT),
            "DISCORD_TOKEN": LoopbackDiscord().token,
            "SHARD_IDS": "0,2",
            "SHARD_COUNT": "2",
        },
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.strip() == "SHARD_IDS=0,2: shard 2 is outside 0..1 (SHARD_COUNT=2)."
    assert not (tmp_path / "data").exists()  # refused before the database was opened


# -- the real bot over two shards ---------------------------------------------------------------------
@pytest.fixture
async def two_shards() -> AsyncIterator[LoopbackDiscord]:
    loop = LoopbackDiscord(shard_count=2)
    for user_id, name in ELVES.items():
        loop.add_user(user_id, name)
    loop.add_guild(GUILD_ZERO, "Workshop")
    assert loop.shard_of(GUILD_ZERO) == 0 and loop.shard_of(GUILD_ONE) == 1
    await loop.start()
    yield loop
    await loop.stop()


def interactions(loop: LoopbackDiscord, shard: int) -> list[int | None]:
    """The guild ids (None: a DM) of the interactions sent to the current session of `shard`."""
    return [guild for event, guild in loop.sessions[shard].dispatched if event == "INTERACTION_CREATE"]


async def open_and_start(loop: LoopbackDiscord, channel: int, host: int, guest: int) -> tuple[int, int]:
    """/play christmas-tree, the guest joins, the host starts: (game id, table message id)."""
    lobby = (await (await loop.slash(host, channel, "play", {"game": "christmas-tree"})).settled(10)).message
    assert lobby is not None and int(lobby["channel_id"]) == channel
    game_id = int(message_custom_ids(lobby)[0].split(":")[1])
    joined = await (await loop.click(guest, int(lobby["id"]), f"lobby:{game_id}:join")).settled(10)
    assert joined.in_place, joined.text()
    started = await (await loop.click(host, int(lobby["id"]), f"lobby:{game_id}:start")).settled(10)
    assert started.in_place, started.text()
    return game_id, int(lobby["id"])


async def dm_click(loop: LoopbackDiscord, user: int, game_id: int) -> InteractionResult:
    """The user's first private decision in the game, clicked in their DM (the first choice of
    its first select or button)."""

    def controls() -> tuple[dict, str] | None:
        for message in reversed(loop.dm_messages(user)):
            for custom_id in message_custom_ids(message):
                if custom_id.startswith(("act:", "pick:", "dsel:")) and f":{game_id}:" in custom_id:
                    return message, custom_id
        return None

    message, custom_id = await loop.wait_for(controls, timeout=10)
    component = next(
        c for row in message["components"] for c in row["components"] if c.get("custom_id") == custom_id
    )
    if component["type"] == 3:
        value = component["options"][0]["value"]
        return await (await loop.select(user, int(message["id"]), custom_id, [value])).settled(10)
    return await (await loop.click(user, int(message["id"]), custom_id)).settled(10)


async def test_one_process_runs_both_shards(two_shards: LoopbackDiscord, tmp_path: Path) -> None:
    loop = two_shards
    async with run_bot(loop, tmp_path / "bot.db", shards=[0, 1], dev_guild=False) as bot:
        await bot.wait_log(r"Running shard\(s\) 0,1 of 2")
        await loop.wait_commands({"play"})
        assert loop.sessions[0].identify["shard"] == [0, 2] and loop.sessions[1].identify["shard"] == [1, 2]
        assert loop.sessions[0].ws is not loop.sessions[1].ws
        workshop, north_pole = loop.guild_channel_ids(GUILD_ZERO)[0], loop.guild_channel_ids(GUILD_ONE)[0]
        zero = Players(loop, bot.db_path, workshop, [201, 202], seed=1, game="christmas-tree")
        one = Players(loop, bot.db_path, north_pole, [203, 204], seed=2, game="christmas-tree")
        await zero.open()
        await one.open()
        assert zero.game_id != one.game_id
        assert interactions(loop, 0) == [GUILD_ZERO] * 3 and interactions(loop, 1) == [GUILD_ONE] * 3
        for table in (zero, one):
            assert table.snapshot().status == "running"
            assert int(loop.message(table.snapshot().table_message_id)["channel_id"]) == table.channel_id

        # a private decision of shard 1's game, clicked in a DM: the DM reaches shard 0
        before = one.snapshot().version
        result = await dm_click(loop, 203, one.game_id)
        assert result.guild_id is None and result.channel_id == loop.dm_channel_id(203)
        assert result.acknowledged and result.error is None and result.in_place, result.text()
        assert interactions(loop, 0)[-1] is None and interactions(loop, 1) == [GUILD_ONE] * 3
        assert one.snapshot().version > before
        # and both games go on by their own players' clicks, wherever they land
        for table in (zero, one):
            for _ in range(3):
                step = await table.step()
                assert step is not None and step.acknowledged and step.error is None, step
        assert set(interactions(loop, 1)) == {GUILD_ONE}

        # shard 1's session drops: that shard identifies again, shard 0's session stays
        shard_zero, since = loop.sessions[0], loop.ready_count
        await loop.drop_session(shard=1)
        await loop.wait_ready(20, since=since, shards=[1])
        assert loop.sessions[0] is shard_zero and loop.resume_attempts == 1
        rules = await (await loop.slash(204, north_pole, "rules", {"game": "christmas-tree"})).wait(10)
        assert rules.acknowledged and rules.error is None and interactions(loop, 1) == [GUILD_ONE]
        step = await one.step()
        assert step is not None and step.acknowledged and step.error is None, step
        assert loop.unknown_calls() == [] and loop.call_counts()["errors"] == 0
        assert "Traceback" not in bot.log()


# -- two processes, one per shard, on one PostgreSQL database ------------------------------------------
async def _game_row(url: str, game_id: int) -> tuple[str, int, int]:
    """(status, version, number of logged actions) of a game in the PostgreSQL database."""
    import asyncpg

    conn = await asyncpg.connect(url, timeout=5)
    try:
        row = await conn.fetchrow("SELECT status, version FROM games WHERE id = $1", game_id)
        actions = await conn.fetchval("SELECT count(*) FROM actions WHERE game_id = $1", game_id)
    finally:
        await conn.close()
    return row["status"], row["version"], actions


async def _dm_ids_stored(url: str, game_id: int) -> dict[int, int | None]:
    """Each seated user's living DM as stored in the database (user id -> message id)."""
    import asyncpg

    conn = await asyncpg.connect(url, timeout=5)
    try:
        rows = await conn.fetch("SELECT user_id, dm_message_id FROM seats WHERE game_id = $1", game_id)
    finally:
        await conn.close()
    return {row["user_id"]: row["dm_message_id"] for row in rows}


async def _dms_delivered(loop: LoopbackDiscord, url: str, game_id: int, users: list[int]) -> None:
    """Until the process that started the game stored each player's DM (its id is what another
    process checks a DM click against)."""

    async def stored() -> bool:
        ids = await _dm_ids_stored(url, game_id)
        return all(ids.get(u) and any(int(m["id"]) == ids[u] for m in loop.dm_messages(u)) for u in users)

    for _ in range(200):
        if await stored():
            return
        await asyncio.sleep(0.05)
    raise TimeoutError(f"the DMs of game {game_id} were not stored: {await _dm_ids_stored(url, game_id)}")


async def test_two_processes_one_per_shard_share_postgres(
    two_shards: LoopbackDiscord,
    tmp_path: Path,
    pg_url: str,  # noqa: F811
) -> None:
    loop = two_shards
    common = {"dev_guild": False, "database_url": pg_url}
    async with (
        run_bot(loop, tmp_path / "zero" / "bot.db", shards=[0], **common) as first,
        run_bot(loop, tmp_path / "one" / "bot.db", shards=[1], **common) as second,
    ):
        await first.wait_log(r"Running shard\(s\) 0 of 2")
        await second.wait_log(r"Running shard\(s\) 1 of 2")
        await loop.wait_commands({"play"})
        assert loop.sessions[0].identify["shard"] == [0, 2] and loop.sessions[1].identify["shard"] == [1, 2]
        workshop, north_pole = loop.guild_channel_ids(GUILD_ZERO)[0], loop.guild_channel_ids(GUILD_ONE)[0]

        # a /play in each guild, answered by the process of its shard
        zero_game, _ = await open_and_start(loop, workshop, 201, 202)
        one_game, _ = await open_and_start(loop, north_pole, 203, 204)
        assert interactions(loop, 0) == [GUILD_ZERO] * 3 and interactions(loop, 1) == [GUILD_ONE] * 3
        assert zero_game != one_game  # one id sequence: the same database
        assert (await _game_row(pg_url, zero_game))[0] == "running"
        assert (await _game_row(pg_url, one_game))[0] == "running"

        # a DM click on the game of shard 1's guild reaches shard 0's process, which applies it
        # (once shard 1's process recorded the DMs it sent at the start: shard 0's process checks
        # that a click comes from the seat's living DM by that record)
        await _dms_delivered(loop, pg_url, one_game, [203, 204])
        _, version, actions = await _game_row(pg_url, one_game)
        result = await dm_click(loop, 203, one_game)
        assert result.guild_id is None and interactions(loop, 0)[-1] is None
        assert result.acknowledged and result.error is None and result.in_place, result.text()
        assert interactions(loop, 1) == [GUILD_ONE] * 3  # shard 1's process never saw it
        _, version_after, actions_after = await _game_row(pg_url, one_game)
        assert version_after > version and actions_after == actions + 1
        # the other player's too
        result = await dm_click(loop, 204, one_game)
        assert result.acknowledged and result.error is None and result.in_place, result.text()
        assert (await _game_row(pg_url, one_game))[2] == actions + 2
        # and a DM click on shard 0's own game
        await _dms_delivered(loop, pg_url, zero_game, [201, 202])
        result = await dm_click(loop, 201, zero_game)
        assert result.acknowledged and result.error is None and result.in_place, result.text()
        assert loop.unknown_calls() == []
        for bot in (first, second):
            assert "Traceback" not in bot.log(), bot.log()[-3000:]


async def test_dm_clicks_right_after_another_process_started_the_game(
    two_shards: LoopbackDiscord,
    tmp_path: Path,
    pg_url: str,  # noqa: F811
) -> None:
    """Shard 0's process gets the DM clicks as soon as the players see their DMs, maybe before
    shard 1's process (which started the game and sent them) recorded them: its cached game is
    checked against the database under the game's lock, its private-message slot takes the
    recorded DM, and with none recorded yet the clicked DM is the one being recorded. Each click
    is applied, and each player keeps one DM with controls."""
    loop = two_shards
    common = {"dev_guild": False, "database_url": pg_url}
    async with (
        run_bot(loop, tmp_path / "zero" / "bot.db", shards=[0], **common),
        run_bot(loop, tmp_path / "one" / "bot.db", shards=[1], **common),
    ):
        await loop.wait_commands({"play"})
        game_id, _ = await open_and_start(loop, loop.guild_channel_ids(GUILD_ONE)[0], 203, 204)
        for user in (203, 204):  # as soon as each sees their DM's controls
            result = await dm_click(loop, user, game_id)
            assert result.in_place, result.text()
        assert (await _game_row(pg_url, game_id))[2] == 2
        await loop.wait_idle(1.0)
        for user in (203, 204):
            with_controls = [m for m in loop.dm_messages(user) if message_custom_ids(m)]
            assert len(with_controls) == 1, [message_custom_ids(m) for m in loop.dm_messages(user)]
