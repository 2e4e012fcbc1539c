"""Messages the bot sends on its own (not as an interaction response): DMs and table edits.

One seam between the flows and Discord's REST API, so tests can swap in a recording fake.
Closed DMs are not an error: `send_dm` returns None and the game goes on (the table message
always carries a "My role & cards" button for the ephemeral fallback).
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Protocol

import discord

from bot.render.base import Payload

log = logging.getLogger(__name__)

#: The message id meaning "the interaction's original response" in Discord's webhook routes.
ORIGINAL = "@original"


class PictureCache:
    """The PNG bytes of the last pictures sent, by `Picture.key` (same key, same picture): a
    picture sent again (the same table after a repost, an interaction's answer and a REST edit
    of the same state, the same tree in two messages) is drawn and encoded once. Pictures are
    drawn in one worker thread (`ready`), so the event loop goes on answering clicks while Pillow
    encodes (it releases the GIL for its heavy parts); one thread, so no font is ever used by two
    threads at once. `threaded` is set by `DiscordMessenger` (the real bot draws every picture it
    sends through here); off, pictures are drawn in the caller's thread (the tests' fakes)."""

    def __init__(self, size: int = 256) -> None:  # ~20 kB each: ~5 MB
        self.size = size
        self.threaded = False
        self._bytes: OrderedDict[str, bytes] = OrderedDict()
        self._drawer: ThreadPoolExecutor | None = None
        self.hits = self.misses = 0

    async def ready(self, payload: Payload) -> Payload:
        """`payload` with the bytes of every picture it will upload drawn (or found)."""
        if not payload.pictures or payload.keep_pictures:
            return payload
        if self._drawer is None:
            self._drawer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pictures")
        pictures = []
        for picture in payload.pictures:
            data = self._bytes.get(picture.key)
            if data is None:
                self.misses += 1
                if self.threaded:
                    data = await asyncio.get_running_loop().run_in_executor(self._drawer, picture.drawn)
                else:
                    data = picture.drawn()
                self._bytes[picture.key] = data
                if len(self._bytes) > self.size:
                    self._bytes.popitem(last=False)
            else:
                self.hits += 1
                self._bytes.move_to_end(picture.key)
            pictures.append(replace(picture, render=_constant(data)))
        payload.pictures = pictures
        return payload


def _constant(data: bytes) -> Callable[[], bytes]:
    return lambda: data


#: One cache for every message the bot sends or edits (REST and interaction answers alike).
PICTURES = PictureCache()


class Messenger(Protocol):
    async def send_dm(self, user_id: int, payload: Payload) -> int | None:
        """Send a DM; the message id, or None if the user cannot receive DMs from the bot."""

    async def edit_dm(self, user_id: int, message_id: int, payload: Payload) -> bool:
        """Edit a DM the bot sent; False if it is gone (or DMs are closed now)."""

    async def delete_dm(self, user_id: int, message_id: int) -> None:
        """Delete a DM the bot sent (gone already is fine)."""

    async def edit_interaction(self, token: str, payload: Payload) -> bool:
        """Edit an interaction's original response (an ephemeral view) through the interaction's
        webhook (not rate-limited; the token lasts 15 minutes); False if that failed."""

    async def edit_message(self, channel_id: int, message_id: int, payload: Payload) -> bool:
        """Edit a message the bot posted; False if it is gone."""

    async def send_channel(self, channel_id: int, payload: Payload) -> int | None:
        """Post in a channel; the message id, or None if the bot may not post there."""

    async def delete_message(self, channel_id: int, message_id: int) -> None:
        """Delete a message the bot posted in a channel (gone already is fine)."""


class DiscordMessenger:
    #: Its writes reach Discord, which rate-limits them per channel: the delivery paces them.
    paced = True

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        PICTURES.threaded = True
        self._dm_channels: dict[int, int] = {}  # user id -> DM channel id

    async def send_dm(self, user_id: int, payload: Payload) -> int | None:
        try:
            channel = await self._dm_channel(user_id)
            message = await channel.send(**(await PICTURES.ready(payload)).send_kwargs())
        except discord.Forbidden:  # 50007: Cannot send messages to this user
            return None
        except discord.HTTPException as error:
            log.warning("DM to %s failed: %s", user_id, error)
            return None
        return message.id

    async def _dm_channel(self, user_id: int) -> discord.PartialMessageable:
        """The DM channel, opened once per user (one REST call) and remembered by id, so a DM
        costs one rate-limited call, not a user fetch plus a channel lookup."""
        channel_id = self._dm_channels.get(user_id)
        if channel_id is None:
            channel = await self.client.create_dm(discord.Object(id=user_id))
            channel_id = self._dm_channels[user_id] = channel.id
        return self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)

    async def edit_dm(self, user_id: int, message_id: int, payload: Payload) -> bool:
        try:
            channel = await self._dm_channel(user_id)
        except discord.HTTPException as error:
            log.warning("opening the DM channel of %s failed: %s", user_id, error)
            return False
        return await self._edit(channel, message_id, payload)

    async def delete_dm(self, user_id: int, message_id: int) -> None:
        try:
            channel = await self._dm_channel(user_id)
            await channel.get_partial_message(message_id).delete()
        except discord.HTTPException as error:
            log.info("deleting DM %s of %s: %s", message_id, user_id, error)

    async def edit_interaction(self, token: str, payload: Payload) -> bool:
        application_id = self.client.application_id
        if application_id is None:
            return False
        webhook = discord.Webhook.partial(application_id, token, client=self.client)
        try:
            await webhook.edit_message(ORIGINAL, **(await PICTURES.ready(payload)).edit_kwargs())  # type: ignore[call-overload]
        except discord.HTTPException as error:
            log.info("editing an ephemeral view failed: %s", error)
            return False
        return True

    async def delete_message(self, channel_id: int, message_id: int) -> None:
        try:
            await self.client.get_partial_messageable(channel_id).get_partial_message(message_id).delete()
        except discord.HTTPException as error:
            log.info("deleting message %s in %s: %s", message_id, channel_id, error)

    async def edit_message(self, channel_id: int, message_id: int, payload: Payload) -> bool:
        return await self._edit(self.client.get_partial_messageable(channel_id), message_id, payload)

    async def _edit(self, channel: discord.PartialMessageable, message_id: int, payload: Payload) -> bool:
        try:
            await channel.get_partial_message(message_id).edit(
                **(await PICTURES.ready(payload)).edit_kwargs()
            )
        except discord.NotFound:
            return False
        except discord.HTTPException as error:
            log.warning("editing message %s in %s failed: %s", message_id, channel.id, error)
            return False
        return True

    async def send_channel(self, channel_id: int, payload: Payload) -> int | None:
        channel = self.client.get_partial_messageable(channel_id)
        try:
            message = await channel.send(**(await PICTURES.ready(payload)).send_kwargs())
        except discord.HTTPException as error:
            log.warning("posting in %s failed: %s", channel_id, error)
            return None
        return message.id
