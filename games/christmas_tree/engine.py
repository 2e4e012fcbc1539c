"""The Christmas Tree state machine (spec sections 4-6): setup and the six actions.

`apply_action` mutates the state it is given (the caller hands it a private copy) and returns the
events. Every action belongs to a simultaneous decision (all players choose an objective; all
players play a turn): a player's choice stays secret and may be changed until the last player is
ready; then the decision closes, `state.decision` moves on by one and the automatic steps of
`steps.py` run. Read-only questions live in `rules.py`.
"""

from __future__ import annotations

from games.christmas_tree.board import cell_number
from games.christmas_tree.data import (
    BOARD_CELLS,
    DECKS,
    GINGERBREAD_CODES,
    MODES,
    ROTATIONS,
    DeckRule,
    Mode,
    Phase,
    base_deck,
    seats_for,
)
from games.christmas_tree.events import CookiePlanned, ObjectiveChosen, ObjectiveRecorded, Ready, TurnRecorded
from games.christmas_tree.models import (
    ChooseObjective,
    CookieOp,
    CTState,
    Done,
    PendingTurn,
    Place,
    Rotate,
    Stage,
    Swap,
)
from games.christmas_tree.objectives import pool
from games.christmas_tree.rules import (
    cookies_left,
    is_player,
    is_staged,
    legal_cells,
    mode_rules,
    preview,
    rotations_of,
    to_decide,
)
from games.christmas_tree.steps import close_objectives, close_turn, start_round
from games.core import Audience, Event, IllegalAction
from games.core.dispatch import Handler, dispatch
from games.core.rng import Rng
from games.core.words import N_

CANDY_UPRIGHT = N_("A wrapped candy has no top or bottom: it always stands upright.")


# -- setup (spec 4.2) -----------------------------------------------------------------------------
def new_state(players: int, mode: Mode, seed: int) -> CTState:
    rules = MODES[mode]
    seats = seats_for(players)
    rng = Rng(seed=seed)
    deck_rule: DeckRule = DECKS[seats]
    gingerbreads = rng.shuffled(GINGERBREAD_CODES)[: deck_rule.gingerbreads_per_seat * seats]
    deck = rng.shuffled(base_deck(seats) + gingerbreads)
    objectives = rng.shuffled(pool(rules.bells))
    dealt = []
    for _ in range(players):
        dealt.append(sorted(objectives[: rules.objectives_dealt]))
        del objectives[: rules.objectives_dealt]
    state = CTState(
        rng=rng,
        mode=mode,
        num_players=players,
        num_seats=seats,
        phase=Phase.TURN,
        deck=deck,
        trees=[[None] * BOARD_CELLS for _ in range(seats)],
        cookies=[rules.cookies if seat < players else 0 for seat in range(seats)],
        objective_cards=dealt + [[] for _ in range(seats - players)],
        objective_pool=objectives,
    )
    start_round(state, [])
    return state


# -- actions --------------------------------------------------------------------------------------
def apply_action(state: CTState, seat: int, action: object) -> list[Event]:
    if not is_player(state, seat):
        raise IllegalAction(N_("You are not playing in this game."))
    if state.phase == Phase.GAME_OVER:
        raise IllegalAction(N_("The game is over."))
    return dispatch(_HANDLERS, state, seat, action, "Christmas Tree")


def _choose_objective(state: CTState, seat: int, action: ChooseObjective, out: list[Event]) -> bool:
    if state.phase != Phase.OBJECTIVES:
        raise IllegalAction(N_("It is not time to choose an objective."))
    cards = state.objective_cards[seat]
    if not 0 <= action.index < len(cards):
        raise IllegalAction(N_("You have no such objective card."))
    code = cards[action.index]
    changed = seat in state.choices
    if state.choices.get(seat) == code:
        raise IllegalAction(N_("You already chose that objective."))
    state.choices[seat] = code
    out.append(ObjectiveRecorded(seat=seat, code=code, changed=changed, audience=Audience.only(seat)))
    if not changed:
        out.append(ObjectiveChosen(seat=seat))
    if to_decide(state):
        return False
    close_objectives(state, out)
    return True


def _check_turn(state: CTState) -> None:
    if state.phase != Phase.TURN:
        raise IllegalAction(N_("It is not time to place a card: choose your objective first."))


def _check_rotation(*rotations: int) -> None:
    if any(rotation not in ROTATIONS for rotation in rotations):
        raise IllegalAction(N_("A card is placed upright (0) or upside down (180), nothing else."))


def _check_cell(cell: int) -> None:
    if not 0 <= cell < BOARD_CELLS:
        raise IllegalAction(N_("The tree has cells {first}-{last} only."), first=0, last=BOARD_CELLS - 1)


