"""Christmas Tree against the GameRules contract: JSON, determinism, refusals, decision ids, secrecy."""

from __future__ import annotations

import random
import re

import pytest

from games.christmas_tree import (
    ChooseObjective,
    ChristmasTree,
    ChristmasTreeOptions,
    CTView,
    Done,
    Phase,
    Place,
    Rotate,
    Stage,
    Swap,
)
from games.christmas_tree.scoring import Slot
from games.core import IllegalAction, visible_events
from tests.games.contract import assert_refused

from .helpers import (
    MODES,
    G,
    act,
    c,
    choose_all,
    kinds,
    new,
    of_kind,
    play_to_end,
    play_turn,
    random_move,
    rig_hand,
)


def _random_game(n: int, mode: str, seed: int):
    """(states, [(seat, action, events)]) of one random game."""
    rnd = random.Random(seed)
    state = new(n, mode, seed)
    states, steps = [state], []
    while G.outcome(state) is None:
        seat, action = random_move(state, rnd)
        state, events = act(state, seat, action)
        states.append(state)
        steps.append((seat, action, events))
    return states, steps


def _refused(state, seat, action, match=None):
    assert_refused(G, state, seat, action, match)


def test_class_vars_options_and_registry_entry():
    assert (G.name, G.title, G.min_players, G.max_players) == ("christmas-tree", "Christmas Tree", 2, 4)
    assert set(G.action_types) == {"objective", "place", "stage", "swap", "rotate", "done"}
    assert G.parse_options(None) == ChristmasTreeOptions(mode="normal")
    assert G.parse_options({"mode": "advanced"}).mode == "advanced"
    with pytest.raises(IllegalAction, match="mode"):
        G.parse_options({"mode": "expert"})
    assert (G.title, G.min_players, G.max_players) == ("Christmas Tree", 2, 4)


@pytest.mark.parametrize("n", [1, 5])
def test_player_count_refused(n):
    with pytest.raises(IllegalAction):
        G.new_game(n, G.parse_options(None), 1)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("n", [2, 4])
def test_json_round_trips(n, mode):
    states, steps = _random_game(n, mode, seed=100 + n)
    for index, state in enumerate(states):
        loaded = G.load_state(G.dump_state(state))
        assert loaded == state and G.dump_state(loaded) == G.dump_state(state)
        if index % 5 == 0 or G.outcome(state) is not None:
            for seat in range(n):
                for action in G.legal_actions(state, seat):
                    assert G.decode_action(G.encode_action(action)) == action
            for seat in [None, *range(state.num_seats)]:
                view = G.view(state, seat)
                assert CTView.model_validate_json(view.model_dump_json()) == view
    for _, _, events in steps:
        assert G.load_events(G.dump_events(events)) == events


def test_action_codes():
    assert G.encode_action(Place(card_index=3, cell=12, rotation=180)) == "place.3.12.180"
    assert G.decode_action("place.3.12.180") == Place(card_index=3, cell=12, rotation=180)
    assert G.decode_action("swap.1.2.0.180") == Swap(a=1, b=2, rot_a=0, rot_b=180)
    assert G.decode_action("objective.2") == ChooseObjective(index=2)
    assert G.decode_action("done") == Done() and G.decode_action("rotate.4") == Rotate(cell=4)
    for code in ["place.1.2", "place.a.b.c", "steal.1", "objective.x", "done.1", "swap.1.2.0", ""]:
        with pytest.raises(ValueError):
            G.decode_action(code)


@pytest.mark.parametrize("mode", MODES)
def test_determinism(mode):
    states, steps = _random_game(3, mode, seed=7)
    replay = new(3, mode, 7)
    for seat, action, events in steps:
        replay, replay_events = act(replay, seat, action)
        assert replay_events == events
    assert G.dump_state(replay) == G.dump_state(states[-1])
    assert G.dump_state(new(3, mode, 7)) == G.dump_state(new(3, mode, 7))
    assert G.dump_state(new(3, mode, 7)) != G.dump_state(new(3, mode, 8))


