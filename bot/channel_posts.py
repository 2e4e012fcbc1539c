"""Posts in a game's channel (`ChannelPosts`): the end with its Rematch button, the turn clock's
warning, the "your turn" mention of players whose DMs are closed, chat reminders. A post Discord
failed to take (`NotDelivered`: a server error once discord.py's own retries are used up, a
dropped connection) is posted again a little later, a few times (`bot.messenger.RETRIES`), under
the same nonce: Discord answers a nonce it saw in the past few minutes with the post it made
then, so a post it made all the same is not made twice. A post that calls people to a decision
is posted again only while that decision is on.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Awaitable, Callable

from bot.loaded_game import LoadedGame
from bot.messenger import RETRIES, RETRY_SECONDS, Messenger, NotDelivered, retry_delay
from bot.pacing import Pacer
from bot.render.base import Payload

log = logging.getLogger(__name__)


class ChannelPosts:
    def __init__(
        self, messenger: Messenger, pacer: Pacer, newest: Callable[[int], LoadedGame | None]
    ) -> None:
        """`newest`: the game's newest committed state in memory (None: none)."""
        self.messenger = messenger
        self.pacer = pacer
        self.newest = newest
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
        it is up. `calls`: it calls people to the game's current decision (urgent; posted again
        only while that decision is on)."""
        await self._post(game, payload, secrets.randbits(63), calls, posted, tries=0)

    async def _post(
        self,
        game: LoadedGame,
        payload: Payload,
        nonce: int,
        calls: bool,
        posted: Callable[[int], Awaitable[None]] | None,
        tries: int,
    ) -> None:
        channel = game.record.channel_id
        await self.pacer.turn(channel)
        try:
            message_id = await self.messenger.send_channel(channel, payload, nonce=nonce)
        except NotDelivered as error:
            if tries >= RETRIES:
                log.warning("%s (%s times in a row): not posted", error, tries + 1)
                return
            after = retry_delay(self.retry_after, tries + 1)
            log.warning("%s: posted again in %.0f s", error, after)

            async def again() -> None:
                if not calls or self._still_on(game):
                    await self._post(game, payload, nonce, calls, posted, tries + 1)

            self.pacer.later(after, again, urgent=calls)
            return
        if message_id is not None and posted is not None:
            await posted(message_id)

    def _still_on(self, game: LoadedGame) -> bool:
        """Whether the decision `game` was at is still the newest game's."""
        newest = self.newest(game.id)
        return newest is not None and newest.record.status == "running" and newest.decision == game.decision
