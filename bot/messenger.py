"""Messages the bot sends on its own (not as an interaction response): DMs and table edits.

One seam between the flows and Discord's REST API, so tests can swap in a recording fake.
Closed DMs are not an error: `send_dm` returns None and the game goes on (the table message
always carries a "My role & cards" button for the ephemeral fallback).
"""

from __future__ import annotations

import logging
from typing import Protocol

import discord

from bot.render.base import Payload

log = logging.getLogger(__name__)


class Messenger(Protocol):
    async def send_dm(self, user_id: int, payload: Payload) -> int | None:
        """Send a DM; the message id, or None if the user cannot receive DMs from the bot."""

    async def edit_message(self, channel_id: int, message_id: int, payload: Payload) -> bool:
        """Edit a message the bot posted; False if it is gone."""

    async def send_channel(self, channel_id: int, payload: Payload) -> int | None:
        """Post in a channel; the message id, or None if the bot may not post there."""


class DiscordMessenger:
    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self._dm_channels: dict[int, int] = {}  # user id -> DM channel id

    async def send_dm(self, user_id: int, payload: Payload) -> int | None:
        try:
            channel = await self._dm_channel(user_id)
            message = await channel.send(**payload.send_kwargs())
        except discord.Forbidden:  # 50007: Cannot send messages to this user
            return None
        except discord.HTTPException as error:
            log.warning("DM to %s failed: %s", user_id, error)
            return None
        return message.id

    async def _dm_channel(self, user_id: int) -> discord.abc.Messageable:
        """The DM channel, opened once per user (one REST call) and remembered by id, so a DM
        costs one rate-limited call, not a user fetch plus a channel lookup."""
        channel_id = self._dm_channels.get(user_id)
        if channel_id is None:
            channel = await self.client.create_dm(discord.Object(id=user_id))
            channel_id = self._dm_channels[user_id] = channel.id
        return self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)

    async def edit_message(self, channel_id: int, message_id: int, payload: Payload) -> bool:
        channel = self.client.get_partial_messageable(channel_id)
        try:
            await channel.get_partial_message(message_id).edit(**payload.edit_kwargs())
        except discord.NotFound:
            return False
        except discord.HTTPException as error:
            log.warning("editing message %s in %s failed: %s", message_id, channel_id, error)
            return False
        return True

    async def send_channel(self, channel_id: int, payload: Payload) -> int | None:
        channel = self.client.get_partial_messageable(channel_id)
        try:
            message = await channel.send(**payload.send_kwargs())
        except discord.HTTPException as error:
            log.warning("posting in %s failed: %s", channel_id, error)
            return None
        return message.id
