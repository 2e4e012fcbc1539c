"""The tree's geometry as tables (spec section 3, a **(decision)**, 13 #4).

A cell is `(i, j)` with `i, j >= 0` and `i + j <= 5`: `i` counts steps down-left from the apex, `j`
steps down-right. Its index (used in actions, views and bitmasks) is `k(k+1)/2 + j` with level
`k = i + j`, so the apex is 0 and the bottom row (level 5, "row 1") is 15..20 from left to right.
Screen column `x = j - i`, level `k` downwards.
"""

from __future__ import annotations

from games.christmas_tree.data import BOARD_CELLS, NE, NW, SE, SW, opposite

LEVELS = 6


def index_of(i: int, j: int) -> int:
    k = i + j
    return k * (k + 1) // 2 + j


CELLS: tuple[tuple[int, int], ...] = tuple(
    sorted(
        ((i, j) for i in range(LEVELS) for j in range(LEVELS) if i + j < LEVELS), key=lambda c: index_of(*c)
    )
)
INDEX: dict[tuple[int, int], int] = {cell: index_of(*cell) for cell in CELLS}
assert len(CELLS) == BOARD_CELLS and list(INDEX.values()) == list(range(BOARD_CELLS))

#: Spec 3.4: the step to the side-neighbour on each side (NW, NE, SE, SW).
SIDE_STEP: dict[int, tuple[int, int]] = {NW: (0, -1), NE: (-1, 0), SE: (0, 1), SW: (1, 0)}
#: Spec 3.5: the steps to the corner-neighbours (top, bottom, left, right).
CORNER_STEPS: tuple[tuple[int, int], ...] = ((-1, -1), (1, 1), (1, -1), (-1, 1))


def _shift(cell: int, step: tuple[int, int]) -> int | None:
    i, j = CELLS[cell]
    return INDEX.get((i + step[0], j + step[1]))


#: NEIGHBOUR[cell][side]: the side-neighbour (its touching side is `opposite(side)`), or None.
NEIGHBOUR: tuple[tuple[int | None, ...], ...] = tuple(
    tuple(_shift(cell, SIDE_STEP[side]) for side in range(4)) for cell in range(BOARD_CELLS)
)
ADJACENT: tuple[frozenset[int], ...] = tuple(
    frozenset(n for n in NEIGHBOUR[cell] if n is not None) for cell in range(BOARD_CELLS)
)
CORNER_ADJACENT: tuple[frozenset[int], ...] = tuple(
    frozenset(n for step in CORNER_STEPS if (n := _shift(cell, step)) is not None)
    for cell in range(BOARD_CELLS)
)

#: The side-adjacent pairs ("edges", where a complete bulb can form), each as (a, side of a, b);
#: found from each cell's lower sides so each pair appears once. Their index is a bulb's id.
EDGES: tuple[tuple[int, int, int], ...] = tuple(
    (cell, side, n)
    for cell in range(BOARD_CELLS)
    for side in (SE, SW)
    if (n := NEIGHBOUR[cell][side]) is not None
)
#: EDGE_AT[cell][side]: the index of the edge on that side of the cell, or None at the border.
EDGE_AT: tuple[tuple[int | None, ...], ...] = tuple(
    tuple(
        next(
            (
                e
                for e, (a, s, b) in enumerate(EDGES)
                if (a, s) == (cell, side) or (b, opposite(s)) == (cell, side)
            ),
            None,
        )
        for side in range(4)
    )
    for cell in range(BOARD_CELLS)
)

# -- lines (spec 3.2, 3.3) ------------------------------------------------------------------------
#: ROWS[k]: the cells of level k, left to right. The rulebook numbers rows from the bottom:
#: "row r" is level 6 - r, so row 1 (the "first row") is the 6-cell bottom row.
ROWS: tuple[tuple[int, ...], ...] = tuple(
    tuple(INDEX[(k - p, p)] for p in range(k + 1)) for k in range(LEVELS)
)


def row(number: int) -> tuple[int, ...]:
    """Row `number` as the rulebook counts (1 = bottom)."""
    return ROWS[LEVELS - number]


#: The two fixed end cells `(k,0)` and `(0,k)` of the row at level k >= 1 (spec 3.2, 13 #21).
ROW_ENDS: tuple[tuple[int, int], ...] = tuple((ROWS[k][0], ROWS[k][-1]) for k in range(1, LEVELS))
#: The down-right diagonal i = a, and the down-left diagonal j = b (spec 3.3).
DIAG_DOWN_RIGHT: tuple[tuple[int, ...], ...] = tuple(
    tuple(INDEX[(a, j)] for j in range(LEVELS - a)) for a in range(LEVELS)
)
DIAG_DOWN_LEFT: tuple[tuple[int, ...], ...] = tuple(
    tuple(INDEX[(i, b)] for i in range(LEVELS - b)) for b in range(LEVELS)
)

# -- formation patterns (spec 3.8): offsets (di, dj), translation only -----------------------------
PATTERNS: dict[str, tuple[tuple[int, int], ...]] = {
    "H2": ((0, 0), (-1, 1)),
    "V2": ((0, 0), (1, 1)),
    "D2SE": ((0, 0), (0, 1)),
    "D2SW": ((0, 0), (1, 0)),
    "D3SE": ((0, 0), (0, 1), (0, 2)),
    "D3SW": ((0, 0), (1, 0), (2, 0)),
    "ROOF": ((0, 0), (1, 0), (0, 1)),
    "CUP": ((1, 0), (0, 1), (1, 1)),
    "DIAMOND4": ((0, 0), (1, 0), (0, 1), (1, 1)),
    "ROW4": ((0, 0), (-1, 1), (-2, 2), (-3, 3)),
}


def _occurrences(offsets: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...]:
    found: dict[frozenset[int], tuple[int, ...]] = {}
    for i, j in CELLS:
        cells = tuple(INDEX.get((i + di, j + dj)) for di, dj in offsets)
        if None not in cells:
            found.setdefault(frozenset(cells), cells)  # type: ignore[arg-type]
    return tuple(found.values())


#: OCCURRENCES[pattern]: every placement of the pattern on the board, as cell tuples in offset order.
OCCURRENCES: dict[str, tuple[tuple[int, ...], ...]] = {name: _occurrences(o) for name, o in PATTERNS.items()}

#: Spec 8.4 CHAIN: every (a, b, c) with b side-adjacent to both a and c, a != c (any bend).
PATHS3: tuple[tuple[int, int, int], ...] = tuple(
    (a, b, c) for b in range(BOARD_CELLS) for a in sorted(ADJACENT[b]) for c in sorted(ADJACENT[b]) if a != c
)


def mask(cells: tuple[int, ...] | list[int] | frozenset[int]) -> int:
    result = 0
    for cell in cells:
        result |= 1 << cell
    return result


def cell_number(cell: int) -> int:
    """The number players see for a cell (1-21, top to bottom, left to right in each row of the
    pictures): the index plus one."""
    return cell + 1


def cell_name(cell: int) -> str:
    return f"cell {cell_number(cell)}"
