"""The click flows: every component interaction of a game, answered within Discord's 3 s.

A click that changes a game runs through the one pipeline (`bot.pipeline`: lock -> load -> checks
-> apply -> commit -> wake-ups -> outbox), is answered by editing the clicked message (the table,
or the player's living private message) from the newest committed game, and then the game's outbox
is delivered (`bot.delivery`). Refusals are `UserError`s, raised and turned into one ephemeral
answer in one place (`bot.answers`). Slash commands are in `bot.table_commands`, the log and
export in `bot.table_history`, stats in `bot.table_stats`, the start's resume in `bot.restart`.
"""

from __future__ import annotations

import discord

from bot import screens
from bot.answers import edit_answer
from bot.channel_permissions import check_can_host
from bot.delivery import Delivery
from bot.errors import BadComponent, GameNotFound, NotAllowed, NotAPlayer, StaleDecision
from bot.i18n import _, using
from bot.loaded_game import LoadedGame
from bot.messenger import Messenger
from bot.names import name_of
from bot.outbox import Change, Post
from bot.pacing import Pacer
from bot.pipeline import Pipeline
from bot.restart import Restart
from bot.service import GameService
from bot.settings import AI_DELAY
from bot.table_commands import SlashCommands
from bot.table_history import History
from bot.table_stats import Stats
from games.core import visible_events


