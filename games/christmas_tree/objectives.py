"""The 30 objective cards as data and how each type is scored (spec 2.6 and section 8).

Every type except MAJORITY turns a tree into **instances** (bitmasks of resources: cells, or
complete bulbs for BULB_COLOUR and BULB_PAIR); the score is `points x` the largest number of
pairwise disjoint instances ("one ornament counts only once per objective", spec 8.2, 13 #12).
MAJORITY counts cards and adds the 6/3 bonus of spec 8.3. The type of a card picks its finder
from `FINDERS`; the card's parameters are data.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations
from typing import TypeGuard

from games.christmas_tree.board import (
    DIAG_DOWN_LEFT,
    DIAG_DOWN_RIGHT,
    EDGE_AT,
    OCCURRENCES,
    PATHS3,
    ROW_ENDS,
    ROWS,
    mask,
)
from games.christmas_tree.data import NE, NW, SE, SW, Card, Kind
from games.christmas_tree.scoring import Tree, cards_of, complete_bulbs
from games.core.words import N_


class ObjectiveType(StrEnum):
    MAJORITY = "MAJORITY"
    BULB_COLOUR = "BULB_COLOUR"
    ROW_SET = "ROW_SET"
    ROW_ENDS = "ROW_ENDS"
    LINE_SUM = "LINE_SUM"
    TWINS = "TWINS"
    SWEETS = "SWEETS"
    TRIPLE = "TRIPLE"
    SNOWFLAKE = "SNOWFLAKE"
    CHAIN = "CHAIN"
    BULB_PAIR = "BULB_PAIR"


@dataclass(frozen=True)
class Objective:
    """One objective card. `match` (MAJORITY): (attribute, value) a card must have; `attribute`:
    the shared or all-different attribute; `pattern`: a key of `board.PATTERNS`; `lines`: a key of
    `LINES`; `side_pairs`: a key of `SIDE_PAIRS`; `colour`: the bulb colour."""

    code: str
    name: str
    bells: int
    type: ObjectiveType
    points: int  # per instance, or per card for MAJORITY
    match: tuple[str, str] | None = None
    attribute: str | None = None
    pattern: str | None = None
    lines: str | None = None
    side_pairs: str | None = None
    colour: str | None = None


T = ObjectiveType
_OBJECTIVES = [
    # i18n: the names of the 30 objective cards. Their faces were lost with the rulebook's pictures,
    # so the names are the spec's, after the rulebook's types (COLLECTION, FORMATION, BULBPAIRS,
    # SNOWFLAKE FORMATION, RACE FOR THE GINGERBREADS): translated by what they ask, as short titles.
    Objective("O01", N_("Red Collection"), 1, T.MAJORITY, 1, match=("colour", "red")),
    Objective("O02", N_("Yellow Collection"), 1, T.MAJORITY, 1, match=("colour", "yellow")),
    Objective("O03", N_("Blue Collection"), 1, T.MAJORITY, 1, match=("colour", "blue")),
    Objective("O04", N_("Star Collection"), 1, T.MAJORITY, 1, match=("shape", "star")),
    Objective("O05", N_("Ball Collection"), 1, T.MAJORITY, 1, match=("shape", "ball")),
    Objective("O06", N_("Oval Collection"), 1, T.MAJORITY, 1, match=("shape", "oval")),
    Objective("O07", N_("Race for the Wrapped Candies"), 1, T.MAJORITY, 1, match=("kind", Kind.CANDY)),
    Objective("O08", N_("Race for the Gingerbreads"), 1, T.MAJORITY, 2, match=("kind", Kind.GINGERBREAD)),
    Objective("O09", N_("Red Lights"), 1, T.BULB_COLOUR, 3, colour="red"),
    Objective("O10", N_("Yellow Lights"), 1, T.BULB_COLOUR, 3, colour="yellow"),
    Objective("O11", N_("Blue Lights"), 1, T.BULB_COLOUR, 3, colour="blue"),
    Objective("O12", N_("Colourful Rows"), 1, T.ROW_SET, 6, attribute="colour"),
    Objective("O13", N_("Shape Parade"), 1, T.ROW_SET, 6, attribute="shape"),
    Objective("O14", N_("Matching Ends"), 1, T.ROW_ENDS, 5),
    Objective("O15", N_("Twins Hand in Hand"), 1, T.TWINS, 4, pattern="H2"),
    Objective("O16", N_("Twins on a Branch ↘"), 2, T.TWINS, 4, pattern="D2SE"),
    Objective("O17", N_("Twins on a Branch ↙"), 2, T.TWINS, 4, pattern="D2SW"),
    Objective("O18", N_("Sweet Neighbours"), 2, T.SWEETS, 6, pattern="H2"),
    Objective("O19", N_("Formation: Colour Branch"), 2, T.TRIPLE, 6, pattern="D3SE", attribute="colour"),
    Objective("O20", N_("Formation: Shape Branch"), 2, T.TRIPLE, 6, pattern="D3SW", attribute="shape"),
    Objective("O21", N_("Shining Rows"), 2, T.LINE_SUM, 5, lines="ROWS"),
    Objective("O22", N_("Sweet Tower"), 3, T.SWEETS, 6, pattern="V2"),
    Objective("O23", N_("Formation: Colour Roof"), 3, T.TRIPLE, 6, pattern="ROOF", attribute="colour"),
    Objective("O24", N_("Formation: Shape Cup"), 3, T.TRIPLE, 6, pattern="CUP", attribute="shape"),
    Objective("O25", N_("Snowflake Formation: Diamond"), 3, T.SNOWFLAKE, 8, pattern="DIAMOND4"),
    Objective("O26", N_("Snowflake Formation: Garland"), 3, T.SNOWFLAKE, 8, pattern="ROW4"),
    Objective("O27", N_("0-1-2 Chain"), 3, T.CHAIN, 6),
    Objective("O28", N_("Bulbpairs: Straight"), 3, T.BULB_PAIR, 4, side_pairs="STRAIGHT"),
    Objective("O29", N_("Bulbpairs: Bend"), 3, T.BULB_PAIR, 4, side_pairs="BEND"),
    Objective("O30", N_("Shining Branches"), 3, T.LINE_SUM, 5, lines="BRANCHES"),
]
OBJECTIVES: dict[str, Objective] = {o.code: o for o in _OBJECTIVES}


def pool(bells: Iterable[int]) -> list[str]:
    """The objective codes of the given bells, e.g. a mode's pool (spec 2.6)."""
    wanted = set(bells)
    return [code for code, o in OBJECTIVES.items() if o.bells in wanted]


