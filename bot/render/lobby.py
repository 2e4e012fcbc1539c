"""The lobby message and the closing messages that are the same for every game.

A game's lobby options come from its pydantic options model: every field whose values can be
listed (a `Literal`, a bool, an int with `json_schema_extra={"choices": [...]}`, or an int with
`ge`/`le` at most 25 apart) becomes a select for the host, labelled with the field's `title` and
described by the game's `LOBBY_TEXTS` (its plugin's `lobby_texts`): `"name"` describes the option,
`"name=value"` gives one value its label and description (`(label, description)`), so a player
never reads a value's id ("host_violet"). With more options than rows, one select lists them all.

Titles, descriptions and value labels are marked for the catalogues where they are written (the
options models, `LOBBY_TEXTS`) and translated here, when the lobby is drawn (`bot.i18n`).
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

import discord
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from bot.clock import CLOCK_CHOICES, CLOCK_DESCRIPTION, CLOCK_OPTION, CLOCK_SECONDS
from bot.components import LOBBY_OPS, LobbyButton, LobbyOptionSelect
from bot.i18n import LANGUAGES, N_, _, ngettext
from bot.plugins import PLUGINS
from bot.render.base import EMBED_COLOUR, Payload, fitted, new_view
from bot.service_lobby import ANY_OPTION
from games.core import GameRules

TURN_CLOCK = N_("Turn clock")
MAX_SELECT_OPTIONS = 25
#: Rows left for option selects under the lobby's two rows of buttons.
MAX_OPTION_SELECTS = 3


class LobbyGame(Protocol):
    """What the lobby shows of a game (a `bot.plugins.GamePlugin` has all of it)."""

    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def min_players(self) -> int: ...
    @property
    def max_players(self) -> int: ...
    @property
    def players_text(self) -> str: ...
    @property
    def rules(self) -> GameRules | None: ...


#: What a value is called and what it does (`LOBBY_TEXTS["name=value"]`).
ValueText = tuple[str, str]


@dataclass(frozen=True)
class LobbyOption:
    """One choosable lobby option: the field name, its label, its values (as strings) and what
    each value is called and does."""

    name: str
    title: str
    description: str
    values: tuple[str, ...]
    value_texts: Mapping[str, ValueText] = field(default_factory=dict)

    def label(self, value: Any) -> str:
        key = _value_key(value)
        if key in self.value_texts:
            return _(self.value_texts[key][0])
        if isinstance(value, bool):
            return _("on") if value else _("off")
        return str(value)

    def value_description(self, value: Any) -> str | None:
        text = self.value_texts.get(_value_key(value))
        return _(text[1]) if text is not None else None


def _value_key(value: Any) -> str:
    """A value as the options model's strings name it (`True` -> "true")."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def _values(info: FieldInfo) -> tuple[str, ...]:
    annotation = info.annotation
    if typing.get_origin(annotation) is typing.Literal:
        return tuple(str(v) for v in typing.get_args(annotation))
    if annotation is bool:
        return ("true", "false")
    extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
    choices = extra.get("choices")
    if isinstance(choices, list):
        return tuple(str(v) for v in choices)
    if annotation is int:
        low = high = None
        for meta in info.metadata:
            low = getattr(meta, "ge", low)
            high = getattr(meta, "le", high)
        if low is not None and high is not None and high - low < MAX_SELECT_OPTIONS:
            return tuple(str(v) for v in range(low, high + 1))
    return ()


def lobby_options(model: type[BaseModel], texts: Mapping[str, Any] | None = None) -> list[LobbyOption]:
    """The options of `model` a host can choose from a select (others keep their defaults), and
    the turn clock every game has. `texts` describes them (the game's `LOBBY_TEXTS`)."""
    texts = texts or {}
    found = [LobbyOption(CLOCK_OPTION, TURN_CLOCK, CLOCK_DESCRIPTION, tuple(CLOCK_SECONDS), CLOCK_CHOICES)]
    for name, info in model.model_fields.items():
        values = _values(info)
        if values:
            title = info.title or name.replace("_", " ").capitalize()
            description = str(texts.get(name) or info.description or "")
            named = {v: texts[f"{name}={v}"] for v in values if f"{name}={v}" in texts}
            found.append(LobbyOption(name, title, description, values, named))
    return found[1:] + found[:1]  # the game's own options first


def unnamed_values(model: type[BaseModel], texts: Mapping[str, Any]) -> list[str]:
    """`name=value` of every listed value that is an id, not a number, and has no label in
    `texts`: what a player would otherwise read as "host_violet"."""
    return [
        f"{option.name}={value}"
        for option in lobby_options(model, texts)
        for value in option.values
        if not value.lstrip("-").isdigit() and value not in option.value_texts
    ]


