"""The ephemeral views seats play from in the channel (the table's "My hand" button opens one):
whether a seat's view is its living private message, editing a view through the webhook of the
latest interaction on it (Discord does not rate-limit interaction webhooks), storing that token
so another process or a restarted bot can use it, handing a view back to the DM, and the sweep
that does so before the token runs out. Used by `bot.private_messages`, which owns the `Slot`s.

A token edits its view for 15 minutes after its interaction: a view not clicked for 14
(`EPHEMERAL_SECONDS`) is no longer living; the sweep, every `SWEEP_EVERY` seconds, empties it
while it still can and the DM takes the controls back.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from bot.i18n import N_, _
from bot.loaded_game import LoadedGame
from bot.message_slots import Slot
from bot.messenger import Messenger
from bot.pipeline import Pipeline
from bot.render.base import Payload
from bot.shown_pictures import ShownPictures

log = logging.getLogger(__name__)

#: An interaction's token edits its ephemeral message for 15 minutes; stop a little before.
EPHEMERAL_SECONDS = 14 * 60
#: ... and it can be edited until a little before 15 minutes (an expired view is emptied then).
TOKEN_LASTS = 15 * 60 - 10
#: How often views about to expire are looked for (so each is handed over before 15 minutes).
SWEEP_EVERY = 20.0
SUPERSEDED = N_("This view is out of date: your newest message for this game has the controls.")


class ChannelViews:
    def __init__(
        self,
        pipeline: Pipeline,
        messenger: Messenger,
        pictures: ShownPictures,
        expire: Callable[[], Awaitable[object]],
    ) -> None:
        """`expire`: hands the expired views back to their DMs (run by the sweep); `pictures`:
        what each message shows (a view's edit keeps a picture it already shows)."""
        self.pipeline = pipeline
        self.service = pipeline.service
        self.messenger = messenger
        self.pictures = pictures
        self.clock = pipeline.clock
        self._expire = expire
        self._sweeper: asyncio.Task[None] | None = None
        pipeline.on_stop.append(self._stop_sweeping)

    def living(self, game: LoadedGame, seat: int, slot: Slot) -> bool:
        """Whether the seat's living private message is its ephemeral view: always with DMs
        closed; with DMs open while the game runs and the view's token is young enough."""
        if game.seats[seat].dm_open is False:
            return True
        return game.record.status == "running" and self._young(slot)

    def expired(self, slot: Slot) -> bool:
        """A view that may still show controls and was not clicked for `EPHEMERAL_SECONDS`."""
        return slot.shown_in != "dm" and slot.token is not None and not self._young(slot)

    def _young(self, slot: Slot) -> bool:
        return slot.token is not None and self.clock() - slot.token_at <= EPHEMERAL_SECONDS

    def editable(self, slot: Slot) -> bool:
        """Whether the slot has a view its token can still edit."""
        return slot.token is not None and self.clock() - slot.token_at <= TOKEN_LASTS

    async def edit(self, slot: Slot, payload: Payload) -> bool:
        """Edit an ephemeral view through the latest interaction on it, while its token lasts
        (an interaction webhook: not rate-limited). False if it could not be edited."""
        if slot.token is None or not self.editable(slot):
            return False
        # (its picture kept when unchanged: uploaded again, it was ~15 KB more and reloaded on a phone)
        if not await self.messenger.edit_interaction(
            slot.token, self.pictures.for_edit(slot.view_id, payload)
        ):
            slot.token = None
            return False
        self.pictures.shown(slot.view_id, payload)
        return True

    async def remember(self, game_id: int, seat: int, slot: Slot) -> None:
        """Store the seat's view (its token, when it came, its id; no token: none), so another
        process or a restarted bot can still edit it."""
        async with self.service.lock(game_id):
            game = await self.service.set_private_view(
                game_id, seat, token=slot.token, at=slot.token_at, message_id=slot.view_id
            )
        self.pipeline.bookkept(game)

    async def hand_over(self, game: LoadedGame, seat: int, slot: Slot, payload: Payload) -> None:
        """The DM is the living message again: the view shows the end, or (still running) is
        emptied of its controls and forgotten."""
        if game.record.status != "running":
            await self.edit(slot, payload.without_controls())
            return
        await self.edit(slot, Payload(content=_(SUPERSEDED)))
        slot.token, slot.token_at, slot.view_id = None, self.clock(), None
        await self.remember(game.id, seat, slot)

    # -- the sweep ---------------------------------------------------------------------------------
    def start_sweeping(self) -> None:
        """Look for views about to expire from now on (once some seat plays from a view)."""
        if self._sweeper is None or self._sweeper.done():
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever(), name="view-sweeper")

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_EVERY)
            try:
                await self._expire()
            except Exception:
                log.exception("handing expired views back to DMs failed")

    async def _stop_sweeping(self) -> None:
        task, self._sweeper = self._sweeper, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
