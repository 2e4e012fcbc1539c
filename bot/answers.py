"""The one error mapping of the bot: whatever a click or a slash command raises gets an ephemeral
answer. A `UserError` (a refusal: nothing was changed) is shown as its message; anything else is
logged and answered with a short apology. Components call `answering`, slash commands reach
`answer_error` through the command tree's `on_error` (`bot.client`)."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable

import discord

from bot.errors import UserError
from bot.i18n import N_, _, using

log = logging.getLogger(__name__)

#: Discord's code for "Interaction has already been acknowledged": another process that got the
#: same interaction (or an earlier answer of this one) answered it; nothing is wrong.
ALREADY_ANSWERED = 40060

INTERNAL_ERROR = N_(
    "Something went wrong on the bot's side. The table message shows the current state; please try again."
)


async def answer_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Answer `interaction` ephemerally with what went wrong (a refusal's reason, or an apology)."""
    if isinstance(error, UserError):
        message = error.message
    elif isinstance(error, discord.HTTPException) and error.code == ALREADY_ANSWERED:
        log.info("interaction %s was already answered (by another process?)", interaction.id)
        return
    else:
        log.error("handling an interaction failed", exc_info=error)
        message = _(INTERNAL_ERROR)
    with contextlib.suppress(discord.HTTPException):
        if interaction.response.is_done():
            await interaction.followup.send(message, ephemeral=True)
        else:
            await interaction.response.send_message(message, ephemeral=True)


async def answering(interaction: discord.Interaction, handler: Awaitable[None]) -> None:
    """Run a handler in the language of the one who clicked (`bot.i18n`); anything it raises is
    answered by `answer_error`. Then their language is remembered for the messages the bot sends
    them unprompted (`remember_locale` of the client, if it has one)."""
    with using(interaction.locale):
        try:
            await handler
        except Exception as error:  # noqa: BLE001 - every error gets an answer, unexpected ones logged
            await answer_error(interaction, error)
    await remember_locale(interaction)


async def remember_locale(interaction: discord.Interaction) -> None:
    remember = getattr(interaction.client, "remember_locale", None)
    if remember is None or interaction.user is None:
        return
    try:
        await remember(interaction.user.id, str(interaction.locale))
    except Exception:  # noqa: BLE001 - never fails the click it follows
        log.warning("remembering a player's language failed", exc_info=True)
