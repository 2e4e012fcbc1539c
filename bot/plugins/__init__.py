"""The games the bot hosts, as plugins: `PLUGINS.get(name)` is everything about one game (rules,
AI, title, player counts, and lazily its renderer, `/rules` text and lobby texts).

Importing this package is cheap and needs no discord, Pillow or renderer: a game's Discord side is
imported the first time something asks for it. `check_all()` loads all of them at once (a test,
and the bot at start-up, call it so an incomplete game fails loudly, never at a player's click).
The games themselves are registered in `bot.plugins.registry`, one line each.
"""

from __future__ import annotations

from bot.plugins.plugin import BenchSetup, GamePlugin, PluginError, PluginRegistry, Teams
from bot.plugins.registry import PLUGINS


def check_all(registry: PluginRegistry = PLUGINS) -> None:
    """Load every registered game's ui module (renderer, rules text, lobby texts) and AI, and
    raise a `PluginError` naming each game that is incomplete."""
    registry.check_all()


__all__ = ["PLUGINS", "BenchSetup", "GamePlugin", "PluginError", "PluginRegistry", "Teams", "check_all"]
