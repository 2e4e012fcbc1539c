"""`games.core.ai.decide`, the one door between a game and an AI policy: the policy gets its
own seat's view and only the events its seat saw, and what it chooses must be legal."""

from __future__ import annotations

import random

import pytest

from bot.plugins import PLUGINS
from games.core import Event
from games.core.ai import Policy, RandomPolicy, ai_rng, decide, seat_history


class Spy(Policy):
    """Records what it was given, to show a policy only ever receives its own seat's view."""

    def __init__(self) -> None:
        self.seen: list[tuple[object, list[Event]]] = []

    def choose(self, view, legal, history, rng):
        self.seen.append((view, list(history)))
        return legal[0]


@pytest.mark.parametrize("name", ["secret-krampus", "naughty-or-nice"])
def test_a_policy_gets_its_own_view_and_only_the_events_its_seat_saw(name: str) -> None:
    """Over a game's whole history, secrets of other seats included (a test with an empty history
    could not fail: an AI handed every event would have passed it)."""
    rules = PLUGINS.get(name).rules
    state = rules.new_game(4 if name == "naughty-or-nice" else 5, rules.parse_options(None), 3)
    history: list[Event] = []
    rng = random.Random(3)
    checked = 0
    for _ in range(400):
        if rules.outcome(state) is not None:
            break
        seat = sorted(rules.to_decide(state))[0]
        hidden = [e for e in history if not e.audience.includes(seat)]
        if hidden:
            spy = Spy()
            decide(rules, state, seat, spy, history, ai_rng(3, seat, 0))
            ((view, seen),) = spy.seen
            assert view == rules.view(state, seat)
            assert all(e.audience.includes(seat) for e in seen) and seen == seat_history(history, seat)
            assert len(seen) == len(history) - len(hidden)
            checked += 1
        state, events = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
        history += events
    assert checked > 10, checked  # (there were secrets to keep from the deciding seat)


def test_a_choice_that_is_not_legal_is_refused() -> None:
    """(The caller then plays a random legal move: `bot.pipeline.Pipeline.ai_turn`.)"""
    rules = PLUGINS.get("grumpy-nisse").rules
    state = rules.new_game(2, rules.parse_options(None), 1)
    seat = sorted(rules.to_decide(state))[0]

    class Cheat(Policy):
        name = "cheat"

        def choose(self, view, legal, history, rng):
            return "a move of its own"

    with pytest.raises(ValueError, match="cheat chose 'a move of its own', which is not a legal action"):
        decide(rules, state, seat, Cheat(), [], ai_rng(1, seat, 0))
    assert decide(rules, state, seat, RandomPolicy(), [], ai_rng(1, seat, 0)) in rules.legal_actions(
        state, seat
    )
