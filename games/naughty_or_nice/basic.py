"""The basic actions (spec 4.4-4.7): Craft, Summon, Fulfill with set collection."""

from __future__ import annotations

from collections import Counter

from games.core import Audience, Event, IllegalAction
from games.core.words import N_, Words, listing
from games.naughty_or_nice.cards import (
    add_points,
    after_midnight,
    draw_creature,
    draw_present,
    gain_creature,
    gain_present,
    has_ability,
    kiddo_points,
    remove_kiddo,
    remove_presents,
    tuck,
)
from games.naughty_or_nice.creatures import offer_ded_moroz
from games.naughty_or_nice.data import (
    CREATURE_OF,
    FULL_SET_BONUS_CREATURES,
    KIDDOS,
    LEVELS,
    Colour,
    Creature,
    Giver,
    Symbol,
    present_colour,
)
from games.naughty_or_nice.events import (
    Fulfilled,
    PresentDrawn,
    PresentTaken,
    SetBonus,
    SummonDrawn,
    SummonResolved,
)
from games.naughty_or_nice.models import (
    KeepTask,
    KiddoWon,
    NoNState,
    OpenWolverineTask,
)
from games.naughty_or_nice.scoring import preferred_bonus, symbol_counts
from games.naughty_or_nice.words import NOTHING, colours_words, giver_words, kiddo_name_words


# -- craft ----------------------------------------------------------------------------------------
def take_present(state: NoNState, seat: int, source: int, why: str, out: list[Event]) -> None:
    """One present to `seat`: -1 = deck top (blind), 0..2 = an offer-row card (public)."""
    if source < 0:
        card = draw_present(state, out)
        if card is None:
            raise IllegalAction(N_("The present deck and its discard pile are empty."))
        gain_present(state, seat, card)
        out.append(PresentTaken(seat=seat, source=-1, why=why))
        out.append(PresentDrawn(seat=seat, cards=[card], audience=Audience.only(seat)))
        return
    if source >= len(state.offer):
        raise IllegalAction(N_("There is no such card in the offer row."))
    card = state.offer.pop(source)
    gain_present(state, seat, card)
    out.append(PresentTaken(seat=seat, source=source, card=card, why=why))


def can_take_present(state: NoNState) -> bool:
    return bool(state.present_deck or state.present_discard or state.offer)


# -- summon ---------------------------------------------------------------------------------------
def summon(state: NoNState, seat: int, late_reason: str, out: list[Event]) -> None:
    """Draw 2, keep 1 (spec 4.5); after Midnight +1 point instead (`late_reason`: the marked text
    the point is scored for)."""
    if after_midnight(state):
        add_points(state, seat, 1, "after_midnight", late_reason, out)
        return
    cards = []
    for _ in range(2):
        card = draw_creature(state, seat, out)
        if card is not None:
            cards.append(card)
    if not cards:
        out.append(SummonResolved(seat=seat, drawn=0))
        return
    out.append(SummonDrawn(seat=seat, cards=cards, audience=Audience.only(seat)))
    if len(cards) == 2:
        state.tasks.append(KeepTask(seat=seat, cards=cards))
        return
    out.append(SummonResolved(seat=seat, drawn=1))
    gain_creature(state, seat, cards[0], out)


def keep(state: NoNState, task: KeepTask, index: int, out: list[Event], tucked: bool = False) -> None:
    """Keep card `index` (Santa's tuck chosen with it: no separate, telling, tuck question)."""
    kept = task.cards[index]
    discarded = task.cards[1 - index]
    state.creature_discard.append(discarded)
    out.append(SummonResolved(seat=task.seat, drawn=2, discarded=discarded))
    if CREATURE_OF[discarded] == Creature.SNOW_MAIDEN:
        # (runs after the keep, and a tuck, are complete)
        offer_ded_moroz(state, out, by=task.seat, discarded=True)
    gain_creature(state, task.seat, kept, out, tuck_choice=False)
    if tucked:
        tuck(state, task.seat, kept, out)


