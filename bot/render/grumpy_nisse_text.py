"""Text pieces of The Grumpy Nisse on Discord: cards by their names with their suit colour (never
their internal codes), the draft grid and dice and the event lines, from `GNView` parts only, in
the language drawn in now (`bot.i18n`; the rules' names and event lines through their `Words`)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import N_, _, current, translations
from bot.render.base import fitted, left_out
from games.core import Event
from games.grumpy_nisse import words as rule_words
from games.grumpy_nisse.data import EFFECTS, ROLE_NAMES, SUITS, Role, value_of
from games.grumpy_nisse.events import TrickWon
from games.grumpy_nisse.models import TrickRecord
from games.grumpy_nisse.view_models import DieView, GNView

#: A picture of each suit's thing, told apart by its shape (coloured circles were told apart by
#: colour alone: orange, red and green are what red-green colour-blind players mix up; the track
#: picture draws the same things, in the suits' colours of spec 2.1).
SUIT_EMOJI = {
    "P": "\N{EVERGREEN TREE}",  # (where pinecones grow: none in Unicode)
    "L": "\N{LEAF FLUTTERING IN WIND}",
    "F": "\N{HIBISCUS}",
    "M": "\N{MUSHROOM}",
}
NO_TRUMP = "\N{LARGE PURPLE CIRCLE}"
ROLE_EMOJI = {Role.VIOLET: "\N{BLOSSOM}", Role.TORECH: "\N{JAPANESE OGRE}"}
ROLE_GOAL = {
    # i18n: Ordep is the place Violet must reach (a name: keep it)
    Role.VIOLET: N_(
        "Move the pawn to space 18 and win one more trick there to reach **Ordep** before the end "
        "of round 2. Every trick you win moves the pawn one space."
    ),
    Role.TORECH: N_(
        "Stop Violet: win if round 2 ends before she reaches Ordep, or win **3 tricks on space 11** "
        "(your devilish plan). Your wins never move the pawn."
    ),
}
DIE = "\N{GAME DIE}"
# i18n: the game's name, kept as it is in every language (it is what /play lists); in running
# text the nisse is translated (German "Wichtel", Hungarian "manó")
GAME_NAME = N_("The Grumpy Nisse")


def words() -> rule_words.Words:
    """The rules' texts in the language drawn in now (`games.grumpy_nisse.words`)."""
    return translations(current())


def role_name(role: Role) -> str:
    return _(ROLE_NAMES[role])


def who(view: GNView, names: Sequence[str], seat: int) -> str:
    """ "**Dasher** (Violet)"."""
    role = view.players[seat].role
    name = names[seat] if 0 <= seat < len(names) else _("seat {n}", n=seat + 1)
    return f"**{name}** ({role_name(role)})"


def card_name(code: str) -> str:
    """ "Flowers 5" in the reader's language (never the internal code)."""
    return rule_words.card_name(code, words())


def effect_label(card: str) -> str:
    label = EFFECTS[value_of(card)].label
    return _(label) if label else ""


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
    effect = f"{_(info.label)}: {_(info.text)}" if info.label else _("no effect")
    return f"{SUIT_EMOJI[code[0]]} **{card_name(code)}** - {effect}"


def cards(codes: Sequence[str], empty: str | None = None) -> str:
    """Cards by name, or `empty` ("none")."""
    return ", ".join(card(c) for c in codes) if codes else (empty or _("none"))


def by_suit(codes: Sequence[str], empty: str | None = None) -> str:
    """ "🟠 2 5 9 · 🟢 1 3": a set of cards, compact, suit by suit (or `empty`: "none")."""
    parts = []
    for info in SUITS.values():
        values = sorted(value_of(c) for c in codes if c[0] == info.letter)
        if values:
            parts.append(f"{SUIT_EMOJI[info.letter]} {' '.join(map(str, values))}")
    return " \N{MIDDLE DOT} ".join(parts) if parts else (empty or _("none"))


def trump_text(trump: object) -> str:
    if trump is None:
        return NO_TRUMP + " " + _("no trump")
    info = SUITS[trump]  # type: ignore[index]
    return f"{SUIT_EMOJI[info.letter]} " + _("trump **{suit}**", suit=_(info.name))


# -- the draft ----------------------------------------------------------------------------------
def dice_line(dice: Sequence[DieView]) -> str:
    """ "🎲 3 (row 3) · 🎲 6 (any card)": the dice not used yet."""
    parts = [
        f"{DIE} {die.value} ({where})"
        for die in dice
        if not die.used
        for where in [_("any card") if die.wild else _("row {row}", row=die.row)]
    ]
    return " \N{MIDDLE DOT} ".join(parts) or _("no dice")


def grid_text(grid: Sequence[Sequence[str | None]]) -> str:
    """One line per row: its number, then its cards as "🟢7" (taken slots left out)."""
    lines = []
    for number, row in enumerate(grid, start=1):
        slots = " ".join(f"{SUIT_EMOJI[c[0]]}{value_of(c)}" for c in row if c)
        lines.append(f"`{number}` {slots}")
    return "\n".join(lines) or _("empty")


# -- what just happened -------------------------------------------------------------------------
#: Events the table does not repeat: the headline or the trick line already says them (a played
#: card, the game's end), or they are bookkeeping (the refill, a Spy's end).
TABLE_QUIET = frozenset({"card_played", "hands_refilled", "spy_ended", "game_over", "dice_rolled"})


def table_events(events: Sequence[Event]) -> list[Event]:
    return [event for event in events if event.kind not in TABLE_QUIET]


def describe(event: Event, names: Sequence[str], reader: int | None = None) -> str:
    """An event's line in the reader's language (every Grumpy Nisse event takes the `Words`), as
    seat `reader` reads it in private when the event says so (`describe_to`: "your hand")."""
    speak_to = getattr(event, "describe_to", None)
    if reader is not None and speak_to is not None:
        return str(speak_to(names, words(), reader))
    speak = getattr(event, "describe")  # noqa: B009 - the base Event's describe takes no words
    return str(speak(names, words()))


def trick_result(trick: TrickRecord, names: Sequence[str], reader: int | None = None) -> str:
    """A played trick's outcome in one line, as the table's news said it ("Dasher wins the
    trick: Leaves 5 beats Leaves 4 (...)", with the dice of a 3); as seat `reader` reads it in
    private ("You win the trick: ...")."""
    return describe(TrickWon(**trick.model_dump(include=set(TrickWon.model_fields))), names, reader)


def event_block(
    events: Sequence[Event],
    names: Sequence[str],
    limit: int = 1024,
    lines: int = 6,
    reader: int | None = None,
) -> str:
    """The events as "- line"s (as seat `reader` reads them in private, if given): at most `lines`
    of them and `limit` characters, the newest kept."""
    shown = [f"- {describe(event, names, reader)}" for event in events]
    dropped = f"- {left_out()}"

    def fits(kept: int) -> bool:  # the newest `kept` lines, after `dropped` if some are left out
        room = limit - (len(dropped) + 1 if kept < len(shown) else 0)
        return kept <= lines and len("\n".join(shown[len(shown) - kept :])) <= room

    kept = len(shown)
    while kept and not fits(kept):
        kept -= 1
    newest = shown[len(shown) - kept :]
    return "\n".join([dropped, *newest] if kept < len(shown) else newest)[:limit]


def effect_short(code: str) -> str:
    """A card's effect in at most 100 characters (a select option's description)."""
    info = EFFECTS[value_of(code)]
    return fitted(f"{_(info.label)}: {_(info.text)}" if info.label else _(info.text))
