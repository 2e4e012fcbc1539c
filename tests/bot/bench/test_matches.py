"""Whole games between policies without Discord, and the statistics the AI benchmark reports."""

from __future__ import annotations

import pytest

from bot.bench.matches import percentile, play_match, wilson
from bot.plugins import PLUGINS
from games.core.ai import RandomPolicy

BUILT = PLUGINS.names()


@pytest.mark.parametrize("name", BUILT)
def test_random_policies_play_every_built_game_to_the_end(name: str) -> None:
    rules = PLUGINS.get(name).rules
    for seats in sorted({rules.min_players, rules.max_players}):
        result = play_match(rules, rules.parse_options(None), [RandomPolicy()] * seats, seed=seats)
        assert result.outcome.winners <= set(range(seats))
        assert result.actions == sum(len(t) for t in result.decision_times.values()) > 0


def test_wilson_interval_and_percentile() -> None:
    low, high = wilson(70, 100)
    assert 0.60 < low < 0.70 < high < 0.79
    assert wilson(0, 0) == (0.0, 1.0)
    assert percentile([5, 1, 3, 2, 4], 0.5) == 3 and percentile([], 0.9) == 0.0