#: Spec 8.4 line lists, a **(decision)** (13 #11): lines of >= 3 cells, threshold = length.
LINES: dict[str, tuple[tuple[int, ...], ...]] = {
    "ROWS": tuple(ROWS[k] for k in (5, 4, 3, 2)),
    "BRANCHES": tuple(DIAG_DOWN_RIGHT[a] for a in range(4)) + tuple(DIAG_DOWN_LEFT[b] for b in range(4)),
}
#: Spec 2.6 O28/O29: the side pairs of one card whose two complete bulbs form a bulb pair.
SIDE_PAIRS: dict[str, tuple[tuple[int, int], ...]] = {
    "STRAIGHT": ((NW, SE), (NE, SW)),
    "BEND": ((NW, NE), (NE, SE), (SE, SW), (SW, NW)),
}
#: Spec 8.3: the bonus for first and second place in a MAJORITY objective.
MAJORITY_BONUS = (6, 3)


# -- finders: (objective, cards of the tree, tree) -> instances as resource bitmasks -----------------
Cards = Sequence[Card | None]


def _glass(card: Card | None) -> TypeGuard[Card]:
    return card is not None and card.kind == Kind.GLASS


def _bulbs(o: Objective, cards: Cards, tree: Tree) -> list[int]:
    return [1 << edge for edge, colour in complete_bulbs(tree) if colour == o.colour]


def _row_set(o: Objective, cards: Cards, tree: Tree) -> list[int]:
    found = []
    for cells in ROWS:
        glass = [c for c in cells if _glass(cards[c])]
        for triple in combinations(glass, 3):
            if len({getattr(cards[c], o.attribute) for c in triple}) == 3:  # type: ignore[arg-type]
                found.append(mask(triple))
    return found


def _row_ends(o: Objective, cards: Cards, tree: Tree) -> list[int]:
    found = []
    for left, right in ROW_ENDS:
        a, b = cards[left], cards[right]
        if _glass(a) and _glass(b) and (a.colour, a.shape) == (b.colour, b.shape):
            found.append(mask((left, right)))
    return found


def _line_sum(o: Objective, cards: Cards, tree: Tree) -> list[int]:
    return [
        mask(line)
        for line in LINES[o.lines]  # type: ignore[index]
        if sum(card.value for card in (cards[c] for c in line) if _glass(card)) >= len(line)
    ]


def _same(cards: list[Card], *attributes: str) -> bool:
    return all(len({getattr(card, a) for card in cards}) == 1 for a in attributes)


def _formations(
    test: Callable[[Objective, list[Card]], bool],
) -> Callable[[Objective, Cards, Tree], list[int]]:
    """A finder over the card's pattern: every occurrence of glass ornaments that pass `test`."""

    def find(o: Objective, cards: Cards, tree: Tree) -> list[int]:
        found = []
        for cells in OCCURRENCES[o.pattern]:  # type: ignore[index]
            placed = [cards[c] for c in cells]
            if all(_glass(card) for card in placed) and test(o, placed):  # type: ignore[arg-type]
                found.append(mask(cells))
        return found

    return find


