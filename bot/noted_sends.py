"""New DMs and channel posts that a killed process cannot leave behind.

A new DM (a seat's living DM, a "your turn"), a table message posted anew (it was gone, or
buried under chat) or a mention (`bot.channel_posts`) is sent with a nonce noted first in the
database (`storage.sends`); once its id is recorded where it belongs, the note goes. A process
killed between Discord creating the message and the bot recording its id leaves the note, and a
message nobody knows of: with live controls beside the living DM or the table, or a "your turn"
never deleted. At the next start
(with several processes, any of them, once the note is `SEND_ABANDONED_AFTER` old), the same nonce is
sent again: Discord answers a nonce it saw in the past few minutes with the message it created
then (`enforce_nonce`, which discord.py sends with every nonce), and that message is deleted
unless it was recorded after all. Later than that, Discord creates the placeholder anew, and it
is deleted at once.

A send Discord did not take (`NotDelivered`: a server error, a dropped connection) may have made
the message all the same. A living DM or a table is sent again under the same nonce (`NewDms`,
`TableMessages`), so that Discord answers with that message rather than make a second one; a DM
that is not sent again (a "your turn", told in the channel instead) is settled a moment later the
way the start settles a note (`settle_later`).
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from bot.errors import UserError
from bot.messenger import Messenger, NotDelivered
from bot.pacing import Pacer, dm
from bot.render.base import Payload
from bot.service import GameService
from storage.sends import Send

if TYPE_CHECKING:
    from bot.message_slots import Slot

log = logging.getLogger(__name__)

#: Several processes: a send noted this long ago and never done is one whose process stopped (a
#: live process records its message within seconds: one REST call, with discord.py's retries).
SEND_ABANDONED_AFTER = 120.0
#: What the send of a note's nonce again says, should Discord create it anew (deleted at once).
PLACEHOLDER = Payload(content="\N{HOURGLASS}")
#: A send Discord did not take and that is not tried again is settled this many seconds later.
SETTLE_SECONDS = 10.0


class NotedSends:
    def __init__(
        self, messenger: Messenger, service: GameService, pacer: Pacer, clock: Callable[[], float]
    ) -> None:
        self.messenger = messenger
        self.service = service
        self.store = service.store.sends
        self.pacer = pacer
        self.clock = clock
        self.settle_after = SETTLE_SECONDS
        self.started = clock()  # (this process's own notes are never a stopped process's)

    async def send(
        self,
        user_id: int,
        payload: Payload,
        *,
        ping: bool,
        game_id: int,
        seat: int | None,
        nonce: int | None = None,
    ) -> tuple[int | None, int]:
        """Send a new DM (`Messenger.send_dm`), noted under a new nonce: (its id, or None when
        the DMs are closed; the nonce, for `recorded`). `seat`: the seat whose living DM it is;
        None for a "your turn". Discord failing to take it (`NotDelivered`) leaves the note, and
        the error carries its nonce: `nonce` sends the same DM again under it (Discord answers
        with the DM if it created it after all; it may show what the first try showed)."""
        return await self._noted(
            nonce,
            lambda nonce: Send(nonce, user_id, game_id, seat),
            lambda nonce: self.messenger.send_dm(user_id, payload, ping=ping, nonce=nonce),
        )

    async def _noted(
        self,
        nonce: int | None,
        note: Callable[[int], Send],
        send: Callable[[int], Awaitable[int | None]],
    ) -> tuple[int | None, int]:
        """`send` the message under `nonce`, noted first (`note`) if it is a new one: (its id,
        or None, the nonce). `NotDelivered` carries the nonce."""
        if nonce is None:
            nonce = secrets.randbits(63)
            await self.store.begin(note(nonce), self.clock())
        try:
            made = await send(nonce)
        except NotDelivered as error:
            error.nonce = nonce
            raise
        if made is None:
            await self.store.done(nonce)
        return made, nonce

    async def recorded(self, nonce: int) -> None:
        """The message sent under `nonce` is recorded (or taken care of): its note goes."""
        await self.store.done(nonce)

    async def finish(self) -> int:
        """Delete the messages of the notes a stopped process left (at start, alone, all those begun
        before this process started; with several processes, those over `SEND_ABANDONED_AFTER` old).
        Returns how many notes."""
        now = self.clock()
        shared = self.service.shared
        unfinished = await self.store.unfinished(now - SEND_ABANDONED_AFTER if shared else self.started, now)
        for send in unfinished:
            await self._settle(send)
        return len(unfinished)

    async def post_table(
        self, game_id: int, channel_id: int, payload: Payload, nonce: int | None
    ) -> tuple[int | None, int]:
        """Post the game's table anew (`Messenger.send_channel`), noted under `nonce` (None: a
        new one; else the nonce of a try Discord did not take, noted then, which
        `NotDelivered.nonce` carries): (its id, or None if the bot may not post there; the
        nonce, for `recorded` once it is the game's table)."""
        return await self._noted(
            nonce,
            lambda nonce: Send(nonce, 0, game_id, channel_id=channel_id),
            lambda nonce: self.messenger.send_channel(channel_id, payload, nonce=nonce),
        )

    async def note_post(self, game_id: int, channel_id: int) -> Send:
        """A post in the game's channel that the bot records once it is up (a mention, the turn
        clock's warning: `storage.calls`) is about to go: noted under a new nonce, to post it
        under (`recorded` once it is recorded)."""
        note = Send(secrets.randbits(63), 0, game_id, channel_id=channel_id)
        await self.store.begin(note, self.clock())
        return note

    def settle_unsent(self, slot: Slot) -> None:
        """The new DM (or table) Discord did not take (`Slot.unsent`) will not be sent again:
        one Discord made all the same is deleted a moment later (`settle_later`)."""
        if slot.unsent is not None and slot.unsent.note is not None:
            self.settle_later(slot.unsent.note)
        slot.unsent = None

    def settle_later(self, send: Send) -> None:
        """A DM Discord did not take (`NotDelivered.nonce`) that is not sent again: in
        `settle_after` seconds its nonce is sent again, and the DM Discord may have created all
        the same is deleted unless it was recorded (as `finish` does at start)."""

        async def settle() -> None:
            await self._settle(send)

        self.pacer.later(self.settle_after, settle)

    async def _settle(self, send: Send) -> None:
        """Send the note's nonce again; delete the message it finds unless it was recorded."""
        channel = send.channel_id
        await self.pacer.turn(dm(send.who) if channel is None else channel)
        try:
            if channel is None:
                found = await self.messenger.send_dm(send.who, PLACEHOLDER, ping=False, nonce=send.nonce)
            else:
                found = await self.messenger.send_channel(channel, PLACEHOLDER, nonce=send.nonce)
        except NotDelivered as error:
            log.warning("%s: a message under way is looked for at the next start", error)
            return
        if found is not None and not await self._recorded(send, found):
            if channel is None:
                await self.pacer.turn(dm(send.who))
                await self.messenger.delete_dm(send.who, found)
            else:
                await self.pacer.turn(channel)
                await self.messenger.delete_message(channel, found)
        await self.store.done(send.nonce)

    async def _recorded(self, send: Send, message_id: int) -> bool:
        """Whether the message is recorded where it belongs: the game's table, the seat's
        living DM, a "your turn" DM or mention (`storage.calls`)."""
        if send.seat is None:
            calls = await self.service.store.calls.of_game(send.game_id)
            if any(call.message_id == message_id for call in calls):
                return True
            if send.channel_id is None:
                return False
        try:
            game = await self.service.load(send.game_id)
        except UserError:
            return False
        if send.seat is None:
            return game.record.table_message_id == message_id
        return send.seat < len(game.seats) and game.seats[send.seat].dm_message_id == message_id
