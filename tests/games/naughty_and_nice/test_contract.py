"""Naughty & Nice against the GameRules contract: JSON, determinism, refusals, decision ids,
the secret orientation decision, and the views."""

from __future__ import annotations

import random

import pytest

from games.core import IllegalAction, NoOptions, visible_events
from games.naughty_and_nice import (
    Declaration,
    Declare,
    DeclareEnd,
    Draw,
    NaughtyAndNice,
    NNView,
    Orient,
    Pass,
    Phase,
    Play,
    Stop,
    StopTaking,
    Take,
)
from tests.games.contract import assert_refused

from .helpers import G, act, kinds, new, of_kind, quick_turn, rigged, run

NONE = Declaration.NONE


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


def test_class_vars_and_action_kinds():
    assert isinstance(G, NaughtyAndNice)
    assert (G.name, G.title, G.min_players, G.max_players) == ("naughty-and-nice", "Naughty & Nice", 2, 6)
    assert set(G.action_types) == {
        "declare",
        "draw",
        "stop",
        "play",
        "take",
        "stop_taking",
        "declare_end",
        "pass",
        "orient",
    }


@pytest.mark.parametrize("n", [0, 1, 7])
def test_player_count_refused(n):
    with pytest.raises(IllegalAction):
        G.new_game(n, G.parse_options(None), 1)


def test_no_options():
    assert isinstance(G.parse_options(None), NoOptions)


@pytest.mark.parametrize("n", range(2, 7))
def test_json_round_trips_and_codes(n):
    states, steps = _random_game(n, seed=100 + n)
    for state in states:
        loaded = G.load_state(G.dump_state(state))
        assert loaded == state and G.dump_state(loaded) == G.dump_state(state)
        for seat in range(n):
            for action in G.legal_actions(state, seat):
                code = G.encode_action(action)
                assert len(code) <= 60 and G.decode_action(code) == action
                assert G.load_action(action.model_dump_json()) == action
        for seat in (None, *range(n)):
            view = G.view(state, seat)
            assert NNView.model_validate_json(view.model_dump_json()) == view
    for _, _, events in steps:
        assert G.load_events(G.dump_events(events)) == events


def test_codes_and_forged_codes():
    assert G.encode_action(Declare(declaration=Declaration.NICE)) == "declare.NICE"
    assert G.encode_action(Play(card="NA12", target=3)) == "play.NA12.3"
    assert G.encode_action(Orient(card="SH12", face_up=True)) == "orient.SH12.1"
    assert G.decode_action("take.NI04") == Take(card="NI04")
    assert G.decode_action("stop_taking") == StopTaking()
    for code in ["declare", "declare.MAYBE", "play.NI01", "draw.1", "steal.1", "orient.SH01.x", ""]:
        with pytest.raises(ValueError):
            G.decode_action(code)


@pytest.mark.parametrize("n", [2, 4, 6])
def test_determinism(n):
    states, steps = _random_game(n, seed=7)
    replay = new(n, 7)
    for seat, action, events in steps:
        replay, replay_events = act(replay, seat, action)
        assert replay_events == events
    assert G.dump_state(replay) == G.dump_state(states[-1])
    assert G.dump_state(new(n, 7)) == G.dump_state(new(n, 7))
    assert G.dump_state(new(n, 7)) != G.dump_state(new(n, 8))


def test_illegal_actions_leave_state_unchanged():
    state = rigged(3, active=0, hands={0: ["SH12", "NI01"]}, areas={1: ["NA01", "NA18"]})
    assert_refused(G, state, 1, Declare(declaration=NONE), "not your turn")
    assert_refused(G, state, -1, Declare(declaration=NONE), "not playing")
    assert_refused(G, state, 3, Declare(declaration=NONE), "not playing")
    assert_refused(G, state, 0, Play(card="SH12", target=1), "cannot play")
    assert_refused(G, state, 0, Take(card="NA01"))
    assert_refused(G, state, 0, DeclareEnd())
    assert_refused(G, state, 0, Pass())
    assert_refused(G, state, 0, Orient(card="SH12", face_up=True), "only when the game ends")
    state, _ = act(state, 0, Declare(declaration=NONE))
    assert_refused(G, state, 0, Declare(declaration=NONE))
    assert_refused(G, state, 0, Play(card="SH12", target=1))
    state, _ = act(state, 0, Stop())
    assert state.phase == Phase.PLAY
    assert_refused(G, state, 0, Play(card="NA01", target=1), "not in your hand")
    assert_refused(G, state, 0, Play(card="SH12", target=3), "not in this game")
    assert_refused(G, state, 0, Play(card="SH12", target=-1), "not in this game")
    assert_refused(G, state, 0, Draw())
    assert_refused(G, state, 0, StopTaking())
    state, _ = act(state, 0, Play(card="SH12", target=1))
    assert state.phase == Phase.STEAL
    assert_refused(G, state, 0, Take(card="NI01"), "not in play")
    assert_refused(G, state, 0, Take(card="SH12"), "stays")
    assert_refused(G, state, 2, Take(card="NA01"), "not your turn")


