"""Which AI plays each game, and the short, natural pause before an AI seat acts.

An AI seat acts through exactly the path of a click (lock -> checks -> apply -> commit -> render)
and decides from its own seat's view and seen events only (`games.core.ai`). Its history comes
from the action log, so an AI seat survives a restart: after one, the bot schedules every live
game's AI turn again.
"""

from __future__ import annotations

from bot.plugins import PLUGINS
from games.core import Rng
from games.core.ai import Policy, hash_seed


def policy_for(game_name: str) -> Policy:
    """The game's AI policy, from its plugin (made once). An unknown game raises a KeyError."""
    return PLUGINS.get(game_name).ai


def ai_delay(base: float, seed: int, version: int) -> float:
    """A pause of 0.6 to 1.4 times `base` seconds, so AI seats don't answer like machines."""
    if base <= 0:
        return 0.0
    return base * (0.6 + 0.8 * Rng(seed=hash_seed(seed, version)).below(1000) / 1000)
