"""Words for Christmas Tree cards and objectives, in the reader's language (no rules here).

Cells are shown as the numbers 1-21 drawn on the pictures (`board.cell_number`). The names of
cards, cells and facings are the rules' (`games.christmas_tree.words`), translated here.
"""

from __future__ import annotations

from bot.i18n import N_, _, ngettext, translated
from bot.render.base import fitted
from games.christmas_tree.models import PendingTurn
from games.christmas_tree.objectives import OBJECTIVES
from games.christmas_tree.words import card_words, cell_words, facing_words, wishes_words

#: What each objective card asks, `{points}` from its data (per card, or per formation).
RULE_TEXT: dict[str, str] = {
    # i18n: an objective card's rule, as short as a phone allows. "the most: +6, second most: +3"
    # are the extra points for the players with the most and second most such cards
    "O01": N_("{points} per red ornament; the most: +6, second most: +3."),
    "O02": N_("{points} per yellow ornament; the most: +6, second most: +3."),
    "O03": N_("{points} per blue ornament; the most: +6, second most: +3."),
    "O04": N_("{points} per star ornament; the most: +6, second most: +3."),
    "O05": N_("{points} per ball ornament; the most: +6, second most: +3."),
    "O06": N_("{points} per oval ornament; the most: +6, second most: +3."),
    "O07": N_("{points} per wrapped candy; the most: +6, second most: +3."),
    "O08": N_("{points} per gingerbread; the most: +6, second most: +3."),
    "O09": N_("{points} per complete red bulb."),
    "O10": N_("{points} per complete yellow bulb."),
    "O11": N_("{points} per complete blue bulb."),
    "O12": N_("{points} per three ornaments of three different colours in one row."),
    "O13": N_("{points} per three ornaments of three different shapes in one row."),
    "O14": N_("{points} per row whose two end ornaments have the same colour and shape."),
    "O15": N_("{points} per pair side by side in a row with the same colour and shape."),
    "O16": N_("{points} per pair touching down to the right with the same colour and shape."),
    "O17": N_("{points} per pair touching down to the left with the same colour and shape."),
    "O18": N_("{points} per pair of a candy and a gingerbread side by side in a row."),
    "O19": N_("{points} per three ornaments in a branch down to the right with the same colour."),
    "O20": N_("{points} per three ornaments in a branch down to the left with the same shape."),
    "O21": N_("{points} per row (3+ cells) worth at least as many snowflakes as it has cells."),
    "O22": N_("{points} per pair of a candy and a gingerbread one above the other."),
    "O23": N_("{points} per three ornaments in a roof shape with the same colour."),
    "O24": N_("{points} per three ornaments in a cup shape with the same shape."),
    "O25": N_("{points} per four ornaments in a diamond with the same snowflake value."),
    "O26": N_("{points} per four ornaments in a row with the same snowflake value."),
    "O27": N_("{points} per chain of touching ornaments worth 0, 1 and 2 snowflakes."),
    "O28": N_("{points} per card with complete bulbs on two opposite sides."),
    "O29": N_("{points} per card with complete bulbs on two neighbouring sides."),
    "O30": N_("{points} per branch (3+ cells) worth at least as many snowflakes as it has cells."),
}
#: A Place button's label: by "then cookies" for a card with one way to face (a candy); by the
#: rotation and "then cookies" for the others.
PLACE_LABELS = {False: N_("Place"), True: N_("Place, then cookies")}
PLACE_FACING_LABELS = {
    (0, False): N_("Place upright"),
    (180, False): N_("Place upside down"),
    (0, True): N_("Place upright, then cookies"),
    (180, True): N_("Place upside down, then cookies"),
}


def objective_rule(code: str) -> str:
    """`1 per red ornament; the most: +6, second most: +3.`"""
    return _(RULE_TEXT[code], points=OBJECTIVES[code].points)


def objective_name(code: str) -> str:
    return _(OBJECTIVES[code].name)


def objective_text(code: str) -> str:
    """`Red Collection: 1 per red ornament; the most: +6, second most: +3.`"""
    return f"{objective_name(code)}: {objective_rule(code)}"


def short_card(code: str) -> str:
    """A card in a few words for a select label: `red ball 1❄`, `candy 4❄`, `gingerbread`."""
    return translated(card_words(code))


def wishes_text(code: str) -> str | None:
    """A gingerbread's wishes for a select option's description (None for other cards)."""
    wishes = wishes_words(code)
    return fitted(translated(wishes)) if wishes is not None else None


def cell_text(cell: int) -> str:
    """`cell 7`."""
    return translated(cell_words(cell))


def rotation_text(rotation: int) -> str:
    return translated(facing_words(rotation))


def place_label(rotation: int, ways: int, cookies: bool = False) -> str:
    """A Place button: `Place upright`, `Place upside down, then cookies`; just `Place` for a card
    with one way to face (a candy)."""
    if ways < 2:
        return _(PLACE_LABELS[cookies])
    return _(PLACE_FACING_LABELS[(180 if rotation == 180 else 0, cookies)])


def points(count: int) -> str:
    return ngettext("{n} point", "{n} points", count)


def placed_at(pending: PendingTurn) -> int:
    """The cell the seat's new card is on once its planned swaps are made (a swap moves it)."""
    cell = pending.cell
    for op in pending.cookies:
        if op.op == "swap" and op.b is not None and cell in (op.a, op.b):
            cell = op.b if cell == op.a else op.a
    return cell
