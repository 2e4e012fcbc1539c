"""Words for Christmas Tree cards and objectives, from the game's data tables (no rules here).

Cells are shown as the numbers 1-21 drawn on the pictures (`board.cell_number`).
"""

from __future__ import annotations

from games.christmas_tree.board import cell_number
from games.christmas_tree.data import CARDS, Kind
from games.christmas_tree.objectives import OBJECTIVES, Objective, ObjectiveType

SNOWFLAKE = "\N{SNOWFLAKE}"

#: What each objective type asks, with `{x}` for the objective's own parameter.
TYPE_TEXT: dict[ObjectiveType, str] = {
    ObjectiveType.MAJORITY: "{per} per {x}; the most: +6, second most: +3.",
    ObjectiveType.BULB_COLOUR: "3 per complete {x} bulb.",
    ObjectiveType.ROW_SET: "6 per three ornaments of three different {x}s in one row.",
    ObjectiveType.ROW_ENDS: "5 per row whose two end ornaments have the same colour and shape.",
    ObjectiveType.TWINS: "4 per pair {x} with the same colour and shape.",
    ObjectiveType.SWEETS: "6 per candy and gingerbread {x}.",
    ObjectiveType.TRIPLE: "6 per three ornaments {x} with the same {attr}.",
    ObjectiveType.SNOWFLAKE: "8 per four ornaments {x} with the same snowflake value.",
    ObjectiveType.CHAIN: "6 per chain of touching ornaments worth 0, 1 and 2 snowflakes.",
    ObjectiveType.BULB_PAIR: "4 per card with complete bulbs on two {x} sides.",
    ObjectiveType.LINE_SUM: (
        "5 per {x} whose ornaments are worth at least as many snowflakes as it has cells."
    ),
}
PATTERN_TEXT = {
    "H2": "side by side in a row",
    "V2": "one above the other",
    "D2SE": "touching down to the right",
    "D2SW": "touching down to the left",
    "D3SE": "in a branch down to the right",
    "D3SW": "in a branch down to the left",
    "ROOF": "in a roof shape",
    "CUP": "in a cup shape",
    "DIAMOND4": "in a diamond",
    "ROW4": "in a row",
}
SIDE_PAIR_TEXT = {"STRAIGHT": "opposite", "BEND": "neighbouring"}
LINE_TEXT = {"ROWS": "row", "BRANCHES": "branch"}


def _parameter(objective: Objective) -> str:
    if objective.type == ObjectiveType.MAJORITY and objective.match is not None:
        return {"candy": "wrapped candy", "gingerbread": "gingerbread"}.get(
            str(objective.match[1]), f"{objective.match[1]} ornament"
        )
    if objective.colour:
        return objective.colour
    if objective.side_pairs:
        return SIDE_PAIR_TEXT.get(objective.side_pairs, objective.side_pairs)
    if objective.lines:
        return LINE_TEXT.get(objective.lines, objective.lines)
    if objective.pattern:
        return PATTERN_TEXT.get(objective.pattern, objective.pattern)
    return objective.attribute or ""


def objective_rule(code: str) -> str:
    """`1 per red ornament; the most: +6, second most: +3.`"""
    objective = OBJECTIVES[code]
    return TYPE_TEXT[objective.type].format(
        x=_parameter(objective), per=objective.points, attr=objective.attribute or ""
    )


def objective_text(code: str) -> str:
    """`Red Collection: 1 per red ornament; the most: +6, second most: +3.`"""
    return f"{OBJECTIVES[code].name}: {objective_rule(code)}"


def objective_name(code: str) -> str:
    return OBJECTIVES[code].name


def short_card(code: str) -> str:
    """A card in a few words for a select label: `red ball 1❄`, `candy 4❄`, `gingerbread`."""
    card = CARDS[code]
    if card.kind == Kind.GLASS:
        return f"{card.colour} {card.shape} {card.value}{SNOWFLAKE}"
    if card.kind == Kind.CANDY:
        return f"candy {card.value}{SNOWFLAKE}"
    return "gingerbread"


def cell_text(cell: int) -> str:
    return f"cell {cell_number(cell)}"


def rotation_text(rotation: int) -> str:
    return "upright" if rotation == 0 else "upside down"


def place_label(rotation: int, ways: int, cookies: bool = False) -> str:
    """A Place button: `Place upright`, `Place upside down, then cookies`; just `Place` for a card
    with one way to face (a candy)."""
    label = "Place" if ways < 2 else f"Place {rotation_text(rotation)}"
    return label + (", then cookies" if cookies else "")


def points(count: int) -> str:
    return "1 point" if count == 1 else f"{count} points"
