"""A loopback fake of Discord (REST API v10 + gateway) for running the real discord.py client,
and the real bot, end to end in tests. See `server.py` (the server), `driver.py` (acting as users
and reading what they see) and `botproc.py` (the bot as a subprocess)."""

from .model import DEFAULT_TOKEN, ApiError, Call, User
from .patch import patch_discord
from .result import InteractionResult
from .server import LoopbackDiscord
from .text import find_component, iter_components, message_custom_ids, message_text

__all__ = [
    "DEFAULT_TOKEN",
    "ApiError",
    "Call",
    "InteractionResult",
    "LoopbackDiscord",
    "User",
    "find_component",
    "iter_components",
    "message_custom_ids",
    "message_text",
    "patch_discord",
]
