"""Naughty or Nice components: the table's public buttons and the private message's choices.

The table carries only choices that reveal nothing (the gift giver choice, the active player's
Craft / Summon / End turn and the Craft picks); the private message carries every legal choice
of the seat, grouped:

- *direct* choices (one click: React / Pass, Keep, Elves picks, Play 2 Reindeer...) as buttons,
  or one select when there are more than five;
- *Fulfill*, in steps (drafts `f<kiddo>.<mask>`): choose a kiddo, add or remove presents of
  each type (a select whose values are drafts carrying the new mask), then **Fulfill** sends
  `fulfil.<kiddo>.<mask>` even when the presents don't match, so that the engine says what is
  missing. A select of the matching sets (and Caga Tió plays) is a shortcut;
- *creatures with a target* (drafts `g<group>`): choose the creature, then its target.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import discord

from bot.components import ActionButton, ActionSelect, DraftButton, DraftSelect
from bot.i18n import N_, _, ngettext, translated
from bot.render.base import TableContext, new_view
from bot.render.naughty_or_nice_choices import distinct, fulfil_hint, nothing_to_steal
from bot.render.naughty_or_nice_text import (
    COLOUR_EMOJI,
    choice_label,
    kiddo_label,
    present_type_name,
    target_label,
)
from games.core.words import names_and
from games.naughty_or_nice.data import GIVERS, Basic, Colour, Giver
from games.naughty_or_nice.viewmodels import Choice, KiddoCard, NoNView, PresentCard
from games.naughty_or_nice.words import BASIC_NAMES, COLOUR_NAMES

DIRECT_KINDS = frozenset(
    {
        "craft",
        "summon",
        "end_turn",
        "decline",
        "abandon",
        "react",
        "pass",
        "tuck",
        "play",
        "reindeer",
        "keep",
        "elves_pick",
        "take",
        "ck_draw",
        "giver",
        "wolverine_take",
    }
)
FULFIL_KINDS = frozenset({"fulfil", "caga"})
#: Santa's searches after Midnight, one group: each source gives the same +1 point (spec 2.2.1).
MIDNIGHT_SEARCH = "SEARCH_MIDNIGHT"
GROUP_TEXT = {
    # i18n: a creature or gift giver that needs a target, then what it does (a select's option);
    # the names as on the cards
    "KRAMPUS": N_("Krampus: name a present type"),
    "MRS_CLAUS": N_("Mrs. Claus: take a kiddo"),
    "BEFANA": N_("La Befana: discard a kiddo"),
    "MR_SCROOGE": N_("Mr Scrooge: a player skips a turn"),
    "CRINGE": N_("Cringe: steal 2 presents"),
    "MARI_LWYD": N_("Mari Lwyd: steal a creature"),
    "SEARCH_DISCARD": N_("Santa: search the creature discard"),
    "SEARCH_MAIN": N_("Santa: search the creature deck"),
    "SEARCH_BOTTOM": N_("Santa: search the creature deck's bottom"),
    # i18n: Santa's start-of-turn search after Midnight: it finds nothing but scores (any source)
    MIDNIGHT_SEARCH: N_("Santa: discard 2 presents for +1 point"),
}
BUTTON_STYLE = {
    "craft": discord.ButtonStyle.primary,
    "summon": discord.ButtonStyle.primary,
    "end_turn": discord.ButtonStyle.success,
    "react": discord.ButtonStyle.success,
    "abandon": discord.ButtonStyle.danger,
}
HOME = "home"
_DRAFT = re.compile(r"f(?P<kiddo>K\d{2})\.(?P<mask>\d{1,18})|g(?P<group>[A-Z_]{1,30})")


def kind_of(code: str) -> str:
    return code.split(".", 1)[0]


def group_of(code: str) -> str | None:
    """The creature a targeted choice belongs to (None for other choices)."""
    kind, *rest = code.split(".")
    if kind == "play_on":
        return rest[0]
    if kind == "search":
        return f"SEARCH_{rest[1]}"
    if kind in ("krampus", "mrs_claus", "befana"):
        return kind.upper()
    return None


def choice_group(view: NoNView, code: str) -> str | None:
    """`group_of`, with Santa's searches after Midnight in one group (every source scores alike)."""
    group = group_of(code)
    if group is not None and group.startswith("SEARCH_") and view.midnight_revealed:
        return MIDNIGHT_SEARCH
    return group


def craft_sources(view: NoNView) -> str:
    """Where a Craft may take presents from now: "both", "deck" (the offer row is empty) or
    "offer" (the present deck and its discard pile are empty)."""
    if not (view.present_deck_size or view.present_discard):
        return "offer"
    return "both" if view.offer else "deck"


def nothing_to_craft(view: NoNView) -> bool:
    """A Craft would take nothing: the present deck, its discard pile and the offer row are empty
    (legal all the same: a pass)."""
    return not (view.present_deck_size or view.present_discard or view.offer)


