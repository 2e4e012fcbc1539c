"""Secret Krampus on Discord: the table embed (public view) and the private message (seat view).

Only `SKView`s come in here. Public decisions (nominate, vote, order targets) are components on
the table; private ones (the List Maker's discard, the Sleigh Loader's choice, Heads Together)
are components in the seat's private message (DM, or the ephemeral "My role & cards").
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.components import ActionButton
from bot.render.base import (
    EMBED_COLOUR,
    BaseRenderer,
    Payload,
    Picture,
    TableContext,
    new_view,
    seat_select,
    yes_no_buttons,
)
from bot.render.pictures.secret_krampus import picture_key, render_boards_png
from bot.render.secret_krampus_summary import LOBBY_TEXTS, RULES_SUMMARY
from bot.render.secret_krampus_text import (
    ORDER,
    ROLE,
    event_lines,
    footer,
    headline,
    known_line,
    last_vote_line,
    names_of,
    over,
    roles_lines,
    term_limited_line,
)
from games.core import Event
from games.secret_krampus.data import TEAM_OF_ROLE, Card, Phase, Team
from games.secret_krampus.events import CardsPassed
from games.secret_krampus.models import SKView

CARD = {Card.NICE: "\N{WRAPPED PRESENT} Nice", Card.NAUGHTY: "\N{SMILING FACE WITH HORNS} Naughty"}
PRIVATE_PHASES = (Phase.LM_DISCARD, Phase.SL_CHOOSE, Phase.HEADS_TOGETHER_VOTE)
#: Decisions made on the table by one seat: its private message only says it is its turn.
TABLE_PHASES = (Phase.NOMINATION, Phase.ORDER)
#: Private events a private message never lists as news: what its "Your move" prompt shows (the
#: cards drawn or passed to the decider, the Heads Together gift) or its lasting fields (peeks,
#: Checking it Twice). The rest (your own vote, the gifts you passed) echo the seat's own click:
#: shown in the answer to that click, never worth an edit by themselves.
SHOWN_ELSEWHERE = frozenset({"cards_drawn", "heads_together_card", "peek_result", "top_cards_seen"})
IDLE = "Nothing to decide here now - the table shows the game. Vote there in every election."
TEAM_COLOUR = {Team.NICE: discord.Colour.green(), Team.NAUGHTY: discord.Colour.dark_red()}


class SecretKrampusRenderer(BaseRenderer):
    # -- the table ------------------------------------------------------------------------------
    # The picture carries the boards, the failed votes, the piles and the stables; the text says
    # what is happening, who must act and what just happened (`secret_krampus_text`).
    def table(self, view: SKView, ctx: TableContext, events: Sequence[Event]) -> Payload:
        done = over(view)
        colour = TEAM_COLOUR[view.winner] if view.phase == Phase.GAME_OVER and view.winner else EMBED_COLOUR
        description = [headline(view, ctx)]
        limited = term_limited_line(view, ctx)
        if limited:
            description.append(limited)
        embed = discord.Embed(
            title=f"\N{CHRISTMAS TREE} Secret Krampus #{ctx.game_id}",
            description="\n".join(description),
            colour=colour,
        )
        if view.phase == Phase.VOTING and not done:
            waiting = [p.seat for p in view.players if p.in_play and not p.has_voted]
            embed.add_field(name="Still to vote", value=names_of(ctx, waiting) or "-", inline=False)
        lines = event_lines(view, events, ctx)
        if lines:
            text = "\n".join(f"- {line}" for line in lines)
            embed.add_field(name="What just happened", value=text[:1024], inline=False)
        last = last_vote_line(view, ctx, events)
        if last:
            embed.add_field(name="Last vote", value=last[:1024], inline=False)
        known = known_line(view, ctx)
        if known:
            embed.add_field(name="Known", value=known[:1024], inline=False)
        roles = roles_lines(view, ctx)
        if roles:
            embed.add_field(name="Players", value=roles[:1024], inline=False)
        rule = footer(view)
        if rule:
            embed.set_footer(text=rule)
        picture = Picture(
            f"secret-krampus-{ctx.game_id}.png",
            picture_key(view, ctx.names),
            lambda: render_boards_png(view, ctx.names),
        )
        return Payload(
            embeds=[embed], view=None if done else self._table_components(view, ctx), pictures=[picture]
        )

    def _table_components(self, view: SKView, ctx: TableContext) -> discord.ui.View:
        if view.phase == Phase.NOMINATION:
            placeholder = f"{ctx.name(view.lm_candidate)}: choose a Sleigh Loader"
            return new_view(seat_select(ctx, "nominate", view.eligible, placeholder))
        if view.phase == Phase.VOTING:
            return new_view(*yes_no_buttons(ctx, "vote", "Yes", "No"))
        if view.phase == Phase.ORDER and view.eligible:
            order = ORDER.get(view.pending_order, "order") if view.pending_order else "order"
            placeholder = f"{ctx.name(view.lm)}: choose a player ({order})"
            return new_view(seat_select(ctx, "target", view.eligible, placeholder))
        return new_view()

    # -- the private message ----------------------------------------------------------------------
    # It shows only what is the seat's own and stays true while the others play: its role and
    # secret knowledge, its private news, and its own decision. Whose turn it is among the others,
    # the votes and the boards are on the table; every change here is a rate-limited DM edit.
    def private(
        self, view: SKView, ctx: TableContext, events: Sequence[Event], draft: str | None = None
    ) -> Payload:
        seat = view.seat
        assert seat is not None and view.my_role is not None
        if view.abandoned:
            about = f"You were **{ROLE[view.my_role]}**."
        elif view.phase == Phase.GAME_OVER:
            won = TEAM_OF_ROLE[view.my_role] == view.winner
            about = f"You were **{ROLE[view.my_role]}**. Your team {'won' if won else 'lost'}."
        else:
            about = f"You are **{ROLE[view.my_role]}**. Keep it to yourself!"
        embed = discord.Embed(
            title=f"Your secret - Secret Krampus #{ctx.game_id}", description=about, colour=EMBED_COLOUR
        )
        others = {s: r for s, r in view.known_roles.items() if s != seat}
        if others:
            known = "\n".join(f"{ctx.name(s)}: {ROLE[r]}" for s, r in others.items())
            label = "Everyone's roles" if over(view) else "What you know"
            embed.add_field(name=label, value=known[:1024], inline=False)
        elif not over(view):
            embed.add_field(name="What you know", value="Only your own role.", inline=False)
        if view.peek_results:
            peeks = "\n".join(f"{ctx.name(s)} is **{t.value.title()}**" for s, t in view.peek_results.items())
            embed.add_field(name="Your Peeks", value=peeks, inline=False)
        if view.checked_cards:
            top = ", ".join(CARD[c] for c in view.checked_cards)
            embed.add_field(
                name="Checking it Twice",
                value=f"The top 3 gifts when you checked (top first): {top}",
                inline=False,
            )
        news = self._news(view, ctx, events)
        if news:
            embed.add_field(name="News", value="\n".join(f"- {line}" for line in news)[:1024], inline=False)
        prompt, components = self._private_decision(view, ctx)
        embed.add_field(name="Your move", value=prompt, inline=False)
        return Payload(embeds=[embed], view=components)

    def _news(self, view: SKView, ctx: TableContext, events: Sequence[Event]) -> list[str]:
        lines = []
        for event in events:
            if event.audience.is_public or event.kind in SHOWN_ELSEWHERE:
                continue
            if isinstance(event, CardsPassed):
                if view.hand:  # the Sleigh Loader's prompt shows them
                    continue
                cards = ", ".join(CARD[c] for c in event.cards)
                lines.append(f"You passed {cards} to {ctx.name(event.sl)}.")
            else:
                lines.append(event.describe(ctx.names))
        return lines[-8:]

    def _private_decision(self, view: SKView, ctx: TableContext) -> tuple[str, discord.ui.View | None]:
        """The seat's own decision: its buttons when it is made here, a line when it is made on the
        table; otherwise a line that stays true while the others play."""
        if view.abandoned:
            return "The game was abandoned: nobody wins.", None
        mine = view.seat in view.to_decide
        if view.phase == Phase.LM_DISCARD and view.hand and mine:
            buttons = [
                ActionButton(ctx.game_id, ctx.decision, f"discard.{i}", label=f"Discard {CARD[c]}")
                for i, c in enumerate(view.hand)
            ]
            cards = ", ".join(CARD[c] for c in view.hand)
            return (
                f"You drew {cards}. Discard one; the other two go to the Sleigh Loader.",
                new_view(*buttons),
            )
        if view.phase == Phase.SL_CHOOSE and view.hand and mine:
            buttons = [
                ActionButton(
                    ctx.game_id,
                    ctx.decision,
                    f"play.{i}",
                    label=f"Deliver {CARD[c]}",
                    style=discord.ButtonStyle.primary,
                )
                for i, c in enumerate(view.hand)
            ]
            cards = ", ".join(CARD[c] for c in view.hand)
            return (
                f"The List Maker passed you {cards}. Deliver one; the other is discarded.",
                new_view(*buttons),
            )
        if view.phase == Phase.HEADS_TOGETHER_VOTE and view.ht_card is not None and mine:
            return (
                f"Heads Together on {CARD[view.ht_card]}: one Yes delivers it; two Noes discard it "
                "(a failed vote).",
                new_view(*yes_no_buttons(ctx, "ht_vote", "Yes, deliver", "No, discard")),
            )
        if view.phase == Phase.GAME_OVER:
            return "The game is over: the table shows who won.", None
        if view.seat is not None and not view.players[view.seat].in_play:
            return "\N{HORSE} You are in the stables: nothing more to decide this game.", None
        if mine and view.phase in TABLE_PHASES:
            order = ORDER.get(view.pending_order, "") if view.pending_order else ""
            hint = (
                "Nominate a Sleigh Loader."
                if view.phase == Phase.NOMINATION
                else f"Santa's Order ({order}): choose a player."
            )
            return f"**Your turn: choose on the table.** {hint}", None
        return IDLE, None

    def has_private_decision(self, view: SKView) -> bool:
        return view.phase in PRIVATE_PHASES and view.seat in view.to_decide

    def private_news(self, events: Sequence[Event]) -> list[Event]:
        """None of this game's private events is worth an edit by itself: each comes with a change
        the private message shows anyway (a prompt, a peek), or echoes the seat's own click (its
        vote, the gifts it passed), which the answer to that click shows."""
        return []

    def acknowledge(self, view: SKView, ctx: TableContext, events: Sequence[Event]) -> str | None:
        lines = [e.describe(ctx.names) for e in events if not e.audience.is_public]
        if view.phase == Phase.VOTING and view.my_vote is not None:
            lines.append("You can change your vote until the last vote is in.")
        return " ".join(lines) or None

    def ending(self, view: SKView, ctx: TableContext, summary: str) -> str:
        """The channel post at the end: the winning team, then why."""
        if view.winner is None:
            return summary
        team = "Team Nice" if view.winner == Team.NICE else "Team Naughty"
        return f"**{team} wins!** {summary}"

    def chat_reminder(self, view: SKView, ctx: TableContext, seat: int) -> str | None:
        """Spec 4.2 silence rule and 2.6 stables: a reminder (never a block) when the List Maker
        or Sleigh Loader talks while the gifts are secret, or a player in the stables talks."""
        name = ctx.name(seat)
        if over(view):
            return None
        if not view.players[seat].in_play:
            return f"\N{HORSE} {name} is in the stables and takes no part in the game, not even in chat."
        if view.phase in PRIVATE_PHASES and seat in (view.lm, view.sl):
            return (
                f"\N{FACE WITH FINGER COVERING CLOSED LIPS} {name}, the List Maker and Sleigh Loader "
                "stay silent from the draw until the gift is placed."
            )
        return None


#: This game's renderer, with its `/rules` text and lobby texts: what `bot.plugins` loads.
RENDERER = SecretKrampusRenderer()

__all__ = ["LOBBY_TEXTS", "RENDERER", "RULES_SUMMARY", "SecretKrampusRenderer"]
