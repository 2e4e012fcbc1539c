"""Christmas Tree: the private message's selects and buttons, and the drafts they carry.

A turn is put together on the private message in steps, each a *draft* carried in the custom_ids
(see `bot.components`): pick a card (`c<i>`), a cell (`x<cell>`), then press a Place button, which
sends the action (a wrapped candy has one: it always stands upright). Cookies after a staged turn
the same way: turn a card over from a select, or swap: from (`s<a>`), with (`s<a>t<b>`), then one
of the orientation buttons. Only legal actions are offered (`rules.legal_actions`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import discord

from bot.components import ActionButton, ActionSelect, DraftButton, DraftSelect
from bot.i18n import _
from bot.render.base import TableContext, fitted, new_view
from bot.render.christmas_tree_text import cell_text, objective_name, place_label, short_card, wishes_text
from games.christmas_tree.data import Phase
from games.christmas_tree.models import CTView
from games.christmas_tree.rules import rotations_of

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


def private_components(view: CTView, ctx: TableContext, draft: Draft) -> discord.ui.View | None:
    if view.seat not in view.to_decide and not (view.pending or view.my_choice):
        return None
    if view.phase == Phase.OBJECTIVES and view.objective_cards:
        options = [
            discord.SelectOption(
                label=fitted(f"{i + 1}. {objective_name(code)}"),
                value=f"objective.{i}",
                default=code == view.my_choice,
            )
            for i, code in enumerate(view.objective_cards)
        ]
        return new_view(
            ActionSelect(ctx.game_id, ctx.decision, "objective", options, placeholder=_("Your objective"))
        )
    if view.phase != Phase.TURN:
        return None
    staged = view.pending is not None and not view.pending.confirmed
    if staged and not draft.replace and draft.card is None and draft.cell is None:
        return _cookie_components(view, ctx, draft)
    return _placement_components(view, ctx, draft)


def _placement_components(view: CTView, ctx: TableContext, draft: Draft) -> discord.ui.View:
    g, d = ctx.game_id, ctx.decision
    cards = [
        discord.SelectOption(
            label=fitted(f"{i + 1}. {short_card(code)}"),
            value=draft.code(i, draft.cell),
            default=i == draft.card,
            description=wishes_text(code),  # (a gingerbread's: its icons are small on a phone)
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
        DraftSelect(g, d, "card", cards, placeholder=_("1. Pick a card (numbered in the picture)"), row=0),
        DraftSelect(
            g, d, "cell", cells[:25], placeholder=_("2. Pick a free cell (numbered on your tree)"), row=1
        ),
    ]
    if draft.card is not None and draft.cell is not None:
        where = f"{draft.card}.{draft.cell}"
        ways = rotations_of(view.hand[draft.card])
        for rotation in ways:
            if _is_current_choice(view, True, draft.card, draft.cell, rotation):
                continue
            items.append(
                ActionButton(
                    g,
                    d,
                    f"place.{where}.{rotation}",
                    label=place_label(rotation, len(ways)),
                    style=discord.ButtonStyle.success,
                    row=2,
                )
            )
        if view.seats[view.seat].cookies > 0:  # type: ignore[index]
            for rotation in ways:
                if _is_current_choice(view, False, draft.card, draft.cell, rotation):
                    continue
                items.append(
                    ActionButton(
                        g, d, f"stage.{where}.{rotation}", label=place_label(rotation, len(ways), True), row=3
                    )
                )
    return new_view(*items)


def _is_current_choice(view: CTView, confirmed: bool, card: int, cell: int, rotation: int) -> bool:
    """The seat's own pending turn, unchanged: not offered again (the rules would refuse it)."""
    pending = view.pending
    return (
        pending is not None
        and not pending.cookies
        and pending.confirmed == confirmed
        and (pending.card_index, pending.cell, pending.rotation) == (card, cell, rotation)
    )


def _cookie_components(view: CTView, ctx: TableContext, draft: Draft) -> discord.ui.View:
    g, d = ctx.game_id, ctx.decision
    items: list[discord.ui.Item] = []
    filled = [(cell, slot) for cell, slot in enumerate(view.preview) if slot is not None]
    if view.cookies_left > 0 and filled:
        turnable = [(c, s) for c, s in filled if len(rotations_of(s[0])) > 1]
        turn = [
            discord.SelectOption(label=fitted(f"{cell_text(c)}: {short_card(s[0])}"), value=f"rotate.{c}")
            for c, s in turnable
        ]
        if turn:
            items.append(
                ActionSelect(g, d, "rotate", turn[:25], placeholder=_("Cookie: turn a card over"), row=0)
            )
        if len(filled) > 1:  # a swap needs two cards (the first turn's tree holds only the new one)
            items += _swap_items(view, ctx, draft, [cell for cell, _ in filled])
    items.append(ActionButton(g, d, "done", label=_("Done"), style=discord.ButtonStyle.success, row=4))
    items.append(DraftButton(g, d, "p", label=_("Change my card"), row=4))
    return new_view(*items)


def _swap_items(view: CTView, ctx: TableContext, draft: Draft, filled: list[int]) -> list[discord.ui.Item]:
    """Swap by cookie: the card from (a draft), the card with (a draft), then the ways to swap."""
    g, d = ctx.game_id, ctx.decision

    def option(cell: int, value: str, chosen: int | None) -> discord.SelectOption:
        slot = view.preview[cell]
        assert slot is not None
        label = fitted(f"{cell_text(cell)}: {short_card(slot[0])}")
        return discord.SelectOption(label=label, value=value, default=cell == chosen)

    swap_from = [option(c, f"s{c}", draft.swap_a) for c in filled]
    items: list[discord.ui.Item] = [
        DraftSelect(g, d, "swapa", swap_from[:25], placeholder=_("Cookie: swap the card on..."), row=1)
    ]
    if draft.swap_a is not None:
        swap_to = [option(c, f"s{draft.swap_a}t{c}", draft.swap_b) for c in filled if c != draft.swap_a]
        items.append(DraftSelect(g, d, "swapb", swap_to[:25], placeholder=_("...with the card on"), row=2))
        if draft.swap_b is not None:
            items += _swap_buttons(view, ctx, draft.swap_a, draft.swap_b)
    return items


def _swap_buttons(view: CTView, ctx: TableContext, a: int, b: int) -> list[ActionButton]:
    """The ways to swap: each moved card keeps or turns its orientation (a candy only keeps)."""
    a, b = min(a, b), max(a, b)
    card_a, card_b = view.preview[a], view.preview[b]
    assert card_a is not None and card_b is not None
    buttons = []
    for ra in rotations_of(card_b[0]):  # the card landing on a comes from b
        for rb in rotations_of(card_a[0]):
            turned = [
                short_card(code)
                for code, rot, now in ((card_b[0], card_b[1], ra), (card_a[0], card_a[1], rb))
                if rot != now
            ]
            if len(turned) == 2:
                label = _("Swap, turn both")
            elif turned:
                # i18n: a button: swap two cards and turn {card} ("red ball 1❄") over
                label = _("Swap, turn the {card}", card=turned[0])
            else:
                label = _("Swap")
            buttons.append(
                ActionButton(
                    ctx.game_id, ctx.decision, f"swap.{a}.{b}.{ra}.{rb}", label=fitted(label, 80), row=3
                )
            )
    return buttons


__all__ = ["Draft", "private_components"]
