"""`/rules`: a concise summary of a game, its plugin's `RULES_SUMMARY` (from the specs in the
shared rules folder)."""

from __future__ import annotations

import discord

from bot.i18n import _, translated
from bot.plugins import PLUGINS
from bot.render.base import EMBED_COLOUR


def rules_embed(game_name: str) -> discord.Embed:
    plugin = PLUGINS.get(game_name)
    embed = discord.Embed(
        title=_("{game} - rules in short ({players})", game=_(plugin.title), players=plugin.players_text),
        description=translated(plugin.summary),
        colour=EMBED_COLOUR,
    )
    embed.set_footer(text=_("Start a game with /play."))
    return embed
