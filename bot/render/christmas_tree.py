"""Christmas Tree on Discord: the table (every tree in one picture) and each player's private
message (their tree and the hand in front of them as a picture, their objectives, the secret
choices).

Only `CTView`s come in here. Every decision is secret and simultaneous, so all choices are made
in the private message (DM, or the ephemeral "My hand & tree"); the table shows who is ready. The
pictures show the trees; the text says what is happening, who must act and what just happened.
The selects and buttons (and the drafts they carry) are in `christmas_tree_components`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import discord

from bot.i18n import N_, _, ngettext, translated
from bot.render.base import EMBED_COLOUR, BaseRenderer, Payload, Picture, TableContext, private_result
from bot.render.christmas_tree_components import Draft, private_components
from bot.render.christmas_tree_news import (
    QUIET_EVENTS,
    SHOWN_ELSEWHERE,
    fresh_cells,
    last_round_lines,
    news_field,
    own_round_points,
)
from bot.render.christmas_tree_summary import LOBBY_TEXTS, RULES_SUMMARY
from bot.render.christmas_tree_text import (
    cell_text,
    objective_name,
    objective_rule,
    objective_text,
    placed_at,
    points,
    rotation_text,
    short_card,
)
from bot.render.pictures.christmas_tree import picture_key, render_trees_png
from bot.render.pictures.christmas_tree_private import PrivatePicture
from games.christmas_tree.data import TURNS, Mode, Phase
from games.christmas_tree.models import CTView, ScoreBreakdown
from games.christmas_tree.rules import rotations_of
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
    "Gold circle: a complete bulb. Gold frame: a new or chosen card. Green ring: a gingerbread's wish is met."
)


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
            lines = [f"{ctx.name(p.seat)}: {breakdown_text(p, view.mode)}" for p in view.breakdown]
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
        if not over:
            footer = _(PASSING_FOOTER[view.direction], mode=footer, order=passing(view, ctx.names))
        embed.set_footer(text=footer)
        fresh = fresh_cells(events)
        picture = Picture(
            f"trees-{ctx.game_id}.png",
            picture_key(view, ctx.names, fresh=fresh),
            partial(render_trees_png, view, list(ctx.names), fresh),
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
            description=self._private_headline(view, ctx, chosen),
            colour=EMBED_COLOUR,
        )
        secret = self._secret_objectives(view, ctx)
        if secret:
            embed.add_field(name=_("Your objectives"), value=secret[:1024], inline=False)
        if view.objectives:
            embed.add_field(name=_("Objectives this round"), value=self._objectives(view, ctx), inline=False)
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
        if view.phase != Phase.GAME_OVER:
            embed.set_footer(text=f"{self._standing(view, ctx)}\n{_(KEY_TEXT)}")
        picture = self._private_picture(view, ctx, chosen)
        return Payload(
            embeds=[embed],
            view=private_components(view, ctx, chosen),
            pictures=[Picture(f"tree-{ctx.game_id}-{seat}.png", picture.key(), picture.render)],
        )

    @staticmethod
    def _standing(view: CTView, ctx: TableContext) -> str:
        """Everyone's points so far, the reader's first (public; the table's news of a round's
        points may have been cut short, and the player spends the round in this message)."""
        seats = sorted((s for s in view.seats if not s.neutral), key=lambda s: s.seat != view.seat)
        parts = [
            _("you {points}", points=s.points) if s.seat == view.seat else f"{ctx.name(s.seat)} {s.points}"
            for s in seats
        ]
        return _("Points so far: {points}", points=" \N{MIDDLE DOT} ".join(parts))

    def _private_picture(self, view: CTView, ctx: TableContext, chosen: Draft) -> PrivatePicture:
        seat = view.seat
        assert seat is not None
        title = _("Your tree: {points}", points=points(view.seats[seat].points))
        if ctx.abandoned:  # the tree as it was: no free cells numbered, no hand to pick from
            return PrivatePicture(tree=view.seats[seat].tree, title=title)
        if chosen.card is not None and chosen.cell is not None:
            code = view.hand[chosen.card]
            return PrivatePicture(
                tree=view.seats[seat].tree,
                title=title,
                highlight=(chosen.cell,),
                numbered=tuple(view.legal_cells),
                close=(code, chosen.cell),
                rotations=rotations_of(code),
            )
        # drafting a (new) card: the tree as revealed, the cells it may go to numbered; else the
        # tree with the chosen card (and planned cookies), the chosen card ringed in the hand.
        # Half a choice (a card or a cell picked, not both) is not drawn: the message's text and
        # its select show it, and the picture stays the one the player has (no new upload)
        drafting = chosen.card is not None or chosen.cell is not None or chosen.replace
        pending = None if drafting else view.pending
        highlight: tuple[int, ...] = ()
        if chosen.swap_a is not None:
            highlight = tuple(c for c in (chosen.swap_a, chosen.swap_b) if c is not None)
        elif pending is not None:
            highlight = (pending.cell,)
        return PrivatePicture(
            tree=view.seats[seat].tree if drafting or not view.preview else view.preview,
            title=title,
            highlight=highlight,
            numbered=() if pending is not None else tuple(view.legal_cells),
            hand=tuple(view.hand),
            selected=None if pending is None else pending.card_index,
        )

    def _private_headline(self, view: CTView, ctx: TableContext, chosen: Draft) -> str:
        if view.phase == Phase.GAME_OVER:
            scores = {p.seat: p.total for p in view.breakdown}  # (its points: below)
            result = private_result(view.seat, view.winners, ctx, None, scores)
            return " ".join([result, _("Your tree as it ended.")])
        if ctx.abandoned:
            at = {"round": view.round, "turn": view.turn}
            return _("Your tree as it was in round {round}/3, turn {turn}/7.", **at)
        round_turn = _("Round {round}/3, turn {turn}/7.", round=view.round, turn=view.turn)
        lines = [f"{round_turn} {self._passing_you(view, ctx)}"]
        if view.phase == Phase.OBJECTIVES:
            if view.my_choice:
                name = objective_name(view.my_choice)
                lines.append(
                    _(
                        "You chose **{objective}**. You may change it until everyone has chosen.",
                        objective=name,
                    )
                )
            elif view.mode == Mode.ADVANCED:  # (spec R2/R3a: it rides in the hand until it returns)
                lines.append(
                    _(
                        "Choose your objective for this round below: it travels secretly in your hand "
                        "and is revealed when that hand comes back to you."
                    )
                )
            else:
                lines.append(
                    _("Choose your objective for this round below (everyone sees it once all have chosen).")
                )
            return "\n".join(lines)
        lines.append(self._turn_line(view, chosen))
        return "\n".join(lines)

    def _turn_line(self, view: CTView, chosen: Draft) -> str:
        pending = view.pending
        if chosen.card is not None and chosen.cell is not None:
            code = view.hand[chosen.card]
            card, cell = short_card(code), cell_text(chosen.cell)
            if len(rotations_of(code)) > 1:
                return _(
                    "**{card}** on **{cell}**: it is shown both ways below. Press a Place button to choose.",
                    card=card,
                    cell=cell,
                )
            # i18n: **Place** is the button's label ("Place")
            return _("**{card}** on **{cell}**: press **Place** to choose it.", card=card, cell=cell)
        if pending is not None and (chosen.replace or chosen.card is not None or chosen.cell is not None):
            # choosing anew ("Change my card", or a card or cell picked while ready)
            text = _(
                "Choose again: a card (numbered in the picture), then a free cell (numbered on "
                "your tree). Until you place it, your card on **{cell}** stands.",
                cell=cell_text(pending.cell),
            )
            if pending.cookies:  # (placing anew starts the turn's plan afresh)
                text += " " + ngettext(
                    "Placing another card gives back the {n} cookie you spent on it.",
                    "Placing another card gives back the {n} cookies you spent on it.",
                    len(pending.cookies),
                )
            return text
        if pending is not None and pending.confirmed and view.hand:
            code = view.hand[pending.card_index]
            card, cell = short_card(code), cell_text(placed_at(pending))
            if len(rotations_of(code)) > 1:
                return _(
                    "You are ready: **{card}** on **{cell}**, {facing}. "
                    "You may change it until everyone is ready.",
                    card=card,
                    cell=cell,
                    facing=rotation_text(pending.rotation),
                )
            return _(
                "You are ready: **{card}** on **{cell}**. You may change it until everyone is ready.",
                card=card,
                cell=cell,
            )
        if pending is not None and chosen.swap_a is not None:  # half a swap
            if chosen.swap_b is None:
                first = cell_text(chosen.swap_a)
                return _("Swap: **{cell}** picked. Now pick the cell to swap it with.", cell=first)
            return _(
                "Swap **{a}** and **{b}**: choose below how the cards face.",
                a=cell_text(chosen.swap_a),
                b=cell_text(chosen.swap_b),
            )
        if pending is not None and not view.cookies_left:
            # i18n: **Done** is the button's label ("Done")
            cell = cell_text(placed_at(pending))
            return _("Your card goes on **{cell}**. No cookies left: press **Done**.", cell=cell)
        if pending is not None:
            # i18n: **Done** is the button's label ("Done")
            return ngettext(
                "Your card goes on **{cell}**. Spend cookies ({n} cookie left): "
                "turn a card over or swap two; press **Done** when finished.",
                "Your card goes on **{cell}**. Spend cookies ({n} cookies left): "
                "turn a card over or swap two; press **Done** when finished.",
                view.cookies_left,
                cell=cell_text(placed_at(pending)),
            )
        if chosen.card is not None:  # half a choice: said here (the picture is not redrawn for it)
            card = short_card(view.hand[chosen.card])
            return _("**{card}** picked: now pick a free cell (numbered on your tree).", card=card)
        if chosen.cell is not None:
            cell = cell_text(chosen.cell)
            return _("**{cell}** picked: now pick a card (numbered in the picture).", cell=cell)
        return _("Pick a card (numbered in the picture), then a free cell (numbered on your tree).")

    def _passing_you(self, view: CTView, ctx: TableContext) -> str:
        seat = view.seat
        assert seat is not None
        if view.turn == TURNS and view.phase == Phase.TURN:  # (spec R3e: nothing is passed then)
            return _("Last turn of the round: the card you do not place leaves the game.")

        to = (seat + view.direction) % view.num_seats
        came = (seat - view.direction) % view.num_seats
        if to == view.neutral_seat:
            return _(
                "You pass your hand to the neutral tree and get the hand of **{came}**.", came=ctx.name(came)
            )
        if came == view.neutral_seat:
            return _("You pass your hand to **{to}** and get the hand of the neutral tree.", to=ctx.name(to))
        return _(
            "You pass your hand to **{to}** and get the hand of **{came}**.",
            to=ctx.name(to),
            came=ctx.name(came),
        )

    def _secret_objectives(self, view: CTView, ctx: TableContext) -> str:
        """The objectives only this player knows: the cards to choose from, then (Advanced) their
        own while it travels, the one riding in the hand they hold and the ones seen before."""
        if view.phase == Phase.OBJECTIVES:
            return "\n".join(
                f"{i + 1}. {objective_text(code)}" for i, code in enumerate(view.objective_cards)
            )

        revealed = {o.code for o in view.objectives}
        lines = []
        mine = view.my_choice or view.seen_objectives.get(view.seat)  # type: ignore[arg-type]
        if mine and mine not in revealed:
            if mine == view.hand_objective:
                lines.append(_("Yours (in the hand you hold): {objective}", objective=objective_text(mine)))
            else:
                lines.append(_("Yours: {objective}", objective=objective_text(mine)))
        for owner, code in view.seen_objectives.items():
            if owner == view.seat or code in revealed:
                continue
            lines.append(self._seen_objective(view, ctx, owner, code))
        return "\n".join(lines)

    def _seen_objective(self, view: CTView, ctx: TableContext, owner: int, code: str) -> str:
        """Advanced: another tree's objective this player has seen travelling in a hand."""
        neutral = owner == view.neutral_seat
        if code == view.hand_objective:
            text = objective_text(code)
            if neutral:
                return _("In the hand you hold, the neutral tree's: {objective}", objective=text)
            return _("In the hand you hold, {name}'s: {objective}", name=ctx.name(owner), objective=text)
        if neutral:
            return _("Seen, the neutral tree's: {objective}", objective=objective_name(code))
        return _("Seen, {name}'s: {objective}", name=ctx.name(owner), objective=objective_name(code))

    # -- the rest of the renderer contract ----------------------------------------------------------
    def has_private_decision(self, view: CTView) -> bool:
        return view.phase in (Phase.OBJECTIVES, Phase.TURN) and view.seat in view.to_decide

    def tells_on_table(self, event: Event) -> bool:
        return event.kind not in QUIET_EVENTS and event.kind not in SHOWN_ELSEWHERE

    def private_news(self, events: Sequence[Event]) -> list[Event]:
        return [e for e in events if not e.audience.is_public and e.kind not in QUIET_EVENTS]

    def ending(self, view: CTView, ctx: TableContext, summary: str) -> str:
        lines = [f"{ctx.name(p.seat)}: {breakdown_text(p, view.mode)}" for p in view.breakdown]
        names = translated(names_and([ctx.name(s) for s in view.winners]))
        if len(view.winners) > 1:
            head = _("{names} share the win!", names=names)
        else:
            head = _("{names} wins!", names=names)
        return "\n".join([head, *lines])


#: This game's renderer, with its `/rules` text and lobby texts: what `bot.plugins` loads.
RENDERER = ChristmasTreeRenderer()

__all__ = ["LOBBY_TEXTS", "RENDERER", "RULES_SUMMARY", "ChristmasTreeRenderer"]