def _sweets(o: Objective, cards: Cards, tree: Tree) -> list[int]:
    wanted = sorted([Kind.CANDY, Kind.GINGERBREAD])
    found = []
    for cells in OCCURRENCES[o.pattern]:  # type: ignore[index]
        placed = [cards[c] for c in cells]
        if None not in placed and sorted(card.kind for card in placed) == wanted:  # type: ignore[union-attr]
            found.append(mask(cells))
    return found


def _chain(o: Objective, cards: Cards, tree: Tree) -> list[int]:
    return [
        mask(path)
        for path in PATHS3
        if all(_glass(cards[c]) and cards[c].value == v for c, v in zip(path, (0, 1, 2), strict=True))  # type: ignore[union-attr]
    ]


def _bulb_pairs(o: Objective, cards: Cards, tree: Tree) -> list[int]:
    complete = {edge for edge, _ in complete_bulbs(tree)}
    found = []
    for cell, slot in enumerate(tree):
        if slot is None:
            continue
        for s1, s2 in SIDE_PAIRS[o.side_pairs]:  # type: ignore[index]
            e1, e2 = EDGE_AT[cell][s1], EDGE_AT[cell][s2]
            if e1 in complete and e2 in complete:
                found.append((1 << e1) | (1 << e2))
    return found


FINDERS: dict[ObjectiveType, Callable[[Objective, Cards, Tree], list[int]]] = {
    T.BULB_COLOUR: _bulbs,
    T.ROW_SET: _row_set,
    T.ROW_ENDS: _row_ends,
    T.LINE_SUM: _line_sum,
    T.TWINS: _formations(lambda o, cards: _same(cards, "colour", "shape")),
    T.SWEETS: _sweets,
    T.TRIPLE: _formations(lambda o, cards: _same(cards, o.attribute)),  # type: ignore[arg-type]
    T.SNOWFLAKE: _formations(lambda o, cards: _same(cards, "value")),
    T.CHAIN: _chain,
    T.BULB_PAIR: _bulb_pairs,
}


def instances(code: str, tree: Tree) -> list[int]:
    """The distinct instances (resource bitmasks) of a non-MAJORITY objective on `tree`."""
    o = OBJECTIVES[code]
    return sorted(set(FINDERS[o.type](o, cards_of(tree), tree)))


def max_packing(found: Iterable[int]) -> int:
    """Spec 8.2: the largest number of pairwise disjoint instances (exact branch and bound)."""
    return _pack(sorted(set(found)), 0, 0)


def _pack(avail: list[int], count: int, best: int) -> int:
    """`max_packing`'s search from `count` instances taken, given the `best` found so far (a
    module function, not a closure: a recursive closure is a reference cycle at every call)."""
    if not avail:
        return max(best, count)
    union = 0
    for x in avail:
        union |= x
    smallest = min(x.bit_count() for x in avail)
    if count + union.bit_count() // smallest <= best:
        return best
    low = union & -union  # branch on the lowest resource: used by one instance, or by none
    rest = [x for x in avail if not x & low]
    for x in avail:
        if x & low:
            best = _pack([y for y in rest if not y & x], count + 1, best)
    return _pack(rest, count, best)


def count_matching(code: str, tree: Tree) -> int:
    """MAJORITY: how many cards on `tree` match the card's `match` (colour and shape: glass only)."""
    match = OBJECTIVES[code].match
    assert match is not None
    return sum(card is not None and card.matches(match) for card in cards_of(tree))


def majority_bonus(counts: Sequence[int]) -> list[int]:
    """Spec 8.3: +6 to every seat with the top count (>= 1); +3 to the next count only when the
    top count belongs to exactly one seat. Counts of 0 never place (spec 13 #13)."""
    first, second = MAJORITY_BONUS
    ranked = sorted({c for c in counts if c >= 1}, reverse=True)
    if not ranked:
        return [0] * len(counts)
    top = ranked[0]
    runner_up = ranked[1] if len(ranked) > 1 and counts.count(top) == 1 else None
    return [first if c == top else second if c == runner_up else 0 for c in counts]


def score_objective(code: str, trees: Sequence[Tree], scored: Sequence[bool]) -> tuple[list[int], list[int]]:
    """(points, counts) per seat. `scored[s]`: whether seat s scores (False: the neutral seat, which
    only takes part in majority rankings, spec 9). `counts` is the card count (MAJORITY) or the
    number of disjoint instances."""
    o = OBJECTIVES[code]
    if o.type == T.MAJORITY:
        counts = [count_matching(code, tree) for tree in trees]
        bonus = majority_bonus(counts)
        points = [o.points * c + b if ok else 0 for c, b, ok in zip(counts, bonus, scored, strict=True)]
        return points, counts
    counts = [max_packing(instances(code, tree)) if ok else 0 for tree, ok in zip(trees, scored, strict=True)]
    return [o.points * c for c in counts], counts
