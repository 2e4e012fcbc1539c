"""The Grumpy Nisse state machine (spec 6): one handler per action kind.

`apply_action` mutates the state it is given (the caller hands it a private copy) and returns the
events. Chance only ever comes from `state.rng`. The draft is in `draft.py`, the automatic steps
in `steps.py`, the start of card effects in `effects.py`.
"""

from __future__ import annotations

from games.core import Audience, Event, IllegalAction
from games.core.dispatch import Handler, dispatch
from games.core.words import N_
from games.grumpy_nisse import rules
from games.grumpy_nisse.data import Phase, card_name
from games.grumpy_nisse.draft import pick, take
from games.grumpy_nisse.events import (
    CardPlayed,
    DeckReordered,
    ForesightUsed,
    PanicDiscarded,
    PutUnder,
    Recovered,
    RummageUsed,
)
from games.grumpy_nisse.models import (
    Bottom,
    GNState,
    PanicDiscard,
    Pick,
    Play,
    RecoverPut,
    RecoverSkip,
    RecoverTake,
    Reorder,
    Take,
)
from games.grumpy_nisse.steps import advance, resolve_trick


def apply_action(state: GNState, seat: int, action: object) -> list[Event]:
    if seat not in rules.SEATS:
        raise IllegalAction(N_("You are not playing in this game."))
    return dispatch(_HANDLERS, state, seat, action, "The Grumpy Nisse")  # (its title: `game.py`)


def _require(state: GNState, seat: int, phases: tuple[Phase, ...], refusals: tuple[str, str]) -> None:
    """`refusals`: what a player is told when it is not the time for this, or not their turn."""
    not_now, not_yours = refusals
    if state.phase not in phases:
        raise IllegalAction(not_now)
    if seat != rules.deciding_seat(state):
        raise IllegalAction(not_yours)


def _in_hand(state: GNState, seat: int, card: str) -> None:
    if card not in state.hands[seat]:
        raise IllegalAction(N_("{card} is not in your hand."), card=card_name(card))


# -- T1, T2: lead and follow ---------------------------------------------------------------------------
def _play(state: GNState, seat: int, action: Play, out: list[Event]) -> bool:
    _require(
        state,
        seat,
        (Phase.LEAD, Phase.FOLLOW),
        (N_("It is not time to play a card."), N_("It is not your turn to play a card.")),
    )
    _in_hand(state, seat, action.card)
    state.hands[seat].remove(action.card)
    state.table[seat] = action.card
    lead = state.phase == Phase.LEAD
    out.append(CardPlayed(seat=seat, card=action.card, lead=lead))
    if lead:
        state.phase = Phase.FOLLOW
    else:
        resolve_trick(state, out)
    return True


# -- T6: Torech panics ---------------------------------------------------------------------------------
def _panic(state: GNState, seat: int, action: PanicDiscard, out: list[Event]) -> bool:
    _require(
        state,
        seat,
        (Phase.PANIC_DISCARD,),
        (
            N_("It is not time to discard a card for Torech's panic."),
            N_("It is not your turn to discard a card for Torech's panic."),
        ),
    )
    _in_hand(state, seat, action.card)
    state.hands[seat].remove(action.card)
    state.discards[seat].append(action.card)
    state.panic_queue.pop(0)
    out.append(PanicDiscarded(seat=seat, card=action.card))
    advance(state, out)
    return True


# -- T7, T8: card effects with a choice -------------------------------------------------------------------
def _recover_take(state: GNState, seat: int, action: RecoverTake, out: list[Event]) -> bool:
    _require(
        state,
        seat,
        (Phase.RECOVER_TAKE,),
        (
            N_("It is not time to take a card back with Recover."),
            N_("It is not your turn to take a card back with Recover."),
        ),
    )
    if action.card not in state.discards[seat]:
        raise IllegalAction(N_("{card} is not in your discard pile."), card=card_name(action.card))
    state.discards[seat].remove(action.card)
    state.hands[seat].append(action.card)
    state.recovered = action.card
    state.phase = Phase.RECOVER_PUT
    out.append(Recovered(seat=seat, taken=action.card))
    return True


def _recover_skip(state: GNState, seat: int, action: RecoverSkip, out: list[Event]) -> bool:
    _require(
        state,
        seat,
        (Phase.RECOVER_TAKE,),
        (N_("It is not time to decide on Recover."), N_("It is not your turn to decide on Recover.")),
    )
    out.append(Recovered(seat=seat, taken=None))
    _effect_done(state, out)
    return True


def _recover_put(state: GNState, seat: int, action: RecoverPut, out: list[Event]) -> bool:
    _require(
        state,
        seat,
        (Phase.RECOVER_PUT,),
        (
            N_("It is not time to put a card back with Recover."),
            N_("It is not your turn to put a card back with Recover."),
        ),
    )
    if action.card == state.recovered:
        raise IllegalAction(
            N_("You just took {card}: put back a different card."), card=card_name(action.card)
        )
    _in_hand(state, seat, action.card)
    state.hands[seat].remove(action.card)
    state.discards[seat].append(action.card)
    out.append(Recovered(seat=seat, taken=state.recovered, put=action.card))
    state.recovered = None
    _effect_done(state, out)
    return True


def _reorder(state: GNState, seat: int, action: Reorder, out: list[Event]) -> bool:
    _require(
        state,
        seat,
        (Phase.FORESIGHT,),
        (N_("It is not time to reorder your deck."), N_("It is not your turn to reorder your deck.")),
    )
    count = len(state.foresight)
    if sorted(action.order) != [str(i) for i in range(count)]:
        raise IllegalAction(
            N_("Give an order of the {count} cards, e.g. {example}."),
            count=count,
            example="0123"[:count][::-1],
        )
    cards = [state.foresight[int(index)] for index in action.order]
    state.decks[seat][:count] = cards
    state.known_top[seat] = list(cards)
    # A card seen at the bottom of a short deck may have just moved up: forget it there.
    state.known_bottom[seat] = [card for card in state.known_bottom[seat] if card not in cards]
    state.foresight = []
    out.append(ForesightUsed(seat=seat, count=count, done=True))
    out.append(DeckReordered(seat=seat, cards=cards, audience=Audience.only(seat)))
    _effect_done(state, out)
    return True


def _bottom(state: GNState, seat: int, action: Bottom, out: list[Event]) -> bool:
    _require(
        state,
        seat,
        (Phase.RUMMAGE,),
        (
            N_("It is not time to put a card under your deck."),
            N_("It is not your turn to put a card under your deck."),
        ),
    )
    _in_hand(state, seat, action.card)
    state.hands[seat].remove(action.card)
    state.decks[seat].append(action.card)
    # The card may have been known in the deck before it was drawn: only its new place counts.
    state.known_top[seat] = [card for card in state.known_top[seat] if card != action.card]
    state.known_bottom[seat] = [card for card in state.known_bottom[seat] if card != action.card]
    state.known_bottom[seat].append(action.card)
    state.rummaged = []
    out.append(RummageUsed(seat=seat, done=True))
    out.append(PutUnder(seat=seat, card=action.card, audience=Audience.only(seat)))
    _effect_done(state, out)
    return True


def _effect_done(state: GNState, out: list[Event]) -> None:
    state.effect_seat = None
    advance(state, out)


_HANDLERS: dict[type, Handler] = {
    Pick: pick,
    Take: take,
    Play: _play,
    PanicDiscard: _panic,
    RecoverTake: _recover_take,
    RecoverSkip: _recover_skip,
    RecoverPut: _recover_put,
    Reorder: _reorder,
    Bottom: _bottom,
}
