"""More action handlers (see `engine`): the start-of-turn abilities (Santa's search, La Befana's
discard), the answers to a reaction window and the other out-of-turn steps."""

from __future__ import annotations

from games.core import Audience, Event, IllegalAction
from games.core.words import N_
from games.naughty_or_nice import actions as A
from games.naughty_or_nice.basic import (
    take_present,
)
from games.naughty_or_nice.cards import (
    add_points,
    after_midnight,
    gain_present,
    has_ability,
    remove_kiddo,
)
from games.naughty_or_nice.creatures import remaining_batch
from games.naughty_or_nice.data import (
    CREATURE_OF,
    PRESENT_TYPE_OF,
    Creature,
    Giver,
    SearchSource,
)
from games.naughty_or_nice.events import (
    AnswerRecorded,
    Declined,
    ElvesPicked,
    KiddoTaken,
    Searched,
    SearchSeen,
    Tucked,
    WolverineTook,
)
from games.naughty_or_nice.givers import GIVERS
from games.naughty_or_nice.models import (
    ChristkindlTask,
    ElvesTask,
    ExtraBasicTask,
    NoNState,
    TurnTask,
    WindowTask,
    WolverineTakeTask,
)
from games.naughty_or_nice.reactions import all_answered, close_window
from games.naughty_or_nice.rules import extra_left, top
from games.naughty_or_nice.words import giver_words, present_type_words


def expect_top(state: NoNState, seat: int, kind: type, refusal: str):
    """The task on top if it is a `kind` waiting for `seat`, else refuse with `refusal` (a marked
    text: "You cannot ... now.")."""
    task = top(state)
    if not isinstance(task, kind) or getattr(task, "seat", seat) != seat:
        raise IllegalAction(refusal)
    return task


# -- start of turn abilities ----------------------------------------------------------------------
def _start_ability(state: NoNState, seat: int, giver: Giver) -> None:
    expect_top(state, seat, TurnTask, N_("You cannot use a start-of-turn ability now."))
    turn = state.turn
    assert turn is not None
    if not has_ability(state, seat, giver):
        raise IllegalAction(N_("Only {giver} (level 4+) has that ability."), giver=giver_words(giver))
    if not turn.start_open or turn.basic is not None:
        raise IllegalAction(N_("Start-of-turn abilities come before anything else in your turn."))


def _search(state: NoNState, seat: int, action: A.SantaSearch, out: list[Event]) -> bool:
    _start_ability(state, seat, Giver.SANTA)
    assert state.turn is not None
    if state.turn.santa_searched:
        raise IllegalAction(N_("You already searched this turn."))
    hand = state.players[seat].presents
    pair = [card for card in hand if PRESENT_TYPE_OF[card] == action.present][:2]
    if len(pair) < 2:
        raise IllegalAction(
            N_("You need 2 {present} (same type, not just colour)."),
            present=present_type_words(action.present),
        )
    state.turn.santa_searched = True
    for card in pair:
        hand.remove(card)
    state.present_discard.extend(pair)
    if after_midnight(state):
        searched = Searched(
            seat=seat, present=action.present, source=action.source.value, found=False, midnight=True
        )
        out.append(searched)
        add_points(state, seat, 1, "after_midnight", N_("search after Midnight"), out)
        return True
    piles = {
        SearchSource.DISCARD: state.creature_discard,
        SearchSource.MAIN: state.creature_main,
        SearchSource.BOTTOM: state.creature_bottom,
    }
    pile = piles[action.source]
    found = next((c for c in pile if CREATURE_OF.get(c) == Creature.REINDEER), None)
    out.append(SearchSeen(seat=seat, cards=list(pile), found=found is not None, audience=Audience.only(seat)))
    if found is not None:
        pile.remove(found)
        state.players[seat].rudolf.append(found)
        state.progress = True
    if action.source != SearchSource.DISCARD:
        pile[:] = state.rng.shuffled(pile)
    out.append(
        Searched(seat=seat, present=action.present, source=action.source.value, found=found is not None)
    )
    if found is not None:
        out.append(Tucked(seat=seat, count=len(state.players[seat].rudolf)))
    return True


