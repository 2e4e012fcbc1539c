"""Telling players, and keeping only what is still true of it.

A decision that became an idle player's (`bot.pipeline` queues the `Notice`; a private decision
came as a new DM carrying it already, `bot.private_messages`) is told by a short DM linking to the
table, or, for those whose DMs are closed, by one channel post mentioning them; the turn clock
warns in a channel post mentioning who must decide, and says whose choice it made in another (the
game's latest only stays). A click on the table may also be answered with an ephemeral note ("You
voted YES...").

Each of these goes out of date: a "your turn" DM once its player has no part in that decision
any more (they made it, it is over, the game ended), a mention once its decision is over, a note
once the player's next note comes. Such a message is then deleted (`settle`, at every delivery of
the game; a note when the next one comes), so at most one per player, or per game for the posts
in its channel, is ever there. When the table moves (posted anew under chat), the "your turn"
DMs are edited to link to the new one. The calls are stored (`storage.calls`), so after a
restart, or when another process sent one, it still goes (deleted once, by the process that
takes its row).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Collection, Hashable, Sequence
from typing import NamedTuple

from bot import screens
from bot.channel_posts import ChannelPosts
from bot.channel_views import TOKEN_LASTS
from bot.i18n import _, using
from bot.loaded_game import LoadedGame
from bot.messenger import Messenger, NotDelivered
from bot.noted_sends import NotedSends
from bot.outbox import Notice
from bot.pacing import Pacer, dm
from bot.render.base import Payload
from storage.calls import CHANNEL, CLOCK_NOTICE, REMINDER, WELCOME_NOTICE, Call, CallStore
from storage.sends import Send
from storage.settings import SettingsStore

log = logging.getLogger(__name__)

#: Several processes: a "your turn" message taken to be deleted this long ago and still not
#: deleted is taken to be one whose process stopped (`Notifications.finish_deletes`); a live
#: process deletes its own sooner but under the heaviest load.
DELETE_ABANDONED_AFTER = 600.0


#: The `meta` key under which a stopping process leaves its notes for the next start.
NOTES_KEY = "ephemeral_notes"


class Note(NamedTuple):
    """An ephemeral note answering a click on the table ("You voted YES...", a closed-DM copy of
    a private message): deleted through the click's interaction `token` (it lasts 15 minutes),
    once replaced or once `seat` has no part in `decision` any more; a `lasting` one (what the
    click did, sent when the seat had no part left in the decision: "Your Peek: ...", the last
    vote) only once replaced: it stays true, and deleting it at once made it flash."""

    token: str
    message_id: int
    at: float  # when it was sent
    decision: int
    seat: int
    lasting: bool = False


def _where(call: Call) -> Hashable:
    """The pacing key of the call's channel: `dm(user)` or the post's channel id."""
    return dm(call.who) if call.channel_id is None else call.channel_id


def _your_turn(game: LoadedGame, seat: int, url: str | None) -> Payload:
    """The short DM telling a player a decision on the table (or only in their view) is theirs."""
    in_view = screens.only_in_private(game, seat)  # (False unless the game runs)
    return Payload(content=screens.your_turn_text(game, seat, url, in_view=in_view))


def _mention(game: LoadedGame, on_table: list[int], in_view: list[int]) -> str:
    """The channel post telling the players of these seats (whose DMs are closed) that a decision
    is theirs: on the table itself, or in their view (the table's button that opens it). Where a
    decision is made follows from the game's phase, which the table shows everyone: the post
    tells no more than the table (a timed decision, a reaction window, is never posted)."""
    with using(screens.table_language(game)):  # a channel post
        title = screens.called_to(game)
        lines = []
        # (one player and several are told apart: "du bist" / "ihr seid", "te jössz" / "ti jöttök")
        if len(on_table) == 1:
            lines.append(
                _(
                    "\N{BELL} {player}: your turn in {game}, on the table.",
                    player=_at(game, on_table),
                    game=title,
                )
            )
        elif on_table:
            lines.append(
                _(
                    "\N{BELL} {players}: your turn in {game}, on the table.",
                    players=_at(game, on_table),
                    game=title,
                )
            )
        button = screens.private_label(game)
        if len(in_view) == 1:
            lines.append(
                _(
                    "\N{BELL} {player}: your turn in {game} (your choices: **{button}** on the table).",
                    player=_at(game, in_view),
                    game=title,
                    button=button,
                )
            )
        elif in_view:
            lines.append(
                _(
                    "\N{BELL} {players}: your turn in {game} (your choices: **{button}** on the table).",
                    players=_at(game, in_view),
                    game=title,
                    button=button,
                )
            )
    return "\n".join(lines)


def _at(game: LoadedGame, seats: Sequence[int]) -> str:
    return " ".join(f"<@{game.user_of(seat)}>" for seat in seats)


class Notifications:
    def __init__(
        self,
        messenger: Messenger,
        pacer: Pacer,
        clock: Callable[[], float],
        store: CallStore,
        sends: NotedSends,
        posts: ChannelPosts,
        meta: SettingsStore,
        *,
        shared: bool = False,
    ) -> None:
        """`shared`: several processes deliver the same games (each reads the stored calls).
        `sends`: how the "your turn" DMs go out (a killed process leaves none behind); `posts`,
        the channel mentions."""
        self.messenger = messenger
        self.sends = sends
        self.posts = posts
        self.pacer = pacer
        self.clock = clock
        self.store = store
        self.meta = meta
        self.shared = shared
        #: game -> user (or `CHANNEL`) -> the latest "your turn" message (read from the store
        #: once per game, or at every delivery when `shared`)
        self._sent: dict[int, dict[int, Call]] = {}
        #: game -> user -> their latest ephemeral note
        self._notes: dict[int, dict[int, Note]] = {}

    # -- "your turn" -----------------------------------------------------------------------------
    async def tell(self, game: LoadedGame, notices: Sequence[Notice]) -> None:
        """A decision became these idle players': a DM with a link to the table, or one channel
        post mentioning those whose DMs are closed. Each replaces the player's previous one."""
        if not notices:
            return
        url = screens.jump_url(game)
        mention: list[int] = []  # seats
        for notice in notices:
            user = game.user_of(notice.seat)
            if game.seats[notice.seat].dm_open is False:
                mention.append(notice.seat)
                continue
            async with self.pacer.reserved():  # (no lock is held here)
                await self.pacer.turn(dm(user), opening=self.messenger.opens_dm(user))
                try:
                    sent, nonce = await self.sends.send(
                        user, _your_turn(game, notice.seat, url), ping=True, game_id=game.id, seat=None
                    )
                except NotDelivered as error:  # Discord failed this time: told in the channel instead
                    log.warning("%s: mentioned in the channel instead", error)
                    if error.nonce is not None:  # a DM Discord made all the same is deleted
                        self.sends.settle_later(Send(error.nonce, user, game.id, None))
                    sent = None
            if sent is None:
                mention.append(notice.seat)
            else:
                await self._replace(game.id, Call(user, sent, notice.decision, notice.seat))
                await self.sends.recorded(nonce)
        if mention and game.state is not None and game.rules.timer(game.state) is not None:
            mention = []  # a timed decision (a reaction window): a ping would name who may react
        if mention:
            in_view = [s for s in mention if screens.only_in_private(game, s)]
            text = _mention(game, [s for s in mention if s not in in_view], in_view)

            async def posted(message_id: int) -> None:
                await self.mentioned(game, message_id, mention)

            await self.posts.post(
                game,
                Payload(content=text, mentions=tuple(game.user_of(s) for s in mention)),
                calls=True,
                posted=posted,
            )

    async def table_moved(self, game: LoadedGame) -> None:
        """The table was posted anew (buried under chat; `game` has the new one): the "your
        turn" DMs link to it, not to the deleted one (edited when there is spare room)."""
        url = screens.jump_url(game)
        for call in (await self._calls(game.id)).values():
            if call.seat is not None and call.channel_id is None:
                await self._edit_dm(call, _your_turn(game, call.seat, url))

    async def _edit_dm(self, call: Call, payload: Payload) -> None:
        async def edit() -> None:
            await self.messenger.edit_dm(call.who, call.message_id, payload)

        await self.pacer.aside(dm(call.who), edit)

    async def mentioned(self, game: LoadedGame, message_id: int, seats: Sequence[int] = ()) -> None:
        """A post in the game's channel called the players of `seats` to its current decision
        ("your turn", the turn clock's warning): it replaces the game's previous one (at most one
        stays). One that called one player goes once that player has made their choice (a player
        who is ready in a simultaneous decision may still change it: their mention stayed until
        everyone was); one that called several, once the decision is over."""
        seat = seats[0] if len(seats) == 1 else None
        post = Call(CHANNEL, message_id, game.decision, seat=seat, channel_id=game.record.channel_id)
        await self._replace(game.id, post)

    async def clock_noticed(self, game: LoadedGame, message_id: int) -> None:
        """The turn clock's "time ran out" post: it replaces the game's previous one (a slow
        player's game left dozens under the table) and a "welcome back", and goes when the game
        ends."""
        post = Call(CLOCK_NOTICE, message_id, game.decision, channel_id=game.record.channel_id)
        await self._replace(game.id, post)
        told = await self._calls(game.id)
        welcome = told.pop(WELCOME_NOTICE, None)
        if welcome is not None:
            await self._delete(game.id, welcome)

    async def welcomed(self, game: LoadedGame, message_id: int) -> None:
        """The channel's "welcome back" after `/reclaim`: it replaces the game's previous one (not
        the "time ran out", which may still be true) and goes with the next of those, or at the
        end."""
        post = Call(WELCOME_NOTICE, message_id, game.decision, channel_id=game.record.channel_id)
        await self._replace(game.id, post)

    async def reminded(self, game: LoadedGame, message_id: int) -> None:
        """A chat reminder of a table rule (`GameRenderer.chat_reminder`): it replaces the game's
        previous one and goes once its decision is over (they piled up under the table)."""
        post = Call(REMINDER, message_id, game.decision, channel_id=game.record.channel_id)
        await self._replace(game.id, post)

    async def _replace(self, game_id: int, call: Call) -> None:
        told = await self._calls(game_id)
        previous = told.get(call.who)
        told[call.who] = call
        if previous is not None:
            await self._delete(game_id, previous)
        await self.store.put(game_id, call)

    async def _calls(self, game_id: int) -> dict[int, Call]:
        """The game's calls by `who` (read from the store the first time, or always when
        several processes deliver the game)."""
        told = self._sent.get(game_id)
        if told is None or self.shared:
            told = self._sent[game_id] = {call.who: call for call in await self.store.of_game(game_id)}
        return told

    async def settle(self, game: LoadedGame) -> None:
        """Delete the game's "your turn" messages that are no longer true (`game` is its newest
        committed state): the decision they called to is over, or a DM's player has no part in
        it any more, or the game ended."""
        told = await self._calls(game.id)
        running = game.record.status == "running" and game.state is not None
        notes = self._notes.get(game.id, {})
        for user, note in list(notes.items()):  # ("You can change your vote until ...": over)
            if notes.get(user) is not note or note.lasting:
                continue  # (replaced meanwhile, and the one it replaced deleted: `noted`)
            if not running or note.decision != game.decision or not game.can_act(note.seat):
                del notes[user]
                await self._delete_note(note)
        for who, call in list(told.items()):
            if running and who in (CLOCK_NOTICE, WELCOME_NOTICE):  # (until the next: `clock_noticed`)
                continue
            if running and call.decision == game.decision:
                if call.seat is None or self._still_theirs(game, call.seat, who):
                    continue
            del told[who]
            await self._delete(game.id, call)

    @staticmethod
    def _still_theirs(game: LoadedGame, seat: int, user_id: int) -> bool:
        """Whether the player still sits there (a post: whoever it is) and has a part in the
        current decision."""
        sits = user_id == CHANNEL or game.user_of(seat) == user_id
        return sits and game.must_decide(seat)

    async def _delete(self, game_id: int, call: Call) -> None:
        """Delete it when the global budget has room (nobody waits for it). The process that
        takes its row deletes it (each is deleted once; stopped before that, the next start
        deletes it: `finish_deletes`)."""
        if not await self.store.remove(game_id, call, self.clock()):
            return  # another process took it
        await self._delete_taken(call)

    async def _delete_taken(self, call: Call) -> None:
        async def delete() -> None:
            if call.channel_id is None:
                await self.messenger.delete_dm(call.who, call.message_id)
            else:
                await self.messenger.delete_message(call.channel_id, call.message_id)
            await self.store.deleted(call)

        await self.pacer.aside(_where(call), delete)

    async def finish_deletes(self) -> int:
        """Delete the "your turn" messages a process took to delete and stopped before deleting
        (they wait for spare room in the global budget, minutes under load): at start, alone,
        all of them; with several processes (at start and every few minutes), those taken over
        `DELETE_ABANDONED_AFTER` ago. Returns how many."""
        now = self.clock()
        unfinished = await self.store.unfinished(now - DELETE_ABANDONED_AFTER if self.shared else now, now)
        for call in unfinished:
            await self._delete_taken(call)
        return len(unfinished)

    # -- ephemeral notes ---------------------------------------------------------------------------
    async def noted(
        self,
        game_id: int,
        user_id: int,
        token: str,
        message_id: int,
        decision: int,
        seat: int,
        *,
        lasting: bool = False,
    ) -> None:
        """A click on the table was answered with an ephemeral note too ("You voted YES...", a
        copy of a private message): the player's previous note in this game, now out of date, is
        deleted while its token lasts (an interaction webhook: not rate-limited), so each player
        sees only their latest; that one goes once the seat has no part in its `decision` any
        more (`settle`), or when `lasting` (`Note`) once replaced."""
        notes = self._notes.setdefault(game_id, {})
        previous = notes.get(user_id)
        notes[user_id] = Note(token, message_id, self.clock(), decision, seat, lasting)
        if previous is not None:
            await self._delete_note(previous)

    async def _delete_note(self, note: Note) -> None:
        if self.clock() - note.at < TOKEN_LASTS:
            await self.messenger.delete_followup(note.token, note.message_id)

    async def save_notes(self) -> None:
        """Shutting down: the notes whose tokens still last are left in `meta` (beside those other
        processes left), so the next start deletes each once out of date (`take_notes`); they
        lived in memory only ("You can change your vote until..." stayed after the vote)."""
        now = self.clock()
        mine = [
            [game_id, user_id, *note]
            for game_id, notes in self._notes.items()
            for user_id, note in notes.items()
            if now - note.at < TOKEN_LASTS
        ]
        if mine:  # (one change: two processes stopping at once keep both's)
            await self.meta.change_meta(NOTES_KEY, lambda left: json.dumps(json.loads(left or "[]") + mine))

    async def take_notes(self, game_ids: Collection[int]) -> int:
        """At start: the notes a stopped process left for these games (the ones this process
        resumes) are this process's again, the others stay for theirs. Returns how many."""
        taken: list[tuple[int, int, Note]] = []
        now = self.clock()

        def take(stored: str | None) -> str:
            taken.clear()  # (a retried transaction starts again)
            left = []
            for game_id, user_id, *fields in json.loads(stored or "[]"):
                note = Note(*fields)
                if now - note.at >= TOKEN_LASTS:
                    continue  # (its token is over: it cannot be deleted any more)
                if game_id in game_ids:
                    taken.append((game_id, user_id, note))
                else:
                    left.append([game_id, user_id, *note])
            return json.dumps(left)

        if (await self.meta.get_meta(NOTES_KEY) or "[]") == "[]":  # (most starts: no write)
            return 0
        await self.meta.change_meta(NOTES_KEY, take)
        count = 0
        for game_id, user_id, note in taken:
            held = self._notes.setdefault(game_id, {})
            if user_id not in held:
                held[user_id] = note
                count += 1
        return count

    def forget(self, game_id: int) -> None:
        self._sent.pop(game_id, None)
        self._notes.pop(game_id, None)
