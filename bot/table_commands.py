"""The slash-command flows that touch games (`/play`, `/hand`, `/abandon`, `/leave`, `/replace`,
`/reclaim`) and chat reminders. Changes go through the pipeline like clicks (the start's resume:
`bot.restart`).

`/leave` hands the player's seat to an AI (in a lobby it simply frees the seat); the host (or a
member with Manage Server) can do the same for an absent player with `/replace`. In a two-player
game the remaining player may instead take the win: the channel gets a "Take the win" button that
only they can use, while the game runs.
"""

from __future__ import annotations

import logging
from functools import partial

import discord

from bot import screens
from bot.answers import manages_server, send_new, will_answer
from bot.channel_permissions import check_can_host
from bot.components import ForfeitButton
from bot.delivery import Delivery
from bot.errors import GameNotFound, NotAllowed, NotAPlayer, StaleDecision, UserError
from bot.i18n import LANGUAGES, N_, _, language_of, translated, using
from bot.loaded_game import LoadedGame
from bot.names import name_of, shown_name
from bot.outbox import Change
from bot.pipeline import Pipeline
from bot.render.base import Payload, new_view
from bot.service import GameService
from bot.table_history import MAX_LISTED
from games.core.words import Words
from storage import ENDED

log = logging.getLogger(__name__)


#: /hand of someone whose seat an AI took for good in the running game here.
GAVE_UP_SEAT = N_(
    "You left your seat (or were replaced): its AI plays it to the end; the table shows the game."
)


