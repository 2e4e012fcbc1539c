"""Naughty or Nice: the private message's choices (the drafts they carry are in
`naughty_or_nice_components`). Every legal choice of the seat, grouped:

- *direct* choices (one click: React / Pass, Keep, Elves picks, Play 2 Reindeer...) as buttons,
  or one select when there are more than five;
- *Fulfill*, in steps (drafts `f<kiddo>.<mask>`): choose a kiddo, add or remove presents of
  each type (a select whose values are drafts carrying the new mask), then **Fulfill** sends
  `fulfil.<kiddo>.<mask>` even when the presents don't match, so that the engine says what is
  missing. A select of the matching sets (and Caga Tió plays) is a shortcut;
- *creatures with a target* (drafts `g<group>`): choose the creature, then its target.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import discord

from bot.components import ActionButton, ActionSelect, DraftButton, DraftSelect
from bot.i18n import _, ngettext
from bot.render.base import TableContext, fitted, new_view
from bot.render.naughty_or_nice_choices import distinct, fulfil_hint, nothing_to_steal
from bot.render.naughty_or_nice_components import (
    BUTTON_STYLE,
    DIRECT_KINDS,
    FULFIL_KINDS,
    GROUP_TEXT,
    HOME,
    Draft,
    choice_group,
    draft_code,
    fixed_kiddo,
    fulfil_targets,
    kind_of,
)
from bot.render.naughty_or_nice_text import (
    COLOUR_EMOJI,
    choice_label,
    kiddo_label,
    target_label,
)
from games.naughty_or_nice.data import Colour
from games.naughty_or_nice.viewmodels import Choice, KiddoCard, NoNView, PresentCard
from games.naughty_or_nice.words import COLOUR_NAMES


# -- the private components -----------------------------------------------------------------------
def private_components(view: NoNView, ctx: TableContext, draft: Draft) -> discord.ui.View | None:
    if view.seat not in view.to_decide or view.over:
        return None
    if draft.kiddo is not None:
        items = _fulfil_items(view, ctx, draft)
    else:
        items = _main_items(view, ctx, draft)
    return new_view(*items) if items else None


def _direct(view: NoNView) -> list[Choice]:
    return [c for c in view.choices if kind_of(c.code) in DIRECT_KINDS]


def _main_items(view: NoNView, ctx: TableContext, draft: Draft) -> list[discord.ui.Item]:
    g, d = ctx.game_id, ctx.decision
    items: list[discord.ui.Item] = []
    direct = distinct(_direct(view))
    if 0 < len(direct) <= 5:
        items += [_button(ctx, c, row=0) for c in direct]
    elif direct:
        options = [discord.SelectOption(label=fitted(choice_label(c, ctx)), value=c.code) for c in direct]
        items.append(ActionSelect(g, d, "choose", options[:25], placeholder=_("Choose..."), row=0))
    kiddos = [k for k in view.playground if k.id in fulfil_targets(view)]
    # the wishes the hand can fulfill first (then with Caga Tió), each group in the table's order
    kiddos.sort(key=lambda k: (k.id not in view.fulfillable, k.id not in view.fulfillable_with_caga))
    if kiddos:
        options = [
            discord.SelectOption(
                label=fitted(kiddo_label(k, view.uses_sets)),
                value=draft_code(k.id, 0),
                description=fulfil_hint(view, k.id),
                emoji="\N{WRAPPED PRESENT}" if fulfil_hint(view, k.id) else None,
            )
            for k in kiddos
        ]
        items.append(DraftSelect(g, d, "kiddo", options, placeholder=_("Fulfill: choose a kiddo..."), row=1))
    groups: dict[str, list[Choice]] = {}
    for choice in view.choices:
        group = choice_group(view, choice.code)
        if group is not None:
            groups.setdefault(group, []).append(choice)
    chosen = draft.group if draft.group in groups else None
    if len(groups) == 1:
        chosen = next(iter(groups))
    elif groups:
        options = [
            discord.SelectOption(
                label=fitted(_(GROUP_TEXT.get(name, name))), value=f"g{name}", default=name == chosen
            )
            for name in groups
        ]
        if any(name.startswith("SEARCH_") for name in groups):  # Santa's start-of-turn ability too
            placeholder = _("Santa's search, or play a creature...")
        elif "BEFANA" in groups:  # La Befana's (not a creature either)
            placeholder = _("La Befana's discard, or play a creature...")
        else:
            placeholder = _("Play a creature on...")
        items.append(DraftSelect(g, d, "creature", options, placeholder=placeholder, row=2))
    if chosen is not None:
        # Santa's searches keep their whole label: it says which presents they discard
        label = choice_label if chosen.startswith("SEARCH_") else target_label
        targets = distinct(groups[chosen])
        options = [
            discord.SelectOption(
                label=fitted(label(c, ctx)), value=c.code, description=nothing_to_steal(view, c)
            )
            for c in targets
        ]
        placeholder = _(GROUP_TEXT.get(chosen, chosen))
        items.append(ActionSelect(g, d, "target", options[:25], placeholder=placeholder[:150], row=3))
    return items


def _button(ctx: TableContext, choice: Choice, row: int) -> ActionButton:
    return ActionButton(
        ctx.game_id,
        ctx.decision,
        choice.code,
        label=fitted(choice_label(choice, ctx), 80),
        style=BUTTON_STYLE.get(kind_of(choice.code), discord.ButtonStyle.secondary),
        row=row,
    )


def chosen_presents(view: NoNView, mask: int) -> list[PresentCard]:
    return [p for p in view.presents if mask >> p.index & 1]


def _type_runs(presents: Sequence[PresentCard]) -> dict[str, list[PresentCard]]:
    runs: dict[str, list[PresentCard]] = {}
    for card in presents:
        runs.setdefault(card.type, []).append(card)
    return runs


def wanted_colours(view: NoNView, kiddo: str) -> list[Colour]:
    """The colours `kiddo`'s open slots want (those a Caga Tió covered left out)."""
    if fixed_kiddo(view) == kiddo and view.fulfil is not None:
        return list(view.fulfil.open)
    return list(_kiddo(view, kiddo).colours)


