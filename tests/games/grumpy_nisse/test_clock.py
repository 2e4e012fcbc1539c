"""The turn clock's defaults (`GrumpyNisse.default_action`): legal, make progress, reveal nothing."""

from __future__ import annotations

import random

import pytest

from games.grumpy_nisse import GNState
from games.grumpy_nisse.data import Phase
from games.grumpy_nisse.models import Bottom, Play, RecoverPut, RecoverSkip, Reorder
from tests.games.clock_contract import (
    check_defaults_apply,
    check_same_default,
    play_by_defaults,
    states_of_random_games,
)

from .helpers import G, T, V, new, rigged

ROLES = ("random", "host_violet", "host_torech")


def scrambled(state: GNState, seat: int, chooser: random.Random) -> GNState:
    """`state` with what `seat` cannot see shuffled: the opponent's hand and deck (the union,
    public, kept; only the deck while `seat` spies the hand), and the opponent's deck order."""
    other = state.model_copy(deep=True)
    opponent = 1 - seat
    if state.spy_until[seat] is not None:
        chooser.shuffle(other.decks[opponent])
        return other
    pool = state.hands[opponent] + state.decks[opponent]
    chooser.shuffle(pool)
    size = len(state.hands[opponent])
    other.hands[opponent], other.decks[opponent] = pool[:size], pool[size:]
    return other


@pytest.mark.parametrize("roles", ROLES)
def test_every_default_is_legal_and_blind_to_others_secrets(roles: str) -> None:
    chooser = random.Random(roles)
    applied = 0
    for state in states_of_random_games(G, 2, G.parse_options({"roles": roles}), range(4)):
        applied += check_defaults_apply(G, state)
        for seat in G.to_decide(state):
            check_same_default(G, state, scrambled(state, seat, chooser), seat)
    assert applied > 100


@pytest.mark.parametrize("roles", ROLES)
def test_a_game_of_defaults_only_ends(roles: str) -> None:
    for seed in range(4):
        final = play_by_defaults(G, 2, G.parse_options({"roles": roles}), seed)
        assert final.phase == Phase.GAME_OVER and G.outcome(final) is not None


def test_draft_default_is_the_first_legal_pick() -> None:
    state = new(3)
    seat = min(G.to_decide(state))
    assert G.default_action(state, seat) == G.legal_actions(state, seat)[0]
    assert G.default_action(state, 1 - seat) is None


def test_card_defaults_take_the_first_card_in_hand() -> None:
    hand = ["P7", "P1", "P4"]
    state = rigged([hand, ["L2", "L3", "L5"]], decks=(["P2", "P3", "P5"], []))
    assert G.default_action(state, V) == Play(card="P7")
    assert G.default_action(state, T) is None
    state.phase, state.effect_seat = Phase.RUMMAGE, V
    assert G.default_action(state, V) == Bottom(card="P7")
    state.phase, state.foresight = Phase.FORESIGHT, ["P2", "P3", "P5"]
    assert G.default_action(state, V) == Reorder(order="012")
    state.phase = Phase.RECOVER_TAKE
    assert G.default_action(state, V) == RecoverSkip()
    state.phase, state.recovered = Phase.RECOVER_PUT, "P7"
    assert G.default_action(state, V) == RecoverPut(card="P1")
