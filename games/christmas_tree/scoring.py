"""Reading a tree: what each side shows, complete bulbs, gingerbreads, card values (spec 3.6, 3.7, 7).

A tree is a sequence of 21 `Slot | None` (index = cell, `board.py`). The same functions score a
player's revealed tree and the preview of their pending turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from games.christmas_tree.board import ADJACENT, EDGES, NEIGHBOUR
from games.christmas_tree.data import (
    CARDS,
    GINGERBREAD_POINTS,
    POINTS_PER_COMPLETE_BULB,
    POINTS_PER_COOKIE,
    SYMBOL_MATCH,
    Card,
    Kind,
    opposite,
    shown_side,
)


class Slot(NamedTuple):
    """A placed card: its code and orientation (0 = as printed, 180 = upside down)."""

    card: str
    rotation: int


Tree = Sequence[Slot | None]


def shows(slot: Slot, board_side: int) -> str | None:
    """The bulb or symbol at `board_side` of a placed card (spec 3.6)."""
    return CARDS[slot.card].sides[shown_side(board_side, slot.rotation)]


def cards_of(tree: Tree) -> list[Card | None]:
    return [None if slot is None else CARDS[slot.card] for slot in tree]


def complete_bulbs(tree: Tree) -> list[tuple[int, str]]:
    """Spec 3.7: (edge index, colour) of every complete bulb: touching sides, same-colour bulbs."""
    found = []
    for edge, (a, side, b) in enumerate(EDGES):
        slot_a, slot_b = tree[a], tree[b]
        if slot_a is None or slot_b is None:
            continue
        if CARDS[slot_a.card].kind != Kind.GLASS or CARDS[slot_b.card].kind != Kind.GLASS:
            continue  # only glass ornaments carry bulbs (spec 13 #7)
        bulb = shows(slot_a, side)
        if bulb is not None and bulb == shows(slot_b, opposite(side)):
            found.append((edge, bulb))
    return found


def meets(requirement: str, card: Card | None) -> bool:
    """Spec 7: a colour or shape needs a glass ornament with it; `candy` needs a wrapped candy."""
    return card is not None and card.matches(SYMBOL_MATCH[requirement])


def gingerbread_correct(tree: Tree, cell: int) -> int:
    """How many sides of the gingerbread on `cell` have a correct neighbour (off-board: never)."""
    slot = tree[cell]
    assert slot is not None and CARDS[slot.card].kind == Kind.GINGERBREAD
    correct = 0
    for side, neighbour in enumerate(NEIGHBOUR[cell]):
        if neighbour is not None and tree[neighbour] is not None:
            requirement = shows(slot, side)
            assert requirement is not None
            correct += meets(requirement, CARDS[tree[neighbour].card])  # type: ignore[union-attr]
    return correct


def gingerbread_points(tree: Tree) -> list[tuple[int, int, int]]:
    """(cell, correct neighbours, points) of every gingerbread on the tree."""
    return [
        (cell, n, GINGERBREAD_POINTS[n])
        for cell, slot in enumerate(tree)
        if slot is not None and CARDS[slot.card].kind == Kind.GINGERBREAD
        for n in [gingerbread_correct(tree, cell)]
    ]


def card_values(tree: Tree) -> int:
    """Spec 7: glass (0-2) and candies (3-6); gingerbreads have no value of their own."""
    return sum(card.value for card in cards_of(tree) if card is not None)


class FinalParts(NamedTuple):
    card_values: int
    gingerbreads: int
    complete_bulbs: int
    bulbs: int
    cookies: int

    @property
    def total(self) -> int:
        return self.card_values + self.gingerbreads + self.bulbs + self.cookies


def final_parts(tree: Tree, cookies: int) -> FinalParts:
    """Spec 7, the final evaluation of one player's tree."""
    bulbs = len(complete_bulbs(tree))
    return FinalParts(
        card_values=card_values(tree),
        gingerbreads=sum(points for _, _, points in gingerbread_points(tree)),
        complete_bulbs=bulbs,
        bulbs=bulbs * POINTS_PER_COMPLETE_BULB,
        cookies=cookies * POINTS_PER_COOKIE,
    )


def free_cells(tree: Tree) -> list[int]:
    return [cell for cell, slot in enumerate(tree) if slot is None]


def placeable_cells(tree: Tree, adjacency: bool) -> list[int]:
    """Spec 6.1: a free cell; with the Advanced rule, next to a placed card unless the tree is empty."""
    free = free_cells(tree)
    if not adjacency or len(free) == len(tree):
        return free
    return [cell for cell in free if any(tree[n] is not None for n in ADJACENT[cell])]
