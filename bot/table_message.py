"""A game's table message (`TableMessages`, part of `bot.delivery`): kept true by REST edits from
the newest committed game, or answered through the interaction when the click is on it (not
rate-limited; the delivery that follows then has nothing left to write). A table that is gone is
posted anew, and one buried under chat is posted again at the bottom (the old one deleted).

Its `Slot` remembers what it shows (a digest of the rendered message) and holds a lock around each
write, so a render of an older state never lands over a newer one. Every REST write is paced per
channel (`bot.pacing`), with one trailing write that draws the newest game when it runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable

import discord

from bot import screens
from bot.answers import response_lock
from bot.i18n import _, using
from bot.loaded_game import LoadedGame
from bot.message_slots import (
    Slot,
    Unsent,
    answer_by_edit,
    answer_later,
    lock_or_defer,
    paced_turn,
    shows_stale_controls,
    write_again,
)
from bot.messenger import RETRY_SECONDS, Messenger, NotDelivered
from bot.notifications import Notifications
from bot.outbox import Outbox
from bot.pacing import Pacer
from bot.picture_cache import PICTURES
from bot.pipeline import Pipeline
from bot.private_messages import PrivateMessages
from bot.render.base import Payload
from bot.shown_pictures import ShownPictures
from storage.calls import CHANNEL, Call
from storage.sends import Send

log = logging.getLogger(__name__)

#: A table with this many people's messages after it in its channel is posted again at the bottom,
BURIED_AFTER = 10
#: ... at most once per this many seconds.
BUMP_EVERY = 60.0
#: The post that says a game is over waits at most this long for the table to show the end
#: (its channel's window is 5 s).
END_WAIT = 10.0
#: A click on the table waits this long for a REST edit of it under way, then is only acknowledged.
TABLE_WAIT = 1.0


class TableMessages:
    """`Delivery.tables`: each game's table message, and the other channel messages with its
    controls (`extra_controls`)."""

    def __init__(
        self,
        pipeline: Pipeline,
        messenger: Messenger,
        pacer: Pacer,
        pictures: ShownPictures,
        privates: PrivateMessages,
        notifications: Notifications,
    ) -> None:
        self.pipeline = pipeline
        self.messenger = messenger
        self.pacer = pacer
        self.pictures = pictures
        self.privates = privates
        self.notifications = notifications
        self.clock = pipeline.clock
        self.retry_after = RETRY_SECONDS  # a table write Discord failed to take
        self._tables: dict[int, Slot] = {}
        self._chat: dict[int, dict[int, int]] = {}  # channel -> {game: people's messages since its table}
        self._bumped: dict[int, float] = {}
        self._extras: dict[int, list[tuple[int, int]]] = {}  # game -> other messages with its controls

    def slot(self, game_id: int) -> Slot:
        slot = self._tables.get(game_id)
        if slot is None:
            slot = self._tables[game_id] = Slot(0)
        return slot

    def overtaken(self, game_id: int) -> None:
        """Another process committed newer versions: its table edits may have landed after ours."""
        slot = self._tables.get(game_id)
        if slot is not None:
            slot.digest = None

    async def write(self, game_id: int, *, repost: bool = False) -> None:
        """Bring the table message up to date (by REST), or post it anew (`repost`, or when it is
        gone), the old one then deleted."""
        outbox = self.pipeline.outbox(game_id)
        if outbox is None:
            return
        await self._write(outbox, self.slot(game_id), repost=repost)

    def _owed(self, outbox: Outbox, slot: Slot) -> bool:
        """Whether a trailing write is due for the table (it draws the newest game when it runs);
        it is promoted if it now brings a person's decision."""
        trailing = slot.later
        if trailing is None:
            return False
        game = outbox.game
        if not trailing.urgent and self._brings_decision(game, slot):
            self.pacer.promote(trailing)
        elif shows_stale_controls(slot, game):
            self.pacer.retire(trailing)
        return True

    async def _write(self, outbox: Outbox, slot: Slot, *, repost: bool = False) -> None:
        """Show the outbox's newest game on the table: an edit (paced), or a new post at the
        bottom (`repost`, or the message is gone); a post Discord made at an earlier try showing
        an older table is edited again at once."""
        if not repost and self._owed(outbox, slot):
            return
        async with slot.lock:
            if not repost and self._owed(outbox, slot):  # set while this waited for the lock
                return
            game = outbox.game
            news = outbox.changes, _news_after(outbox, slot)
            payload = screens.table_payload(game, outbox.table_news(news[1]))
            digest = payload.digest()
            message_id = game.record.table_message_id or slot.message_id
            if digest == slot.digest and message_id == slot.message_id and not repost:
                return
            if message_id is not None and not repost:
                if await self._edit(outbox, slot, payload, digest, message_id, news):
                    return
            redraw = await self._post_anew(outbox, slot, payload, digest, message_id, news, repost=repost)
        if redraw:
            await self._write(self.pipeline.latest(outbox), slot)

    async def _edit(
        self,
        outbox: Outbox,
        slot: Slot,
        payload: Payload,
        digest: str,
        message_id: int,
        news: tuple[int, int | None],
    ) -> bool:
        """Edit the table in its turn (`bot.pacing`; called with its lock held). False: it is gone
        (to be posted anew); True: done, left to a trailing write, or tried again later."""
        game = outbox.game
        channel = game.record.channel_id
        if not await paced_turn(
            self.pacer,
            slot,
            channel,
            # (the end is as urgent as a decision: it retires every control, then is posted)
            urgent=self._brings_decision(game, slot, payload) or game.record.status != "running",
            retires=shows_stale_controls(slot, game),
            payload=payload,
            pictures=self.pictures,
            message_id=message_id,
            trailing=lambda: self._trailing(outbox, slot),
        ):
            return True
        try:
            edited = await self.messenger.edit_message(
                channel, message_id, self.pictures.for_edit(message_id, payload)
            )
        except NotDelivered as error:  # not gone: Discord failed this time (not posted anew)

            def again() -> Awaitable[None]:  # (an edit again, however many tries failed)
                return self._write(self.pipeline.latest(outbox), slot)

            write_again(self.pacer, slot, error, again, after=self.retry_after, urgent=True, edit=again)
            return True
        if edited:
            slot.undelivered = 0
            self.pictures.shown(message_id, payload)
            slot.showing(message_id, payload, game, digest=digest, news=news)
        return edited

    async def _post_anew(
        self,
        outbox: Outbox,
        slot: Slot,
        payload: Payload,
        digest: str,
        message_id: int | None,
        news: tuple[int, int | None],
        *,
        repost: bool,
    ) -> bool:
        """Post the table at the bottom of its channel (called with its lock held), then record
        it and delete the old one. True: the post is one Discord made at an earlier try, showing
        what that try showed (to be edited again)."""
        game = outbox.game
        channel = game.record.channel_id
        if self.pacer.enabled:  # drawn first: the request leaves as its turn is taken
            await PICTURES.ready(payload)
        slot.last = await self.pacer.turn(channel)
        unsent, slot.unsent = slot.unsent, None
        try:
            new_id, nonce = await self.privates.sends.post_table(
                game.id, channel, payload, unsent.nonce if unsent is not None else None
            )
        except NotDelivered as error:  # posted again under the nonce: not twice if Discord made it
            if unsent is not None:
                slot.unsent = unsent.again(payload)
            elif error.nonce is not None:
                note = Send(error.nonce, 0, game.id, channel_id=channel)
                slot.unsent = Unsent(error.nonce, digest, note)
            if not write_again(
                self.pacer,
                slot,
                error,
                lambda: self._write(self.pipeline.latest(outbox), slot, repost=repost),
                after=self.retry_after,
                urgent=True,
            ):  # its tries used up: one Discord made all the same is deleted (its note goes)
                self.privates.sends.settle_unsent(slot)
            return False
        if new_id is None:
            return False
        slot.undelivered = 0
        redraw = unsent is not None and unsent.digest != digest  # made at an earlier try, showing it
        if not redraw:
            self.pictures.shown(new_id, payload)
        slot.showing(new_id, payload, game, digest="" if redraw else digest, news=news)
        self._chat.setdefault(channel, {})[game.id] = 0
        old = None
        if message_id is not None and message_id != new_id:
            old = Call(CHANNEL, message_id, -1, channel_id=channel)
            log.info(
                "game %s: its table %s posted anew as %s (repost: %s)", game.id, message_id, new_id, repost
            )
        moved = await self._set_table_message(game.id, new_id, replaces=old)
        await self.privates.sends.recorded(nonce)
        if old is not None:  # (taken to be deleted as the new one was recorded: see `storage.calls`)
            await self.pacer.turn(channel)
            await self.messenger.delete_message(channel, old.message_id)
            await self.pipeline.service.store.calls.deleted(old)
            await self.notifications.table_moved(moved)
        return redraw

    @staticmethod
    def _brings_decision(game: LoadedGame, slot: Slot, payload: Payload | None = None) -> bool:
        """Whether the table's next edit brings a decision a person may make on the table
        (urgent: `bot.pacing`): its controls are enabled (`screens.table_payload` disables them
        when no person may act there; a decision made only in private messages, or by AI seats
        only, is news on the table). `payload`: the table as it will be shown, if drawn."""
        people = [seat for seat in game.to_decide() if not game.is_ai(seat)]
        if slot.turn == game.decision or not people:
            return False
        if payload is None:  # (drawn only when part of a person's decision is private: the views
            # are made once per state, the table's payload would be drawn for this alone)
            if any(game.can_act(seat) and screens.turn_of(game, seat) is None for seat in people):
                return True  # all of their decision is on the table
            payload = screens.table_payload(game)
        return payload.offered() is not None

    async def _trailing(self, outbox: Outbox, slot: Slot) -> None:
        slot.later = None
        drawn = (await self.privates.caught_up(outbox)).game.drawn_from
        await self._write(outbox, slot)
        if await self.privates.overtaken_since(outbox, drawn):
            await self.pipeline.deliver(outbox.game.id)

    async def written(self, game_id: int, timeout: float = END_WAIT) -> None:
        """Until the table's trailing write, if one waits, is done (promoted: it goes before
        the non-urgent writes), at most `timeout` s: the post that says the game is over links
        to the table, which must show the end by then (it kept the last decision's live buttons)."""
        slot = self._tables.get(game_id)
        trailing = slot.later if slot is not None else None
        if trailing is None:
            return
        self.pacer.promote(trailing)
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                await trailing.done.wait()

    def posted(self, game: LoadedGame, message_id: int, payload: Payload) -> None:
        """A table was posted as an interaction's answer (a new lobby): it shows `payload`."""
        slot = self.slot(game.id)
        slot.showing(message_id, payload, game)
        self.pictures.shown(message_id, payload)
        self.watch_channel(game)

    def extra_controls(self, game: LoadedGame, message_id: int) -> None:
        """Another channel message with controls for this game (e.g. "Take the win"): its
        controls are removed when the game ends."""
        self._extras.setdefault(game.id, []).append((game.record.channel_id, message_id))

    def extra_answered(self, game_id: int, message_id: int) -> None:
        """An extra control message was answered (and emptied) by a click on it."""
        extras = self._extras.get(game_id, [])
        self._extras[game_id] = [extra for extra in extras if extra[1] != message_id]

    async def _set_table_message(
        self, game_id: int, message_id: int, replaces: Call | None = None
    ) -> LoadedGame:
        """Record the game's new table message (`replaces`: the old one, taken to be deleted);
        returns the game with it."""
        async with self.pipeline.service.lock(game_id):
            clock = self.pipeline.clock
            game = await self.pipeline.service.set_table_message(game_id, message_id, replaces, clock())
        self.pipeline.bookkept(game)
        return game

    async def answer_on_table(self, interaction: discord.Interaction, game_id: int) -> None:
        """Answer a click on the table by editing it through the interaction (not rate-limited),
        from the newest committed game. If a REST edit of it is under way for longer than
        `TABLE_WAIT`, the click is acknowledged at once and the table redrawn through the
        interaction once the edit is done (the delivery that follows then has nothing to write)."""
        outbox = self.pipeline.outbox(game_id)
        slot = self.slot(game_id)
        clicked = interaction.message.id if interaction.message is not None else None
        if outbox is not None and clicked is not None and clicked != outbox.game.record.table_message_id:
            await self._set_table_message(game_id, clicked)  # stored before anyone sees the answer
        acquiring = await lock_or_defer(interaction, slot.lock, TABLE_WAIT)
        if acquiring is None:
            await self._redraw(interaction, outbox, slot)
        else:
            answer_later(interaction, slot.lock, acquiring, lambda: self._redraw(interaction, outbox, slot))

    async def _redraw(self, interaction: discord.Interaction, outbox: Outbox | None, slot: Slot) -> None:
        """`answer_on_table`, holding the table's lock (released here). Late (the click was
        acknowledged first), only if the clicked message is still the table."""
        clicked = interaction.message.id if interaction.message is not None else None
        try:
            if outbox is None:  # (no game in memory: nothing to draw from)
                async with response_lock(interaction):
                    if not interaction.response.is_done():
                        await interaction.response.defer()
                return
            game = outbox.game
            if interaction.response.is_done() and game.record.table_message_id != clicked:
                return  # posted again meanwhile: the old one is no longer the table
            version, after = outbox.changes, _news_after(outbox, slot)
            payload = screens.table_payload(game, outbox.table_news(after))
            if await answer_by_edit(interaction, payload, self.pictures):
                slot.showing(clicked, payload, game, news=(version, after))
        finally:
            slot.lock.release()

    async def chat_seen(self, channel_id: int) -> None:
        """Someone posted in a channel: a table buried under about ten messages moves to the
        bottom (at most once a minute per table)."""
        counts = self._chat.get(channel_id)
        if not counts:
            return
        for game_id in list(counts):
            counts[game_id] += 1
            now = self.clock()
            if counts[game_id] >= BURIED_AFTER and now - self._bumped.get(game_id, 0.0) >= BUMP_EVERY:
                self._bumped[game_id] = now
                await self.write(game_id, repost=True)

    def watch_channel(self, game: LoadedGame) -> None:
        """Count chat under this game's table (it is live and has a table message)."""
        if game.record.live:
            self._chat.setdefault(game.record.channel_id, {}).setdefault(game.id, 0)

    async def game_over(self, game: LoadedGame) -> None:
        """The game ended: the other messages with its controls say so (no controls)."""
        with using(screens.table_language(game)):
            over = Payload(content=_("This game is over."))
        for channel_id, message_id in self._extras.pop(game.id, []):
            await self.pacer.turn(channel_id)
            try:
                await self.messenger.edit_message(channel_id, message_id, over)
            except NotDelivered as error:
                log.warning("%s: left as it is", error)

    def forget(self, game: LoadedGame) -> None:
        """A game that is over and fully shown: drop its table's slot and chat count."""
        self._tables.pop(game.id, None)
        self._chat.get(game.record.channel_id, {}).pop(game.id, None)
        self._bumped.pop(game.id, None)


def _news_after(outbox: Outbox, slot: Slot) -> int | None:
    """The change number after which the table's "What just happened" starts now: the one it last
    showed, so that changes whose edits were coalesced (`bot.pacing`) are told too. Where it
    showed, or when nothing happened since that the table tells (a secret vote, a card chosen in
    private, a nomination its headline says: the renderer's `tells_on_table`), the same news
    again: so a change nobody else may learn of never changes the table by itself (a secret vote
    changed edits nothing). Where it showed is not known (its first write, or after a restart):
    since the newest change it tells."""
    shown = slot.shown_change
    told = screens.renderer(outbox.game).tells_on_table
    if shown is None:  # (not known: after a restart, since the newest change it tells)
        return outbox.newest_told(told)
    if shown == outbox.changes or outbox.quiet_since(shown, told):
        return shown - 1 if slot.news_after is None else slot.news_after
    return shown
