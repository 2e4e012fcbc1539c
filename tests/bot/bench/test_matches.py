"""Whole games between policies without Discord, and the statistics the AI benchmark reports."""

from __future__ import annotations

import pytest

from bot.bench.matches import percentile, play_match, wilson
from bot.plugins import PLUGINS
from games.core import Event
from games.core.ai import Policy, RandomPolicy, decide, seat_history

BUILT = PLUGINS.names()


@pytest.mark.parametrize("name", BUILT)
def test_random_policies_play_every_built_game_to_the_end(name: str) -> None:
    rules = PLUGINS.get(name).rules
    for seats in sorted({rules.min_players, rules.max_players}):
        result = play_match(rules, rules.parse_options(None), [RandomPolicy()] * seats, seed=seats)
        assert result.outcome.winners <= set(range(seats))
        assert result.actions == sum(len(t) for t in result.decision_times.values()) > 0


class Spy(Policy):
    """Records what it was given, to show a policy only ever receives its own seat's view."""

    def __init__(self) -> None:
        self.seen: list[tuple[object, list[Event]]] = []

    def choose(self, view, legal, history, rng):
        self.seen.append((view, list(history)))
        return legal[0]


def test_a_policy_gets_its_own_view_and_only_the_events_its_seat_saw() -> None:
    rules = PLUGINS.get("secret-krampus").rules
    state = rules.new_game(5, rules.parse_options(None), 3)
    seat = sorted(rules.to_decide(state))[0]
    history: list[Event] = []
    spy = Spy()
    from games.core.ai import ai_rng

    decide(rules, state, seat, spy, history, ai_rng(3, seat, 0))
    ((view, seen),) = spy.seen
    assert view == rules.view(state, seat)
    assert all(e.audience.includes(seat) for e in seen)
    assert seat_history(history, seat) == seen


def test_wilson_interval_and_percentile() -> None:
    low, high = wilson(70, 100)
    assert 0.60 < low < 0.70 < high < 0.79
    assert wilson(0, 0) == (0.0, 1.0)
    assert percentile([5, 1, 3, 2, 4], 0.5) == 3 and percentile([], 0.9) == 0.0
