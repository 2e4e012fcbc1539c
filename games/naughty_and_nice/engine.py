"""The Naughty & Nice state machine (spec sections 3-5): setup and the nine actions.

`apply_action` mutates the state it is given (the caller hands it a private copy) and returns the
events. Chance only ever comes from `state.rng`. Automatic steps live in `steps.py`, read-only
questions in `rules.py`.
"""

from __future__ import annotations

from games.core import Audience, Event, IllegalAction
from games.core.dispatch import Handler, dispatch
from games.core.rng import Rng
from games.core.words import N_
from games.naughty_and_nice.data import CARDS, DECK, CardType, Phase, card
from games.naughty_and_nice.events import (
    CardPlayed,
    CardTaken,
    Declared,
    EndDeclared,
    OrientationRecorded,
    Oriented,
    Passed,
    StealEnded,
    StealStarted,
)
from games.naughty_and_nice.models import (
    Declare,
    DeclareEnd,
    Draw,
    NNState,
    Orient,
    Pass,
    Play,
    Steal,
    Stop,
    StopTaking,
    Take,
)
from games.naughty_and_nice.rules import has_oriented, is_player, shinies_in_play, steal_candidates, to_decide
from games.naughty_and_nice.steps import (
    after_draw,
    after_play,
    close_orientation,
    draw_one,
    finish_drawing,
    next_turn,
    nothing_to_draw,
)


# -- setup (spec 3) -----------------------------------------------------------------------------
def new_state(num_players: int, seed: int) -> NNState:
    rng = Rng(seed=seed)
    draw_pile = rng.shuffled(DECK)
    first = rng.below(num_players)
    return NNState(
        rng=rng,
        num_players=num_players,
        hands=[[] for _ in range(num_players)],
        play_areas=[[] for _ in range(num_players)],
        draw_pile=draw_pile,
        first_seat=first,
        active_seat=first,
    )


# -- actions ------------------------------------------------------------------------------------
def apply_action(state: NNState, seat: int, action: object) -> list[Event]:
    if not is_player(state, seat):
        raise IllegalAction(N_("You are not playing in this game."))
    if state.phase == Phase.GAME_OVER:
        raise IllegalAction(N_("The game is over."))
    return dispatch(_HANDLERS, state, seat, action, "Naughty & Nice")


def _check_turn(state: NNState, seat: int, phase: Phase, not_now: str) -> None:
    """`not_now`: the refusal when it is the seat's turn but not the time for this (a marked text)."""
    if state.phase == Phase.ORIENT:
        raise IllegalAction(N_("The game is over: only the Shiny! orientations are left to choose."))
    if seat != state.active_seat:
        raise IllegalAction(N_("It is not your turn."))
    if state.phase != phase:
        raise IllegalAction(not_now)


def _declare(state: NNState, seat: int, action: Declare, out: list[Event]) -> bool:
    _check_turn(state, seat, Phase.DECLARE, N_("You cannot declare now."))
    state.declaration = action.declaration
    out.append(Declared(seat=seat, declaration=action.declaration))
    if draw_one(state, out):
        after_draw(state, out)
    else:  # (a game stored before turns with nothing to draw skipped their declaration)
        nothing_to_draw(state, out)
    return True


def _draw(state: NNState, seat: int, action: Draw, out: list[Event]) -> bool:
    _check_turn(state, seat, Phase.DRAW, N_("You cannot draw now."))
    drew = draw_one(state, out)
    assert drew, "the DRAW phase is only open while a card is left"
    after_draw(state, out)
    return True


def _stop(state: NNState, seat: int, action: Stop, out: list[Event]) -> bool:
    _check_turn(state, seat, Phase.DRAW, N_("You cannot stop drawing now."))
    finish_drawing(state, out, "stopped")
    return True


