"""Moving cards between zones: draws (with Midnight), refills, gains, points (spec 2.6, 2.7, 4.10)."""

from __future__ import annotations

from games.core import Audience, Event
from games.naughty_or_nice.data import (
    CREATURE_OF,
    CREATURES,
    KIDDOS,
    LEVELS,
    MIDNIGHTS,
    OFFER_SIZE,
    PLAYGROUND_SIZE,
    PRESENT_TYPE_OF,
    PRESENTS,
    Creature,
    CreatureType,
    Giver,
)
from games.naughty_or_nice.events import (
    CreatureGained,
    KiddoRevealed,
    MidnightRevealed,
    NothingToLose,
    OfferRefilled,
    PresentsReshuffled,
    Scored,
    Tucked,
)
from games.naughty_or_nice.models import HeldCreature, NoNState, TuckTask


def present_sort_key(card: str) -> tuple[int, str]:
    return (list(PRESENTS).index(PRESENT_TYPE_OF[card]), card)


def has_ability(state: NoNState, seat: int, giver: Giver) -> bool:
    """The seat plays `giver` and written abilities are in use (level 4+)."""
    return LEVELS[state.level].abilities and state.players[seat].giver == giver


def seat_of(state: NoNState, giver: Giver) -> int | None:
    for seat, player in enumerate(state.players):
        if player.giver == giver:
            return seat
    return None


# -- points ---------------------------------------------------------------------------------------
def add_points(
    state: NoNState,
    seat: int,
    points: int,
    category: str,
    reason: str,
    out: list[Event],
    by: int | None = None,
) -> None:
    """`seat` scores `points` for `category` (`reason` says why); `by`: whose card it was, when
    another's."""
    if points == 0:
        return
    player = state.players[seat]
    floored = points < 0 and player.score < -points
    if floored:
        points = -player.score  # the score floor (spec decision 15)
        if points == 0:  # (told all the same: a Jólakötturinn that hit someone at 0 said nothing)
            out.append(NothingToLose(seat=seat, reason=reason, by=by))
            return
    player.score += points
    player.breakdown[category] = player.breakdown.get(category, 0) + points
    out.append(Scored(seat=seat, points=points, reason=reason, by=by, floored=floored))


def creature_points(state: NoNState, seat: int, creature: Creature) -> int:
    """★ on play + Odin's Hurtful / Aunt Arie's Helpful bonus (spec 2.4)."""
    info = CREATURES[creature]
    bonus = 0
    if info.ctype == CreatureType.HURTFUL and has_ability(state, seat, Giver.ODIN):
        bonus = 1
    if info.ctype == CreatureType.HELPFUL and has_ability(state, seat, Giver.AUNT_ARIE):
        bonus = 1
    return info.stars + bonus


# -- presents -------------------------------------------------------------------------------------
def draw_present(state: NoNState, out: list[Event]) -> str | None:
    """The top present; an empty deck is replaced by the shuffled discard (decision 14)."""
    if not state.present_deck and state.present_discard:
        out.append(PresentsReshuffled(count=len(state.present_discard)))
        state.present_deck = state.rng.shuffled(state.present_discard)
        state.present_discard = []
    if not state.present_deck:
        return None
    return state.present_deck.pop(0)


def gain_present(state: NoNState, seat: int, card: str) -> None:
    hand = state.players[seat].presents
    hand.append(card)
    hand.sort(key=present_sort_key)
    state.progress = True


def remove_presents(state: NoNState, seat: int, cards: list[str]) -> None:
    hand = state.players[seat].presents
    for card in cards:
        hand.remove(card)


def refill_offer(state: NoNState, out: list[Event]) -> None:
    added = []
    while len(state.offer) < OFFER_SIZE:
        card = draw_present(state, out)
        if card is None:
            break
        state.offer.append(card)
        added.append(card)
    if added:
        out.append(OfferRefilled(cards=added))


# -- creatures ------------------------------------------------------------------------------------
def draw_creature(state: NoNState, seat: int, out: list[Event]) -> str | None:
    """The next creature card: main part, then bottom stack; Midnight is set aside (4.10)."""
    while True:
        pile = state.creature_main or state.creature_bottom
        if not pile:
            return None
        card = pile.pop(0)
        if card not in MIDNIGHTS:
            return card
        reveal_midnight(state, card, out)


def gain_creature(
    state: NoNState, seat: int, card: str, out: list[Event], *, tuck_choice: bool = True
) -> None:
    """A creature goes to `seat`'s hand (unusable this turn). Santa (level 4+) then answers a
    `TuckTask` whatever the creature (only a Reindeer can go under Rudolf), so that the table
    never learns from the pause what he gained. `tuck_choice=False`: he already chose (Keep)."""
    state.players[seat].creatures.append(HeldCreature(card=card, acquired_turn=state.turn_no))
    state.progress = True
    out.append(CreatureGained(seat=seat, card=card, audience=Audience.only(seat)))
    if tuck_choice and has_ability(state, seat, Giver.SANTA):
        state.tasks.append(TuckTask(seat=seat, card=card))


def tuck(state: NoNState, seat: int, card: str, out: list[Event]) -> None:
    """Santa puts the Reindeer `card` from his hand under Rudolf (public: the count)."""
    assert CREATURE_OF[card] == Creature.REINDEER
    take_creature(state, seat, card)
    state.players[seat].rudolf.append(card)
    out.append(Tucked(seat=seat, count=len(state.players[seat].rudolf)))


def may_tuck(state: NoNState, seat: int, card: str) -> bool:
    return CREATURE_OF[card] == Creature.REINDEER and has_ability(state, seat, Giver.SANTA)


def usable(state: NoNState, seat: int, creature: Creature) -> list[str]:
    """The seat's copies of `creature` that were in hand when this turn started (spec 4.1)."""
    return [
        held.card
        for held in state.players[seat].creatures
        if CREATURE_OF[held.card] == creature and held.acquired_turn < state.turn_no
    ]


def take_creature(state: NoNState, seat: int, card: str) -> None:
    creatures = state.players[seat].creatures
    creatures.remove(next(held for held in creatures if held.card == card))


# -- kiddos ---------------------------------------------------------------------------------------
def draw_kiddo(state: NoNState, out: list[Event]) -> str | None:
    while True:
        pile = state.kiddo_main or state.kiddo_bottom
        if not pile:
            return None
        card = pile.pop(0)
        if card not in MIDNIGHTS:
            return card
        reveal_midnight(state, card, out)


def remove_kiddo(state: NoNState, kiddo: str, out: list[Event]) -> None:
    """A kiddo leaves the playground; its place is refilled at once (spec 2.6)."""
    index = state.playground.index(kiddo)
    state.progress = True
    card = draw_kiddo(state, out)
    if card is None:
        del state.playground[index]
        return
    state.playground[index] = card
    out.append(KiddoRevealed(kiddo=card))


def fill_playground(state: NoNState, out: list[Event]) -> None:
    while len(state.playground) < PLAYGROUND_SIZE:
        card = draw_kiddo(state, out)
        if card is None:
            return
        state.playground.append(card)


def kiddo_points(kiddo: str) -> int:
    return len(KIDDOS[kiddo].colours)


# -- midnight -------------------------------------------------------------------------------------
def reveal_midnight(state: NoNState, card: str, out: list[Event]) -> None:
    state.midnights.append(card)
    first = state.midnight_turn is None
    if first:
        state.midnight_turn = state.turn_no
        state.final_turns_left = state.num_players
    out.append(MidnightRevealed(card=card, first=first, final_turns=state.num_players))


def after_midnight(state: NoNState) -> bool:
    return state.midnight_turn is not None
