"""New DMs that a killed process cannot leave behind.

A new DM (a seat's living DM, a "your turn") is sent with a nonce noted first in the database
(`storage.sends`); once its id is recorded where it belongs, the note goes. A process killed
between Discord creating the DM and the bot recording its id leaves the note, and a DM nobody
knows of: with live controls beside the living DM, or a "your turn" never deleted. At the next
start (with several processes, any of them, once the note is `UNFINISHED_AFTER` old), the same
nonce is sent again: Discord answers a nonce it saw in the past few minutes with the message it
created then (`enforce_nonce`, which discord.py sends with every nonce), and that DM is deleted
unless it was recorded after all. Later than that, Discord creates the placeholder anew, and it is
deleted at once.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable

from bot.errors import UserError
from bot.messenger import Messenger, NotDelivered
from bot.pacing import Pacer, dm
from bot.render.base import Payload
from bot.service import GameService
from storage.sends import Send

log = logging.getLogger(__name__)

#: Several processes: a send noted this long ago and never done is one whose process stopped (a
#: live process records its DM within seconds: one REST call, with discord.py's retries).
UNFINISHED_AFTER = 120.0
#: What the send of a note's nonce again says, should Discord create it anew (deleted at once).
PLACEHOLDER = Payload(content="\N{HOURGLASS}")


class DmSends:
    def __init__(
        self, messenger: Messenger, service: GameService, pacer: Pacer, clock: Callable[[], float]
    ) -> None:
        self.messenger = messenger
        self.service = service
        self.store = service.store.sends
        self.pacer = pacer
        self.clock = clock

    async def send(
        self, user_id: int, payload: Payload, *, ping: bool, game_id: int, seat: int | None
    ) -> tuple[int | None, int]:
        """Send a new DM (`Messenger.send_dm`), noted under a new nonce: (its id, or None when
        the DMs are closed; the nonce, for `recorded`). `seat`: the seat whose living DM it is;
        None for a "your turn". Discord failing to take it (`NotDelivered`) leaves the note."""
        nonce = secrets.randbits(63)
        await self.store.begin(Send(nonce, user_id, game_id, seat), self.clock())
        sent = await self.messenger.send_dm(user_id, payload, ping=ping, nonce=nonce)
        if sent is None:
            await self.store.done(nonce)
        return sent, nonce

    async def recorded(self, nonce: int) -> None:
        """The DM sent under `nonce` is recorded (or taken care of): its note goes."""
        await self.store.done(nonce)

    async def finish(self) -> int:
        """Delete the DMs of the notes a stopped process left (at start, alone, all of them;
        with several processes, those over `UNFINISHED_AFTER` old). Returns how many notes."""
        now = self.clock()
        shared = self.service.shared
        unfinished = await self.store.unfinished(now - UNFINISHED_AFTER if shared else now, now)
        for send in unfinished:
            await self.pacer.turn(dm(send.who))
            try:
                found = await self.messenger.send_dm(send.who, PLACEHOLDER, ping=False, nonce=send.nonce)
            except NotDelivered as error:
                log.warning("%s: a DM under way before a restart is looked for at the next", error)
                continue
            if found is not None and not await self._recorded(send, found):
                await self.pacer.turn(dm(send.who))
                await self.messenger.delete_dm(send.who, found)
            await self.store.done(send.nonce)
        return len(unfinished)

    async def _recorded(self, send: Send, message_id: int) -> bool:
        """Whether the DM is recorded where it belongs: the seat's living DM, a "your turn"."""
        if send.seat is None:
            return any(
                call.message_id == message_id for call in await self.service.store.calls.of_game(send.game_id)
            )
        try:
            game = await self.service.load(send.game_id)
        except UserError:
            return False
        return send.seat < len(game.seats) and game.seats[send.seat].dm_message_id == message_id
