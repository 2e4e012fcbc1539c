"""The turn clock's defaults (`ChristmasTree.default_action`): legal, make progress, reveal nothing."""

from __future__ import annotations

import random

import pytest

from games.christmas_tree import ChooseObjective, CTState, Done, Phase, Place, Stage
from games.christmas_tree.clock import blind_index
from tests.games.clock_contract import (
    check_defaults_apply,
    check_same_default,
    play_by_defaults,
    states_of_random_games,
)

from .helpers import G, new

CASES = [(n, mode) for mode in ("family", "normal", "advanced") for n in (2, 3, 4)]


def scrambled(state: CTState, seat: int, chooser: random.Random) -> CTState:
    """`state` with what `seat` cannot see shuffled: the deck, the cards in the other hands
    (sizes kept) and the other players' secret objective cards."""
    other = state.model_copy(deep=True)
    chooser.shuffle(other.deck)
    others = [s for s in range(state.num_seats) if s != seat]
    pool = [card for s in others for card in state.hands[s].cards]
    chooser.shuffle(pool)
    for s in others:
        size = len(state.hands[s].cards)
        other.hands[s].cards, pool = sorted(pool[:size]), pool[size:]
    secret = [list(state.objective_cards[s]) for s in others]
    chooser.shuffle(secret)
    for s, cards in zip(others, secret, strict=True):
        other.objective_cards[s] = cards
    return other


@pytest.mark.parametrize(("n", "mode"), CASES)
def test_every_default_is_legal_and_blind_to_others_secrets(n: int, mode: str) -> None:
    chooser = random.Random(n)
    applied = 0
    options = G.parse_options({"mode": mode})
    for state in states_of_random_games(G, n, options, range(1)):
        applied += check_defaults_apply(G, state)
        for seat in G.to_decide(state):
            check_same_default(G, state, scrambled(state, seat, chooser), seat)
    assert applied > 20


@pytest.mark.parametrize(("n", "mode"), CASES)
def test_a_game_of_defaults_only_ends(n: int, mode: str) -> None:
    final = play_by_defaults(G, n, G.parse_options({"mode": mode}), seed=n)
    assert final.phase == Phase.GAME_OVER and G.outcome(final) is not None


def test_objective_and_turn_defaults() -> None:
    state = new(3, "normal", seed=4)
    assert state.phase == Phase.OBJECTIVES
    action = G.default_action(state, 1)
    assert action == ChooseObjective(index=blind_index(state, 1, len(state.objective_cards[1])))
    for seat in range(3):
        state = G.apply(state, seat, G.default_action(state, seat)).state
    assert state.phase == Phase.TURN
    action = G.default_action(state, 0)
    assert isinstance(action, Place) and action.rotation == 0
    assert action.cell == min(
        c for c in range(21) if Place(card_index=0, cell=c, rotation=0) in G.legal_actions(state, 0)
    )
    state = G.apply(state, 0, Place(card_index=0, cell=action.cell, rotation=0)).state
    assert G.default_action(state, 0) is None  # ready: the clock has nothing to do


def test_a_staged_turn_defaults_to_done() -> None:
    state = new(3, "family", seed=2)
    while state.phase != Phase.TURN:
        state = G.apply(
            state, min(G.to_decide(state)), G.default_action(state, min(G.to_decide(state)))
        ).state
    state.cookies[0] = 1
    place = G.default_action(state, 0)
    state = G.apply(state, 0, Stage(card_index=place.card_index, cell=place.cell, rotation=0)).state
    assert G.default_action(state, 0) == Done()


def test_the_blind_position_spreads_over_the_hand() -> None:
    """Over many decisions the forced card is not always the same position (e.g. the first)."""
    state = new(4, "normal", seed=0)
    positions = set()
    for decision in range(40):
        state.decision = decision
        positions.add(blind_index(state, 0, 8))
    assert len(positions) >= 6
