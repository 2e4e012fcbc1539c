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
    event_lines,
    new_view,
    seat_select,
    yes_no_buttons,
)
from bot.render.pictures.secret_krampus import picture_key, render_boards_png
from games.core import Event
from games.secret_krampus.data import Card, Phase, Role, Team
from games.secret_krampus.models import SKView

CARD = {Card.NICE: "\N{WRAPPED PRESENT} Nice", Card.NAUGHTY: "\N{SMILING FACE WITH HORNS} Naughty"}
ROLE = {
    Role.NICE_ELF: "Nice Elf (team Nice)",
    Role.NAUGHTY_ELF: "Naughty Elf (team Naughty)",
    Role.KRAMPUS: "Krampus (team Naughty)",
}
ORDER = {
    "PEEK": "Peek",
    "SUCCESSOR_SELECTOR": "Successor",
    "CHECKING_IT_TWICE": "Check twice",
    "STABLE_LEADERSHIP": "Stables",
    "NAUGHTY_WIN": "NAUGHTY WINS",
}
PRIVATE_PHASES = (Phase.LM_DISCARD, Phase.SL_CHOOSE, Phase.HEADS_TOGETHER_VOTE)
#: Private events that only echo the seat's own click: shown in the reply, never DMed.
QUIET_EVENTS = frozenset({"vote_recorded", "ht_vote_recorded"})
FULL, EMPTY = "\N{BLACK CIRCLE}", "\N{WHITE CIRCLE}"
#: Private events whose content the "Your move" prompt already shows.
SHOWN_AS_MOVE = frozenset({"cards_drawn", "cards_passed", "heads_together_card"})
TEAM_COLOUR = {Team.NICE: discord.Colour.green(), Team.NAUGHTY: discord.Colour.dark_red()}


def _yes_no(yes: bool) -> str:
    return "Yes" if yes else "No"


