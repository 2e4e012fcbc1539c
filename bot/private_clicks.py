"""Clicks on a seat's private message (`bot.private_messages`): a click must be on its living
message; it is answered by redrawing that message (a choice half made: a draft), which becomes the
living one (a click on a DM a REST write holds for over `DM_WAIT` is acknowledged first and the DM
redrawn through the interaction once the write is done); the table's "My hand" button opens the
ephemeral view. A message it replaces loses its controls (a DM is deleted, an older view
emptied)."""

from __future__ import annotations

import discord

from bot import screens
from bot.answers import response_lock, send_new
from bot.channel_views import SUPERSEDED
from bot.errors import BadComponent, StaleDecision
from bot.i18n import N_, _
from bot.loaded_game import LoadedGame
from bot.message_slots import Slot, answer_by_edit, answer_later, lock_or_defer, shown_key
from bot.outbox import Outbox
from bot.picture_cache import PICTURES
from bot.private_messages import PrivateMessages
from bot.render.base import Payload
from bot.screens import turn_of
from games.core import Event

#: A click on a DM waits this long for a REST write of that DM under way (it holds the DM's lock
#: through its round trip), then is acknowledged, and the DM redrawn through the interaction once
#: the write is done. Discord wants every answer within 3 s (the table's is
#: `bot.table_message.TABLE_WAIT`).
DM_WAIT = 1.0
#: A click on a DM that a newer one replaced while the click was on its way.
OUTDATED_DM = N_("This message is out of date; see your newest message for this game.")
GONE_DM = N_("That message is gone; see your newest message for this game.")


