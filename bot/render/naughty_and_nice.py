"""Naughty & Nice on Discord: the table (everyone's cards in play and running totals, the turn's
public draws, the active player's public choices) and each player's private message (the hand,
playing a card on a player, the secret Shiny! orientations).

Only `NNView`s come in here. Where each decision sits:
- On the table (they reveal nothing of a hand): declaring and drawing, stopping, the cards a
  Shiny! steals, declaring the end. The table's buttons are built from the public view.
- In the private message only: playing a card from the hand (a *draft*: pick the card `c<id>`
  in a select, then a target button sends `play.<id>.<seat>`), and the secret face-up /
  face-down choice of each Shiny! card at the end.
- The private message also repeats the active player's table choices (from `choices`), so a
  player working in their DM never has to switch messages; it gets a DM of its own only for the
  private decisions (`has_private_decision`), never for every draw.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import discord

from bot.components import ActionButton, ActionSelect, DraftSelect
from bot.render.base import EMBED_COLOUR, BaseRenderer, Payload, TableContext, event_lines, new_view
from bot.render.naughty_and_nice_text import (
    NAUGHTY_E,
    NICE_E,
    TURN_PHASES,
    card_text,
    ending_text,
    final_text,
    footer,
    orientations,
    player_fields,
    private_headline,
    short_card,
    table_headline,
    table_summary,
    target_label,
    turn_field,
)
from games.core import Event, encode_action
from games.naughty_and_nice.data import Declaration, Phase
from games.naughty_and_nice.models import Declare, DeclareEnd, Draw, Pass, Stop, StopTaking, Take
from games.naughty_and_nice.view_models import CardInfo, ChoiceView, NNView

#: Private events that only echo the seat's own click (the click's answer shows them).
QUIET_EVENTS = frozenset({"card_drawn", "orientation_recorded"})
_DRAFT = re.compile(r"c(?P<card>[A-Z]{2}\d{2})")
_DECLARE = {
    Declaration.NONE: ("Draw without declaring", None, discord.ButtonStyle.secondary),
    Declaration.NAUGHTY: ("Declare Naughty & draw", NAUGHTY_E, discord.ButtonStyle.danger),
    Declaration.NICE: ("Declare Nice & draw", NICE_E, discord.ButtonStyle.success),
}
_ORDER = {"declare": 0, "draw": 1, "stop": 2, "declare_end": 3, "pass": 4, "stop_taking": 5}


class NaughtyAndNiceRenderer(BaseRenderer):
    private_button = "My hand"

    # -- the table ------------------------------------------------------------------------------
    def table(self, view: NNView, ctx: TableContext, events: Sequence[Event]) -> Payload:
        over = view.phase == Phase.GAME_OVER
        title = f"\N{FATHER CHRISTMAS} Naughty & Nice - game #{ctx.game_id}"
        if view.phase in TURN_PHASES:
            title += f" - turn {view.turn_no}"
        embed = discord.Embed(title=title, description=table_headline(view, ctx), colour=EMBED_COLOUR)
        extra: list[tuple[str, str]] = []
        turn = turn_field(view, ctx)
        if turn:
            extra.append(turn)
        if events:
            extra.append(("What just happened", event_lines(events, ctx.names)[:1024]))
        foot = footer(view)
        used = len(embed.title or "") + len(embed.description or "") + len(foot)
        used += sum(len(n) + len(v) for n, v in extra)
        tops = None
        if over and view.results:
            by_seat = {r.seat: r for r in view.results}
            tops = [final_text(by_seat[p.seat]) if p.seat in by_seat else "" for p in view.players]
        for name, value in player_fields(view, ctx, 5900 - used, tops):
            embed.add_field(name=name, value=value, inline=False)
        for name, value in extra:
            embed.add_field(name=name, value=value, inline=False)
        embed.set_footer(text=foot)
        components = self._components(self.public_choices(view), view, ctx) if not over else None
        return Payload(embeds=[embed], view=components)

    # -- choices ----------------------------------------------------------------------------------
    def public_choices(self, view: NNView) -> list[ChoiceView]:
        """The active player's choices that sit on the table, from the public view alone."""
        phase = view.phase
        choices: list[ChoiceView] = []
        if phase == Phase.DECLARE:
            for d in Declaration:
                choices.append(
                    ChoiceView(
                        code=encode_action(Declare(declaration=d)), kind="declare", label="", declaration=d
                    )
                )
        elif phase == Phase.DRAW:
            choices += [
                ChoiceView(code=encode_action(Draw()), kind="draw", label=""),
                ChoiceView(code=encode_action(Stop()), kind="stop", label=""),
            ]
        elif phase == Phase.STEAL and view.steal is not None:
            steal = view.steal
            for c in view.players[steal.target].cards_in_play:
                if c.id != steal.shiny.id and abs(c.value) <= steal.budget_left:
                    choices.append(
                        ChoiceView(code=encode_action(Take(card=c.id)), kind="take", label="", card=c)
                    )
            choices.append(ChoiceView(code=encode_action(StopTaking()), kind="stop_taking", label=""))
        elif phase == Phase.END_OF_TURN:
            choices += [
                ChoiceView(code=encode_action(DeclareEnd()), kind="declare_end", label=""),
                ChoiceView(code=encode_action(Pass()), kind="pass", label=""),
            ]
        return choices

    def _components(
        self, choices: Sequence[ChoiceView], view: NNView, ctx: TableContext
    ) -> discord.ui.View | None:
        """Buttons (and the steal's selects) for turn choices that are not plays or orientations."""
        g, d = ctx.game_id, ctx.decision
        items: list[discord.ui.Item] = []
        takes = [c for c in choices if c.kind == "take" and c.card is not None]
        left = view.steal.budget_left if view.steal is not None else 0
        target = ctx.name(view.steal.target) if view.steal is not None else ""
        for i in range(0, min(len(takes), 75), 25):
            chunk = takes[i : i + 25]
            options = [
                discord.SelectOption(
                    label=short_card(c.card)[:100],  # type: ignore[arg-type]
                    value=c.code,
                    description=f"costs {abs(c.card.value)} of the {left} left"[:100],  # type: ignore[union-attr]
                )
                for c in chunk
            ]
            placeholder = f"Take a card from {target} ({left} points left)"
            if len(takes) > 25:
                placeholder += f" - {i + 1}-{i + len(chunk)}"
            items.append(
                ActionSelect(g, d, f"take{i // 25}", options, placeholder=placeholder[:150], row=i // 25)
            )
        buttons = sorted((c for c in choices if c.kind in _ORDER), key=lambda c: _ORDER[c.kind])
        row = len(items)  # the row after the selects (the table's "My hand" button joins it)
        for c in buttons:
            label, emoji, style = self._button(c, view)
            items.append(ActionButton(g, d, c.code, label=label[:80], emoji=emoji, style=style, row=row))
        return new_view(*items) if items else None

    def _button(self, c: ChoiceView, view: NNView) -> tuple[str, str | None, discord.ButtonStyle]:
        if c.kind == "declare" and c.declaration is not None:
            return _DECLARE[c.declaration]
        if c.kind == "draw":
            return (
                f"Draw another card ({view.draws_this_turn + 1} of {view.max_draws})",
                "\N{PLAYING CARD BLACK JOKER}",
                discord.ButtonStyle.primary,
            )
        if c.kind == "stop":
            return "Stop drawing", None, discord.ButtonStyle.secondary
        if c.kind == "stop_taking":
            return "Take nothing more", None, discord.ButtonStyle.secondary
        if c.kind == "declare_end":
            return "Declare the end", "\N{ALARM CLOCK}", discord.ButtonStyle.danger
        return "Do not declare the end", None, discord.ButtonStyle.secondary

    # -- the private message ----------------------------------------------------------------------
    def private(
        self, view: NNView, ctx: TableContext, events: Sequence[Event], draft: str | None = None
    ) -> Payload:
        seat = view.seat
        assert seat is not None
        picked = self._parse_draft(view, draft)
        embed = discord.Embed(
            title=f"Your hand - Naughty & Nice #{ctx.game_id}",
            description=private_headline(view, ctx, picked),
            colour=EMBED_COLOUR,
        )
        hand = "\n".join(f"{i}. {card_text(c)}" for i, c in enumerate(view.hand, 1))
        embed.add_field(name=f"Your hand ({len(view.hand)})", value=hand or "empty", inline=False)
        if view.my_draws and view.phase in TURN_PHASES:
            drawn = ", ".join(short_card(d.card) + ("" if d.kept else " (discarded)") for d in view.my_draws)
            embed.add_field(
                name=f"Drawn this turn ({len(view.my_draws)} of {view.max_draws})",
                value=drawn[:1024],
                inline=False,
            )
        if view.phase == Phase.ORIENT and view.players[seat].shiny_count:
            embed.add_field(name="Your Shiny! cards", value=orientations(view)[:1024], inline=False)
        if view.phase == Phase.GAME_OVER:
            mine = next((r for r in view.results if r.seat == seat), None)
            if mine is not None:
                embed.add_field(name="Your score", value=final_text(mine)[:1024], inline=False)
        embed.add_field(name="At the table", value=table_summary(view, ctx)[:1024], inline=False)
        news = [e for e in events if e.kind not in QUIET_EVENTS]
        if news:
            embed.add_field(
                name="What just happened", value=event_lines(news, ctx.names, 6)[:1024], inline=False
            )
        return Payload(embeds=[embed], view=self._private_components(view, ctx, picked))

    def _parse_draft(self, view: NNView, draft: str | None) -> CardInfo | None:
        match = _DRAFT.fullmatch(draft or "")
        if match is None:
            return None
        for c in view.choices:
            if c.kind == "play" and c.card is not None and c.card.id == match["card"]:
                return c.card
        return None

    # -- private components -----------------------------------------------------------------------
    def _private_components(
        self, view: NNView, ctx: TableContext, picked: CardInfo | None
    ) -> discord.ui.View | None:
        if not view.choices:
            return None
        if view.phase == Phase.PLAY:
            return self._play_components(view, ctx, picked)
        if view.phase == Phase.ORIENT:
            return self._orient_components(view, ctx)
        return self._components(view.choices, view, ctx)

    def _play_components(self, view: NNView, ctx: TableContext, picked: CardInfo | None) -> discord.ui.View:
        g, d = ctx.game_id, ctx.decision
        cards: dict[str, CardInfo] = {}
        for c in view.choices:
            if c.kind == "play" and c.card is not None:
                cards.setdefault(c.card.id, c.card)
        options = [
            discord.SelectOption(
                label=short_card(c)[:100],
                value=f"c{c.id}",
                description=f"{c.type.value.capitalize()} card worth {c.value:+d}",
                default=picked is not None and c.id == picked.id,
            )
            for c in list(cards.values())[:25]
        ]
        items: list[discord.ui.Item] = [
            DraftSelect(g, d, "card", options, placeholder="1. Pick a card to play", row=0)
        ]
        if picked is not None:
            targets = [
                c for c in view.choices if c.kind == "play" and c.card is not None and c.card.id == picked.id
            ]
            for i, c in enumerate(targets[:20]):
                items.append(
                    ActionButton(
                        g,
                        d,
                        c.code,
                        label=target_label(view, ctx, picked, c.target)[:80],
                        style=discord.ButtonStyle.primary
                        if c.target == view.seat
                        else discord.ButtonStyle.secondary,
                        row=1 + i // 5,
                    )
                )
        return new_view(*items)

    def _orient_components(self, view: NNView, ctx: TableContext) -> discord.ui.View:
        g, d = ctx.game_id, ctx.decision
        orients = [c for c in view.choices if c.kind == "orient" and c.card is not None]
        shinies = list(dict.fromkeys(c.card.id for c in orients))  # type: ignore[union-attr]
        items: list[discord.ui.Item] = []
        if len(shinies) <= 5:
            for row, card_id in enumerate(shinies):
                for c in orients:
                    if c.card.id != card_id:  # type: ignore[union-attr]
                        continue
                    face = "face up" if c.face_up else "face down"
                    items.append(
                        ActionButton(
                            g,
                            d,
                            c.code,
                            label=f"{c.card.name} {c.card.value:+d}: {face}"[:80],  # type: ignore[union-attr]
                            emoji="\N{UPWARDS BLACK ARROW}" if c.face_up else "\N{DOWNWARDS BLACK ARROW}",
                            style=discord.ButtonStyle.success if c.face_up else discord.ButtonStyle.secondary,
                            row=row,
                        )
                    )
            return new_view(*items)
        for row, (up, name, text) in enumerate(((True, "up", "face up"), (False, "down", "face down"))):
            options = [
                discord.SelectOption(label=f"{c.card.name} {c.card.value:+d}"[:100], value=c.code)  # type: ignore[union-attr]
                for c in orients
                if c.face_up is up
            ]
            if options:
                items.append(
                    ActionSelect(g, d, name, options[:25], placeholder=f"Turn a Shiny! card {text}", row=row)
                )
        return new_view(*items)

    # -- the rest of the renderer contract ----------------------------------------------------------
    def has_private_decision(self, view: NNView) -> bool:
        return view.phase in (Phase.PLAY, Phase.ORIENT) and view.seat in view.to_decide

    def private_news(self, events: Sequence[Event]) -> list[Event]:
        return [e for e in events if not e.audience.is_public and e.kind not in QUIET_EVENTS]

    def acknowledge(self, view: NNView, ctx: TableContext, events: Sequence[Event]) -> str | None:
        """A table click that drew a card in secret: what it was, and the hand now."""
        lines = [e.describe(ctx.names) for e in events if not e.audience.is_public]
        if not lines:
            return None
        if view.hand:
            lines.append("Your hand: " + ", ".join(short_card(c) for c in view.hand) + ".")
        return " ".join(lines)[:1900]

    def ending(self, view: NNView, ctx: TableContext, summary: str) -> str:
        return ending_text(view, ctx)


__all__ = ["NaughtyAndNiceRenderer"]
