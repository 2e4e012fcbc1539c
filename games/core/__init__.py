"""The protocol every game implements, and the vocabulary they share."""

from games.core.codes import decode_action, encode_action
from games.core.errors import IllegalAction
from games.core.models import Action, Audience, Event, Outcome, visible_events
from games.core.protocol import Applied, GameRules, GameState, NoOptions
from games.core.rng import Rng

__all__ = [
    "Action",
    "Applied",
    "Audience",
    "Event",
    "GameRules",
    "GameState",
    "IllegalAction",
    "NoOptions",
    "Outcome",
    "Rng",
    "decode_action",
    "encode_action",
    "visible_events",
]
