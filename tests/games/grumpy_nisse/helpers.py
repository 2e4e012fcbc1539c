"""Helpers for The Grumpy Nisse tests: hand-made states and short ways to play."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from games.core import Event
from games.grumpy_nisse import GNState, GrumpyNisse, Phase, Play
from games.grumpy_nisse.data import CARDS

G = GrumpyNisse()
V, T = 0, 1  # seats in rigged states: Violet is seat 0 unless told otherwise


def new(seed: int = 0, roles: str = "host_violet") -> GNState:
    return G.new_game(2, G.parse_options({"roles": roles}), seed)


def rigged(
    hands: Sequence[Iterable[str]],
    decks: Sequence[Iterable[str]] = ((), ()),
    discards: Sequence[Iterable[str]] = ((), ()),
    *,
    pawn: int = 1,
    leader: int = V,
    violet: int = V,
    round_no: int = 1,
    **fields,
) -> GNState:
    """A state at the lead of a trick with the given cards (per seat; decks top first)."""
    state = new(0)
    state.violet = violet
    state.phase = Phase.LEAD
    state.grid, state.dice, state.dice_used = [], [], []
    state.hands = [list(cards) for cards in hands]
    state.decks = [list(cards) for cards in decks]
    state.discards = [list(cards) for cards in discards]
    state.collections = [state.hands[s] + state.decks[s] + state.discards[s] for s in (0, 1)]
    state.round = round_no
    state.trick_no = state.trick_in_round = 1
    state.pawn = pawn
    state.leader = leader
    for name, value in fields.items():
        setattr(state, name, value)
    return state


def act(state: GNState, seat: int, action) -> tuple[GNState, list[Event]]:
    applied = G.apply(state, seat, action)
    return applied.state, applied.events


def trick(state: GNState, lead: str, follow: str) -> tuple[GNState, list[Event]]:
    """The leader plays `lead`, the follower `follow`."""
    leader = state.leader
    state, events = act(state, leader, Play(card=lead))
    state, more = act(state, 1 - leader, Play(card=follow))
    return state, events + more


def kinds(events: Iterable[Event]) -> list[str]:
    return [event.kind for event in events]


def of_kind(events: Iterable[Event], kind: str) -> list[Event]:
    return [event for event in events if event.kind == kind]


def one(events: Iterable[Event], kind: str) -> Event:
    (event,) = of_kind(events, kind)
    return event


def random_step(state: GNState, rnd: random.Random) -> tuple[GNState, int, object, list[Event]]:
    seat = rnd.choice(sorted(G.to_decide(state)))
    action = rnd.choice(G.legal_actions(state, seat))
    state, events = act(state, seat, action)
    return state, seat, action, events


def finish_draft(state: GNState, rnd: random.Random | None = None) -> GNState:
    rnd = rnd or random.Random(0)
    while state.phase in (Phase.DRAFT, Phase.FINAL_PICK):
        state, *_ = random_step(state, rnd)
    return state


def all_cards(state: GNState) -> list[str]:
    """Every card wherever it is (grid, or the play areas once the draft is over)."""
    grid = [card for row in state.grid for card in row if card is not None]
    if state.round == 0:
        return grid + state.collections[0] + state.collections[1]
    places = [state.decks, state.hands, state.discards]
    table = [card for card in state.table if card is not None]
    return grid + [card for place in places for cards in place for card in cards] + table


def assert_all_cards(state: GNState) -> None:
    assert sorted(all_cards(state)) == sorted(CARDS)
    if state.round:
        for seat in (0, 1):
            held = state.decks[seat] + state.hands[seat] + state.discards[seat]
            held += [state.table[seat]] if state.table[seat] else []
            assert sorted(held) == sorted(state.collections[seat])
