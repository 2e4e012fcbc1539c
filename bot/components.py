"""Stateless, restart-proof components (discord.py `DynamicItem`s).

Every custom_id names the game and, for game decisions, the decision it answers; nothing else is
remembered in memory, so a message posted before a restart still works, and a click on a
decision that is over is refused by the service. Callbacks hand over to `bot.table.Table`.

custom_id formats (all under Discord's 100-character limit):
- `lobby:<game>:<join|leave|start|cancel|addai|removeai>`
- `act:<game>:<decision>:<action code>`    a button that sends one action
- `pick:<game>:<decision>:<name>`          a select whose values are action codes
- `mine:<game>`                            "My role & cards": the private view, ephemerally
- `draft:<game>:<decision>:<draft>`        a button that redraws a private message with a
                                           choice half made (a card picked, a cell not yet)
- `dsel:<game>:<decision>:<name>`          a select whose values are such drafts
- `lopt:<game>:<option>`                   the host's lobby option select (values: its choices)
- `rematch:<game>`                         on the end message: a new lobby, same seats and options
- `forfeit:<game>:<seat>`                  the player who stayed in a two-player game takes the win
- `log:<game>:<page>`                      a page of /log's answer (older or newer lines)

A draft is never an action: it only changes what the clicked private message shows, so it needs
no lock and writes nothing; the action is sent by an `act:` component once the choice is whole.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.answers import answer_click
from bot.errors import BadComponent
from bot.i18n import N_, _

if TYPE_CHECKING:
    from bot.table import Table

_CODE = r"[A-Za-z0-9_.\-]{1,60}"
LOBBY_OPS = ("join", "leave", "start", "cancel", "addai", "removeai")


class Controls(discord.ui.View):
    """The components of a message the bot draws: never timed out, and never dispatched from
    (every item is a `DynamicItem`, found again from its custom_id, so discord.py stores none).

    discord.py's `add_item` points each item back at its view (`Item._view`), which only a view
    it dispatches from uses. Here that made every view drawn (~3 a click: the private messages are
    drawn to compare digests too) a reference cycle only the garbage collector frees: much of
    what its full collections freed, which paused the bot for 0.35-0.53 s each at 1,000 tables
    (docs/performance.md, twenty-second session). So the back-reference is dropped: a view is
    freed as soon as nothing uses it."""

    def __init__(self, *items: discord.ui.Item[Any]) -> None:
        super().__init__(timeout=None)
        for item in items:
            self.add_item(item)

    def add_item(self, item: discord.ui.Item[Any]) -> Controls:
        super().add_item(item)
        item._view = None
        return self


def table_of(interaction: discord.Interaction) -> Table:
    return interaction.client.table  # type: ignore[attr-defined]


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"lobby:(?P<game>\d{{1,18}}):(?P<op>{'|'.join(LOBBY_OPS)})",
):
    STYLES = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
        "cancel": discord.ButtonStyle.danger,
        "addai": discord.ButtonStyle.secondary,
        "removeai": discord.ButtonStyle.secondary,
    }
    #: Marked here, translated when a lobby is drawn.
    LABELS = {
        "join": N_("Join"),
        "leave": N_("Leave"),
        "start": N_("Start"),
        "cancel": N_("Cancel"),
        "addai": N_("Add AI"),
        "removeai": N_("Remove AI"),
    }

    def __init__(self, game_id: int, op: str, *, disabled: bool = False) -> None:
        label = _(self.LABELS[op])
        super().__init__(
            discord.ui.Button(
                label=label, style=self.STYLES[op], custom_id=f"lobby:{game_id}:{op}", disabled=disabled
            )
        )
        self.game_id, self.op = game_id, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> LobbyButton:
        return cls(int(match["game"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        handler = table_of(interaction).on_lobby_click(interaction, self.game_id, self.op)
        await answer_click(self, interaction, handler, "edit")


class ActionButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"act:(?P<game>\d{{1,18}}):(?P<decision>\d{{1,9}}):(?P<code>{_CODE})",
):
    PREFIX = "act"

    def __init__(
        self,
        game_id: int,
        decision: int,
        code: str,
        *,
        label: str = "?",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        emoji: str | None = None,
        row: int | None = None,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=style,
                emoji=emoji,
                disabled=disabled,
                custom_id=f"{self.PREFIX}:{game_id}:{decision}:{code}",
            ),
            row=row,
        )
        self.game_id, self.decision, self.code = game_id, decision, code

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> ActionButton:
        return cls(int(match["game"]), int(match["decision"]), match["code"])

    async def callback(self, interaction: discord.Interaction) -> None:
        handler = table_of(interaction).on_action(interaction, self.game_id, self.decision, self.code)
        await answer_click(self, interaction, handler, "edit")


class DraftButton(
    ActionButton,
    template=rf"draft:(?P<game>\d{{1,18}}):(?P<decision>\d{{1,9}}):(?P<code>{_CODE})",
):
    """Like `ActionButton`, but its code is a draft: it redraws the private message."""

    PREFIX = "draft"

    async def callback(self, interaction: discord.Interaction) -> None:
        handler = table_of(interaction).on_draft(interaction, self.game_id, self.decision, self.code)
        await answer_click(self, interaction, handler, "edit")


class ActionSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"pick:(?P<game>\d{1,18}):(?P<decision>\d{1,9}):(?P<name>\w{1,20})",
):
    PREFIX = "pick"

    def __init__(
        self,
        game_id: int,
        decision: int,
        name: str,
        options: list[discord.SelectOption] | None = None,
        *,
        placeholder: str | None = None,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"{self.PREFIX}:{game_id}:{decision}:{name}",
                placeholder=placeholder,
                options=options or [discord.SelectOption(label="-")],
                min_values=1,
                max_values=1,
            ),
            row=row,
        )
        self.game_id, self.decision, self.name = game_id, decision, name
        #: the values the clicked menu offered (None: not known, e.g. built here)
        self.offered: frozenset[str] | None = None

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> ActionSelect:
        select = cls(int(match["game"]), int(match["decision"]), match["name"])
        select.offered = _offered(item)
        return select

    async def callback(self, interaction: discord.Interaction) -> None:
        await answer_click(self, interaction, self._chosen(interaction), "edit")

    async def _chosen(self, interaction: discord.Interaction) -> None:
        values = list(self.item.values)
        if len(values) != 1 or not re.fullmatch(_CODE, values[0]):
            raise BadComponent(_("That choice is not valid."))
        if self.offered is not None and values[0] not in self.offered:
            raise BadComponent(_("That choice is not on the menu."))
        await self.send(interaction, values[0])

    async def send(self, interaction: discord.Interaction, value: str) -> None:
        await table_of(interaction).on_action(interaction, self.game_id, self.decision, value)


class DraftSelect(
    ActionSelect,
    template=r"dsel:(?P<game>\d{1,18}):(?P<decision>\d{1,9}):(?P<name>\w{1,20})",
):
    """Like `ActionSelect`, but its values are drafts: the choice redraws the private message."""

    PREFIX = "dsel"

    async def send(self, interaction: discord.Interaction, value: str) -> None:
        await table_of(interaction).on_draft(interaction, self.game_id, self.decision, value)


class MineButton(discord.ui.DynamicItem[discord.ui.Button], template=r"mine:(?P<game>\d{1,18})"):
    def __init__(self, game_id: int, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or _("My role & cards"),
                style=discord.ButtonStyle.secondary,
                emoji="\N{ENVELOPE}",
                custom_id=f"mine:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> MineButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        handler = table_of(interaction).on_show_private(interaction, self.game_id)
        await answer_click(self, interaction, handler, "ephemeral")


class RematchButton(discord.ui.DynamicItem[discord.ui.Button], template=r"rematch:(?P<game>\d{1,18})"):
    def __init__(self, game_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=_("Rematch"),
                style=discord.ButtonStyle.primary,
                emoji="\N{CLOCKWISE RIGHTWARDS AND LEFTWARDS OPEN CIRCLE ARROWS}",
                custom_id=f"rematch:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> RematchButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        handler = table_of(interaction).on_rematch(interaction, self.game_id)
        await answer_click(self, interaction, handler, "public")


class ForfeitButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"forfeit:(?P<game>\d{1,18}):(?P<seat>\d{1,2})"
):
    def __init__(self, game_id: int, seat: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=_("Take the win"),
                style=discord.ButtonStyle.secondary,
                custom_id=f"forfeit:{game_id}:{seat}",
            )
        )
        self.game_id, self.seat = game_id, seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> ForfeitButton:
        return cls(int(match["game"]), int(match["seat"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        handler = table_of(interaction).on_forfeit(interaction, self.game_id, self.seat)
        await answer_click(self, interaction, handler, "edit")


class LobbyOptionSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"lopt:(?P<game>\d{1,18}):(?P<option>[a-z_]{1,40})",
):
    def __init__(
        self,
        game_id: int,
        option: str,
        options: list[discord.SelectOption] | None = None,
        *,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"lopt:{game_id}:{option}",
                placeholder=placeholder,
                options=options or [discord.SelectOption(label="-")],
            )
        )
        self.game_id, self.option = game_id, option

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> LobbyOptionSelect:
        return cls(int(match["game"]), match["option"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await answer_click(self, interaction, self._chosen(interaction), "edit")

    async def _chosen(self, interaction: discord.Interaction) -> None:
        values = list(self.item.values)
        if len(values) != 1 or len(values[0]) > 40:
            raise BadComponent(_("That choice is not valid."))
        await table_of(interaction).on_lobby_option(interaction, self.game_id, self.option, values[0])


class LogPageButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"log:(?P<game>\d{1,18}):(?P<page>\d{1,5})"
):
    """Turns `/log`'s ephemeral answer to another page (the log is public: anyone may page)."""

    def __init__(self, game_id: int, page: int, label: str, *, disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"log:{game_id}:{page}",
                disabled=disabled,
            )
        )
        self.game_id, self.page = game_id, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> LogPageButton:
        return cls(int(match["game"]), int(match["page"]), "")

    async def callback(self, interaction: discord.Interaction) -> None:
        handler = table_of(interaction).history.turn_log_page(interaction, self.game_id, self.page)
        await answer_click(self, interaction, handler, "edit")


DYNAMIC_ITEMS = (
    LobbyButton,
    ActionButton,
    ActionSelect,
    MineButton,
    DraftButton,
    DraftSelect,
    LobbyOptionSelect,
    RematchButton,
    ForfeitButton,
    LogPageButton,
)


def _offered(item: Any) -> frozenset[str] | None:
    """The values a select on the clicked message offers (discord.py passes that select to
    `from_custom_id`), so a value it did not offer is refused."""
    options = getattr(item, "options", None)
    if not options:
        return None
    return frozenset(str(option.value) for option in options)


def matches_any(custom_id: str) -> bool:
    return any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in DYNAMIC_ITEMS)
