"""`ChristmasTreeAI`: values every placement by its local score delta and drafts against its neighbour.

- A turn: every (card, legal cell, orientation) is valued by `ai_eval`: the final evaluation
  around the cell (card value, bulbs completed, gingerbread wishes met, with a little credit for
  open bulbs and gingerbread sides that may still be met) plus the gain on each objective of the
  round it knows (revealed, on the table, or seen travelling in the hands), with partial credit
  for formations under way while turns remain. When the best cards are close, it takes the one
  that would score most on the tree of the neighbour it passes the hand to (a denial draft).
- Cookies: with the card placed, it tries turning each of its cards over; a rotation that gains
  clearly more than the cookie's own final point is planned (stage, rotate, done).
- Objective choice: the card that fits its tree and hand best, minus what it gives the rivals'
  trees (every player scores every objective of the round).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from games.christmas_tree.ai_eval import ObjectiveTable, card, final_delta
from games.christmas_tree.board import ADJACENT
from games.christmas_tree.data import CARDS, TURNS, Kind, Phase
from games.christmas_tree.models import CTView, Done, Place, Rotate, Stage
from games.christmas_tree.objectives import OBJECTIVES, ObjectiveType, instances, max_packing, score_objective
from games.christmas_tree.scoring import Slot
from games.core import Action, Event, Rng
from games.core.ai import Policy

T = ObjectiveType
#: A rotation must gain more than this (the cookie itself is worth 1 point at the end).
COOKIE_GAIN = 2.0
#: Cards within this many points of the best are candidates for a denial draft.
DRAFT_MARGIN = 1.5
DENY_WEIGHT = 0.5


def _known_objectives(view: CTView) -> list[str]:
    codes = [o.code for o in view.objectives]
    for code in view.seen_objectives.values():
        if code not in codes:
            codes.append(code)
    if view.hand_objective and view.hand_objective not in codes:
        codes.append(view.hand_objective)
    return codes


def _rotations(code: str) -> tuple[int, ...]:
    return (0,) if CARDS[code].kind == Kind.CANDY else (0, 180)


class _Evaluator:
    """Values placements on one seat's tree against the known objectives."""

    def __init__(self, view: CTView, seat: int, tree: list) -> None:
        self.tree = tree
        turns_left = TURNS - view.turn  # turns after this one in the round
        rounds_left = 3 - view.round
        self.hope = min(1.0, (turns_left + TURNS * rounds_left) / 10)
        self.progress = 0.6 * min(1.0, turns_left / 3)
        rivals = [list(s.tree) for s in view.seats if s.seat != seat]
        self.tables = [ObjectiveTable(code, tree, rivals, 1.0) for code in _known_objectives(view)]

    def value(self, cell: int, slot) -> float:
        value = final_delta(self.tree, cell, slot, self.hope)
        for table in self.tables:
            value += table.delta(self.tree, cell, slot, self.progress)
        return value

    def best_for(self, code: str, cells: Sequence[int]) -> tuple[float, int, int]:
        best = (-1e9, -1, 0)
        for cell in cells:
            for rotation in _rotations(code):
                v = self.value(cell, Slot(code, rotation))
                if v > best[0]:
                    best = (v, cell, rotation)
        return best


