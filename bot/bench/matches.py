"""Play whole games between policies, as fast as the rules allow, timing every AI decision.

Used by the AI benchmark and the AI tests. Each seat has a policy; a seat decides from its own view,
legal actions and history (`games.core.ai.decide`), exactly as an AI seat in the bot does.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from games.core import SYSTEM_SEAT, Event, GameRules, Outcome
from games.core.ai import Policy, ai_rng, decide


@dataclass
class MatchResult:
    outcome: Outcome
    seats: int
    actions: int
    #: seconds per decision, per seat
    decision_times: dict[int, list[float]] = field(default_factory=dict)


def play_match(
    rules: GameRules,
    options: Any,
    policies: Sequence[Policy],
    seed: int,
    max_actions: int = 20_000,
) -> MatchResult:
    """One game with `policies[seat]` at each seat. Simultaneous decisions are taken in seat order
    (each seat sees only its own view, so the order reveals nothing)."""
    state = rules.new_game(len(policies), options, seed)
    history: list[Event] = []
    times: dict[int, list[float]] = {seat: [] for seat in range(len(policies))}
    actions = 0
    while rules.outcome(state) is None:
        timer = rules.timer(state)
        deciding = sorted(rules.to_decide(state))
        deciding = [seat for seat in deciding if rules.legal_actions(state, seat)]
        if not deciding:
            if timer is None:
                raise RuntimeError("nobody can decide and no timer runs")
            state, events = rules.apply(state, SYSTEM_SEAT, timer.action)
            history += events
            continue
        seat = deciding[0]
        started = time.perf_counter()
        action = decide(rules, state, seat, policies[seat], history, ai_rng(seed, seat, actions))
        times[seat].append(time.perf_counter() - started)
        state, events = rules.apply(state, seat, action)
        history += events
        actions += 1
        if actions > max_actions:
            raise RuntimeError(f"no end after {max_actions} actions")
    outcome = rules.outcome(state)
    assert outcome is not None
    return MatchResult(outcome, len(policies), actions, times)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]
