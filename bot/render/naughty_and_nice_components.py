"""Naughty & Nice on Discord: the components. The turn's table buttons (declare, draw, stop, the
steal's selects, declaring the end), and the private message's controls: playing a card (a draft
select, then target buttons) and the secret Shiny! orientations.

Every builder takes the seat's (or the public) `choices`, so a message reaches exactly the legal
actions it is given."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.components import ActionButton, ActionSelect, DraftSelect
from bot.i18n import N_, _, ngettext
from bot.render.base import TableContext, fitted, new_view
from bot.render.naughty_and_nice_text import NAUGHTY_E, NICE_E, short_card
from games.naughty_and_nice.data import CardType, Declaration
from games.naughty_and_nice.view_models import CardInfo, ChoiceView, NNView
from games.naughty_and_nice.words import TYPE_NAMES

_DECLARE = {
    Declaration.NONE: (N_("Draw without declaring"), None, discord.ButtonStyle.secondary),
    Declaration.NAUGHTY: (N_("Declare Naughty & draw"), NAUGHTY_E, discord.ButtonStyle.danger),
    Declaration.NICE: (N_("Declare Nice & draw"), NICE_E, discord.ButtonStyle.success),
}
_ORDER = {"declare": 0, "draw": 1, "stop": 2, "declare_end": 3, "pass": 4, "stop_taking": 5}


def turn_components(choices: Sequence[ChoiceView], view: NNView, ctx: TableContext) -> discord.ui.View | None:
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
                label=fitted(short_card(c.card)),  # type: ignore[arg-type]
                value=c.code,
                description=fitted(
                    _(
                        "costs {cost} of the {left} left",
                        cost=abs(c.card.value),  # type: ignore[union-attr]
                        left=left,
                    )
                ),
            )
            for c in chunk
        ]
        placeholder = ngettext(
            "Take a card from {name} ({n} point left)",
            "Take a card from {name} ({n} points left)",
            left,
            name=target,
        )
        if len(takes) > 25:
            placeholder += f" - {i + 1}-{i + len(chunk)}"
        items.append(
            ActionSelect(g, d, f"take{i // 25}", options, placeholder=placeholder[:150], row=i // 25)
        )
    buttons = sorted((c for c in choices if c.kind in _ORDER), key=lambda c: _ORDER[c.kind])
    row = len(items)  # the row after the selects (the table's "My hand" button joins it)
    for c in buttons:
        label, emoji, style = _button(c, view)
        items.append(ActionButton(g, d, c.code, label=fitted(label, 80), emoji=emoji, style=style, row=row))
    return new_view(*items) if items else None


def _button(c: ChoiceView, view: NNView) -> tuple[str, str | None, discord.ButtonStyle]:
    if c.kind == "declare" and c.declaration is not None:
        label, emoji, style = _DECLARE[c.declaration]
        return _(label), emoji, style
    if c.kind == "draw":
        return (
            _("Draw another card ({draws} of {most})", draws=view.draws_this_turn + 1, most=view.max_draws),
            "\N{PLAYING CARD BLACK JOKER}",
            discord.ButtonStyle.primary,
        )
    if c.kind == "stop":
        return _("Stop drawing"), None, discord.ButtonStyle.secondary
    if c.kind == "stop_taking":
        return _("Take nothing more"), None, discord.ButtonStyle.secondary
    if c.kind == "declare_end":
        return _("Declare the end"), "\N{ALARM CLOCK}", discord.ButtonStyle.danger
    return _("Do not declare the end"), None, discord.ButtonStyle.secondary


def play_components(view: NNView, ctx: TableContext, picked: CardInfo | None) -> discord.ui.View:
    """Step 1: a select of the playable cards (a draft); step 2, once one is picked: a button per
    target, labelled with what the card does to that player's totals."""
    g, d = ctx.game_id, ctx.decision
    cards: dict[str, CardInfo] = {}
    for c in view.choices:
        if c.kind == "play" and c.card is not None:
            cards.setdefault(c.card.id, c.card)
    options = [
        discord.SelectOption(
            label=fitted(short_card(c)),
            value=f"c{c.id}",
            description=_("{kind} card worth {value}", kind=_(TYPE_NAMES[c.type]), value=f"{c.value:+d}"),
            default=picked is not None and c.id == picked.id,
        )
        for c in list(cards.values())[:25]
    ]
    items: list[discord.ui.Item] = [
        DraftSelect(g, d, "card", options, placeholder=_("1. Pick a card to play"), row=0)
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
                    label=fitted(target_label(view, ctx, picked, c.target), 80),
                    style=discord.ButtonStyle.primary
                    if c.target == view.seat
                    else discord.ButtonStyle.secondary,
                    row=1 + i // 5,
                )
            )
    return new_view(*items)


def orient_components(view: NNView, ctx: TableContext) -> discord.ui.View:
    """A face up / face down button pair per Shiny! card (two selects when there are more than 5)."""
    g, d = ctx.game_id, ctx.decision
    orients = [c for c in view.choices if c.kind == "orient" and c.card is not None]
    shinies = list(dict.fromkeys(c.card.id for c in orients))  # type: ignore[union-attr]
    items: list[discord.ui.Item] = []
    if len(shinies) <= 5:
        for row, card_id in enumerate(shinies):
            for c in orients:
                if c.card.id != card_id:  # type: ignore[union-attr]
                    continue
                face = _("face up") if c.face_up else _("face down")
                items.append(
                    ActionButton(
                        g,
                        d,
                        c.code,
                        label=fitted(f"{_(c.card.name)} {c.card.value:+d}: {face}", 80),  # type: ignore[union-attr]
                        emoji="\N{UPWARDS BLACK ARROW}" if c.face_up else "\N{DOWNWARDS BLACK ARROW}",
                        style=discord.ButtonStyle.success if c.face_up else discord.ButtonStyle.secondary,
                        row=row,
                    )
                )
        return new_view(*items)
    turns = (
        (True, "up", N_("Turn a Shiny! card face up")),
        (False, "down", N_("Turn a Shiny! card face down")),
    )
    for row, (up, name, text) in enumerate(turns):
        options = [
            discord.SelectOption(label=fitted(f"{_(c.card.name)} {c.card.value:+d}"), value=c.code)  # type: ignore[union-attr]
            for c in orients
            if c.face_up is up
        ]
        if options:
            items.append(ActionSelect(g, d, name, options[:25], placeholder=_(text), row=row))
    return new_view(*items)


def target_label(view: NNView, ctx: TableContext, c: CardInfo, target: int | None) -> str:
    if target is None or not 0 <= target < len(view.players):
        return "?"
    mine = target == view.seat
    p = view.players[target]
    if c.type == CardType.NICE:
        values = {"name": ctx.name(target), "total": p.nice_total, "after": p.nice_total + c.value}
        if mine:
            return _("On yourself: Nice {total} -> {after}", **values)
        return _("On {name}: Nice {total} -> {after}", **values)
    if c.type == CardType.NAUGHTY:
        values = {"name": ctx.name(target), "total": p.naughty_total, "after": p.naughty_total + c.value}
        if mine:
            return _("On yourself: Naughty {total} -> {after}", **values)
        return _("On {name}: Naughty {total} -> {after}", **values)
    if mine:
        return _("On yourself (no steal)")
    if not any(abs(card.value) <= c.value for card in p.cards_in_play):  # (spec 4.5: a card costs |value|)
        return _("On {name}: nothing to steal", name=ctx.name(target))
    return _("On {name}: steal up to {n}", name=ctx.name(target), n=c.value)
