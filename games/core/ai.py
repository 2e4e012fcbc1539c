"""AI players: a `Policy` decides for one seat from what that seat may know, and nothing else.

A policy never receives the state. It gets the seat's view (`rules.view(state, seat)`), its legal
actions now, and the events its seat has seen so far (its history: what was said, played and
revealed, from the action log, filtered by audience). So an AI cannot read hidden information by
construction, and it keeps no memory of its own: everything it knows is rebuilt from the log, so
an AI seat survives a restart.

Policies are pure and deterministic given their `Rng` (the bot seeds it from the game's seed, the
seat and the game version), like the rules.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar

from games.core.models import Action, Event, visible_events
from games.core.protocol import GameRules
from games.core.rng import Rng


class Policy(ABC):
    """How an AI seat plays one game."""

    name: ClassVar[str] = "ai"

    @abstractmethod
    def choose(self, view: Any, legal: Sequence[Action], history: Sequence[Event], rng: Rng) -> Action:
        """One of `legal` (never empty) for the seat whose `view` and `history` these are."""


class RandomPolicy(Policy):
    """Uniformly random legal play: the baseline the AIs are measured against."""

    name: ClassVar[str] = "random"

    def choose(self, view: Any, legal: Sequence[Action], history: Sequence[Event], rng: Rng) -> Action:
        return rng.choice(list(legal))


def seat_history(events: Sequence[Event], seat: int) -> list[Event]:
    """The events `seat` has seen, in order."""
    return visible_events(events, seat)


def decide(
    rules: GameRules, state: Any, seat: int, policy: Policy, history: Sequence[Event], rng: Rng
) -> Action:
    """`policy`'s action for `seat`, given only what the seat may know."""
    legal = rules.legal_actions(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has nothing to decide")
    action = policy.choose(rules.view(state, seat), legal, seat_history(history, seat), rng)
    if action not in legal:  # (a policy's bug: the caller plays a random legal move instead)
        raise ValueError(f"{policy.name} chose {action!r}, which is not a legal action of seat {seat}")
    return action


def ai_rng(seed: int, seat: int, version: int) -> Rng:
    """A fresh, reproducible random source for one AI decision."""
    return Rng(seed=hash_seed(seed, seat, version))


def hash_seed(*parts: int) -> int:
    value = 1469598103934665603
    for part in parts:
        value = ((value ^ (part & 0xFFFFFFFFFFFFFFFF)) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    return value


__all__ = ["Policy", "RandomPolicy", "ai_rng", "decide", "seat_history"]
