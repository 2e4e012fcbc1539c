"""Random legal play with invariants checked after every step (and a hypothesis property)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core import IllegalAction
from games.secret_krampus import Phase, Role, SKState, Vote
from tests.games.contract import assert_replays_by_codes

from .helpers import G, deck_size, new, total_cards

ROLE_NAMES = tuple(role.value for role in Role)
#: Events that carry hidden content, and who may see them (a function of the state before).
PRIVATE_KINDS = {
    "vote_recorded",
    "ht_vote_recorded",
    "cards_drawn",
    "cards_passed",
    "heads_together_card",
    "card_chosen",
    "peek_result",
    "top_cards_seen",
}
#: A generous bound: at most 10 placements, each after at most 3 elections of < 25 decisions.
MAX_DECISIONS = 1000


def allowed_roles(state: SKState, seat: int) -> set[int]:
    """Seats whose role `seat` may know (table 3.1, written independently of the engine)."""
    if state.phase == Phase.GAME_OVER:
        return set(range(state.num_players))
    role = state.roles[seat]
    if role == Role.NICE_ELF or (role == Role.KRAMPUS and state.num_players >= 7):
        return {seat}
    return set(range(state.num_players))


def check_event_audiences(before: SKState, after: SKState, seat: int, events) -> None:
    gov_lm = before.lm if before.lm is not None else after.lm
    for event in events:
        seats = event.audience.seats
        if event.kind not in PRIVATE_KINDS:
            assert seats is None, event
            assert "cards" not in type(event).model_fields, event
            if event.kind != "game_over":
                dumped = event.model_dump_json()
                assert not any(name in dumped for name in ROLE_NAMES), event
        elif event.kind in ("vote_recorded", "ht_vote_recorded"):
            assert seats == {seat} == {event.seat}
        elif event.kind in ("cards_drawn", "top_cards_seen"):
            assert seats == {event.lm} == {gov_lm}
        elif event.kind in ("cards_passed", "heads_together_card"):
            assert seats == {before.lm, before.sl} and len(seats) == 2
        elif event.kind == "peek_result":
            assert seats == {seat} == {before.lm}
        elif event.kind == "card_chosen":  # (the table then shows the gift placed)
            assert seats == {seat} == {before.sl} == {event.sl}
            assert any(e.kind == "card_placed" and e.card == event.card for e in events), events
        else:
            raise AssertionError(f"unchecked private event {event.kind}")


def check_views(state: SKState) -> None:
    n = state.num_players
    over = state.phase == Phase.GAME_OVER
    public = G.view(state, None)
    assert public.my_role is None and public.known_roles == {} and public.hand == []
    assert public.passed_cards == [] and public.ht_card is None and public.my_vote is None
    assert public.peek_results == {} and public.checked_cards is None
    assert public.to_decide == sorted(G.to_decide(state))
    if not over:
        dumped = public.model_dump_json()
        assert not any(name in dumped for name in ROLE_NAMES)
    else:
        assert [p.revealed_role for p in public.players] == state.roles
    for seat in range(n):
        view = G.view(state, seat)
        assert view.my_role == state.roles[seat]
        assert set(view.known_roles) <= allowed_roles(state, seat)
        assert all(state.roles[s] == role for s, role in view.known_roles.items())
        if not over:
            assert all(p.revealed_role is None for p in view.players)
        hand_ok = (state.phase == Phase.LM_DISCARD and seat == state.lm) or (
            state.phase == Phase.SL_CHOOSE and seat == state.sl
        )
        assert view.hand == (state.hand if hand_ok else [])
        passed_ok = state.phase == Phase.SL_CHOOSE and seat == state.lm
        assert view.passed_cards == (state.hand if passed_ok else [])
        ht_ok = state.phase == Phase.HEADS_TOGETHER_VOTE and seat in (state.lm, state.sl)
        assert view.ht_card == (state.ht_card if ht_ok else None)
        assert view.my_vote == (state.votes.get(seat) if state.phase == Phase.VOTING else None)
        assert view.peek_results == state.peek_results.get(seat, {})
        assert view.checked_cards == state.checked_cards.get(seat)


def check_state(state: SKState) -> None:
    n = state.num_players
    assert total_cards(state) == deck_size(n)
    assert 0 <= state.failed_votes < 3
    assert 0 <= state.nice_count <= 5 and 0 <= state.naughty_count <= 6
    expected_hand = {Phase.LM_DISCARD: 3, Phase.SL_CHOOSE: 2}.get(state.phase, 0)
    assert len(state.hand) == expected_hand
    assert (state.ht_card is not None) == (state.phase == Phase.HEADS_TOGETHER_VOTE)
    if state.phase == Phase.GAME_OVER:
        outcome = G.outcome(state)
        assert outcome is not None and outcome.team in ("NICE", "NAUGHTY") and outcome.summary
        assert G.to_decide(state) == frozenset()
        assert outcome.winners and len(outcome.winners) < n
        return
    assert G.outcome(state) is None
    if state.phase in (Phase.NOMINATION, Phase.VOTING, Phase.ORDER):
        assert len(state.draw_pile) >= 3  # the next LM can always draw 3
    deciders = G.to_decide(state)
    assert deciders
    for seat in deciders:
        assert state.in_play[seat] and G.legal_actions(state, seat)
    if state.phase != Phase.VOTING:
        for seat in set(range(n)) - deciders:
            assert G.legal_actions(state, seat) == []


def play(n: int, seed: int, *, full: bool) -> SKState:
    """One random game. `full`: also try every legal action and check every view each step."""
    rnd = random.Random(seed * 100 + n)
    state = new(n, seed)
    check_state(state)
    check_views(state)
    steps = 0
    while G.outcome(state) is None:
        steps += 1
        assert state.decision <= MAX_DECISIONS and steps <= 5 * MAX_DECISIONS
        deciders = sorted(G.to_decide(state))
        voted = [s for s in range(n) if s in state.votes]
        if state.phase == Phase.VOTING and voted and rnd.random() < 0.1:
            seat = rnd.choice(voted)
            action = Vote(yes=not state.votes[seat])  # a changed vote
            assert G.legal_actions(state, seat) == [action]
        else:
            seat = rnd.choice(deciders)
            action = rnd.choice(G.legal_actions(state, seat))
        if full:
            for other in G.legal_actions(state, seat):
                G.apply(state, seat, other)
            outsider = next((s for s in range(n) if s not in deciders and s not in voted), None)
            if outsider is not None:
                before = state.model_dump()
                with pytest.raises(IllegalAction):
                    G.apply(state, outsider, action)
                assert state.model_dump() == before
        decision, phase = state.decision, state.phase
        new_state, events = G.apply(state, seat, action)
        partial = (
            new_state.phase == phase
            and phase in (Phase.VOTING, Phase.HEADS_TOGETHER_VOTE)
            and bool(G.to_decide(new_state))
        )
        assert new_state.decision == decision + (0 if partial else 1)
        check_event_audiences(state, new_state, seat, events)
        state = new_state
        check_state(state)
        if full or state.phase == Phase.GAME_OVER:
            check_views(state)
    return state


@pytest.mark.parametrize("n", range(5, 11))
def test_fuzz_full_checks(n):
    for seed in range(25):
        play(n, seed, full=True)


@pytest.mark.parametrize("n", range(5, 11))
def test_fuzz_many_games(n):
    winners = set()
    for seed in range(1000, 1300):
        winners.add(G.outcome(play(n, seed, full=False)).team)
    assert winners == {"NICE", "NAUGHTY"}


@pytest.mark.slow
@pytest.mark.parametrize("n", range(5, 11))
def test_fuzz_slow(n):
    for seed in range(5000, 5500):
        play(n, seed, full=True)
    for seed in range(10000, 13000):
        play(n, seed, full=False)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(5, 10), seed=st.integers(0, 2**32), choice_seed=st.integers(0, 2**16))
def test_property_replay_reaches_same_end(n, seed, choice_seed):
    rnd = random.Random(choice_seed)

    def choose(state):
        seat = rnd.choice(sorted(G.to_decide(state)))
        return seat, rnd.choice(G.legal_actions(state, seat))

    replay = assert_replays_by_codes(G, lambda: new(n, seed), choose)
    assert total_cards(replay) == deck_size(n)
