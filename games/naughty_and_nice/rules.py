"""Read-only questions about a Naughty & Nice state: who decides, what is legal, what may be taken."""

from __future__ import annotations

from games.naughty_and_nice.data import END_TRIGGER, HAND_LIMIT, MAX_DRAWS, CardType, Declaration, Phase, card
from games.naughty_and_nice.models import (
    Declare,
    DeclareEnd,
    Draw,
    NNState,
    Orient,
    Pass,
    Play,
    Stop,
    StopTaking,
    Take,
)


def is_player(state: NNState, seat: int) -> bool:
    return 0 <= seat < state.num_players


def shinies_in_play(state: NNState, seat: int) -> list[str]:
    """`seat`'s Shiny! cards in play, in play-area order (spec 5.1: each needs an orientation)."""
    return [c for c in state.play_areas[seat] if card(c).type == CardType.SHINY]


def has_oriented(state: NNState, seat: int) -> bool:
    """Every Shiny! card of `seat` has an orientation (trivially so with none)."""
    chosen = state.orientations.get(seat, {})
    return all(c in chosen for c in shinies_in_play(state, seat))


def end_trigger_met(state: NNState) -> bool:
    """Spec 4.6.2: some player has 10 or more cards in play."""
    return any(len(area) >= END_TRIGGER for area in state.play_areas)


def can_declare_end(state: NNState) -> bool:
    """Spec 4.6.2-3: nobody has declared yet and the trigger is met."""
    return state.end_declared_by is None and end_trigger_met(state)


def can_draw_more(state: NNState) -> bool:
    """Spec 4.3: fewer than 4 draws so far and a card left in the draw or discard pile."""
    return state.draws_this_turn < MAX_DRAWS and bool(state.draw_pile or state.discard_pile)


def must_play(state: NNState) -> bool:
    return len(state.hands[state.active_seat]) > HAND_LIMIT


def steal_candidates(state: NNState) -> list[str]:
    """T3a: the cards of the target's play area the pending Shiny! can still take (not the Shiny!
    just played, and the absolute value within the budget left)."""
    steal = state.steal
    if steal is None:
        return []
    return [
        c for c in state.play_areas[steal.target] if c != steal.shiny and card(c).cost <= steal.budget_left
    ]


def to_decide(state: NNState) -> frozenset[int]:
    if state.phase == Phase.GAME_OVER:
        return frozenset()
    if state.phase == Phase.ORIENT:
        return frozenset(seat for seat in range(state.num_players) if not has_oriented(state, seat))
    return frozenset({state.active_seat})


def legal_actions(state: NNState, seat: int) -> list:
    """Everything `seat` may send now. In ORIENT a seat that has oriented every card may still
    change an orientation (re-sending the same one would change nothing and is left out)."""
    if not is_player(state, seat) or state.phase == Phase.GAME_OVER:
        return []
    if state.phase == Phase.ORIENT:
        chosen = state.orientations.get(seat, {})
        return [
            Orient(card=c, face_up=face_up)
            for c in shinies_in_play(state, seat)
            for face_up in (True, False)
            if chosen.get(c) != face_up
        ]
    if seat != state.active_seat:
        return []
    if state.phase == Phase.DECLARE:
        return [Declare(declaration=d) for d in Declaration]
    if state.phase == Phase.DRAW:
        return [Draw(), Stop()]
    if state.phase == Phase.PLAY:
        return [Play(card=c, target=t) for c in state.hands[seat] for t in range(state.num_players)]
    if state.phase == Phase.STEAL:
        return [Take(card=c) for c in steal_candidates(state)] + [StopTaking()]
    if state.phase == Phase.END_OF_TURN:
        return [DeclareEnd(), Pass()]
    return []
