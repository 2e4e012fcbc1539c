"""`/stats [user]` and `/leaderboard game:<game>`, per server.

Results are stored with the last action of every finished game (one row per seat: who, won or
not, AI or not). Shared wins count as a win for each winner. AI seats are counted apart: they
never appear among the people, and the leaderboard shows them as one line. Games finished before
results were kept get theirs at the next start (`backfill_results`).
"""

from __future__ import annotations

import discord

from bot.answers import send_new
from bot.i18n import _
from bot.loaded_game import AI_MARK
from bot.names import name_of, shown_name
from bot.plugins import PLUGINS
from bot.render.base import EMBED_COLOUR
from bot.service import GameService


def _title(game_name: str) -> str:
    """The game's title (its stored name if this bot no longer has that game)."""
    plugin = PLUGINS.find(game_name)
    return _(plugin.title) if plugin is not None else game_name


def _rate(plays: int, wins: int) -> str:
    if not plays:
        return _("no games yet")
    percent = round(100 * wins / plays)
    return _("{wins}/{plays} won ({percent}%)", wins=wins, plays=plays, percent=percent)


def _ranked(rows: list[tuple[int, int, int]]) -> list[tuple[int, tuple[int, int, int]]]:
    """Each row with its place: equal records (wins and games) share one, and the next place
    counts them (1, 2, 2, 4), rather than the order of their user ids deciding."""
    ranked: list[tuple[int, tuple[int, int, int]]] = []
    for index, row in enumerate(rows):
        tied = ranked and ranked[-1][1][1:] == row[1:]
        ranked.append((ranked[-1][0] if tied else index + 1, row))
    return ranked


async def backfill_results(service: GameService) -> int:
    """Store the results of finished games that have none (finished before results were
    kept), from their final state. Returns how many games were filled in."""
    count = 0
    for record in await service.store.results.games_without_results():
        if record.game_name not in PLUGINS or not record.state_json:
            continue
        info = PLUGINS.get(record.game_name)
        outcome = info.rules.outcome(info.rules.load_state(record.state_json))
        if outcome is not None:
            await service.store.results.record(record.id, outcome.winners)
            count += 1
    return count


class Stats:
    service: GameService

    def __init__(self, service: GameService) -> None:
        self.service = service

    async def stats(self, interaction: discord.Interaction, user: discord.abc.User | None) -> None:
        who = user or interaction.user
        rows = await self.service.store.results.player_stats(interaction.guild_id, who.id)
        embed = discord.Embed(
            title=_("{name}'s games on this server", name=name_of(who)), colour=EMBED_COLOUR
        )
        if not rows:
            embed.description = _("No finished games yet.")
        for name, plays, wins in rows:
            embed.add_field(name=_title(name), value=_rate(plays, wins), inline=False)
        plays, wins = sum(r[1] for r in rows), sum(r[2] for r in rows)
        if rows:
            embed.set_footer(text=_("All games: {rate}", rate=_rate(plays, wins)))
        await send_new(interaction, ephemeral=True, embed=embed)

    async def leaderboard(self, interaction: discord.Interaction, game_name: str) -> None:
        results = self.service.store.results
        rows = await results.leaderboard(interaction.guild_id, game_name)
        title = _title(game_name)
        # names as seated, not mentions: an answer only its reader sees showed "@unknown-user"
        # for members their app had not loaded
        names = await results.names(interaction.guild_id, game_name, [row[0] for row in rows])
        lines = [  # (a person whose latest game here they left is seated there as "Name (AI)")
            f"{rank}. {shown_name(names.get(user_id, '?').removesuffix(AI_MARK))} - {_rate(plays, wins)}"
            for rank, (user_id, plays, wins) in _ranked(rows)
        ]
        embed = discord.Embed(
            title=_("\N{TROPHY} {game} - leaderboard", game=title),
            description="\n".join(lines) or _("No finished games yet."),
            colour=EMBED_COLOUR,
        )
        if lines:
            embed.set_footer(text=_("Ranked by games won, then by the share of games won."))
        ai_plays, ai_wins = await results.ai_stats(interaction.guild_id, game_name)
        if ai_plays:
            embed.add_field(
                name=_("All AI seats together (not ranked)"), value=_rate(ai_plays, ai_wins), inline=False
            )
        await send_new(interaction, ephemeral=True, embed=embed)