# -- the table ------------------------------------------------------------------------------------
def table_choices(view: NoNView) -> list[tuple[str, str]]:
    """(code, label) of the choices shown on the table, from public facts only."""
    if view.over or not view.to_decide:
        return []
    if view.phase == "giver_choice":
        taken = {p.giver for p in view.players}
        return [(f"giver.{g.value}", _(GIVERS[g].name)) for g in Giver if g not in taken]
    if view.phase == "turn":
        if view.basic_taken is None:
            craft = (
                _("Pass (nothing left to craft)") if nothing_to_craft(view) else _(BASIC_NAMES[Basic.CRAFT])
            )
            basics = [("craft", craft)]
            if view.uses_creatures:  # (labelled as in the private message: `games.naughty_or_nice.views`)
                summon = (
                    _("Summon (+1 point after Midnight)")
                    if view.midnight_revealed
                    else _(BASIC_NAMES[Basic.SUMMON])
                )
                basics.append(("summon", summon))
            return basics
        return [("end_turn", _("End turn"))]
    if view.phase == "craft":
        picks = []
        if view.present_deck_size or view.present_discard:
            picks.append(("take.-1", _("Draw from the deck")))
        for card in view.offer:  # (two alike in the row: one button, the same outcome)
            label = _("Take {present} ({colour})", present=_(card.name), colour=_(COLOUR_NAMES[card.colour]))
            if all(label != shown for _code, shown in picks):
                picks.append((f"take.{card.index}", label))
        return picks
    return []


def table_components(view: NoNView, ctx: TableContext) -> list[discord.ui.Item]:
    choices = table_choices(view)
    if not choices:
        return []
    g, d = ctx.game_id, ctx.decision
    if view.phase == "giver_choice":
        options = [
            discord.SelectOption(
                label=label,
                value=code,
                description=giver_description(Giver(code.split(".")[1]), view.uses_abilities)[:100],
            )
            for code, label in choices
        ]
        return [
            ActionSelect(
                g, d, "giver", options, placeholder=_("{name}: your giver", name=ctx.name(view.to_decide[0]))
            )
        ]
    emoji: dict[str, str | None] = {"take.-1": None}
    items: list[discord.ui.Item] = []
    for code, label in choices:
        if view.phase == "craft" and code != "take.-1":
            card = view.offer[int(code.split(".")[1])]
            emoji[code] = COLOUR_EMOJI[card.colour]
        items.append(
            ActionButton(
                g,
                d,
                code,
                label=label[:80],
                style=BUTTON_STYLE.get(kind_of(code), discord.ButtonStyle.secondary),
                emoji=emoji.get(code),
            )
        )
    return items


def giver_description(giver: Giver, abilities: bool) -> str:
    info = GIVERS[giver]
    preferred = translated(names_and([present_type_name(p) for p in info.preferred]))
    text = _("Likes {presents}.", presents=preferred)
    return f"{text} {_(info.ability)}" if abilities else text


# -- drafts ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Draft:
    """A half-made choice on the private message; anything unknown or illegal is dropped."""

    kiddo: str | None = None
    mask: int = 0
    group: str | None = None

    @classmethod
    def parse(cls, text: str | None, view: NoNView) -> Draft:
        match = _DRAFT.fullmatch(text or "")
        fixed = fixed_kiddo(view)
        if match is None:
            return cls(kiddo=fixed)
        if match["group"] is not None:
            groups = {choice_group(view, c.code) for c in view.choices}
            return cls(kiddo=fixed, group=match["group"]) if match["group"] in groups else cls(kiddo=fixed)
        kiddo, mask = match["kiddo"], int(match["mask"])
        if kiddo not in fulfil_targets(view):
            return cls(kiddo=fixed)
        if mask >= 1 << len(view.presents):
            mask = 0
        return cls(kiddo=kiddo, mask=mask)


def fixed_kiddo(view: NoNView) -> str | None:
    """The kiddo of a Fulfill in progress (after a Caga Tió), if it is this seat's."""
    if view.phase == "fulfil" and view.fulfil is not None and view.fulfil.seat == view.seat:
        return view.fulfil.kiddo.id
    return None


def fulfil_targets(view: NoNView) -> list[str]:
    """The kiddos this seat may try to fulfil now (a Fulfill is one of its choices right now)."""
    if view.seat is None or view.seat not in view.to_decide:
        return []
    fixed = fixed_kiddo(view)
    if fixed is not None:
        return [fixed]
    own_turn = view.phase == "turn" and view.active_seat == view.seat and view.basic_taken is None
    extra = view.phase == "extra_basic" and view.extra_basic in (None, "FULFIL")
    return [k.id for k in view.playground] if own_turn or extra else []


def draft_code(kiddo: str, mask: int) -> str:
    return f"f{kiddo}.{mask}"


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
        options = [discord.SelectOption(label=choice_label(c, ctx)[:100], value=c.code) for c in direct]
        items.append(ActionSelect(g, d, "choose", options[:25], placeholder=_("Choose..."), row=0))
    kiddos = [k for k in view.playground if k.id in fulfil_targets(view)]
    if kiddos:
        options = [
            discord.SelectOption(
                label=kiddo_label(k)[:100],
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
                label=_(GROUP_TEXT.get(name, name))[:100], value=f"g{name}", default=name == chosen
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
                label=label(c, ctx)[:100], value=c.code, description=nothing_to_steal(view, c)
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
        label=choice_label(choice, ctx)[:80],
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
            discord.SelectOption(label=kiddo_label(k)[:100], value=draft_code(k.id, 0), default=k.id == kiddo)
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
                label=choice_label(c, ctx)[:100],
                value=c.code,
                description=hopeless[:100] if c.code in view.dead_ends else None,
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
            label=ngettext(
                "Fulfill {name} with {n} present", "Fulfill {name} with {n} presents", given, name=name
            )[:80],
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
