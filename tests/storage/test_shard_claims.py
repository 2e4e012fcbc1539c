"""Which process runs which gateway shards on one PostgreSQL database (`storage.shard_claims`,
`bot.shard_watch`): a process whose SHARD_COUNT differs from the running ones', or that names a
shard another runs, is refused with the process in its way; a shard no process runs is told; a
lost hold is taken again. Skipped, saying why, where no server answers."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.shard_watch import GRACE, ShardWatch, ranges
from storage import Database
from tests.storage.conftest import pg_url, postgres_url  # noqa: F401  (fixtures)

asyncpg = pytest.importorskip("asyncpg", reason="asyncpg is not installed (pip install -e '.[dev]')")
shard_claims = pytest.importorskip("storage.shard_claims")


def test_shard_lists_read_as_shard_ids_takes_them() -> None:
    assert ranges([0, 1, 2, 5, 7, 8]) == "0-2,5,7-8"
    assert ranges([3]) == "3"


async def test_a_process_is_refused_another_s_shard_or_another_count(pg_url: str) -> None:  # noqa: F811
    first, second = await Database.open(pg_url), await Database.open(pg_url)
    try:
        assert first.shards is not None and second.shards is not None
        await first.shards.claim(4, [0, 1])
        with pytest.raises(
            shard_claims.ShardsTaken, match=r"shard 1 runs in another bot process already \(pid"
        ):
            await second.shards.claim(4, [1, 2], patience=0)
        assert not second.shards.holding  # (holding nothing: not shard 2 either)
        with pytest.raises(shard_claims.ShardsTaken, match="runs SHARD_COUNT=4, this one 2: every process"):
            await second.shards.claim(2, [1], patience=0)
        await second.shards.claim(4, [2])
        assert await first.shards.missing() == [3] == await second.shards.missing()
        await first.close()  # (a process stopping, or killed: its connection goes)
        assert await second.shards.missing() == [0, 1, 3]
        await second.shards.claim(4, [0, 1, 2, 3])  # (the count is free to change once alone)
        assert await second.shards.missing() == []
    finally:
        await first.close()
        await second.close()


async def test_a_claim_waits_for_a_process_letting_go(pg_url: str) -> None:  # noqa: F811
    """A deploy starting the new process as the old one stops: the new one waits a moment."""
    first, second = await Database.open(pg_url), await Database.open(pg_url)
    try:
        assert first.shards is not None and second.shards is not None
        await first.shards.claim(1, [0])
        stopping: list[asyncio.Task[None]] = []
        asyncio.get_running_loop().call_later(
            1.0, lambda: stopping.append(asyncio.ensure_future(first.close()))
        )
        await second.shards.claim(1, [0], patience=5)
        assert second.shards.holding and stopping and stopping[0].done()
    finally:
        await first.close()
        await second.close()


async def test_the_watch_tells_a_missing_shard_and_takes_a_lost_hold_again(
    pg_url: str,  # noqa: F811
    caplog: pytest.LogCaptureFixture,
) -> None:
    now = [0.0]
    db = await Database.open(pg_url)
    admin = await asyncpg.connect(pg_url)
    try:
        assert db.shards is not None
        await db.shards.claim(4, [0, 1])
        watch = ShardWatch(db, lambda: now[0])
        caplog.set_level(logging.INFO, logger="bot.shard_watch")
        await watch.check()
        assert caplog.records == []  # (the others may still be starting)
        now[0] += GRACE
        await watch.check()
        assert [r.getMessage() for r in caplog.records] == [
            "shard(s) 2-3 of 4 run in no bot process: the servers on them get no answers (start a process "
            "with SHARD_COUNT=4 SHARD_IDS=2-3)"
        ]
        await watch.check()
        assert len(caplog.records) == 1  # (told once)
        caplog.clear()
        held = await admin.fetch(
            "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 AND database = "
            "(SELECT oid FROM pg_database WHERE datname = current_database())",  # (not another test's)
            shard_claims.SHARD_LOCK,
        )
        for row in held:
            await admin.execute("SELECT pg_terminate_backend($1)", row["pid"])
        for _ in range(50):
            if not db.shards.holding:
                break
            await asyncio.sleep(0.1)
        await watch.check()
        assert "was lost (its database connection): taken again" in caplog.records[0].getMessage()
        assert db.shards.holding and await db.shards.missing() == [2, 3]
        other = await Database.open(pg_url)
        try:
            assert other.shards is not None
            await other.shards.claim(4, [2, 3])
            await watch.check()
            assert caplog.records[-1].getMessage() == "every shard of 4 runs in a bot process again"
        finally:
            await other.close()
    finally:
        await admin.close()
        await db.close()