class Table:
    """The bot's Discord side: the pipeline and delivery, the click handlers (here) and the
    slash commands, log and stats (`commands`, `history`, `stats`)."""

    service: GameService
    messenger: Messenger
    pipeline: Pipeline
    delivery: Delivery
    commands: SlashCommands
    restart: Restart
    history: History
    stats: Stats

    def __init__(
        self,
        service: GameService,
        messenger: Messenger,
        *,
        ai_delay: float = AI_DELAY,
        pacer: Pacer | None = None,
    ) -> None:
        self.service = service
        self.messenger = messenger
        self.pipeline = Pipeline(service, ai_pause=ai_delay)
        self.delivery = Delivery(self.pipeline, messenger, pacer)
        self.commands = SlashCommands(service, self.pipeline, self.delivery)
        self.restart = Restart(service, self.pipeline, self.delivery)
        self.history = History(service)
        self.stats = Stats(service)

    async def stop(self) -> None:
        """Cancel every waiting wake-up (on shutdown: all are stored)."""
        await self.pipeline.stop()

    # -- components ------------------------------------------------------------------------------
    async def on_lobby_click(self, interaction: discord.Interaction, game_id: int, op: str) -> None:
        user = interaction.user

        async def step() -> Change:
            service = self.service
            if op == "join":
                game = await service.join(game_id, user.id, name_of(user), str(interaction.locale))
            elif op == "leave":
                game = await service.leave(game_id, user.id)
            elif op == "start":
                await service.start(game_id, user.id)
                game = await service.ensure_deadline(game_id)  # timers, turn clock
            elif op == "addai":
                game = await service.add_ai(game_id, user.id)
            elif op == "removeai":
                game = await service.remove_ai(game_id, user.id)
            elif op == "cancel":
                game = await service.cancel(game_id, user.id)
            else:  # (the button's template admits only `LOBBY_OPS`)
                raise BadComponent(_("That button is not valid."))
            return Change(game)

        change = await self.pipeline.run(game_id, step, user_id=user.id)
        await self.delivery.tables.answer_on_table(interaction, game_id)
        self.delivery.tables.watch_channel(change.game)
        await self.delivery.deliver(game_id)

    async def on_lobby_option(
        self, interaction: discord.Interaction, game_id: int, option: str, value: str
    ) -> None:
        async def step() -> Change:
            return Change(await self.service.set_option(game_id, interaction.user.id, option, value))

        await self.pipeline.run(game_id, step, user_id=interaction.user.id)
        await self.delivery.tables.answer_on_table(interaction, game_id)
        await self.delivery.deliver(game_id)

    async def on_action(
        self, interaction: discord.Interaction, game_id: int, decision: int, code: str
    ) -> None:
        user_id = interaction.user.id

        async def step() -> Change:
            game = await self.service.load(game_id)
            seat = game.seat_of(user_id)
            if seat is not None and not self._on_table(interaction, game):
                self.delivery.clicks.check_clicked(interaction, game, seat)
            result = await self.service.act(game_id, user_id, decision, code)
            return Change(result.game, result.events, actor=result.seat)

        change = await self.pipeline.run(game_id, step, user_id=user_id)
        game, seat = change.game, change.actor
        assert seat is not None
        if self._on_table(interaction, game):
            await self.delivery.tables.answer_on_table(interaction, game_id)
            if game.state is not None and game.record.status == "running":  # (over: the end says it)
                mine = visible_events(change.events, seat)
                note = screens.renderer(game).acknowledge(game.view(seat), screens.context(game), mine)
                sent = await self.delivery.clicks.unseen_news(interaction, game, seat, mine, note)
                lasting = False  # (a copy of the private message: out of date once it changes)
                if sent is None and note:
                    sent = await interaction.followup.send(note, ephemeral=True, wait=True)
                    lasting = not game.can_act(seat)  # (what the click did: it stays true)
                if sent is not None:
                    await self.delivery.notifications.noted(
                        game_id, user_id, interaction.token, sent.id, game.decision, seat, lasting=lasting
                    )
                    await self._settle_if_moved_on(game)
        else:
            await self.delivery.clicks.answer(interaction, game_id, seat)
        await self.delivery.deliver(game_id)

    async def _settle_if_moved_on(self, game: LoadedGame) -> None:
        """The game moved on while a click's note was being sent (another player's action ended
        that decision, maybe the game, whose delivery has already settled its notes, or forgot
        it): settle them now, from the newest state, so the note does not outlive its decision."""
        outbox = self.pipeline.outbox(game.id)
        if outbox is not None and outbox.game.record.version == game.record.version:
            return  # (the delivery that follows settles them)
        latest = outbox.game if outbox is not None else await self.service.load(game.id)
        await self.delivery.notifications.settle(latest)

    async def on_draft(
        self, interaction: discord.Interaction, game_id: int, decision: int, draft: str
    ) -> None:
        """Redraw the clicked private message with a choice half made. Reads only: no lock, no
        write; the finished choice is sent by an action component on the redrawn message."""
        game = await self.service.load(game_id)
        seat = self._seat(game, interaction.user.id)
        if game.record.status != "running" or game.decision != decision:
            raise StaleDecision(_("That choice is already over; use the latest message."))
        self.delivery.clicks.check_clicked(interaction, game, seat)
        await self.delivery.clicks.answer(interaction, game_id, seat, draft)

    async def on_show_private(self, interaction: discord.Interaction, game_id: int) -> None:
        game = await self.service.load(game_id)
        seat = game.seat_of(interaction.user.id)
        kept = game.kept_for(interaction.user.id) if seat is None else None
        if kept is not None and game.record.status == "running":
            await self.delivery.clicks.show_kept(interaction, game, kept)
            return
        if kept is not None:
            raise NotAPlayer(screens.kept_seat_text())
        if seat is None:
            raise NotAPlayer(_("You are not playing in this game; the table shows everything public."))
        if game.state is None:
            raise GameNotFound(_("This game has not started."))
        await self.delivery.clicks.open(interaction, game, seat)

    async def on_rematch(self, interaction: discord.Interaction, game_id: int) -> None:
        """A new lobby with the same seats and options, posted as a new message in the channel."""
        user = interaction.user
        check_can_host(interaction)
        opened: list[tuple[LoadedGame, list[str]]] = []

        async def step() -> Change:
            opened.append(await self.service.rematch(game_id, user.id, name_of(user)))
            return Change(await self.service.load(game_id))

        await self.pipeline.run(game_id, step, user_id=user.id)
        game, left_out = opened[0]
        payload = screens.table_payload(game)
        with using(screens.table_language(game)):  # a channel post: the table's language
            if left_out:
                payload.content = _(
                    "**Rematch!** {name} opened a new lobby. "
                    "({names} could not be seated: already in a game here.)",
                    name=name_of(user),
                    names=", ".join(left_out),
                )
            else:
                payload.content = _("**Rematch!** {name} opened a new lobby.", name=name_of(user))
        await self.commands.post_lobby(interaction, game, payload)

    async def on_forfeit(self, interaction: discord.Interaction, game_id: int, seat: int) -> None:
        """The remaining player of a two-player game takes the win."""

        async def step() -> Change:
            game = await self.service.load(game_id)
            if game.record.status != "running":
                raise StaleDecision(_("This game is already over."))
            if not 0 <= seat < len(game.seats) or game.seats[seat].user_id != interaction.user.id:
                raise NotAPlayer(_("Only the player who stayed can take the win."))
            if any(not game.is_ai(other) for other in range(len(game.seats)) if other != seat):
                raise NotAllowed(_("The win can be taken only when every other player has left."))
            game = await self.service.forfeit(game_id, frozenset({seat}))
            with using(screens.table_language(game)):  # a channel post: the table's language
                text = _("{name} wins: the other player left.", name=game.names[seat])
            return Change(game, posts=[Post("ended", text)])

        change = await self.pipeline.run(game_id, step, user_id=interaction.user.id)
        # the end itself (who won, why, Rematch) is the channel post just below: no repeat here
        taken = _("{name} took the win.", name=change.game.names[seat])
        await edit_answer(interaction, content=taken, view=None)
        if interaction.message is not None:
            self.delivery.tables.extra_answered(game_id, interaction.message.id)
        await self.delivery.deliver(game_id)

    @staticmethod
    def _on_table(interaction: discord.Interaction, game: LoadedGame) -> bool:
        message = interaction.message
        return message is not None and message.id == game.record.table_message_id

    @staticmethod
    def _seat(game: LoadedGame, user_id: int) -> int:
        seat = game.seat_of(user_id)
        if seat is None:
            raise NotAPlayer(_("You are not playing in this game."))
        return seat
