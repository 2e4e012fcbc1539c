"""Random legal play over every mode and player count, with invariants checked after every step."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.christmas_tree import ChooseObjective, CTState, Done, Phase, Place, Rotate, Stage, Swap
from games.christmas_tree.data import MODES as MODE_RULES
from games.christmas_tree.data import Mode
from games.christmas_tree.objectives import pool
from games.christmas_tree.rules import total
from games.christmas_tree.scoring import final_parts
from games.core import IllegalAction
from tests.games.contract import assert_replays_by_codes

from .helpers import MODES, G, all_cards, all_objectives, expected_cards, new, random_move

PRIVATE_KINDS = {"hand_received", "objective_recorded", "turn_recorded", "cookie_planned"}
#: 3 objective decisions + 21 turns; a generous bound on steps (changes and cookies included).
MAX_DECISIONS = 24
MAX_STEPS = 2000


def tokens(model) -> set[str]:
    return set(model.model_dump_json().split('"'))


def secrets_for(state: CTState, seat: int | None) -> set[str]:
    """Card and objective codes `seat` must not see (None: the public)."""
    hidden = set(state.deck) | set(state.discarded) | set(state.objective_pool)
    for other, hand in enumerate(state.hands):
        if other != seat:
            hidden |= set(hand.cards)
    for other in range(state.num_players):
        if other != seat:
            hidden |= set(state.objective_cards[other])  # a pending choice is still among them
    seen = set(G.view(state, seat).seen_objectives.values()) if seat is not None else set()
    hidden |= {hand.objective for hand in state.hands if hand.objective and hand.objective not in seen}
    return hidden


def check_state(state: CTState) -> None:
    n, seats = state.num_players, state.num_seats
    cards = all_cards(state)
    assert len(cards) == len(set(cards)) == expected_cards(state)
    assert sorted(all_objectives(state)) == sorted(pool(MODE_RULES[Mode(state.mode)].bells))
    placed = [sum(slot is not None for slot in t) for t in state.trees]
    rules = MODE_RULES[Mode(state.mode)]
    assert all(0 <= cookies <= rules.cookies for cookies in state.cookies) and state.cookies[n:] == [0] * (
        seats - n
    )
    finished = state.round - (state.phase != Phase.GAME_OVER)
    per_round = rules.table_objectives or seats
    assert Counter(r.round for r in state.results) == dict.fromkeys(range(1, finished + 1), per_round)
    assert all(len(r.points) == len(r.counts) == seats for r in state.results)
    assert [b.total for b in G.view(state, None).breakdown] == [total(state, s) for s in range(n)]
    if state.phase == Phase.GAME_OVER:
        assert placed == [21] * seats and G.to_decide(state) == frozenset()
        assert all(G.legal_actions(state, s) == [] for s in range(seats))
        for seat in range(n):
            parts = final_parts(state.trees[seat], state.cookies[seat])
            assert state.final[seat].model_dump() == parts._asdict()
        totals = [total(state, s) for s in range(n)]
        outcome = G.outcome(state)
        assert outcome.winners == {s for s in range(n) if totals[s] == max(totals)}
        assert outcome.summary
        return
    assert G.outcome(state) is None and state.final is None
    done_turns = (state.round - 1) * 7 + (state.turn - 1 if state.phase == Phase.TURN else 0)
    assert placed == [done_turns] * seats
    in_hand = 8 - (state.turn - 1 if state.phase == Phase.TURN else 0)
    assert [len(hand.cards) for hand in state.hands] == [in_hand] * seats
    riding = [hand.objective for hand in state.hands if hand.objective]
    hidden_style = state.mode == "advanced" and state.phase == Phase.TURN and state.turn <= seats
    assert len(riding) == (seats if hidden_style else 0)
    deciders = G.to_decide(state)
    assert deciders and deciders <= set(range(n))
    for seat in deciders:
        assert G.legal_actions(state, seat)
    assert all(r.points[s] == 0 for r in state.results for s in range(n, seats))


def check_views(state: CTState) -> None:
    public = G.view(state, None)
    assert public.hand == [] and public.pending is None and public.objective_cards == []
    assert public.my_choice is None and public.seen_objectives == {} and public.preview == []
    assert not tokens(public) & secrets_for(state, None)
    assert public.to_decide == sorted(G.to_decide(state))
    for seat in range(state.num_seats):
        view = G.view(state, seat)
        assert [s.tree for s in view.seats] == state.trees
        assert [s.cookies for s in view.seats] == state.cookies
        assert not tokens(view) & secrets_for(state, seat)
        if seat >= state.num_players:
            assert view.hand == [] and view.pending is None
            continue
        over = state.phase == Phase.GAME_OVER
        assert view.hand == ([] if over else state.hands[seat].cards)
        assert view.pending == (None if over else state.pending.get(seat))
        assert view.my_choice == state.choices.get(seat)


def check_events(before: CTState, after: CTState, seat: int, events) -> None:
    for event in events:
        seats = event.audience.seats
        if event.kind in PRIVATE_KINDS:
            assert seats == {event.seat}
            if event.kind != "hand_received":
                assert event.seat == seat
            hidden = secrets_for(after, event.seat) & secrets_for(before, event.seat)
        else:
            assert seats is None, event
            hidden = secrets_for(after, None)
        assert not tokens(event) & hidden, event


def random_action(rnd: random.Random):
    """Any action, legal or not, with fields around the legal ranges."""
    cell, rot = (lambda: rnd.randint(-1, 21)), (lambda: rnd.choice([0, 180, 180, 0, 90]))
    return rnd.choice(
        [
            lambda: ChooseObjective(index=rnd.randint(-1, 5)),
            lambda: Place(card_index=rnd.randint(-1, 8), cell=cell(), rotation=rot()),
            lambda: Stage(card_index=rnd.randint(-1, 8), cell=cell(), rotation=rot()),
            lambda: Swap(a=cell(), b=cell(), rot_a=rot(), rot_b=rot()),
            lambda: Rotate(cell=cell()),
            lambda: Done(),
        ]
    )()


def play(n: int, mode: str, seed: int, *, full: bool) -> CTState:
    """One random game. `full`: also probe actions and check views and events every step."""
    rnd = random.Random(seed * 10 + n)
    state = new(n, mode, seed)
    check_state(state)
    check_views(state)
    steps = 0
    while G.outcome(state) is None:
        steps += 1
        assert state.decision <= MAX_DECISIONS and steps <= MAX_STEPS
        seat, action = random_move(state, rnd, change_rate=0.05)
        if full:
            legal = G.legal_actions(state, seat)
            for other in rnd.sample(legal, min(4, len(legal))):
                G.apply(state, seat, other)  # every sampled legal action is accepted
            probe_seat = rnd.randrange(state.num_seats + 1)
            probe_legal = G.legal_actions(state, probe_seat)
            for _ in range(6):
                probe = random_action(rnd)
                before = state.model_dump()
                try:
                    G.apply(state, probe_seat, probe)
                    assert probe in probe_legal, probe
                except IllegalAction:
                    assert probe not in probe_legal, probe
                assert state.model_dump() == before
        key = (state.phase, state.round, state.turn)
        new_state, events = G.apply(state, seat, action)
        closed = (new_state.phase, new_state.round, new_state.turn) != key
        assert new_state.decision == state.decision + closed
        if full:
            check_events(state, new_state, seat, events)
        state = new_state
        check_state(state)
        if full or state.phase == Phase.GAME_OVER:
            check_views(state)
    assert state.decision == MAX_DECISIONS - 3 * (mode == "family")
    return state


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("n", [2, 3, 4])
def test_fuzz_full_checks(n, mode):
    for seed in range(2):
        play(n, mode, seed, full=True)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("n", [2, 3, 4])
def test_fuzz_many_games(n, mode):
    winners = set()
    for seed in range(100, 106):
        winners |= G.outcome(play(n, mode, seed, full=False)).winners
    assert winners


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("n", [2, 3, 4])
def test_fuzz_slow(n, mode):
    for seed in range(1000, 1025):
        play(n, mode, seed, full=True)
    for seed in range(5000, 5150):
        play(n, mode, seed, full=False)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(2, 4),
    mode=st.sampled_from(MODES),
    seed=st.integers(0, 2**32),
    moves_seed=st.integers(0, 2**16),
)
def test_property_replay_by_codes_reaches_same_end(n, mode, seed, moves_seed):
    rnd = random.Random(moves_seed)
    assert_replays_by_codes(G, lambda: new(n, mode, seed), lambda state: random_move(state, rnd))
