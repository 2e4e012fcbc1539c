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
        title=_("{game} - rules in short", game=_(plugin.title)),
        description=translated(plugin.summary),
        colour=EMBED_COLOUR,
    )
    # (the count in small print: each summary says it in its first line too; asked mid-game, the
    # footer says how to see your cards as well as how to start)
    embed.set_footer(
        text=_("{players}. /play starts a game; /hand shows your cards in one.", players=plugin.players_text)
    )
    return embed
