"""What the views tell players (issue 14): an event is "open" only while it can still happen, the
"would this card win?" outlook of a follow agrees with the trick the engine then plays, and no
label or event line shows a card's internal code."""

from __future__ import annotations

import random
import re

import pytest

from games.grumpy_nisse import Phase, Play
from games.grumpy_nisse.data import CARDS, TRACK, Shortcut, card_name
from games.grumpy_nisse.tricks import follow_outlook
from tests.games.grumpy_nisse.helpers import G, T, V, act, new, one, random_step, rigged

CODE = re.compile(r"\b[PLFM][1-9]\b")


def _states(seed: int):
    rnd = random.Random(seed)
    state = new(seed, ("host_violet", "host_torech")[seed % 2])
    events: list = []
    while True:
        yield state, events
        if G.outcome(state) is not None:
            return
        state, _, _, events = random_step(state, rnd)


def _states_of(track) -> dict[int, str | None]:
    return {space.space: space.event_state for space in track}


def test_events_behind_the_pawn_are_missed_not_open() -> None:
    state = rigged([["P1"], ["P2"]], pawn=12)
    states = _states_of(G.view(state, None).track)
    assert states[3] == "missed"  # Torech never won on space 3
    assert states[5] == states[6] == "missed"  # the shortcut was never armed
    assert states[11] == "missed"  # the devilish plan can no longer complete
    assert states[14] == "open" and states[16] == states[17] == states[18] == "open"
    state = rigged([["P1"], ["P2"]], pawn=17, panic_done=[16], determination_done=True, tricks_done=True)
    states = _states_of(G.view(state, None).track)
    assert states[3] == "done" and states[14] == "done"
    assert states[16] == "done" and states[17] == "open" and states[18] == "open"
    state = rigged([["P1"], ["P2"]], pawn=6, shortcut=Shortcut.ARMED)
    assert _states_of(G.view(state, None).track)[6] == "armed"
    state = rigged([["P1"], ["P2"]], pawn=11, devilish_count=2)
    assert _states_of(G.view(state, None).track)[11] == "2/3"


def test_nothing_is_open_once_the_game_is_over() -> None:
    *_, (state, _) = _states(1)
    states = _states_of(G.view(state, None).track)
    assert state.phase == Phase.GAME_OVER
    assert not {"open", "armed"} & set(states.values())


@pytest.mark.parametrize("seed", range(3))
def test_open_events_can_still_happen(seed: int) -> None:
    """Over whole games: an event shown open is on the pawn's space or ahead of it."""
    for state, _ in _states(seed):
        for space in G.view(state, None).track:
            if space.event_state in ("open", "armed") or (space.event_state or "").endswith("/3"):
                last = 6 if TRACK[space.space].event == "SHORTCUT" else space.space
                assert state.pawn <= last and state.phase != Phase.GAME_OVER


@pytest.mark.parametrize(
    "lead,follow,trump,expected",
    [
        ("F5", "M7", None, "loses"),  # fact 10: different suits, no trump
        ("F5", "F6", None, "wins"),
        ("M9", "F2", "FLOWER", "wins"),  # fact 9: the trump wins
        ("P5", "F9", "FLOWER", "loses"),  # fact 13: a led 5 is not trumped
        ("F9", "L1", "FLOWER", "wins"),  # fact 12: a 1 beats a trump 9
        ("L6", "L3", None, "dice"),  # fact 14: a 3 in the same suit rolls dice
        ("P3", "M3", None, "dice"),  # fact 16: two 3s
        ("P3", "M3", "MUSHROOM", "wins"),  # fact 15: a trump 3 wins without dice
    ],
)
def test_follow_outlook_follows_the_rules(lead: str, follow: str, trump: str | None, expected: str) -> None:
    assert follow_outlook(lead, follow, trump) == expected  # type: ignore[arg-type]


def test_follow_outlook_agrees_with_the_engine() -> None:
    """Every follow card of many led cards: "wins"/"loses" is what the engine then decides."""
    rnd = random.Random(5)
    checked = 0
    for _ in range(200):
        pool = rnd.sample(CARDS, 6)
        pawn = rnd.randint(1, 18)
        state = rigged([pool[:1], pool[1:]], pawn=pawn, leader=V)
        state, _ = act(state, V, Play(card=pool[0]))
        view = G.view(state, T)
        for follow in pool[1:]:
            outlook = follow_outlook(pool[0], follow, view.trump)
            if outlook == "dice":
                continue
            after, events = act(state, T, Play(card=follow))
            assert (one(events, "trick_won").winner == T) == (outlook == "wins"), (pool[0], follow, pawn)
            checked += 1
    assert checked > 500


@pytest.mark.parametrize("seed", range(3))
def test_labels_and_event_lines_name_cards_not_codes(seed: int) -> None:
    lines = 0
    for state, events in _states(seed):
        for event in events:
            line = event.describe(["Ann", "Bob"])
            assert not CODE.search(line), line
            lines += 1
        for seat in (0, 1):
            view = G.view(state, seat)
            for choice in view.choices:
                assert not CODE.search(choice.label), choice.label
                if choice.card is not None:
                    assert card_name(choice.card) in choice.label
            assert not CODE.search(view.status), view.status
    assert lines > 100
