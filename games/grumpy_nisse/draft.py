"""Setup and deck-building (spec 3 and 4): the grid, the dice draft, the last three cards."""

from __future__ import annotations

from games.core import Event, IllegalAction, Rng
from games.core.words import N_
from games.grumpy_nisse import rules
from games.grumpy_nisse.data import (
    CARDS,
    DICE_PER_ROLL,
    DIE_SIDES,
    FINAL_CARDS,
    GRID_SIZE,
    Phase,
    Role,
    card_name,
)
from games.grumpy_nisse.events import DiceRolled, Drafted, RowsCollapsed
from games.grumpy_nisse.models import GNState, GrumpyNisseOptions, Pick, Take
from games.grumpy_nisse.steps import start_round


def new_state(options: GrumpyNisseOptions, seed: int) -> GNState:
    rng = Rng(seed=seed)
    if options.roles == "host_violet":
        violet = 0
    elif options.roles == "host_torech":
        violet = 1
    else:
        violet = rng.below(2)
    cards = rng.shuffled(CARDS)
    grid: list[list[str | None]] = [
        list(cards[row * GRID_SIZE : (row + 1) * GRID_SIZE]) for row in range(GRID_SIZE)
    ]
    state = GNState(rng=rng, violet=violet, grid=grid, picker=violet)
    roll(state, [])
    return state


def roll(state: GNState, out: list[Event]) -> None:
    """A new draft roll: 3d6, public; the roller picks first."""
    state.dice = [state.rng.below(DIE_SIDES) + 1 for _ in range(DICE_PER_ROLL)]
    state.dice_used = [False] * DICE_PER_ROLL
    state.pick_no = 1
    state.picker = rules.roller(state)
    out.append(DiceRolled(roll_no=state.roll_no, roller=state.picker, dice=list(state.dice)))


def pick(state: GNState, seat: int, action: Pick, out: list[Event]) -> bool:
    if state.phase != Phase.DRAFT:
        raise IllegalAction(N_("It is not time to pick a card with a die."))
    if seat != state.picker:
        raise IllegalAction(N_("It is not your pick."))
    if action.die not in rules.unused_dice(state):
        raise IllegalAction(N_("No unused die shows {die}."), die=action.die)
    if action.card not in rules.grid_cards(state):
        raise IllegalAction(N_("{card} is not in the grid."), card=card_name(action.card))
    wild = rules.is_wild(state, action.die)
    row = rules.row_of(state, action.card)
    if not wild and row != action.die:
        raise IllegalAction(
            N_("A {die} takes a card from row {die}; {card} is in row {row}."),
            die=action.die,
            card=card_name(action.card),
            row=row,
        )
    state.dice_used[_first_unused(state, action.die)] = True
    out.append(Drafted(seat=seat, card=action.card, die=action.die, row=row, wild=wild))
    _take_from_grid(state, seat, action.card, out)
    if state.pick_no < DICE_PER_ROLL:
        state.pick_no += 1
        state.picker = rules.other(state.picker)
    elif len(rules.grid_cards(state)) > FINAL_CARDS:
        state.roll_no += 1
        roll(state, out)
    else:
        state.dice = []
        state.dice_used = []
        state.phase = Phase.FINAL_PICK
        state.picker = rules.seat_of(state, Role.TORECH)
    return True


def take(state: GNState, seat: int, action: Take, out: list[Event]) -> bool:
    """The last three cards: Torech, then Violet; Torech gets the last one (spec 4.2)."""
    if state.phase != Phase.FINAL_PICK:
        raise IllegalAction(N_("It is not time to take one of the last cards."))
    if seat != state.picker:
        raise IllegalAction(N_("It is not your pick."))
    if action.card not in rules.grid_cards(state):
        raise IllegalAction(N_("{card} is not in the grid."), card=card_name(action.card))
    out.append(Drafted(seat=seat, card=action.card))
    _take_from_grid(state, seat, action.card, out)
    left = rules.grid_cards(state)
    if len(left) > 1:
        state.picker = rules.other(seat)
        return True
    torech = rules.seat_of(state, Role.TORECH)
    out.append(Drafted(seat=torech, card=left[0], automatic=True))
    _take_from_grid(state, torech, left[0], out)
    start_round(state, 1, out)
    return True


def _first_unused(state: GNState, die: int) -> int:
    return next(
        i
        for i, (value, used) in enumerate(zip(state.dice, state.dice_used, strict=True))
        if value == die and not used
    )


def _take_from_grid(state: GNState, seat: int, card: str, out: list[Event]) -> None:
    """Move `card` to `seat`'s collection; an emptied row collapses at once (spec 4.1)."""
    row = rules.row_of(state, card)
    cells = state.grid[row - 1]
    cells[cells.index(card)] = None
    state.collections[seat].append(card)
    if all(cell is None for cell in cells):
        del state.grid[row - 1]
        if state.grid and state.phase != Phase.FINAL_PICK:  # (the last picks use no dice: no news)
            out.append(RowsCollapsed(removed_row=row, rows_left=len(state.grid)))
