"""The automatic steps of Naughty & Nice: drawing a card, ending phases, turns and the game."""

from __future__ import annotations

from typing import Literal

from games.core import Audience, Event
from games.naughty_and_nice.data import (
    DIE_SIDES,
    DISCARDED_UNDER,
    MAX_DRAWS,
    Declaration,
    Phase,
    card,
    counts_face_up,
)
from games.naughty_and_nice.events import (
    CardDrawn,
    CardShown,
    DieRolled,
    DrawingDone,
    DrewCard,
    GameEnding,
    GameOver,
    NothingToDraw,
    OrientationsRevealed,
    Reshuffled,
    TurnStarted,
)
from games.naughty_and_nice.models import DrawnCard, NNState
from games.naughty_and_nice.rules import can_declare_end, can_draw_more, must_play, shinies_in_play
from games.naughty_and_nice.scoring import player_result, winners


# -- drawing (spec 4.3) -------------------------------------------------------------------------
def draw_one(state: NNState, out: list[Event]) -> bool:
    """Draw the top card (reshuffling the discards first if the pile is empty): into the hand, or
    onto the discard pile when it is of the type the declaration throws away. False: no card."""
    if not state.draw_pile:
        if not state.discard_pile:
            return False
        state.draw_pile = state.rng.shuffled(state.discard_pile)
        state.discard_pile = []
        out.append(Reshuffled(draw_pile_size=len(state.draw_pile)))
    seat = state.active_seat
    drawn = state.draw_pile.pop(0)
    state.draws_this_turn += 1
    declaration = state.declaration or Declaration.NONE
    kept = card(drawn).type != DISCARDED_UNDER[declaration]
    (state.hands[seat] if kept else state.discard_pile).append(drawn)
    state.drawn_this_turn.append(DrawnCard(card=drawn, kept=kept))
    draws = state.draws_this_turn
    if declaration == Declaration.NONE:
        out.append(CardDrawn(seat=seat, card=drawn, draws=draws, audience=Audience.only(seat)))
        out.append(DrewCard(seat=seat, draws=draws))
    else:
        out.append(CardShown(seat=seat, card=drawn, kept=kept, draws=draws))
    return True


def nothing_to_draw(state: NNState, out: list[Event]) -> None:
    """Spec 4.3 step 1: both piles are empty before the turn's first draw: the draw phase ends
    (the game ends with this turn)."""
    state.drew_nothing = True
    out.append(NothingToDraw(seat=state.active_seat))
    finish_drawing(state, out, "empty")


def after_draw(state: NNState, out: list[Event]) -> None:
    """Drawing goes on by choice, unless 4 draws are made or both piles are empty."""
    if can_draw_more(state):
        state.phase = Phase.DRAW
        return
    finish_drawing(state, out, "empty" if state.draws_this_turn < MAX_DRAWS else "max")


def finish_drawing(state: NNState, out: list[Event], reason: Literal["stopped", "max", "empty"]) -> None:
    seat = state.active_seat
    out.append(
        DrawingDone(seat=seat, draws=state.draws_this_turn, hand_size=len(state.hands[seat]), reason=reason)
    )
    after_play(state, out)


# -- playing, the end of a turn (spec 4.4-4.6) --------------------------------------------------
def after_play(state: NNState, out: list[Event]) -> None:
    """Play on while the hand holds more than 2 cards; then the turn ends."""
    if must_play(state):
        state.phase = Phase.PLAY
        return
    finish_turn(state, out)


def is_last_turn(state: NNState) -> bool:
    """Spec 4.6.1: this is the declarer's next turn."""
    return (
        state.end_declared_by == state.active_seat
        and state.end_declared_turn_no is not None
        and state.turn_no > state.end_declared_turn_no
    )


def finish_turn(state: NNState, out: list[Event]) -> None:
    if is_last_turn(state):
        end_game(state, out, "declared")
    elif state.drew_nothing:
        end_game(state, out, "no_cards")
    elif can_declare_end(state):
        state.phase = Phase.END_OF_TURN
    else:
        next_turn(state, out)


def next_turn(state: NNState, out: list[Event]) -> None:
    state.active_seat = (state.active_seat + 1) % state.num_players
    state.turn_no += 1
    state.phase = Phase.DECLARE
    state.declaration = None
    state.draws_this_turn = 0
    state.drawn_this_turn = []
    state.drew_nothing = False
    state.steal = None
    out.append(TurnStarted(seat=state.active_seat, turn_no=state.turn_no, last_turn=is_last_turn(state)))
    if not (state.draw_pile or state.discard_pile):  # (no declaration to ask for: nothing to draw)
        nothing_to_draw(state, out)


# -- the end (spec 5) ---------------------------------------------------------------------------
def end_game(state: NNState, out: list[Event], reason: Literal["declared", "no_cards"]) -> None:
    state.end_reason = reason
    state.phase = Phase.ORIENT
    state.orientations = {}
    orienting = [seat for seat in range(state.num_players) if shinies_in_play(state, seat)]
    out.append(GameEnding(reason=reason, orienting=orienting))
    if not orienting:
        score(state, out)


def close_orientation(state: NNState, out: list[Event]) -> None:
    """Every Shiny! card is oriented: reveal them all together, then roll and score."""
    revealed = {
        seat: dict(sorted(cards.items())) for seat, cards in sorted(state.orientations.items()) if cards
    }
    state.orientations = revealed
    out.append(OrientationsRevealed(orientations=revealed))
    score(state, out)


def score(state: NNState, out: list[Event]) -> None:
    roll = state.rng.below(DIE_SIDES) + 1
    state.die_roll = roll
    out.append(DieRolled(roll=roll, face_up_counts=counts_face_up(roll)))
    state.results = [
        player_result(
            seat,
            state.play_areas[seat],
            state.orientations.get(seat, {}),
            roll,
            len(state.hands[seat]),
        )
        for seat in range(state.num_players)
    ]
    state.winners = winners(state.results)
    state.phase = Phase.GAME_OVER
    out.append(GameOver(results=list(state.results), winners=list(state.winners)))
