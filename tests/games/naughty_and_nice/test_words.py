"""Every sentence Naughty & Nice shows players is marked for the catalogues: each event kind's
`describe` over random whole games is a `Words` of a marked template (card names inside marked
too), and so is every refusal of an action tried out of turn or tried twice."""

from __future__ import annotations

import random

import pytest

from games.core import IllegalAction
from games.core.words import Words
from games.naughty_and_nice.data import CARDS
from games.naughty_and_nice.events import NNEvent
from tests.games.words_check import assert_marked_sentence, event_kinds, marked_texts, unmarked

from .helpers import G, new

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


def _play(n: int, seed: int, seen: dict[str, int], refusals: list[IllegalAction]) -> None:
    rnd = random.Random(seed)
    state = new(n, seed)
    for _ in range(3000):
        if G.outcome(state) is not None:
            return
        seat = rnd.choice(sorted(G.to_decide(state)))
        action = rnd.choice(G.legal_actions(state, seat))
        before = state
        state, events = G.apply(state, seat, action)
        if len(refusals) < 300:  # the same action by the next seat before it, and by the seat after it
            for tried, by in ((before, (seat + 1) % n), (state, seat)):
                try:
                    G.apply(tried, by, action)
                except IllegalAction as refusal:
                    refusals.append(refusal)
        for event in events:
            assert_marked_sentence(event.describe(NAMES[:n]), event)
            seen[event.kind] = seen.get(event.kind, 0) + 1
    raise AssertionError("the game did not end")


@pytest.fixture(scope="module")
def played() -> tuple[dict[str, int], list[IllegalAction]]:
    seen: dict[str, int] = {}
    refusals: list[IllegalAction] = []
    for seed in range(12):
        _play(2 + seed % 5, seed, seen, refusals)
    return seen, refusals


def test_every_event_kind_describes_itself_in_marked_words(played):
    seen, _ = played
    missing = event_kinds(NNEvent) - set(seen)
    assert not missing, f"random games never produced {sorted(missing)}"


def test_refusals_are_marked_templates(played):
    _, refusals = played
    assert len(refusals) > 50
    for refusal in refusals:
        assert refusal.template in marked_texts(), refusal.template
        assert refusal.reason == refusal.template.format(**refusal.values)
        words = [value for value in refusal.values.values() if isinstance(value, Words)]
        assert not [text for value in words for text in unmarked(value)], refusal.reason


def test_card_names_are_marked():
    names = {card.name for card in CARDS.values()}
    assert names <= marked_texts(), names - marked_texts()
    assert len(names) == 55  # 56 cards, the two Bad Movies share a name