def test_illegal_actions_leave_state_unchanged():
    state = new(3, "advanced", 1)
    _refused(state, 0, Place(card_index=0, cell=0, rotation=0), "objective first")
    _refused(state, 0, ChooseObjective(index=5), "no such objective")
    _refused(state, 3, ChooseObjective(index=0), "not playing")
    _refused(state, -1, ChooseObjective(index=0), "not playing")
    state, _ = choose_all(state)
    _refused(state, 0, ChooseObjective(index=0), "not time")
    _refused(state, 0, Place(card_index=8, cell=0, rotation=0), "no such card")
    _refused(state, 0, Place(card_index=0, cell=21, rotation=0), "cells 0-20")
    _refused(state, 0, Place(card_index=0, cell=0, rotation=90), "upside down")
    _refused(state, 0, Swap(a=0, b=1, rot_a=0, rot_b=0), "stage")
    _refused(state, 0, Done(), "no open turn")
    state, _ = play_turn(state, {0: Place(card_index=0, cell=c(2, 2), rotation=0)})
    _refused(state, 0, Place(card_index=0, cell=c(2, 2), rotation=0), "already holds")
    _refused(state, 0, Place(card_index=0, cell=c(0, 0), rotation=0), "touch")
    state, _ = act(state, 0, Stage(card_index=0, cell=c(2, 1), rotation=0))
    _refused(state, 0, Stage(card_index=0, cell=c(2, 1), rotation=0), "already your choice")
    _refused(state, 0, Swap(a=c(2, 2), b=c(2, 2), rot_a=0, rot_b=0), "different")
    _refused(state, 0, Swap(a=c(0, 0), b=c(2, 2), rot_a=0, rot_b=0), "no card")
    _refused(state, 0, Swap(a=c(2, 2), b=c(2, 1), rot_a=0, rot_b=0), "lower-numbered cell first")
    _refused(state, 0, Swap(a=c(2, 1), b=c(2, 2), rot_a=0, rot_b=45), "upside down")
    _refused(state, 0, Rotate(cell=30), "cells 0-20")
    for _ in range(4):
        state, _ = act(state, 0, Rotate(cell=c(2, 1)))
    _refused(state, 0, Rotate(cell=c(2, 1)), "no linzer cookies")
    family, _ = play_turn(new(3, "family", 1))
    _refused(family, 0, Stage(card_index=0, cell=5, rotation=0), "no linzer cookies")


def test_game_over_refuses_everything():
    end, _ = play_to_end(new(2, "normal", 3))
    assert G.to_decide(end) == frozenset() and all(G.legal_actions(end, s) == [] for s in range(3))
    _refused(end, 0, Place(card_index=0, cell=0, rotation=0), "over")
    view = G.view(end, 0)
    assert view.phase == Phase.GAME_OVER and view.winners == sorted(G.outcome(end).winners)
    assert [b.total for b in view.breakdown] == [s.points for s in view.seats[:2]]
    assert all(b.final is not None and len(b.objectives_by_round) == 3 for b in view.breakdown)
    assert view.hand == [] and view.legal_cells == [] and G.outcome(end).summary


def test_decision_moves_only_when_a_decision_closes():
    state = new(3, "normal", 2)
    start = state.decision
    state, _ = act(state, 0, ChooseObjective(index=0))
    state, _ = act(state, 1, ChooseObjective(index=1))
    state, _ = act(state, 0, ChooseObjective(index=2))  # a change is not a closing
    assert state.decision == start and state.phase == Phase.OBJECTIVES
    state, _ = act(state, 2, ChooseObjective(index=0))
    assert state.decision == start + 1 and state.phase == Phase.TURN
    state, _ = act(state, 0, Place(card_index=0, cell=0, rotation=0))
    state, _ = act(state, 1, Stage(card_index=0, cell=0, rotation=0))
    state, _ = act(state, 1, Rotate(cell=0))
    state, _ = act(state, 2, Place(card_index=0, cell=5, rotation=0))
    assert state.decision == start + 1 and state.turn == 1 and G.to_decide(state) == {1}
    state, _ = act(state, 1, Done())
    assert state.decision == start + 2 and state.turn == 2 and G.to_decide(state) == {0, 1, 2}


def test_choices_can_change_until_the_last_one_arrives():
    state = new(3, "normal", 4)
    state, events = act(state, 1, ChooseObjective(index=0))
    assert kinds(events) == ["objective_recorded", "objective_chosen"]
    assert events[0].audience.seats == {1} and events[1].audience.is_public
    assert G.legal_actions(state, 1) == [ChooseObjective(index=i) for i in (1, 2, 3)]
    _refused(state, 1, ChooseObjective(index=0), "already chose")
    state, events = act(state, 1, ChooseObjective(index=3))
    assert kinds(events) == ["objective_recorded"] and events[0].changed and visible_events(events, 0) == []
    assert G.view(state, 1).my_choice == state.objective_cards[1][3] and G.view(state, 0).my_choice is None
    state, _ = choose_all(state, index=1)
    assert state.phase == Phase.TURN
    # Turns: change the card, reopen with `stage`, plan a cookie, then a new `place` refunds it.
    state, _ = act(state, 0, Place(card_index=0, cell=3, rotation=0))
    state, events = act(state, 0, Place(card_index=1, cell=4, rotation=180))
    assert kinds(events) == ["turn_recorded"] and events[0].changed
    state, events = act(state, 0, Stage(card_index=1, cell=4, rotation=180))
    assert kinds(events) == ["turn_recorded", "ready"] and events[1].ready is False
    assert 0 in G.to_decide(state)
    state, _ = act(state, 0, Rotate(cell=4))
    assert G.view(state, 0).cookies_left == 2 and G.view(state, 0).preview[4].rotation == 0
    state, _ = act(state, 0, Place(card_index=2, cell=4, rotation=0))
    assert G.view(state, 0).cookies_left == 3 and G.view(state, 0).pending.cookies == []
    state, events = play_turn(state)
    assert [e.card for e in of_kind(events, "card_placed")][0] == state.trees[0][4].card
    assert of_kind(events, "cookie_used") == []


