"""The start of the after-trick card effects (spec 5.6): 2 Recover, 4 Foresight, 6 Spy, 7 Rummage.

`start_effect` applies what needs no choice and returns True when the owner must now decide (the
phase is then set); the decisions themselves are handled in `engine.py`.
"""

from __future__ import annotations

from collections.abc import Callable

from games.core import Audience, Event
from games.grumpy_nisse import rules
from games.grumpy_nisse.data import FORESIGHT_CARDS, RUMMAGE_DRAW, Effect, Phase, effect_of
from games.grumpy_nisse.decks import draw
from games.grumpy_nisse.events import (
    EffectVoid,
    ForesightSeen,
    ForesightUsed,
    HandRevealed,
    RummageDrawn,
    RummageUsed,
    SpyStarted,
)
from games.grumpy_nisse.events_effects import (
    VOID_EMPTY_DECK,
    VOID_EMPTY_DISCARDS,
    VOID_EMPTY_HAND,
    VOID_LAST_TRICK,
    VOID_SHORT_DECK,
)
from games.grumpy_nisse.models import GNState


def start_effect(state: GNState, seat: int, out: list[Event]) -> bool:
    card = state.table[seat]
    assert card is not None
    start = _STARTS.get(effect_of(card))
    return False if start is None else start(state, seat, card, out)


def _decide(state: GNState, seat: int, phase: Phase) -> bool:
    state.effect_seat = seat
    state.phase = phase
    return True


def _recover(state: GNState, seat: int, card: str, out: list[Event]) -> bool:
    if not state.discards[seat]:
        out.append(EffectVoid(seat=seat, card=card, reason=VOID_EMPTY_DISCARDS))
        return False
    if not state.hands[seat]:
        out.append(EffectVoid(seat=seat, card=card, reason=VOID_EMPTY_HAND))
        return False
    return _decide(state, seat, Phase.RECOVER_TAKE)


def _foresight(state: GNState, seat: int, card: str, out: list[Event]) -> bool:
    seen = state.decks[seat][:FORESIGHT_CARDS]
    if not seen:
        out.append(EffectVoid(seat=seat, card=card, reason=VOID_EMPTY_DECK))
        return False
    out.append(ForesightUsed(seat=seat, count=len(seen), done=False))
    out.append(ForesightSeen(seat=seat, cards=list(seen), audience=Audience.only(seat)))
    if len(seen) == 1:  # one card has one order: nothing to decide
        state.known_top[seat] = list(seen)
        out.append(ForesightUsed(seat=seat, count=1, done=True))
        return False
    state.foresight = list(seen)
    return _decide(state, seat, Phase.FORESIGHT)


def _spy(state: GNState, seat: int, card: str, out: list[Event]) -> bool:
    target = rules.other(seat)
    if not any(state.hands) and not any(state.decks):  # (the reveal would end with the round at once)
        out.append(EffectVoid(seat=seat, card=card, reason=VOID_LAST_TRICK))
        return False
    state.spy_until[seat] = state.trick_no + 1
    out.append(SpyStarted(seat=seat, target=target))
    out.append(
        HandRevealed(seat=seat, target=target, cards=list(state.hands[target]), audience=Audience.only(seat))
    )
    return False


def _rummage(state: GNState, seat: int, card: str, out: list[Event]) -> bool:
    if len(state.decks[seat]) < RUMMAGE_DRAW:
        out.append(EffectVoid(seat=seat, card=card, reason=VOID_SHORT_DECK))
        return False
    state.rummaged = draw(state, seat, RUMMAGE_DRAW)
    out.append(RummageUsed(seat=seat, done=False))
    out.append(RummageDrawn(seat=seat, cards=list(state.rummaged), audience=Audience.only(seat)))
    return _decide(state, seat, Phase.RUMMAGE)


_STARTS: dict[Effect, Callable[[GNState, int, str, list[Event]], bool]] = {
    Effect.RECOVER: _recover,
    Effect.FORESIGHT: _foresight,
    Effect.SPY: _spy,
    Effect.RUMMAGE: _rummage,
}
