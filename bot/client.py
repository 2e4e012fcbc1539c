"""The discord.py client: wires storage, the service, the table flows and the commands."""

from __future__ import annotations

import hashlib
import json
import logging

import discord
from discord.ext import commands

from bot.cog import GamesCog
from bot.components import DYNAMIC_ITEMS, matches_any
from bot.messenger import DiscordMessenger
from bot.service import GameService
from bot.table import Table
from storage import Database, GameStore

log = logging.getLogger(__name__)


class GameBot(commands.Bot):
    def __init__(self, db: Database, *, dev_guild_id: int | None = None, ai_delay: float = 1.5) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # slash commands and components need no privileged intents
        intents.guild_messages = True  # who posts where (for table reminders), never the content
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            max_messages=None,  # the bot never reads cached messages: no cache to fill and scan
        )
        self.db = db
        self.dev_guild_id = dev_guild_id
        self.store = GameStore(db)
        self.service = GameService(self.store)
        self.table = Table(self.service, DiscordMessenger(self), ai_delay=ai_delay)
        self._resumed = False

    async def setup_hook(self) -> None:
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self.add_cog(GamesCog(self))
        await self.sync_commands_if_changed()

    async def on_ready(self) -> None:
        log.info("Logged in as %s (%s)", self.user, getattr(self.user, "id", "?"))
        if not self._resumed:
            self._resumed = True
            count = await self.table.resume()
            log.info("Resumed %d live game(s)", count)

    async def close(self) -> None:
        await self.table.stop()
        await super().close()

    async def on_message(self, message: discord.Message) -> None:
        if message.guild is None or message.author.bot:
            return
        await self.table.on_channel_message(message.channel.id, message.author.id)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer a component click discord.py would drop silently: a custom_id that is not one
        of ours, or one that is not on the message it claims to come from (forged)."""
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        if not matches_any(custom_id):
            reason = "That button is not recognised."
        elif not _on_message(interaction.message, custom_id):
            reason = "That button is not on this message."
        else:
            return
        if not interaction.response.is_done():
            await interaction.response.send_message(reason, ephemeral=True)

    def command_fingerprint(self, guild: discord.abc.Snowflake | None) -> str:
        payload = [command.to_dict(self.tree) for command in self.tree.get_commands(guild=guild)]
        return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()

    async def sync_commands_if_changed(self) -> bool:
        """Sync slash commands only when they differ from the last sync (Discord rate-limits syncs).
        With DEV_GUILD_ID they go to that server only, instantly; otherwise globally."""
        guild = discord.Object(self.dev_guild_id) if self.dev_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        key = f"command_hash:{self.dev_guild_id or 'global'}"
        fingerprint = self.command_fingerprint(guild)
        if await self.store.get_meta(key) == fingerprint:
            log.info("Slash commands unchanged; not syncing")
            return False
        await self.tree.sync(guild=guild)
        await self.store.set_meta(key, fingerprint)
        log.info("Synced slash commands to %s", f"guild {self.dev_guild_id}" if guild else "all servers")
        return True


def _on_message(message: discord.Message | None, custom_id: str) -> bool:
    if message is None:
        return False
    stack: list[object] = list(message.components)
    while stack:
        component = stack.pop()
        if getattr(component, "custom_id", None) == custom_id:
            return True
        stack.extend(getattr(component, "children", ()))
    return False
