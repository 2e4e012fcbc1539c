"""Secret Krampus against the GameRules contract: JSON, determinism, refusals, decision ids."""

from __future__ import annotations

import random

import pytest

from games.core import IllegalAction, NoOptions, visible_events
from games.secret_krampus import (
    Card,
    ChooseTarget,
    Discard,
    HeadsTogetherVote,
    Nominate,
    Phase,
    Play,
    SecretKrampus,
    SKView,
    Vote,
)
from tests.games.contract import assert_refused

from .helpers import G, act, deliver, elect, kinds, new, nominate, of_kind, rigged, stack


def _random_game(n: int, seed: int):
    """(states, [(seat, action, events)]) of one random game."""
    rnd = random.Random(seed)
    state = new(n, seed)
    states, steps = [state], []
    while G.outcome(state) is None:
        seat = rnd.choice(sorted(G.to_decide(state)))
        action = rnd.choice(G.legal_actions(state, seat))
        state, events = act(state, seat, action)
        states.append(state)
        steps.append((seat, action, events))
    return states, steps


def test_class_vars():
    assert isinstance(G, SecretKrampus)
    assert (G.name, G.title, G.min_players, G.max_players) == (
        "secret-krampus",
        "Secret Krampus",
        5,
        10,
    )
    assert set(G.action_types) == {"nominate", "vote", "discard", "play", "ht_vote", "target"}


@pytest.mark.parametrize("n", [4, 11])
def test_player_count_refused(n):
    with pytest.raises(IllegalAction):
        G.new_game(n, G.parse_options(None), 1)


def test_no_options():
    assert isinstance(G.parse_options(None), NoOptions)


@pytest.mark.parametrize("n", range(5, 11))
def test_json_round_trips(n):
    states, steps = _random_game(n, seed=100 + n)
    for state in states:
        loaded = G.load_state(G.dump_state(state))
        assert loaded == state and G.dump_state(loaded) == G.dump_state(state)
        for seat in G.to_decide(state):
            for action in G.legal_actions(state, seat):
                code = G.encode_action(action)
                assert G.decode_action(code) == action
        view = G.view(state, None)
        assert SKView.model_validate_json(view.model_dump_json()) == view
    for _, _, events in steps:
        assert G.load_events(G.dump_events(events)) == events


def test_forged_codes_refused():
    for code in ["nominate", "nominate.x", "vote.2", "discard.1.2", "steal.1", "ht_vote.maybe"]:
        with pytest.raises(ValueError):
            G.decode_action(code)
    assert G.decode_action("vote.1") == Vote(yes=True)
    assert G.decode_action("target.4") == ChooseTarget(seat=4)


@pytest.mark.parametrize("n", [5, 8, 10])
def test_determinism(n):
    states, steps = _random_game(n, seed=7)
    replay = new(n, 7)
    for seat, action, events in steps:
        replay, replay_events = act(replay, seat, action)
        assert replay_events == events
    assert G.dump_state(replay) == G.dump_state(states[-1])
    assert G.dump_state(new(n, 7)) == G.dump_state(new(n, 7))
    assert G.dump_state(new(n, 7)) != G.dump_state(new(n, 8))


def _refused(state, seat, action, match=None):
    assert_refused(G, state, seat, action, match)


def test_illegal_actions_leave_state_unchanged():
    state = rigged(8, krampus=0, candidate=2)
    _refused(state, 3, Nominate(seat=4), "Only the List Maker candidate")
    _refused(state, 2, Nominate(seat=2), "yourself")
    _refused(state, 2, Nominate(seat=8))
    _refused(state, 2, Vote(yes=True))
    _refused(state, 2, Discard(index=0))
    _refused(state, 2, ChooseTarget(seat=3))
    _refused(state, -1, Nominate(seat=3), "not playing")
    _refused(state, 8, Vote(yes=True), "not playing")
    voting, _ = nominate(state, 3)
    _refused(voting, 2, Nominate(seat=4))
    _refused(voting, 2, HeadsTogetherVote(yes=True))
    stack(state, [Card.NICE, Card.NAUGHTY, Card.NICE])
    drawing, _ = elect(state, 3)
    _refused(drawing, 3, Discard(index=0), "Only the List Maker")
    _refused(drawing, 2, Discard(index=3))
    _refused(drawing, 2, Play(index=0))
    choosing, _ = act(drawing, 2, Discard(index=0))
    _refused(choosing, 2, Play(index=0), "Only the Sleigh Loader")
    _refused(choosing, 3, Play(index=2))
    # Term limits and stables.
    after, _ = act(choosing, 3, Play(index=0))
    _refused(after, 3, Nominate(seat=2), "term-limited")
    after.in_play[5] = False
    _refused(after, 3, Nominate(seat=5), "stables")
    _refused(after, 5, Vote(yes=True), "stables")


