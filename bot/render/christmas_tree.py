"""Christmas Tree on Discord: the table (every tree as one picture) and each player's private
message (hand, objectives, own tree with the free cells numbered, the secret choices).

Only `CTView`s come in here. Every decision is secret and simultaneous, so all choices are made
in the private message (DM, or the ephemeral "My hand & tree"); the table shows who is ready.

A turn is put together on the private message in steps, each a *draft* carried in the custom_ids
(see `bot.components`): pick a card (`c<i>`), a cell (`x<cell>`), then press an orientation
button, which sends the action. Cookies after a staged turn the same way: rotate from a select,
or swap: from (`s<a>`), with (`s<a>t<b>`), then one of four orientation buttons.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import discord

from bot.components import ActionButton, ActionSelect, DraftButton, DraftSelect
from bot.render.base import EMBED_COLOUR, BaseRenderer, Payload, Picture, TableContext, event_lines, new_view
from bot.render.christmas_tree_text import (
    card_text,
    cell_text,
    objective_name,
    objective_text,
    rotation_text,
    short_card,
)
from bot.render.pictures import picture_key, render_tree_png, render_trees_png
from games.christmas_tree.data import Mode, Phase
from games.christmas_tree.models import CTView, ScoreBreakdown
from games.core import Event

#: Private events that only echo the seat's own click (shown in the redrawn message instead).
QUIET_EVENTS = frozenset({"objective_recorded", "turn_recorded", "cookie_planned", "hand_received"})
READY, WAITING = "\N{WHITE HEAVY CHECK MARK}", "\N{HOURGLASS WITH FLOWING SAND}"
MODE_TEXT = {Mode.FAMILY: "Family", Mode.NORMAL: "Normal", Mode.ADVANCED: "Advanced"}
_DRAFT = re.compile(
    r"(?:c(?P<card>\d{1,2}))?(?:x(?P<cell>\d{1,2}))?|s(?P<a>\d{1,2})(?:t(?P<b>\d{1,2}))?|(?P<p>p)"
)


@dataclass(frozen=True)
class Draft:
    """A half-made choice on a private message. Unknown or illegal parts are dropped."""

    card: int | None = None
    cell: int | None = None
    swap_a: int | None = None
    swap_b: int | None = None
    replace: bool = False  # a staged player reopens the placement

    @classmethod
    def parse(cls, text: str | None, view: CTView) -> Draft:
        match = _DRAFT.fullmatch(text or "")
        if match is None:
            return cls()

        def number(name: str, allowed: Sequence[int]) -> int | None:
            value = match[name]
            return int(value) if value is not None and int(value) in allowed else None

        filled = [cell for cell, slot in enumerate(view.preview) if slot is not None]
        swap_a = number("a", filled)
        return cls(
            card=number("card", range(len(view.hand))),
            cell=number("cell", view.legal_cells),
            swap_a=swap_a,
            swap_b=number("b", [c for c in filled if c != swap_a]) if swap_a is not None else None,
            replace=match["p"] is not None,
        )

    def code(self, card: int | None, cell: int | None) -> str:
        return (
            "".join([f"c{card}" if card is not None else "", f"x{cell}" if cell is not None else ""]) or "p"
        )


def breakdown_text(part: ScoreBreakdown) -> str:
    objectives = " + ".join(str(points) for points in part.objectives_by_round)
    text = f"objectives {objectives}"
    final = part.final
    if final is not None:
        text += (
            f", ornaments {final.card_values}, gingerbreads {final.gingerbreads}, "
            f"bulbs {final.bulbs} ({final.complete_bulbs} complete), cookies {final.cookies}"
        )
    return f"{text} = **{part.total}**"


class ChristmasTreeRenderer(BaseRenderer):
    private_button = "My hand & tree"

    # -- the table ------------------------------------------------------------------------------
    def table(self, view: CTView, ctx: TableContext, events: Sequence[Event]) -> Payload:
        over = view.phase == Phase.GAME_OVER
        title = f"\N{CHRISTMAS TREE} Christmas Tree - game #{ctx.game_id}"
        if not over:
            title += f" - round {view.round}/3, turn {view.turn}/7"
        embed = discord.Embed(title=title, description=self._headline(view, ctx), colour=EMBED_COLOUR)
        if view.objectives:
            embed.add_field(name="Objectives this round", value=self._objectives(view, ctx), inline=False)
        embed.add_field(name="Players", value=self._players(view, ctx)[:1024], inline=False)
        if view.breakdown and (over or any(r.round < view.round for r in view.results)):
            lines = [f"{ctx.name(p.seat)}: {breakdown_text(p)}" for p in view.breakdown]
            embed.add_field(name="Scores", value="\n".join(lines)[:1024], inline=False)
        if events:
            embed.add_field(
                name="What just happened", value=event_lines(events, ctx.names)[:1024], inline=False
            )
        embed.set_footer(
            text=f"{MODE_TEXT[view.mode]} mode - hands pass {view.direction_name} this round - "
            f"{view.deck_size} cards in the deck"
        )
        picture = Picture(
            f"trees-{ctx.game_id}.png",
            picture_key(view, ctx.names),
            lambda: render_trees_png(view, ctx.names),
        )
        return Payload(embeds=[embed], pictures=[picture])

    def _headline(self, view: CTView, ctx: TableContext) -> str:
        if view.phase == Phase.GAME_OVER:
            names = " and ".join(f"**{ctx.name(s)}**" for s in view.winners)
            shared = " share the win" if len(view.winners) > 1 else " wins"
            return f"{names}{shared} with the most beautiful tree!"
        if view.phase == Phase.OBJECTIVES:
            return (
                "Everyone chooses an objective for this round in secret, in their private message "
                "(**My hand & tree** if DMs are closed)."
            )
        return (
            "Everyone picks a card from the hand in front of them and where it goes, in secret. "
            "All placements are revealed together, then the hands pass on."
        )

    def _objectives(self, view: CTView, ctx: TableContext) -> str:
        lines = []
        for objective in view.objectives:
            owner = "table" if objective.owner is None else ctx.name(objective.owner)
            if objective.owner is not None and objective.owner == view.neutral_seat:
                owner = "neutral tree"
            lines.append(f"- ({owner}) {objective_text(objective.code)}")
        return "\n".join(lines)[:1024]

    def _players(self, view: CTView, ctx: TableContext) -> str:
        lines = []
        for seat in view.seats:
            if seat.neutral:
                lines.append(f"Neutral tree - {seat.hand_size} cards in hand")
                continue
            mark = "" if view.phase == Phase.GAME_OVER else (READY if seat.ready else WAITING) + " "
            cookies = f" - {seat.cookies} \N{COOKIE}" if view.mode != Mode.FAMILY else ""
            lines.append(f"{mark}{ctx.name(seat.seat)} - {seat.points} pts{cookies}")
        return "\n".join(lines)

    # -- the private message ----------------------------------------------------------------------
    def private(
        self, view: CTView, ctx: TableContext, events: Sequence[Event], draft: str | None = None
    ) -> Payload:
        seat = view.seat
        assert seat is not None
        chosen = Draft.parse(draft, view)
        embed = discord.Embed(
            title=f"Your tree - Christmas Tree #{ctx.game_id}",
            description=self._private_headline(view),
            colour=EMBED_COLOUR,
        )
        if view.hand:
            hand = "\n".join(f"{i + 1}. {card_text(code)}" for i, code in enumerate(view.hand))
            embed.add_field(name="The hand in front of you", value=hand[:1024], inline=False)
        secret = self._secret_objectives(view, ctx)
        if secret:
            embed.add_field(name="Objectives only you know", value=secret[:1024], inline=False)
        if view.objectives:
            embed.add_field(name="Objectives this round", value=self._objectives(view, ctx), inline=False)
        if view.phase == Phase.GAME_OVER and view.breakdown:
            mine = next(p for p in view.breakdown if p.seat == seat)
            embed.add_field(name="Your score", value=breakdown_text(mine), inline=False)
        news = [e for e in events if e.kind not in QUIET_EVENTS]
        if news:
            embed.add_field(name="News", value=event_lines(news, ctx.names)[:1024], inline=False)
        highlight = {chosen.cell} if chosen.cell is not None else set()
        if chosen.swap_a is not None:
            highlight = {chosen.swap_a} | ({chosen.swap_b} if chosen.swap_b is not None else set())
        tree = view.preview or view.seats[seat].tree
        title = f"{ctx.name(seat)}: {view.seats[seat].points} pts"
        picture = Picture(
            f"tree-{ctx.game_id}-{seat}.png",
            picture_key(tree, title=title, number_free_cells=True, highlight=highlight),
            lambda: render_tree_png(tree, title=title, number_free_cells=True, highlight=highlight),
        )
        return Payload(embeds=[embed], view=self._private_components(view, ctx, chosen), pictures=[picture])

    def _private_headline(self, view: CTView) -> str:
        if view.phase == Phase.GAME_OVER:
            return "The game is over: your tree as it ended."
        if view.phase == Phase.OBJECTIVES:
            if view.my_choice:
                return (
                    f"You chose **{objective_name(view.my_choice)}**. You may change it until everyone "
                    "has chosen."
                )
            return "Choose your objective for this round below (everyone sees it once all have chosen)."
        step = f"Round {view.round}/3, turn {view.turn}/7. "
        pending = view.pending
        if pending is not None and pending.confirmed:
            return step + (
                f"You are ready: **{short_card(view.hand[pending.card_index])}** on "
                f"**{cell_text(pending.cell)}**, {rotation_text(pending.rotation)}. You may change it "
                "until everyone is ready."
            )
        if pending is not None:
            return step + (
                f"Your card goes on **{cell_text(pending.cell)}**. Spend cookies ({view.cookies_left} "
                "left): turn a card over or swap two; press **Done** when finished."
            )
        return step + "Pick a card, then a free cell (the numbers on your tree), then how it faces."

    def _secret_objectives(self, view: CTView, ctx: TableContext) -> str:
        lines = []
        if view.phase == Phase.OBJECTIVES:
            lines += [f"{i + 1}. {objective_text(code)}" for i, code in enumerate(view.objective_cards)]
        elif view.my_choice:
            lines.append(f"Yours this round: {objective_text(view.my_choice)}")
        if view.hand_objective:
            lines.append(f"Riding in this hand: {objective_text(view.hand_objective)}")
        for owner, code in view.seen_objectives.items():
            if owner != view.seat and code != view.hand_objective:
                whose = "the neutral tree's" if owner == view.neutral_seat else f"{ctx.name(owner)}'s"
                lines.append(f"Seen ({whose}): {objective_name(code)}")
        return "\n".join(lines)

    # -- private components -------------------------------------------------------------------------
    def _private_components(self, view: CTView, ctx: TableContext, draft: Draft) -> discord.ui.View | None:
        if view.seat not in view.to_decide and not (view.pending or view.my_choice):
            return None
        if view.phase == Phase.OBJECTIVES and view.objective_cards:
            options = [
                discord.SelectOption(
                    label=f"{i + 1}. {objective_name(code)}"[:100],
                    value=f"objective.{i}",
                    default=code == view.my_choice,
                )
                for i, code in enumerate(view.objective_cards)
            ]
            return new_view(
                ActionSelect(ctx.game_id, ctx.decision, "objective", options, placeholder="Your objective")
            )
        if view.phase != Phase.TURN:
            return None
        staged = view.pending is not None and not view.pending.confirmed
        if staged and not draft.replace and draft.card is None and draft.cell is None:
            return self._cookie_components(view, ctx, draft)
        return self._placement_components(view, ctx, draft)

    def _placement_components(self, view: CTView, ctx: TableContext, draft: Draft) -> discord.ui.View:
        g, d = ctx.game_id, ctx.decision
        cards = [
            discord.SelectOption(
                label=f"{i + 1}. {short_card(code)}"[:100],
                value=draft.code(i, draft.cell),
                description=card_text(code)[:100],
                default=i == draft.card,
            )
            for i, code in enumerate(view.hand)
        ]
        cells = [
            discord.SelectOption(
                label=cell_text(cell), value=draft.code(draft.card, cell), default=cell == draft.cell
            )
            for cell in view.legal_cells
        ]
        items: list[discord.ui.Item] = [
            DraftSelect(g, d, "card", cards, placeholder="1. Pick a card", row=0),
            DraftSelect(g, d, "cell", cells[:25], placeholder="2. Pick a free cell", row=1),
        ]
        if draft.card is not None and draft.cell is not None:
            where = f"{draft.card}.{draft.cell}"
            for rotation in (0, 180):
                items.append(
                    ActionButton(
                        g,
                        d,
                        f"place.{where}.{rotation}",
                        label=f"Place {rotation_text(rotation)}",
                        style=discord.ButtonStyle.success,
                        row=2,
                    )
                )
            if view.seats[view.seat].cookies > 0:  # type: ignore[index]
                for rotation in (0, 180):
                    items.append(
                        ActionButton(
                            g,
                            d,
                            f"stage.{where}.{rotation}",
                            label=f"Place {rotation_text(rotation)}, then cookies",
                            row=2,
                        )
                    )
        return new_view(*items)

    def _cookie_components(self, view: CTView, ctx: TableContext, draft: Draft) -> discord.ui.View:
        g, d = ctx.game_id, ctx.decision
        items: list[discord.ui.Item] = []
        filled = [(cell, slot) for cell, slot in enumerate(view.preview) if slot is not None]
        if view.cookies_left > 0 and filled:
            turn = [
                discord.SelectOption(label=f"{cell_text(c)}: {short_card(s[0])}"[:100], value=f"rotate.{c}")
                for c, s in filled
            ]
            items.append(
                ActionSelect(g, d, "rotate", turn[:25], placeholder="Cookie: turn a card over", row=0)
            )
            swap_from = [
                discord.SelectOption(
                    label=f"{cell_text(c)}: {short_card(s[0])}"[:100],
                    value=f"s{c}",
                    default=c == draft.swap_a,
                )
                for c, s in filled
            ]
            items.append(
                DraftSelect(g, d, "swapa", swap_from[:25], placeholder="Cookie: swap the card on...", row=1)
            )
            if draft.swap_a is not None:
                swap_to = [
                    discord.SelectOption(
                        label=f"{cell_text(c)}: {short_card(s[0])}"[:100],
                        value=f"s{draft.swap_a}t{c}",
                        default=c == draft.swap_b,
                    )
                    for c, s in filled
                    if c != draft.swap_a
                ]
                items.append(
                    DraftSelect(g, d, "swapb", swap_to[:25], placeholder="...with the card on", row=2)
                )
            if draft.swap_a is not None and draft.swap_b is not None:
                items += self._swap_buttons(view, ctx, draft.swap_a, draft.swap_b)
        items.append(ActionButton(g, d, "done", label="Done", style=discord.ButtonStyle.success, row=4))
        items.append(DraftButton(g, d, "p", label="Change my card", row=4))
        return new_view(*items)

    def _swap_buttons(self, view: CTView, ctx: TableContext, a: int, b: int) -> list[ActionButton]:
        """Four ways to swap: each moved card keeps or turns its orientation."""
        a, b = min(a, b), max(a, b)
        card_a, card_b = view.preview[a], view.preview[b]
        assert card_a is not None and card_b is not None
        keep_to_a, keep_to_b = card_b[1], card_a[1]  # the card landing on a comes from b
        choices = [
            ("Swap", keep_to_a, keep_to_b),
            (f"Swap, turn the {short_card(card_b[0])}", 180 - keep_to_a, keep_to_b),
            (f"Swap, turn the {short_card(card_a[0])}", keep_to_a, 180 - keep_to_b),
            ("Swap, turn both", 180 - keep_to_a, 180 - keep_to_b),
        ]
        return [
            ActionButton(ctx.game_id, ctx.decision, f"swap.{a}.{b}.{ra}.{rb}", label=label[:80], row=3)
            for label, ra, rb in choices
        ]

    # -- the rest of the renderer contract ----------------------------------------------------------
    def has_private_decision(self, view: CTView) -> bool:
        return view.phase in (Phase.OBJECTIVES, Phase.TURN) and view.seat in view.to_decide

    def private_news(self, events: Sequence[Event]) -> list[Event]:
        return [e for e in events if not e.audience.is_public and e.kind not in QUIET_EVENTS]

    def ending(self, view: CTView, ctx: TableContext, summary: str) -> str:
        lines = [f"{ctx.name(p.seat)}: {breakdown_text(p)}" for p in view.breakdown]
        names = " and ".join(ctx.name(s) for s in view.winners)
        verb = "share the win" if len(view.winners) > 1 else "wins"
        return f"{names} {verb}!\n" + "\n".join(lines)