def _orient_state():
    """3 players; seat 0 has two Shiny! cards in play, seat 2 one, seat 1 none: the game ends."""
    state = rigged(3, active=0, areas={0: ["SH01", "SH02"], 2: ["SH12"]}, rest=1)
    state, events = act(state, 0, Declare(declaration=NONE))
    assert state.phase == Phase.ORIENT
    return state, events


def test_orientation_is_secret_changeable_and_closes_when_all_are_in():
    state, events = _orient_state()
    assert of_kind(events, "game_ending")[0].orienting == [0, 2]
    start = state.decision
    assert G.to_decide(state) == {0, 2} and G.legal_actions(state, 1) == []
    assert_refused(G, state, 1, Orient(card="SH12", face_up=True), "not one of your")
    assert_refused(G, state, 0, Orient(card="SH12", face_up=True), "not one of your")
    assert len(G.legal_actions(state, 0)) == 4
    state, events = act(state, 0, Orient(card="SH01", face_up=True))
    assert kinds(events) == ["orientation_recorded"] and events[0].audience.seats == {0}
    assert visible_events(events, None) == [] and visible_events(events, 2) == []
    assert state.decision == start and G.to_decide(state) == {0, 2}
    state, events = act(state, 0, Orient(card="SH02", face_up=False))
    assert kinds(events) == ["orientation_recorded", "oriented"]
    assert "face_up" not in events[1].model_dump_json()
    assert state.decision == start and G.to_decide(state) == {2}
    # The choices stay secret from the public and from seat 2, and seat 0 sees its own.
    assert G.view(state, 0).my_orientations == {"SH01": True, "SH02": False}
    assert G.view(state, 2).my_orientations == {} and G.view(state, None).my_orientations == {}
    assert [p.oriented for p in G.view(state, None).players] == [True, False, False]
    assert [p.must_orient for p in G.view(state, None).players] == [True, False, True]
    # Seat 0 may still change its mind (not resend the same choice).
    assert_refused(G, state, 0, Orient(card="SH01", face_up=True), "already face up")
    assert Orient(card="SH01", face_up=False) in G.legal_actions(state, 0)
    assert len(G.legal_actions(state, 0)) == 2
    state, events = act(state, 0, Orient(card="SH01", face_up=False))
    assert events[0].changed and kinds(events) == ["orientation_recorded"]
    assert state.decision == start
    # The last seat closes the decision: everything is revealed, the die rolled, the game scored.
    state, events = act(state, 2, Orient(card="SH12", face_up=True))
    assert state.decision == start + 1 and state.phase == Phase.GAME_OVER
    assert kinds(events)[-3:] == ["orientations_revealed", "die_rolled", "game_over"]
    revealed = of_kind(events, "orientations_revealed")[0].orientations
    assert revealed == {0: {"SH01": False, "SH02": False}, 2: {"SH12": True}}
    view = G.view(state, None)
    assert view.die_roll == state.die_roll and len(view.results) == 3
    assert {s.card.id: s.face_up for s in view.results[0].shinies} == {"SH01": False, "SH02": False}
    assert_refused(G, state, 0, Orient(card="SH01", face_up=True), "over")


def test_game_over_refuses_everything():
    state, _ = _orient_state()
    state, _ = run(state, 0, [Orient(card="SH01", face_up=True), Orient(card="SH02", face_up=True)])
    state, _ = act(state, 2, Orient(card="SH12", face_up=True))
    outcome = G.outcome(state)
    assert outcome is not None and outcome.winners == frozenset(state.winners) and outcome.summary
    assert G.to_decide(state) == frozenset()
    assert all(G.legal_actions(state, seat) == [] for seat in range(3))
    assert_refused(G, state, 0, Declare(declaration=NONE), "over")