def _befana(state: NoNState, seat: int, action: A.BefanaDiscard, out: list[Event]) -> bool:
    _start_ability(state, seat, Giver.LA_BEFANA)
    assert state.turn is not None
    if state.turn.befana_discarded:
        raise IllegalAction(N_("You already discarded a kiddo this turn."))
    if action.kiddo not in state.playground:
        raise IllegalAction(N_("That kiddo is not in the playground."))
    state.turn.befana_discarded = True
    state.kiddo_discard.append(action.kiddo)
    out.append(KiddoTaken(seat=seat, kiddo=action.kiddo, discarded=True))
    remove_kiddo(state, action.kiddo, out)
    return True


# -- reactions and other interruptions ------------------------------------------------------------
def _answer(state: NoNState, seat: int, react: bool, out: list[Event]) -> bool:
    window = top(state)
    if not isinstance(window, WindowTask):
        raise IllegalAction(N_("There is no reaction window open."))
    if seat not in window.eligible:
        raise IllegalAction(N_("You have nothing to react with."))
    if seat in window.answers:
        raise IllegalAction(N_("You already answered."))
    window.answers[seat] = react
    out.append(AnswerRecorded(seat=seat, react=react, audience=Audience.only(seat)))
    if state.options.reaction_secrecy or not all_answered(window):
        return False
    close_window(state, out)
    return True


def _react(state: NoNState, seat: int, action: A.React, out: list[Event]) -> bool:
    return _answer(state, seat, True, out)


def _pass(state: NoNState, seat: int, action: A.Pass, out: list[Event]) -> bool:
    return _answer(state, seat, False, out)


def _close(state: NoNState, seat: int, action: A.CloseWindow, out: list[Event]) -> bool:
    if not isinstance(top(state), WindowTask):
        raise IllegalAction(N_("There is no reaction window open."))
    close_window(state, out)
    return True


def _elves_pick(state: NoNState, seat: int, action: A.ElvesPick, out: list[Event]) -> bool:
    task = top(state)
    if not isinstance(task, ElvesTask) or task.order[0] != seat:
        raise IllegalAction(N_("It is not your pick of the Elves' presents."))
    if not 0 <= action.index < len(task.cards):
        raise IllegalAction(N_("There is no such revealed present."))
    card = task.cards.pop(action.index)
    task.order.pop(0)
    gain_present(state, seat, card)
    out.append(ElvesPicked(seat=seat, card=card))
    return True


def _ck_draw(state: NoNState, seat: int, action: A.ChristkindlDraw, out: list[Event]) -> bool:
    expect_top(state, seat, ChristkindlTask, N_("You cannot draw with Christkindl now."))
    state.tasks.pop()
    take_present(state, seat, action.source, GIVERS[Giver.CHRISTKINDL].name, out)
    return True


def _wolverine_take(state: NoNState, seat: int, action: A.WolverineTake, out: list[Event]) -> bool:
    expect_top(state, seat, WolverineTakeTask, N_("You cannot take presents with Papa Wolverine now."))
    batch = remaining_batch(state)
    if action.mask < 0 or action.mask >= 1 << len(batch):
        raise IllegalAction(N_("Those are not presents of the Fulfill."))
    cards = [card for i, card in enumerate(batch) if action.mask >> i & 1]
    if len(cards) > 2:
        raise IllegalAction(N_("Papa Wolverine takes at most 2 presents."))
    state.tasks.pop()
    for card in cards:
        state.present_discard.remove(card)
        gain_present(state, seat, card)
    out.append(WolverineTook(seat=seat, cards=cards))
    return True


def _decline(state: NoNState, seat: int, action: A.Decline, out: list[Event]) -> bool:
    task = top(state)
    if not isinstance(task, ExtraBasicTask | ChristkindlTask) or task.seat != seat:
        raise IllegalAction(N_("There is nothing to decline now."))
    state.tasks.pop()
    reason = "christkindl" if isinstance(task, ChristkindlTask) else task.reason
    left = 0 if isinstance(task, ChristkindlTask) else extra_left(state, seat, task.reason)
    out.append(Declined(seat=seat, reason=reason, left=left))
    return True
