"""Count to Ten: a toy sixth game, built on `games.core`'s contract like the real games, to show
that a game is a plugin registered in one line (see `tests/bot/plugins/test_toy_game.py`).

2-3 players take turns adding 1 or 2 to a shared counter (never past the target, 10 unless the
host picks another in the lobby); whoever makes it reach the target wins. The seed picks who
starts. Turn clock default: add 1.
"""

from bot.plugins import PLUGINS, GamePlugin
from tests.bot.plugins.toy.ai import CountToTenAI
from tests.bot.plugins.toy.game import CountToTen

NAME = "toy-count"


def register() -> GamePlugin:
    """The one line a game's registration is (`bot/plugins/registry.py` has the real ones')."""
    return PLUGINS.add(GamePlugin(CountToTen(), CountToTenAI, "tests.bot.plugins.toy.ui"))


__all__ = ["NAME", "CountToTen", "CountToTenAI", "register"]