def test_game_over_refuses_everything():
    state, _ = deliver(rigged(8, krampus=0, candidate=2, nice_count=4), Card.NICE, sl=3)
    assert G.outcome(state) is not None and G.to_decide(state) == frozenset()
    assert all(G.legal_actions(state, seat) == [] for seat in range(8))
    _refused(state, state.lm_candidate, Nominate(seat=1), "over")
    _refused(state, 0, Vote(yes=True), "over")
    view = G.view(state, None)
    assert view.phase == Phase.GAME_OVER and view.winner == "NICE" and view.win_reason


def test_decision_moves_only_when_a_decision_closes():
    state = rigged(7, krampus=0, candidate=2)
    start = state.decision
    state, _ = nominate(state, 3)
    assert state.decision == start + 1
    voting = state.decision
    for seat in range(6):
        state, _ = act(state, seat, Vote(yes=True))
        assert state.decision == voting and state.phase == Phase.VOTING
    state, _ = act(state, 0, Vote(yes=False))  # a change is not a closing
    assert state.decision == voting
    state, _ = act(state, 6, Vote(yes=True))
    assert state.decision == voting + 1 and state.phase == Phase.LM_DISCARD
    state, _ = act(state, 2, Discard(index=0))
    assert state.decision == voting + 2
    state, _ = act(state, 3, Play(index=0))
    assert state.decision == voting + 3


def test_votes_can_change_until_the_last_one_arrives():
    state = rigged(5, krampus=0, candidate=2)
    state, _ = nominate(state, 3)
    state, events = act(state, 1, Vote(yes=True))
    # only the voter hears of a vote, first or changed: who has voted is in the views
    assert kinds(events) == ["vote_recorded"]
    assert of_kind(events, "vote_recorded")[0].audience.seats == {1}
    assert visible_events(events, None) == [] and visible_events(events, 2) == []
    assert 1 not in G.to_decide(state)
    assert G.legal_actions(state, 2) == [Vote(yes=True), Vote(yes=False)]
    assert G.legal_actions(state, 1) == [Vote(yes=False)]  # the change
    _refused(state, 1, Vote(yes=True), "already voted YES")
    assert G.view(state, 1).my_vote is True and G.view(state, 2).my_vote is None
    assert G.view(state, None).players[1].has_voted
    state, events = act(state, 1, Vote(yes=False))
    assert kinds(events) == ["vote_recorded"] and events[0].changed
    assert visible_events(events, None) == [] and visible_events(events, 2) == []
    assert G.view(state, 1).my_vote is False
    for seat in (0, 2, 3):
        state, _ = act(state, seat, Vote(yes=True))
    state, events = act(state, 4, Vote(yes=False))
    revealed = of_kind(events, "votes_revealed")[0]
    assert revealed.votes == {0: True, 1: False, 2: True, 3: True, 4: False}
    assert revealed.passed and G.view(state, None).last_votes == revealed.votes
    # Voting is closed: no more changes.
    _refused(state, 1, Vote(yes=True), "no election")


def test_wrong_seat_and_non_seat_get_no_actions():
    state = rigged(6, krampus=0, candidate=2)
    assert G.to_decide(state) == {2}
    for seat in (0, 1, 3, 4, 5, -1, 6, 99):
        assert G.legal_actions(state, seat) == []


def test_views_are_sane_at_start():
    state = rigged(7, krampus=0, candidate=2)
    public = G.view(state, None)
    assert public.seat is None and public.my_role is None and public.known_roles == {}
    assert public.to_decide == [2] and public.eligible == [0, 1, 3, 4, 5, 6]
    assert public.board_orders == [
        None,
        "PEEK",
        "SUCCESSOR_SELECTOR",
        "STABLE_LEADERSHIP",
        "STABLE_LEADERSHIP",
        "NAUGHTY_WIN",
    ]
    assert public.draw_pile_size == 16 and public.discard_pile_size == 0
    for role in ("NICE_ELF", "NAUGHTY_ELF", "KRAMPUS"):
        assert role not in public.model_dump_json()
    mine = G.view(state, 5)
    assert mine.my_role == "NICE_ELF" and mine.known_roles == {5: "NICE_ELF"}


def test_events_describe_with_names():
    names = [f"Elf{i}" for i in range(10)]
    for n in (5, 7, 9):
        _, steps = _random_game(n, seed=3)
        for _, _, events in steps:
            for event in events:
                line = event.describe(names[:n])
                assert isinstance(line, str) and line and "\n" not in line