class PrivateClicks:
    def __init__(self, messages: PrivateMessages) -> None:
        self.messages = messages
        self.service, self.pipeline, self.clock = messages.service, messages.pipeline, messages.clock
        self.views, self.pictures = messages.views, messages.pictures

    def check_clicked(self, interaction: discord.Interaction, game: LoadedGame, seat: int) -> None:
        """Before a click on a private message changes anything: it must be this seat's living DM,
        or an ephemeral view (the clicker's own by Discord's rules). Anything else (another
        player's DM, an old DM, a channel message that is not the table) is refused."""
        message = interaction.message
        if interaction.guild_id is None:
            slot = self.messages.slot(game, seat)
            # Several processes: with no living DM recorded yet (`slot` takes a newer recorded one
            # from `game`, loaded fresh under the lock), the clicked one is the one another process
            # just sent and is about to record.
            unknown = slot.message_id is None and self.service.shared
            # A DM newer than the living one recorded is one the bot sent and did not get to
            # record (killed between the two): it is the newest the player has (snowflakes grow).
            unrecorded = message is not None and slot.message_id is not None and message.id > slot.message_id
            if message is None or (message.id != slot.message_id and not (unknown or unrecorded)):
                raise StaleDecision(_("That message is not your newest one for this game; use the newest."))
        elif message is None or not message.flags.ephemeral:
            raise BadComponent(_("That control is not on the table; use the table or your private view."))

    async def answer(
        self, interaction: discord.Interaction, game_id: int, seat: int, draft: str | None = None
    ) -> None:
        """Answer a click on a private message by redrawing it (a half-made choice: `draft`); it
        becomes the seat's living private message (an older living one loses its controls). A
        click on a DM a REST write holds for over `DM_WAIT` is acknowledged at once and the DM
        redrawn through the interaction once it is free."""
        outbox = self.pipeline.outbox(game_id) or self.pipeline.outbox_holding(
            await self.service.load(game_id)
        )
        game = (await self.messages.caught_up(outbox)).game
        slot = self.messages.slot(game, seat)
        in_dm = interaction.guild_id is None
        acquiring = await lock_or_defer(interaction, slot.lock, DM_WAIT if in_dm else None)
        if acquiring is None:
            await self._redraw(interaction, outbox, seat, slot, draft)
            return
        decision = game.decision

        async def late() -> None:
            newest = outbox.game
            if newest.reader_of(seat) != slot.user_id:
                slot.lock.release()  # the seat changed hands meanwhile
                return
            still = newest.decision == decision  # else the draft was of a decision now over
            await self._redraw(interaction, outbox, seat, slot, draft if still else None)

        answer_later(interaction, slot.lock, acquiring, late)

    async def _redraw(
        self, interaction: discord.Interaction, outbox: Outbox, seat: int, slot: Slot, draft: str | None
    ) -> None:
        """`answer`, holding the slot's lock (released here)."""
        clicked = interaction.message.id if interaction.message is not None else None
        in_dm = interaction.guild_id is None
        if in_dm and slot.message_id is not None and clicked is not None and slot.message_id > clicked:
            # a newer DM was sent after the click was checked (snowflakes grow): it is the living
            # one, with the seat's choices; the clicked one (deleted by its sender, or about to be)
            # only says so
            slot.lock.release()
            await self._outdated(interaction)
            return
        superseded: list[Slot] = []
        adopted: int | None = None  # a DM that becomes the living one: recorded below
        try:
            game = outbox.game
            if in_dm:
                if slot.message_id != clicked:
                    superseded.append(Slot(slot.user_id, message_id=slot.message_id))
                    slot.message_id = clicked
                    adopted = clicked
                if slot.token is not None:  # it played from a view: the DM has the controls now
                    superseded.append(Slot(slot.user_id, token=slot.token, token_at=slot.token_at))
                    slot.token, slot.token_at, slot.view_id = None, self.clock(), None
                slot.parked = False
            else:  # an ephemeral view
                if slot.token is not None and slot.view_id != clicked:
                    superseded.append(Slot(slot.user_id, token=slot.token, token_at=slot.token_at))
                slot.token, slot.token_at, slot.view_id = interaction.token, self.clock(), clicked
            quiet = screens.private_payload(game, seat, (), draft)
            # the seat's undelivered news is shown now, so the delivery that follows has none left
            news = outbox.news.pop(seat, [])
            news += [
                e
                for e in outbox.table_events
                if not e.audience.is_public and e.audience.includes(seat) and e not in news
            ]
            payload = screens.private_payload(game, seat, news, draft) if news else quiet
            if await answer_by_edit(interaction, payload, self.pictures):
                slot.draft = (game.decision, draft) if draft else None
                slot.digest = screens.private_payload(game, seat).digest() if draft else quiet.digest()
                slot.key = shown_key(game, seat)
                slot.turn = turn_of(game, seat)
                slot.offered, slot.shown_in = payload.offered(), "dm" if in_dm else "view"
            elif in_dm:
                async with response_lock(interaction):
                    if not interaction.response.is_done():
                        slot.message_id = None  # the DM is gone: the delivery sends a new one
                        await interaction.response.send_message(
                            _("That message is gone; your choices come in a new message."), ephemeral=True
                        )
        finally:
            slot.lock.release()
        if adopted is not None and slot.message_id == adopted:
            async with self.service.lock(game.id):
                await self.service.set_dm(game.id, seat, dm_open=True, dm_message_id=adopted)
        if not in_dm or any(old.token is not None for old in superseded):
            await self.views.remember(game.id, seat, slot)
        for old in superseded:
            if old.message_id is not None or old.token is not None:
                await self.messages.close(old, Payload(content=_(SUPERSEDED)))
        if not in_dm:
            await self._parked(game, seat, slot)

    async def _outdated(self, interaction: discord.Interaction) -> None:
        """Answer a click on a DM a newer one replaced: the clicked one says so (if it is still
        there), else an ephemeral note does."""
        if await answer_by_edit(interaction, Payload(content=_(OUTDATED_DM)), self.pictures):
            return
        async with response_lock(interaction):
            if not interaction.response.is_done():
                await interaction.response.send_message(_(GONE_DM), ephemeral=True)

    async def open(self, interaction: discord.Interaction, game: LoadedGame, seat: int) -> None:
        """The table's "My hand" button: the seat's private view, ephemerally. While the game runs
        it becomes the seat's living private message, the one with its controls (its DM is
        parked); once it is over, a copy."""
        if game.record.status == "running":  # (they are looking: no "your turn" now)
            self.pipeline.attention.seen(game.id, interaction.user.id)
        slot = self.messages.slot(game, seat)
        draft = slot.draft[1] if slot.draft is not None and slot.draft[0] == game.decision else None
        payload = screens.private_payload(game, seat, draft=draft)
        if game.seats[seat].dm_open is not False and game.record.status != "running":
            await send_new(interaction, ephemeral=True, **(await PICTURES.ready(payload)).send_kwargs())
            return
        async with slot.lock:
            superseded = Slot(slot.user_id, token=slot.token, token_at=slot.token_at) if slot.token else None
            ready = await PICTURES.ready(payload)
            view_id = await send_new(interaction, ephemeral=True, **ready.send_kwargs())
            digest = screens.private_payload(game, seat).digest() if draft else payload.digest()
            slot.token, slot.token_at, slot.digest = interaction.token, self.clock(), digest
            slot.key, slot.shown_in = shown_key(game, seat), "view"
            slot.turn = turn_of(game, seat)
            slot.offered, slot.view_id = payload.offered(), view_id
            self.pictures.shown(view_id, payload)  # (its edits keep the picture while unchanged)
        await self.views.remember(game.id, seat, slot)
        if superseded is not None:
            await self.messages.close(superseded, Payload(content=_(SUPERSEDED)))
        await self._parked(game, seat, slot)

    async def show_kept(self, interaction: discord.Interaction, game: LoadedGame, seat: int) -> None:
        """ "My hand" or `/hand` from a player whose seat an AI keeps after their timeouts: the
        seat as it is, without controls, and how to take it back (ephemerally)."""
        payload = await PICTURES.ready(screens.kept_seat_payload(game, seat))
        await send_new(interaction, ephemeral=True, **payload.send_kwargs())

    async def unseen_news(
        self,
        interaction: discord.Interaction,
        game: LoadedGame,
        seat: int,
        events: list[Event],
        note: str | None,
    ) -> discord.WebhookMessage | None:
        """A click on the table told its seat a secret (a card drawn in secret) that no note of
        the renderer's tells, but nothing private reaches that seat: its DMs are closed, or not
        known yet (no DM tried: the DM that would tell it may fail), and it has no view open to
        edit. Then the answer shows its private message as it is now, ephemerally and without
        controls (its choices stay on the table and under "My hand"). None when nothing was sent."""
        secrets = [e for e in events if not e.audience.is_public]
        if note or not secrets or game.seats[seat].dm_open is True:
            return None
        if self.views.editable(self.messages.slot(game, seat)):
            return None  # (its view shows it)
        news = screens.renderer(game).private_news(secrets)
        if not news and not game.must_decide(seat):  # (only an echo of a choice now over: a last
            return None  # vote's copy flashed up and went at once)
        payload = screens.private_copy(game, seat, news)
        payload.content = screens.unseen_text(game, seat)
        ready = await PICTURES.ready(payload)
        return await interaction.followup.send(ephemeral=True, wait=True, **ready.send_kwargs())

    async def _parked(self, game: LoadedGame, seat: int, slot: Slot) -> None:
        """After a click made the view living: park the DM, and hand the view back to the DM in
        time if it is not clicked again."""
        self.views.start_sweeping()
        self.messages.sends.settle_unsent(slot)  # (a DM with the seat's controls beside the view)
        if slot.parked or slot.message_id is None:
            return
        async with slot.lock:
            if self.views.living(game, seat, slot):
                await self.messages.park(game, seat, slot)