# -- fulfil ---------------------------------------------------------------------------------------
def needed_colours(kiddo: str, covered: list[Colour]) -> Counter[Colour]:
    need = Counter(KIDDOS[kiddo].colours)
    if not covered:
        return need
    need.subtract(covered)
    return +need


def may_skip_black(state: NoNState, seat: int) -> bool:
    return has_ability(state, seat, Giver.SAINT_NICHOLAS)


def check_presents(state: NoNState, seat: int, kiddo: str, covered: list[Colour], cards: list[str]) -> bool:
    """Raise with a precise reason unless `cards` cover the open slots; True if a BLACK is skipped."""
    need = needed_colours(kiddo, covered)
    given = Counter(present_colour(card) for card in cards)
    if given == need:
        return False
    if may_skip_black(state, seat) and need[Colour.BLACK] and given + Counter({Colour.BLACK: 1}) == need:
        return True
    missing, extra = need - given, given - need
    name = kiddo_name_words(kiddo)
    parts: list[Words] = [
        # i18n: part of "Those presents don't match: ...", a list of colours follows
        Words(N_("{name} still needs {colours}"), name=name, colours=colours_words(need) or Words(NOTHING))
    ]
    if missing:
        parts.append(Words(N_("missing {colours}"), colours=colours_words(missing)))
    if extra:
        parts.append(Words(N_("not wanted: {colours}"), colours=colours_words(extra)))
    if may_skip_black(state, seat) and need[Colour.BLACK]:
        parts.append(
            Words(N_("({giver} may leave one black slot uncovered)"), giver=giver_words(Giver.SAINT_NICHOLAS))
        )
    raise IllegalAction(N_("Those presents don't match: {details}."), details=listing(parts, "; "))


def fulfil(
    state: NoNState, seat: int, kiddo: str, covered: list[Colour], cards: list[str], out: list[Event]
) -> None:
    """Spec 4.6 steps 4-8 (the presents are already checked)."""
    skipped = check_presents(state, seat, kiddo, covered, cards)
    before = symbol_counts(state, seat)
    remove_presents(state, seat, cards)
    state.present_discard.extend(cards)
    state.batch = list(cards)
    points = kiddo_points(kiddo)
    bonus = preferred_bonus(state, seat, cards)
    out.append(
        Fulfilled(
            seat=seat,
            kiddo=kiddo,
            cards=cards,
            cagas=len(covered),
            skipped_black=skipped,
            points=points + bonus,
        )
    )
    add_points(state, seat, points, "kiddos", KIDDOS[kiddo].name, out)
    add_points(state, seat, bonus, "preferred", N_("preferred presents"), out)
    state.players[seat].kiddos.append(KiddoWon(card=kiddo, fulfilled=True))
    remove_kiddo(state, kiddo, out)
    state.tasks.append(OpenWolverineTask(fulfiller=seat))
    if LEVELS[state.level].sets:
        _set_collection(state, seat, kiddo, before, out)


def _set_collection(
    state: NoNState, seat: int, kiddo: str, before: Counter[Symbol], out: list[Event]
) -> None:
    """Spec 4.7: the full-set bonus (once per game), else a same-symbol summon."""
    player = state.players[seat]
    symbol = KIDDOS[kiddo].symbol
    had_all = all(before[s] for s in Symbol)
    has_all = all(symbol_counts(state, seat)[s] for s in Symbol)
    if not had_all and has_all and not player.fullset_bonus_taken:
        player.fullset_bonus_taken = True
        if after_midnight(state):
            add_points(state, seat, 2, "after_midnight", N_("full set after Midnight"), out)
            return
        out.append(SetBonus(seat=seat, bonus="full_set", symbol=symbol))
        for _ in range(FULL_SET_BONUS_CREATURES):
            card = draw_creature(state, seat, out)
            if card is not None:
                gain_creature(state, seat, card, out)
        return
    if before[symbol]:
        if not after_midnight(state):  # (after it, the point's reason says it)
            out.append(SetBonus(seat=seat, bonus="same_symbol", symbol=symbol))
        summon(state, seat, N_("same-symbol summon after Midnight"), out)
