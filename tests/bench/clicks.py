"""`python -m tests.bench.clicks [--seeds 2] [--game NAME] [--profile] [--top 40]`

The bot's own CPU per click, without Discord or load: whole seeded random games of every registered
game (each player count from its minimum up to 5) played by clicking what each player is shown,
through the real handlers, service, pipeline, delivery and SQLite storage of `tests.bot.harness`
(the fake Discord in process). Prints per game the clicks and the CPU per click of this process
(all threads), and how much of it went to drawing and encoding pictures. The games played depend
only on the seeds; the times on the machine. The load benchmark (`python -m tests.bench`) measures
the same bot under load, with discord.py's gateway and HTTP on top; this one is quicker, steadier
and can be profiled (`--profile`: cProfile, top functions by own time, pictures included: the
fakes draw them in this thread).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import random
import sys
import tempfile
import time
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from bot.picture_cache import PictureCache
from bot.plugins import PLUGINS, GamePlugin
from bot.render.base import Picture
from tests.bot.harness import Harness, make_users, play_random_click


@dataclass
class Played:
    clicks: int = 0
    cpu: float = 0.0  # seconds, whole process
    pictures: float = 0.0  # seconds drawing and encoding pictures
    drawn: int = 0


@contextmanager
def picture_clock(played: Played) -> Iterator[None]:
    """Add the CPU of every picture drawn meanwhile to `played`. Pictures are kept by key as the
    real bot's `PictureCache` keeps them (the fakes would draw a picture for every upload)."""
    original = Picture.drawn
    kept: OrderedDict[str, bytes] = OrderedDict()

    def drawn(self: Picture) -> bytes:
        data = kept.get(self.key)
        if data is not None:
            kept.move_to_end(self.key)
            return data
        start = time.thread_time()
        try:
            data = kept[self.key] = original(self)
            if len(kept) > PictureCache().size:
                kept.popitem(last=False)
            return data
        finally:
            played.pictures += time.thread_time() - start
            played.drawn += 1

    Picture.drawn = drawn  # type: ignore[method-assign]
    try:
        yield
    finally:
        Picture.drawn = original  # type: ignore[method-assign]


async def play(plugin: GamePlugin, players: int, seed: int, folder: Path, played: Played) -> None:
    h = await Harness(folder / f"{plugin.name}-{players}-{seed}.db").boot()
    try:
        users = make_users(players)
        table, game_id = await h.open_table(users, plugin.name)
        rng = random.Random(seed)
        with picture_clock(played):
            start = time.process_time()
            clicks = 0
            while await play_random_click(h, table, game_id, users, rng):
                clicks += 1
            played.cpu += time.process_time() - start
        played.clicks += clicks
    finally:
        await h.close()


async def measure(plugins: list[GamePlugin], seeds: int) -> dict[str, Played]:
    results: dict[str, Played] = {}
    with tempfile.TemporaryDirectory() as folder:
        for plugin in plugins:
            played = results[plugin.name] = Played()
            for players in range(plugin.min_players, min(plugin.max_players, 5) + 1):
                for seed in range(1, seeds + 1):
                    await play(plugin, players, seed, Path(folder), played)
    return results


def report(results: dict[str, Played]) -> str:
    lines = [f"{'game':<18} {'clicks':>7} {'CPU ms/click':>13} {'pictures ms/click':>18} {'drawn/click':>12}"]
    total = Played()
    for name, played in [*results.items(), ("all", total)]:
        if played is not total:
            total.clicks += played.clicks
            total.cpu += played.cpu
            total.pictures += played.pictures
            total.drawn += played.drawn
        n = max(played.clicks, 1)
        lines.append(
            f"{name:<18} {played.clicks:>7} {played.cpu / n * 1000:>13.2f} "
            f"{played.pictures / n * 1000:>18.2f} {played.drawn / n:>12.2f}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.clicks", description=__doc__.splitlines()[2])
    parser.add_argument("--seeds", type=int, default=2, help="random games per game and player count")
    parser.add_argument("--game", action="append", help="only this game (repeatable; default: all)")
    parser.add_argument("--profile", action="store_true", help="run under cProfile, print the top functions")
    parser.add_argument("--top", type=int, default=40, help="functions printed by --profile")
    parser.add_argument("--sort", default="tottime", help="cProfile sort key (tottime, cumulative)")
    args = parser.parse_args(argv)
    plugins = [PLUGINS.get(name) for name in args.game] if args.game else list(PLUGINS)
    if args.profile:
        profiler = cProfile.Profile()
        results = profiler.runcall(asyncio.run, measure(plugins, args.seeds))
        pstats.Stats(profiler, stream=sys.stdout).sort_stats(args.sort).print_stats(args.top)
    else:
        results = asyncio.run(measure(plugins, args.seeds))
    print(report(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
