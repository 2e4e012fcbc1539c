"""Naughty or Nice components: the table's public buttons, and the drafts (half-made choices)
the private message's choices carry (those are in `naughty_or_nice_private_components`).

The table carries only choices that reveal nothing (the gift giver choice, the active player's
Craft / Summon / End turn and the Craft picks). A draft is `f<kiddo>.<mask>` (a Fulfill under
way: the kiddo and the presents given so far) or `g<group>` (a creature with a target chosen,
its target not yet).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import discord

from bot.components import ActionButton, ActionSelect
from bot.i18n import N_, _, translated
from bot.render.base import TableContext, fitted
from bot.render.naughty_or_nice_text import (
    COLOUR_EMOJI,
    present_type_name,
)
from games.core.words import names_and
from games.naughty_or_nice.data import Basic, Giver
from games.naughty_or_nice.givers import GIVERS
from games.naughty_or_nice.viewmodels import NoNView
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
                description=fitted(giver_description(Giver(code.split(".")[1]), view.uses_abilities)),
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
                label=fitted(label, 80),
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
