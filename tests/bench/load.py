"""Many concurrent games of simulated players, over the loopback Discord, against the real bot
(`python -m bot`): one process on SQLite, or several processes (one shard each) on one PostgreSQL
database (`processes=`, `database_url=`, see `tests.bench.processes`); one game
(`run_load(game=...)`) or several mixed (`mix=[...]`). Measures what the players and Discord would
feel, per game and overall, and the bot's CPU (summed over its processes) and memory (per process)."""

from __future__ import annotations

import asyncio
import gc
import random
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot.__main__ import GC_THRESHOLDS
from bot.plugins import PLUGINS
from tests.bench.decisions import DecisionTimes
from tests.bench.figures import ALL, BenchTable, figures_by_game, percentile
from tests.bench.processes import (
    backend_cpu_seconds,
    backend_cpu_used,
    build_loopback,
    database_transactions,
    per_process,
    proc_cpu_seconds,
    proc_memory_kib,
    reader_pool,
    run_fleet,
)
from tests.e2e.players import MovedOn, Players
from tests.e2e.postgres_players import PostgresPlayers
from tests.loopback import message_custom_ids

FIRST_USER = 2_000_000
#: During the measured minute this process (the fake Discord and every player) freezes what it
#: kept so far this often: every click's interaction stays (for its webhook), so its full garbage
#: collections would otherwise walk millions of objects at once (~500 ms at 1,000 games, every
#: click in flight delayed by it).
FREEZE_EVERY = 2.0


__all__ = ["proc_cpu_seconds", "proc_memory_kib", "run_load"]


def load_average() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def plan_tables(games: int, mix: Sequence[str], players: int | None = None) -> list[tuple[str, int]]:
    """(game, players) for each of `games` tables: the games of `mix` in turn, each game's
    player count cycling through its allowed range (or `players` for every table, if given)."""
    seen: Counter[str] = Counter()
    tables = []
    for i in range(games):
        name = mix[i % len(mix)]
        plugin = PLUGINS.get(name)
        counts = list(range(plugin.min_players, plugin.max_players + 1))
        tables.append((name, players if players is not None else counts[seen[name] % len(counts)]))
        seen[name] += 1
    return tables


async def _limited(coros: list[Any], limit: int) -> list[Any]:
    gate = asyncio.Semaphore(limit)

    async def one(coro: Any) -> Any:
        async with gate:
            return await coro

    return await asyncio.gather(*(one(c) for c in coros))


async def open_table(players: Players, timeout: float = 30.0) -> int:
    """Like `Players.open` (lobby, joins, start; default options), but a click answered by a bare
    acknowledgement (the bot defers when a REST edit of the table is under way, and edits it after)
    counts as answered too."""
    loop = players.loop
    host, *guests = players.user_ids
    result = await (await loop.slash(host, players.channel_id, "play", {"game": players.game})).settled(
        timeout
    )
    assert result.error is None and result.message is not None, result.error
    assert message_custom_ids(result.message), f"{players.game}: /play answered {result.text()[:300]!r}"
    lobby_id = int(result.message["id"])
    players.game_id = int(message_custom_ids(result.message)[0].split(":")[1])
    for user, button in [*((g, "join") for g in guests), (host, "start")]:
        clicked = await (await loop.click(user, lobby_id, f"lobby:{players.game_id}:{button}")).wait(timeout)
        assert clicked.response_type in (6, 7), (
            f"{players.game}: {button} answered {clicked.response_type} ({clicked.error})"
        )
    return players.game_id


async def _open(table: BenchTable, failures: list[str]) -> None:
    """Open the table's game; a table that fails (e.g. its click answered too late under
    overload) is counted, and tries again at its next turn to act if it has no lobby yet."""
    try:
        await open_table(table.players)
        table.opened = True
    except Exception:  # noqa: BLE001 - any failure of the bot to open it is a finding, counted
        table.errors += 1
        if len(failures) < 5:
            failures.append(f"{table.game} (opening): {traceback.format_exc(limit=3)[-600:]}")


async def _advance(table: BenchTable, actions: int) -> None:
    """Play `actions` moves at once (no thinking), replacing a game that ends."""
    for _ in range(actions if table.opened else 0):
        try:
            if await table.players.step(timeout=10) is None:
                await open_table(table.players)
        except Exception:  # a table stuck in warm-up is counted like one stuck in play
            table.errors += 1
            return


def _reads(tables: list[BenchTable]) -> int:
    return sum(getattr(table.players, "reads", 0) for table in tables)


