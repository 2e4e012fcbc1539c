"""The automatic steps of the state machine (spec section 5): deal, reveal, place, pass, evaluate.

Each step appends its events to `out` and leaves the state at the next decision (or GAME_OVER).
Chance (the neutral seat's card and cell, its objective, the Family table objectives) only ever
comes from `state.rng`.
"""

from __future__ import annotations

from games.christmas_tree.data import HAND_SIZE, ROUNDS, TURNS, ObjectiveStyle, Phase
from games.christmas_tree.events import (
    CardPlaced,
    CookieUsed,
    FinalScored,
    GameOver,
    HandReceived,
    HandsPassed,
    LastCardsDiscarded,
    ObjectiveScored,
    ObjectivesHidden,
    ObjectivesRevealed,
    RoundScored,
    RoundStarted,
    TableObjectives,
)
from games.christmas_tree.models import CTState, FinalScore, Hand, ObjectiveResult, RoundObjective
from games.christmas_tree.objectives import score_objective
from games.christmas_tree.rules import (
    apply_cookie,
    direction,
    is_player,
    mode_rules,
    neutral_seat,
    objective_points,
    total,
    winners,
)
from games.christmas_tree.scoring import Slot, final_parts, free_cells
from games.core import Audience, Event


def start_round(state: CTState, out: list[Event]) -> None:
    """R1 DEAL and R2 OBJECTIVES (spec 5)."""
    state.turn = 1
    state.objectives, state.choices, state.pending = [], {}, {}
    state.hands = []
    for seat in range(state.num_seats):
        cards, state.deck = state.deck[:HAND_SIZE], state.deck[HAND_SIZE:]
        state.hands.append(Hand(cards=sorted(cards), origin=seat))
    out.append(RoundStarted(round=state.round, direction=direction(state), deck_size=len(state.deck)))
    _tell_hands(state, out)
    rules = mode_rules(state)
    if rules.style == ObjectiveStyle.TABLE:
        drawn = state.objective_pool[: rules.table_objectives]
        del state.objective_pool[: rules.table_objectives]
        state.objectives = [RoundObjective(code=code, owner=None) for code in drawn]
        out.append(TableObjectives(round=state.round, codes=drawn))
        state.phase = Phase.TURN
    else:
        state.phase = Phase.OBJECTIVES


def _tell_hands(state: CTState, out: list[Event]) -> None:
    for seat in range(state.num_players):
        hand = state.hands[seat]
        out.append(
            HandReceived(
                seat=seat,
                round=state.round,
                turn=state.turn,
                cards=list(hand.cards),
                objective=hand.objective,
                audience=Audience.only(seat),
            )
        )


def close_objectives(state: CTState, out: list[Event]) -> None:
    """Everyone has chosen: the neutral seat draws at random (spec 9); reveal (Normal) or hide the
    cards in the hands (Advanced, spec 13 #15)."""
    chosen = dict(sorted(state.choices.items()))
    for seat, code in chosen.items():
        state.objective_cards[seat].remove(code)
    neutral = neutral_seat(state)
    if neutral is not None and state.objective_pool:
        code = state.objective_pool.pop(state.rng.below(len(state.objective_pool)))
        chosen[neutral] = code
    state.choices = {}
    if mode_rules(state).style == ObjectiveStyle.HIDDEN:
        for seat, code in chosen.items():
            state.hands[seat].objective = code
        out.append(ObjectivesHidden(round=state.round))
    else:
        state.objectives = [RoundObjective(code=code, owner=seat) for seat, code in chosen.items()]
        out.append(ObjectivesRevealed(round=state.round, codes=list(chosen.values()), owners=list(chosen)))
    state.phase = Phase.TURN


def close_turn(state: CTState, out: list[Event]) -> None:
    """R3c-R3e: reveal and place every card, use the planned cookies, then pass (or end the round)."""
    for seat in range(state.num_seats):
        hand = state.hands[seat]
        tree = state.trees[seat]
        if is_player(state, seat):
            pending = state.pending[seat]
            card, cell, rotation = hand.cards.pop(pending.card_index), pending.cell, pending.rotation
        else:  # the neutral seat: a random card on a random free cell, orientation 0 (spec 13 #16)
            card = hand.cards.pop(state.rng.below(len(hand.cards)))
            cell, rotation = state.rng.choice(free_cells(tree)), 0
        assert tree[cell] is None
        tree[cell] = Slot(card, rotation)
        out.append(
            CardPlaced(seat=seat, round=state.round, turn=state.turn, card=card, cell=cell, rotation=rotation)
        )
        if seat in state.pending:
            for op in state.pending[seat].cookies:
                apply_cookie(tree, op)
                state.cookies[seat] -= 1
                out.append(CookieUsed(**op.model_dump(), seat=seat, cookies_left=state.cookies[seat]))
    state.pending = {}
    if state.turn < TURNS:
        _pass_hands(state, out)
    else:
        _end_round(state, out)


def _pass_hands(state: CTState, out: list[Event]) -> None:
    step = direction(state)
    n = state.num_seats
    passed = [state.hands[0]] * n
    for seat, hand in enumerate(state.hands):
        passed[(seat + step) % n] = hand
    state.hands = passed
    state.turn += 1
    out.append(HandsPassed(direction=step, turn=state.turn))
    if state.turn == n + 1 and mode_rules(state).style == ObjectiveStyle.HIDDEN:
        _return_objectives(state, out)
    _tell_hands(state, out)


def _return_objectives(state: CTState, out: list[Event]) -> None:
    """R3a (Advanced): every hand is home again; its objective is taken out and revealed."""
    for seat, hand in enumerate(state.hands):
        assert hand.origin == seat
        if hand.objective is not None:
            state.objectives.append(RoundObjective(code=hand.objective, owner=seat))
            hand.objective = None
    out.append(
        ObjectivesRevealed(
            round=state.round,
            codes=[o.code for o in state.objectives],
            owners=[o.owner for o in state.objectives],  # type: ignore[misc]
        )
    )


def _end_round(state: CTState, out: list[Event]) -> None:
    """The 8th card leaves the game; R4 EVALUATE; next round or FINAL."""
    for hand in state.hands:
        state.discarded += hand.cards
        hand.cards = []
    out.append(LastCardsDiscarded(round=state.round))
    scored = [is_player(state, seat) for seat in range(state.num_seats)]
    for objective in state.objectives:
        points, counts = score_objective(objective.code, state.trees, scored)
        result = ObjectiveResult(
            round=state.round, code=objective.code, owner=objective.owner, points=points, counts=counts
        )
        state.results.append(result)
        out.append(ObjectiveScored(**result.model_dump()))
    state.objectives = []  # used objectives leave the game (spec 8.1)
    players = range(state.num_players)
    out.append(
        RoundScored(
            round=state.round,
            points=[objective_points(state, seat, state.round) for seat in players],
            totals=[objective_points(state, seat) for seat in players],
        )
    )
    if state.round < ROUNDS:
        state.round += 1
        start_round(state, out)
        return
    _final(state, out)


def _final(state: CTState, out: list[Event]) -> None:
    """Spec 7: card values, gingerbreads, bulbs and cookies for every player; the winners."""
    state.final = []
    for seat in range(state.num_players):
        parts = final_parts(state.trees[seat], state.cookies[seat])
        state.final.append(FinalScore(**parts._asdict()))
    state.phase = Phase.GAME_OVER
    for seat in range(state.num_players):
        out.append(FinalScored(seat=seat, **state.final[seat].model_dump(), total=total(state, seat)))
    out.append(GameOver(winners=winners(state), totals=[total(state, s) for s in range(state.num_players)]))
