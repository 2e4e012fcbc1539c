"""Checks of `GameRules.default_action` (the turn clock's forced move) every game shares.

- `states_of_random_games`: every state met in seeded random games (random legal actions of a
  random deciding seat; the `timer` action from `SYSTEM_SEAT` when nobody can decide).
- `check_defaults_apply`: at every such state, each deciding seat's default applies without error
  (or is None where the game documents it).
- `play_by_defaults`: a game where every deciding seat only ever takes its default ends.
- `check_same_default`: the default does not change when only what the seat cannot see changes.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from pydantic import BaseModel

from games.core import SYSTEM_SEAT, GameRules


def random_step(rules: GameRules, state: Any, chooser: random.Random) -> Any:
    """One random legal move (or the clock's), the state after it."""
    deciding = sorted(rules.to_decide(state))
    if not deciding:
        timer = rules.timer(state)
        assert timer is not None, "nobody decides and no timer runs"
        return rules.apply(state, SYSTEM_SEAT, timer.action).state
    seat = chooser.choice(deciding)
    action = chooser.choice(rules.legal_actions(state, seat))
    return rules.apply(state, seat, action).state


def states_of_random_games(
    rules: GameRules, num_seats: int, options: BaseModel, seeds: range, max_steps: int = 5000
) -> Iterator[Any]:
    """Every state (before each step, the final one included) of one random game per seed."""
    for seed in seeds:
        chooser = random.Random(seed)
        state = rules.new_game(num_seats, options, seed)
        for _ in range(max_steps):
            yield state
            if rules.outcome(state) is not None:
                break
            state = random_step(rules, state, chooser)
        else:
            raise AssertionError(f"seed {seed}: random game did not end in {max_steps} steps")


def check_defaults_apply(
    rules: GameRules, state: Any, may_be_none: Callable[[Any, int], bool] = lambda s, seat: False
) -> int:
    """Each deciding seat's default is legal now; returns how many were applied."""
    applied = 0
    if rules.outcome(state) is not None:
        return 0
    for seat in sorted(rules.to_decide(state)):
        action = rules.default_action(state, seat)
        if action is None:
            assert may_be_none(state, seat), f"no default for seat {seat} at {state.decision}"
            continue
        assert action in rules.legal_actions(state, seat), (seat, action)
        rules.apply(state, seat, action)  # raises if illegal
        applied += 1
    return applied


def play_by_defaults(
    rules: GameRules, num_seats: int, options: BaseModel, seed: int, max_steps: int = 5000
) -> Any:
    """A game where every deciding seat, lowest first, takes only its default; the final state."""
    state = rules.new_game(num_seats, options, seed)
    for _ in range(max_steps):
        if rules.outcome(state) is not None:
            return state
        deciding = sorted(rules.to_decide(state))
        if not deciding:
            timer = rules.timer(state)
            assert timer is not None, "nobody decides and no timer runs"
            state = rules.apply(state, SYSTEM_SEAT, timer.action).state
            continue
        for seat in deciding:
            action = rules.default_action(state, seat)
            if action is not None:
                state = rules.apply(state, seat, action).state
                break
        else:
            raise AssertionError(f"seed {seed}: no deciding seat has a default at {state.decision}")
    raise AssertionError(f"seed {seed}: a game of defaults did not end in {max_steps} steps")


def check_same_default(rules: GameRules, state: Any, other: Any, seat: int) -> None:
    """`other` differs from `state` only in what `seat` cannot see: the same view, same default."""
    assert rules.view(state, seat) == rules.view(other, seat), "the scramble changed the seat's view"
    assert rules.default_action(state, seat) == rules.default_action(other, seat)
