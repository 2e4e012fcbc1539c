"""The lobby message and the closing messages that are the same for every game.

A game's lobby options come from its pydantic options model: every field whose values can be
listed (a `Literal`, a bool, an int with `json_schema_extra={"choices": [...]}`, or an int with
`ge`/`le` at most 25 apart) becomes a select for the host, labelled with the field's `title` and
described by its `description`. With more options than rows, one select lists them all.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass
from typing import Any

import discord
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from bot.clock import CLOCK_DESCRIPTION, CLOCK_OPTION, CLOCK_SECONDS
from bot.components import LOBBY_OPS, LobbyButton, LobbyOptionSelect
from bot.render.base import EMBED_COLOUR, Payload, new_view
from games.registry import GameInfo

MAX_SELECT_OPTIONS = 25
#: Rows left for option selects under the lobby's two rows of buttons.
MAX_OPTION_SELECTS = 3
#: The option name of the combined select, whose values are `name=value`.
ANY_OPTION = "any"


@dataclass(frozen=True)
class LobbyOption:
    """One choosable lobby option: the field name, its label and its values (as strings)."""

    name: str
    title: str
    description: str
    values: tuple[str, ...]

    def label(self, value: Any) -> str:
        if isinstance(value, bool):
            return "on" if value else "off"
        return str(value)


def _values(info: FieldInfo) -> tuple[str, ...]:
    annotation = info.annotation
    if typing.get_origin(annotation) is typing.Literal:
        return tuple(str(v) for v in typing.get_args(annotation))
    if annotation is bool:
        return ("true", "false")
    extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
    if isinstance(extra.get("choices"), list):
        return tuple(str(v) for v in extra["choices"])
    if annotation is int:
        low = high = None
        for meta in info.metadata:
            low = getattr(meta, "ge", low)
            high = getattr(meta, "le", high)
        if low is not None and high is not None and high - low < MAX_SELECT_OPTIONS:
            return tuple(str(v) for v in range(low, high + 1))
    return ()


def lobby_options(model: type[BaseModel]) -> list[LobbyOption]:
    """The options of `model` a host can choose from a select (others keep their defaults), and
    the turn clock every game has."""
    found = [LobbyOption(CLOCK_OPTION, "Turn clock", CLOCK_DESCRIPTION, tuple(CLOCK_SECONDS))]
    for name, info in model.model_fields.items():
        values = _values(info)
        if values:
            title = info.title or name.replace("_", " ").capitalize()
            found.append(LobbyOption(name, title, info.description or "", values))
    return found[1:] + found[:1]  # the game's own options first


def _option_select(game_id: int, option: LobbyOption, current: Any) -> LobbyOptionSelect:
    shown = option.label(current)
    choices = [
        discord.SelectOption(
            label=f"{option.title}: {option.label(_parse_label(value))}"[:100],
            value=value,
            description=option.description[:100] or None,
            default=option.label(_parse_label(value)) == shown,
        )
        for value in option.values
    ]
    return LobbyOptionSelect(game_id, option.name, choices, placeholder=f"{option.title} (host)")


def _combined_select(game_id: int, choosable: list[LobbyOption]) -> LobbyOptionSelect:
    """More options than rows: one select of every `option: value` (values `name=value`)."""
    choices = [
        discord.SelectOption(
            label=f"{o.title}: {o.label(_parse_label(value))}"[:100],
            value=f"{o.name}={value}",
            description=o.description[:100] or None,
        )
        for o in choosable
        for value in o.values
    ]
    return LobbyOptionSelect(
        game_id, ANY_OPTION, choices[:MAX_SELECT_OPTIONS], placeholder="Change an option (host)"
    )


def _parse_label(value: str) -> Any:
    return {"true": True, "false": False}.get(value, value)


def lobby_payload(
    game_id: int, info: GameInfo, names: list[str], host_name: str, options: dict[str, Any] | None = None
) -> Payload:
    embed = discord.Embed(
        title=f"\N{CHRISTMAS TREE} {info.title} - lobby",
        description=(
            f"**{info.players_text}.** Press **Join** to take a seat; the host "
            f"({host_name}) may seat AI players and presses **Start** when everyone is in."
        ),
        colour=EMBED_COLOUR,
    )
    seats = "\n".join(f"{i + 1}. {name}" for i, name in enumerate(names)) or "(empty)"
    embed.add_field(name=f"Seats ({len(names)}/{info.max_players})", value=seats, inline=False)
    choosable = lobby_options(info.rules.options_model) if info.rules is not None else []
    current = {CLOCK_OPTION: "off", **(options or {})}
    if choosable:
        lines = [f"**{o.title}:** {o.label(current.get(o.name))}" for o in choosable]
        embed.add_field(name="Options (the host may change them)", value="\n".join(lines), inline=False)
    ready = info.min_players <= len(names) <= info.max_players
    need = info.min_players - len(names)
    embed.set_footer(
        text=f"Game #{game_id} - "
        + ("ready to start" if ready else f"waiting for {need} more player{'s' if need != 1 else ''}")
    )
    items: list[discord.ui.Item[Any]] = [
        LobbyButton(game_id, op)
        for op in LOBBY_OPS  # two rows: five, then "Remove AI"
    ]
    if len(choosable) <= MAX_OPTION_SELECTS:
        items += [_option_select(game_id, o, current.get(o.name)) for o in choosable]
    elif choosable:
        items.append(_combined_select(game_id, choosable))
    return Payload(embeds=[embed], view=new_view(*items))


def closed_payload(game_id: int, title: str, text: str) -> Payload:
    embed = discord.Embed(title=f"{title} - {text}", colour=discord.Colour.dark_grey())
    embed.set_footer(text=f"Game #{game_id}")
    return Payload(embeds=[embed], view=None)
