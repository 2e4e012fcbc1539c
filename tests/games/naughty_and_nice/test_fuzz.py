"""Random legal play with invariants checked after every step (and a hypothesis property)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core import IllegalAction, visible_events
from games.naughty_and_nice import Declaration, Declare, NNState, NNView, Orient, Phase
from games.naughty_and_nice.data import DECK, HAND_LIMIT, MAX_DRAWS
from tests.games.contract import assert_replays_by_codes

from .helpers import G, all_cards, new

#: Events that carry hidden content, and who may see them.
PRIVATE_KINDS = {"card_drawn", "orientation_recorded"}
MAX_STEPS = 3000


def _quoted(text: str, card_ids) -> set[str]:
    return {c for c in card_ids if f'"{c}"' in text}


def public_draws(state: NNState) -> set[str]:
    """Cards of this turn shown to everyone because of a declaration."""
    if state.declaration in (None, Declaration.NONE):
        return set()
    return {d.card for d in state.drawn_this_turn}


def check_views(state: NNState) -> None:
    n = state.num_players
    hidden_pile = set(state.draw_pile)
    public = G.view(state, None)
    assert NNView.model_validate_json(public.model_dump_json()) == public
    assert public.hand == [] and public.choices == [] and public.my_draws == []
    assert public.my_orientations == {}
    assert public.to_decide == sorted(G.to_decide(state))
    assert [p.cards_in_play_count for p in public.players] == [len(a) for a in state.play_areas]
    assert [p.hand_size for p in public.players] == [len(h) for h in state.hands]
    in_hands = {c for hand in state.hands for c in hand}
    dumped = public.model_dump_json(exclude={"shown_draws"})
    assert not _quoted(dumped, in_hands | hidden_pile)
    # A card shown under a declaration, discarded and reshuffled this turn is known to be there.
    assert _quoted(public.model_dump_json(), hidden_pile) <= public_draws(state)
    assert _quoted(public.model_dump_json(), in_hands) <= public_draws(state)
    for seat in range(n):
        view = G.view(state, seat)
        assert NNView.model_validate_json(view.model_dump_json()) == view
        assert [c.id for c in view.hand] == state.hands[seat]
        others = in_hands - set(state.hands[seat])
        text = view.model_dump_json()
        assert _quoted(text, hidden_pile) <= public_draws(state)
        assert _quoted(text, others) <= public_draws(state)
        if state.phase == Phase.ORIENT:
            assert view.my_orientations == state.orientations.get(seat, {})
        else:
            assert view.my_orientations == {}
        assert [G.decode_action(c.code) for c in view.choices] == G.legal_actions(state, seat)


def check_events(before: NNState, after: NNState, seat: int, action, events) -> None:
    in_hands = {c for hand in after.hands for c in hand}
    declaration = action.declaration if isinstance(action, Declare) else before.declaration
    shown_now = {e.card for e in events if e.kind == "card_shown"}
    assert not shown_now or declaration not in (None, Declaration.NONE)
    shown = public_draws(before) | shown_now
    for event in events:
        seats = event.audience.seats
        text = event.model_dump_json()
        if event.kind in PRIVATE_KINDS:
            assert seats == {seat} == {event.seat}, event
            continue
        assert seats is None, event
        assert not _quoted(text, after.draw_pile), event
        assert _quoted(text, in_hands) <= shown, event
        if event.kind in ("oriented", "game_ending") or after.phase == Phase.ORIENT:
            assert "face_up" not in text or event.kind == "game_over", event
    assert G.load_events(G.dump_events(events)) == events
    names = [f"P{i}" for i in range(after.num_players)]
    for event in visible_events(events, seat):
        line = event.describe(names)
        assert line and "\n" not in line


def check_state(state: NNState) -> None:
    assert all_cards(state) == Counter(DECK)
    assert 0 <= state.draws_this_turn <= MAX_DRAWS
    if state.phase in (Phase.DECLARE, Phase.ORIENT, Phase.GAME_OVER):
        assert all(len(hand) <= HAND_LIMIT for hand in state.hands)
    if state.phase == Phase.STEAL:
        assert state.steal is not None and state.steal.budget_left >= 0
    else:
        assert state.steal is None
    if state.phase == Phase.GAME_OVER:
        outcome = G.outcome(state)
        assert outcome is not None and outcome.winners and outcome.summary
        assert G.to_decide(state) == frozenset() and state.die_roll in range(1, 7)
        assert len(state.results) == state.num_players
        for seat in range(state.num_players):
            assert G.legal_actions(state, seat) == []
        return
    assert G.outcome(state) is None
    deciders = G.to_decide(state)
    assert deciders
    for seat in range(state.num_players):
        legal = G.legal_actions(state, seat)
        if seat in deciders:
            assert legal
        elif state.phase != Phase.ORIENT:
            assert legal == []
        for action in legal:
            code = G.encode_action(action)
            assert len(code) <= 60 and all(ch.isalnum() or ch in "_.-" for ch in code)
            assert G.decode_action(code) == action


def play(n: int, seed: int, *, full: bool) -> NNState:
    """One random game. `full`: also try every legal action and check the views at each step."""
    rnd = random.Random(seed * 10 + n)
    state = new(n, seed)
    check_state(state)
    check_views(state)
    steps = 0
    while G.outcome(state) is None:
        steps += 1
        assert steps <= MAX_STEPS
        deciders = sorted(G.to_decide(state))
        if state.phase == Phase.ORIENT and rnd.random() < 0.2:
            seat = rnd.choice([s for s in range(n) if G.legal_actions(state, s)])  # maybe a change
        else:
            seat = rnd.choice(deciders)
        legal = G.legal_actions(state, seat)
        action = rnd.choice(legal)
        if full:
            for other in legal:
                G.apply(state, seat, other)
            outsider = next((s for s in range(n) if not G.legal_actions(state, s)), None)
            if outsider is not None:
                before = state.model_dump()
                with pytest.raises(IllegalAction):
                    G.apply(state, outsider, action)
                assert state.model_dump() == before
        decision, phase = state.decision, state.phase
        new_state, events = G.apply(state, seat, action)
        partial = phase == new_state.phase == Phase.ORIENT
        assert new_state.decision == decision + (0 if partial else 1)
        assert partial == (isinstance(action, Orient) and bool(G.to_decide(new_state)))
        check_events(state, new_state, seat, action, events)
        state = new_state
        check_state(state)
        if full or state.phase == Phase.GAME_OVER:
            check_views(state)
    return state


@pytest.mark.parametrize("n", range(2, 7))
def test_fuzz_full_checks(n):
    for seed in range(4):
        play(n, seed, full=True)


@pytest.mark.parametrize("n", range(2, 7))
def test_fuzz_many_games(n):
    reasons = set()
    for seed in range(1000, 1030):
        reasons.add(play(n, seed, full=False).end_reason)
    assert "declared" in reasons


@pytest.mark.slow
@pytest.mark.parametrize("n", range(2, 7))
def test_fuzz_slow(n):
    for seed in range(5000, 5200):
        play(n, seed, full=True)
    for seed in range(10000, 13000):
        play(n, seed, full=False)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 6), seed=st.integers(0, 2**32), choice_seed=st.integers(0, 2**16))
def test_property_replay_reaches_same_end(n, seed, choice_seed):
    rnd = random.Random(choice_seed)

    def choose(state):
        seat = rnd.choice(sorted(G.to_decide(state)))
        return seat, rnd.choice(G.legal_actions(state, seat))

    assert_replays_by_codes(G, lambda: new(n, seed), choose)
