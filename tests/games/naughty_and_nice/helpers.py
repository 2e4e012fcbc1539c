"""Helpers for Naughty & Nice tests: rigged states (every card still accounted for) and actions."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Literal

from games.core import Event, Rng
from games.naughty_and_nice import (
    Declaration,
    Declare,
    DeclareEnd,
    NaughtyAndNice,
    NNState,
    Pass,
    Phase,
    Play,
    Stop,
)
from games.naughty_and_nice.data import DECK, DIE_SIDES

G = NaughtyAndNice()
OPTIONS = G.parse_options(None)


def new(n: int, seed: int = 0) -> NNState:
    return G.new_game(n, OPTIONS, seed)


def rigged(
    n: int,
    *,
    active: int = 0,
    hands: dict[int, Sequence[str]] | None = None,
    areas: dict[int, Sequence[str]] | None = None,
    top: Sequence[str] = (),
    discard: Sequence[str] = (),
    rest: Literal["draw", "discard", "spread"] | int = "draw",
    seed: int = 0,
) -> NNState:
    """A fresh game, `active` to declare, with the named cards placed; every other card goes to the
    draw pile under `top` (`rest="draw"`), onto the discard pile, or spread over the play areas
    round-robin (`"spread"`), or into the hand of seat `rest` (an int); the last two leave both
    piles empty when `top` and `discard` are."""
    state = new(n, seed)
    hands, areas = hands or {}, areas or {}
    placed = [*top, *discard] + [c for cards in (*hands.values(), *areas.values()) for c in cards]
    assert len(placed) == len(set(placed)), "a card is placed twice"
    others = [c for c in DECK if c not in set(placed)]
    state.hands = [list(hands.get(s, [])) for s in range(n)]
    state.play_areas = [list(areas.get(s, [])) for s in range(n)]
    state.draw_pile = list(top)
    state.discard_pile = list(discard)
    if rest == "draw":
        state.draw_pile += others
    elif rest == "discard":
        state.discard_pile += others
    elif isinstance(rest, int):
        state.hands[rest] += others
    else:
        for i, c in enumerate(others):
            state.play_areas[i % n].append(c)
    state.active_seat = state.first_seat = active
    return state


def act(state: NNState, seat: int, action) -> tuple[NNState, list[Event]]:
    applied = G.apply(state, seat, action)
    return applied.state, applied.events


def run(state: NNState, seat: int, actions: Iterable) -> tuple[NNState, list[Event]]:
    events: list[Event] = []
    for action in actions:
        state, more = act(state, seat, action)
        events += more
    return state, events


def kinds(events: Iterable[Event]) -> list[str]:
    return [event.kind for event in events]


def of_kind(events: Iterable[Event], kind: str) -> list[Event]:
    return [event for event in events if event.kind == kind]


def all_cards(state: NNState) -> Counter:
    cards = Counter(state.draw_pile) + Counter(state.discard_pile)
    for cards_of_seat in (*state.hands, *state.play_areas):
        cards += Counter(cards_of_seat)
    return cards


def rng_rolling(roll: int) -> Rng:
    """An `Rng` whose next die roll is `roll`."""
    for seed in range(1000):
        if Rng(seed=seed).below(DIE_SIDES) + 1 == roll:
            return Rng(seed=seed)
    raise AssertionError("no seed found")


def quick_turn(state: NNState, *, declare_end: bool = False) -> tuple[NNState, list[Event]]:
    """The active seat draws one card without declaring, plays its first cards on itself while it
    must, and declares the end (or passes) if it is asked."""
    seat = state.active_seat
    state, events = act(state, seat, Declare(declaration=Declaration.NONE))
    if state.phase == Phase.DRAW:
        state, more = act(state, seat, Stop())
        events += more
    while state.phase == Phase.PLAY:
        state, more = act(state, seat, Play(card=state.hands[seat][0], target=seat))
        events += more
    if state.phase == Phase.END_OF_TURN:
        state, more = act(state, seat, DeclareEnd() if declare_end else Pass())
        events += more
    return state, events
