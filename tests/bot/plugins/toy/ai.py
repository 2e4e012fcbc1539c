"""The toy game's AI: reach the target when it can, else leave the counter a multiple of three
short of it (the winning strategy), else any legal move."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from games.core import Action, Event, Rng
from games.core.ai import Policy
from tests.bot.plugins.toy.game import Add


class CountToTenAI(Policy):
    name: ClassVar[str] = "toy-count-ai"

    def choose(self, view: Any, legal: Sequence[Action], history: Sequence[Event], rng: Rng) -> Action:
        for action in legal:
            if isinstance(action, Add) and (view.target - view.counter - action.amount) % 3 == 0:
                return action
        return rng.choice(list(legal))
