"""Random legal play with invariants checked after every step (and a hypothesis property)."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core import IllegalAction
from games.grumpy_nisse import GNState, GNView, Phase
from games.grumpy_nisse.data import LAST_SPACE
from tests.games.contract import assert_replays_by_codes

from .helpers import G, assert_all_cards, new

ROLES = ("host_violet", "host_torech", "random")
CODE = re.compile(r"^[A-Za-z0-9_.\-]{1,60}$")
#: Events with hidden content: the audience is exactly the seat named in the event.
PRIVATE_KINDS = {
    "cards_drawn",
    "foresight_seen",
    "deck_reordered",
    "rummage_drawn",
    "put_under",
    "hand_revealed",
}
MAX_STEPS = 400


def perturbed(state: GNState, seat: int, rnd: random.Random) -> GNState:
    """The same state with `seat`'s hidden cards (hand and deck) dealt differently."""
    other = state.model_copy(deep=True)
    hidden = other.hands[seat] + other.decks[seat]
    rnd.shuffle(hidden)
    size = len(other.hands[seat])
    other.hands[seat], other.decks[seat] = hidden[:size], hidden[size:]
    return other


def check_views(state: GNState, rnd: random.Random) -> None:
    public = G.view(state, None)
    assert GNView.model_validate_json(public.model_dump_json()) == public
    assert (
        public.hand == [] and public.choices == [] and public.opponent_hand is None and public.my_role is None
    )
    assert public.foresight == [] and public.rummaged == [] and public.deck_known_top == []
    assert public.to_decide == sorted(G.to_decide(state))
    for seat in (0, 1):
        view = G.view(state, seat)
        assert GNView.model_validate_json(view.model_dump_json()) == view
        assert view.hand == state.hands[seat]
        assert [c.code for c in view.choices] == [G.encode_action(a) for a in G.legal_actions(state, seat)]
        spying = state.spy_until[seat] is not None
        assert view.opponent_hand == (state.hands[1 - seat] if spying else None)
        known = view.deck_known_top
        assert state.decks[seat][: len(known)] == known
        bottom = view.deck_known_bottom
        assert not bottom or state.decks[seat][-len(bottom) :] == bottom
    # No leak: dealing one seat's hidden cards differently changes neither the public view nor the
    # other seat's view (unless that seat is spying on it).
    if state.round:
        for seat in (0, 1):
            changed = perturbed(state, seat, rnd)
            assert G.view(changed, None) == public
            if state.spy_until[1 - seat] is None:
                assert G.view(changed, 1 - seat) == G.view(state, 1 - seat)


def check_events(before: GNState, after: GNState, events) -> None:
    for event in events:
        seats = event.audience.seats
        if event.kind in PRIVATE_KINDS:
            assert seats == {event.seat}, event
        else:
            assert seats is None, event
        if event.kind == "hand_revealed":
            assert event.target == 1 - event.seat
        assert event.describe(["Ann", "Bob"])
    assert G.load_events(G.dump_events(events)) == events


def check_state(state: GNState, pawn_before: int) -> None:
    assert_all_cards(state)
    assert 1 <= state.pawn <= LAST_SPACE and state.pawn >= pawn_before
    if state.phase == Phase.GAME_OVER:
        outcome = G.outcome(state)
        assert outcome is not None and len(outcome.winners) == 1 and outcome.summary
        assert G.to_decide(state) == frozenset()
        assert G.legal_actions(state, 0) == G.legal_actions(state, 1) == []
        return
    assert G.outcome(state) is None
    deciders = G.to_decide(state)
    assert len(deciders) == 1
    (seat,) = deciders
    actions = G.legal_actions(state, seat)
    assert 0 < len(actions) < 300
    assert G.legal_actions(state, 1 - seat) == []
    for action in actions:
        code = G.encode_action(action)
        assert CODE.match(code) and G.decode_action(code) == action
    if state.phase == Phase.LEAD:  # spec 7: both hands and both decks alike between tricks
        assert len(state.hands[0]) == len(state.hands[1]) and len(state.decks[0]) == len(state.decks[1])
        assert 0 < len(state.hands[0]) <= 4 and state.table == [None, None]
    if state.phase in (Phase.DRAFT, Phase.FINAL_PICK):
        assert all(any(card is not None for card in row) for row in state.grid)


def play(seed: int, roles: str, *, full: bool) -> GNState:
    """One random game. `full`: also try every legal action and every view and leak check each step."""
    rnd = random.Random(seed)
    state = new(seed, roles)
    check_state(state, 1)
    for _ in range(MAX_STEPS):
        if G.outcome(state) is not None:
            break
        (seat,) = G.to_decide(state)
        actions = G.legal_actions(state, seat)
        action = rnd.choice(actions)
        if full:
            if state.round:  # the draft has up to ~100 picks per step: sample them
                for other in actions:
                    G.apply(state, seat, other)
            before = state.model_dump()
            with pytest.raises(IllegalAction):
                G.apply(state, 1 - seat, action)
            assert state.model_dump() == before
        decision, pawn = state.decision, state.pawn
        new_state, events = G.apply(state, seat, action)
        assert new_state.decision == decision + 1
        check_events(state, new_state, events)
        state = new_state
        check_state(state, pawn)
        if full or state.phase == Phase.GAME_OVER:
            check_views(state, rnd)
    assert G.outcome(state) is not None
    return state


@pytest.mark.parametrize("roles", ROLES)
def test_fuzz_full_checks(roles):
    for seed in range(10):
        play(seed, roles, full=True)


def test_fuzz_many_games_reach_every_ending():
    reasons = Counter()
    for seed in range(1000, 1100):
        state = play(seed, ROLES[seed % 3], full=False)
        reasons[(G.outcome(state).team, state.win_reason)] += 1
    assert len(reasons) == 3, reasons  # Ordep, the devilish plan, the end of round 2


@pytest.mark.slow
@pytest.mark.parametrize("roles", ROLES)
def test_fuzz_slow(roles):
    for seed in range(5000, 5300):
        play(seed, roles, full=True)
    for seed in range(10000, 13000):
        play(seed, roles, full=False)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), choice_seed=st.integers(0, 2**16), roles=st.sampled_from(ROLES))
def test_property_replay_from_codes_reaches_the_same_end(seed, choice_seed, roles):
    rnd = random.Random(choice_seed)

    def choose(state):
        (seat,) = G.to_decide(state)  # one seat decides at a time
        return seat, rnd.choice(G.legal_actions(state, seat))

    assert_replays_by_codes(G, lambda: new(seed, roles), choose)
