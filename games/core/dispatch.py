"""Routing an action to its handler, and the one rule for when a decision closes.

Each game keeps a table `{ActionType: handler}`; a handler checks and applies one action to the
(private copy of the) state, appends its events and returns True when that closed the current
decision. `dispatch` is the single place that then moves `state.decision` on, so every game
follows the contract in `games.core.protocol` the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.core.errors import IllegalAction
from games.core.models import Event
from games.core.protocol import GameState
from games.core.words import N_, Words

Handler = Callable[[Any, int, Any, list[Event]], bool]


def dispatch(
    handlers: Mapping[type, Handler], state: GameState, seat: int, action: object, title: str
) -> list[Event]:
    handler = handlers.get(type(action))
    if handler is None:
        raise IllegalAction(N_("That is not a {game} action."), game=Words(title))
    events: list[Event] = []
    if handler(state, seat, action, events):
        state.decision += 1
    return events
