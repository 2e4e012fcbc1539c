"""Delivering a game's outbox to Discord, always from the newest committed game: the table, each
seat's living private message (`bot.private_messages`), notifications (`bot.notifications`) and
channel posts.

Every message a game keeps up to date is a `Slot` that remembers what it shows (a digest of the
rendered message), so it is edited only when what it shows changed for its reader, and that holds
a lock around each write, so a render of an older state never lands over a newer one: every write
renders the newest committed game at the moment it holds the lock. The table message is
`bot.table_message`'s (a click on it is answered through the interaction; a table buried under
chat is posted again at the bottom).

Every REST write is paced per channel (`bot.pacing`: at most 5 in 5 s; a message's edits that
bring nobody a new decision at most one per 1.5 s), with one trailing write per waiting message
that draws the newest game when it runs: quick changes coalesce and the final state always lands.
Interaction responses (the clicked message, an ephemeral view) are never paced.
"""

from __future__ import annotations

import asyncio
import logging
from weakref import WeakValueDictionary

from bot import screens
from bot.channel_posts import ChannelPosts
from bot.loaded_game import LoadedGame
from bot.messenger import Messenger
from bot.noted_sends import SEND_ABANDONED_AFTER, NotedSends
from bot.notifications import DELETE_ABANDONED_AFTER, Notifications
from bot.outbox import Notice, Outbox, Post
from bot.pacing import Pacer
from bot.pipeline import Pipeline
from bot.private_clicks import PrivateClicks
from bot.private_messages import PrivateMessages
from bot.render.base import Payload
from bot.shown_pictures import ShownPictures
from bot.table_message import TableMessages
from games.core import Event

log = logging.getLogger(__name__)


