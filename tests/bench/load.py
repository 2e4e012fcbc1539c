"""Many concurrent Secret Krampus games of simulated players, over the loopback Discord, against
one real bot process (`python -m bot`). Measures what the players and Discord would feel."""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from tests.e2e.players import Players
from tests.loopback import InteractionResult, LoopbackDiscord
from tests.loopback.botproc import run_bot

FIRST_CHANNEL = 1_190_000_000_000_000_000
FIRST_USER = 2_000_000
TICKS = os.sysconf("SC_CLK_TCK")


def proc_cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime + stime


def proc_memory_kib(pid: int) -> dict[str, int]:
    values = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, rest = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            values[key] = int(rest.split()[0])
    return values


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def _limited(coros: list[Any], limit: int) -> list[Any]:
    gate = asyncio.Semaphore(limit)

    async def one(coro: Any) -> Any:
        async with gate:
            return await coro

    return await asyncio.gather(*(one(c) for c in coros))


async def run_load(
    games: int = 200, players: int = 7, duration: float = 60.0, think: float = 5.0, seed: int = 1
) -> dict[str, Any]:
    """Open `games` tables, then let every table play (one action per `think` s on average,
    exponentially distributed) for `duration` s; finished games are replaced by new ones."""
    channels = [FIRST_CHANNEL + i for i in range(games)]
    loop = LoopbackDiscord(channel_ids=channels)
    users = [FIRST_USER + i for i in range(games * players)]
    for user in users:
        loop.add_user(user, f"Elf{user - FIRST_USER}")
    await loop.start()
    folder = tempfile.mkdtemp(prefix="bench-")
    try:
        async with run_bot(loop, Path(folder) / "bot.db") as bot:
            await loop.wait_commands()
            base = proc_memory_kib(bot.pid)["VmRSS"]
            tables = [
                Players(loop, bot.db_path, channel, users[i * players : (i + 1) * players], seed + i)
                for i, channel in enumerate(channels)
            ]
            started = time.monotonic()
            await _limited([table.open(timeout=30) for table in tables], limit=20)
            await loop.wait_idle(quiet=1.0, timeout=300)
            setup_seconds = time.monotonic() - started
            live = proc_memory_kib(bot.pid)["VmRSS"]
            mark, cpu0, t0 = loop.mark(), proc_cpu_seconds(bot.pid), time.monotonic()
            results: list[InteractionResult] = []
            finished_games = 0

            async def play(table: Players, rng: random.Random) -> None:
                nonlocal finished_games
                while time.monotonic() - t0 < duration:
                    await asyncio.sleep(rng.expovariate(1.0 / think))
                    result = await table.step(timeout=10)
                    if result is None:
                        finished_games += 1
                        await table.open(timeout=30)
                    else:
                        results.append(result)

            lags: list[float] = []

            async def watch_lag() -> None:
                """How late this process's own event loop runs (it hosts the fake Discord too):
                any lag here is added to the measured latency without being the bot's."""
                while time.monotonic() - t0 < duration:
                    before = time.monotonic()
                    await asyncio.sleep(0.01)
                    lags.append((time.monotonic() - before - 0.01) * 1000)

            await asyncio.gather(
                watch_lag(), *(play(t, random.Random(seed * 7919 + i)) for i, t in enumerate(tables))
            )
            elapsed = time.monotonic() - t0
            cpu = proc_cpu_seconds(bot.pid) - cpu0
            counts = loop.call_counts(since=mark)
            memory = proc_memory_kib(bot.pid)
    finally:
        await loop.stop()
    answered = [r for r in results if r.acknowledged]
    latencies = [r.latency * 1000 for r in answered if r.latency is not None]
    actions = len(answered)
    return {
        "games": games,
        "players_per_game": players,
        "think_s": think,
        "duration_s": round(elapsed, 1),
        "setup_s": round(setup_seconds, 1),
        "actions": actions,
        "unanswered": len(results) - actions,
        "finished_games": finished_games,
        "actions_per_s": actions / elapsed,
        "latency_ms": {
            "p50": percentile(latencies, 0.50),
            "p95": percentile(latencies, 0.95),
            "p99": percentile(latencies, 0.99),
            "max": max(latencies, default=float("nan")),
            "mean": statistics.fmean(latencies) if latencies else float("nan"),
        },
        "rest_per_action": {
            "interaction_responses": counts["interaction_responses"] / max(actions, 1),
            "rate_limited": counts["rate_limited"] / max(actions, 1),
        },
        "rest_errors": counts["errors"],
        "max_rate_limited_per_channel_5s": max(counts["max_per_channel_5s"].values(), default=0),
        "routes": counts["by_route"],
        "bot_cpu_ms_per_action": cpu * 1000 / max(actions, 1),
        "bot_cpu_busy": cpu / elapsed,
        "driver_loop_lag_ms": {
            "p50": percentile(lags, 0.5),
            "p99": percentile(lags, 0.99),
            "max": max(lags, default=0.0),
        },
        "bot_rss_mib": memory["VmRSS"] / 1024,
        "bot_peak_rss_mib": memory["VmHWM"] / 1024,
        "kib_per_live_game": (live - base) / games,
    }
