"""Rules-only speed: random full games per second for each game in the registry, no I/O."""

from __future__ import annotations

import random
import time

from bot.plugins import PLUGINS


def random_game(rules, players: int, seed: int) -> int:
    """Play one seeded random-legal game to the end; the number of actions it took."""
    rng = random.Random(seed)
    state = rules.new_game(players, rules.parse_options(None), seed)
    actions = 0
    while rules.outcome(state) is None:
        seat = rng.choice(sorted(rules.to_decide(state)))
        state, _ = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
        actions += 1
    return actions


def games_per_second(seconds: float = 2.0) -> list[dict[str, float | str]]:
    rows: list[dict[str, float | str]] = []
    for info in PLUGINS:
        counts = list(range(info.min_players, info.max_players + 1))
        games = actions = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            actions += random_game(info.rules, counts[games % len(counts)], games)
            games += 1
        elapsed = time.perf_counter() - start
        rows.append(
            {
                "game": info.name,
                "games_per_s": games / elapsed,
                "actions_per_s": actions / elapsed,
                "actions_per_game": actions / games,
            }
        )
    return rows
