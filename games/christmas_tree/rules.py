"""Read-only questions about a Christmas Tree state: who plays, who decides, what is legal, scores."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from games.christmas_tree.data import CARDS, MODES, ROTATIONS, ROUNDS, Kind, ModeRules, Phase
from games.christmas_tree.models import (
    ChooseObjective,
    CookieOp,
    CTState,
    Done,
    Place,
    Rotate,
    Stage,
    Swap,
)
from games.christmas_tree.scoring import Slot, placeable_cells
from games.core import made_once

PLACE = made_once(Place, "card_index", "cell", "rotation")
STAGE = made_once(Stage, "card_index", "cell", "rotation")
SWAP = made_once(Swap, "a", "b", "rot_a", "rot_b")
ROTATE = made_once(Rotate, "cell")


def rotations_of(code: str) -> tuple[int, ...]:
    """The ways card `code` may face: a wrapped candy has no sides that count (spec 13 #7), so
    turning it would mean nothing and it is always placed upright (product decision)."""
    return (0,) if CARDS[code].kind == Kind.CANDY else ROTATIONS


def mode_rules(state: CTState) -> ModeRules:
    return MODES[state.mode]


def is_player(state: CTState, seat: int) -> bool:
    return 0 <= seat < state.num_players


def neutral_seat(state: CTState) -> int | None:
    return state.num_seats - 1 if state.num_seats > state.num_players else None


def direction(state: CTState) -> int:
    return mode_rules(state).directions[state.round - 1]


def origin_of_hand(state: CTState, seat: int, turn: int) -> int:
    """Spec 5: the hand `seat` holds at `turn` was dealt to seat `s - (turn-1)*dir (mod n)`."""
    return (seat - (turn - 1) * direction(state)) % state.num_seats


# -- the pending turn and cookies ---------------------------------------------------------------
def apply_cookie(tree: list[Slot | None], op: CookieOp) -> None:
    """Spec 6.2 on `tree` in place: SWAP(a, b) with free orientations, or ROTATE(a)."""
    if op.op == "rotate":
        slot = tree[op.a]
        assert slot is not None
        tree[op.a] = Slot(slot.card, 180 - slot.rotation)
        return
    assert op.b is not None and op.rot_a is not None and op.rot_b is not None
    on_a, on_b = tree[op.b], tree[op.a]
    assert on_a is not None and on_b is not None
    tree[op.a], tree[op.b] = Slot(on_a.card, op.rot_a), Slot(on_b.card, op.rot_b)


def preview(state: CTState, seat: int) -> list[Slot | None]:
    """`seat`'s tree as it will be revealed: its pending card placed, its planned cookies used."""
    tree = list(state.trees[seat])
    pending = state.pending.get(seat)
    if pending is None:
        return tree
    tree[pending.cell] = Slot(state.hands[seat].cards[pending.card_index], pending.rotation)
    for op in pending.cookies:
        apply_cookie(tree, op)
    return tree


def cookies_left(state: CTState, seat: int) -> int:
    pending = state.pending.get(seat)
    return state.cookies[seat] - (len(pending.cookies) if pending else 0)


def is_staged(state: CTState, seat: int) -> bool:
    """An open turn: the card is chosen and the player may still spend cookies before `done`."""
    pending = state.pending.get(seat)
    return state.phase == Phase.TURN and pending is not None and not pending.confirmed


def legal_cells(state: CTState, seat: int) -> list[int]:
    """Where `seat` may put this turn's card (spec 6.1), on its tree before this turn."""
    if state.phase != Phase.TURN or not is_player(state, seat):
        return []
    return placeable_cells(state.trees[seat], mode_rules(state).adjacency)


# -- who decides, what is legal -----------------------------------------------------------------
def is_ready(state: CTState, seat: int) -> bool:
    if state.phase == Phase.OBJECTIVES:
        return seat in state.choices
    if state.phase == Phase.TURN:
        pending = state.pending.get(seat)
        return pending is not None and pending.confirmed
    return False


def to_decide(state: CTState) -> frozenset[int]:
    if state.phase == Phase.GAME_OVER:
        return frozenset()
    return frozenset(seat for seat in range(state.num_players) if not is_ready(state, seat))


def legal_actions(state: CTState, seat: int) -> list:
    """Everything `seat` may send now; a seat that is ready may still change its choice (the
    identical choice is left out: re-sending it would change nothing)."""
    return list(each_legal_action(state, seat))


def can_act(state: CTState, seat: int) -> bool:
    """Whether `legal_actions` is not empty, from its first action (the list has hundreds)."""
    return next(each_legal_action(state, seat), None) is not None


def each_legal_action(state: CTState, seat: int) -> Iterator[Any]:
    """`legal_actions`, one at a time."""
    if state.phase == Phase.GAME_OVER or not is_player(state, seat):
        return
    if state.phase == Phase.OBJECTIVES:
        current = state.choices.get(seat)
        cards = state.objective_cards[seat]
        yield from (ChooseObjective(index=i) for i, code in enumerate(cards) if code != current)
        return
    pending = state.pending.get(seat)
    unchanged = None  # (kind, card_index, cell, rotation) that would change nothing
    if pending is not None and not pending.cookies:
        kind = Place if pending.confirmed else Stage
        unchanged = (kind, pending.card_index, pending.cell, pending.rotation)
    cells = legal_cells(state, seat)
    for kind, make in [(Place, PLACE)] + ([(Stage, STAGE)] if state.cookies[seat] > 0 else []):
        for index, code in enumerate(state.hands[seat].cards):
            for cell in cells:
                for rotation in rotations_of(code):
                    if (kind, index, cell, rotation) != unchanged:
                        yield make(index, cell, rotation)
    if is_staged(state, seat):
        yield from cookie_actions(state, seat)
        yield Done()


def cookie_actions(state: CTState, seat: int) -> list:
    if cookies_left(state, seat) <= 0:
        return []
    tree = preview(state, seat)
    occupied = [cell for cell, slot in enumerate(tree) if slot is not None]

    def ways(cell: int) -> tuple[int, ...]:
        slot = tree[cell]
        return () if slot is None else rotations_of(slot.card)

    swaps = [
        SWAP(a, b, ra, rb)
        for i, a in enumerate(occupied)
        for b in occupied[i + 1 :]
        for ra in ways(b)  # the card landing on `a` comes from `b`
        for rb in ways(a)
    ]
    return swaps + [ROTATE(cell) for cell in occupied if len(ways(cell)) > 1]


# -- scores -------------------------------------------------------------------------------------
def objective_points(state: CTState, seat: int, round_: int | None = None) -> int:
    return sum(r.points[seat] for r in state.results if round_ is None or r.round == round_)


def objectives_by_round(state: CTState, seat: int) -> list[int]:
    return [objective_points(state, seat, r) for r in range(1, ROUNDS + 1)]


def total(state: CTState, seat: int) -> int:
    final = state.final[seat] if state.final is not None else None
    extra = 0 if final is None else final.card_values + final.gingerbreads + final.bulbs + final.cookies
    return objective_points(state, seat) + extra


def winners(state: CTState) -> list[int]:
    """Spec 1: every player tied for the most points wins (never the neutral seat)."""
    if state.phase != Phase.GAME_OVER:
        return []
    totals = [total(state, seat) for seat in range(state.num_players)]
    return [seat for seat, points in enumerate(totals) if points == max(totals)]
