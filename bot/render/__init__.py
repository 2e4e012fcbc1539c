"""Renderers: views in, Discord messages out. One renderer per game in `RENDERERS`."""

from bot.render.base import GameRenderer, Payload, TableContext
from bot.render.secret_krampus import SecretKrampusRenderer

RENDERERS: dict[str, GameRenderer] = {"secret-krampus": SecretKrampusRenderer()}

__all__ = ["RENDERERS", "GameRenderer", "Payload", "TableContext"]
