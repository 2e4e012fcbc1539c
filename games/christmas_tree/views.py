"""Per-seat views: the one door from the hidden state to a renderer (spec 5, "hidden information").

A seat sees its own hand (the one it holds now, with any Advanced objective riding in it), its own
objective cards and pending choices, the objectives it has seen travelling, and everything public:
the trees and cookies as last revealed, hand sizes, the deck size, who is ready, revealed
objectives and scores. Never another seat's hand or pending choice, never an unseen hidden
objective, never the deck, the unused gingerbreads or the thrown-away cards.
"""

from __future__ import annotations

from games.christmas_tree import rules
from games.christmas_tree.data import DIRECTION_NAME, ObjectiveStyle, Phase
from games.christmas_tree.models import CTState, CTView, ScoreBreakdown, SeatPublic


def seen_objectives(state: CTState, seat: int) -> dict[int, str]:
    """Advanced, before the hands come home: the objectives in the hands `seat` has held this round
    (turns 1..now: the hand of turn u was dealt to `origin_of_hand(seat, u)`), its own included."""
    if rules.mode_rules(state).style != ObjectiveStyle.HIDDEN or state.phase != Phase.TURN:
        return {}
    riding = {hand.origin: hand.objective for hand in state.hands if hand.objective is not None}
    origins = {rules.origin_of_hand(state, seat, u) for u in range(1, state.turn + 1)}
    return {origin: riding[origin] for origin in sorted(origins) if origin in riding}


def breakdown(state: CTState) -> list[ScoreBreakdown]:
    return [
        ScoreBreakdown(
            seat=seat,
            objectives_by_round=rules.objectives_by_round(state, seat),
            final=None if state.final is None else state.final[seat],
            total=rules.total(state, seat),
        )
        for seat in range(state.num_players)
    ]


def build_view(state: CTState, seat: int | None) -> CTView:
    neutral = rules.neutral_seat(state)
    seats = [
        SeatPublic(
            seat=s,
            neutral=s == neutral,
            tree=list(state.trees[s]),
            cookies=state.cookies[s],
            hand_size=len(state.hands[s].cards) if state.hands else 0,
            ready=rules.is_ready(state, s),
            points=rules.total(state, s) if rules.is_player(state, s) else 0,
        )
        for s in range(state.num_seats)
    ]
    step = rules.direction(state)
    view = CTView(
        seat=seat,
        mode=state.mode,
        num_players=state.num_players,
        num_seats=state.num_seats,
        neutral_seat=neutral,
        phase=state.phase,
        round=state.round,
        turn=state.turn,
        direction=step,
        direction_name=DIRECTION_NAME[step],
        deck_size=len(state.deck),
        to_decide=sorted(rules.to_decide(state)),
        seats=seats,
        objectives=list(state.objectives),
        results=list(state.results),
        breakdown=breakdown(state),
        winners=rules.winners(state),
    )
    if seat is None or not rules.is_player(state, seat):
        return view
    view.objective_cards = list(state.objective_cards[seat])
    view.cookies_left = rules.cookies_left(state, seat)
    if state.phase == Phase.GAME_OVER:
        return view
    hand = state.hands[seat]
    view.hand = list(hand.cards)
    view.hand_objective = hand.objective
    view.my_choice = state.choices.get(seat)
    view.seen_objectives = seen_objectives(state, seat)
    pending = state.pending.get(seat)
    view.pending = None if pending is None else pending.model_copy(deep=True)
    view.preview = rules.preview(state, seat)
    view.legal_cells = rules.legal_cells(state, seat)
    view.can_use_cookies = rules.is_staged(state, seat) and view.cookies_left > 0
    return view
