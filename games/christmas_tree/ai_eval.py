"""Fast, local evaluation of one placement for the Christmas Tree AI.

Placing a card on cell `c` only changes what involves `c`: its own value, the bulbs on its four
edges, the gingerbreads it touches, and the objective instances that contain `c` (or its edges).
So a placement is valued by deltas computed around `c` (a few microseconds), never by rescoring
the whole tree, plus small "potential" terms for what the placement prepares (an open bulb facing
a free cell, a gingerbread with free neighbours, a formation partly filled with matching cards).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TypeGuard

from games.christmas_tree.board import (
    ADJACENT,
    BOARD_CELLS,
    EDGE_AT,
    NEIGHBOUR,
    OCCURRENCES,
    PATHS3,
    ROW_ENDS,
    ROWS,
    mask,
)
from games.christmas_tree.data import CARDS, GINGERBREAD_POINTS, SYMBOL_MATCH, Card, Kind, opposite
from games.christmas_tree.objectives import (
    LINES,
    OBJECTIVES,
    SIDE_PAIRS,
    Objective,
    ObjectiveType,
    count_matching,
    instances,
    majority_bonus,
    max_packing,
)

T = ObjectiveType
Tree = list  # 21 x (code, rotation) | None

#: Expected share of a free neighbour side that will still be put to use later.
OPEN_SIDE = 0.3
OPEN_BULB = 0.35


def _cells_at(groups: Sequence[Sequence[int]]) -> list[list[tuple[int, ...]]]:
    at: list[list[tuple[int, ...]]] = [[] for _ in range(BOARD_CELLS)]
    for group in groups:
        for cell in group:
            at[cell].append(tuple(group))
    return at


OCC_AT = {name: _cells_at(occ) for name, occ in OCCURRENCES.items()}
PATHS_AT = _cells_at(PATHS3)
LINES_AT = {name: _cells_at(lines) for name, lines in LINES.items()}
ROW_AT = {cell: row for row in ROWS for cell in row}
ENDS_AT = {cell: pair for pair in ROW_ENDS for cell in pair}


def card(slot) -> Card | None:
    return None if slot is None else CARDS[slot[0]]


def shows(slot, side: int) -> str | None:
    c = CARDS[slot[0]]
    return c.sides[side if slot[1] == 0 else opposite(side)]


def _glass(c: Card | None) -> TypeGuard[Card]:
    return c is not None and c.kind == Kind.GLASS


def _meets(requirement: str | None, c: Card | None) -> bool:
    return requirement is not None and c is not None and c.matches(SYMBOL_MATCH[requirement])


def _bulb_complete(tree: Tree, cell: int, side: int) -> bool:
    a, n = tree[cell], NEIGHBOUR[cell][side]
    if a is None or n is None or tree[n] is None:
        return False
    if not (_glass(card(a)) and _glass(card(tree[n]))):
        return False
    bulb = shows(a, side)
    return bulb is not None and bulb == shows(tree[n], opposite(side))


def _ginger_state(tree: Tree, cell: int) -> tuple[int, int]:
    """(correct neighbours, free neighbour cells) of the gingerbread on `cell`."""
    slot = tree[cell]
    correct = free = 0
    for side, n in enumerate(NEIGHBOUR[cell]):
        if n is None:
            continue
        if tree[n] is None:
            free += 1
        elif _meets(shows(slot, side), card(tree[n])):
            correct += 1
    return correct, free


def ginger_value(correct: int, free: int, hope: float) -> float:
    expected = min(4.0, correct + hope * free)
    low = int(expected)
    frac = expected - low
    high = GINGERBREAD_POINTS[min(4, low + 1)]
    return GINGERBREAD_POINTS[low] * (1 - frac) + high * frac


def final_delta(tree: Tree, cell: int, slot, hope: float) -> float:
    """Change of the final evaluation (with potential) when `slot` goes on the free `cell`."""
    new = CARDS[slot[0]]
    value = float(new.value)
    touched = [n for n in ADJACENT[cell] if tree[n] is not None and card(tree[n]).kind == Kind.GINGERBREAD]  # type: ignore[union-attr]
    before = sum(ginger_value(*_ginger_state(tree, n), hope) for n in touched)
    tree[cell] = slot
    try:
        after = sum(ginger_value(*_ginger_state(tree, n), hope) for n in touched)
        if new.kind == Kind.GINGERBREAD:
            after += ginger_value(*_ginger_state(tree, cell), hope)
        value += after - before
        if new.kind == Kind.GLASS:
            for side, n in enumerate(NEIGHBOUR[cell]):
                bulb = new.sides[side if slot[1] == 0 else opposite(side)]
                if n is None or bulb is None:
                    continue
                if tree[n] is None:
                    value += OPEN_BULB * hope * 2
                elif _bulb_complete(tree, cell, side):
                    value += 2
        # Open bulbs of the neighbours that this card closes without completing them.
        for side, n in enumerate(NEIGHBOUR[cell]):
            if n is None or tree[n] is None or not _glass(card(tree[n])):
                continue
            if shows(tree[n], opposite(side)) is not None and not _bulb_complete(tree, cell, side):
                value -= OPEN_BULB * hope * 2
    finally:
        tree[cell] = None
    return value


# -- objectives: the instances that contain a cell ------------------------------------------------
def _same(cards: list[Card], *attributes: str) -> bool:
    return all(len({getattr(c, a) for c in cards}) == 1 for a in attributes)


def _formation_ok(o: Objective, cards: list[Card]) -> bool:
    if o.type == T.TWINS:
        return _same(cards, "colour", "shape")
    if o.type == T.TRIPLE:
        return _same(cards, o.attribute)  # type: ignore[arg-type]
    return _same(cards, "value")  # SNOWFLAKE


def local_instances(o: Objective, tree: Tree, cell: int) -> tuple[list[int], float]:
    """(instances containing `cell`, best partial progress 0..1 of a group through `cell`)."""
    t = o.type
    cards = None
    found: list[int] = []
    partial = 0.0
    if t in (T.TWINS, T.TRIPLE, T.SNOWFLAKE, T.SWEETS, T.CHAIN):
        groups = PATHS_AT[cell] if t == T.CHAIN else OCC_AT[o.pattern][cell]  # type: ignore[index]
        for group in groups:
            placed = [(c, card(tree[c])) for c in group if tree[c] is not None]
            if t == T.SWEETS:
                kinds = sorted(p.kind for _, p in placed)  # type: ignore[union-attr]
                ok = len(set(kinds)) == len(kinds) and set(kinds) <= {Kind.CANDY, Kind.GINGERBREAD}
            elif t == T.CHAIN:
                ok = all(_glass(p) and p.value == (0, 1, 2)[group.index(c)] for c, p in placed)
            else:
                ok = all(_glass(p) for _, p in placed) and _formation_ok(o, [p for _, p in placed])  # type: ignore[misc]
            if not ok:
                continue
            if len(placed) == len(group):
                found.append(mask(group))
            elif len(placed) > 1:
                partial = max(partial, (len(placed) - 1) / (len(group) - 1))
        return found, partial
    if t == T.ROW_SET:
        row = ROW_AT[cell]
        me = card(tree[cell])
        if not _glass(me):
            return [], 0.0
        others = [c for c in row if c != cell and _glass(card(tree[c]))]
        for a, b in combinations(others, 2):
            if len({getattr(card(tree[x]), o.attribute) for x in (cell, a, b)}) == 3:  # type: ignore[arg-type]
                found.append(mask((cell, a, b)))
        if not found:
            values = {getattr(card(tree[x]), o.attribute) for x in others} - {getattr(me, o.attribute)}  # type: ignore[arg-type]
            partial = 0.5 if values else 0.0
        return found, partial
    if t == T.ROW_ENDS:
        pair = ENDS_AT.get(cell)
        if pair is None:
            return [], 0.0
        left, right = card(tree[pair[0]]), card(tree[pair[1]])
        if _glass(left) and _glass(right) and (left.colour, left.shape) == (right.colour, right.shape):
            return [mask(pair)], 0.0
        return [], 0.0
    if t == T.LINE_SUM:
        for line in LINES_AT[o.lines][cell]:  # type: ignore[index]
            total = sum(p.value for p in (card(tree[c]) for c in line) if _glass(p))
            if total >= len(line):
                found.append(mask(line))
            else:
                free = sum(tree[c] is None for c in line)
                if free:
                    partial = max(partial, total / len(line))
        return found, partial
    if t == T.BULB_COLOUR:
        for side in range(4):
            if _bulb_complete(tree, cell, side) and shows(tree[cell], side) == o.colour:
                found.append(1 << EDGE_AT[cell][side])  # type: ignore[operator]
        return found, 0.0
    if t == T.BULB_PAIR:
        pairs = SIDE_PAIRS[o.side_pairs]  # type: ignore[index]
        for owner in [cell, *ADJACENT[cell]]:
            if tree[owner] is None:
                continue
            done = {s for s in range(4) if _bulb_complete(tree, owner, s)}
            for s1, s2 in pairs:
                if s1 in done and s2 in done:
                    e1, e2 = EDGE_AT[owner][s1], EDGE_AT[owner][s2]
                    found.append((1 << e1) | (1 << e2))  # type: ignore[operator]
        edges = {EDGE_AT[cell][s] for s in range(4)}
        found = [x for x in found if any(x >> e & 1 for e in edges if e is not None)]
        return sorted(set(found)), 0.0
    del cards
    return [], 0.0


class ObjectiveTable:
    """One objective as this seat sees it: existing instances on its tree, and rivals' counts."""

    def __init__(self, code: str, tree: Tree, rivals: Sequence[Tree], weight: float) -> None:
        self.o = OBJECTIVES[code]
        self.code = code
        self.weight = weight
        if self.o.type == T.MAJORITY:
            self.mine = count_matching(code, tree)
            self.rivals = [count_matching(code, r) for r in rivals]
            self.base = 0
            self.existing: list[int] = []
        else:
            self.existing = instances(code, tree)
            self.base = max_packing(self.existing)

    def delta(self, tree: Tree, cell: int, slot, progress: float) -> float:
        """Points gained (plus partial progress worth `progress` per instance) by `slot` on `cell`."""
        o = self.o
        if o.type == T.MAJORITY:
            if not CARDS[slot[0]].matches(o.match):  # type: ignore[arg-type]
                return 0.0
            before = majority_bonus([self.mine, *self.rivals])[0]
            after = majority_bonus([self.mine + 1, *self.rivals])[0]
            return self.weight * (o.points + 0.6 * (after - before))
        tree[cell] = slot
        try:
            found, partial = local_instances(o, tree, cell)
        finally:
            tree[cell] = None
        gain = 0.0
        if found:
            gain = o.points * (max_packing(self.existing + found) - self.base)
        return self.weight * (gain + progress * partial * o.points)
