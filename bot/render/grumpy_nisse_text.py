"""Text pieces of The Grumpy Nisse on Discord: cards with their suit colour, the draft grid and
dice, the track's events, the last trick and the event lines, from `GNView` parts only."""

from __future__ import annotations

from collections.abc import Sequence

from games.core import Event
from games.grumpy_nisse.data import EFFECTS, SUITS, Role, card_name, suit_of, value_of
from games.grumpy_nisse.models import TrickRecord
from games.grumpy_nisse.tricks import RULE_TEXT
from games.grumpy_nisse.view_models import DieView, GNView, SpaceView

#: A coloured circle per suit (the colours of spec 2.1; the track picture uses the same).
SUIT_EMOJI = {
    "P": "\N{LARGE ORANGE CIRCLE}",
    "L": "\N{LARGE GREEN CIRCLE}",
    "F": "\N{LARGE RED CIRCLE}",
    "M": "\N{LARGE BLUE CIRCLE}",
}
NO_TRUMP = "\N{LARGE PURPLE CIRCLE}"
ROLE_EMOJI = {Role.VIOLET: "\N{BLOSSOM}", Role.TORECH: "\N{JAPANESE OGRE}"}
ROLE_GOAL = {
    Role.VIOLET: (
        "Move the pawn to space 18 and win one more trick there to reach **Ordep** before the end "
        "of round 2. Every trick you win moves the pawn one space."
    ),
    Role.TORECH: (
        "Stop Violet: win if round 2 ends before she reaches Ordep, or win **3 tricks on space 11** "
        "(your devilish plan). Your wins never move the pawn."
    ),
}
DIE = "\N{GAME DIE}"


def role_name(role: Role) -> str:
    return role.value.title()


def who(view: GNView, names: Sequence[str], seat: int) -> str:
    """ "**Dasher** (Violet)"."""
    role = view.players[seat].role
    name = names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"
    return f"**{name}** ({role_name(role)})"


def effect_label(card: str) -> str:
    return EFFECTS[value_of(card)].label


def card(card: str) -> str:
    """ "🔴F5": short, for lists."""
    return f"{SUIT_EMOJI[card[0]]}{card}"


def card_long(code: str) -> str:
    """ "🔴 **F5** Flowers 5 (Steadfast)"."""
    label = effect_label(code)
    return f"{SUIT_EMOJI[code[0]]} **{code}** {card_name(code)}" + (f" ({label})" if label else "")


def card_effect(code: str) -> str:
    """ "🔴 **F5** Flowers 5 - Steadfast: when led, ..." (a hand line)."""
    info = EFFECTS[value_of(code)]
    if not info.label:
        return f"{SUIT_EMOJI[code[0]]} **{code}** {card_name(code)} - no effect"
    return f"{SUIT_EMOJI[code[0]]} **{code}** {card_name(code)} - {info.label}: {info.text}"


def cards(codes: Sequence[str], empty: str = "none") -> str:
    return " ".join(card(c) for c in codes) if codes else empty


def by_suit(codes: Sequence[str], empty: str = "none") -> str:
    """ "🟠 2 5 9 · 🟢 1 3": a set of cards, compact, suit by suit."""
    parts = []
    for info in SUITS.values():
        values = sorted(value_of(c) for c in codes if c[0] == info.letter)
        if values:
            parts.append(f"{SUIT_EMOJI[info.letter]} {' '.join(map(str, values))}")
    return " \N{MIDDLE DOT} ".join(parts) if parts else empty


def trump_text(trump: object) -> str:
    if trump is None:
        return f"{NO_TRUMP} no trump"
    info = SUITS[trump]  # type: ignore[index]
    return f"{SUIT_EMOJI[info.letter]} trump **{info.name}**"


def suit_trump_note(code: str, trump: object) -> str:
    return " (trump)" if trump is not None and suit_of(code) == trump else ""


# -- the draft ----------------------------------------------------------------------------------
def die_text(die: DieView) -> str:
    where = "wild: any card" if die.wild else f"row {die.row}"
    if die.used:
        return f"~~{DIE} {die.value}~~ used"
    return f"{DIE} **{die.value}** \N{RIGHTWARDS ARROW} {where}"


def dice_text(dice: Sequence[DieView]) -> str:
    return "\n".join(die_text(d) for d in dice) or "-"


def grid_text(grid: Sequence[Sequence[str | None]]) -> str:
    lines = []
    for number, row in enumerate(grid, start=1):
        slots = " ".join(card(c) if c else "\N{WHITE SMALL SQUARE}" for c in row)
        lines.append(f"`{number}` {slots}")
    return "\n".join(lines) or "empty"


# -- the track --------------------------------------------------------------------------------------
def space_text(view: GNView) -> str:
    space = view.track[view.pawn - 1]
    return f"Pawn on **space {view.pawn}** ({space.colour}): {trump_text(space.trump)}"


def events_text(track: Sequence[SpaceView]) -> str:
    """One line per track event with its state (public)."""
    lines: list[str] = []
    seen: dict[str, list[SpaceView]] = {}
    for space in track:
        if space.event is not None:
            seen.setdefault(space.event.value, []).append(space)
    for spaces in seen.values():
        first = spaces[0]
        where = ", ".join(str(s.space) for s in spaces)
        if first.event is not None and first.event.value == "PANIC":
            state = ", ".join(f"{s.space} {s.event_state}" for s in spaces)
        else:
            state = first.event_state or ""
        lines.append(f"\N{WHITE MEDIUM STAR} {first.event_name} ({where}): {state}")
    return "\n".join(lines)


def trick_text(trick: TrickRecord, view: GNView, names: Sequence[str]) -> str:
    follower = 1 - trick.leader
    dice = ""
    if trick.lead_dice:
        lead_total = value_of(trick.lead_card) + sum(trick.lead_dice)
        follow_total = value_of(trick.follow_card) + sum(trick.follow_dice)
        dice = (
            f" Dice: {'+'.join(map(str, trick.lead_dice))} = {lead_total} against "
            f"{'+'.join(map(str, trick.follow_dice))} = {follow_total}."
        )
    moved = ""
    if trick.pawn_to == 19:
        moved = " Violet reaches Ordep!"
    elif trick.pawn_to != trick.pawn_from:
        moved = f" Pawn {trick.pawn_from} \N{RIGHTWARDS ARROW} {trick.pawn_to}."
    return (
        f"Round {trick.round}, trick {trick.trick} on space {trick.space}: {who(view, names, trick.leader)} "
        f"led {card(trick.lead_card)}, {who(view, names, follower)} followed {card(trick.follow_card)}. "
        f"{who(view, names, trick.winner)} won: {RULE_TEXT[trick.rule]}.{dice}{moved}"
    )


def event_block(events: Sequence[Event], names: Sequence[str], limit: int = 1024) -> str:
    """The events as "- line"s, dropping the oldest lines until it fits in `limit` characters."""
    lines = [f"- {event.describe(names)}" for event in events]
    dropped = False
    while lines and len("\n".join(lines)) + (4 if dropped else 0) > limit:
        lines.pop(0)
        dropped = True
    if dropped:
        lines.insert(0, "- ...")
    return "\n".join(lines)[:limit]


def effects_legend() -> str:
    parts = [f"{value} {info.label}" for value, info in EFFECTS.items() if info.label]
    return "Card effects: " + " \N{MIDDLE DOT} ".join(parts) + " \N{MIDDLE DOT} 8, 9 none"
