"""Christmas Tree on Discord: the table (every tree in one picture) and each player's private
message (their tree and the hand in front of them as a picture, their objectives, the secret
choices).

Only `CTView`s come in here. Every decision is secret and simultaneous, so all choices are made
in the private message (DM, or the ephemeral "My hand & tree"); the table shows who is ready. The
pictures show the trees; the text says what is happening, who must act and what just happened.
The selects and buttons (and the drafts they carry) are in `christmas_tree_components`, the
private message's words and picture in `christmas_tree_private`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import discord

from bot.i18n import N_, _, ngettext, translated
from bot.render.base import EMBED_COLOUR, BaseRenderer, Payload, Picture, TableContext
from bot.render.christmas_tree_components import Draft, private_components
from bot.render.christmas_tree_news import (
    QUIET_EVENTS,
    SHOWN_ELSEWHERE,
    fresh_cells,
    last_round_lines,
    news_field,
    own_round_points,
)
from bot.render.christmas_tree_private import private_headline, private_picture, secret_objectives, standing
from bot.render.christmas_tree_summary import LOBBY_TEXTS, RULES_SUMMARY
from bot.render.christmas_tree_text import (
    objective_name,
    objective_rule,
    points,
)
from bot.render.pictures.christmas_tree import picture_key, render_trees_png
from bot.render.pictures.christmas_tree_private import PrivatePicture
from games.christmas_tree.data import Mode, Phase
from games.christmas_tree.models import CTView, ScoreBreakdown
from games.core import Event
from games.core.words import names_and

READY, WAITING, COOKIE = "\N{WHITE HEAVY CHECK MARK}", "\N{HOURGLASS WITH FLOWING SAND}", "\N{COOKIE}"
MODE_TEXT = {
    Mode.FAMILY: N_("Family mode"),
    Mode.NORMAL: N_("Normal mode"),
    Mode.ADVANCED: N_("Advanced mode"),
}
#: The table's footer while playing, per passing direction (+1 left, -1 right).
PASSING_FOOTER = {1: N_("{mode} - hands pass left: {order}"), -1: N_("{mode} - hands pass right: {order}")}
NEUTRAL_TEXT = N_(
    "The **neutral tree** belongs to nobody: it places random cards and only counts when an "
    "objective asks who has the most."
)
# i18n: the footer explaining the rings drawn on the private picture
KEY_TEXT = N_(
    "❄: a card's points. Gold circle: a complete bulb, two touching half bulbs of one colour (2 "
    "points at the end). Gold frame: a new or chosen card. Green ring: a gingerbread's wish is met "
    "(0-4 met: 2, 4, 8, 12 or 18 points)."
)
#: the round's objectives in a private message (spec 8.2: in each, one card counts only once, one
#: bulb in a bulb objective; the table, at its phone budget, has the short name)
OBJECTIVES_FIELD = N_("Objectives this round (a card counts once in each; bulb ones count bulbs)")


def table_alt(view: CTView, ctx: TableContext) -> str:
    """The table picture's alt text (a screen reader's words for it): whose trees, each with its
    points and how many cards it holds."""
    trees = []
    for seat in view.seats:
        cards = sum(slot is not None for slot in seat.tree)
        if seat.neutral:
            trees.append(ngettext("the neutral tree, {n} card", "the neutral tree, {n} cards", cards))
        else:
            trees.append(
                ngettext(
                    "{name}: {points} points, {n} card",
                    "{name}: {points} points, {n} cards",
                    cards,
                    name=ctx.name(seat.seat),
                    points=seat.points,
                )
            )
    shows = _("Every player's tree")
    return f"{shows}: {'; '.join(trees)}."


def private_alt(picture: PrivatePicture) -> str:
    """What a seat's picture shows, for a screen reader: it said "your hand or the card you are
    placing" under the tree of a game over too."""
    if picture.close is not None:
        return _("Your tree, and the card you are placing, shown both ways")
    if picture.hand:
        return _("Your tree, and your hand")
    return _("Your tree")


def ranked(view: CTView) -> list[ScoreBreakdown]:
    """The end's scores, the highest first (equal ones in seat order)."""
    return sorted(view.breakdown, key=lambda part: -part.total)


def breakdown_text(part: ScoreBreakdown, mode: Mode) -> str:
    """`**84 points**: objectives 34, ornaments 29, gingerbreads 12, bulbs 6, cookies 3` (no
    cookies in Family mode, which has none)."""
    total, objectives = points(part.total), sum(part.objectives_by_round)
    final = part.final
    if final is None:
        return _("**{total}**: objectives {objectives}", total=total, objectives=objectives)
    if mode == Mode.FAMILY:
        return _(
            "**{total}**: objectives {objectives}, ornaments {ornaments}, gingerbreads {gingerbreads}, "
            "bulbs {bulbs}",
            total=total,
            objectives=objectives,
            ornaments=final.card_values,
            gingerbreads=final.gingerbreads,
            bulbs=final.bulbs,
        )
    return _(
        "**{total}**: objectives {objectives}, ornaments {ornaments}, gingerbreads {gingerbreads}, "
        "bulbs {bulbs}, cookies {cookies}",
        total=total,
        objectives=objectives,
        ornaments=final.card_values,
        gingerbreads=final.gingerbreads,
        bulbs=final.bulbs,
        cookies=final.cookies,
    )


