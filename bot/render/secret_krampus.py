"""Secret Krampus on Discord: the table embed (public view) and the private message (seat view).

Only `SKView`s come in here. Public decisions (nominate, vote, order targets) are components on
the table; private ones (the List Maker's discard, the Sleigh Loader's choice, Heads Together)
are components in the seat's private message (DM, or the ephemeral "My role & cards").
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import discord

from bot.components import ActionButton
from bot.i18n import N_, _
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
    PRIVATE_BUTTON,
    ROLE,
    event_lines,
    first_election,
    footer,
    headline,
    known_line,
    last_vote_line,
    names_of,
    over,
    roles_lines,
    tells_on_table,
    term_limited_line,
    told,
    win_line,
)
from games.core import Event
from games.secret_krampus.data import SETUPS, TEAM_OF_ROLE, Card, Order, Phase, Team
from games.secret_krampus.events import CardsPassed
from games.secret_krampus.game import SecretKrampus
from games.secret_krampus.models import SKView

#: A gift as a label, with its picture (marked texts: shown with `_()`).
CARD = {Card.NICE: N_("\N{WRAPPED PRESENT} Nice"), Card.NAUGHTY: N_("\N{SMILING FACE WITH HORNS} Naughty")}
PRIVATE_PHASES = (Phase.LM_DISCARD, Phase.SL_CHOOSE, Phase.HEADS_TOGETHER_VOTE)
#: Decisions made on the table by one seat: its private message only says it is its turn.
#: Private events a private message never lists as news: what its "Your move" prompt shows (the
#: cards drawn or passed to the decider, the Heads Together gift) or its lasting fields (peeks,
#: Checking it Twice). The rest (your own vote, the gifts you passed) echo the seat's own click:
#: shown in the answer to that click, never worth an edit by themselves.
SHOWN_ELSEWHERE = frozenset({"cards_drawn", "heads_together_card", "peek_result", "top_cards_seen"})
#: (stable: a decision made on the table, nominating or Santa's Order, is not repeated here: it
#: would cost an edit when it began and another when it ended; the table shows whose it is)
IDLE = N_("Your secret choices come here. Nominations, Santa's Orders and every vote are made on the table.")
TEAM_COLOUR = {Team.NICE: discord.Colour.green(), Team.NAUGHTY: discord.Colour.dark_red()}
#: How each team wins (spec 1), under a player's role while the game runs.
TEAM_GOAL = {
    Team.NICE: N_("Team Nice wins with 5 Nice gifts delivered, or once Krampus is sent to the stables."),
    Team.NAUGHTY: N_(
        "Team Naughty wins with 6 Naughty gifts delivered, or once Krampus is elected Sleigh Loader "
        "after 3 Naughty gifts."
    ),
}


def gifts(cards: Sequence[Card]) -> str:
    """Gifts as labels, in the reader's language."""
    return ", ".join(_(CARD[card]) for card in cards)


def _one_of_each(hand: Sequence[Card]) -> list[tuple[int, Card]]:
    """A button per kind of gift in `hand` (its first one): choosing either of two Naughty gifts
    does the same, and two buttons that read alike would only puzzle."""
    firsts = {card: i for i, card in reversed(list(enumerate(hand)))}
    return sorted((i, card) for card, i in firsts.items())


#: The table's rule for the officers while the sleigh is loaded (spec 4.2), told before they may
#: break it (the channel's reminder comes only once one has posted)
SILENCE = N_("Say nothing in the chat until the gift is delivered; then you may claim anything, even a lie.")


