"""Naughty or Nice: what a private message says of its choices beyond their labels. Choices the
player cannot tell apart are offered once (`distinct`); a kiddo the hand can fulfil, and a steal
that would find nothing, are marked (`fulfil_hint`, `nothing_to_steal`). Views only, no Discord."""

from __future__ import annotations

from collections.abc import Iterable

from bot.i18n import _
from games.naughty_or_nice.data import CREATURES, Creature
from games.naughty_or_nice.viewmodels import Choice, NoNView


def sameness(choice: Choice) -> tuple[str, tuple[tuple[str, object], ...]]:
    """What the player can tell of a choice: its words over its cards, in any order. Two choices
    alike in this are one outcome (cards of a type are alike)."""
    values = ((k, tuple(sorted(v)) if isinstance(v, list) else v) for k, v in choice.values.items())
    return choice.template or choice.code, tuple(sorted(values))


def distinct(choices: Iterable[Choice]) -> list[Choice]:
    """The first of each choice the player cannot tell apart from another (`sameness`): two Beigli
    revealed to the Elves, Papa Wolverine's "Take Sleigh" from either of two Sleighs, a matching set
    made of either of two alike presents are each offered once."""
    seen: set[tuple[str, tuple[tuple[str, object], ...]]] = set()
    kept = []
    for choice in choices:
        if (key := sameness(choice)) not in seen:
            seen.add(key)
            kept.append(choice)
    return kept


def nothing_to_steal(view: NoNView, choice: Choice) -> str | None:
    """A steal aimed at a player with nothing of that kind in hand (public counts): it would take
    nothing (legal: the creature's points are kept)."""
    kind, *rest = choice.code.split(".")
    if kind != "play_on" or len(rest) != 2 or not rest[1].isdigit():
        return None
    creature, seat = rest[0], int(rest[1])
    player = next((p for p in view.players if p.seat == seat), None)
    if player is None:
        return None
    if creature == Creature.MARI_LWYD.value and not player.creatures_count:
        return _("No creature in hand: nothing to steal")
    if creature == Creature.CRINGE.value and not player.presents_count:
        return _("No present in hand: nothing to steal")
    return None


def fulfil_hint(view: NoNView, kiddo: str) -> str | None:
    """Whether the hand can fulfill `kiddo` now (with its Caga Tiós, if it takes them)."""
    if kiddo in view.fulfillable:
        return _("Your hand can fulfill this wish")
    if kiddo in view.fulfillable_with_caga:
        return _("Your hand can fulfill this wish with {caga}", caga=_(CREATURES[Creature.CAGA_TIO].name))
    return None
