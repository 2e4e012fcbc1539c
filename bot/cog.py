"""Slash commands: /play, /hand, /leave, /reclaim, /replace, /log, /export, /stats, /leaderboard, /rules,
/abandon, /language.

Each hands over to `bot.table.Table` through `bot.answers.answering`, in the language of the one
who asked, and is acknowledged first when its answer is late (`ANSWERS`). Descriptions are marked
for the catalogues and shown to each member in their Discord language
(`bot.command_texts.CatalogueTranslator`)."""

from __future__ import annotations

from collections.abc import Awaitable

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers import Answer, answering, send_new
from bot.command_texts import CatalogueTranslator
from bot.i18n import LANGUAGES, N_
from bot.plugins import PLUGINS
from bot.render.rules_text import rules_embed

#: Every registered game, for /play, /leaderboard and /rules (Discord allows up to 25 choices).
GAME_CHOICES = [app_commands.Choice(name=plugin.title, value=plugin.name) for plugin in PLUGINS]
#: /language: every language, and the server's own (Discord's preferred locale)
LANGUAGE_CHOICES = [app_commands.Choice(name=N_("The server's language"), value="server")] + [
    app_commands.Choice(name=name, value=code) for code, name in LANGUAGES.items()
]
#: How each command answers, so that a late answer is acknowledged the matching way
#: (`bot.answers.Answer`): a public message or one only its asker sees. (/leave's answer is
#: ephemeral in a lobby: `bot.answers.will_answer`.)
ANSWERS: dict[str, Answer] = {
    "play": "public",
    "hand": "ephemeral",
    "log": "ephemeral",
    "export": "ephemeral",
    "stats": "ephemeral",
    "leaderboard": "ephemeral",
    "leave": "public",
    "reclaim": "public",
    "replace": "public",
    "rules": "ephemeral",
    "abandon": "public",
    "language": "ephemeral",
}


class GamesCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @property
    def table(self):  # noqa: ANN201 - the bot's Table
        return self.bot.table  # type: ignore[attr-defined]

    async def cog_load(self) -> None:
        """Command descriptions in each member's language (before the commands are synced)."""
        await self.bot.tree.set_translator(CatalogueTranslator())

    @staticmethod
    async def _answer(interaction: discord.Interaction, command: str, handler: Awaitable[object]) -> None:
        await answering(interaction, handler, in_time=ANSWERS[command])

    @app_commands.command(
        name="play", description=N_("Open a lobby for a Christmas card game in this channel.")
    )
    @app_commands.describe(
        game=N_("Which game to play"),
        fill_with_ai=N_("Seat AI players up to the game's minimum number of players"),
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def play(
        self, interaction: discord.Interaction, game: app_commands.Choice[str], fill_with_ai: bool = False
    ) -> None:
        await self._answer(
            interaction, "play", self.table.commands.play(interaction, game.value, fill_with_ai)
        )

    @app_commands.command(
        name="hand",
        description=N_("Show your role and cards in this channel's game (only you see it)."),
    )
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction) -> None:
        await self._answer(interaction, "hand", self.table.commands.show_hand(interaction))

    @app_commands.command(
        name="log", description=N_("The public log of a game in this channel (only you see it).")
    )
    @app_commands.describe(game=N_("The game number (only needed when several games are here)"))
    @app_commands.guild_only()
    async def log(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self._answer(interaction, "log", self.table.history.show_log(interaction, game))

    @app_commands.command(
        name="export",
        description=N_("Manage Server: a finished game as JSON (seed, every action, secret ones too)."),
    )
    @app_commands.describe(
        game=N_("The game number (default: your latest finished game here, else the latest one)")
    )
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def export(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self._answer(interaction, "export", self.table.history.export(interaction, game))

    @app_commands.command(name="stats", description=N_("Games played and won on this server, per game."))
    @app_commands.describe(user=N_("Whose stats (default: yours)"))
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        await self._answer(interaction, "stats", self.table.stats.stats(interaction, user))

    @app_commands.command(name="leaderboard", description=N_("The best players of a game on this server."))
    @app_commands.describe(game=N_("Which game"))
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        await self._answer(interaction, "leaderboard", self.table.stats.leaderboard(interaction, game.value))

    @app_commands.command(
        name="leave", description=N_("Leave your game in this channel for good (an AI takes your seat).")
    )
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction) -> None:
        await self._answer(interaction, "leave", self.table.commands.leave_game(interaction))

    @app_commands.command(
        name="reclaim", description=N_("Take back your seat from the AI that plays it after timeouts.")
    )
    @app_commands.guild_only()
    async def reclaim(self, interaction: discord.Interaction) -> None:
        await self._answer(interaction, "reclaim", self.table.commands.reclaim(interaction))

    @app_commands.command(
        name="replace", description=N_("Host: hand an absent player's seat to an AI (Manage Server may too).")
    )
    @app_commands.describe(player=N_("The player to replace"))
    @app_commands.guild_only()
    async def replace(self, interaction: discord.Interaction, player: discord.User) -> None:
        await self._answer(interaction, "replace", self.table.commands.replace_player(interaction, player))

    @app_commands.command(name="rules", description=N_("A short summary of a game's rules."))
    @app_commands.describe(game=N_("Which game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        async def summary() -> None:  # drawn in the reader's language (`answering` sets it)
            await send_new(interaction, ephemeral=True, embed=rules_embed(game.value))

        await self._answer(interaction, "rules", summary())

    @app_commands.command(
        name="abandon",
        description=N_("End the game in this channel (host or Manage Server). It stays recorded."),
    )
    @app_commands.describe(game=N_("The game number (only needed when several games run here)"))
    @app_commands.guild_only()
    async def abandon(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self._answer(interaction, "abandon", self.table.commands.abandon(interaction, game))

    @app_commands.command(
        name="language",
        description=N_("The language of new tables here (Manage Server). Players read their own."),
    )
    @app_commands.describe(language=N_("The tables' language"))
    @app_commands.choices(language=LANGUAGE_CHOICES)
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def language(self, interaction: discord.Interaction, language: app_commands.Choice[str]) -> None:
        locale = None if language.value == "server" else language.value
        await self._answer(interaction, "language", self.table.commands.set_language(interaction, locale))
