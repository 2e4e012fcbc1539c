"""Naughty or Nice against the GameRules contract: JSON, determinism, refusals, codes, decisions."""

from __future__ import annotations

import random

import pytest

from games.core import SYSTEM_SEAT, IllegalAction
from games.naughty_or_nice import NaughtyOrNice
from games.naughty_or_nice import actions as A
from games.naughty_or_nice.data import Creature, Giver, PresentType
from games.naughty_or_nice.models import NoNOptions
from games.naughty_or_nice.viewmodels import NoNView
from tests.games.contract import assert_refused

from .helpers import G, act, fresh, give_creatures, give_presents, new
from .play import CODE, choose


def _random_game(n: int, level: int, seed: int, **extra):
    rnd = random.Random(seed)
    state = new(n, level=level, seed=seed, **extra)
    states, steps = [state], []
    while not state.over:
        seat, action = choose(rnd, state)
        state, events = G.apply(state, seat, action)
        states.append(state)
        steps.append((seat, action, events))
    return states, steps


def test_class_vars_and_options():
    assert (G.name, G.title, G.min_players, G.max_players) == (
        "naughty-or-nice",
        "Naughty or Nice",
        2,
        5,
    )
    options = G.parse_options(None)
    assert isinstance(options, NoNOptions)
    assert (options.level, options.reaction_seconds, options.reaction_secrecy) == (5, 15, False)
    for bad in ({"level": 0}, {"level": 6}, {"reaction_seconds": 2}, {"reaction_seconds": 500}):
        with pytest.raises(IllegalAction):
            G.parse_options(bad)
    assert isinstance(NaughtyOrNice(), NaughtyOrNice)


@pytest.mark.parametrize("n", [1, 6])
def test_player_count_refused(n):
    with pytest.raises(IllegalAction):
        G.new_game(n, G.parse_options(None), 1)


@pytest.mark.parametrize(("n", "level"), [(2, 1), (3, 3), (4, 4), (5, 5)])
def test_json_round_trips_and_codes(n, level):
    states, steps = _random_game(n, level, seed=40 + n)
    for state in states[::3]:
        loaded = G.load_state(G.dump_state(state))
        assert loaded == state and G.dump_state(loaded) == G.dump_state(state)
        for seat in G.to_decide(state):
            for action in G.legal_actions(state, seat):
                code = G.encode_action(action)
                assert CODE.match(code) and len(code) <= 60
                assert G.decode_action(code) == action
                assert G.load_action(action.model_dump_json()) == action
        for seat in [None, *range(n)]:
            view = G.view(state, seat)
            assert NoNView.model_validate_json(view.model_dump_json()) == view
    for _, _, events in steps:
        assert G.load_events(G.dump_events(events)) == events


def test_forged_codes_refused():
    for code in ["fulfil", "fulfil.K01", "take.x", "giver.NOBODY", "krampus.GOLD", "nope.1"]:
        with pytest.raises(ValueError):
            G.decode_action(code)
    assert G.decode_action("fulfil.K03.7") == A.Fulfil(kiddo="K03", mask=7)
    assert G.decode_action("take.-1") == A.TakePresent(source=-1)
    assert G.decode_action("close_window") == A.CloseWindow()


@pytest.mark.parametrize(("n", "level"), [(2, 2), (4, 5)])
def test_determinism(n, level):
    states, steps = _random_game(n, level, seed=9)
    replay = new(n, level=level, seed=9)
    for seat, action, events in steps:
        replay, replay_events = G.apply(replay, seat, action)
        assert replay_events == events
    assert G.dump_state(replay) == G.dump_state(states[-1])
    assert G.dump_state(new(n, level=level, seed=9)) != G.dump_state(new(n, level=level, seed=10))


def test_giver_choice_in_reverse_turn_order():
    state = new(4, level=4, seed=3)
    first = state.first_player
    order = [(first - 1 - i) % 4 for i in range(4)]
    assert all(not p.presents for p in state.players)
    for seat in order:
        assert G.to_decide(state) == {seat}
        legal = G.legal_actions(state, seat)
        taken = {p.giver for p in state.players}
        assert len(legal) == 8 - len(taken - {None})
        assert_refused(G, state, (seat + 1) % 4, legal[0], "cannot choose")
        state, _ = act(state, seat, legal[0])
    assert all(p.giver for p in state.players) and all(p.presents for p in state.players)
    used = state.players[order[0]].giver
    assert used == Giver.SANTA


