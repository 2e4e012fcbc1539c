"""Naughty or Nice secrets over many random states (issue 14): what the table, a refused click and
every other seat's message show is the same whether or not a seat holds a reaction card (spec
5.1: the public sees only "Reaction window open"), and whatever creature Santa just gained (spec
2.2.1 + 6: the tuck question is asked the same way for any creature gained without a choice).

Each check builds a counterfactual state: the same game with the secret swapped (a Tomte / Papa
Wolverine for another creature, a Reindeer for another creature), and compares what the others
see in both."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from bot.render.base import TableContext
from games.naughty_or_nice.actions import Keep
from games.naughty_or_nice.data import CREATURE_OF, Creature, Giver
from games.naughty_or_nice.models import NoNState, TuckTask, WindowTask
from games.naughty_or_nice.reactions import CARD_OF, eligible
from tests.bot.render.naughty_or_nice_states import GAME, NAMES, RENDER
from tests.bot.render.naughty_or_nice_states import random_states as states_of

REACTIONS = {Creature.TOMTE, Creature.PAPA_WOLVERINE}


def random_states(players: int, seed: int, options: dict, limit: int = 500) -> Iterator[NoNState]:
    """Random states with windows left open longer and more Fulfills than the render tests'."""
    return states_of(players, seed, options, limit, close=0.3, fulfil=0.6)


def seen_by_others(state: NoNState, hidden: set[int]) -> dict:
    """Everything seats outside `hidden` (and the public, and the refusals) can see."""
    ctx = TableContext(1, GAME.decision(state), NAMES[: state.num_players], "Naughty or Nice", deadline=1e9)
    public = GAME.view(state, None)
    seen: dict = {
        "public view": public.model_dump(),
        "table": RENDER.table(public, ctx, []).digest(),
    }
    for seat in range(state.num_players):
        if seat in hidden:
            continue
        view = GAME.view(state, seat)
        seen[f"view {seat}"] = view.model_dump()
        seen[f"message {seat}"] = RENDER.private(view, ctx, []).digest()
        if not GAME.legal_actions(state, seat):
            seen[f"refusal {seat}"] = GAME.idle_reason(state, seat)
    return seen


def swap_creature(state: NoNState, seat: int, card: str, other: str, other_seat: int | None) -> None:
    """Exchange `card` in `seat`'s hand with `other` (in `other_seat`'s hand, or in the creature
    deck's main part when None), each keeping its place and when it was gained."""
    mine = next(h for h in state.players[seat].creatures if h.card == card)
    if other_seat is None:
        state.creature_main[state.creature_main.index(other)] = card
    else:
        theirs = next(h for h in state.players[other_seat].creatures if h.card == other)
        theirs.card = card
    mine.card = other


def _plain_creature(state: NoNState, seat: int | None, usable_only: bool) -> str | None:
    """A non-reaction creature of `seat`'s hand (usable now if asked) or of the deck's main part."""
    if seat is None:
        return next((c for c in state.creature_main if CREATURE_OF.get(c) not in REACTIONS), None)
    for held in state.players[seat].creatures:
        if CREATURE_OF[held.card] not in REACTIONS and (
            not usable_only or held.acquired_turn < state.turn_no
        ):
            return held.card
    return None


def window_counterfactuals(state: NoNState) -> Iterator[tuple[NoNState, NoNState, set[int]]]:
    """The same open window with a reaction card moved: to another seat, or into the deck."""
    window = state.tasks[-1]
    assert isinstance(window, WindowTask)
    kind = CARD_OF[window.reaction]
    for seat in window.eligible:
        card = next(
            h.card
            for h in state.players[seat].creatures
            if CREATURE_OF[h.card] == kind and h.acquired_turn < state.turn_no
        )
        targets: list[int | None] = [s for s in range(state.num_players) if s not in (seat, window.mover)]
        if state.options.reaction_secrecy:
            targets.append(None)  # nobody may be left to react: the window stays all the same
        for target in targets:
            other = _plain_creature(state, target, usable_only=True)
            if other is None:
                continue
            alt = state.model_copy(deep=True)
            swap_creature(alt, seat, card, other, target)
            alt_window = alt.tasks[-1]
            assert isinstance(alt_window, WindowTask)
            alt_window.eligible = eligible(alt, window.reaction, window.mover)
            alt_window.answers = {}
            if not alt_window.eligible and not alt.options.reaction_secrecy:
                continue  # the window would not have opened (spec 5.1: speed over secrecy)
            same = state.model_copy(deep=True)
            same_window = same.tasks[-1]
            assert isinstance(same_window, WindowTask)
            same_window.answers = {}
            yield same, alt, {seat} | ({target} if target is not None else set())


