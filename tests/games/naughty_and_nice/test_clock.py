"""The turn clock's defaults (`NaughtyAndNice.default_action`): legal, make progress, reveal nothing."""

from __future__ import annotations

import random

import pytest

from games.naughty_and_nice import Declaration, Declare, NNState, Orient, Pass, Phase, Play, Stop
from tests.games.clock_contract import (
    check_defaults_apply,
    check_same_default,
    play_by_defaults,
    states_of_random_games,
)

from .helpers import OPTIONS, G, new, rigged

COUNTS = range(G.min_players, G.max_players + 1)


def scrambled(state: NNState, seat: int, chooser: random.Random) -> NNState:
    """`state` with what `seat` cannot see shuffled: the draw pile, the cards in the other
    hands (sizes kept) and the other players' secret orientations."""
    other = state.model_copy(deep=True)
    chooser.shuffle(other.draw_pile)
    others = [s for s in range(state.num_players) if s != seat]
    pool = [c for s in others for c in state.hands[s]]
    chooser.shuffle(pool)
    for s in others:
        size = len(state.hands[s])
        other.hands[s], pool = pool[:size], pool[size:]
        chosen = other.orientations.get(s, {})
        other.orientations[s] = {c: chooser.random() < 0.5 for c in chosen}
    return other


@pytest.mark.parametrize("n", COUNTS)
def test_every_default_is_legal_and_blind_to_others_secrets(n: int) -> None:
    chooser = random.Random(n)
    applied = 0
    for state in states_of_random_games(G, n, OPTIONS, range(3)):
        applied += check_defaults_apply(G, state)
        for seat in G.to_decide(state):
            check_same_default(G, state, scrambled(state, seat, chooser), seat)
    assert applied > 50


@pytest.mark.parametrize("n", COUNTS)
def test_a_game_of_defaults_only_ends(n: int) -> None:
    for seed in range(3):
        final = play_by_defaults(G, n, OPTIONS, seed)
        assert final.phase == Phase.GAME_OVER and G.outcome(final) is not None


def test_the_table_of_defaults() -> None:
    state = new(3, seed=5)
    seat = state.active_seat
    assert G.default_action(state, seat) == Declare(declaration=Declaration.NONE)
    assert G.default_action(state, (seat + 1) % 3) is None
    state = G.apply(state, seat, Declare(declaration=Declaration.NONE)).state
    assert state.phase == Phase.DRAW and G.default_action(state, seat) == Stop()


def test_play_takes_the_oldest_card_onto_oneself() -> None:
    state = rigged(3, active=1, hands={1: ["NI04", "NA02", "NI01", "NA01"]})
    state.phase = Phase.PLAY
    assert G.default_action(state, 1) == Play(card="NI04", target=1)
    state.phase = Phase.END_OF_TURN
    assert G.default_action(state, 1) == Pass()


def test_orientation_defaults_to_face_up_card_by_card() -> None:
    state = rigged(3, areas={0: ["SH01", "SH02", "NI01"]})
    state.phase = Phase.ORIENT
    assert G.default_action(state, 0) == Orient(card="SH01", face_up=True)
    state.orientations = {0: {"SH01": False}}
    assert G.default_action(state, 0) == Orient(card="SH02", face_up=True)
