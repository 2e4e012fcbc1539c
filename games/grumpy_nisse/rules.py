"""Read-only questions about a Grumpy Nisse state: roles, trump, the draft grid, who decides what."""

from __future__ import annotations

from itertools import permutations

from games.grumpy_nisse.data import TRACK, Phase, Role, Suit
from games.grumpy_nisse.models import (
    Bottom,
    GNState,
    PanicDiscard,
    Pick,
    Play,
    RecoverPut,
    RecoverSkip,
    RecoverTake,
    Reorder,
    Take,
)

SEATS = (0, 1)


# -- roles ----------------------------------------------------------------------------------------
def violet(state: GNState) -> int:
    return state.violet


def torech(state: GNState) -> int:
    return 1 - state.violet


def role_of(state: GNState, seat: int) -> Role:
    return Role.VIOLET if seat == state.violet else Role.TORECH


def seat_of(state: GNState, role: Role) -> int:
    return state.violet if role == Role.VIOLET else 1 - state.violet


def other(seat: int) -> int:
    return 1 - seat


# -- the track --------------------------------------------------------------------------------------
def trump(state: GNState) -> Suit | None:
    """The trump of the space the pawn stands on (spec 5.3)."""
    return TRACK[state.pawn].trump


# -- the draft grid ---------------------------------------------------------------------------------
def grid_cards(state: GNState) -> list[str]:
    return [card for row in state.grid for card in row if card is not None]


def row_cards(state: GNState, row: int) -> list[str]:
    """The cards in row `row` (1 = top, current numbering)."""
    return [card for card in state.grid[row - 1] if card is not None]


def is_wild(state: GNState, die: int) -> bool:
    return die > len(state.grid)


def cards_for_die(state: GNState, die: int) -> list[str]:
    """Spec 4.1: row `die`, or any card when the die shows more than the number of rows."""
    return grid_cards(state) if is_wild(state, die) else row_cards(state, die)


def row_of(state: GNState, card: str) -> int:
    return next(index for index, row in enumerate(state.grid, start=1) if card in row)


def unused_dice(state: GNState) -> list[int]:
    """The distinct values of the dice not yet used in this roll, in roll order."""
    values: list[int] = []
    for value, used in zip(state.dice, state.dice_used, strict=True):
        if not used and value not in values:
            values.append(value)
    return values


def roller(state: GNState) -> int:
    """Violet rolls the odd rolls, Torech the even ones."""
    return state.violet if state.roll_no % 2 == 1 else torech(state)


# -- after the trick --------------------------------------------------------------------------------
def recover_choices(state: GNState, seat: int) -> list[str]:
    """The cards a Recover may take: the whole (face-up) discard pile, top first."""
    return list(reversed(state.discards[seat]))


def putback_choices(state: GNState, seat: int) -> list[str]:
    return [card for card in state.hands[seat] if card != state.recovered]


def reorder_codes(count: int) -> list[str]:
    """Every order of `count` cards as a digit string (identity first)."""
    return ["".join(map(str, order)) for order in permutations(range(count))]


# -- who decides ----------------------------------------------------------------------------------
def deciding_seat(state: GNState) -> int | None:
    phase = state.phase
    if phase in (Phase.DRAFT, Phase.FINAL_PICK):
        return state.picker
    if phase == Phase.LEAD:
        return state.leader
    if phase == Phase.FOLLOW:
        return other(state.leader)
    if phase == Phase.PANIC_DISCARD:
        return state.panic_queue[0]
    if phase in (Phase.RECOVER_TAKE, Phase.RECOVER_PUT, Phase.FORESIGHT, Phase.RUMMAGE):
        return state.effect_seat
    return None


def to_decide(state: GNState) -> frozenset[int]:
    seat = deciding_seat(state)
    return frozenset() if seat is None else frozenset({seat})


def legal_actions(state: GNState, seat: int) -> list:
    if seat != deciding_seat(state):
        return []
    phase = state.phase
    if phase == Phase.DRAFT:
        return [Pick(die=die, card=card) for die in unused_dice(state) for card in cards_for_die(state, die)]
    if phase == Phase.FINAL_PICK:
        return [Take(card=card) for card in grid_cards(state)]
    if phase in (Phase.LEAD, Phase.FOLLOW):
        return [Play(card=card) for card in state.hands[seat]]
    if phase == Phase.PANIC_DISCARD:
        return [PanicDiscard(card=card) for card in state.hands[seat]]
    if phase == Phase.RECOVER_TAKE:
        return [RecoverSkip(), *(RecoverTake(card=card) for card in recover_choices(state, seat))]
    if phase == Phase.RECOVER_PUT:
        return [RecoverPut(card=card) for card in putback_choices(state, seat)]
    if phase == Phase.FORESIGHT:
        return [Reorder(order=code) for code in reorder_codes(len(state.foresight))]
    if phase == Phase.RUMMAGE:
        return [Bottom(card=card) for card in state.hands[seat]]
    return []
