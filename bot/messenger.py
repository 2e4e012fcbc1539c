"""Messages the bot sends on its own (not as an interaction response): DMs and table edits.

One seam between the flows and Discord's REST API, so tests can swap in a recording fake.
Closed DMs are not an error: `send_dm` returns None and the game goes on (the table message
always carries a "My role & cards" button for the ephemeral fallback).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import pickle
import threading
import time
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, replace
from typing import Literal, Protocol

import discord

from bot.render.base import Payload, Picture

log = logging.getLogger(__name__)

#: The message id meaning "the interaction's original response" in Discord's webhook routes.
ORIGINAL = "@original"


#: After this many drawing processes died, pictures are drawn in a thread of the bot's process.
MAX_BROKEN = 3
#: A drawing process that finished no picture for this long while one waited is hung (a picture
#: takes a few ms): it is killed, and counts as broken. Short enough that the click waiting for
#: the picture is still answered within Discord's 3 s (the picture drawn in the thread meanwhile).
STALLED_AFTER = 2.0
#: A new process may take this long more to start (spawn, import Pillow and the renderers: about a
#: second, more on a busy machine) before its first picture.
STARTING = 5.0


class DrawingStalled(Exception):
    """The drawing process finished nothing for `STALLED_AFTER` seconds while a picture waited."""


class PictureCache:
    """The PNG bytes of the last pictures sent, by `Picture.key` (same key, same picture): a
    picture sent again (the same table after a repost, an interaction's answer and a REST edit
    of the same state, the same tree in two messages) is drawn and encoded once.

    The real bot (`DiscordMessenger` sets `drawing = "process"`) draws in a process of its own,
    so drawing never holds the event loop's interpreter lock: clicks are answered meanwhile, and
    the bot uses a second core. A picture travels there as data (its `render` is a function of
    the renderers' modules with its arguments: `functools.partial`, never a lambda). A picture
    that cannot travel is drawn in a thread of this process; a process that dies, or hangs
    (finishes nothing for `STALLED_AFTER` seconds while a picture waits: it is killed), is
    replaced (that picture is drawn in the thread), until `MAX_BROKEN` have died: then every
    picture is drawn in that thread. The tests' fakes draw in the caller's thread (`"inline"`)."""

    def __init__(self, size: int = 256) -> None:  # ~20 kB each: ~5 MB
        self.size = size
        self.drawing: Literal["inline", "process"] = "inline"
        self._bytes: OrderedDict[str, bytes] = OrderedDict()
        self._process: ProcessPoolExecutor | None = None
        self._thread: ThreadPoolExecutor | None = None
        self._broken = 0  # drawing processes that died
        self._progress = 0.0  # time.monotonic() when the drawing process last finished a picture
        self._started = 0.0  # ... when the drawing process was started
        self.stalled_after, self.starting = STALLED_AFTER, STARTING
        self.hits = self.misses = 0

    async def ready(self, payload: Payload) -> Payload:
        """`payload` with the bytes of every picture it will upload drawn (or found)."""
        if not payload.pictures or payload.keep_pictures:
            return payload
        pictures = []
        for picture in payload.pictures:
            data = self._bytes.get(picture.key)
            if data is None:
                if isinstance(picture.render, _Drawn):  # made ready before (a write sent again)
                    data = picture.render.data
                else:
                    self.misses += 1
                    data = await self._draw(picture)
                self._bytes[picture.key] = data
                if len(self._bytes) > self.size:
                    self._bytes.popitem(last=False)
            else:
                self.hits += 1
                self._bytes.move_to_end(picture.key)
            pictures.append(replace(picture, render=_Drawn(data)))
        payload.pictures = pictures
        return payload

    def clear(self) -> None:
        """Forget every picture kept (they are drawn again when next sent)."""
        self._bytes.clear()

    def start(self) -> None:
        """Start the drawing process now (it imports Pillow and the renderers: about a second)
        rather than at the first picture."""
        if self.drawing == "process":
            drawer = self._drawer()
            try:
                drawer.submit(_nothing)
            except OSError as error:  # the bot plays on: a picture tries again, then a thread draws
                self._broke(drawer, error)

    def stop(self) -> None:
        for pool in (self._process, self._thread):
            if pool is not None:
                pool.shutdown(wait=False, cancel_futures=True)
        self._process = self._thread = None

    def _drawer(self) -> ProcessPoolExecutor:
        if self._process is None:
            spawn = multiprocessing.get_context("spawn")  # never a fork of a process with threads
            self._process = ProcessPoolExecutor(
                max_workers=1, mp_context=spawn, initializer=_end_with, initargs=(os.getpid(),)
            )
            self._started = time.monotonic()  # (it starts at its first job, submitted now)
        return self._process

    async def _draw(self, picture: Picture) -> bytes:
        if self.drawing == "inline":
            return picture.drawn()
        loop = asyncio.get_running_loop()
        if self._broken < MAX_BROKEN:
            drawer = self._drawer()
            try:  # submitting starts the process when there is none: OSError if it cannot
                drawing = asyncio.wrap_future(drawer.submit(_drawn, picture), loop=loop)
            except (BrokenProcessPool, OSError) as error:
                self._broke(drawer, error)
            else:
                try:
                    return await self._finished(drawing)
                except (BrokenProcessPool, DrawingStalled) as error:  # died (killed, out of memory), hung
                    self._broke(drawer, error)
                except (pickle.PicklingError, AttributeError, TypeError):  # a renderer's lambda?
                    log.exception("a picture could not travel to the drawing process: drawn here")
        if self._thread is None:
            self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pictures")
        return await loop.run_in_executor(self._thread, picture.drawn)

    async def _finished(self, drawing: asyncio.Future[bytes]) -> bytes:
        """`drawing`'s bytes, or DrawingStalled once the process finished no picture (this one or
        another) for `stalled_after` seconds while this one waited (plus `starting` after the process
        was started): a long queue is no stall."""
        waiting_since = time.monotonic()
        try:
            while True:
                done, _ = await asyncio.wait({drawing}, timeout=self.stalled_after / 4)
                if done:
                    self._progress = time.monotonic()
                    return drawing.result()
                since = max(self._progress, waiting_since, self._started + self.starting)
                if time.monotonic() - since > self.stalled_after:
                    raise DrawingStalled(f"no picture drawn for {self.stalled_after:.1f} s")
        except asyncio.CancelledError:
            drawing.cancel()
            raise

    def _broke(self, drawer: ProcessPoolExecutor, error: BaseException) -> None:
        """`drawer`'s process died, hung or could not start: it is killed, and a new one starts
        next time, until `MAX_BROKEN`. Every picture waiting on it comes here; one death counts
        once, and a replacement that another picture started meanwhile is left alone."""
        if drawer is not self._process:
            return
        self._broken += 1
        self._process = None
        for worker in list((getattr(drawer, "_processes", None) or {}).values()):
            worker.kill()  # a hung one does not end by itself (dead ones: nothing happens)
        drawer.shutdown(wait=False, cancel_futures=True)
        log.error("no drawing process (%r); %d of %d", error, self._broken, MAX_BROKEN)


def _end_with(parent: int) -> None:
    """In the drawing process: end when the bot's process is gone (also after a kill -9, which
    leaves it no chance to stop its children)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _drawn(picture: Picture) -> bytes:
    """In the drawing process: the picture's bytes."""
    return picture.drawn()


def _nothing() -> None:
    return None


@dataclass(frozen=True)
class _Drawn:
    """A picture's render once its bytes are known (they are returned as they are)."""

    data: bytes

    def __call__(self) -> bytes:
        return self.data


#: One cache for every message the bot sends or edits (REST and interaction answers alike).
PICTURES = PictureCache()


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
