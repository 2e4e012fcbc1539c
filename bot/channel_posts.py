"""Posts in a game's channel (`ChannelPosts`): the end with its Rematch button, the turn clock's
warning, the "your turn" mention of players whose DMs are closed, chat reminders. A post Discord
failed to take (`NotDelivered`: a server error once discord.py's own retries are used up, a
dropped connection) is posted again a little later, a few times (`bot.messenger.RETRIES`), under
the same nonce: Discord answers a nonce it saw in the past few minutes with the post it made
then, so a post it made all the same is not made twice. A post that calls people to a decision
is posted again only while that decision is on.

A post the bot records once it is up (a mention, the turn clock's warning: deleted once untrue)
is noted first (`bot.noted_sends`): one a killed process made but never recorded, or one Discord
made all the same although it was not posted again, is found by its nonce and deleted.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Awaitable, Callable

from bot.loaded_game import LoadedGame
from bot.messenger import RETRIES, RETRY_SECONDS, Messenger, NotDelivered, retry_delay
from bot.noted_sends import NotedSends
from bot.pacing import Pacer
from bot.render.base import Payload
from storage.sends import Send

log = logging.getLogger(__name__)


class ChannelPosts:
    def __init__(
        self,
        messenger: Messenger,
        pacer: Pacer,
        newest: Callable[[int], LoadedGame | None],
        sends: NotedSends,
    ) -> None:
        """`newest`: the game's newest committed state in memory (None: none)."""
        self.messenger = messenger
        self.pacer = pacer
        self.newest = newest
        self.sends = sends
        self.retry_after = RETRY_SECONDS

    async def post(
        self,
        game: LoadedGame,
        payload: Payload,
        *,
        calls: bool = False,
        posted: Callable[[int], Awaitable[None]] | None = None,
    ) -> None:
        """Post `payload` in the game's channel (after its paced turn); `posted` gets its id once
        it is up (the post is noted until then). `calls`: it calls people to the game's current
        decision (urgent; posted again only while that decision is on)."""
        if posted is None:
            await self._post(game, payload, secrets.randbits(63), calls, posted, tries=0)
            return
        note = await self.sends.note_post(game.id, game.record.channel_id)

        async def recorded(message_id: int) -> None:
            await posted(message_id)
            await self.sends.recorded(note.nonce)

        await self._post(game, payload, note.nonce, calls, recorded, tries=0, note=note)

    async def _post(
        self,
        game: LoadedGame,
        payload: Payload,
        nonce: int,
        calls: bool,
        posted: Callable[[int], Awaitable[None]] | None,
        tries: int,
        note: Send | None = None,
    ) -> None:
        channel = game.record.channel_id
        await self.pacer.turn(channel)
        try:
            message_id = await self.messenger.send_channel(channel, payload, nonce=nonce)
        except NotDelivered as error:
            if tries >= RETRIES:
                log.warning("%s (%s times in a row): not posted", error, tries + 1)
                self._settle(note)
                return
            after = retry_delay(self.retry_after, tries + 1)
            log.warning("%s: posted again in %.0f s", error, after)

            async def again() -> None:
                if not calls or self._still_on(game):
                    await self._post(game, payload, nonce, calls, posted, tries + 1, note)
                else:  # its decision is over: one Discord made all the same goes
                    self._settle(note)

            self.pacer.later(after, again, urgent=calls)
            return
        if message_id is None:  # the bot may not post there
            if note is not None:
                await self.sends.recorded(note.nonce)
        elif posted is not None:
            await posted(message_id)

    def _settle(self, note: Send | None) -> None:
        """A noted post that is not posted again: one Discord made all the same is deleted."""
        if note is not None:
            self.sends.settle_later(note)

    def _still_on(self, game: LoadedGame) -> bool:
        """Whether the decision `game` was at is still the newest game's."""
        newest = self.newest(game.id)
        return newest is not None and newest.record.status == "running" and newest.decision == game.decision
