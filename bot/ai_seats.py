"""Which AI plays each game, and the short, natural pause before an AI seat acts.

An AI seat acts through exactly the path of a click (lock -> checks -> apply -> commit -> render)
and decides from its own seat's view and seen events only (`games.core.ai`). Its history comes
from the action log, so an AI seat survives a restart: after one, the bot schedules every live
game's AI turn again.
"""

from __future__ import annotations

import importlib
import logging

from games.core import Rng
from games.core.ai import Policy, RandomPolicy, hash_seed

log = logging.getLogger(__name__)

#: game name -> (module, class) of its AI policy.
POLICIES: dict[str, tuple[str, str]] = {
    "secret-krampus": ("games.secret_krampus.ai", "SecretKrampusAI"),
    "christmas-tree": ("games.christmas_tree.ai", "ChristmasTreeAI"),
    "naughty-or-nice": ("games.naughty_or_nice.ai", "NaughtyOrNiceAI"),
    "grumpy-nisse": ("games.grumpy_nisse.ai", "GrumpyNisseAI"),
    "naughty-and-nice": ("games.naughty_and_nice.ai", "NaughtyAndNiceAI"),
}
_loaded: dict[str, Policy] = {}


def policy_for(game_name: str) -> Policy:
    """The game's AI policy (random legal play only if its AI module is missing, which is logged)."""
    policy = _loaded.get(game_name)
    if policy is None:
        module_name, class_name = POLICIES.get(game_name, ("", ""))
        try:
            policy = getattr(importlib.import_module(module_name), class_name)()
        except (ImportError, AttributeError, ValueError):
            log.warning("no AI for %s: AI seats play random legal moves", game_name)
            policy = RandomPolicy()
        _loaded[game_name] = policy
    return policy


def ai_delay(base: float, seed: int, version: int) -> float:
    """A pause of 0.6 to 1.4 times `base` seconds, so AI seats don't answer like machines."""
    if base <= 0:
        return 0.0
    return base * (0.6 + 0.8 * Rng(seed=hash_seed(seed, version)).below(1000) / 1000)