@pytest.mark.parametrize(
    ("players", "level", "secrecy", "seed"),
    [(3, 3, False, 1), (4, 5, False, 2), (5, 4, True, 3), (3, 5, True, 4), (5, 5, False, 5)],
)
def test_who_may_react_is_never_shown(players: int, level: int, secrecy: bool, seed: int) -> None:
    compared = 0
    options = {"level": level, "reaction_secrecy": secrecy, "givers": "random"}
    for game in range(3):
        for state in random_states(players, seed + 10 * game, options):
            if not isinstance(state.tasks[-1] if state.tasks else None, WindowTask):
                continue
            public = GAME.view(state, None)
            assert public.to_decide == []
            for same, alt, hidden in window_counterfactuals(state):
                assert seen_by_others(same, hidden) == seen_by_others(alt, hidden)
                compared += 1
    assert compared > 3


def test_a_refused_click_in_a_window_names_nobody() -> None:
    for state in random_states(5, 7, {"level": 5, "givers": "random"}):
        if isinstance(state.tasks[-1] if state.tasks else None, WindowTask):
            break
    else:
        pytest.fail("no window")
    reasons = {GAME.idle_reason(state, s) for s in range(5) if not GAME.legal_actions(state, s)}
    assert len(reasons) == 1
    (reason,) = reasons
    assert reason and "reaction window" in reason.lower()
    assert not any(name in reason for name in NAMES)


def _santa_states(seed: int) -> Iterator[tuple[NoNState, int]]:
    for state in random_states(4, seed, {"level": 4 + seed % 2, "givers": "random"}, limit=700):
        santa = next((s for s, p in enumerate(state.players) if p.giver == Giver.SANTA), None)
        if santa is not None:
            yield state, santa


def test_santa_gains_look_the_same_whatever_the_creature() -> None:
    """At every tuck question, the others see the same with a Reindeer or any other creature."""
    asked = 0
    for seed in range(12):
        for state, santa in _santa_states(seed):
            task = state.tasks[-1] if state.tasks else None
            if not isinstance(task, TuckTask):
                continue
            is_deer = CREATURE_OF[task.card] == Creature.REINDEER
            pool = state.creature_main
            other = next((c for c in pool if (CREATURE_OF.get(c) == Creature.REINDEER) != is_deer), None)
            if other is None:
                continue
            alt = state.model_copy(deep=True)
            swap_creature(alt, santa, task.card, other, None)
            alt_task = alt.tasks[-1]
            assert isinstance(alt_task, TuckTask)
            alt_task.card = other
            assert seen_by_others(state, {santa}) == seen_by_others(alt, {santa})
            asked += 1
    assert asked > 3


def test_santa_is_asked_after_every_gain_without_a_choice_and_never_after_a_keep() -> None:
    """Whether the tuck question comes depends only on how Santa gained, never on what."""
    gains = keeps = 0
    for seed in range(10):
        rng = random.Random(seed)
        state = GAME.new_game(4, GAME.parse_options({"level": 4 + seed % 2, "givers": "random"}), seed)
        santa = next((s for s, p in enumerate(state.players) if p.giver == Giver.SANTA), None)
        if santa is not None:
            assert isinstance(state.tasks[-1], TuckTask) and state.tasks[-1].seat == santa  # starting hand
        for _ in range(600):
            if GAME.outcome(state) is not None or not GAME.to_decide(state):
                break
            seat = rng.choice(sorted(GAME.to_decide(state)))
            action = rng.choice(GAME.legal_actions(state, seat))
            state, events = GAME.apply(state, seat, action)
            gained = [e.card for e in events if e.kind == "creature_gained" and e.seat == santa]
            asked = [t.card for t in state.tasks if isinstance(t, TuckTask)]
            if isinstance(action, Keep) and seat == santa:
                keeps += 1
                assert not asked
            elif gained:
                gains += 1
                assert set(gained) <= set(asked) or state.over
    assert gains and keeps
