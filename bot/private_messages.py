"""Each seat's one living private message per game: its DM, or the ephemeral view it plays from
in the channel (the table's "My hand" button opens it; with DMs closed it is the only one). A
`Slot` (`bot.message_slots`) remembers what the message shows (a digest of the rendered message)
and holds a lock around each write, so a message is edited only when what it shows changed for its
reader, and every write renders the newest committed game at the moment it holds the lock (a
render of an older state never lands over a newer one).

At most one private message per seat has controls: a new living message (a notification that
carries a private decision, or a message the player clicked instead) replaces the previous one,
which is deleted (a DM) or emptied (an ephemeral view).

A seat that plays from its ephemeral view (DMs open) has its DM "parked": it only says so, with no
controls and nothing that can go out of date. The view is edited through its latest interaction's
webhook, which Discord does not rate-limit, so that player's moves cost no rate-limited calls for
their private message. The token lasts 15 minutes: a view not clicked for 14 (`EPHEMERAL_SECONDS`)
is emptied and the DM takes the controls back (`expire_views`); at the game's end the DM shows the
end (the view too). An idle player in a view is told of a private decision by a short DM
(`bot.delivery`); the controls stay in the view.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence

from bot import screens
from bot.channel_views import ChannelViews
from bot.errors import UserError
from bot.loaded_game import LoadedGame
from bot.message_slots import Slot, decision_on_timer, paced_turn, shows_stale_controls
from bot.messenger import Messenger, NotDelivered
from bot.new_dms import NewDms
from bot.noted_sends import NotedSends
from bot.outbox import KEPT_CHANGES, Outbox
from bot.pacing import dm
from bot.pipeline import Pipeline
from bot.private_drawing import Drawing, written
from bot.render.base import Payload
from bot.screens import turn_of
from bot.shown_pictures import ShownPictures
from games.core import Event

log = logging.getLogger(__name__)


class PrivateMessages:
    def __init__(
        self, pipeline: Pipeline, messenger: Messenger, pictures: ShownPictures, sends: NotedSends
    ) -> None:
        """`sends`: how new DMs go out (a killed process leaves none behind); its pacer paces
        every write."""
        self.pipeline = pipeline
        self.service = pipeline.service
        self.messenger = messenger
        self.pictures = pictures
        self.sends = sends
        self.pacer = sends.pacer
        self.clock = pipeline.clock
        self._slots: dict[tuple[int, int], Slot] = {}
        #: called with a game's id when another process turned out to have committed newer
        #: versions of it (the delivery forgets what its table shows)
        self.on_overtaken: list[Callable[[int], None]] = []
        self.views = ChannelViews(pipeline, messenger, pictures, self.expire_views)
        self.new_dms = NewDms(self)

    async def caught_up(self, outbox: Outbox) -> Outbox:
        """Several processes: another may have committed newer versions of the game than this
        process's outbox holds (a DM click of a game whose server another process serves). What
        a private message draws must be the newest stored game, never this process's older copy
        (one freshness query when nothing changed). The table's news then tells the changes it
        made (the newest `KEPT_CHANGES`)."""
        if not self.service.shared or not outbox.game.record.live:
            return outbox
        try:
            stored = await self.service.load(outbox.game.id)
        except UserError:
            return outbox
        older = outbox.game
        if stored.record.version > older.record.version:
            changes = await self.service.recent_changes(stored, KEPT_CHANGES, after=older.record.version)
            outbox.overtaken(stored, [events for _seat, events in changes])
            self._overtaken(older, stored)
        elif stored.record.version == older.record.version and (
            stored.seats != older.seats or stored.record.status != older.record.status
        ):  # (a seat's bookkeeping or holder changed, or the game was abandoned: the version stays)
            outbox.game = stored
        return outbox

    def _overtaken(self, older: LoadedGame, newer: LoadedGame) -> None:
        """Another process committed `newer` after this one's `older`, and may have written the
        table and the DMs of the seats that decided meanwhile: what this process remembers
        showing there (its digests) may not be on screen any more, so they are written anew."""
        seats: set[int] = set()
        for game in (older, newer):
            if game.state is not None and game.record.status == "running":
                seats |= game.to_decide()
        for seat in seats:
            slot = self._slots.get((newer.id, seat))
            if slot is not None:
                slot.digest = slot.key = None
        for hook in self.on_overtaken:
            hook(newer.id)

    def forget(self, game: LoadedGame) -> None:
        for seat in range(len(game.seats)):
            self._slots.pop((game.id, seat), None)

    def slot(self, game: LoadedGame, seat: int) -> Slot:
        key = (game.id, seat)
        slot = self._slots.get(key)
        record = game.seats[seat]
        if slot is None:
            dm_id = record.dm_message_id if record.dm_open is not False else None
            slot = Slot(
                record.reader, message_id=dm_id, view_id=record.view_message_id, token=record.private_token
            )
            slot.token_at = record.private_token_at or 0.0
            self._slots[key] = slot
            if slot.token is not None and record.dm_open is not False:
                self.views.start_sweeping()  # (after a restart) it may play from its view
        elif self.service.shared and record.reader == slot.user_id:
            # several processes: another may have sent a newer living DM, or moved the seat to
            # or from its view
            stored = record.dm_message_id
            if record.dm_open is not False and stored is not None:
                if slot.message_id is None or stored > slot.message_id:  # snowflakes grow with time
                    slot.message_id, slot.digest, slot.key, slot.parked = stored, None, None, False
            if (record.private_token_at or 0.0) > slot.token_at:
                slot.token, slot.token_at = record.private_token, record.private_token_at or 0.0
                slot.view_id, slot.shown_in, slot.parked = record.view_message_id, None, False
        return slot

    def in_view(self, game: LoadedGame, seat: int) -> bool:
        """Whether the seat plays from its ephemeral view now (with DMs open: a private decision
        then comes to it there, and its notification is a short DM)."""
        return game.seats[seat].dm_open is not False and self.views.living(game, seat, self.slot(game, seat))

    async def refresh(
        self,
        *,
        game_id: int,
        seat: int,
        news: Sequence[Event] = (),
        fresh: bool = False,
        force: bool = False,
        notify: bool = False,
    ) -> bool:
        """Bring a seat's living private message up to date: edited when what it shows changed
        (or it has news), sent as a new DM when `fresh` (a private decision to announce) or when
        it has none yet. Returns whether a new DM was sent. A new DM notifies the player (a push)
        only when `fresh` or `notify` (a decision just became theirs); any other is silent. The
        news shown is what the renderer finds worth an edit (`private_news`).

        A DM edit waits for its channel's turn (`bot.pacing`): then one trailing write, drawing
        the newest game when it runs, does it (and whatever changes come meanwhile)."""
        outbox = self.pipeline.outbox(game_id)
        if outbox is None:
            return False
        game = outbox.game  # caught up by the delivery (`Delivery._deliver`)
        user = game.reader_of(seat)  # (an AI that keeps the seat for its player: that player)
        old = self._slots.get((game_id, seat))
        if old is not None and old.user_id != user:  # the seat changed hands (an AI, someone else)
            del self._slots[(game_id, seat)]
            await self.close(old, screens.seat_gone_payload(game, seat, old.user_id))
        if user < 0:
            return False
        if game.is_ai(seat):  # what the AI does in private is not its player's news
            news = ()
        slot = self.slot(game, seat)
        if slot.message_id is None and self.service.shared:  # another process may have just sent one
            slot = self.slot(await self.service.load(game_id), seat)
        worth = list(screens.renderer(game).private_news(list(news))) if news else []
        return await self.rewrite(outbox, seat, slot, worth, fresh=fresh, force=force, ping=fresh or notify)

    async def rewrite(
        self,
        outbox: Outbox,
        seat: int,
        slot: Slot,
        worth: list[Event],
        *,
        fresh: bool = False,
        force: bool = False,
        ping: bool = False,
    ) -> bool:
        """`refresh` the seat's `slot` from `outbox` (also after the game was forgotten: a write
        Discord failed to take is made again this way)."""
        game = outbox.game
        first = slot.message_id is None and game.seats[seat].dm_open is not False
        if fresh or (first and not self.views.living(game, seat, slot)):
            # a new DM (a decision, or the seat's first): its global turn before the lock
            async with self.pacer.reserved(timed=fresh and decision_on_timer(game)):
                return await self._write(outbox, seat, slot, worth, fresh=fresh, force=force, ping=ping)
        return await self._write(outbox, seat, slot, worth, fresh=fresh, force=force, ping=ping)

    def _owed(self, outbox: Outbox, seat: int, slot: Slot, worth: list[Event], force: bool) -> bool:
        """Whether a trailing write is due for the message (it draws the newest game when it
        runs): this write's news is then owed to it, and it is promoted if it now brings the
        seat a decision."""
        trailing = slot.later
        if trailing is None:
            return False
        slot.owed_news += worth
        slot.owed_force = slot.owed_force or force
        game, on_timer = outbox.game, decision_on_timer(outbox.game)
        if shows_stale_controls(slot, game):
            self.pacer.retire(trailing)
        if game.record.status == "running" and (not trailing.urgent or (on_timer and not trailing.timed)):
            turn = turn_of(game, seat)
            if turn is not None and turn != slot.turn:
                self.pacer.promote(trailing, timed=on_timer)
        return True

    async def _write(
        self,
        outbox: Outbox,
        seat: int,
        slot: Slot,
        worth: list[Event],
        *,
        fresh: bool,
        force: bool,
        ping: bool = False,
    ) -> bool:
        if not fresh and self._owed(outbox, seat, slot, worth, force):
            return False
        after: list[Callable[[], Awaitable[None]]] = []  # a new DM's bookkeeping: after the lock
        try:
            async with slot.lock:
                if not fresh and self._owed(outbox, seat, slot, worth, force):  # set while this waited
                    return False
                game = outbox.game
                if game.reader_of(seat) != slot.user_id:  # the seat changed hands meanwhile
                    return False
                worth, slot.owed_news = slot.owed_news + worth, []
                force, slot.owed_force = force or slot.owed_force, False
                dm_open = game.seats[seat].dm_open is not False
                in_view = self.views.living(game, seat, slot)  # (the delivery sends no `fresh` to views)
                moved = slot.shown_in != ("view" if in_view else "dm")  # the living message changed
                missing = not in_view and slot.message_id is None and dm_open
                drawing = Drawing.of(game, seat, slot, worth)
                if not (fresh or force or worth or missing or moved) and drawing.key == slot.key:
                    return False
                drawing.draw()
                if not (fresh or force or worth or missing or moved or drawing.digest != slot.digest):
                    slot.key = drawing.key
                    return False
                if in_view:
                    if await self.views.edit(slot, drawing.payload) or not dm_open:
                        await self.park(game, seat, slot)
                        slot.digest, slot.key, slot.shown_in = drawing.digest, drawing.key, "view"
                        written(slot, drawing.payload, game)
                        return False
                    # (the view is gone: the DM takes over)
                return await self._write_dm(
                    outbox,
                    seat,
                    slot,
                    drawing,
                    worth,
                    fresh=fresh,
                    force=force,
                    moved=moved,
                    ping=ping,
                    after=after,
                )
        finally:
            for step in after:  # (a click on the new DM need not wait for it)
                await step()

    async def _write_dm(
        self,
        outbox: Outbox,
        seat: int,
        slot: Slot,
        drawing: Drawing,
        worth: list[Event],
        *,
        fresh: bool,
        force: bool,
        moved: bool,
        ping: bool,
        after: list[Callable[[], Awaitable[None]]],
    ) -> bool:
        """The seat's DM shows `drawing` (called with its lock held): edited in its turn, or sent
        anew (`fresh`, or the DM is gone; its bookkeeping is appended to `after`). True: a new DM
        was sent (it is the seat's notification)."""
        game = outbox.game
        payload, turn = drawing.payload, drawing.turn
        sent = False
        try:
            if not fresh and slot.message_id is not None:
                channel = dm(slot.user_id)
                brings = turn is not None and turn != slot.turn  # the seat's new decision
                if not await paced_turn(
                    self.pacer,
                    slot,
                    channel,
                    # (the end is as urgent as a decision: it retires every control)
                    urgent=brings or moved or game.record.status != "running",
                    retires=shows_stale_controls(slot, game),
                    timed=brings and decision_on_timer(game),
                    payload=payload,
                    pictures=self.pictures,
                    message_id=slot.message_id,
                    trailing=lambda: self._trailing(outbox, seat, slot),
                ):
                    slot.owed_news, slot.owed_force = worth, force  # the trailing write shows them
                    return False
                edited = await self.edit_dm(slot, payload)
            else:
                edited = False
            if not edited:  # (drawn again if the game moves on while it waits for its turn)
                sent = await self.new_dms.send(
                    game,
                    seat,
                    slot,
                    drawing.pinged(ping),
                    ping=ping,
                    after=after,
                    redraw=lambda: drawing.newer(outbox, ping),
                )
                payload, turn = drawing.payload, drawing.turn
        except NotDelivered as error:  # Discord failed this time: the write is made again
            self.new_dms.try_again(outbox, seat, slot, ping, error)
            slot.digest = slot.key = None  # not shown: the next write draws it
            return False
        slot.parked = False
        if slot.token is not None:  # the view it played from: emptied, or showing the end
            await self.views.hand_over(game, seat, slot, payload)
        slot.digest, slot.key, slot.turn, slot.shown_in = drawing.digest, drawing.key, turn, "dm"
        written(slot, payload, drawing.game)  # (drawn again from a newer game if it moved on meanwhile)
        return sent

    async def park(self, game: LoadedGame, seat: int, slot: Slot) -> None:
        """The seat plays from its view: its DM (if any) says only that (called holding the lock)."""
        self.sends.settle_unsent(slot)  # (a DM with the seat's controls beside the view)
        if slot.parked or slot.message_id is None or game.seats[seat].dm_open is False:
            return
        slot.last = await self.pacer.turn(dm(slot.user_id))
        try:
            parked = await self.edit_dm(slot, screens.parked_payload(game, seat))
        except NotDelivered as error:  # Discord failed this time: the next write parks it
            log.warning("%s: parking the DM waits for the next write", error)
            return
        if parked:
            slot.parked = True
        else:  # the DM is gone (a new one comes when the DM is the living message again)
            slot.message_id = None

    async def _trailing(self, outbox: Outbox, seat: int, slot: Slot) -> None:
        slot.later = None
        drawn = (await self.caught_up(outbox)).game.drawn_from
        await self._write(outbox, seat, slot, [], fresh=False, force=False)
        if await self.overtaken_since(outbox, drawn):
            await self.pipeline.deliver(outbox.game.id)

    async def overtaken_since(self, outbox: Outbox, drawn: tuple[object, ...]) -> bool:
        """Several processes: whether the stored game changed since `drawn` (`drawn_from` of what
        this one just wrote), maybe written by another process before this one's write landed:
        then everything is drawn again (the outbox now holds the newest game)."""
        return self.service.shared and (await self.caught_up(outbox)).game.drawn_from != drawn

    async def edit_dm(self, slot: Slot, payload: Payload) -> bool:
        assert slot.message_id is not None
        edited = await self.messenger.edit_dm(
            slot.user_id, slot.message_id, self.pictures.for_edit(slot.message_id, payload)
        )
        if edited:
            self.pictures.shown(slot.message_id, payload)
            slot.undelivered = 0
        return edited

    async def close(self, slot: Slot, payload: Payload) -> None:
        """A private message that is not living any more: delete the DM, empty the ephemeral."""
        async with slot.lock:
            self.sends.settle_unsent(slot)
            if slot.message_id is not None:
                await self.pacer.turn(dm(slot.user_id))
                await self.messenger.delete_dm(slot.user_id, slot.message_id)
                slot.message_id = None
            await self.views.edit(slot, payload.without_controls())
            slot.token = slot.view_id = None

    # -- views that expire ---------------------------------------------------------------------------
    async def expire_views(self) -> list[tuple[int, int]]:
        """Seats whose view was not clicked for `EPHEMERAL_SECONDS` (its token soon expires): the
        DM takes the controls back and the view is emptied. Returns those (game, seat)."""
        handed: list[tuple[int, int]] = []
        for (game_id, seat), slot in list(self._slots.items()):
            if not self.views.expired(slot) or (outbox := self.pipeline.outbox(game_id)) is None:
                continue
            # several processes: the view may have been clicked through another since
            game = (await self.caught_up(outbox)).game
            if game.seats[seat].dm_open is False or not self.views.expired(self.slot(game, seat)):
                continue
            await self.refresh(game_id=game_id, seat=seat)
            handed.append((game_id, seat))
        return handed