def test_wrong_seat_and_non_seat_get_no_actions():
    state = new(2, "advanced", 5)
    assert G.to_decide(state) == {0, 1}
    for seat in (2, 3, -1, 99):
        assert G.legal_actions(state, seat) == []
        _refused(state, seat, ChooseObjective(index=0), "not playing")


def test_no_leak_in_other_views():
    state = new(3, "normal", 6)
    state, _ = act(state, 0, ChooseObjective(index=2))
    secret = state.choices[0]
    for seat in (None, 1, 2):
        view = G.view(state, seat)
        dumped = view.model_dump_json()
        assert secret not in dumped
        assert view.my_choice is None and not set(state.hands[0].cards) & set(dumped.split('"'))
    assert G.view(state, None).seats[0].ready and not G.view(state, None).seats[1].ready
    state, _ = choose_all(state)
    state, _ = act(state, 0, Stage(card_index=3, cell=7, rotation=180))
    state, _ = act(state, 0, Rotate(cell=7))
    card = state.hands[0].cards[3]
    for seat in (None, 1, 2):
        view = G.view(state, seat)
        assert view.pending is None and view.seats[0].tree[7] is None and view.seats[0].cookies == 3
        assert card not in view.model_dump_json()
    mine = G.view(state, 0)
    assert mine.pending.card_index == 3 and mine.preview[7] == (card, 0) and mine.can_use_cookies


def test_advanced_seen_objectives_follow_the_hands():
    state, _ = choose_all(new(4, "advanced", 8), index=4)
    own = {seat: state.hands[seat].objective for seat in range(4)}
    for turn in range(1, 5):
        for seat in range(4):
            view = G.view(state, seat)
            origins = {(seat - (u - 1)) % 4 for u in range(1, turn + 1)}
            assert view.seen_objectives == {o: own[o] for o in sorted(origins)}
            assert view.hand_objective == own[(seat - (turn - 1)) % 4]
            hidden = {own[o] for o in range(4) if o not in origins}
            assert not hidden & set(view.model_dump_json().split('"'))
        public = G.view(state, None).model_dump_json()
        assert not set(own.values()) & set(public.split('"'))
        state, events = play_turn(state)
        received = of_kind(events, "hand_received")
        assert all(e.audience.seats == {e.seat} for e in received)
    assert all(G.view(state, s).seen_objectives == {} for s in range(4))
    assert {o.code for o in G.view(state, None).objectives} == set(own.values())


def test_events_describe_with_names():
    for n, mode in ((2, "advanced"), (3, "normal"), (4, "family")):
        _, steps = _random_game(n, mode, seed=3)
        names = [f"Elf{i}" for i in range(n)]
        for _, _, events in steps:
            for event in events:
                line = event.describe(names)
                assert isinstance(line, str) and line and "\n" not in line
                assert not re.search(r"\b[GWJO]\d\d\b", line), f"a card code in {line!r}"
                assert "°" not in line and " 1 cookies" not in line, line


def test_options_object_of_another_model_is_accepted():
    state = ChristmasTree().new_game(3, ChristmasTreeOptions(mode="family"), 1)
    assert state.mode == "family" and state.phase == Phase.TURN and state.cookies == [0, 0, 0]


def test_a_wrapped_candy_always_stands_upright():
    """A candy has no sides that count: no upside-down placement, swap orientation or cookie turn."""
    state = new(3, "normal", 4)
    state, _ = choose_all(state)
    rig_hand(state, 0, ["W01", "G01"])
    hand = state.hands[0].cards
    candy, glass = hand.index("W01"), hand.index("G01")
    places = [a for a in G.legal_actions(state, 0) if isinstance(a, Place | Stage)]
    assert {a.rotation for a in places if a.card_index == candy} == {0}
    assert {a.rotation for a in places if a.card_index == glass} == {0, 180}
    assert_refused(G, state, 0, Place(card_index=candy, cell=0, rotation=180), "upright")
    # a staged candy next to a glass ornament: the glass may be turned or swapped both ways
    state, _ = act(state, 0, Stage(card_index=candy, cell=0, rotation=0))
    state.trees[0][1] = Slot("G01", 0)
    cookies = [a for a in G.legal_actions(state, 0) if isinstance(a, Swap | Rotate)]
    assert {a.cell for a in cookies if isinstance(a, Rotate)} == {1}
    assert {(a.rot_a, a.rot_b) for a in cookies if isinstance(a, Swap)} == {(0, 0), (180, 0)}
    assert_refused(G, state, 0, Rotate(cell=0), "changes nothing")
    assert_refused(G, state, 0, Swap(a=0, b=1, rot_a=0, rot_b=180), "upright")
    state, _ = act(state, 0, Swap(a=0, b=1, rot_a=180, rot_b=0))
    assert G.view(state, 0).preview[0] == Slot("G01", 180) and G.view(state, 0).preview[1] == Slot("W01", 0)
