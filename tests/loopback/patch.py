"""Point discord.py (in this process) at a loopback server: `Route.BASE` for REST, interaction
callbacks and webhooks, `DiscordWebSocket.DEFAULT_GATEWAY` for the gateway."""

from __future__ import annotations

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route


class patch_discord:  # noqa: N801 - reads like the function it mostly is
    """`patch_discord(url)` patches at once; as a context manager it also restores on exit."""

    def __init__(self, url: str) -> None:
        self.saved = (Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)
        base = url.rstrip("/")
        Route.BASE = base + "/api/v10"
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(base.replace("http://", "ws://", 1) + "/gateway")

    def undo(self) -> None:
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = self.saved

    def __enter__(self) -> patch_discord:
        return self

    def __exit__(self, *exc: object) -> None:
        self.undo()
