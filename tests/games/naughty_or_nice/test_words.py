"""Every sentence Naughty or Nice shows players is marked for the catalogues: each event kind's
`describe` over random whole games is a `Words` of a marked template (names inside marked too),
and so is every refusal of an action tried out of turn, every legal action's label and the prompt."""

from __future__ import annotations

import random

import pytest

from games.core import SYSTEM_SEAT, IllegalAction
from games.core.words import Words
from games.naughty_or_nice.actions import Decline
from games.naughty_or_nice.data import CREATURES, KIDDOS, PRESENTS
from games.naughty_or_nice.events import Declined, NoNEvent
from games.naughty_or_nice.givers import GIVERS
from games.naughty_or_nice.models import ChristkindlTask
from games.naughty_or_nice.words import BASIC_NAMES, COLOUR_NAMES, SYMBOL_NAMES, choice_words
from tests.games.words_check import assert_marked_sentence, event_kinds, marked_texts, unmarked

from .helpers import G, new
from .play import choose

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]
GAMES = [
    (n, level, seed) for seed in range(3) for n, level in ((2, 5), (3, 5), (4, 4), (5, 5), (3, 3), (2, 1))
]


def _play(n: int, level: int, seed: int, seen: dict[str, int], refusals: list[IllegalAction]) -> None:
    rnd = random.Random(seed)
    state = new(n, level=level, seed=seed, givers="random" if seed % 2 else "choose")
    for step in range(5000):
        if state.over:
            return
        if step % 4 == 0:
            _check_choices(state)
        seat, action = choose(rnd, state)
        outsiders = [s for s in range(n) if s not in G.to_decide(state)]
        if outsiders and seat != SYSTEM_SEAT and len(refusals) < 400:
            try:
                G.apply(state, outsiders[0], action)
            except IllegalAction as refusal:
                refusals.append(refusal)
        state, events = G.apply(state, seat, action)
        for event in events:
            assert_marked_sentence(event.describe(NAMES[:n]), event)
            seen[event.kind] = seen.get(event.kind, 0) + 1
    raise AssertionError("the game did not end")


def _check_choices(state) -> None:
    """Each legal action's label is its marked template filled in (a target player: "seat N")."""
    seats = [f"seat {i}" for i in range(state.num_players)]
    view = G.view(state, None)
    assert view.prompt in marked_texts(), view.prompt
    for seat in sorted(G.to_decide(state)):
        for choice in G.view(state, seat).choices:
            words = choice_words(choice.template, choice.values, seats)
            assert_marked_sentence(words, choice.code)
            assert words == choice.label


@pytest.fixture(scope="module")
def played() -> tuple[dict[str, int], list[IllegalAction]]:
    seen: dict[str, int] = {}
    refusals: list[IllegalAction] = []
    for n, level, seed in GAMES:
        _play(n, level, seed, seen, refusals)
    return seen, refusals


def test_every_event_kind_describes_itself_in_marked_words(played):
    seen, _ = played
    missing = event_kinds(NoNEvent) - set(seen)
    assert not missing, f"random games never produced {sorted(missing)}"


def test_refusals_are_marked_templates(played):
    _, refusals = played
    assert len(refusals) > 50
    for refusal in refusals:
        assert refusal.template in marked_texts(), refusal.template
        assert refusal.reason == refusal.template.format(**refusal.values)
        words = [value for value in refusal.values.values() if isinstance(value, Words)]
        assert not [text for value in words for text in unmarked(value)], refusal.reason


def test_names_in_the_data_tables_are_marked():
    names = [p.name for p in PRESENTS.values()] + [k.name for k in KIDDOS.values()]
    names += [c.name for c in CREATURES.values()] + [c.text for c in CREATURES.values()]
    names += [g.name for g in GIVERS.values()] + [g.ability for g in GIVERS.values()]
    names += [*BASIC_NAMES.values(), *COLOUR_NAMES.values(), *SYMBOL_NAMES.values()]
    assert set(names) <= marked_texts(), set(names) - marked_texts()
    assert len(set(names)) > 90


def test_a_decline_says_what_was_declined_and_who_offered_it():
    """ "Dasher declines." alone left the table guessing what: the event names the offer."""
    said: dict[str, str] = {}
    for seed in range(60):
        rnd = random.Random(seed)
        state = new(3, level=5, seed=seed, givers="random")
        while not state.over and len(said) < 3:
            seat, action = choose(rnd, state)
            if seat != SYSTEM_SEAT and Decline() in G.legal_actions(state, seat):
                task = state.tasks[-1]
                offer = "christkindl" if isinstance(task, ChristkindlTask) else task.reason
                state, events = G.apply(state, seat, Decline())
                (declined,) = [e for e in events if isinstance(e, Declined)]
                assert declined.reason == offer
                said[offer] = declined.describe(NAMES[:3]).replace(NAMES[seat], "NAME")
            else:
                state, _ = G.apply(state, seat, action)
        if len(said) == 3:
            break
    assert said == {
        "christkindl": "Christkindl: NAME does not draw.",
        "snow_maiden": "Snow Maiden: NAME takes no other basic action.",
        "ded_moroz": "Ded Moroz: NAME takes no other basic action.",
    }


def test_a_tomte_chain_s_outcome_as_each_of_its_players_reads_it() -> None:
    """Each Tomte cancels the one before it, the first the creature (spec 5.2): a player whose
    Tomte was played against the creature reads whether it counted; one who played to restore it
    reads the public line; the creature's player reads what became of their card."""
    from games.naughty_or_nice.data import Creature
    from games.naughty_or_nice.events import EffectCancelled, EffectStands

    names = ["Ann", "Ben", "Cat", "Dan"]
    once = EffectCancelled(seat=0, creature=Creature.KRAMPUS, tomtes=[1])
    assert once.describe_to(names, 1) == "Your Tomte cancels the effect of Ann's Krampus."
    assert once.describe_to(names, 0) == "The effect of your Krampus is cancelled."
    assert once.describe_to(names, 2) == once.describe(names) == "The effect of Ann's Krampus is cancelled."
    twice = EffectStands(seat=0, creature=Creature.KRAMPUS, tomtes=[1, 2])
    assert twice.describe_to(names, 1) == "Your Tomte is cancelled: Ann's Krampus takes effect."
    assert twice.describe_to(names, 2) == "Tomte cancels Tomte: Ann's Krampus takes effect."
    assert twice.describe_to(names, 0) == "Tomte cancels Tomte: your Krampus takes effect."
    thrice = EffectCancelled(seat=0, creature=Creature.KRAMPUS, tomtes=[1, 2, 3])
    assert thrice.describe_to(names, 1) == thrice.describe_to(names, 3)  # (both against it)
    assert thrice.describe_to(names, 1).startswith("Your Tomte cancels")
    assert thrice.describe_to(names, 2) == thrice.describe(names)
    back = EffectStands(seat=0, creature=Creature.KRAMPUS, tomtes=[1, 0])  # (Ann answers herself)
    assert back.describe_to(names, 0) == "Tomte cancels Tomte: your Krampus takes effect."
    assert back.describe_to(names, 1).startswith("Your Tomte is cancelled")