class ChristmasTreeAI(Policy):
    name: ClassVar[str] = "christmas-tree-ai"

    def choose(self, view: CTView, legal: Sequence[Action], history: Sequence[Event], rng: Rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        if view.phase == Phase.OBJECTIVES:
            return self._objective(view, legal, rng)
        if view.can_use_cookies or (view.pending is not None and not view.pending.confirmed):
            return self._cookie(view, legal)
        return self._turn(view, legal, rng)

    # -- a turn ------------------------------------------------------------------------------------
    def _turn(self, view: CTView, legal: Sequence[Action], rng: Rng) -> Action:
        me = view.seat
        assert me is not None
        tree = list(view.seats[me].tree)
        ev = _Evaluator(view, me, tree)
        cells = view.legal_cells
        per_card: dict[str, tuple[float, int, int, int]] = {}
        for index, code in enumerate(view.hand):
            if code in per_card:
                continue
            v, cell, rotation = ev.best_for(code, cells)
            per_card[code] = (v + rng.below(1000) * 1e-6, cell, rotation, index)
        ranked = sorted(per_card.items(), key=lambda item: -item[1][0])
        choice = ranked[0]
        close = [item for item in ranked if item[1][0] >= ranked[0][1][0] - DRAFT_MARGIN]
        if len(close) > 1 and view.turn < TURNS:
            choice = self._deny(view, close) or choice
        code, (_, cell, rotation, index) = choice
        place = Place(card_index=index, cell=cell, rotation=rotation)
        if (
            view.seats[me].cookies > 0
            and self._best_rotation(view, tree, cell, Slot(code, rotation))[0] > COOKIE_GAIN
        ):
            stage = Stage(card_index=index, cell=cell, rotation=rotation)
            if stage in legal:
                return stage
        return place if place in legal else legal[0]

    def _deny(self, view: CTView, close: list) -> tuple | None:
        me = view.seat
        assert me is not None
        neighbour = (me + view.direction) % view.num_seats
        if neighbour == view.neutral_seat or neighbour == me:
            return None
        their_tree = list(view.seats[neighbour].tree)
        ev = _Evaluator(view, neighbour, their_tree)
        free = [c for c, slot in enumerate(their_tree) if slot is None]
        best, best_score = None, -1e9
        for item in close:
            code, (mine, *_rest) = item
            theirs = ev.best_for(code, free)[0] if free else 0.0
            score = mine + DENY_WEIGHT * theirs
            if score > best_score:
                best, best_score = item, score
        return best

    # -- cookies -------------------------------------------------------------------------------------
    def _best_rotation(self, view: CTView, tree: list, cell: int, slot) -> tuple[float, int]:
        """The best gain (and cell) of turning one card over, with `slot` placed on `cell`."""
        tree = list(tree)
        tree[cell] = slot
        me = view.seat
        assert me is not None
        hope = _Evaluator(view, me, tree).hope
        bulb_codes = [
            code for code in _known_objectives(view) if OBJECTIVES[code].type in (T.BULB_COLOUR, T.BULB_PAIR)
        ]
        base = {code: _points(code, tree) for code in bulb_codes}
        best = (0.0, -1)
        for c, s in enumerate(tree):
            if s is None or card(s).kind == Kind.CANDY:  # type: ignore[union-attr]
                continue
            if all(tree[n] is None for n in ADJACENT[c]):
                continue
            turned = Slot(s[0], 180 - s[1])
            tree[c] = None
            gain = final_delta(tree, c, turned, hope) - final_delta(tree, c, s, hope)
            tree[c] = turned
            gain += sum(_points(code, tree) - base[code] for code in bulb_codes)
            tree[c] = s
            if gain > best[0]:
                best = (gain, c)
        return best

    def _cookie(self, view: CTView, legal: Sequence[Action]) -> Action:
        done = Done()
        if view.cookies_left <= 0 or view.pending is None:
            return done if done in legal else legal[0]
        tree = list(view.preview)
        cell = view.pending.cell
        slot = tree[cell]
        tree[cell] = None
        gain, target = self._best_rotation(view, tree, cell, slot)
        planned = len(view.pending.cookies)
        if gain > COOKIE_GAIN and planned < 2:
            rotate = Rotate(cell=target)
            if rotate in legal:
                return rotate
        return done if done in legal else legal[0]

    # -- objective choice ----------------------------------------------------------------------------
    def _objective(self, view: CTView, legal: Sequence[Action], rng: Rng) -> Action:
        me = view.seat
        assert me is not None
        tree = list(view.seats[me].tree)
        rivals = [list(s.tree) for s in view.seats if s.seat != me]
        hand = [CARDS[code] for code in view.hand]
        best, best_score = None, -1e9
        for action in legal:
            code = view.objective_cards[action.index]  # type: ignore[attr-defined]
            trees = [tree, *rivals]
            points, _ = score_objective(code, trees, [True] * len(trees))
            now = points[0] - 0.5 * sum(points[1:]) / max(1, len(rivals))
            score = now + _hand_fit(code, hand, tree) + rng.below(1000) * 1e-6
            if score > best_score:
                best, best_score = action, score
        assert best is not None
        return best


def _points(code: str, tree: list) -> int:
    return OBJECTIVES[code].points * max_packing(instances(code, tree))


def _hand_fit(code: str, hand: list, tree: list) -> float:
    """A rough estimate of what the hand can add to this objective over the round."""
    o = OBJECTIVES[code]
    glass = [c for c in hand if c.kind == Kind.GLASS]
    placed = [card(s) for s in tree if s is not None]
    t = o.type
    if t == T.MAJORITY:
        return 0.7 * o.points * sum(c.matches(o.match) for c in hand) + 2
    if t == T.BULB_COLOUR:
        return 0.25 * o.points * sum(side == o.colour for c in glass for side in c.sides)
    if t == T.BULB_PAIR:
        return 0.3 * o.points * sum(c.bulbs >= 3 for c in glass)
    if t in (T.TWINS, T.ROW_ENDS):
        keys = [(c.colour, c.shape) for c in glass]
        pairs = sum(keys.count(k) >= 2 for k in set(keys))
        return 0.6 * o.points * pairs
    if t == T.TRIPLE:
        attr = o.attribute
        assert attr is not None  # every TRIPLE objective names its attribute
        counts = [sum(getattr(c, attr) == v for c in glass) for v in {getattr(c, attr) for c in glass}]
        return 0.5 * o.points * (max(counts, default=0) // 3 + 0.3 * (max(counts, default=0) >= 2))
    if t == T.SNOWFLAKE:
        counts = [sum(c.value == v for c in glass) for v in (0, 1, 2)]
        return 0.5 * o.points * (max(counts) // 4 + 0.3 * (max(counts) >= 3))
    if t == T.SWEETS:
        candy = sum(c.kind == Kind.CANDY for c in hand)
        ginger = sum(c.kind == Kind.GINGERBREAD for c in hand + placed if c is not None)
        return 0.5 * o.points * min(candy, ginger)
    if t == T.CHAIN:
        counts = [sum(c.value == v for c in glass) for v in (0, 1, 2)]
        return 0.5 * o.points * min(counts)
    if t == T.ROW_SET:
        return 0.3 * o.points * (len({getattr(c, o.attribute) for c in glass}) >= 3)  # type: ignore[arg-type]
    if t == T.LINE_SUM:
        return 0.15 * o.points * sum(c.value for c in glass) / 3
    return 0.0


__all__ = ["ChristmasTreeAI"]