def _set_turn(state: CTState, seat: int, action: Place | Stage, confirmed: bool, out: list[Event]) -> bool:
    _check_turn(state)
    hand = state.hands[seat].cards
    if not 0 <= action.card_index < len(hand):
        raise IllegalAction(N_("There is no such card in the hand you hold."))
    _check_cell(action.cell)
    _check_rotation(action.rotation)
    if action.rotation not in rotations_of(hand[action.card_index]):
        raise IllegalAction(CANDY_UPRIGHT)
    if state.trees[seat][action.cell] is not None:
        raise IllegalAction(N_("Cell {cell} already holds a card."), cell=cell_number(action.cell))
    if action.cell not in legal_cells(state, seat):
        raise IllegalAction(
            N_("In the advanced game a card must touch a card already on your tree with a side.")
        )
    if not confirmed and state.cookies[seat] <= 0:
        raise IllegalAction(N_("You have no linzer cookies left."))
    new = PendingTurn(
        card_index=action.card_index, cell=action.cell, rotation=action.rotation, confirmed=confirmed
    )
    old = state.pending.get(seat)
    if new == old:
        raise IllegalAction(N_("That is already your choice for this turn."))
    state.pending[seat] = new
    card = hand[action.card_index]
    out.append(
        TurnRecorded(
            seat=seat,
            card=card,
            cell=action.cell,
            rotation=action.rotation,
            staged=not confirmed,
            changed=old is not None,
            audience=Audience.only(seat),
        )
    )
    was_ready = old is not None and old.confirmed
    if was_ready != confirmed:
        out.append(Ready(seat=seat, ready=confirmed))
    return _maybe_close_turn(state, out)


def _maybe_close_turn(state: CTState, out: list[Event]) -> bool:
    if to_decide(state):
        return False
    close_turn(state, out)
    return True


def _place(state: CTState, seat: int, action: Place, out: list[Event]) -> bool:
    return _set_turn(state, seat, action, True, out)


def _stage(state: CTState, seat: int, action: Stage, out: list[Event]) -> bool:
    return _set_turn(state, seat, action, False, out)


def _plan_cookie(state: CTState, seat: int, op: CookieOp, out: list[Event]) -> bool:
    _check_turn(state)
    if mode_rules(state).cookies == 0:
        raise IllegalAction(N_("There are no linzer cookies in the family game."))
    if not is_staged(state, seat):
        raise IllegalAction(
            N_("Cookies are used after placing this turn's card: choose it with `stage` first.")
        )
    if cookies_left(state, seat) <= 0:
        raise IllegalAction(N_("You have no linzer cookies left."))
    tree = preview(state, seat)
    for cell in (op.a, op.b):
        if cell is not None:
            _check_cell(cell)
            if tree[cell] is None:
                raise IllegalAction(N_("There is no card on cell {cell}."), cell=cell_number(cell))
    landing = [] if op.b is None else [(tree[op.b], op.rot_a), (tree[op.a], op.rot_b)]
    turned = tree[op.a]
    if op.op == "rotate" and turned is not None and len(rotations_of(turned.card)) < 2:
        raise IllegalAction(N_("Turning a wrapped candy over changes nothing."))
    for slot, rotation in landing:
        if slot is not None and rotation not in rotations_of(slot.card):
            raise IllegalAction(CANDY_UPRIGHT)
    state.pending[seat].cookies.append(op)
    left = cookies_left(state, seat)
    out.append(CookiePlanned(**op.model_dump(), seat=seat, cookies_left=left, audience=Audience.only(seat)))
    return False


def _swap(state: CTState, seat: int, action: Swap, out: list[Event]) -> bool:
    if action.a == action.b:
        raise IllegalAction(N_("Swap two different cards."))
    if action.a > action.b:
        raise IllegalAction(N_("Name the lower-numbered cell first (a < b)."))
    _check_rotation(action.rot_a, action.rot_b)
    op = CookieOp(op="swap", a=action.a, b=action.b, rot_a=action.rot_a, rot_b=action.rot_b)
    return _plan_cookie(state, seat, op, out)


def _rotate(state: CTState, seat: int, action: Rotate, out: list[Event]) -> bool:
    return _plan_cookie(state, seat, CookieOp(op="rotate", a=action.cell), out)


def _done(state: CTState, seat: int, action: Done, out: list[Event]) -> bool:
    _check_turn(state)
    if not is_staged(state, seat):
        raise IllegalAction(N_("There is no open turn to finish."))
    state.pending[seat].confirmed = True
    out.append(Ready(seat=seat))
    return _maybe_close_turn(state, out)


_HANDLERS: dict[type, Handler] = {
    ChooseObjective: _choose_objective,
    Place: _place,
    Stage: _stage,
    Swap: _swap,
    Rotate: _rotate,
    Done: _done,
}
