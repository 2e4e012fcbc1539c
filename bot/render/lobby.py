"""The lobby message and the closing messages that are the same for every game."""

from __future__ import annotations

import discord

from bot.components import LobbyButton
from bot.render.base import EMBED_COLOUR, Payload, new_view
from games.registry import GameInfo


def lobby_payload(game_id: int, info: GameInfo, names: list[str], host_name: str) -> Payload:
    embed = discord.Embed(
        title=f"\N{CHRISTMAS TREE} {info.title} - lobby",
        description=(
            f"**{info.players_text}.** Press **Join** to take a seat; the host "
            f"({host_name}) presses **Start** when everyone is in."
        ),
        colour=EMBED_COLOUR,
    )
    seats = "\n".join(f"{i + 1}. {name}" for i, name in enumerate(names)) or "(empty)"
    embed.add_field(name=f"Seats ({len(names)}/{info.max_players})", value=seats, inline=False)
    ready = info.min_players <= len(names) <= info.max_players
    need = info.min_players - len(names)
    embed.set_footer(
        text=f"Game #{game_id} - "
        + ("ready to start" if ready else f"waiting for {need} more player{'s' if need != 1 else ''}")
    )
    view = new_view(*(LobbyButton(game_id, op) for op in ("join", "leave", "start", "cancel")))
    return Payload(embeds=[embed], view=view)


def closed_payload(game_id: int, title: str, text: str) -> Payload:
    embed = discord.Embed(title=f"{title} - {text}", colour=discord.Colour.dark_grey())
    embed.set_footer(text=f"Game #{game_id}")
    return Payload(embeds=[embed], view=None)