def still_needed(view: NoNView, kiddo: str, mask: int) -> Counter[Colour]:
    """The colours the chosen presents (`mask`) do not cover yet."""
    return Counter(wanted_colours(view, kiddo)) - Counter(p.colour for p in chosen_presents(view, mask))


def toggle_options(view: NoNView, kiddo: str, mask: int) -> list[discord.SelectOption]:
    """Add one more present of each type whose colour the kiddo still wants (copies of a type
    are identical), one less of each type chosen."""
    options = []
    need = still_needed(view, kiddo, mask)
    for cards in _type_runs(view.presents).values():
        first = cards[0]
        taken = [c for c in cards if mask >> c.index & 1]
        free = [c for c in cards if not mask >> c.index & 1]
        tally = _("{n} of {total} chosen", n=len(taken), total=len(cards))
        if free and need[first.colour]:
            options.append(
                discord.SelectOption(
                    label=_(
                        "Add {present} ({colour}) - {tally}",
                        present=_(first.name),
                        colour=_(COLOUR_NAMES[first.colour]),
                        tally=tally,
                    ),
                    value=draft_code(kiddo, mask | 1 << free[0].index),
                    emoji=COLOUR_EMOJI[first.colour],
                )
            )
        if taken:
            options.append(
                discord.SelectOption(
                    label=_("Remove {present} - {tally}", present=_(first.name), tally=tally),
                    value=draft_code(kiddo, mask & ~(1 << taken[-1].index)),
                    emoji="\N{HEAVY MINUS SIGN}",
                )
            )
    return options


def _fulfil_items(view: NoNView, ctx: TableContext, draft: Draft) -> list[discord.ui.Item]:
    g, d = ctx.game_id, ctx.decision
    assert draft.kiddo is not None
    kiddo, mask = draft.kiddo, draft.mask
    items: list[discord.ui.Item] = []
    fixed = fixed_kiddo(view)
    if fixed is None:
        options = [
            discord.SelectOption(
                label=fitted(kiddo_label(k, view.uses_sets)), value=draft_code(k.id, 0), default=k.id == kiddo
            )
            for k in view.playground
        ]
        items.append(DraftSelect(g, d, "kiddo", options, placeholder=_("Fulfill: choose a kiddo..."), row=0))
    toggles = toggle_options(view, kiddo, mask)
    if toggles:
        count = len(chosen_presents(view, mask))
        items.append(
            DraftSelect(
                g,
                d,
                "presents",
                toggles,
                placeholder=_("Add or remove presents ({n} chosen)", n=count),
                row=1,
            )
        )
    quick = distinct(
        c for c in view.choices if kind_of(c.code) in FULFIL_KINDS and c.code.split(".")[1] == kiddo
    )
    if quick:
        hopeless = _("Your hand can't finish this wish after it")
        options = [
            discord.SelectOption(
                label=fitted(choice_label(c, ctx)),
                value=c.code,
                description=fitted(hopeless) if c.code in view.dead_ends else None,
            )
            for c in quick[:25]
        ]
        if any(kind_of(c.code) == "caga" for c in quick):
            placeholder = _("Or pick a matching set or a Caga Tió...")
        else:
            placeholder = _("Or pick a matching set...")
        items.append(ActionSelect(g, d, "quick", options, placeholder=placeholder, row=2))
    name = _(_kiddo(view, kiddo).name)
    given = len(chosen_presents(view, mask))
    code = f"fulfil.{kiddo}.{mask}"
    items.append(
        ActionButton(
            g,
            d,
            code,
            label=fitted(
                ngettext(
                    "Fulfill {name} with {n} present", "Fulfill {name} with {n} presents", given, name=name
                ),
                80,
            ),
            style=discord.ButtonStyle.success,
            row=3,
            disabled=all(c.code != code for c in view.choices),  # enabled once the presents match
        )
    )
    if mask:
        items.append(DraftButton(g, d, draft_code(kiddo, 0), label=_("Clear"), row=3))
    if fixed is None:
        items.append(DraftButton(g, d, HOME, label=_("Back"), row=3))
    items += [_button(ctx, c, row=3) for c in view.choices if kind_of(c.code) == "abandon"]
    return items


def _kiddo(view: NoNView, kiddo: str) -> KiddoCard:
    if view.fulfil is not None and view.fulfil.kiddo.id == kiddo:
        return view.fulfil.kiddo
    return next(k for k in view.playground if k.id == kiddo)
