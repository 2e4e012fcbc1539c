"""The turn clock's defaults (`SecretKrampus.default_action`): legal, make progress, reveal nothing."""

from __future__ import annotations

import random

import pytest

from games.secret_krampus import (
    Card,
    ChooseTarget,
    Discard,
    HeadsTogetherVote,
    Nominate,
    Phase,
    Play,
    SKState,
    Vote,
)
from tests.games.clock_contract import (
    check_defaults_apply,
    check_same_default,
    play_by_defaults,
    states_of_random_games,
)

from .helpers import OPTIONS, G, elect, new, rigged, stack

COUNTS = range(G.min_players, G.max_players + 1)


def scrambled(state: SKState, seat: int, chooser: random.Random) -> SKState:
    """`state` with what `seat` cannot see shuffled: other seats' unknown roles and secret
    votes, and the draw pile below the top 3 (which a List Maker may have been shown)."""
    other = state.model_copy(deep=True)
    known = set(G.view(state, seat).known_roles) | {seat} | set(state.peek_results.get(seat, {}))
    known |= {s for s in range(state.num_players) if state.cleared[s]}
    unknown = [s for s in range(state.num_players) if s not in known]
    roles = [state.roles[s] for s in unknown]
    chooser.shuffle(roles)
    for s, role in zip(unknown, roles, strict=True):
        other.roles[s] = role
    if state.phase == Phase.VOTING:
        other.votes = {s: (v if s == seat else chooser.random() < 0.5) for s, v in state.votes.items()}
    below = other.draw_pile[3:]
    chooser.shuffle(below)
    other.draw_pile[3:] = below
    return other


@pytest.mark.parametrize("n", COUNTS)
def test_every_default_is_legal_and_blind_to_others_secrets(n: int) -> None:
    chooser = random.Random(n)
    applied = 0
    for state in states_of_random_games(G, n, OPTIONS, range(2)):
        applied += check_defaults_apply(G, state)
        for seat in G.to_decide(state):
            check_same_default(G, state, scrambled(state, seat, chooser), seat)
    assert applied > 30


@pytest.mark.parametrize("n", COUNTS)
def test_a_game_of_defaults_only_ends(n: int) -> None:
    for seed in range(3):
        final = play_by_defaults(G, n, OPTIONS, seed)
        assert final.phase == Phase.GAME_OVER and G.outcome(final) is not None


def test_the_table_of_defaults() -> None:
    state = new(5, seed=3)
    candidate = state.lm_candidate
    assert G.to_decide(state) == {candidate}
    assert G.default_action(state, candidate) == Nominate(seat=(candidate + 1) % 5)
    assert G.default_action(state, (candidate + 1) % 5) is None  # not deciding
    state = G.apply(state, candidate, Nominate(seat=(candidate + 1) % 5)).state
    assert state.phase == Phase.VOTING
    assert all(G.default_action(state, s) == Vote(yes=False) for s in range(5))
    for s in range(5):
        state = G.apply(state, s, Vote(yes=True)).state
    assert state.phase == Phase.LM_DISCARD
    assert G.default_action(state, state.lm) == Discard(index=0)
    hand = list(state.hand)
    state = G.apply(state, state.lm, Discard(index=0)).state
    assert state.hand == hand[1:]
    assert G.default_action(state, state.sl) == Play(index=0)


def test_heads_together_and_order_defaults() -> None:
    state = new(7, seed=1)
    state.phase = Phase.HEADS_TOGETHER_VOTE
    state.lm, state.sl = 2, 4
    assert G.default_action(state, 2) == HeadsTogetherVote(yes=True)
    state.phase = Phase.ORDER
    state.in_play[3] = False
    assert G.default_action(state, 2) == ChooseTarget(seat=4)  # seat 3 is in the stables
    state.lm = 6
    assert G.default_action(state, 6) == ChooseTarget(seat=0)  # clockwise wraps


@pytest.mark.parametrize("timed_out", [2, 3])
def test_a_heads_together_timeout_tells_nothing_of_the_other_vote(timed_out: int) -> None:
    """Everyone sees whom the clock chose for and knows its default: what the table then sees
    is the same whichever way the other officer voted (a NO default let the outcome tell it)."""
    state = rigged(8, krampus=0, candidate=2, naughty_count=5)
    stack(state, [Card.NICE] * 3)
    state, _ = elect(state, 3)
    state = G.apply(state, 2, Discard(index=0)).state
    state = G.apply(state, 3, Play(index=1)).state
    assert state.phase == Phase.HEADS_TOGETHER_VOTE
    other = 5 - timed_out
    seen = []
    for vote in (True, False):
        voted = G.apply(state, other, HeadsTogetherVote(yes=vote))
        forced = G.apply(voted.state, timed_out, G.default_action(voted.state, timed_out))
        public = [e for e in voted.events + forced.events if e.audience.is_public]
        seen.append((public, G.view(forced.state, 6)))
    assert seen[0] == seen[1]
