"""One wrapper for every click and command handler: an unexpected error still gets an answer."""

from __future__ import annotations

import contextlib
import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import discord

log = logging.getLogger(__name__)

INTERNAL_ERROR = (
    "Something went wrong on the bot's side. The table message shows the current state; please try again."
)

Handler = TypeVar("Handler", bound=Callable[..., Awaitable[None]])


def answers_errors(handler: Handler) -> Handler:
    """An unexpected error in a click or command still gets an ephemeral answer (and a log
    entry) instead of Discord's bare "This interaction failed"."""

    @functools.wraps(handler)
    async def wrapper(self: Any, interaction: discord.Interaction, *args: Any) -> None:
        try:
            await handler(self, interaction, *args)
        except Exception:
            log.exception("%s failed", handler.__name__)
            with contextlib.suppress(discord.HTTPException):
                await self.refuse(interaction, INTERNAL_ERROR)

    return wrapper  # type: ignore[return-value]