class SecretKrampusRenderer(BaseRenderer):
    # -- the table ------------------------------------------------------------------------------
    def table(self, view: SKView, ctx: TableContext, events: Sequence[Event]) -> Payload:
        over = view.phase == Phase.GAME_OVER
        embed = discord.Embed(
            title=f"\N{CHRISTMAS TREE} Secret Krampus - game #{ctx.game_id}",
            description=self._headline(view, ctx),
            colour=TEAM_COLOUR[view.winner] if over and view.winner else EMBED_COLOUR,
        )
        embed.add_field(name="Nice board", value=self._nice_track(view), inline=False)
        embed.add_field(name="Naughty board", value=self._naughty_track(view), inline=False)
        embed.add_field(
            name="Failed votes",
            value=self._failed_track(view),
            inline=True,
        )
        embed.add_field(
            name="Gift piles",
            value=f"draw {view.draw_pile_size} - discard {view.discard_pile_size}",
            inline=True,
        )
        embed.add_field(name="Players", value=self._players(view, ctx), inline=False)
        if view.last_votes is not None:
            votes = ", ".join(f"{ctx.name(s)} {_yes_no(v)}" for s, v in sorted(view.last_votes.items()))
            embed.add_field(name="Last election's votes", value=votes[:1024], inline=False)
        if events:
            embed.add_field(
                name="What just happened", value=event_lines(events, ctx.names)[:1024], inline=False
            )
        rules = []
        if view.krampus_check_active:
            rules.append("Krampus check: electing Krampus as Sleigh Loader wins for Naughty.")
        if view.heads_together_active:
            rules.append("Heads Together: both officers may discard the chosen gift.")
        if rules:
            embed.set_footer(text=" | ".join(rules))
        picture = Picture(
            f"secret-krampus-{ctx.game_id}.png",
            picture_key(view, ctx.names),
            lambda: render_boards_png(view, ctx.names),
        )
        return Payload(
            embeds=[embed], view=None if over else self._table_components(view, ctx), pictures=[picture]
        )

    def _headline(self, view: SKView, ctx: TableContext) -> str:
        lm, sl = ctx.name(view.lm), ctx.name(view.sl)
        waiting = view.phase
        if waiting == Phase.GAME_OVER:
            return (
                f"**Team {view.winner.value.title() if view.winner else '?'} wins!** {view.win_reason or ''}"
            )
        if waiting == Phase.NOMINATION:
            special = " (chosen by Successor Selector)" if view.special_election else ""
            return (
                f"**{ctx.name(view.lm_candidate)}** is the List Maker candidate{special} and picks a "
                "Sleigh Loader below."
            )
        if waiting == Phase.VOTING:
            voted = sum(p.has_voted for p in view.players)
            living = sum(p.in_play for p in view.players)
            return (
                f"**Vote!** List Maker **{ctx.name(view.lm_candidate)}** with Sleigh Loader "
                f"**{ctx.name(view.sl_candidate)}**? Votes are secret until all are in "
                f"({voted}/{living} voted); you may change yours until then."
            )
        if waiting == Phase.LM_DISCARD:
            return f"List Maker **{lm}** is checking the list: discarding 1 of 3 gifts in private."
        if waiting == Phase.SL_CHOOSE:
            return f"Sleigh Loader **{sl}** is loading the sleigh: choosing 1 of 2 gifts in private."
        if waiting == Phase.HEADS_TOGETHER_VOTE:
            return f"**Heads Together:** {lm} and {sl} vote in private whether to deliver the gift."
        order = ORDER.get(view.pending_order or "", view.pending_order or "")
        return f"**Santa's Order - {order}:** List Maker **{lm}** chooses a player below."

    def _failed_track(self, view: SKView) -> str:
        done, chaos = view.failed_votes, view.failed_votes_chaos_at
        return f"{FULL * done}{EMPTY * (chaos - done)} {done}/{chaos} (chaos at {chaos})"

    def _nice_track(self, view: SKView) -> str:
        filled = "\N{WRAPPED PRESENT}" * view.nice_count
        empty = "\N{WHITE LARGE SQUARE}" * (view.nice_win_at - view.nice_count)
        return f"{filled}{empty} {view.nice_count}/{view.nice_win_at} (Nice wins at {view.nice_win_at})"

    def _naughty_track(self, view: SKView) -> str:
        spaces = []
        for number, order in enumerate(view.board_orders, start=1):
            mark = "\N{SMILING FACE WITH HORNS}" if number <= view.naughty_count else "\N{WHITE LARGE SQUARE}"
            label = f" {ORDER[order]}" if order else ""
            spaces.append(f"{mark}{label}")
        return " - ".join(spaces) + f" ({view.naughty_count}/{view.naughty_win_at})"

    def _players(self, view: SKView, ctx: TableContext) -> str:
        lines = []
        for player in view.players:
            tags = []
            if player.seat in (view.lm, view.lm_candidate) and view.phase != Phase.GAME_OVER:
                tags.append(
                    "\N{SCROLL} List Maker"
                    + (" candidate" if view.lm is None or player.seat != view.lm else "")
                )
            if player.seat in (view.sl, view.sl_candidate) and view.phase != Phase.GAME_OVER:
                tags.append(
                    "\N{SLED} Sleigh Loader"
                    + (" candidate" if view.sl is None or player.seat != view.sl else "")
                )
            if not player.in_play:
                tags.append("\N{HORSE} in the stables")
            if player.term_limited and view.phase == Phase.NOMINATION:
                tags.append("term-limited")
            if view.phase == Phase.VOTING and player.in_play:
                tags.append(
                    "\N{BALLOT BOX WITH BALLOT} voted" if player.has_voted else "\N{HOURGLASS} thinking"
                )
            if player.peeked:
                tags.append("peeked")
            if player.not_krampus and player.revealed_role is None:
                tags.append("not Krampus")
            if player.revealed_role is not None:
                tags.append(f"**{ROLE[player.revealed_role]}**")
            name = ctx.name(player.seat)
            name = f"~~{name}~~" if not player.in_play else name
            lines.append(f"{player.seat + 1}. {name}" + (f" - {', '.join(tags)}" if tags else ""))
        return "\n".join(lines)[:1024]

    def _table_components(self, view: SKView, ctx: TableContext) -> discord.ui.View:
        if view.phase == Phase.NOMINATION:
            placeholder = f"{ctx.name(view.lm_candidate)}: choose a Sleigh Loader"
            return new_view(seat_select(ctx, "nominate", view.eligible, placeholder))
        if view.phase == Phase.VOTING:
            return new_view(*yes_no_buttons(ctx, "vote", "Yes", "No"))
        if view.phase == Phase.ORDER and view.eligible:
            order = ORDER.get(view.pending_order or "", "order")
            placeholder = f"{ctx.name(view.lm)}: choose a player ({order})"
            return new_view(seat_select(ctx, "target", view.eligible, placeholder))
        return new_view()

    # -- the private message ----------------------------------------------------------------------
    def private(
        self, view: SKView, ctx: TableContext, events: Sequence[Event], draft: str | None = None
    ) -> Payload:
        seat = view.seat
        assert seat is not None and view.my_role is not None
        embed = discord.Embed(
            title=f"Your secret - Secret Krampus #{ctx.game_id}",
            description=f"You are **{ROLE[view.my_role]}**. Keep it to yourself!",
            colour=EMBED_COLOUR,
        )
        others = {s: r for s, r in view.known_roles.items() if s != seat}
        if others:
            known = "\n".join(f"{ctx.name(s)}: {ROLE[r]}" for s, r in others.items())
            embed.add_field(name="What you know", value=known[:1024], inline=False)
        elif view.phase != Phase.GAME_OVER:
            embed.add_field(name="What you know", value="Only your own role.", inline=False)
        if view.peek_results:
            peeks = "\n".join(f"{ctx.name(s)} is **{t.value.title()}**" for s, t in view.peek_results.items())
            embed.add_field(name="Your Peeks", value=peeks, inline=False)
        if view.checked_cards:
            embed.add_field(
                name="Checking it Twice (top of the pile, in order)",
                value=", ".join(CARD[c] for c in view.checked_cards),
                inline=False,
            )
        news = [e for e in events if not e.audience.is_public and e.kind not in SHOWN_AS_MOVE]
        if news:
            embed.add_field(name="News", value=event_lines(news, ctx.names)[:1024], inline=False)
        prompt, components = self._private_decision(view, ctx)
        if prompt:
            embed.add_field(name="Your move", value=prompt, inline=False)
        return Payload(embeds=[embed], view=components)

    def _private_decision(self, view: SKView, ctx: TableContext) -> tuple[str | None, discord.ui.View | None]:
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
        if view.phase == Phase.SL_CHOOSE and view.passed_cards:
            return (
                f"You passed {', '.join(CARD[c] for c in view.passed_cards)} to the Sleigh Loader.",
                None,
            )
        if view.phase == Phase.HEADS_TOGETHER_VOTE and view.ht_card is not None:
            if view.my_ht_vote is not None:
                return (
                    f"You voted **{_yes_no(view.my_ht_vote)}** on delivering {CARD[view.ht_card]}.",
                    None,
                )
            return (
                f"Heads Together on {CARD[view.ht_card]}: one Yes delivers it; two Noes discard it "
                "(a failed vote).",
                new_view(*yes_no_buttons(ctx, "ht_vote", "Yes, deliver", "No, discard")),
            )
        if mine and view.phase in (Phase.NOMINATION, Phase.VOTING, Phase.ORDER):
            hint = {
                Phase.NOMINATION: "nominate a Sleigh Loader",
                Phase.VOTING: "vote",
                Phase.ORDER: "choose a player for Santa's Order",
            }[view.phase]
            return f"Your turn on the table message: {hint}.", None
        if view.phase == Phase.VOTING and view.my_vote is not None:
            return (
                f"You voted **{_yes_no(view.my_vote)}** (you may change it until the last vote).",
                None,
            )
        return None, None

    def has_private_decision(self, view: SKView) -> bool:
        return view.phase in PRIVATE_PHASES and view.seat in view.to_decide

    def private_news(self, events: Sequence[Event]) -> list[Event]:
        return [e for e in events if not e.audience.is_public and e.kind not in QUIET_EVENTS]

    def acknowledge(self, view: SKView, ctx: TableContext, events: Sequence[Event]) -> str | None:
        lines = [e.describe(ctx.names) for e in events if not e.audience.is_public]
        if view.phase == Phase.VOTING and view.my_vote is not None:
            lines.append("You can change your vote until the last vote is in.")
        return " ".join(lines) or None

    def chat_reminder(self, view: SKView, ctx: TableContext, seat: int) -> str | None:
        """Spec 4.2 silence rule and 2.6 stables: a reminder (never a block) when the List Maker
        or Sleigh Loader talks while the gifts are secret, or a player in the stables talks."""
        name = ctx.name(seat)
        if view.phase == Phase.GAME_OVER:
            return None
        if not view.players[seat].in_play:
            return f"\N{HORSE} {name} is in the stables and takes no part in the game, not even in chat."
        if view.phase in PRIVATE_PHASES and seat in (view.lm, view.sl):
            return (
                f"\N{FACE WITH FINGER COVERING CLOSED LIPS} {name}, the List Maker and Sleigh Loader "
                "stay silent from the draw until the gift is placed."
            )
        return None