def _play(state: NNState, seat: int, action: Play, out: list[Event]) -> bool:
    _check_turn(state, seat, Phase.PLAY, N_("You cannot play a card now."))
    hand = state.hands[seat]
    if action.card not in hand:
        raise IllegalAction(N_("That card is not in your hand."))
    if not is_player(state, action.target):
        raise IllegalAction(N_("That player is not in this game."))
    hand.remove(action.card)
    state.play_areas[action.target].append(action.card)
    out.append(CardPlayed(seat=seat, card=action.card, target=action.target))
    shiny = card(action.card)
    if shiny.type == CardType.SHINY and action.target != seat:
        state.steal = Steal(shiny=shiny.id, target=action.target, budget_left=shiny.value)
        if steal_candidates(state):
            state.phase = Phase.STEAL
            out.append(StealStarted(seat=seat, target=action.target, shiny=shiny.id, budget=shiny.value))
            return True
        state.steal = None
    after_play(state, out)
    return True


def _take(state: NNState, seat: int, action: Take, out: list[Event]) -> bool:
    _check_turn(state, seat, Phase.STEAL, N_("You cannot take a card now."))
    steal = state.steal
    assert steal is not None
    area = state.play_areas[steal.target]
    if action.card not in area:
        raise IllegalAction(N_("That card is not in play in front of that player."))
    if action.card == steal.shiny:
        raise IllegalAction(N_("The Shiny! card you just played stays where it is."))
    cost = CARDS[action.card].cost
    if cost > steal.budget_left:
        raise IllegalAction(
            N_("That card is worth {cost}: only {left} is left to take."), cost=cost, left=steal.budget_left
        )
    area.remove(action.card)
    state.play_areas[seat].append(action.card)
    steal.budget_left -= cost
    steal.taken.append(action.card)
    out.append(CardTaken(seat=seat, target=steal.target, card=action.card, budget_left=steal.budget_left))
    if not steal_candidates(state):
        _end_steal(state, out)
    return True


def _stop_taking(state: NNState, seat: int, action: StopTaking, out: list[Event]) -> bool:
    _check_turn(state, seat, Phase.STEAL, N_("You cannot stop taking now."))
    _end_steal(state, out)
    return True


def _end_steal(state: NNState, out: list[Event]) -> None:
    steal = state.steal
    assert steal is not None
    out.append(
        StealEnded(seat=state.active_seat, target=steal.target, taken=list(steal.taken), shiny=steal.shiny)
    )
    state.steal = None
    after_play(state, out)


def _declare_end(state: NNState, seat: int, action: DeclareEnd, out: list[Event]) -> bool:
    _check_turn(state, seat, Phase.END_OF_TURN, N_("You cannot declare the end now."))
    state.end_declared_by = seat
    state.end_declared_turn_no = state.turn_no
    out.append(EndDeclared(seat=seat, turn_no=state.turn_no))
    next_turn(state, out)
    return True


def _pass(state: NNState, seat: int, action: Pass, out: list[Event]) -> bool:
    _check_turn(state, seat, Phase.END_OF_TURN, N_("You cannot pass now."))
    out.append(Passed(seat=seat))
    next_turn(state, out)
    return True


def _orient(state: NNState, seat: int, action: Orient, out: list[Event]) -> bool:
    if state.phase != Phase.ORIENT:
        raise IllegalAction(N_("Shiny! cards are turned face up or face down only when the game ends."))
    if action.card not in shinies_in_play(state, seat):
        raise IllegalAction(N_("That is not one of your Shiny! cards in play."))
    chosen = state.orientations.setdefault(seat, {})
    changed = action.card in chosen
    if chosen.get(action.card) == action.face_up:
        raise IllegalAction(
            N_("That card is already face up.") if action.face_up else N_("That card is already face down.")
        )
    was_ready = has_oriented(state, seat)
    chosen[action.card] = action.face_up
    out.append(
        OrientationRecorded(
            seat=seat, card=action.card, face_up=action.face_up, changed=changed, audience=Audience.only(seat)
        )
    )
    if not was_ready and has_oriented(state, seat):
        out.append(Oriented(seat=seat))
    if to_decide(state):
        return False
    close_orientation(state, out)
    return True


_HANDLERS: dict[type, Handler] = {
    Declare: _declare,
    Draw: _draw,
    Stop: _stop,
    Play: _play,
    Take: _take,
    StopTaking: _stop_taking,
    DeclareEnd: _declare_end,
    Pass: _pass,
    Orient: _orient,
}
