"""The turn clock's defaults (`NaughtyOrNice.default_action`): legal, make progress, reveal nothing."""

from __future__ import annotations

import random

import pytest

from games.naughty_or_nice import rules
from games.naughty_or_nice.actions import (
    ChooseGiver,
    Craft,
    Decline,
    ElvesPick,
    EndTurn,
    Pass,
    TakePresent,
    WolverineTake,
)
from games.naughty_or_nice.cards import present_sort_key
from games.naughty_or_nice.data import Creature, Giver
from games.naughty_or_nice.models import (
    ChristkindlTask,
    ElvesTask,
    NoNState,
    TurnTask,
    WindowTask,
    WolverineTakeTask,
)
from tests.games.clock_contract import (
    check_defaults_apply,
    check_same_default,
    play_by_defaults,
    states_of_random_games,
)

from .helpers import G, fresh, give_creatures, options

CASES = [(n, level) for level in range(1, 6) for n in (2, 3, 5)]


def scrambled(state: NoNState, seat: int, chooser: random.Random) -> NoNState:
    """`state` with what `seat` cannot see shuffled: the present and creature decks, the other
    players' presents (hand sizes kept) and the other seats' secret window answers."""
    other = state.model_copy(deep=True)
    chooser.shuffle(other.present_deck)
    chooser.shuffle(other.creature_main)
    others = [s for s in range(state.num_players) if s != seat]
    pool = [c for s in others for c in state.players[s].presents]
    chooser.shuffle(pool)
    for s in others:
        size = len(state.players[s].presents)
        other.players[s].presents = sorted(pool[:size], key=present_sort_key)
        pool = pool[size:]
    for task in other.tasks:
        if isinstance(task, WindowTask):
            task.answers = {s: (a if s == seat else chooser.random() < 0.5) for s, a in task.answers.items()}
    return other


@pytest.mark.parametrize(("n", "level"), CASES)
def test_every_default_is_legal_and_blind_to_others_secrets(n: int, level: int) -> None:
    chooser = random.Random(n * 10 + level)
    applied = 0
    for state in states_of_random_games(G, n, options(level), range(1)):
        applied += check_defaults_apply(G, state)
        if isinstance(rules.top(state), WindowTask):
            assert all(G.default_action(state, s) == Pass() for s in G.to_decide(state))
        for seat in G.to_decide(state):
            check_same_default(G, state, scrambled(state, seat, chooser), seat)
    assert applied > 20


@pytest.mark.parametrize(("n", "level"), CASES)
def test_a_game_of_defaults_only_ends(n: int, level: int) -> None:
    final = play_by_defaults(G, n, options(level), seed=level)
    assert final.over and G.outcome(final) is not None


def test_the_turn_defaults() -> None:
    state = fresh(3, level=5)
    give_creatures(state, 0, [Creature.TOMTE])  # a usable creature: the turn waits for End turn
    assert G.default_action(state, 0) == Craft()
    assert G.default_action(state, 1) is None
    state = G.apply(state, 0, Craft()).state
    assert G.default_action(state, 0) == TakePresent(source=-1)
    while G.to_decide(state) == {0} and G.default_action(state, 0) != EndTurn():
        state = G.apply(state, 0, G.default_action(state, 0)).state
    assert G.default_action(state, 0) == EndTurn()


def test_the_giver_draft_takes_the_first_free_giver() -> None:
    state = G.new_game(3, options(5), 0)
    (seat,) = G.to_decide(state)
    taken = {p.giver for p in state.players}
    assert G.default_action(state, seat) == ChooseGiver(giver=next(g for g in Giver if g not in taken))


def test_out_of_turn_defaults_follow_spec_5_4() -> None:
    state = fresh(3, level=5)
    state.tasks.append(ElvesTask(cards=["a", "b", "c", "d"], order=[1, 2, 0]))
    assert G.default_action(state, 1) == ElvesPick(index=0)
    state.tasks[-1] = ChristkindlTask(seat=2, reason="elves")
    assert G.default_action(state, 2) == Decline()
    state.tasks[-1] = WolverineTakeTask(seat=1)
    state.present_discard = ["x", "y", "z"]
    state.batch = ["x", "y", "z"]
    assert G.default_action(state, 1) == WolverineTake(mask=0b11)
    state.batch = ["z"]
    assert G.default_action(state, 1) == WolverineTake(mask=0b1)


@pytest.mark.parametrize("level", [1, 3])
def test_a_turn_s_name_says_what_is_to_be_chosen(level: int) -> None:
    """A push reads "Your turn in Naughty or Nice #1 - <name>": "the turn" said nothing. Before
    the basic action it names the basic actions the level has; after it, the end of the turn."""
    seen = set()
    for state in states_of_random_games(G, 2, options(level), seeds=range(2)):
        if isinstance(rules.top(state), TurnTask):
            basic = state.turn is not None and state.turn.basic is not None
            before = "Craft, Summon or Fulfill" if level >= 3 else "Craft or Fulfill"
            assert G.decision_label(state) == ("the end of the turn" if basic else before)
            seen.add(basic)
    assert seen == (
        {False, True} if level >= 3 else {False}
    )  # (without creatures a turn ends with its basic action)
