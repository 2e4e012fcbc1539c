"""Point an unmodified discord.py at the loopback fake of Discord when DISCORD_LOOPBACK_URL is set.

Put this directory on PYTHONPATH (`PYTHONPATH=<repo>:<repo>/tests/loopback/boot`) and start the
bot as usual (`python -m bot`); Python imports `sitecustomize` at start-up. Without the variable
this file does nothing.

LOOPBACK_CLOCK_SECONDS=fast=5 (settings separated by commas) shortens the turn clock's settings, so
an end-to-end test sees a clock run out in seconds (`tests/e2e/test_turn_clock_e2e.py`).
LOOPBACK_GAME_SEED=N deals the bot's games from seeds N, N+1, ... (a transcript repeats its game).
LOOPBACK_IDLE_SECONDS=3 makes a player who has not acted for 3 s (not 60) one to notify when a
decision becomes theirs, so a transcript with `--think 4` shows the notifications.
LOOPBACK_SHARD_PATIENCE=1 refuses a process whose shards another runs after 1 s (not 30).
"""

from __future__ import annotations

import os
import sys


def _patch(url: str) -> None:
    import yarl
    from discord.gateway import DiscordWebSocket
    from discord.http import Route

    base = url.rstrip("/")
    Route.BASE = base + "/api/v10"
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(base.replace("http://", "ws://", 1) + "/gateway")


if os.environ.get("DISCORD_LOOPBACK_URL"):
    try:
        _patch(os.environ["DISCORD_LOOPBACK_URL"])
    except Exception as error:  # never break interpreter start-up
        print(f"sitecustomize: could not point discord.py at the loopback: {error!r}", file=sys.stderr)

if os.environ.get("LOOPBACK_CLOCK_SECONDS"):
    from bot.clock import CLOCK_SECONDS

    for setting in os.environ["LOOPBACK_CLOCK_SECONDS"].split(","):
        name, seconds = setting.split("=")
        CLOCK_SECONDS[name.strip()] = float(seconds)

if os.environ.get("LOOPBACK_GAME_SEED"):
    import itertools

    import bot.service

    _seeds = itertools.count(int(os.environ["LOOPBACK_GAME_SEED"]))
    bot.service.GameService.__init__.__kwdefaults__["new_seed"] = lambda: next(_seeds)

if os.environ.get("LOOPBACK_IDLE_SECONDS"):
    import bot.attention

    bot.attention.IDLE_SECONDS = float(os.environ["LOOPBACK_IDLE_SECONDS"])

if os.environ.get("LOOPBACK_SHARD_PATIENCE"):
    import storage.shard_claims

    storage.shard_claims.PATIENCE = float(os.environ["LOOPBACK_SHARD_PATIENCE"])

if any(
    os.environ.get(name)
    for name in ("BENCH_GC_LOG", "BENCH_STALL_LOG", "BENCH_HEAP_LOG", "BENCH_GARBAGE_LOG")
):
    import bench_diagnostics  # noqa: F401  (the benchmark's diagnostics of the bot; see its docstring)