def test_illegal_actions_leave_state_unchanged():
    state = fresh(3, level=5, givers=[Giver.ODIN, Giver.CHRISTKINDL, Giver.SANTA])
    assert_refused(G, state, 1, A.Craft(), "cannot take a basic action")
    assert_refused(G, state, 0, A.EndTurn(), "basic action")
    assert_refused(G, state, 0, A.TakePresent(source=0), "cannot take a present")
    assert_refused(G, state, 0, A.Fulfil(kiddo="K99", mask=0), "not in the playground")
    assert_refused(G, state, 0, A.Fulfil(kiddo=state.playground[0], mask=1), "not cards in your hand")
    assert_refused(G, state, 0, A.PlayCreature(creature=Creature.ELVES), "no Elves")
    assert_refused(G, state, 0, A.PlayCreature(creature=Creature.TOMTE), "cannot be played")
    assert_refused(G, state, 0, A.Reindeer(count=1), "no Reindeer")
    assert_refused(G, state, 0, A.React(), "no reaction window")
    assert_refused(G, state, SYSTEM_SEAT, A.CloseWindow(), "no reaction window")
    assert_refused(G, state, 0, A.Decline(), "nothing to decline")
    assert_refused(G, state, 0, A.SantaSearch(present=PresentType.CAP, source="MAIN"), "Santa")
    assert_refused(G, state, 7, A.Craft(), "not playing")
    give_creatures(state, 0, [Creature.MR_SCROOGE, Creature.MR_SCROOGE, Creature.CAGA_TIO])
    assert_refused(G, state, 0, A.PlayOnPlayer(creature=Creature.MR_SCROOGE, seat=0), "another player")
    assert_refused(G, state, 0, A.PlayOnPlayer(creature=Creature.KRAMPUS, seat=1), "does not target")
    state, _ = act(state, 0, A.PlayOnPlayer(creature=Creature.MR_SCROOGE, seat=2))
    assert_refused(G, state, 0, A.PlayOnPlayer(creature=Creature.MR_SCROOGE, seat=2), "already has")
    state, _ = act(state, 0, A.Craft())
    assert_refused(G, state, 0, A.Craft(), "cannot take a basic action")
    assert_refused(G, state, 0, A.TakePresent(source=5), "no such card")


def test_game_over_refuses_everything():
    states, _ = _random_game(2, 1, seed=5)
    end = states[-1]
    assert G.outcome(end) is not None and G.to_decide(end) == frozenset() and G.timer(end) is None
    assert_refused(G, end, 0, A.Craft(), "over")
    view = G.view(end, None)
    assert view.over and view.phase == "over" and view.winners
    assert all(p.breakdown.get("kiddos", 0) >= 0 for p in view.players)


def test_decision_moves_only_when_a_decision_closes():
    state = fresh(3, level=3, givers=[Giver.ODIN, Giver.CHRISTKINDL, Giver.SANTA])
    give_creatures(state, 0, [Creature.ELVES])
    give_creatures(state, 1, [Creature.TOMTE])
    give_creatures(state, 2, [Creature.TOMTE])
    start = state.decision
    state, _ = act(state, 0, A.PlayCreature(creature=Creature.ELVES))
    assert state.decision == start + 1 and G.to_decide(state) == {1, 2}
    state, _ = act(state, 2, A.Pass())
    assert state.decision == start + 1 and G.to_decide(state) == {1}
    assert G.legal_actions(state, 2) == []
    assert_refused(G, state, 2, A.React(), "already answered")
    state, _ = act(state, 1, A.Pass())
    assert state.decision == start + 2 and state.tasks[-1].kind == "elves"


def test_tomte_nearest_clockwise_wins_and_others_keep_theirs():
    state = fresh(4, level=3, givers=[Giver.ODIN, Giver.CHRISTKINDL, Giver.SANTA, Giver.AUNT_ARIE])
    give_creatures(state, 0, [Creature.ELVES])
    give_creatures(state, 2, [Creature.TOMTE])
    give_creatures(state, 3, [Creature.TOMTE])
    state, _ = act(state, 0, A.PlayCreature(creature=Creature.ELVES))
    state, _ = act(state, 3, A.React())
    state, events = act(state, 2, A.React())
    assert [e.reactors for e in events if e.kind == "window_closed"] == [[2]]
    assert state.players[3].creatures and not state.players[2].creatures
    # Seat 3 may now react to seat 2's Tomte.
    assert G.to_decide(state) == {3}


def test_private_hand_not_in_other_views():
    state = fresh(3, level=3)
    cards = give_presents(state, 0, [PresentType.CAP, PresentType.COAL])
    give_creatures(state, 0, [Creature.ELVES])
    for seat in (None, 1, 2):
        dumped = G.view(state, seat).model_dump_json()
        assert not any(f'"{c}"' in dumped for c in cards)
    mine = G.view(state, 0)
    assert [c.id for c in mine.presents] == cards and mine.creatures[0].creature == Creature.ELVES
    assert G.view(state, None).players[0].presents_count == 2