def test_decision_moves_on_every_turn_action():
    ten = [f"NA{i:02d}" for i in range(1, 11)]
    state = rigged(2, active=0, hands={0: ["SH12", "NI01"]}, areas={1: ten})
    for action in [Declare(declaration=NONE), Draw(), Stop(), Play(card="SH12", target=1), Take(card="NA01")]:
        before = state.decision
        state, _ = act(state, 0, action)
        assert state.decision == before + 1
    state, _ = act(state, 0, StopTaking())
    while state.phase == Phase.PLAY:
        state, _ = act(state, 0, Play(card=state.hands[0][0], target=0))
    assert state.phase == Phase.END_OF_TURN
    before = state.decision
    state, _ = act(state, 0, DeclareEnd())
    assert state.decision == before + 1 and state.active_seat == 1


def test_wrong_seats_get_no_actions():
    state = rigged(4, active=2)
    assert G.to_decide(state) == {2}
    for seat in (0, 1, 3, -1, 4, 99):
        assert G.legal_actions(state, seat) == []


def test_views_at_start_and_choices():
    state = rigged(3, active=1, hands={1: ["NI01", "SH12"]})
    public = G.view(state, None)
    assert public.seat is None and public.hand == [] and public.choices == []
    assert public.phase == Phase.DECLARE and public.active_seat == 1 and public.to_decide == [1]
    assert public.draw_pile_size == 54 and public.discard_pile_size == 0 and public.declaration is None
    assert [p.hand_size for p in public.players] == [0, 2, 0] and public.players[1].is_active
    assert '"NI01"' not in public.model_dump_json() and '"SH12"' not in public.model_dump_json()
    mine = G.view(state, 1)
    assert [c.name for c in mine.hand] == ["Said Please and Thank You", "Sparkle Lip Gloss"]
    assert [c.code for c in mine.choices] == ["declare.NONE", "declare.NAUGHTY", "declare.NICE"]
    assert all(c.label for c in mine.choices)
    assert G.view(state, 0).choices == [] and G.view(state, 0).hand == []
    state, _ = run(state, 1, [Declare(declaration=NONE), Stop()])
    choices = G.view(state, 1).choices
    assert len(choices) == 9 and {c.target for c in choices} == {0, 1, 2}
    lip = next(c for c in choices if c.card.id == "SH12" and c.target == 0)
    assert lip.code == "play.SH12.0" and "Sparkle Lip Gloss" in lip.label and lip.kind == "play"


def test_declared_draws_are_shown_publicly():
    state = rigged(3, active=0, top=["NI07", "NA01"])
    state, _ = run(state, 0, [Declare(declaration=Declaration.NICE), Draw()])
    public = G.view(state, None)
    assert [(d.card.id, d.kept) for d in public.shown_draws] == [("NI07", True), ("NA01", False)]
    assert [c.id for c in public.discard_pile] == ["NA01"] and public.declaration == "NICE"
    assert public.draws_this_turn == 2 and public.max_draws == 4


def test_steal_view():
    state = rigged(3, active=0, hands={0: ["SH12", "NI01"]}, areas={1: ["NA01", "NA18"]})
    state, _ = run(state, 0, [Declare(declaration=NONE), Stop(), Play(card="SH12", target=1)])
    state, _ = act(state, 0, Take(card="NA01"))
    steal = G.view(state, None).steal
    assert (steal.seat, steal.target, steal.shiny.id, steal.budget, steal.budget_left) == (0, 1, "SH12", 6, 5)
    assert [c.id for c in steal.taken] == ["NA01"]
    codes = [c.code for c in G.view(state, 0).choices]
    assert codes == ["take.NA18", "stop_taking"]


def test_events_describe_with_names():
    names = [f"Elf{i}" for i in range(6)]
    for n in (2, 4, 6):
        _, steps = _random_game(n, seed=3)
        for _, _, events in steps:
            for event in events:
                line = event.describe(names[:n])
                assert isinstance(line, str) and line and "\n" not in line


def test_quick_turns_pass_the_turn_round_the_table():
    state = rigged(4, active=3)
    seen = []
    for _ in range(5):
        seen.append(state.active_seat)
        state, events = quick_turn(state)
        assert of_kind(events, "turn_started")[0].turn_no == len(seen) + 1
    assert seen == [3, 0, 1, 2, 3]
