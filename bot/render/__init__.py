"""Renderers: views in, Discord messages out. A game's renderer is its plugin's:
`bot.plugins.PLUGINS.get(name).renderer` (loaded on first use)."""

from bot.render.base import GameRenderer, Payload, TableContext

__all__ = ["GameRenderer", "Payload", "TableContext"]
