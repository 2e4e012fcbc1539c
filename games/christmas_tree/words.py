"""Christmas Tree's words as players read them: cards, cells, facings, seats and lists, each a
`Words` (`games.core.words`) so the bot can show it in the reader's language (`bot.i18n.translated`).

Only the names live here; the sentences are in `events.py` (the log) and the bot's renderers.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.christmas_tree.board import cell_number
from games.christmas_tree.data import CARDS, Kind
from games.christmas_tree.objectives import OBJECTIVES
from games.core.words import N_, Words

SNOWFLAKE = "\N{SNOWFLAKE}"

GLASS_NAMES: dict[tuple[str | None, str | None], str] = {
    # i18n: a glass ornament: its colour and shape (nominative, no article: it is used as a label,
    # "rote Kugel 1❄"). The German edition calls the ornaments "Baumschmuck"; its bulbs "Lämpchen".
    ("red", "star"): N_("red star"),
    ("red", "ball"): N_("red ball"),
    ("red", "oval"): N_("red oval"),
    ("yellow", "star"): N_("yellow star"),
    ("yellow", "ball"): N_("yellow ball"),
    ("yellow", "oval"): N_("yellow oval"),
    ("blue", "star"): N_("blue star"),
    ("blue", "ball"): N_("blue ball"),
    ("blue", "oval"): N_("blue oval"),
}
# i18n: a wrapped candy card with its value in snowflakes ❄ (as a label: "candy 4❄")
CANDY_NAME = N_("candy {value}❄")
# i18n: a gingerbread card (as a label)
GINGERBREAD_NAME = N_("gingerbread")
#: A gingerbread's requirement symbols, each alone (its wishes: `wishes_words`).
SYMBOL_NAMES: dict[str, str] = {
    # i18n: what one side of a gingerbread asks of its neighbour there: a colour of glass ornament
    "red": N_("red"),
    "yellow": N_("yellow"),
    "blue": N_("blue"),
    # i18n: what one side of a gingerbread asks of its neighbour there: a shape of glass ornament
    "star": N_("star"),
    "ball": N_("ball"),
    "oval": N_("oval"),
    # i18n: what one side of a gingerbread asks of its neighbour there: a wrapped candy
    "candy": N_("candy"),
}
# i18n: a gingerbread's four wishes as it is dealt (upright), one per side, shown under its name
# in the card menu; the arrows point to the side: "upright it wants ↖ red · ↗ star · ↘ yellow · ↙ ball"
WISHES = N_("upright it wants ↖ {nw} · ↗ {ne} · ↘ {se} · ↙ {sw}")
# i18n: a cell of a player's tree, numbered 1-21 on the pictures
CELL_NAME = N_("cell {n}")
UPRIGHT, UPSIDE_DOWN = N_("upright"), N_("upside down")
# i18n: the third tree of a 2-player game, which nobody owns
NEUTRAL_TREE = N_("the neutral tree")
# i18n: the neutral tree at the start of a sentence
NEUTRAL_TREE_SUBJECT = N_("The neutral tree")
# i18n: whose objective it is, when nobody owns it (Family: objectives drawn for the table)
THE_TABLE = N_("the table")


def card_words(code: str) -> Words:
    """A card as players know it, never its code: `red ball 1❄`, `candy 4❄`, `gingerbread`."""
    card = CARDS[code]
    if card.kind == Kind.GLASS:
        name = Words(GLASS_NAMES[(card.colour, card.shape)])
        return Words("{card} {value}" + SNOWFLAKE, card=name, value=card.value)
    if card.kind == Kind.CANDY:
        return Words(CANDY_NAME, value=card.value)
    return Words(GINGERBREAD_NAME)


def wishes_words(code: str) -> Words | None:
    """A gingerbread's wishes, upright (what each side's neighbour must be: spec 2.5, 8), or None
    for any other card: "upright it wants ↖ red · ↗ star · ↘ yellow · ↙ ball"."""
    card = CARDS[code]
    if card.kind != Kind.GINGERBREAD:
        return None
    nw, ne, se, sw = (Words(SYMBOL_NAMES[str(side)]) for side in card.sides)
    return Words(WISHES, nw=nw, ne=ne, se=se, sw=sw)


def cell_words(cell: int) -> Words:
    """`cell 7`: the number drawn on the pictures (`board.cell_number`)."""
    return Words(CELL_NAME, n=cell_number(cell))


def facing_words(rotation: int | None) -> Words:
    return Words(UPSIDE_DOWN if rotation == 180 else UPRIGHT)


def objective_words(code: str) -> Words:
    """An objective as players know it: its name (never its card code)."""
    return Words(OBJECTIVES[code].name)


def seat_words(names: Sequence[str], seat: int | None, *, subject: bool = False) -> str | Words:
    """The seat's name; seats past the players' names are the neutral tree (spec 9), `None` the
    table. `subject`: as a sentence starts (`The neutral tree`). Players' names are never looked up."""
    if seat is not None and 0 <= seat < len(names):
        return names[seat]
    if seat is None:
        return Words(THE_TABLE)
    return Words(NEUTRAL_TREE_SUBJECT if subject else NEUTRAL_TREE)
