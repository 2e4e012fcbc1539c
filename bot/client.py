"""The discord.py client: wires storage, the service, the table flows and the commands."""

from __future__ import annotations

import hashlib
import json
import logging
import time
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers import answer_error, finish_answers
from bot.cog import GamesCog
from bot.components import DYNAMIC_ITEMS, matches_any
from bot.errors import UserError
from bot.global_budget import GLOBAL_PER_SECOND, process_budget
from bot.i18n import CATALOGUES, _, using
from bot.messenger import DiscordMessenger
from bot.pacing import Pacer
from bot.picture_cache import PICTURES
from bot.plugins import check_all
from bot.service import GameService
from bot.settings import AI_DELAY
from bot.shard_watch import ShardWatch
from bot.shared_clock import SYNC_EVERY, SharedClock
from bot.table import Table
from storage import Database, GameStore

log = logging.getLogger(__name__)

#: discord.py drops its rate-limit buckets idle for 5 minutes by scanning them all, every time it
#: opens a new one once it holds 256: with a bucket per DM channel and table channel, thousands,
#: which cost 3-7% of the bot's CPU at 300-1,000 games. It scans at most once per this long.
PRUNE_BUCKETS_EVERY = 60.0
#: On a stop, how long the interactions being answered may take to finish (seconds).
STOP_GRACE = 5.0


