"""Rate-limited Discord calls (posts, DMs, edits, deletes: everything but interaction answers)
per action, for every registered game, by random play through the real handlers with DMs open.
Counts, not timings: a private message is edited only when what it shows changes for its reader,
so a game whose private messages repeat public state (whose turn among the others, the shared
cards) pays an edit per seat per action. The benchmark (`python -m tests.bench`) measures the same
under load; this keeps each game inside the budget of issue 13: at most 1.5 per action."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.plugins import PLUGINS
from tests.bot.harness import Harness, make_users, play_random_click

BUDGET = 1.5
#: Games whose private messages still repeat public state (being slimmed): expected to fail.
OVER_BUDGET: set[tuple[str, int]] = set()


def player_counts(name: str) -> list[int]:
    plugin = PLUGINS.get(name)
    return sorted({plugin.min_players, min(plugin.max_players, 5)})


async def calls_per_action(h: Harness, name: str, players: int, seed: int) -> tuple[float, Counter[str]]:
    users = make_users(players)
    table, game_id = await h.open_table(users, name)
    start = len(h.messenger.calls)
    first = (await h.game(game_id)).record.version
    rng = random.Random(seed)
    while await play_random_click(h, table, game_id, users, rng):
        pass
    actions = (await h.game(game_id)).record.version - first
    calls = Counter(kind for kind, _ in h.messenger.calls[start:])
    return sum(calls.values()) / actions, calls


@pytest.mark.parametrize(
    "name,players",
    [
        pytest.param(
            name,
            n,
            marks=[pytest.mark.xfail(strict=True, reason="DMs repeat public state")]
            if (name, n) in OVER_BUDGET
            else [],
        )
        for name in PLUGINS.names()
        for n in player_counts(name)
    ],
)
async def test_rate_limited_calls_per_action_within_budget(harness: Harness, name: str, players: int) -> None:
    per_action, calls = await calls_per_action(harness, name, players, seed=4)
    assert per_action <= BUDGET, f"{name} {players}p: {per_action:.2f} per action {dict(calls)}"
