"""Naughty or Nice's words as players read them: presents, creatures, kiddos, gift givers, colours,
symbols and lists, each a `Words` (`games.core.words`) so the bot can show it in the reader's
language (`bot.i18n.translated`). The names themselves are marked in `data.py`; the sentences are
in the `events*.py` modules and the engines' refusals."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from games.core.words import N_, Words, listing
from games.naughty_or_nice.data import (
    CREATURE_OF,
    CREATURES,
    KIDDOS,
    PRESENT_TYPE_OF,
    PRESENTS,
    Basic,
    Colour,
    Creature,
    Giver,
    PresentType,
    Symbol,
)
from games.naughty_or_nice.givers import GIVERS

COLOUR_NAMES: dict[Colour, str] = {
    # i18n: a present colour, as a label ("red ×2") and in "a red slot" (lower case)
    Colour.RED: N_("red"),
    Colour.BLUE: N_("blue"),
    Colour.BLACK: N_("black"),
    Colour.GREEN: N_("green"),
}
SYMBOL_NAMES: dict[Symbol, str] = {
    # i18n: the set symbol printed on a kiddo card (a label: "Amara (Star, 2 presents)")
    Symbol.STAR: N_("Star"),
    Symbol.HEART: N_("Heart"),
    Symbol.MOON: N_("Moon"),
    Symbol.BELL: N_("Bell"),
    Symbol.SNOWFLAKE: N_("Snowflake"),
}
BASIC_NAMES: dict[Basic, str] = {
    # i18n: the three basic actions of a turn (also button labels): make presents, call a creature,
    # give presents to a kiddo
    Basic.CRAFT: N_("Craft"),
    Basic.SUMMON: N_("Summon"),
    Basic.FULFIL: N_("Fulfill"),
}
# i18n: the card that ends the game when it is drawn
MIDNIGHT = N_("Midnight")
NOTHING = N_("nothing")


def present_words(card: str) -> Words:
    """`Stockings`: a present card by its type's name."""
    return Words(PRESENTS[PRESENT_TYPE_OF[card]].name)


def present_type_words(present: PresentType) -> Words:
    return Words(PRESENTS[present].name)


def presents_words(cards: Sequence[str]) -> Words:
    """`Stockings, Cap`, or `nothing`."""
    return listing([present_words(card) for card in cards]) if cards else Words(NOTHING)


def creature_words(card: str) -> Words:
    """A creature card by its name (a Midnight card drawn among them: `Midnight`)."""
    if card not in CREATURE_OF:
        return Words(MIDNIGHT)
    return Words(CREATURES[CREATURE_OF[card]].name)


def creature_kind_words(creature: Creature) -> Words:
    return Words(CREATURES[creature].name)


def giver_words(giver: Giver) -> Words:
    return Words(GIVERS[giver].name)


def kiddo_name_words(card: str) -> Words:
    """`Amara`: only the kiddo's name."""
    return Words(KIDDOS[card].name)


def kiddo_words(card: str) -> Words:
    """`Amara (Star, 2 presents)`: the name, the set symbol and how many presents they wish for."""
    info = KIDDOS[card]
    return Words(
        # i18n: a kiddo card: name, set symbol, how many presents the kiddo wishes for (2 to 5)
        N_("{name} ({symbol}, {n} presents)"),
        name=Words(info.name),
        symbol=symbol_words(info.symbol),
        n=len(info.colours),
    )


def colour_words(colour: Colour | str) -> Words:
    return Words(COLOUR_NAMES[Colour(colour)])


def colours_words(counter: Counter[Colour]) -> Words | str:
    """`red ×2, blue` (empty: "")."""
    items = [
        Words("{colour} ×{n}", colour=colour_words(colour), n=n) if n > 1 else colour_words(colour)
        for colour, n in counter.items()
    ]
    return listing(items) if items else ""


def symbol_words(symbol: Symbol) -> Words:
    return Words(SYMBOL_NAMES[symbol])


def basic_words(basic: Basic | str) -> Words:
    return Words(BASIC_NAMES[Basic(basic)])


def count_words(n: int, one: str, many: str, **values: object) -> Words:
    """`one` (a marked text for exactly 1) or `many`, `{n}` filled in (English, German and
    Hungarian all set 1 apart; Hungarian translates both alike)."""
    return Words(one if n == 1 else many, n=n, **values)


def choice_words(template: str, values: Mapping[str, int | str | list[str]], names: Sequence[str]) -> Words:
    """A `viewmodels.Choice`'s label (its `template` and `values`) as `Words`: str values are
    marked names, lists are lists of them, `player` is a seat named from `names`."""
    said: dict[str, object] = {}
    for key, value in values.items():
        if key == "player" and isinstance(value, int):
            said[key] = names[value] if 0 <= value < len(names) else str(value)
        elif isinstance(value, list):
            said[key] = listing([Words(item) for item in value])
        elif isinstance(value, str):
            said[key] = Words(value)
        else:
            said[key] = value
    return Words(template, **said)
