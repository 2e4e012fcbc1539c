"""Text pieces of The Grumpy Nisse on Discord: cards by their names with their suit colour (never
their internal codes), the draft grid and dice and the event lines, from `GNView` parts only."""

from __future__ import annotations

from collections.abc import Sequence

from games.core import Event
from games.grumpy_nisse.data import EFFECTS, SUITS, Role, card_name, value_of
from games.grumpy_nisse.view_models import DieView, GNView

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


def card(code: str) -> str:
    """ "🔴 Flowers 5": a card as players name it (never its internal code)."""
    return f"{SUIT_EMOJI[code[0]]} {card_name(code)}"


def card_long(code: str) -> str:
    """ "🔴 **Flowers 5** (Steadfast)"."""
    label = effect_label(code)
    return f"{SUIT_EMOJI[code[0]]} **{card_name(code)}**" + (f" ({label})" if label else "")


def card_effect(code: str) -> str:
    """ "🔴 **Flowers 5** - Steadfast: when led, ..." (a hand line)."""
    info = EFFECTS[value_of(code)]
    if not info.label:
        return f"{SUIT_EMOJI[code[0]]} **{card_name(code)}** - no effect"
    return f"{SUIT_EMOJI[code[0]]} **{card_name(code)}** - {info.label}: {info.text}"


def cards(codes: Sequence[str], empty: str = "none") -> str:
    return ", ".join(card(c) for c in codes) if codes else empty


def by_suit(codes: Sequence[str], empty: str = "none") -> str:
    """ "🟠 2 5 9 · 🟢 1 3": a set of cards, compact, suit by suit."""
    parts = []
    for info in SUITS.values():
        values = sorted(value_of(c) for c in codes if c[0] == info.letter)
        if values:
            parts.append(f"{SUIT_EMOJI[info.letter]} {' '.join(map(str, values))}")
    return " \N{MIDDLE DOT} ".join(parts) if parts else empty


def plural(count: int, word: str) -> str:
    """ "1 trick", "2 tricks"."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def trump_text(trump: object) -> str:
    if trump is None:
        return f"{NO_TRUMP} no trump"
    info = SUITS[trump]  # type: ignore[index]
    return f"{SUIT_EMOJI[info.letter]} trump **{info.name}**"


# -- the draft ----------------------------------------------------------------------------------
def dice_line(dice: Sequence[DieView]) -> str:
    """ "🎲 3 (row 3) · 🎲 6 (any card)": the dice not used yet."""
    parts = [
        f"{DIE} {die.value} ({'any card' if die.wild else f'row {die.row}'})" for die in dice if not die.used
    ]
    return " \N{MIDDLE DOT} ".join(parts) or "no dice"


def grid_text(grid: Sequence[Sequence[str | None]]) -> str:
    """One line per row: its number, then its cards as "🟢7" (taken slots left out)."""
    lines = []
    for number, row in enumerate(grid, start=1):
        slots = " ".join(f"{SUIT_EMOJI[c[0]]}{value_of(c)}" for c in row if c)
        lines.append(f"`{number}` {slots}")
    return "\n".join(lines) or "empty"


# -- what just happened -------------------------------------------------------------------------
#: Events the table does not repeat: the headline or the trick line already says them (a played
#: card, the game's end), or they are bookkeeping (the refill, a Spy's end).
TABLE_QUIET = frozenset({"card_played", "hands_refilled", "spy_ended", "game_over", "dice_rolled"})


def table_events(events: Sequence[Event]) -> list[Event]:
    return [event for event in events if event.kind not in TABLE_QUIET]


def event_block(events: Sequence[Event], names: Sequence[str], limit: int = 1024, lines: int = 6) -> str:
    """The events as "- line"s: at most `lines` of them and `limit` characters, the newest kept."""
    shown = [f"- {event.describe(names)}" for event in events]
    dropped = False
    while shown and (len(shown) > lines or len("\n".join(shown)) + (6 if dropped else 0) > limit):
        shown.pop(0)
        dropped = True
    if dropped:
        shown.insert(0, "- ...")
    return "\n".join(shown)[:limit]


def effect_short(code: str) -> str:
    """A card's effect in at most 100 characters (a select option's description)."""
    info = EFFECTS[value_of(code)]
    return (f"{info.label}: {info.text}" if info.label else "No effect.")[:100]
