"""`python -m tests.bench.pictures [--seeds 1] [--game NAME] [--profile]`

The CPU cost of the games' PNG pictures: for every registered game and player count, seeded random
legal games are played with the rules engine; at each state the table message and every seat's
private message are rendered (the first seat's Christmas Tree private message also with a card,
then a card and a cell, picked as a player does), and each picture is drawn and encoded when its
key differs from the last one drawn for that message, as the bot does. Prints per game and
picture kind: how many were drawn, mean and p95 CPU ms of this thread (drawing + encoding: the
bot draws in one worker thread), mean CPU ms of `to_png` alone (quantizing + PNG encoding) and
mean bytes. The pictures drawn (and so the counts and bytes) depend only on the seeds; the times
on the machine (about 40 s of CPU).
`--profile` runs the same under cProfile and prints the top functions by own time.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib
import pkgutil
import pstats
import random
import re
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import bot.render.pictures as pictures_package
from bot.plugins import PLUGINS, GamePlugin
from bot.render.base import Picture, TableContext
from games.core import visible_events
from tests.bot.render.phone import NAMES

ACTIONS_PER_GAME = 400  # as the phone-budget tests: enough for every game to end


@dataclass
class Kind:
    """The pictures of one kind of one game that were drawn."""

    ms: list[float] = field(default_factory=list)
    encode_ms: list[float] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)


class EncodeClock:
    """Times every `to_png` call of the picture modules (the encoding share of a picture)."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self._patched: list[tuple[Any, Callable[..., bytes]]] = []

    def __enter__(self) -> EncodeClock:
        modules = [  # every one imported before any is patched: each holds the real `to_png`
            importlib.import_module(f"{pictures_package.__name__}.{info.name}")
            for info in pkgutil.iter_modules(pictures_package.__path__)
        ]
        for module in modules:
            original = getattr(module, "to_png", None)
            if callable(original):
                self._patched.append((module, original))
                module.to_png = self._timed(original)  # type: ignore[attr-defined]
        return self

    def __exit__(self, *_: object) -> None:
        for module, original in self._patched:
            module.to_png = original

    def _timed(self, original: Callable[..., bytes]) -> Callable[..., bytes]:
        def timed(*args: Any, **kwargs: Any) -> bytes:
            start = time.thread_time()
            try:
                return original(*args, **kwargs)
            finally:
                self.seconds += time.thread_time() - start

        return timed


def _ct_drafts(view: Any, rng: random.Random) -> list[str | None]:
    """A Christmas Tree seat's private message as its player builds a choice: nothing picked,
    a card picked, then a card and a cell (the close look at both ways)."""
    drafts: list[str | None] = [None]
    hand, cells = getattr(view, "hand", None), getattr(view, "legal_cells", None)
    if hand and cells:
        card = rng.randrange(len(hand))
        drafts += [f"c{card}", f"c{card}x{rng.choice(list(cells))}"]
    return drafts


#: Drafts (half-made private choices that change the private picture) per game.
DRAFTS: dict[str, Callable[[Any, random.Random], list[str | None]]] = {"christmas-tree": _ct_drafts}


def _pictures(plugin: GamePlugin, players: int, seed: int) -> Iterator[tuple[str, Picture]]:
    """(message, picture) for every message of every state of one seeded random game."""
    rules, renderer = plugin.rules, plugin.renderer
    rng = random.Random(seed)
    state = rules.new_game(players, rules.parse_options(None), seed)
    events: list[Any] = []
    drafts = DRAFTS.get(plugin.name, lambda view, rng: [None])
    for _ in range(ACTIONS_PER_GAME):
        ctx = TableContext(7, rules.decision(state), NAMES[:players], plugin.title)
        table = renderer.table(rules.view(state, None), ctx, visible_events(events, None))
        yield from (("table", p) for p in table.pictures)
        for seat in range(players):
            view, seen = rules.view(state, seat), visible_events(events, seat)
            for draft in drafts(view, rng) if seat == 0 else [None]:  # one seat's drafts: keeps it short
                yield from ((f"seat{seat}", p) for p in renderer.private(view, ctx, seen, draft).pictures)
        if rules.outcome(state) is not None or not rules.to_decide(state):
            return
        seat = rng.choice(sorted(rules.to_decide(state)))
        state, events = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))


def kind_of(picture: Picture) -> str:
    """`trees-7.png` -> `trees`, `tree-7-2.png` -> `tree`."""
    return re.sub(r"(-\d+)*\.png$", "", picture.filename)


def measure(plugins: list[GamePlugin], seeds: int) -> dict[tuple[str, str], Kind]:
    kinds: dict[tuple[str, str], Kind] = defaultdict(Kind)
    with EncodeClock() as clock:
        for plugin in plugins:
            for players in range(plugin.min_players, plugin.max_players + 1):
                for seed in range(1, seeds + 1):
                    last: dict[tuple[str, str], str] = {}
                    for message, picture in _pictures(plugin, players, seed):
                        slot = (message, picture.filename)
                        if last.get(slot) == picture.key:
                            continue  # unchanged: the bot keeps the attachment it sent
                        last[slot] = picture.key
                        encoded = clock.seconds
                        start = time.thread_time()
                        data = picture.render()
                        kind = kinds[(plugin.name, kind_of(picture))]
                        kind.ms.append((time.thread_time() - start) * 1000)
                        kind.encode_ms.append((clock.seconds - encoded) * 1000)
                        kind.sizes.append(len(data))
    return kinds


def report(kinds: dict[tuple[str, str], Kind]) -> str:
    heads = ("count", "mean ms", "p95 ms", "png ms", "bytes")
    lines = [f"{'game':<18} {'kind':<18} " + " ".join(f"{h:>7}" for h in heads)]
    total_ms = total = 0.0
    for (game, name), kind in kinds.items():
        p95 = statistics.quantiles(kind.ms, n=20)[-1] if len(kind.ms) > 1 else kind.ms[0]
        lines.append(
            f"{game:<18} {name:<18} {len(kind.ms):>7} {statistics.fmean(kind.ms):>7.2f} {p95:>7.2f} "
            f"{statistics.fmean(kind.encode_ms):>7.2f} {statistics.fmean(kind.sizes):>7.0f}"
        )
        total_ms += sum(kind.ms)
        total += len(kind.ms)
    lines.append(f"{'all':<18} {'':<18} {int(total):>7} {total_ms / max(total, 1):>7.2f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.bench.pictures", description="Time drawing and encoding every game's pictures."
    )
    parser.add_argument("--seeds", type=int, default=1, help="random games per game and player count")
    parser.add_argument("--game", action="append", help="only this game (repeatable; default: all)")
    parser.add_argument("--profile", action="store_true", help="run under cProfile, print the top functions")
    parser.add_argument("--top", type=int, default=30, help="functions printed by --profile")
    args = parser.parse_args(argv)
    unknown = sorted(set(DRAFTS) - set(PLUGINS.names()))
    if unknown:
        parser.error(f"DRAFTS names no registered game: {', '.join(unknown)}")
    plugins = [PLUGINS.get(name) for name in args.game] if args.game else list(PLUGINS)
    if args.profile:
        profiler = cProfile.Profile()
        kinds = profiler.runcall(measure, plugins, args.seeds)
        pstats.Stats(profiler, stream=sys.stdout).sort_stats("tottime").print_stats(args.top)
    else:
        kinds = measure(plugins, args.seeds)
    print(report(kinds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
