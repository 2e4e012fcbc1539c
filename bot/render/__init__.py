"""Renderers: views in, Discord messages out. One renderer per game in `RENDERERS`."""

from bot.render.base import GameRenderer, Payload, TableContext
from bot.render.christmas_tree import ChristmasTreeRenderer
from bot.render.grumpy_nisse import GrumpyNisseRenderer
from bot.render.naughty_and_nice import NaughtyAndNiceRenderer
from bot.render.naughty_or_nice import NaughtyOrNiceRenderer
from bot.render.secret_krampus import SecretKrampusRenderer

RENDERERS: dict[str, GameRenderer] = {
    "secret-krampus": SecretKrampusRenderer(),
    "christmas-tree": ChristmasTreeRenderer(),
    "naughty-or-nice": NaughtyOrNiceRenderer(),
    "grumpy-nisse": GrumpyNisseRenderer(),
    "naughty-and-nice": NaughtyAndNiceRenderer(),
}

__all__ = ["RENDERERS", "GameRenderer", "Payload", "TableContext"]
