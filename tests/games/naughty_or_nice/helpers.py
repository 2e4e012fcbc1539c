"""Helpers for Naughty or Nice tests: clean hand-made states and card movers that keep every card
accounted for (cards are always taken from wherever they are, never created)."""

from __future__ import annotations

from collections import Counter

from games.core import SYSTEM_SEAT, Event
from games.naughty_or_nice import NaughtyOrNice
from games.naughty_or_nice.data import (
    CREATURE_OF,
    KIDDOS,
    MIDNIGHTS,
    PRESENT_TYPE_OF,
    SMALL_GAME,
    Creature,
    Giver,
    PresentType,
)
from games.naughty_or_nice.models import HeldCreature, NoNState, Turn, TurnTask

G = NaughtyOrNice()


def options(level: int = 5, **extra):
    return G.parse_options({"level": level, **extra})


def new(n: int, level: int = 5, seed: int = 0, **extra) -> NoNState:
    return G.new_game(n, options(level, **extra), seed)


def fresh(
    n: int = 3,
    level: int = 5,
    givers: list[Giver] | None = None,
    seed: int = 0,
    **extra,
) -> NoNState:
    """Seat 0's first turn, empty hands, givers as given (default: seat order of Giver)."""
    state = G.new_game(n, options(level, givers="random", **extra), seed)
    chosen = givers or list(Giver)[:n]
    for seat, player in enumerate(state.players):
        player.giver = chosen[seat] if level >= 2 else None
        state.present_deck.extend(player.presents)
        player.presents = []
        state.creature_main.extend(h.card for h in player.creatures)
        player.creatures = []
        state.creature_main.extend(player.rudolf)
        player.rudolf = []
    state.first_player = 0
    state.turn_no = 1
    state.turn = Turn(seat=0)
    state.tasks = [TurnTask(seat=0)]
    return state


def _zones(state: NoNState) -> list[list[str]]:
    return [
        state.present_deck,
        state.present_discard,
        state.offer,
        *(p.presents for p in state.players),
    ]


def give_presents(state: NoNState, seat: int, types: list[PresentType]) -> list[str]:
    """Move one card of each listed type into `seat`'s hand (from anywhere but that hand)."""
    got = []
    for ptype in types:
        for zone in _zones(state):
            if zone is state.players[seat].presents:
                continue
            card = next((c for c in zone if PRESENT_TYPE_OF[c] == ptype), None)
            if card is not None:
                zone.remove(card)
                got.append(card)
                break
        else:
            raise AssertionError(f"no {ptype} left")
    hand = state.players[seat].presents
    hand.extend(got)
    from games.naughty_or_nice.cards import present_sort_key

    hand.sort(key=present_sort_key)
    return got


def give_creatures(state: NoNState, seat: int, kinds: list[Creature], acquired: int = 0) -> list[str]:
    got = []
    for kind in kinds:
        for zone in (state.creature_main, state.creature_bottom, state.creature_discard):
            card = next((c for c in zone if CREATURE_OF.get(c) == kind), None)
            if card is not None:
                zone.remove(card)
                got.append(card)
                break
        else:
            raise AssertionError(f"no {kind} left")
    state.players[seat].creatures.extend(HeldCreature(card=c, acquired_turn=acquired) for c in got)
    return got


def set_playground(state: NoNState, kiddos: list[str]) -> None:
    """Put `kiddos` first in the playground (swapped with decks)."""
    for i, kiddo in enumerate(kiddos):
        if kiddo in state.playground:
            j = state.playground.index(kiddo)
            state.playground[i], state.playground[j] = state.playground[j], state.playground[i]
            continue
        for zone in (state.kiddo_main, state.kiddo_bottom):
            if kiddo in zone:
                zone[zone.index(kiddo)] = state.playground[i]
                state.playground[i] = kiddo
                break
        else:
            raise AssertionError(f"{kiddo} not available")


def kid(name: str) -> str:
    return next(k for k, info in KIDDOS.items() if info.name == name)


def mask_of(state: NoNState, seat: int, cards: list[str]) -> int:
    hand = state.players[seat].presents
    return sum(1 << hand.index(c) for c in cards)


def act(state: NoNState, seat: int, action) -> tuple[NoNState, list[Event]]:
    return G.apply(state, seat, action)


def close(state: NoNState) -> tuple[NoNState, list[Event]]:
    timer = G.timer(state)
    assert timer is not None
    return G.apply(state, SYSTEM_SEAT, timer.action)


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def of_kind(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def present_total(n: int) -> int:
    return 36 if n in SMALL_GAME else 48


def kiddo_total(n: int) -> int:
    return (30 if n in SMALL_GAME else 40) + 1


def count_cards(state: NoNState) -> tuple[Counter, Counter, Counter]:
    """(presents, creatures, kiddos) by card id over every zone, tasks included."""
    presents: Counter = Counter()
    creatures: Counter = Counter()
    kiddos: Counter = Counter()
    for zone in _zones(state):
        presents.update(zone)
    for task in state.tasks:
        if task.kind == "elves":
            presents.update(task.cards)
        if task.kind == "keep":
            creatures.update(task.cards)
    creatures.update(state.creature_main + state.creature_bottom + state.creature_discard)
    creatures.update(state.in_play)
    for p in state.players:
        creatures.update(h.card for h in p.creatures)
        creatures.update(p.rudolf)
        if p.scrooge:
            creatures[p.scrooge] += 1
        kiddos.update(w.card for w in p.kiddos)
    kiddos.update(state.kiddo_main + state.kiddo_bottom + state.kiddo_discard + state.playground)
    for card in state.midnights:
        (kiddos if card == "MIDNIGHT_KIDDO" else creatures)[card] += 1
    assert not MIDNIGHTS & set(presents)
    return presents, creatures, kiddos
