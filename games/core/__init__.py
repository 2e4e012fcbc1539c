"""The protocol every game implements, and the vocabulary they share."""

from games.core.codes import decode_action, encode_action
from games.core.errors import IllegalAction
from games.core.models import Action, Audience, Event, Outcome, made_once, visible_events
from games.core.protocol import SYSTEM_SEAT, Applied, GameRules, GameState, NoOptions, Timer
from games.core.rng import Rng

__all__ = [
    "SYSTEM_SEAT",
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
    "Timer",
    "decode_action",
    "encode_action",
    "made_once",
    "visible_events",
]
