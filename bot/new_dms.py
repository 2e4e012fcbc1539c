"""A seat's new living DM: `PrivateMessages` sends one to announce a private decision, or when
the seat has none. It is sent (through `bot.noted_sends`, so that a killed process leaves none
behind), then the previous one is deleted and the new one recorded. With several processes,
sending and recording are one step under the game's lock, and a living DM another process
recorded meanwhile is adopted instead. A DM, or an edit of one, that Discord failed to take
(`NotDelivered`) is written again a little later (`try_again`); a new one under the nonce of the
try Discord did not take, so that a DM Discord created all the same is the one kept.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from bot.loaded_game import LoadedGame
from bot.message_slots import Slot, Unsent, write_again
from bot.messenger import RETRY_SECONDS, NotDelivered
from bot.outbox import Outbox
from bot.pacing import dm
from bot.picture_cache import PICTURES
from bot.render.base import Payload
from storage.sends import Send

if TYPE_CHECKING:
    from bot.private_messages import PrivateMessages

log = logging.getLogger(__name__)


class NewDms:
    """`PrivateMessages.new_dms`: its seats' new DMs (it holds the slots, pacer and messenger)."""

    def __init__(self, privates: PrivateMessages) -> None:
        self.privates = privates
        self.retry_after = RETRY_SECONDS

    async def send(
        self,
        game: LoadedGame,
        seat: int,
        slot: Slot,
        payload: Payload,
        *,
        ping: bool,
        after: list[Callable[[], Awaitable[None]]] | None = None,
        redraw: Callable[[], Payload | None] | None = None,
    ) -> bool:
        """Send the seat a new living DM; the previous one is deleted. Closed DMs are noted.
        Returns whether it was sent. Several processes: sending and recording it are one step
        under the game's lock, and a living DM another process recorded meanwhile is adopted
        (edited) instead of a second one sent beside it. `redraw`: the payload drawn anew if the
        game moved on while the DM waited for its turn (None: it did not)."""
        p = self.privates
        if not p.service.shared:
            return await self._send(game, seat, slot, payload, ping=ping, after=after, redraw=redraw)
        async with p.service.lock(game.id):
            stored = (await p.service.load(game.id)).seats[seat]
            theirs = stored.dm_message_id
            if stored.reader == slot.user_id and theirs is not None and theirs != slot.message_id:
                if slot.message_id is None or theirs > slot.message_id:  # snowflakes grow with time
                    slot.message_id = theirs
                    if await p.edit_dm(slot, payload):
                        return False
            return await self._send(game, seat, slot, payload, ping=ping, locked=True, redraw=redraw)

    async def _send(
        self,
        game: LoadedGame,
        seat: int,
        slot: Slot,
        payload: Payload,
        *,
        ping: bool,
        locked: bool = False,
        after: list[Callable[[], Awaitable[None]]] | None = None,
        redraw: Callable[[], Payload | None] | None = None,
    ) -> bool:
        """Send the new DM, then delete the old one and record the new one: at once when
        `locked` (several processes: under the game's lock), else as a step in `after`, which
        its caller runs once it has released the DM's lock (it is recorded only if it is still
        the living one then)."""
        p = self.privates
        if p.pacer.enabled:  # drawn first: the request leaves as its turn is taken
            await PICTURES.ready(payload)
        opening = p.messenger.opens_dm(slot.user_id)
        slot.last = await p.pacer.turn(dm(slot.user_id), opening=opening)
        if opening and redraw is not None:  # (one round trip less between drawing and sending)
            await p.messenger.open_dm(slot.user_id)
        if redraw is not None and (newer := redraw()) is not None:
            payload = newer
            if p.pacer.enabled:
                await PICTURES.ready(payload)
        unsent, slot.unsent = slot.unsent, None
        if unsent is not None and unsent.note is not None and unsent.note.who != slot.user_id:
            p.sends.settle_later(unsent.note)  # (not one for this player)
            unsent = None
        try:
            new_id, nonce = await p.sends.send(
                slot.user_id,
                payload,
                ping=ping,
                game_id=game.id,
                seat=seat,
                nonce=unsent.nonce if unsent is not None else None,
            )
        except NotDelivered as error:
            if unsent is not None:
                slot.unsent = unsent.again(payload)
            elif error.nonce is not None:
                note = Send(error.nonce, slot.user_id, game.id, seat)
                slot.unsent = Unsent(error.nonce, payload.digest(), note)
            raise
        slot.undelivered = 0
        old = slot.message_id
        if new_id is not None:
            slot.message_id = new_id
            if unsent is not None and unsent.digest != payload.digest():
                await self._redraw(game.id, seat, slot, payload)
            else:
                p.pictures.shown(new_id, payload)

        async def bookkeeping() -> None:
            if old is not None and new_id is not None:
                await p.pacer.turn(dm(slot.user_id))
                await p.messenger.delete_dm(slot.user_id, old)
            if locked:
                latest = await p.service.set_dm(
                    game.id, seat, dm_open=new_id is not None, dm_message_id=new_id
                )
            else:
                async with p.service.lock(game.id):
                    if new_id is not None and slot.message_id != new_id:
                        # a newer one was sent meanwhile: recorded by its sender, who deletes this one
                        await p.sends.recorded(nonce)
                        return
                    latest = await p.service.set_dm(
                        game.id, seat, dm_open=new_id is not None, dm_message_id=new_id
                    )
            await p.sends.recorded(nonce)
            p.pipeline.bookkept(latest)

        if after is None or locked:
            await bookkeeping()
        else:
            after.append(bookkeeping)
        return new_id is not None

    async def _redraw(self, game_id: int, seat: int, slot: Slot, payload: Payload) -> None:
        """The DM sent under an earlier try's nonce may be the one Discord created then, showing
        what that try showed: it is edited (or, failing that, written again a little later)."""
        p = self.privates
        await p.pacer.turn(dm(slot.user_id))
        try:
            if await p.edit_dm(slot, payload):
                return
        except NotDelivered as error:
            log.warning("%s: written again in %.0f s", error, self.retry_after)

        async def again() -> None:
            await p.refresh(game_id=game_id, seat=seat, force=True)

        p.pacer.later(self.retry_after, again)

    def try_again(self, outbox: Outbox, seat: int, slot: Slot, ping: bool, error: NotDelivered) -> None:
        """Discord did not take the seat's new DM, or an edit of its DM: its DMs stay open (a
        refusal would have said they are closed), and the DM is written again in `retry_after`
        seconds (a new one with its push if it had one), a few times in a row, then as an edit of
        its DM every few minutes (`write_again`); from the game's newest outbox, or from this one
        once the game is over and forgotten."""
        p = self.privates

        def again(fresh: bool = ping) -> Awaitable[bool]:
            return p.rewrite(p.pipeline.latest(outbox), seat, slot, [], fresh=fresh, force=True, ping=fresh)

        edit = (lambda: again(fresh=False)) if slot.message_id is not None else None
        if not write_again(p.pacer, slot, error, again, after=self.retry_after, urgent=ping, edit=edit):
            p.sends.settle_unsent(slot)
