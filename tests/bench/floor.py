"""`python -m tests.bench.floor [--rate 60] [--duration 30]`

The floor under the bot's CPU per action: what the least discord.py bot spends to answer one click
(`tests/bench/floor_bot.py`: receive the interaction from the gateway, answer it by editing the
table-sized message through the interaction response), without and with one SQLite commit per
click, against the loopback Discord as the load benchmark runs the real bot. Players click at
`--rate` per second (exponential gaps) for `--duration` seconds; the floor bot's CPU over that
time (/proc, user + system) per answered click is printed next to the load benchmark's yardstick,
one bare commit, and to the budget (5 bare commits per action).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import time
from typing import Any

from tests.bench.figures import percentile
from tests.bench.processes import proc_cpu_seconds
from tests.bench.sqlite_commit import bare_commit_seconds, yardstick_snapshot
from tests.loopback import LoopbackDiscord
from tests.loopback.botproc import BOOT, ROOT
from tests.loopback.text import iter_components

PLAYERS = 50
FIRST_PLAYER = 1_000


async def _started(loop: LoopbackDiscord, commit: bool) -> asyncio.subprocess.Process:
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_"))},
        "PYTHONPATH": os.pathsep.join([str(ROOT), str(BOOT)]),
        "DISCORD_LOOPBACK_URL": loop.url,
        "DISCORD_TOKEN": loop.token,
        "FLOOR_CHANNEL": str(loop.channel_ids[0]),
        "FLOOR_COMMIT": "1" if commit else "0",
    }
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.bench.floor_bot", env=env, cwd=ROOT, stdout=asyncio.subprocess.PIPE
    )
    assert proc.stdout is not None
    line = await asyncio.wait_for(proc.stdout.readline(), 30)
    if b"ready" not in line:
        raise RuntimeError(f"the floor bot did not start: {line!r}")
    return proc


async def measure(rate: float, duration: float, commit: bool) -> dict[str, Any]:
    """Clicks answered, the floor bot's CPU ms per click and the latency percentiles."""
    async with LoopbackDiscord() as loop:
        for n in range(PLAYERS):
            loop.add_user(FIRST_PLAYER + n, f"player{n}")
        proc = await _started(loop, commit)
        try:
            channel = loop.channel_ids[0]
            message = await loop.wait_for(lambda: loop.channel_messages(channel), 10)
            message_id = int(message[-1]["id"])
            rng = random.Random(1)
            results = []

            async def click() -> None:
                shown = loop.message(message_id)
                custom_id = next(c["custom_id"] for c in iter_components(shown) if c.get("type") == 2)
                result = await loop.click_raw(FIRST_PLAYER + rng.randrange(PLAYERS), message_id, custom_id)
                results.append(await result.wait())

            for _ in range(int(rate * 2)):  # warm-up: two seconds' worth, not measured
                await click()
            results.clear()
            tasks = []
            cpu = proc_cpu_seconds(proc.pid)
            end = time.monotonic() + duration
            while time.monotonic() < end:
                tasks.append(asyncio.create_task(click()))
                await asyncio.sleep(rng.expovariate(rate))
            await asyncio.gather(*tasks)
            cpu = proc_cpu_seconds(proc.pid) - cpu
        finally:
            proc.terminate()
            await proc.wait()
    latencies = [r.latency * 1000 for r in results if r.latency is not None]
    return {
        "clicks": len(results),
        "answered": len(latencies),
        "cpu_ms_per_click": cpu * 1000 / max(len(latencies), 1),
        "p50_ms": percentile(latencies, 0.50),  # nan when none was answered
        "p99_ms": percentile(latencies, 0.99),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.floor", description=__doc__.split("\n\n")[1])
    parser.add_argument("--rate", type=float, default=60.0, help="clicks per second")
    parser.add_argument("--duration", type=float, default=30.0, help="seconds measured")
    args = parser.parse_args(argv)
    bare_ms = asyncio.run(bare_commit_seconds(yardstick_snapshot())) * 1000
    print(f"bare SQLite WAL commit of a snapshot: {bare_ms:.3f} ms; 5 of them: {5 * bare_ms:.2f} ms")
    for commit in (False, True):
        figures = asyncio.run(measure(args.rate, args.duration, commit))
        what = "answer by editing the table + one commit" if commit else "answer by editing the table"
        print(
            f"floor, {what}: {figures['answered']}/{figures['clicks']} clicks answered, "
            f"{figures['cpu_ms_per_click']:.2f} ms CPU per click = "
            f"{figures['cpu_ms_per_click'] / bare_ms:.1f}x a bare commit "
            f"(p50 {figures['p50_ms']:.1f} ms, p99 {figures['p99_ms']:.1f} ms)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