def passing(view: CTView, names: Sequence[str]) -> str:
    """`Gus → Zoë → bob → Gus`: the order the hands travel in this round."""
    order, seat = [], 0
    for _step in range(view.num_seats + 1):
        order.append(names[seat] if seat != view.neutral_seat and seat < len(names) else _("neutral tree"))
        seat = (seat + view.direction) % view.num_seats
    return " \N{RIGHTWARDS ARROW} ".join(order)


class ChristmasTreeRenderer(BaseRenderer):
    private_button = N_("My hand & tree")

    # -- the table ------------------------------------------------------------------------------
    def table(self, view: CTView, ctx: TableContext, events: Sequence[Event]) -> Payload:
        over = view.phase == Phase.GAME_OVER
        game = _(ctx.title)
        if over:
            title = _("{game} #{number} - the end", game=game, number=ctx.game_id)
        else:
            title = _(
                "{game} #{number} - round {round}/3, turn {turn}/7",
                game=game,
                number=ctx.game_id,
                round=view.round,
                turn=view.turn,
            )
        title = "\N{CHRISTMAS TREE} " + title
        description = [self._headline(view, ctx)]
        if view.neutral_seat is not None and not over:
            description.append(_(NEUTRAL_TEXT))
        if not over:
            description.append(self._players(view, ctx))
        embed = discord.Embed(title=title, description="\n".join(description), colour=EMBED_COLOUR)
        if view.objectives and not over:
            embed.add_field(name=_("Objectives this round"), value=self._objectives(view, ctx), inline=False)
        if over:
            lines = [f"{ctx.name(p.seat)}: {breakdown_text(p, view.mode)}" for p in ranked(view)]
            embed.add_field(name=_("Scores"), value="\n".join(lines)[:1024], inline=False)
        # at the end the Scores field sums up the round and the trees show the last cards; the
        # passing of an earlier turn (its edit coalesced into this one) is over too
        hidden_at_end = ("last_cards_discarded", "round_scored", "card_placed", "ready", "hands_passed")
        shown = [e for e in events if not (over and e.kind in hidden_at_end)]
        if view.round > 1 and (view.phase == Phase.OBJECTIVES or view.turn == 1):
            # the last round's scores stay while the next one starts: the news of its end was
            # gone at the next edit (each objective's points while the new ones are chosen)
            scores = last_round_lines(view, ctx.names)
            embed.add_field(
                name=_("Round {round} scores", round=view.round - 1),
                value="\n".join(scores if view.phase == Phase.OBJECTIVES else scores[-1:])[:1024],
                inline=False,
            )
            shown = [e for e in shown if e.kind not in ("objective_scored", "round_scored")]
        news = news_field(shown, ctx.names)
        if news:
            embed.add_field(name=_("Just now"), value=news[:1024], inline=False)
        footer = _(MODE_TEXT[view.mode])
        if not over:  # (public, spec 5: the number of cards in the deck)
            footer = _(PASSING_FOOTER[view.direction], mode=footer, order=passing(view, ctx.names))
            # i18n: the footer's count of cards left in the deck, short: "Deck: 36"
            deck = _("Deck: {n}", n=view.deck_size)
            footer = f"{footer} \N{MIDDLE DOT} {deck}"
        embed.set_footer(text=footer)
        fresh = fresh_cells(events)
        picture = Picture(
            f"trees-{ctx.game_id}.png",
            picture_key(view, ctx.names, fresh=fresh),
            partial(render_trees_png, view, list(ctx.names), fresh),
            alt=table_alt(view, ctx),
        )
        return Payload(embeds=[embed], pictures=[picture])

    def _headline(self, view: CTView, ctx: TableContext) -> str:
        if view.phase == Phase.GAME_OVER:
            names = translated(names_and([f"**{ctx.name(s)}**" for s in view.winners]))
            if len(view.winners) > 1:
                return _("{names} share the win with the most beautiful tree!", names=names)
            return _("{names} wins with the most beautiful tree!", names=names)
        if view.to_decide and set(view.to_decide) <= ctx.ai_seats:  # (no word on where an AI chooses)
            if view.phase == Phase.OBJECTIVES:
                return _("Everyone chooses an objective for this round in secret.")
            return _("Everyone picks a card and a cell in secret. All are revealed together.")
        button = _(self.private_button)
        if view.phase == Phase.OBJECTIVES:
            return _("Everyone chooses an objective for this round in secret (**{button}**).", button=button)
        return _(
            "Everyone picks a card and a cell in secret (**{button}**). All are revealed together.",
            button=button,
        )

    def _objectives(self, view: CTView, ctx: TableContext) -> str:
        lines = []
        for objective in view.objectives:
            name, rule = objective_name(objective.code), objective_rule(objective.code)
            owner = objective.owner
            if owner is None:
                lines.append(f"**{name}**: {rule}")
            elif owner == view.seat:
                lines.append(_("**{objective}** (yours): {rule}", objective=name, rule=rule))
            elif owner == view.neutral_seat:
                lines.append(_("**{objective}** (neutral tree): {rule}", objective=name, rule=rule))
            else:
                # (not in brackets: an AI seat's name has its own, "Jingle (AI)")
                lines.append(f"**{name}** \N{EM DASH} {ctx.name(owner)}: {rule}")
        return "\n".join(lines)[:1024]

    def _players(self, view: CTView, ctx: TableContext) -> str:
        parts = []
        for seat in view.seats:
            if seat.neutral:
                continue
            cookies = f" {seat.cookies}{COOKIE}" if view.mode != Mode.FAMILY else ""
            parts.append(f"{READY if seat.ready else WAITING} {ctx.name(seat.seat)}{cookies}")
        return " \N{MIDDLE DOT} ".join(parts)

    # -- the private message ----------------------------------------------------------------------
    def private(
        self, view: CTView, ctx: TableContext, events: Sequence[Event], draft: str | None = None
    ) -> Payload:
        seat = view.seat
        assert seat is not None
        chosen = Draft.parse(draft, view)
        embed = discord.Embed(
            title=_("Your tree - {game} #{number}", game=_(ctx.title), number=ctx.game_id),
            description=private_headline(view, ctx, chosen),
            colour=EMBED_COLOUR,
        )
        secret = secret_objectives(view, ctx)
        if secret:
            embed.add_field(name=_("Your objectives"), value=secret[:1024], inline=False)
        if view.objectives:
            embed.add_field(name=_(OBJECTIVES_FIELD), value=self._objectives(view, ctx), inline=False)
        if view.phase == Phase.GAME_OVER and view.breakdown:
            mine = next(p for p in view.breakdown if p.seat == seat)
            embed.add_field(name=_("Your score"), value=breakdown_text(mine, view.mode), inline=False)
        if view.round > 1 and (view.phase in (Phase.OBJECTIVES, Phase.GAME_OVER) or view.turn == 1):
            # why the points went up: the table says it for everyone only briefly, or not at all
            # when its edits were coalesced
            name, value = own_round_points(view, seat)
            embed.add_field(name=name, value=value, inline=False)
        news = news_field([e for e in events if e.kind not in QUIET_EVENTS], ctx.names, seat)
        if news:
            embed.add_field(name=_("Just now"), value=news[:1024], inline=False)
        if view.phase != Phase.GAME_OVER:  # (the picture's key in the first round: shorter after)
            key = f"\n{_(KEY_TEXT)}" if view.round == 1 else ""
            embed.set_footer(text=f"{standing(view, ctx)}{key}")
        picture = private_picture(view, ctx, chosen)
        return Payload(
            embeds=[embed],
            view=private_components(view, ctx, chosen),
            pictures=[
                Picture(
                    f"tree-{ctx.game_id}-{seat}.png",
                    picture.key(),
                    picture.render,
                    alt=private_alt(picture),
                )
            ],
        )

    # -- the rest of the renderer contract ----------------------------------------------------------
    def has_private_decision(self, view: CTView) -> bool:
        return view.phase in (Phase.OBJECTIVES, Phase.TURN) and view.seat in view.to_decide

    def tells_on_table(self, event: Event) -> bool:
        return event.kind not in QUIET_EVENTS and event.kind not in SHOWN_ELSEWHERE

    def private_news(self, events: Sequence[Event]) -> list[Event]:
        return [e for e in events if not e.audience.is_public and e.kind not in QUIET_EVENTS]

    def ending(self, view: CTView, ctx: TableContext, summary: str) -> str:
        lines = [f"{ctx.name(p.seat)}: {breakdown_text(p, view.mode)}" for p in ranked(view)]
        names = translated(names_and([ctx.name(s) for s in view.winners]))
        if len(view.winners) > 1:
            head = _("{names} share the win!", names=names)
        else:
            head = _("{names} wins!", names=names)
        return "\n".join([head, *lines])


#: This game's renderer, with its `/rules` text and lobby texts: what `bot.plugins` loads.
RENDERER = ChristmasTreeRenderer()

__all__ = ["LOBBY_TEXTS", "RENDERER", "RULES_SUMMARY", "ChristmasTreeRenderer"]
