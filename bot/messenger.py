"""Messages the bot writes to Discord: DMs, channel posts and edits (REST, paced), and edits and
deletes of ephemeral views through their interaction's webhook (`edit_interaction`,
`delete_followup`). Pictures are drawn by `bot.picture_cache`.

One seam between the flows and Discord's REST API, so tests can swap in a recording fake.
Closed DMs are not an error: `send_dm` returns None and the game goes on (the table message
always carries a "My role & cards" button for the ephemeral fallback).
"""

from __future__ import annotations

import logging
from typing import Protocol

import discord

from bot.picture_cache import PICTURES
from bot.render.base import Payload

log = logging.getLogger(__name__)

#: The message id meaning "the interaction's original response" in Discord's webhook routes.
ORIGINAL = "@original"


#: A write Discord failed to take (`NotDelivered`) is made again this many seconds later, then
#: twice as long after each further failure, up to `RETRIES` times in a row (about 10 minutes in
#: all: a Discord outage of that length loses no write, a game's last ones included); then a
#: message the bot keeps true is edited every `retry_delay(RETRY_SECONDS, RETRIES)` seconds until
#: Discord takes it (`bot.message_slots.write_again`), other writes wait for the next change.
RETRY_SECONDS = 10.0
RETRIES = 6


def retry_delay(first: float, failures: int) -> float:
    """How long to wait before trying a write again after its `failures`-th failure in a row."""
    return first * 2 ** (failures - 1)


class NotDelivered(Exception):
    """Discord did not take a new message or an edit this time (a server error once
    discord.py's own retries were used up, a dropped connection). Unlike closed DMs or a message
    that is gone, worth trying again."""

    #: a new DM's: the nonce it was sent under (`bot.noted_sends`), to send it again under
    nonce: int | None = None


class Messenger(Protocol):
    async def send_dm(
        self, user_id: int, payload: Payload, *, ping: bool, nonce: int | None = None
    ) -> int | None:
        """Send a DM; the message id, or None if the user cannot receive DMs from the bot (raises
        `NotDelivered` when Discord failed to take it). Only a DM that tells its player of a
        decision `ping`s (a push notification); any other is silent. `nonce`: sent again within
        a few minutes, Discord answers with the DM it created for it (`bot.noted_sends`)."""

    async def edit_dm(self, user_id: int, message_id: int, payload: Payload) -> bool:
        """Edit a DM the bot sent; False if it is gone (or DMs are closed now); raises
        `NotDelivered` when Discord failed to take the edit."""

    async def delete_dm(self, user_id: int, message_id: int) -> None:
        """Delete a DM the bot sent (gone already is fine)."""

    def opens_dm(self, user_id: int) -> bool:
        """Whether a DM to this user first opens its DM channel (one more rate-limited call)."""

    async def open_dm(self, user_id: int) -> None:
        """Open the user's DM channel ahead of a first DM, so that the DM drawn after it shows
        what is newest when it is sent (a failure is left to the DM's own send)."""

    async def edit_interaction(self, token: str, payload: Payload) -> bool:
        """Edit an interaction's original response (an ephemeral view) through the interaction's
        webhook (not rate-limited; the token lasts 15 minutes); False if that failed."""

    async def delete_followup(self, token: str, message_id: int) -> None:
        """Delete an interaction's follow-up message (an ephemeral note) through the interaction's
        webhook (not rate-limited; the token lasts 15 minutes; gone already is fine)."""

    async def edit_message(self, channel_id: int, message_id: int, payload: Payload) -> bool:
        """Edit a message the bot posted; False if it is gone; raises `NotDelivered` when
        Discord failed to take the edit."""

    async def send_channel(
        self, channel_id: int, payload: Payload, *, nonce: int | None = None
    ) -> int | None:
        """Post in a channel; the message id, or None if the bot may not post there (raises
        `NotDelivered` when Discord failed to take it). A post that mentions nobody
        (`Payload.mentions`) is silent. `nonce`: sent again within a few minutes, Discord
        answers with the post it made for it (`bot.channel_posts`)."""

    async def delete_message(self, channel_id: int, message_id: int) -> None:
        """Delete a message the bot posted in a channel (gone already is fine)."""


class DiscordMessenger:
    #: Its writes reach Discord, which rate-limits them per channel: the delivery paces them.
    paced = True

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        PICTURES.drawing = "process"
        self._dm_channels: dict[int, int] = {}  # user id -> DM channel id

    async def send_dm(
        self, user_id: int, payload: Payload, *, ping: bool, nonce: int | None = None
    ) -> int | None:
        try:
            channel = await self._dm_channel(user_id)
            kwargs = (await PICTURES.ready(payload)).send_kwargs(silent=not ping)
            if nonce is not None:  # (discord.py draws one of its own otherwise)
                kwargs["nonce"] = nonce
            message = await channel.send(**kwargs)
        except discord.Forbidden:  # 50007: Cannot send messages to this user
            return None
        except (discord.HTTPException, OSError) as error:  # not a refusal: the DMs are not closed
            raise NotDelivered(f"a DM to {user_id}: {error}") from error
        return message.id

    def opens_dm(self, user_id: int) -> bool:
        return user_id not in self._dm_channels

    async def open_dm(self, user_id: int) -> None:
        try:
            await self._dm_channel(user_id)
        except (discord.HTTPException, OSError) as error:
            log.warning("opening the DM channel of %s failed (its DM tries again): %s", user_id, error)

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

    async def delete_followup(self, token: str, message_id: int) -> None:
        application_id = self.client.application_id
        if application_id is None:
            return
        webhook = discord.Webhook.partial(application_id, token, client=self.client)
        try:
            await webhook.delete_message(message_id)
        except discord.HTTPException as error:
            log.info("deleting an ephemeral note failed: %s", error)

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
        except (discord.DiscordServerError, OSError) as error:  # not gone: Discord failed this time
            raise NotDelivered(f"an edit of message {message_id} in {channel.id}: {error}") from error
        except discord.HTTPException as error:
            log.warning("editing message %s in %s failed: %s", message_id, channel.id, error)
            return False
        return True

    async def send_channel(
        self, channel_id: int, payload: Payload, *, nonce: int | None = None
    ) -> int | None:
        channel = self.client.get_partial_messageable(channel_id)
        try:
            kwargs = (await PICTURES.ready(payload)).send_kwargs(silent=not payload.mentions)
            if nonce is not None:  # (discord.py draws one of its own otherwise)
                kwargs["nonce"] = nonce
            message = await channel.send(**kwargs)
        except (discord.DiscordServerError, OSError) as error:  # not a refusal: Discord failed this time
            raise NotDelivered(f"a post in {channel_id}: {error}") from error
        except discord.HTTPException as error:
            log.warning("posting in %s failed: %s", channel_id, error)
            return None
        return message.id
