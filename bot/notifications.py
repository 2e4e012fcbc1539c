"""Telling players, and keeping only what is still true of it.

A decision that became an idle player's (`bot.pipeline` queues the `Notice`; a private decision
came as a new DM carrying it already, `bot.private_messages`) is told by a short DM linking to the
table, or, for those whose DMs are closed, by one channel post mentioning them; the turn clock
warns in a channel post mentioning who must decide. A click on the table may also be answered
with an ephemeral note ("You voted YES...").

Each of these goes out of date: a "your turn" DM once the next one comes or the game ends, a
mention once the next one comes, a note once the player's next note comes. So only the latest
stays (per player, or per game for the posts in its channel): the previous one is deleted when a
new one is sent, and every "your turn" message (DM or channel post) when the game ends. (Kept in
memory: after a restart, or when another process sent it, an old one stays.)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

from bot import screens
from bot.channel_views import TOKEN_LASTS
from bot.i18n import _, using
from bot.loaded_game import LoadedGame
from bot.messenger import Messenger
from bot.outbox import Notice
from bot.pacing import Pacer, dm
from bot.render.base import Payload

#: the "your turn" post in the channel (for closed DMs) among a game's told messages
CHANNEL = 0


class Notifications:
    def __init__(self, messenger: Messenger, pacer: Pacer, clock: Callable[[], float]) -> None:
        self.messenger = messenger
        self.pacer = pacer
        self.clock = clock
        #: game -> user (or `CHANNEL`) -> where (`dm(user)` or a channel id) and which message
        #: the latest "your turn" message is
        self._told: dict[int, dict[int, tuple[Hashable, int]]] = {}
        #: game -> user -> (interaction token, message, when) of the latest ephemeral note
        self._notes: dict[int, dict[int, tuple[str, int, float]]] = {}

    # -- "your turn" -----------------------------------------------------------------------------
    async def tell(self, game: LoadedGame, calls: Sequence[Notice]) -> None:
        """A decision became these idle players': a DM with a link to the table, or one channel
        post mentioning those whose DMs are closed. Each replaces the player's previous one."""
        if not calls:
            return
        url = screens.jump_url(game)
        mention: list[int] = []
        for notice in calls:
            user = game.user_of(notice.seat)
            if game.seats[notice.seat].dm_open is False:
                mention.append(user)
                continue
            with using(screens.seat_language(game, notice.seat)):  # the player's own language
                title = f"**{_(game.info.title)} #{game.id}**"
                if url:
                    told = _("\N{BELL} Your turn in {game}: [go to the table]({url})", game=title, url=url)
                else:
                    told = _("\N{BELL} Your turn in {game} (in its channel)", game=title)
            async with self.pacer.reserved():  # (no lock is held here)
                await self.pacer.turn(dm(user))
                sent = await self.messenger.send_dm(user, Payload(content=told), ping=True)
            if sent is None:
                mention.append(user)
            else:
                await self._replace(game.id, user, (dm(user), sent))
        if mention and game.state is not None and game.rules.timer(game.state) is not None:
            mention = []  # a timed decision (a reaction window): a ping would name who may react
        if mention:
            with using(screens.table_language(game)):  # a channel post
                text = _(
                    "\N{BELL} {players}: your turn in {game} (your choices: **{button}** on the table).",
                    players=" ".join(f"<@{u}>" for u in mention),
                    game=f"**{_(game.info.title)} #{game.id}**",
                    button=screens.private_label(game),
                )
            channel = game.record.channel_id
            await self.pacer.turn(channel)
            post = Payload(content=text, mentions=tuple(mention))
            posted = await self.messenger.send_channel(channel, post)
            if posted is not None:
                await self.mentioned(game.id, channel, posted)

    async def mentioned(self, game_id: int, channel: int, message_id: int) -> None:
        """A post in the game's channel called people to a decision ("your turn", the turn
        clock's warning): it replaces the game's previous one (at most one stays)."""
        await self._replace(game_id, CHANNEL, (channel, message_id))

    async def _replace(self, game_id: int, key: int, message: tuple[Hashable, int]) -> None:
        told = self._told.setdefault(game_id, {})
        previous = told.get(key)
        told[key] = message
        if previous is not None:
            await self._delete(*previous)

    async def _delete(self, where: Hashable, message_id: int) -> None:
        await self.pacer.turn(where)
        if isinstance(where, tuple):  # a DM: `dm(user)`
            await self.messenger.delete_dm(where[1], message_id)
        else:
            assert isinstance(where, int)
            await self.messenger.delete_message(where, message_id)

    async def game_over(self, game_id: int) -> None:
        """The game ended: its "your turn" messages are no longer true."""
        for where, message_id in self._told.pop(game_id, {}).values():
            await self._delete(where, message_id)

    # -- ephemeral notes ---------------------------------------------------------------------------
    async def noted(self, game_id: int, user_id: int, token: str, message_id: int) -> None:
        """A click on the table was answered with an ephemeral note too ("You voted YES..."): the
        player's previous note in this game, now out of date, is deleted while its token lasts
        (an interaction webhook: not rate-limited), so each player sees only their latest."""
        now = self.clock()
        notes = self._notes.setdefault(game_id, {})
        previous = notes.get(user_id)
        notes[user_id] = (token, message_id, now)
        if previous is not None and now - previous[2] < TOKEN_LASTS:
            old_token, old_id, _at = previous
            await self.messenger.delete_followup(old_token, old_id)

    def forget(self, game_id: int) -> None:
        self._told.pop(game_id, None)
        self._notes.pop(game_id, None)
