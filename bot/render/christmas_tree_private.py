"""Christmas Tree's private message in words (`ChristmasTreeRenderer.private` lays it out): the
headline with the seat's own decision (the turn's card and cell, cookies, swaps), whom hands pass
between, the objectives only this player knows, everyone's points so far, and the picture of the
seat's tree and hand as the choice under way shows them."""

from __future__ import annotations

from bot.i18n import _, ngettext
from bot.render.base import TableContext, private_result
from bot.render.christmas_tree_components import Draft
from bot.render.christmas_tree_text import (
    cell_text,
    objective_name,
    objective_text,
    placed_at,
    points,
    rotation_text,
    short_card,
)
from bot.render.pictures.christmas_tree_private import PrivatePicture
from games.christmas_tree.data import TURNS, Mode, Phase
from games.christmas_tree.models import CTView
from games.christmas_tree.rules import rotations_of


def standing(view: CTView, ctx: TableContext) -> str:
    """Everyone's points so far, the reader's first (public; the table's news of a round's
    points may have been cut short, and the player spends the round in this message)."""
    seats = sorted((s for s in view.seats if not s.neutral), key=lambda s: s.seat != view.seat)
    parts = [
        _("you {points}", points=s.points) if s.seat == view.seat else f"{ctx.name(s.seat)} {s.points}"
        for s in seats
    ]
    return _("Objective points so far: {points}", points=" \N{MIDDLE DOT} ".join(parts))


def private_picture(view: CTView, ctx: TableContext, chosen: Draft) -> PrivatePicture:
    seat = view.seat
    assert seat is not None
    # the points only once they are the tree's: during play they are the objectives' so far, which
    # "Objective points so far" beside it says (a title "Your tree: 17 points" read as the tree's worth)
    over = view.phase == Phase.GAME_OVER
    title = _("Your tree: {points}", points=points(view.seats[seat].points)) if over else _("Your tree")
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


def private_headline(view: CTView, ctx: TableContext, chosen: Draft) -> str:
    if view.phase == Phase.GAME_OVER:
        scores = {p.seat: p.total for p in view.breakdown}  # (its points: below)
        result = private_result(view.seat, view.winners, ctx, None, scores)
        return " ".join([result, _("Your tree as it ended.")])
    if ctx.abandoned:
        at = {"round": view.round, "turn": view.turn}
        return _("Your tree as it was in round {round}/3, turn {turn}/7.", **at)
    round_turn = _("Round {round}/3, turn {turn}/7.", round=view.round, turn=view.turn)
    if ctx.kept:
        return round_turn
    lines = [f"{round_turn} {_passing_you(view, ctx)}"]
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
    lines.append(_turn_line(view, chosen))
    return "\n".join(lines)


def _turn_line(view: CTView, chosen: Draft) -> str:
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
        spend = ngettext(
            "Your card goes on **{cell}**. Spend cookies ({n} cookie left): "
            "turn a card over or swap two; press **Done** when finished.",
            "Your card goes on **{cell}**. Spend cookies ({n} cookies left): "
            "turn a card over or swap two; press **Done** when finished.",
            view.cookies_left,
            cell=cell_text(placed_at(pending)),
        )
        kept = _("Each cookie kept is 1 point at the end.")  # (spec 6.2)
        return f"{spend} {kept}"
    if chosen.card is not None:  # half a choice: said here (the picture is not redrawn for it)
        card = short_card(view.hand[chosen.card])
        return _("**{card}** picked: now pick a free cell (numbered on your tree).", card=card)
    if chosen.cell is not None:
        cell = cell_text(chosen.cell)
        return _("**{cell}** picked: now pick a card (numbered in the picture).", cell=cell)
    return _("Pick a card (numbered in the picture), then a free cell (numbered on your tree).")


def _passing_you(view: CTView, ctx: TableContext) -> str:
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


def secret_objectives(view: CTView, ctx: TableContext) -> str:
    """The objectives only this player knows: the cards to choose from, then (Advanced) their
    own while it travels, the one riding in the hand they hold and the ones seen before."""
    if view.phase == Phase.OBJECTIVES:
        return "\n".join(f"{i + 1}. {objective_text(code)}" for i, code in enumerate(view.objective_cards))

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
        lines.append(_seen_objective(view, ctx, owner, code))
    return "\n".join(lines)


def _seen_objective(view: CTView, ctx: TableContext, owner: int, code: str) -> str:
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