def _option_select(game_id: int, option: LobbyOption, current: Any) -> LobbyOptionSelect:
    shown = option.label(current)
    title = _(option.title)
    choices = [
        discord.SelectOption(
            label=fitted(_("{option}: {value}", option=title, value=option.label(_parse_label(value)))),
            value=value,
            description=fitted(option.value_description(value) or "") or None,
            default=option.label(_parse_label(value)) == shown,
        )
        for value in option.values
    ]
    return LobbyOptionSelect(game_id, option.name, choices, placeholder=_("{option} (host)", option=title))


def _combined_select(game_id: int, choosable: list[LobbyOption]) -> LobbyOptionSelect:
    """More options than rows: one select of every `option: value` (values `name=value`)."""
    choices = [
        discord.SelectOption(
            label=fitted(_("{option}: {value}", option=_(o.title), value=o.label(_parse_label(value)))),
            value=f"{o.name}={value}",
            description=fitted(o.value_description(value) or "") or None,
        )
        for o in choosable
        for value in o.values
    ]
    return LobbyOptionSelect(
        game_id, ANY_OPTION, choices[:MAX_SELECT_OPTIONS], placeholder=_("Change an option (host)")
    )


def _parse_label(value: str) -> Any:
    return {"true": True, "false": False}.get(value, value)


def lobby_payload(
    game_id: int,
    info: LobbyGame,
    names: list[str],
    host_name: str,
    options: dict[str, Any] | None = None,
    ai_seats: int = 0,
) -> Payload:
    embed = discord.Embed(
        title=_("\N{CHRISTMAS TREE} {game} - lobby", game=_(info.title)),
        description=_(
            "**{players}.** Press **Join** to take a seat; the host ({host}) may seat AI players "
            "and presses **Start** when everyone is in.",
            players=info.players_text,
            host=host_name,
        ),
        colour=EMBED_COLOUR,
    )
    seats = "\n".join(f"{i + 1}. {name}" for i, name in enumerate(names)) or _("(empty)")
    embed.add_field(
        name=_("Seats ({taken}/{most})", taken=len(names), most=info.max_players), value=seats, inline=False
    )
    plugin = PLUGINS.find(info.name)
    texts = plugin.lobby_texts if plugin is not None else {}
    choosable = lobby_options(info.rules.options_model, texts) if info.rules is not None else []
    current = {CLOCK_OPTION: "off", **(options or {})}
    if choosable:
        lines = [_option_line(o, current.get(o.name)) for o in choosable]
        embed.add_field(name=_("Options (the host may change them)"), value="\n".join(lines), inline=False)
    ready = info.min_players <= len(names) <= info.max_players
    need = info.min_players - len(names)
    status = (
        _("ready to start")
        if ready
        else ngettext("waiting for {n} more player", "waiting for {n} more players", need)
    )
    languages = " · ".join(LANGUAGES.values())
    embed.set_footer(
        text=_("Game #{number} - {status}", number=game_id, status=status)
        + "\n"
        + _(
            "Languages: {languages} (private messages in each player's Discord language, the table "
            "in the server's)",
            languages=languages,
        )
    )
    full = len(names) >= info.max_players
    disabled = {"start": not ready, "removeai": ai_seats == 0, "addai": full, "join": full}
    items: list[discord.ui.Item[Any]] = [
        LobbyButton(game_id, op, disabled=disabled.get(op, False))
        for op in LOBBY_OPS  # two rows: five, then "Remove AI"
    ]
    if len(choosable) <= MAX_OPTION_SELECTS:
        items += [_option_select(game_id, o, current.get(o.name)) for o in choosable]
    elif choosable:
        items.append(_combined_select(game_id, choosable))
    return Payload(embeds=[embed], view=new_view(*items))


def _option_line(option: LobbyOption, value: Any) -> str:
    description = option.value_description(_value_key(value)) or (
        _(option.description) if option.description else ""
    )
    title, label = _(option.title), option.label(value)
    if description:
        return _("**{option}:** {value} - {description}", option=title, value=label, description=description)
    return _("**{option}:** {value}", option=title, value=label)


def closed_payload(game_id: int, title: str, text: str) -> Payload:
    """A lobby or game that closed: `title` and `text` translated here (marked by the caller)."""
    embed = discord.Embed(title=f"{_(title)} - {_(text)}", colour=discord.Colour.dark_grey())
    embed.set_footer(text=_("Game #{number}", number=game_id))
    return Payload(embeds=[embed], view=None)
