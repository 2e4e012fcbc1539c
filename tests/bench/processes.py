"""The bot side of a load run: one `python -m bot` on a SQLite file (the default), or N processes
each running one shard of N (SHARD_COUNT=N, SHARD_IDS=i) against one PostgreSQL database; and the
servers of the loopback Discord that spread the tables over those shards, so that every process
has games of its own (DMs, by Discord's rule, all reach shard 0's process)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.loopback import LoopbackDiscord
from tests.loopback.botproc import BotProcess, run_bot
from tests.loopback.model import DEFAULT_GUILD_ID

FIRST_CHANNEL = 1_190_000_000_000_000_000
#: The application_name of the benchmark's own PostgreSQL connections (kept apart from the bots').
READER = "bench-reader"
TICKS = os.sysconf("SC_CLK_TCK")


def process_tree(pid: int) -> list[int]:
    """`pid` and every process it started that still runs (the bot draws its pictures in one)."""
    tree, stack = [], [pid]
    while stack:
        current = stack.pop()
        tree.append(current)
        try:
            children = Path(f"/proc/{current}/task/{current}/children").read_text().split()
        except OSError:
            continue
        stack += [int(child) for child in children]
    return tree


def proc_cpu_seconds(pid: int) -> float:
    """CPU seconds (user + system) of `pid` and the processes it started."""
    total = 0
    for member in process_tree(pid):
        try:
            fields = Path(f"/proc/{member}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime + stime
    return total / TICKS


def proc_memory_kib(pid: int) -> dict[str, int]:
    """Resident memory (now, and at its peak) of `pid` and the processes it started, summed."""
    values = {"VmRSS": 0, "VmHWM": 0}
    for member in process_tree(pid):
        try:
            status = Path(f"/proc/{member}/status").read_text()
        except OSError:
            continue
        for line in status.splitlines():
            key, _, rest = line.partition(":")
            if key in values:
                values[key] += int(rest.split()[0])
    return values


def guild_ids(processes: int) -> list[int]:
    """One server per shard (the first is the loopback's default server): `(id >> 22) % n`
    differs for each."""
    return [DEFAULT_GUILD_ID + (k << 22) for k in range(processes)]


def build_loopback(games: int, processes: int) -> tuple[LoopbackDiscord, list[int]]:
    """The loopback Discord and one channel per table: with one process, all in the default
    server (as always); with several, table i in the server of shard `i % processes`'s turn."""
    channels = [FIRST_CHANNEL + i for i in range(games)]
    if processes == 1:
        return LoopbackDiscord(channel_ids=channels), channels
    guilds = guild_ids(processes)
    loop = LoopbackDiscord(shard_count=processes, channel_ids=channels[0::processes])
    for k, guild in enumerate(guilds[1:], start=1):
        loop.add_guild(guild, f"Workshop {k}", channels[k::processes])
    assert sorted(loop.shard_of(g) for g in guilds) == list(range(processes))
    return loop, channels


@dataclass
class Fleet:
    """The running bot processes, and what each is doing (for CPU and memory figures)."""

    bots: list[BotProcess]

    @property
    def pids(self) -> list[int]:
        return [bot.pid for bot in self.bots if bot.pid is not None]

    def cpu_seconds(self) -> list[float]:
        return [proc_cpu_seconds(pid) for pid in self.pids]

    def memory_kib(self) -> list[dict[str, int]]:
        return [proc_memory_kib(pid) for pid in self.pids]

    def shards(self) -> list[str]:
        return [",".join(map(str, bot.shards)) if bot.shards is not None else "all" for bot in self.bots]


@contextlib.asynccontextmanager
async def run_fleet(
    loop: LoopbackDiscord,
    folder: Path,
    processes: int = 1,
    database_url: str | None = None,
    env: dict[str, str] | None = None,
) -> AsyncIterator[Fleet]:
    """Start the bot processes (one per shard when several), ready to play; stop them on exit."""
    options: dict[str, Any] = {"env": env, "database_url": database_url}
    async with contextlib.AsyncExitStack() as stack:
        if processes == 1:
            bots = [await stack.enter_async_context(run_bot(loop, folder / "bot.db", **options))]
        else:
            bots = [
                await stack.enter_async_context(
                    run_bot(loop, folder / f"shard{i}" / "bot.db", shards=[i], dev_guild=False, **options)
                )
                for i in range(processes)
            ]
        await loop.wait_commands({"play"})
        yield Fleet(bots)


async def reader_pool(database_url: str | None) -> Any:
    """The benchmark's own read-only connections to the PostgreSQL database (its players read
    whose turn it is there), or None on SQLite."""
    if database_url is None:
        return None
    import asyncpg  # type: ignore[import-untyped]

    return await asyncpg.create_pool(
        database_url, min_size=2, max_size=8, server_settings={"application_name": READER}
    )


async def backend_cpu_seconds(pool: Any) -> dict[int, float]:
    """CPU seconds so far of each PostgreSQL server process serving the bots on this database
    (not the benchmark's own readers), when the server runs on this machine (else empty)."""
    if pool is None:
        return {}
    rows = await pool.fetch(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name <> $1",
        READER,
    )
    seconds = {}
    for row in rows:
        with contextlib.suppress(OSError):
            if Path(f"/proc/{row['pid']}/comm").read_text().strip() == "postgres":
                seconds[row["pid"]] = proc_cpu_seconds(row["pid"])
    return seconds


async def database_transactions(pool: Any) -> int | None:
    """Transactions committed or rolled back in the database so far (each statement outside a
    transaction is one), as PostgreSQL counts them (its statistics lag up to about a second)."""
    if pool is None:
        return None
    value = await pool.fetchval(
        "SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = current_database()"
    )
    return int(value)


def backend_cpu_used(before: dict[int, float], after: dict[int, float]) -> float | None:
    """CPU the bots' PostgreSQL server processes used between two samples (those that started
    meanwhile count whole; those that ended meanwhile are missed); None if none were seen."""
    if not before and not after:
        return None
    return sum(cpu - before.get(pid, 0.0) for pid, cpu in after.items())


def per_process(
    fleet: Fleet,
    loop: LoopbackDiscord,
    cpus: list[float],
    elapsed: float,
    base: list[int],
    live: list[int],
    tables: Sequence[Any],
) -> list[dict[str, Any]]:
    """Each bot process: its shards, the tables of its servers, the measured clicks it was sent
    (DMs all reach shard 0's process), its CPU and memory."""
    rows = []
    clicks = [r for t in tables for r in t.results]
    for i, (bot, memory) in enumerate(zip(fleet.bots, fleet.memory_kib(), strict=True)):
        shards = set(bot.shards) if bot.shards is not None else set(range(loop.shard_count))
        own = [t for t in tables if loop.shard_of(_guild(loop, t)) in shards]
        sent = [r for r in clicks if loop.shard_of(r.guild_id) in shards]
        rows.append(
            {
                "shards": fleet.shards()[i],
                "tables": len(own),
                "clicks": len(sent),
                "dm_clicks": sum(1 for r in sent if r.guild_id is None),
                "cpu_s": cpus[i],
                "cpu_busy": cpus[i] / elapsed,
                "rss_mib": memory["VmRSS"] / 1024,
                "peak_rss_mib": memory["VmHWM"] / 1024,
                "kib_per_live_game": (live[i] - base[i]) / max(len(own), 1),
            }
        )
    return rows


def _guild(loop: LoopbackDiscord, table: Any) -> int:
    return loop.channel_guild[table.players.channel_id]
