"""The channel permissions the bot needs where it hosts a game, checked when a lobby is opened
(/play, Rematch): a channel whose overrides take one away would break the game later (a refused
post or picture is only logged), so the host is told at once which ones, in their language.
Discord sends the bot's permissions in the channel with every interaction (`app_permissions`):
no call is made."""

from __future__ import annotations

import discord

from bot.errors import UserError
from bot.i18n import N_, _

#: (`discord.Permissions` flag, its name as Discord's settings show it)
NEEDED = (
    ("view_channel", N_("View Channel")),
    ("send_messages", N_("Send Messages")),
    ("embed_links", N_("Embed Links")),
    ("attach_files", N_("Attach Files")),
    ("read_message_history", N_("Read Message History")),
)
#: In a thread, posting is this permission instead of Send Messages.
IN_THREADS = ("send_messages_in_threads", N_("Send Messages in Threads"))


def missing_permissions(interaction: discord.Interaction) -> list[str]:
    """The names (not yet translated) of the permissions the bot lacks in the interaction's
    channel."""
    granted = interaction.app_permissions
    needed = list(NEEDED)
    if isinstance(interaction.channel, discord.Thread):
        needed = [IN_THREADS if flag == "send_messages" else (flag, name) for flag, name in needed]
    return [name for flag, name in needed if not getattr(granted, flag)]


def check_can_host(interaction: discord.Interaction) -> None:
    """Refuse (`UserError`, nothing changed) to open a lobby where the bot lacks a permission."""
    missing = missing_permissions(interaction)
    if missing:
        raise UserError(
            _(
                "I can't host a game in this channel: I need {permissions} here. A moderator can "
                "change this in the channel's settings; or play in another channel.",
                permissions=", ".join(f"**{_(name)}**" for name in missing),
            )
        )
