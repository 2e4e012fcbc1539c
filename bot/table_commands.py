"""The slash-command flows (`/play`, `/hand`, `/abandon`), chat reminders and the restart
resume, mixed into `bot.table.Table` (which holds the service, the messenger and the renderers)."""

from __future__ import annotations

import asyncio

import discord

from bot.answers import answers_errors
from bot.errors import GameNotFound, UserError
from bot.render.base import Payload


class TableCommands:
    # -- commands ---------------------------------------------------------------------------------
    @answers_errors
    async def play(
        self, interaction: discord.Interaction, game_name: str, fill_with_ai: bool = False
    ) -> None:
        user = interaction.user
        try:
            game = await self.service.open_lobby(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                game_name=game_name,
                user_id=user.id,
                user_name=user.display_name,
            )
            if fill_with_ai:
                async with self.service.lock(game.id):
                    game = await self.service.fill_with_ai(game.id, user.id)
        except UserError as error:
            await self.refuse(interaction, error.message)
            return
        await interaction.response.send_message(**self.table_payload(game).send_kwargs())
        message = await interaction.original_response()
        await self.service.set_table_message(game.id, message.id)

    @answers_errors
    async def show_hand(self, interaction: discord.Interaction) -> None:
        try:
            game = await self.service.game_for_user(interaction.channel_id, interaction.user.id)
        except UserError as error:
            await self.refuse(interaction, f"{error.message} Spectators see only the table.")
            return
        await self.on_show_private(interaction, game.id)

    @answers_errors
    async def abandon(self, interaction: discord.Interaction, game_id: int | None) -> None:
        user = interaction.user
        perms = getattr(interaction, "permissions", None)
        can_manage = bool(perms and perms.manage_guild)
        try:
            game_id = await self._game_to_abandon(interaction.channel_id, user.id, game_id)
            async with self.service.lock(game_id):
                game = await self.service.abandon(game_id, user.id, can_manage_server=can_manage)
                await self._refresh_table(game, self.table_payload(game))
        except UserError as error:
            await self.refuse(interaction, error.message)
            return
        self.timers.cancel(game_id)
        self.ai_turns.cancel(game_id)
        self.service.forget(game_id)
        await interaction.response.send_message(
            f"{game.info.title} (game #{game.id}) was abandoned by {user.display_name}. It stays recorded."
        )

    async def _game_to_abandon(self, channel_id: int, user_id: int, game_id: int | None) -> int:
        store = self.service.store
        live = await store.games_in_channel(channel_id)
        if game_id is not None:
            if all(record.id != game_id for record in live):
                raise GameNotFound(f"There is no live game #{game_id} in this channel.")
            return game_id
        mine = await store.user_games_in_channel(channel_id, user_id)
        if mine:
            return mine[-1].id
        if len(live) == 1:
            return live[0].id
        if not live:
            raise GameNotFound("There is no live game in this channel.")
        ids = ", ".join(f"#{record.id}" for record in live)
        raise UserError(f"Several games run here ({ids}); say which with the `game` option.")

    # -- chat ------------------------------------------------------------------------------------
    async def on_channel_message(self, channel_id: int, user_id: int) -> str | None:
        """Remind a player of a table rule when they post at the wrong moment (once per
        decision). Only who posted matters, never what: the bot needs no message content."""
        for record in await self.service.store.user_games_in_channel(
            channel_id, user_id, statuses=("running",)
        ):
            game = await self.service.load(record.id)
            seat = game.seat_of(user_id)
            key = (game.id, game.decision, user_id)
            if seat is None or key in self._reminded:
                continue
            text = self.renderer(game).chat_reminder(game.view(None), self.context(game), seat)
            if text:
                if len(self._reminded) > 10_000:
                    self._reminded.clear()
                self._reminded.add(key)
                await self.messenger.send_channel(channel_id, Payload(content=text))
                return text
        return None

    # -- restart ----------------------------------------------------------------------------------
    async def resume(self, pause: float = 0.2) -> int:
        """Re-render every live game's table from the committed state (a crash may have come
        between a commit and its render). Spaced out to stay inside channel rate limits."""
        await self.service.backfill_results()
        count = 0
        for record in await self.service.store.live_games():
            async with self.service.lock(record.id):
                game = await self.service.ensure_deadline(record.id)
                await self._refresh_table(game, self.table_payload(game))
                self.timers.schedule(game.id, game.decision, game.record.deadline)
                self._schedule_ai(game)
                self._schedule_clock(game)
            count += 1
            await asyncio.sleep(pause)
        return count
