"""`/log` (the public log of a game) and `/export` (a finished game as replayable JSON), mixed
into `bot.table.Table`.

The log shows only what the rules made public: each logged action's events filtered to the public
audience (`visible_events(events, None)`), exactly what the table showed as it happened. The export
holds every action, secret choices included, so it is given only once the game is over.
"""

from __future__ import annotations

import io
import json

import discord

from bot.answers import answers_errors
from bot.clock import FORCED_BY_CLOCK
from bot.errors import GameNotFound, UserError
from games.core import visible_events
from games.core.export import ExportedAction, ExportedSeat, GameExport

LOG_LIMIT = 3900  # characters of an embed description (Discord allows 4096)
OVER = ("finished", "abandoned")


class TableHistory:
    async def public_log(self, game_id: int) -> list[str]:
        """Every public event of the game so far, as the lines the table showed."""
        game = await self.service.load(game_id)
        lines = []
        for record in await self.service.store.get_actions(game_id):
            if record.user_id == FORCED_BY_CLOCK and record.seat >= 0:
                lines.append(f"\N{ALARM CLOCK} Time ran out: the clock chose for {game.names[record.seat]}.")
            events = visible_events(game.rules.load_events(record.events_json), None)
            lines += [event.describe(game.names) for event in events]
        return lines

    async def export_game(self, game_id: int) -> GameExport:
        game = await self.service.load(game_id)
        if game.record.status not in OVER:
            raise UserError("A game can be exported once it is over (its log holds secret choices).")
        actions = await self.service.store.get_actions(game_id)
        return GameExport(
            game=game.record.game_name,
            options=game.record.options,
            seed=game.record.seed,
            seats=[ExportedSeat(seat=s.seat, name=s.display_name, ai=s.user_id < 0) for s in game.seats],
            actions=[
                ExportedAction(seq=a.seq, seat=a.seat, action=json.loads(a.action_json)) for a in actions
            ],
        )

    async def _game_here(self, channel_id: int, user_id: int, game_id: int | None, statuses: tuple[str, ...]):
        """The game a command means: the given number (in this channel), else the user's own
        game here, else the only one here."""
        store = self.service.store
        games = await store.games_in_channel(channel_id, statuses=statuses)
        if game_id is not None:
            if all(record.id != game_id for record in games):
                raise GameNotFound(f"There is no such game #{game_id} in this channel.")
            return game_id
        mine = [r for r in await store.user_games_in_channel(channel_id, user_id, statuses=statuses)]
        if mine:
            return mine[-1].id
        if len(games) == 1 or (games and statuses == OVER):
            return games[-1].id
        if not games:
            raise GameNotFound("There is no such game in this channel.")
        ids = ", ".join(f"#{record.id}" for record in games)
        raise UserError(f"Several games are here ({ids}); say which with the `game` option.")

    @answers_errors
    async def show_log(self, interaction: discord.Interaction, game_id: int | None) -> None:
        try:
            game_id = await self._game_here(
                interaction.channel_id, interaction.user.id, game_id, ("running", "finished", "abandoned")
            )
            game = await self.service.load(game_id)
        except UserError as error:
            await self.refuse(interaction, error.message)
            return
        lines = await self.public_log(game_id)
        text = "\n".join(f"- {line}" for line in lines) or "Nothing has happened yet."
        if len(text) > LOG_LIMIT:
            text = "...\n" + text[-LOG_LIMIT:].split("\n", 1)[-1]
        embed = discord.Embed(title=f"{game.info.title} #{game.id} - public log", description=text)
        embed.set_footer(
            text="Only what the rules made public. /export gives the whole game once it is over."
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @answers_errors
    async def export(self, interaction: discord.Interaction, game_id: int | None) -> None:
        try:
            game_id = await self._game_here(interaction.channel_id, interaction.user.id, game_id, OVER)
            exported = await self.export_game(game_id)
        except UserError as error:
            await self.refuse(interaction, error.message)
            return
        data = exported.model_dump_json(indent=1).encode()
        file = discord.File(io.BytesIO(data), filename=f"{exported.game}-{game_id}.json")
        await interaction.response.send_message(
            f"Game #{game_id}: options, seats, seed and every action. It replays to the same end.",
            file=file,
            ephemeral=True,
        )