class SlashCommands:
    service: GameService
    pipeline: Pipeline
    delivery: Delivery

    def __init__(self, service: GameService, pipeline: Pipeline, delivery: Delivery) -> None:
        self.service = service
        self.pipeline = pipeline
        self.delivery = delivery
        self._reminded: set[tuple[int, int, int]] = set()  # (game, decision, user) already told

    # -- lobbies -----------------------------------------------------------------------------------
    async def play(
        self, interaction: discord.Interaction, game_name: str, fill_with_ai: bool = False
    ) -> None:
        user = interaction.user
        if interaction.channel_id is None:
            raise UserError(_("Games are played in a server's channel."))
        check_can_host(interaction)
        game = await self.service.open_lobby(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            game_name=game_name,
            user_id=user.id,
            user_name=name_of(user),
            locale=await self.table_locale(interaction),
            host_locale=str(interaction.locale),
        )

        async def step() -> Change:
            if fill_with_ai:
                return Change(await self.service.fill_with_ai(game.id, user.id))
            return Change(await self.service.load(game.id))

        change = await self.pipeline.run(game.id, step, user_id=user.id)
        await self.post_lobby(interaction, change.game, screens.table_payload(change.game))

    async def table_locale(self, interaction: discord.Interaction) -> str:
        """The language of a new table: the one a manager chose with /language, else the server's
        (Discord's "preferred locale" of a Community server), else the host's."""
        settings = self.service.store.settings
        chosen = await settings.guild_locale(interaction.guild_id) if interaction.guild_id else None
        return chosen or str(interaction.guild_locale or interaction.locale)

    async def set_language(self, interaction: discord.Interaction, locale: str | None) -> None:
        """/language: the language of the server's new tables (None: the server's own)."""
        if interaction.guild_id is None:
            raise UserError(_("Use this command in a server's channel."))
        if not manages_server(interaction):
            raise NotAllowed(_("Only members with Manage Server can choose the server's language."))
        await self.service.store.settings.set_guild_locale(interaction.guild_id, locale)
        if locale is None:
            text = _("New tables here follow the server's language (Discord's server settings).")
        else:
            text = _("New tables here are in {language}.", language=LANGUAGES[language_of(locale)])
        also = _("Each player reads their own messages in their own Discord language.")
        await send_new(interaction, ephemeral=True, content=f"{text} {also}")

    async def post_lobby(self, interaction: discord.Interaction, game: LoadedGame, payload: Payload) -> None:
        """Answer with the lobby as a new channel message, which becomes the game's table."""
        message_id = await send_new(interaction, ephemeral=False, **payload.send_kwargs())
        async with self.service.lock(game.id):
            game = await self.service.set_table_message(game.id, message_id)
        self.pipeline.outbox_holding(game)
        self.delivery.tables.posted(game, message_id, payload)

    # -- private views -----------------------------------------------------------------------------
    async def show_hand(self, interaction: discord.Interaction) -> None:
        try:
            game = await self.service.game_for_user(_channel(interaction), interaction.user.id)
        except UserError as error:
            channel, user_id = _channel(interaction), interaction.user.id
            kept = await self._kept_seat(channel, user_id)
            if kept is not None:
                await self.delivery.clicks.show_kept(interaction, *kept)
                return
            if await self._taken_by_ai(channel, interaction.user):  # (not an older game's end)
                raise NotAPlayer(_(GAVE_UP_SEAT)) from None
            await self._refuse_if_over(channel, user_id)  # (they played here: not "spectators")
            raise UserError(f"{error.message} " + _("Spectators see only the table.")) from None
        seat = game.seat_of(interaction.user.id)
        if game.state is None or seat is None:
            raise GameNotFound(_("This game has not started."))
        await self.delivery.clicks.open(interaction, game, seat)

    # -- ending a game -----------------------------------------------------------------------------
    async def abandon(self, interaction: discord.Interaction, game_id: int | None) -> None:
        user = interaction.user
        can_manage = manages_server(interaction)
        game_id = await self._game_to_abandon(_channel(interaction), user.id, game_id, can_manage)

        async def step() -> Change:
            return Change(await self.service.abandon(game_id, user.id, can_manage_server=can_manage))

        change = await self.pipeline.run(game_id, step, user_id=user.id)
        game = change.game
        with using(screens.table_language(game)):  # a post in the table's channel
            values = {"game": _(game.info.title), "number": game_id, "name": name_of(user)}
            if game.record.status == "cancelled":  # (a lobby: nothing was played)
                said = _("{name} cancelled the lobby of {game} #{number}.", **values)
            else:
                said = _("{game} #{number} was abandoned by {name}. It stays recorded.", **values)
        await send_new(interaction, ephemeral=False, content=said)
        await self.delivery.deliver(game_id)

    async def _game_to_abandon(
        self, channel_id: int, user_id: int, game_id: int | None, can_manage: bool
    ) -> int:
        """The game `/abandon` ends: the given number, else the user's own live game here (seated,
        kept by an AI for them, or hosted). Another group's game only by its number: a second
        `/abandon` (a double tap) ended the next game in the channel."""
        store = self.service.store
        live = await store.games_in_channel(channel_id)
        if game_id is not None:
            if all(record.id != game_id for record in live):
                raise GameNotFound(_("There is no live game #{number} in this channel.", number=game_id))
            return game_id
        seated = {r.id for r in await store.user_games_in_channel(channel_id, user_id, kept=True)}
        mine = [record for record in live if record.id in seated or record.host_id == user_id]
        if mine:  # (the newest they host first: theirs to end)
            return max(mine, key=lambda record: (record.host_id == user_id, record.id)).id
        ended = await store.user_games_in_channel(channel_id, user_id, statuses=ENDED, kept=True)
        ids = ", ".join(f"#{record.id}" for record in live[-MAX_LISTED:])
        if ended:  # (what they most likely meant)
            over = _("Your game here (#{number}) is already over.", number=ended[-1].id)
            if live and can_manage:
                other = _("To end another, say which with the `game` option: {games}.", games=ids)
                raise StaleDecision(f"{over} {other}")
            raise StaleDecision(over)
        if not live:
            raise GameNotFound(_("There is no live game in this channel."))
        if not can_manage:
            raise NotAllowed(_("Only the host or a member with Manage Server can end a game."))
        text = _("To end a game that is not yours, say which with the `game` option: {games}.", games=ids)
        raise UserError(text)

    # -- seats changing hands --------------------------------------------------------------------
    async def leave_game(self, interaction: discord.Interaction) -> None:
        user = interaction.user
        try:
            game = await self.service.game_for_user(_channel(interaction), user.id)
        except GameNotFound:
            kept = await self._kept_seat(_channel(interaction), user.id)
            if kept is None:
                raise
            await self._release_kept_seat(interaction, *kept)
            return
        if game.record.status == "lobby":
            will_answer(interaction, "ephemeral")  # (a word only they see; in a game, the table's)

            async def step() -> Change:
                return Change(await self.service.leave(game.id, user.id))

            await self.pipeline.run(game.id, step, user_id=user.id)
            await send_new(interaction, ephemeral=True, content=_("You left the lobby."))
            await self.delivery.deliver(game.id)
            return
        seat = game.seat_of(user.id)
        assert seat is not None
        reason = Words(N_("{name} left the game"), name=name_of(user))
        await self._hand_over(interaction, game.id, seat, reason=reason)

    async def _release_kept_seat(self, interaction: discord.Interaction, game: LoadedGame, seat: int) -> None:
        """/leave by a player whose seat an AI keeps: it stops keeping it for them."""
        will_answer(interaction, "ephemeral")

        async def step() -> Change:
            return Change(await self.service.release_kept_seat(game.id, seat))

        game = (await self.pipeline.run(game.id, step, user_id=interaction.user.id)).game
        said = _(
            "You left {game} #{number}: **{ai}** plays your seat to the end.",
            game=_(game.info.title),
            number=game.id,
            ai=game.names[seat],
        )
        await send_new(interaction, ephemeral=True, content=said)
        await self.delivery.deliver(game.id)

    async def replace_player(self, interaction: discord.Interaction, member: discord.abc.User) -> None:
        user = interaction.user
        if member.id == user.id:  # (a slip would give the seat away for good)
            raise NotAllowed(_("To give up your own seat, use `/leave`."))
        try:
            game = await self.service.game_for_user(_channel(interaction), member.id)
        except GameNotFound:
            if await self._taken_by_ai(_channel(interaction), member):
                raise StaleDecision(_("An AI already plays {name}'s seat.", name=name_of(member))) from None
            raise GameNotFound(
                _("{name} is not seated in a game in this channel.", name=name_of(member))
            ) from None
        if game.record.status != "running":
            raise StaleDecision(_("That game has not started; in a lobby the player can simply leave."))
        if user.id != game.record.host_id and not manages_server(interaction):
            raise NotAllowed(_("Only the host or a member with Manage Server can replace a player."))
        seat = game.seat_of(member.id)
        assert seat is not None
        name = shown_name(game.seats[seat].display_name)
        reason = Words(N_("{name} replaced {player}"), name=name_of(user), player=name)
        await self._hand_over(interaction, game.id, seat, reason=reason)

    async def _hand_over(
        self, interaction: discord.Interaction, game_id: int, seat: int, reason: Words
    ) -> None:
        """Post (in the table's language) that an AI plays `seat` now, for `reason`."""

        hosts: list[int] = []

        async def step() -> Change:
            hosts.append((await self.service.load(game_id)).record.host_id)
            return Change(await self.service.hand_to_ai(game_id, seat))

        game = (await self.pipeline.run(game_id, step)).game
        humans = [s.seat for s in game.seats if s.user_id > 0]
        view = None
        with using(screens.table_language(game)):
            text = _(
                "{reason}: **{ai}** plays that seat from now on.",
                reason=translated(reason),
                ai=game.names[seat],
            )
            host = game.seat_of(game.record.host_id)
            if game.record.host_id != hosts[0] and host is not None:  # (the host left: `next_host`)
                text += " " + _("{name} hosts the game now.", name=game.names[host])
            if len(game.seats) == 2 and len(humans) == 1:
                other = humans[0]
                text += " " + _(
                    "{name}, you may play on against the AI, or take the win.", name=game.names[other]
                )
                view = new_view(ForfeitButton(game_id, other))
        message_id = await send_new(
            interaction, ephemeral=False, **Payload(content=text, view=view).send_kwargs()
        )
        if view is not None:
            self.delivery.tables.extra_controls(game, message_id)
        await self.delivery.deliver(game_id)

    async def _taken_by_ai(self, channel_id: int, member: discord.abc.User) -> bool:
        """Whether an AI plays `member`'s seat in a running game here: one they gave up for good
        (their loss is recorded at once, `storage.results`), or one kept for them. By who they
        are, never by name: a bystander called like an AI seat ("Tinsel", or a player who left)
        was told an AI plays their seat."""
        if await self.service.store.results.seat_given_up(channel_id, member.id) is not None:
            return True
        for record in await self.service.store.games_in_channel(channel_id, statuses=("running",)):
            seats = (await self.service.load(record.id)).seats
            if any(s.user_id < 0 and s.owner_id == member.id for s in seats):
                return True
        return False

    async def _refuse_if_over(self, channel_id: int, user_id: int) -> None:
        """A player without a live game here whose last game here is over is told so: "Your
        game here (#3) is over: the table shows the end." (else the caller's own refusal)."""
        store = self.service.store
        if await store.user_games_in_channel(channel_id, user_id, kept=True):
            return
        ended = [
            r.id for r in await store.user_games_in_channel(channel_id, user_id, statuses=ENDED, kept=True)
        ]
        left = await store.results.seat_given_up(channel_id, user_id, "finished")  # (its seat the AI's)
        if ended or left is not None:
            number = max([*ended, left or 0])
            raise GameNotFound(
                _("Your game here (#{number}) is over: the table shows the end.", number=number)
            )

    async def _kept_seat(self, channel_id: int, user_id: int) -> tuple[LoadedGame, int] | None:
        """The running game of this channel in which an AI keeps a seat for `user_id`, and that seat."""
        for record in await self.service.store.games_in_channel(channel_id, statuses=("running",)):
            game = await self.service.load(record.id)
            seat = game.kept_for(user_id)
            if seat is not None:
                return game, seat
        return None

    async def reclaim(self, interaction: discord.Interaction) -> None:
        """Take back the seat an AI plays after your timeouts."""
        user = interaction.user
        kept = await self._kept_seat(_channel(interaction), user.id)
        if kept is None and await self._taken_by_ai(_channel(interaction), user):
            raise NotAPlayer(
                _(
                    "You left your seat (or were replaced): its AI plays it to the end. `/reclaim` "
                    "takes back only a seat an AI got when your time ran out."
                )
            )
        if kept is None:
            await self._refuse_if_over(_channel(interaction), user.id)  # (an AI finished it for them)
            raise NotAPlayer(
                _(
                    "No AI is keeping a seat for you in this channel. `/reclaim` takes back a seat "
                    "an AI got when your time ran out; a seat you left or were replaced in is not kept."
                )
            )
        game, seat = kept

        async def step() -> Change:
            return Change(await self.service.reclaim(game.id, seat))

        game = (await self.pipeline.run(game.id, step, user_id=user.id)).game
        with using(screens.table_language(game)):
            said = _(
                "Welcome back, {name}: you play your seat in {game} #{number} again.",
                name=name_of(user),
                game=_(game.info.title),
                number=game.id,
            )
        welcome = await send_new(interaction, ephemeral=False, content=said)
        await self.delivery.notifications.welcomed(game, welcome)  # (goes with the next clock post)
        await self.delivery.deliver(game.id)

    # -- chat ------------------------------------------------------------------------------------
    async def on_channel_message(self, channel_id: int, user_id: int) -> str | None:
        """Someone posted: a buried table moves down; a player who posts at the wrong moment is
        reminded of a table rule (once per decision). Only who posted matters, never what."""
        await self.delivery.tables.chat_seen(channel_id)
        for record in await self.service.store.user_games_in_channel(
            channel_id, user_id, statuses=("running",)
        ):
            game = await self.service.load(record.id)
            seat = game.seat_of(user_id)
            key = (game.id, game.decision, user_id)
            if seat is None or key in self._reminded:
                continue
            with using(screens.table_language(game)):  # posted in the table's channel
                text = screens.renderer(game).chat_reminder(game.view(None), screens.context(game), seat)
            if text:
                if len(self._reminded) > 10_000:
                    self._reminded.clear()
                self._reminded.add(key)
                up = partial(self._reminder_up, game)  # (recorded: deleted once untrue)
                await self.delivery.posts.post(game, Payload(content=text), posted=up)
                return text
        return None

    async def _reminder_up(self, game: LoadedGame, message_id: int) -> None:
        """A chat reminder is up: recorded, it goes once its decision is over. The game may have
        moved on while it waited for its turn in the channel (the end may have settled the
        game's calls already): then it is settled now, from the newest state."""
        await self.delivery.notifications.reminded(game, message_id)
        outbox = self.pipeline.outbox(game.id)
        latest = outbox.game if outbox is not None else await self.service.load(game.id)
        if latest.record.status != "running" or latest.decision != game.decision:
            await self.delivery.notifications.settle(latest)


def _channel(interaction: discord.Interaction) -> int:
    if interaction.channel_id is None:
        raise UserError(_("Use this command in the game's channel."))
    return interaction.channel_id