class GameBot(commands.Bot):
    def __init__(
        self,
        db: Database,
        *,
        dev_guild_id: int | None = None,
        ai_delay: float = AI_DELAY,
        rest_budget: float | None = None,
        **options: Any,
    ) -> None:
        """`rest_budget`: this process's rate-limited REST calls per second (`process_budget`)."""
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False  # (no voice: no warning)
        intents = discord.Intents.none()
        intents.guilds = True  # slash commands and components need no privileged intents
        intents.guild_messages = True  # who posts where (for table reminders), never the content
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            max_messages=None,  # the bot never reads cached messages: no cache to fill and scan
            **options,
        )
        prune_buckets_now_and_then(self.http)
        self.db = db
        self.dev_guild_id = dev_guild_id
        self.clock = SharedClock(db)
        self.store = GameStore(db, clock=self.clock.iso)  # (when each action was made: the same time)
        self.service = GameService(self.store, clock=self.clock)
        pacer = Pacer(per_second=process_budget() if rest_budget is None else rest_budget)
        self.table = Table(self.service, DiscordMessenger(self), ai_delay=ai_delay, pacer=pacer)
        self._resumed = False

    async def setup_hook(self) -> None:
        check_all()  # an incomplete game plugin fails here, not at a player's click
        await self.clock.sync()  # (several processes: the database server's time, before any timer)
        self.table.pipeline.poller.every(SYNC_EVERY, self.clock.sync)
        self.table.pipeline.poller.every(SYNC_EVERY, ShardWatch(self.db, time.monotonic).check)
        PICTURES.start()
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        await self.add_cog(GamesCog(self))
        await self.sync_commands_if_changed()

    async def on_ready(self) -> None:
        log.info("Logged in as %s (%s)", self.user, getattr(self.user, "id", "?"))
        if isinstance(self, discord.AutoShardedClient):
            shards = self.shard_ids or range(self.shard_count or 1)
            log.info("Running shard(s) %s of %s", ",".join(map(str, shards)), self.shard_count)
        if not self._resumed:
            self._resumed = True
            count = await self.table.restart.resume()
            log.info("Resumed %d live game(s)", count)

    async def remember_locale(self, user_id: int, locale: str) -> None:
        """A player's language, from their latest interaction (see `GameService.remember_locale`)."""
        await self.service.remember_locale(user_id, locale)

    async def close(self) -> None:
        unfinished = await finish_answers(STOP_GRACE)  # (clicks under way: answered, delivered)
        if unfinished:
            log.warning("stopping with %d interaction(s) still being answered", unfinished)
        await self.table.stop()
        PICTURES.stop()
        await super().close()

    async def on_message(self, message: discord.Message) -> None:
        if message.guild is None or message.author.bot:
            return
        await self.table.commands.on_channel_message(message.channel.id, message.author.id)

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """Slash commands' refusals and failures: the bot's one error mapping (in the language of
        the one who ran the command: a check may fail before the cog's sets it)."""
        with using(interaction.locale):
            if isinstance(error, app_commands.CommandInvokeError):
                await answer_error(interaction, error.original)
            elif isinstance(error, app_commands.NoPrivateMessage):
                await answer_error(interaction, UserError(_("Use this command in a server's channel.")))
            else:
                await answer_error(interaction, UserError(_("That command could not be run as given.")))

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer a component click discord.py would drop silently: a custom_id that is not one
        of ours, or one that is not on the message it claims to come from, as the kind of
        component it claims to be (forged)."""
        if interaction.type is not discord.InteractionType.component:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        with using(interaction.locale):  # the clicker's language
            if not matches_any(custom_id):
                reason = _("That button is not recognised.")
            elif not _on_message(interaction.message, custom_id, data.get("component_type")):
                reason = _("That button is not on this message.")
            else:
                return
        if not interaction.response.is_done():
            await interaction.response.send_message(reason, ephemeral=True)

    def command_fingerprint(self, guild: discord.abc.Snowflake | None) -> str:
        """What the synced commands are made of: their definitions and the catalogues their
        descriptions are translated from (a new translation is synced too)."""
        payload = [command.to_dict(self.tree) for command in self.tree.get_commands(guild=guild)]
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode())
        for path in sorted(CATALOGUES.glob("*/LC_MESSAGES/*.po")):
            digest.update(path.read_bytes())
        return digest.hexdigest()

    async def sync_commands_if_changed(self) -> bool:
        """Sync slash commands only when they differ from the last sync (Discord rate-limits syncs).
        With DEV_GUILD_ID they go to that server only, instantly; otherwise globally."""
        guild = discord.Object(self.dev_guild_id) if self.dev_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        key = f"command_hash:{self.dev_guild_id or 'global'}"
        fingerprint = self.command_fingerprint(guild)
        if await self.store.settings.get_meta(key) == fingerprint:
            log.info("Slash commands unchanged; not syncing")
            return False
        await self.tree.sync(guild=guild)
        await self.store.settings.set_meta(key, fingerprint)
        log.info("Synced slash commands to %s", f"guild {self.dev_guild_id}" if guild else "all servers")
        return True


class ShardedGameBot(GameBot, commands.AutoShardedBot):
    """The same bot over several gateway shards (`SHARD_COUNT`, `SHARD_IDS`): discord.py's
    AutoShardedBot runs this process's shards; Discord sends each shard the events of the guilds
    with `(guild_id >> 22) % shard_count` equal to its id, and DMs to shard 0. Several processes
    may share one PostgreSQL database, each with its own shard ids."""


def make_bot(
    db: Database,
    *,
    dev_guild_id: int | None = None,
    ai_delay: float = AI_DELAY,
    shard_count: int | None = None,
    shard_ids: list[int] | None = None,
    rest_per_second: float = GLOBAL_PER_SECOND,
) -> GameBot:
    """One gateway session (`GameBot`) unless sharding is configured; then `ShardedGameBot` with
    `shard_count` shards, of which this process runs `shard_ids` (all of them when None). Its
    rate-limited REST calls keep to its shards' share of the bot's `rest_per_second`."""
    budget = process_budget(rest_per_second, shard_count, shard_ids)
    if shard_count is None:
        return GameBot(db, dev_guild_id=dev_guild_id, ai_delay=ai_delay, rest_budget=budget)
    return ShardedGameBot(
        db,
        dev_guild_id=dev_guild_id,
        ai_delay=ai_delay,
        rest_budget=budget,
        shard_count=shard_count,
        shard_ids=shard_ids,
    )


def prune_buckets_now_and_then(http: discord.http.HTTPClient) -> None:
    """Let `http` scan for idle rate-limit buckets at most once per `PRUNE_BUCKETS_EVERY`."""
    prune = http._try_clear_expired_ratelimits
    last = time.monotonic()

    def now_and_then() -> None:
        nonlocal last
        if time.monotonic() - last >= PRUNE_BUCKETS_EVERY:
            last = time.monotonic()
            prune()

    http._try_clear_expired_ratelimits = now_and_then  # type: ignore[method-assign]


def _on_message(message: discord.Message | None, custom_id: str, component_type: object) -> bool:
    """Whether `message` has a component of `component_type` with `custom_id` (what discord.py
    needs to dispatch it to our `DynamicItem`s). A forged message may carry the custom_id more
    than once: any of them of that type will do, as it does for discord.py."""
    if message is None:
        return False
    stack: list[object] = list(message.components)
    while stack:
        component = stack.pop()
        if getattr(component, "custom_id", None) == custom_id:
            kind = getattr(component, "type", None)
            if getattr(kind, "value", kind) == component_type:
                return True
        stack.extend(getattr(component, "children", ()))
    return False