async def run_load(
    games: int = 200,
    players: int | None = 7,
    duration: float = 60.0,
    think: float = 5.0,
    seed: int = 1,
    *,
    game: str = "secret-krampus",
    mix: Sequence[str] | None = None,
    bot_env: dict[str, str] | None = None,
    on_ready: Any = None,
    warmup: int = 0,
    processes: int = 1,
    database_url: str | None = None,
    views: float = 0.0,
    lead_in: float = 0.0,
) -> dict[str, Any]:
    """Open `games` tables (all of `game`, or the games of `mix` in turn), then let every table
    play (one action per `think` s on average, exponentially distributed) for `duration` s;
    finished games are replaced by new ones of the same game. `players`: per table (None: each
    game's allowed range in turn). `bot_env`: extra environment for the bot (experiments).
    `on_ready(pid)`: called with the bot's pid when play starts (e.g. to attach a profiler).
    `warmup`: before measuring, each table plays a random 0..`warmup` actions at once, so the
    measured minute samples every phase of the games, not only their openings. `processes`:
    bot processes, one shard each (several need `database_url`, a PostgreSQL database). `views`:
    the share of tables whose players play from their ephemeral views in the channel (every
    1/`views`-th table, so each game of the mix gets its share). `lead_in`: seconds of the same
    play before measuring, unmeasured (after a long setup every player is idle: each one's first
    decision is then a notification, a burst the steady state does not have)."""
    plan = plan_tables(games, list(mix) if mix else [game], players)
    loop, channels = build_loopback(games, processes)
    seats: list[list[int]] = []
    user_table: dict[int, int] = {}
    next_user = FIRST_USER
    for i, (_, count) in enumerate(plan):
        seats.append(list(range(next_user, next_user + count)))
        next_user += count
        for user in seats[-1]:
            loop.add_user(user, f"Elf{user - FIRST_USER}")
            user_table[user] = i
    decisions = DecisionTimes(loop)
    await loop.start()
    folder = tempfile.mkdtemp(prefix="bench-")
    pool = await reader_pool(database_url)
    try:
        async with run_fleet(loop, Path(folder), processes, database_url, bot_env) as fleet:
            base = [m["VmRSS"] for m in fleet.memory_kib()]

            def table_players(i: int, name: str, channel: int) -> Players:
                if pool is not None:
                    players: Players = PostgresPlayers(loop, pool, channel, seats[i], seed + i, name)
                else:
                    players = Players(loop, fleet.bots[0].db_path, channel, seats[i], seed + i, name)
                players.views = int((i + 1) * views) > int(i * views)  # evenly spread
                return players

            tables = [
                BenchTable(name, table_players(i, name, channel))
                for i, ((name, _), channel) in enumerate(zip(plan, channels, strict=True))
            ]
            started = time.monotonic()
            failures: list[str] = []
            await _limited([_open(table, failures) for table in tables], limit=20)
            not_opened = sum(not table.opened for table in tables)
            if warmup:
                await _limited(
                    [
                        _advance(table, random.Random(seed * 31 + i).randint(0, warmup))
                        for i, table in enumerate(tables)
                    ],
                    limit=20,
                )
            await loop.wait_idle(quiet=1.0, timeout=300)
            setup_seconds = time.monotonic() - started
            # This process plays "Discord": as the bot does once ready, it takes what it holds
            # (every table's players) out of the garbage collector's sight and makes full
            # collections rare, so that its own pauses (up to ~400 ms at 1,000 games) are not
            # added to the latencies measured.
            thresholds = gc.get_threshold()
            gc.collect()
            gc.freeze()
            gc.set_threshold(*GC_THRESHOLDS)
            live = [m["VmRSS"] for m in fleet.memory_kib()]

            async def play(table: BenchTable, rng: random.Random, end: float) -> None:
                while True:
                    gap = rng.expovariate(1.0 / think)
                    if time.monotonic() + gap >= end:  # the next action falls after the end
                        break
                    await asyncio.sleep(gap)
                    if not table.opened:
                        if table.players.game_id == 0:  # /play was not answered: try again
                            await _open(table, failures)
                        continue  # (a lobby that opened but did not start stays counted)
                    try:
                        result = await table.players.step(timeout=10)
                        if result is None:
                            table.finished += 1
                            await open_table(table.players)
                        else:
                            table.results.append(result)
                    except MovedOn:  # not stuck: the decision ended while its controls were on their way
                        table.missed += 1
                    except Exception:  # a stuck table must not stop the others; counted
                        table.errors += 1
                        if len(failures) < 5:
                            failures.append(f"{table.game}: {traceback.format_exc(limit=3)[-600:]}")

            setup_failures = len(failures)
            if lead_in > 0:
                end = time.monotonic() + lead_in
                await asyncio.gather(
                    *(play(t, random.Random(seed * 7907 + i), end) for i, t in enumerate(tables))
                )
                for table in tables:
                    table.results.clear()
                    table.errors = table.finished = table.missed = 0
                del failures[setup_failures:]
                gc.collect()  # what the lead-in left: not collected inside the measured window
                gc.freeze()
            load_before = load_average()
            if on_ready is not None:
                on_ready(fleet.pids[0])
            server0 = await backend_cpu_seconds(pool)
            xacts0, reads0 = await database_transactions(pool), _reads(tables)
            mark, cpu0, t0 = loop.mark(), fleet.cpu_seconds(), time.monotonic()
            decisions.start()
            lags: list[float] = []

            async def watch_lag() -> None:
                """How late this process's own event loop runs (it hosts the fake Discord too):
                any lag here is added to the measured latency without being the bot's."""
                frozen = time.monotonic()
                while time.monotonic() - t0 < duration:
                    before = time.monotonic()
                    await asyncio.sleep(0.01)
                    lags.append((time.monotonic() - before - 0.01) * 1000)
                    if before - frozen >= FREEZE_EVERY:  # what it kept so far: out of the collector's sight
                        gc.freeze()
                        frozen = before

            await asyncio.gather(
                watch_lag(),
                *(play(t, random.Random(seed * 7919 + i), t0 + duration) for i, t in enumerate(tables)),
            )
            elapsed = time.monotonic() - t0
            gc.unfreeze()
            gc.set_threshold(*thresholds)
            cpus = [after - before for after, before in zip(fleet.cpu_seconds(), cpu0, strict=True)]
            cpu = sum(cpus)
            server_cpu = backend_cpu_used(server0, await backend_cpu_seconds(pool))
            await asyncio.sleep(1.0 if pool is not None else 0)  # PostgreSQL's statistics lag
            xacts1 = await database_transactions(pool)
            # the benchmark's own: its players' reads (two queries each) and these two counts
            own = 2 * (_reads(tables) - reads0) + 2
            load_after = load_average()
            counts = loop.call_counts(since=mark)
            processes_report = per_process(fleet, loop, cpus, elapsed, base, live, tables)
            memory = fleet.memory_kib()
            per_game = figures_by_game(loop, mark, tables, user_table, elapsed, decisions)
    finally:
        await loop.stop()
        if pool is not None:
            await pool.close()
    overall = per_game[ALL]
    return {
        "games": games,
        "mix": sorted({name for name, _ in plan}),
        "tables": [f"{name}:{count}" for name, count in plan],
        "players_per_game": players,
        "think_s": think,
        "warmup": warmup,
        "lead_in_s": lead_in,
        "views": views,
        "duration_s": round(elapsed, 1),
        "setup_s": round(setup_seconds, 1),
        "load_average": {"before": load_before, "after": load_after},
        "actions": overall["actions"],
        "unanswered": overall["unanswered"],
        "finished_games": overall["finished"],
        "step_errors": overall["errors"],
        "steps_missed": overall["missed"],
        "tables_not_opened_at_setup": not_opened,
        "failures": failures,
        "actions_per_s": overall["actions_per_s"],
        "latency_ms": overall["latency_ms"],
        "rest_per_action": {
            "interaction_responses": overall["interaction_responses_per_action"],
            "rate_limited": overall["rate_limited_per_action"],
        },
        "rest_errors": counts["errors"],
        "rest_errors_by_kind": counts["errors_by_kind"],
        "max_rate_limited_per_channel_5s": overall["max_channel_5s"],
        "per_game": per_game,
        "routes": counts["by_route"],
        "bot_cpu_ms_per_action": cpu * 1000 / max(overall["actions"], 1),
        "bot_cpu_busy": cpu / elapsed,
        "postgres_cpu_ms_per_action": None
        if server_cpu is None
        else server_cpu * 1000 / max(overall["actions"], 1),
        "postgres_cpu_busy": None if server_cpu is None else server_cpu / elapsed,
        "postgres_transactions_per_action": None
        if xacts0 is None or xacts1 is None
        else (xacts1 - xacts0 - own) / max(overall["actions"], 1),
        "driver_loop_lag_ms": {
            "p50": percentile(lags, 0.5),
            "p99": percentile(lags, 0.99),
            "max": max(lags, default=0.0),
        },
        "bot_rss_mib": sum(m["VmRSS"] for m in memory) / 1024,
        "bot_peak_rss_mib": max(m["VmHWM"] for m in memory) / 1024,
        "kib_per_live_game": (sum(live) - sum(base)) / games,
        "processes": processes,
        "database": "postgresql" if database_url else "sqlite",
        "per_process": processes_report,
    }
