"""The toy game's Discord side: `RENDERER`, `RULES_SUMMARY` and `LOBBY_TEXTS`, as a plugin's ui
module must have them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.components import ActionButton
from bot.render.base import (
    EMBED_COLOUR,
    BaseRenderer,
    Payload,
    TableContext,
    event_lines,
    new_view,
    private_result,
)
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
        """An embed, as the bot needs it: who won at the end in its description (the bot writes
        "abandoned" there instead), what stays true in a field. Nothing here changes while the
        game runs: every edit of a private message is a rate-limited call, so the counter and
        whose turn it is are the table's (`tests/bot/test_call_budget.py` holds games to it)."""
        won = view.winner is not None
        description = private_result(view.my_seat, [view.winner], ctx, None) if won else ""
        embed = discord.Embed(title=ctx.title, description=description, colour=EMBED_COLOUR)
        embed.add_field(name="Your seat", value="Nothing is secret: you play on the table.")
        return Payload(embeds=[embed])

    def has_private_decision(self, view: Any) -> bool:
        return False


RENDERER = CountToTenRenderer()
