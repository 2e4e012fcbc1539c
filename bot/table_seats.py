"""Leaving and replacing players of a running game, mixed into `bot.table.Table`.

`/leave` hands the player's seat to an AI (in a lobby it simply frees the seat); the host (or a
member with Manage Server) can do the same for an absent player with `/replace`. In a two-player
game the remaining player may instead take the win: the channel gets a "Take the win" button that
only they can use, while the game runs.
"""

from __future__ import annotations

import discord

from bot.answers import answers_errors
from bot.components import ForfeitButton
from bot.errors import NotAllowed, NotAPlayer, StaleDecision, UserError
from bot.render.base import Payload, new_view


class TableSeats:
    @answers_errors
    async def leave_game(self, interaction: discord.Interaction) -> None:
        user = interaction.user
        try:
            game = await self.service.game_for_user(interaction.channel_id, user.id)
            if game.record.status == "lobby":
                async with self.service.lock(game.id):
                    game = await self.service.leave(game.id, user.id)
                    await self._refresh_table(game, self.table_payload(game))
                await interaction.response.send_message("You left the lobby.", ephemeral=True)
                return
            seat = game.seat_of(user.id)
            await self._hand_over(interaction, game.id, seat, reason=f"{user.display_name} left the game")
        except UserError as error:
            await self.refuse(interaction, error.message)

    @answers_errors
    async def replace_player(self, interaction: discord.Interaction, member: discord.abc.User) -> None:
        user = interaction.user
        perms = getattr(interaction, "permissions", None)
        try:
            game = await self.service.game_for_user(interaction.channel_id, member.id)
            if game.record.status != "running":
                raise StaleDecision("That game has not started; in a lobby the player can simply leave.")
            if user.id != game.record.host_id and not (perms and perms.manage_guild):
                raise NotAllowed("Only the host or a member with Manage Server can replace a player.")
            seat = game.seat_of(member.id)
            name = game.seats[seat].display_name
            await self._hand_over(interaction, game.id, seat, reason=f"{user.display_name} replaced {name}")
        except UserError as error:
            await self.refuse(interaction, error.message)

    async def _hand_over(
        self, interaction: discord.Interaction, game_id: int, seat: int, reason: str
    ) -> None:
        async with self.service.lock(game_id):
            game = await self.service.hand_to_ai(game_id, seat)
            await self._refresh_table(game, self.table_payload(game))
        self._schedule_ai(game)
        ai_name = game.seats[seat].display_name
        text = f"{reason}: **{ai_name}** plays that seat from now on."
        humans = [s.seat for s in game.seats if s.user_id > 0]
        view = None
        if len(game.seats) == 2 and len(humans) == 1:
            other = humans[0]
            text += f" {game.names[other]}, you may play on against the AI, or take the win."
            view = new_view(ForfeitButton(game_id, other))
        await interaction.response.send_message(**Payload(content=text, view=view).send_kwargs())

    @answers_errors
    async def on_forfeit(self, interaction: discord.Interaction, game_id: int, seat: int) -> None:
        """The remaining player of a two-player game takes the win."""
        async with self.service.lock(game_id):
            try:
                game = await self.service.load(game_id)
                if game.record.status != "running":
                    raise StaleDecision("This game is already over.")
                if not 0 <= seat < len(game.seats) or game.seats[seat].user_id != interaction.user.id:
                    raise NotAPlayer("Only the player who stayed can take the win.")
                game = await self.service.forfeit(game_id, frozenset({seat}))
            except UserError as error:
                await self.refuse(interaction, error.message)
                return
            self.timers.cancel(game_id)
            self.ai_turns.cancel(game_id)
            await self._refresh_table(game, self.table_payload(game))
        winner = game.names[seat]
        await interaction.response.edit_message(
            content=f"**{game.info.title} #{game.id} is over.** {winner} wins: the other player left.",
            view=None,
        )
