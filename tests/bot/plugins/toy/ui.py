"""The toy game's Discord side: `RENDERER`, `RULES_SUMMARY` and `LOBBY_TEXTS`, as a plugin's ui
module must have them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.components import ActionButton
from bot.render.base import EMBED_COLOUR, BaseRenderer, Payload, TableContext, event_lines, new_view
from games.core import Event

RULES_SUMMARY = (
    "**2-3 players.** Take turns adding 1 or 2 to the counter, never past the target (10 unless "
    "the host picks another). Whoever makes the counter reach the target wins."
)
LOBBY_TEXTS = {"target": "The number whoever reaches first wins (5-15)"}


class CountToTenRenderer(BaseRenderer):
    private_button = "My seat"

    def table(self, view: Any, ctx: TableContext, events: Sequence[Event]) -> Payload:
        lines = [f"**Counter: {view.counter} / {view.target}**"]
        if view.winner is None:
            lines.append(f"{ctx.name(view.turn)} adds 1 or 2.")
        else:
            lines.append(f"{ctx.name(view.winner)} reached {view.target} and wins!")
        if events:
            lines.append(event_lines(events, ctx.names))
        embed = discord.Embed(title=ctx.title, description="\n".join(lines), colour=EMBED_COLOUR)
        buttons = [
            ActionButton(ctx.game_id, ctx.decision, f"add.{amount}", label=f"+{amount}")
            for amount in view.amounts
        ]
        return Payload(embeds=[embed], view=new_view(*buttons) if buttons else None)

    def private(
        self, view: Any, ctx: TableContext, events: Sequence[Event], draft: str | None = None
    ) -> Payload:
        return Payload(content=f"{ctx.title}: nothing is secret, everything is on the table.")

    def has_private_decision(self, view: Any) -> bool:
        return False


RENDERER = CountToTenRenderer()