class SecretKrampusRenderer(BaseRenderer):
    private_button = PRIVATE_BUTTON

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
        if first_election(view):  # (a role's DM may come a moment after the game starts)
            where = _(
                "\N{FACE WITH FINGER COVERING CLOSED LIPS} Your secret role is in your DMs, or under "
                "**{button}**.",
                button=_(PRIVATE_BUTTON),
            )
            description.append(where)
            if SETUPS[view.num_players].preplaced_naughty:  # (spec 2.2: "2/6" read as a miscount)
                description.append(_("At this table size one Naughty gift starts on the board."))
        embed = discord.Embed(
            title=_("\N{CHRISTMAS TREE} {game} #{number}", game=_(SecretKrampus.title), number=ctx.game_id),
            description="\n".join(description),
            colour=colour,
        )
        if view.phase == Phase.VOTING and not done:
            waiting = [p.seat for p in view.players if p.in_play and not p.has_voted]
            embed.add_field(name=_("Still to vote"), value=names_of(ctx, waiting) or "-", inline=False)
        lines = event_lines(view, events, ctx)
        if lines:
            text = "\n".join(f"- {line}" for line in lines)
            embed.add_field(name=_("What just happened"), value=text[:1024], inline=False)
        last = last_vote_line(view, ctx, events)
        if last:
            embed.add_field(name=_("Last vote"), value=last[:1024], inline=False)
        known = known_line(view, ctx)
        if known:
            embed.add_field(name=_("Known"), value=known[:1024], inline=False)
        roles = roles_lines(view, ctx)
        if roles:
            embed.add_field(name=_("Players"), value=roles[:1024], inline=False)
        rule = footer(view)
        if rule:
            embed.set_footer(text=rule)
        picture = Picture(
            f"secret-krampus-{ctx.game_id}.png",
            picture_key(view, ctx.names),
            partial(render_boards_png, view, list(ctx.names)),
            alt=_(
                "The Nice and Naughty boards: Nice {nice} of {nice_win}, Naughty {naughty} of "
                "{naughty_win}; draw pile {draw}, discards {discard}.",
                nice=view.nice_count,
                nice_win=view.nice_win_at,
                naughty=view.naughty_count,
                naughty_win=view.naughty_win_at,
                draw=view.draw_pile_size,
                discard=view.discard_pile_size,
            ),
        )
        return Payload(
            embeds=[embed], view=None if done else self._table_components(view, ctx), pictures=[picture]
        )

    def _table_components(self, view: SKView, ctx: TableContext) -> discord.ui.View:
        if view.phase == Phase.NOMINATION:
            placeholder = _("{name}: choose a Sleigh Loader", name=ctx.name(view.lm_candidate))
            return new_view(seat_select(ctx, "nominate", view.eligible, placeholder))
        if view.phase == Phase.VOTING:
            return new_view(*yes_no_buttons(ctx, "vote", _("Yes"), _("No")))
        if view.phase == Phase.ORDER and view.eligible:
            order = _(ORDER[view.pending_order]) if view.pending_order in ORDER else _("order")
            placeholder = _("{name}: choose a player ({order})", name=ctx.name(view.lm), order=order)
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
        role = _(ROLE[view.my_role])
        if view.abandoned:
            about = _("You were **{role}**.", role=role)
        elif view.phase == Phase.GAME_OVER and TEAM_OF_ROLE[view.my_role] == view.winner:
            about = _("You were **{role}**. Your team won.", role=role)
        elif view.phase == Phase.GAME_OVER:
            about = _("You were **{role}**. Your team lost.", role=role)
        else:  # (with how the team wins: a newcomer's first vote needs it, spec 1)
            about = _("You are **{role}**. Keep it to yourself!", role=role)
            about += f"\n*{_(TEAM_GOAL[TEAM_OF_ROLE[view.my_role]])}*"
        title = _("Your secret - {game} #{number}", game=_(SecretKrampus.title), number=ctx.game_id)
        embed = discord.Embed(title=title, description=about, colour=EMBED_COLOUR)
        others = {s: r for s, r in view.known_roles.items() if s != seat}
        if others:
            known = "\n".join(
                _("{name}: {role}", name=ctx.name(s), role=_(ROLE[r])) for s, r in others.items()
            )
            label = _("Everyone's roles") if over(view) else _("What you know")
            embed.add_field(name=label, value=known[:1024], inline=False)
        elif not over(view):
            embed.add_field(name=_("What you know"), value=_("Only your own role."), inline=False)
        if view.peek_results:
            peeks = "\n".join(
                _("{name} is **Nice**", name=ctx.name(s))
                if t == Team.NICE
                else _("{name} is **Naughty**", name=ctx.name(s))
                for s, t in view.peek_results.items()
            )
            embed.add_field(name=_("Your Peeks"), value=peeks, inline=False)
        if view.checked_cards:
            top = gifts(view.checked_cards)
            embed.add_field(
                name=_(ORDER[Order.CHECKING_IT_TWICE]),
                value=_("The top 3 gifts when you checked (top first): {gifts}", gifts=top),
                inline=False,
            )
        news = self._news(view, ctx, events)
        if news:
            embed.add_field(
                name=_("News"), value="\n".join(f"- {line}" for line in news)[:1024], inline=False
            )
        if over(view):  # how it ended, under the role (nothing more to decide; the bot says
            if not view.abandoned:  # that a game was abandoned)
                embed.description = f"{about}\n{win_line(view.winner, view.win_reason)}"
            return Payload(embeds=[embed])
        if ctx.kept:  # (an AI plays the seat: nothing to do here)
            return Payload(embeds=[embed])
        prompt, components = self._private_decision(view, ctx)
        title = _("Your move") if components is not None else _("Secret choices")  # (not while others play)
        embed.add_field(name=title, value=prompt, inline=False)
        return Payload(embeds=[embed], view=components)

    def _news(self, view: SKView, ctx: TableContext, events: Sequence[Event]) -> list[str]:
        lines = []
        for event in events:
            if event.audience.is_public or event.kind in SHOWN_ELSEWHERE:
                continue
            if isinstance(event, CardsPassed):
                if view.hand:  # the Sleigh Loader's prompt shows them
                    continue
                text = _("You passed {gifts} to {name}.", gifts=gifts(event.cards), name=ctx.name(event.sl))
                lines.append(text)
            else:
                lines.append(told(event, ctx.names))
        return lines[-8:]

    def _private_decision(self, view: SKView, ctx: TableContext) -> tuple[str, discord.ui.View | None]:
        """The seat's own decision: its buttons when it is made here, a line when it is made on the
        table; otherwise a line that stays true while the others play."""
        mine = view.seat in view.to_decide
        if view.phase == Phase.LM_DISCARD and view.hand and mine:
            buttons = [
                ActionButton(
                    ctx.game_id, ctx.decision, f"discard.{i}", label=_("Discard {gift}", gift=_(CARD[c]))
                )
                for i, c in _one_of_each(view.hand)
            ]
            return (
                _(
                    "You drew {gifts}. Discard one; the other two go to the Sleigh Loader.",
                    gifts=gifts(view.hand),
                )
                + "\n"
                + _(SILENCE),
                new_view(*buttons),
            )
        if view.phase == Phase.SL_CHOOSE and view.hand and mine:
            buttons = [
                ActionButton(
                    ctx.game_id,
                    ctx.decision,
                    f"play.{i}",
                    label=_("Deliver {gift}", gift=_(CARD[c])),
                    style=discord.ButtonStyle.primary,
                )
                for i, c in _one_of_each(view.hand)
            ]
            return (
                _(
                    "The List Maker passed you {gifts}. Deliver one; the other is discarded.",
                    gifts=gifts(view.hand),
                )
                + "\n"
                + _(SILENCE),
                new_view(*buttons),
            )
        if view.phase == Phase.HEADS_TOGETHER_VOTE and view.ht_card is not None and mine:
            other = view.sl if view.seat == view.lm else view.lm
            prompt = _(
                "Heads Together with **{other}** on {gift}: one Yes, yours or theirs, delivers it; two "
                "Noes discard it (a failed vote).",
                other=ctx.name(other),
                gift=_(CARD[view.ht_card]),
            )
            return prompt, new_view(*yes_no_buttons(ctx, "ht_vote", _("Yes, deliver"), _("No, discard")))
        if view.seat is not None and not view.players[view.seat].in_play:
            by = view.players[view.seat].stabled_by
            if by is None:
                return _(
                    "\N{HORSE} You are in the stables: you take no more part in this game, not even in chat."
                ), None
            return _(
                "\N{HORSE} {name} sent you to the stables: you take no more part in this game, not even in "
                "chat.",
                name=ctx.name(by),
            ), None
        return _(IDLE), None

    def tells_on_table(self, event: Event) -> bool:
        return tells_on_table(event)

    def has_private_decision(self, view: SKView) -> bool:
        return view.phase in PRIVATE_PHASES and view.seat in view.to_decide

    def private_news(self, events: Sequence[Event]) -> list[Event]:
        """None of this game's private events is worth an edit by itself: each comes with a change
        the private message shows anyway (a prompt, a peek), or echoes the seat's own click (its
        vote, the gifts it passed), which the answer to that click shows."""
        return []

    def acknowledge(self, view: SKView, ctx: TableContext, events: Sequence[Event]) -> str | None:
        secret = [e for e in events if not e.audience.is_public]
        if any(e.kind == "votes_revealed" for e in events):  # the last vote: the reveal tells it
            secret = [e for e in secret if e.kind != "vote_recorded"]
        lines = [told(e, ctx.names) for e in secret if e.kind != "cards_drawn"]
        if any(e.kind == "cards_drawn" for e in secret):  # (the vote that elected the clicker)
            lines.append(_("You are the List Maker: the gifts you drew are in your private message."))
        if view.phase == Phase.VOTING and view.my_vote is not None:
            lines.append(_("You can change your vote until the last vote is in."))
        return " ".join(lines) or None

    def ending(self, view: SKView, ctx: TableContext, summary: str) -> str:
        """The channel post at the end: the winning team, then why."""
        if view.winner is None:
            return _(summary)
        return win_line(view.winner, summary)

    def chat_reminder(self, view: SKView, ctx: TableContext, seat: int) -> str | None:
        """Spec 4.2 silence rule and 2.6 stables: a reminder (never a block) when the List Maker
        or Sleigh Loader talks while the gifts are secret, or a player in the stables talks."""
        name = ctx.name(seat)
        if over(view):
            return None
        if not view.players[seat].in_play:
            return _(
                "\N{HORSE} {name} is in the stables and takes no part in the game, not even in chat.",
                name=name,
            )
        if view.phase in PRIVATE_PHASES and seat in (view.lm, view.sl):
            return _(
                "\N{FACE WITH FINGER COVERING CLOSED LIPS} {name}, the List Maker and Sleigh Loader "
                "stay silent from the draw until the gift is placed.",
                name=name,
            )
        return None


#: This game's renderer, with its `/rules` text and lobby texts: what `bot.plugins` loads.
RENDERER = SecretKrampusRenderer()

__all__ = ["LOBBY_TEXTS", "RENDERER", "RULES_SUMMARY", "SecretKrampusRenderer"]