class Delivery:
    def __init__(self, pipeline: Pipeline, messenger: Messenger, pacer: Pacer | None = None) -> None:
        """`pacer`: by default, writes are paced when the messenger talks to Discord (its
        `paced` attribute: `DiscordMessenger`), not for the tests' fakes."""
        self.pipeline = pipeline
        self.service = pipeline.service
        self.messenger = messenger
        self.clock = pipeline.clock
        self.pictures = ShownPictures()
        self.pacer = pacer or Pacer(enabled=bool(getattr(messenger, "paced", False)))
        self.sends = NotedSends(messenger, self.service, self.pacer, self.clock)
        self.privates = PrivateMessages(pipeline, messenger, self.pictures, self.sends)
        self.clicks = PrivateClicks(self.privates)
        #: one delivery per game at a time (a lock nobody holds or waits for is dropped)
        self._locks: WeakValueDictionary[int, asyncio.Lock] = WeakValueDictionary()
        self.posts = ChannelPosts(messenger, self.pacer, self._newest_game, self.sends)
        self.notifications = Notifications(
            messenger,
            self.pacer,
            self.clock,
            self.service.store.calls,
            self.sends,
            self.posts,
            self.service.store.settings,
            shared=self.service.shared,
        )
        self.tables = TableMessages(
            pipeline, messenger, self.pacer, self.pictures, self.privates, self.notifications
        )
        # The hooks the pipeline calls back (set here, in one place: the pipeline imports no Discord)
        pipeline.deliver = self.deliver
        # several processes: "your turn" messages a stopped process took to delete, and new DMs
        # it sent and never recorded (both also at start: `SlashCommands.resume`)
        pipeline.poller.every(DELETE_ABANDONED_AFTER / 2, self.notifications.finish_deletes)
        pipeline.poller.every(SEND_ABANDONED_AFTER / 2, self.sends.finish)
        self.privates.on_overtaken.append(self.tables.overtaken)
        pipeline.on_stop.append(self.pacer.stop)
        pipeline.on_stop.append(self.notifications.save_notes)

    def pace(self, pacer: Pacer) -> None:
        """Pace writes with `pacer` from now on (tests: `Pacer(enabled=False)` or a fast one)."""
        self.pacer = self.privates.pacer = self.notifications.pacer = self.sends.pacer = pacer
        self.tables.pacer = self.posts.pacer = pacer

    # -- the outbox ------------------------------------------------------------------------------
    async def deliver(self, game_id: int) -> None:
        """Show everything the game's outbox holds (one delivery per game at a time)."""
        lock = self._locks.setdefault(game_id, asyncio.Lock())
        async with lock:
            outbox = self.pipeline.outbox(game_id)
            if outbox is None:
                return
            while True:
                drawn = await self._deliver(outbox)
                if not await self.privates.overtaken_since(outbox, drawn):
                    break
            game = outbox.game
            if not game.record.live and not (outbox.notices or outbox.posts or outbox.news):
                self._forget(game)

    async def _deliver(self, outbox: Outbox) -> tuple[object, ...]:
        """Deliver the outbox; returns what the game it drew was drawn from (`drawn_from`)."""
        queued, outbox.notices = outbox.notices, []
        posts, outbox.posts = outbox.posts, []
        news, outbox.news = outbox.news, {}
        redraw, outbox.redraw = outbox.redraw, set()
        game = (await self.privates.caught_up(outbox)).game  # several processes: the newest stored
        # the table beside the private messages, not after them: when it shows a change must not
        # depend on who got a DM for it (a reaction window's edit that waited for an eligible
        # seat's DM told the table that someone may react, however secret the window)
        table = asyncio.create_task(self.tables.write(game.id), name=f"table-{game.id}")
        try:
            notices = await self._refresh_privates(game, queued, news, redraw)
        except BaseException as error:
            if isinstance(error, asyncio.CancelledError):  # (stopped: the table's write goes too)
                table.cancel()
            (written,) = await asyncio.gather(table, return_exceptions=True)  # (a post made is recorded)
            if isinstance(written, Exception):
                log.error("writing the table of game %s failed", game.id, exc_info=written)
            raise
        await table
        await self.tables.write(game.id)  # (nothing when unchanged: a DM found closed just now shows)
        if not outbox.game.record.live:
            await self.tables.game_over(game)
        await self.notifications.settle(game)
        await self.notifications.tell(outbox.game, notices)
        for post in posts:
            await self._post(outbox.game, post)
        if posts and not outbox.game.record.live:  # (a "time ran out" delivered with the end)
            await self.notifications.settle(outbox.game)
        return game.drawn_from

    async def _refresh_privates(
        self, game: LoadedGame, queued: list[Notice], news: dict[int, list[Event]], redraw: set[int]
    ) -> list[Notice]:
        """Every seat's private message brought up to date. Returns the decisions still to tell
        people of (a seat that got a new DM carrying its decision is told by that DM)."""
        if game.state is None:
            return []
        notices = [n for n in queued if self._still_due(game, n)]
        for notice in notices:  # (told below: by a new DM carrying the decision, or `tell`)
            self.pipeline.attention.pushed(game.id, notice.decision, notice.seat)
        renderer = screens.renderer(game)
        # a private decision comes as a new DM carrying it, unless the seat plays from its
        # view in the channel: the view shows it, and a short DM tells them
        new_dm = {
            n.seat
            for n in notices
            if renderer.has_private_decision(game.view(n.seat)) and not self.privates.in_view(game, n.seat)
        }
        due = {n.seat for n in notices}
        told = set()  # seats that got a new DM now: that DM is their notification
        for seat in range(len(game.seats)):
            if await self.privates.refresh(
                game_id=game.id,
                seat=seat,
                news=news.get(seat, ()),
                fresh=seat in new_dm,
                force=seat in redraw,
                notify=seat in due,
            ):
                told.add(seat)
        return [n for n in notices if n.seat not in told]

    def _still_due(self, game: LoadedGame, notice: Notice) -> bool:
        return (
            # (not if they opened "My hand" since)
            not self.pipeline.attention.playing_along(game.id, game.user_of(notice.seat))
            and game.decision == notice.decision
            and game.must_decide(notice.seat)
        )

    def _newest_game(self, game_id: int) -> LoadedGame | None:
        outbox = self.pipeline.outbox(game_id)
        return outbox.game if outbox is not None else None

    # -- posts ---------------------------------------------------------------------------------------
    async def _post(self, game: LoadedGame, post: Post) -> None:
        if post.kind == "ended":
            await self.tables.written(game.id)  # (the post links to the table: it shows the end first)
            await self.posts.post(game, screens.ending_payload(game, post.text))
            return

        async def posted(message_id: int) -> None:  # the turn clock's warning: true while its decision is on
            seats = [seat for user in post.mentions if (seat := game.seat_of(user)) is not None]
            await self.notifications.mentioned(game, message_id, seats)

        async def clock_posted(message_id: int) -> None:  # "time ran out": the game's latest only
            await self.notifications.clock_noticed(game, message_id)

        mentions = bool(post.mentions)
        payload = Payload(content=post.text, mentions=post.mentions if post.pings is None else post.pings)
        if post.kind == "clock":
            await self.posts.post(game, payload, posted=clock_posted)
            return
        await self.posts.post(game, payload, calls=mentions, posted=posted if mentions else None)

    # -- forgetting --------------------------------------------------------------------------------
    def _forget(self, game: LoadedGame) -> None:
        """A game that is over and fully shown: drop its slots and outbox."""
        self.pipeline.outboxes.pop(game.id, None)
        self.tables.forget(game)
        self.privates.forget(game)
        self.notifications.forget(game.id)
