"""The action handlers: check one action against the task on top, apply it, run the automatic steps.

Each handler works on the private copy `apply` hands it (so a refusal after a partial change is
harmless) and returns True when it closed the current decision (see `games.core.dispatch`).
"""

from __future__ import annotations

from games.core import SYSTEM_SEAT, Event, IllegalAction
from games.core.dispatch import Handler, dispatch
from games.core.words import N_
from games.naughty_or_nice import actions as A
from games.naughty_or_nice.basic import (
    can_take_present,
    check_presents,
    fulfil,
    keep,
    needed_colours,
    summon,
    take_present,
)
from games.naughty_or_nice.cards import (
    add_points,
    may_tuck,
    take_creature,
    tuck,
    usable,
)
from games.naughty_or_nice.creatures import play_creature
from games.naughty_or_nice.data import (
    CREATURES,
    LEVELS,
    REINDEER_POINTS,
    Basic,
    Creature,
)
from games.naughty_or_nice.engine_other import (
    _befana,
    _ck_draw,
    _close,
    _decline,
    _elves_pick,
    _pass,
    _react,
    _search,
    _wolverine_take,
    expect_top,
)
from games.naughty_or_nice.events import (
    BasicStarted,
    FulfilAbandoned,
    ReindeerPlayed,
)
from games.naughty_or_nice.flow import choose_giver, run
from games.naughty_or_nice.models import (
    ChooseGiverTask,
    CraftTask,
    EndTurnTask,
    ExtraBasicTask,
    FulfilTask,
    KeepTask,
    NoNState,
    TuckTask,
    TurnTask,
)
from games.naughty_or_nice.rules import scrooge_targets, top
from games.naughty_or_nice.words import (
    basic_words,
    colour_words,
    creature_kind_words,
    giver_words,
    kiddo_name_words,
)


def apply_action(state: NoNState, seat: int, action: object) -> list[Event]:
    if state.over:
        raise IllegalAction(N_("The game is over."))
    if isinstance(action, A.CloseWindow):
        if seat != SYSTEM_SEAT:
            raise IllegalAction(N_("Only the clock closes a reaction window."))
    elif not 0 <= seat < state.num_players:
        raise IllegalAction(N_("You are not playing in this game."))
    events = dispatch(_HANDLERS, state, seat, action, "Naughty or Nice")
    run(state, events)
    return events


def _needs_creatures(state: NoNState) -> None:
    if not LEVELS[state.level].creatures:
        raise IllegalAction(N_("There are no creatures at level {level}."), level=state.level)


# -- setup ----------------------------------------------------------------------------------------
def _giver(state: NoNState, seat: int, action: A.ChooseGiver, out: list[Event]) -> bool:
    expect_top(state, seat, ChooseGiverTask, N_("You cannot choose a gift giver now."))
    if any(p.giver == action.giver for p in state.players):
        raise IllegalAction(N_("{giver} is already taken."), giver=giver_words(action.giver))
    choose_giver(state, seat, action.giver, out)
    return True


# -- basic actions --------------------------------------------------------------------------------
def _basic_context(state: NoNState, seat: int, basic: Basic) -> str | None:
    """Consume the right to a basic action: None if it is the active player's own one, else what
    granted this extra one (`ExtraBasicTask.reason`)."""
    task = top(state)
    if isinstance(task, TurnTask) and task.seat == seat:
        assert state.turn is not None
        if state.turn.basic is not None:
            raise IllegalAction(N_("You already took your basic action this turn."))
        state.turn.start_open = False
        return None
    if isinstance(task, ExtraBasicTask) and task.seat == seat:
        if task.fixed not in (None, basic):
            raise IllegalAction(
                N_("{creature} repeats your {fixed}, not {basic}."),
                creature=creature_kind_words(Creature.SNOW_MAIDEN),
                fixed=basic_words(task.fixed),
                basic=basic_words(basic),
            )
        state.tasks.pop()
        return task.reason
    raise IllegalAction(N_("You cannot take a basic action now."))


def _start(state: NoNState, seat: int, basic: Basic, out: list[Event]) -> None:
    extra = _basic_context(state, seat, basic)
    if extra is None:
        assert state.turn is not None
        state.turn.basic = basic
    passes = basic == Basic.CRAFT and not can_take_present(state)
    out.append(
        BasicStarted(
            seat=seat, basic=basic.value, out_of_turn=seat != _active(state), extra=extra or "", passes=passes
        )
    )


def _active(state: NoNState) -> int:
    return state.turn.seat if state.turn is not None else -1


def _craft(state: NoNState, seat: int, action: A.Craft, out: list[Event]) -> bool:
    _start(state, seat, Basic.CRAFT, out)
    state.tasks.append(CraftTask(seat=seat, remaining=LEVELS[state.level].craft_draws))
    return True


def _take(state: NoNState, seat: int, action: A.TakePresent, out: list[Event]) -> bool:
    task = expect_top(state, seat, CraftTask, N_("You cannot take a present now."))
    take_present(state, seat, action.source, "craft", out)
    task.remaining -= 1
    return True


def _summon(state: NoNState, seat: int, action: A.Summon, out: list[Event]) -> bool:
    _needs_creatures(state)
    _start(state, seat, Basic.SUMMON, out)
    summon(state, seat, N_("Summon after Midnight"), out)
    return True


def _keep(state: NoNState, seat: int, action: A.Keep, out: list[Event]) -> bool:
    task = expect_top(state, seat, KeepTask, N_("You cannot keep a summoned creature now."))
    if not 0 <= action.index < len(task.cards):
        raise IllegalAction(N_("There is no such summoned card."))
    if action.tuck and not may_tuck(state, seat, task.cards[action.index]):
        raise IllegalAction(N_("Only Santa (level 4+) tucks a Reindeer under Rudolf."))
    state.tasks.pop()
    keep(state, task, action.index, out, tucked=action.tuck)
    return True


def _tuck(state: NoNState, seat: int, action: A.Tuck, out: list[Event]) -> bool:
    task = expect_top(state, seat, TuckTask, N_("You cannot tuck a Reindeer now."))
    if action.yes and not may_tuck(state, seat, task.card):
        raise IllegalAction(N_("Only a Reindeer goes under Rudolf."))
    state.tasks.pop()
    if action.yes:
        tuck(state, seat, task.card, out)
    return True


def _cards_of_mask(state: NoNState, seat: int, mask: int) -> list[str]:
    hand = state.players[seat].presents
    if mask < 0 or mask >= 1 << len(hand):
        raise IllegalAction(N_("Those are not cards in your hand."))
    return [card for i, card in enumerate(hand) if mask >> i & 1]


def _fulfil(state: NoNState, seat: int, action: A.Fulfil, out: list[Event]) -> bool:
    task = top(state)
    if isinstance(task, FulfilTask) and task.seat == seat:
        if action.kiddo != task.kiddo:
            raise IllegalAction(N_("You are fulfilling {kiddo}'s wish."), kiddo=kiddo_name_words(task.kiddo))
        covered = task.covered
        cards = _cards_of_mask(state, seat, action.mask)
        check_presents(state, seat, action.kiddo, covered, cards)
        state.tasks.pop()
        if task.own_turn:
            assert state.turn is not None
            state.turn.basic = Basic.FULFIL
    else:
        if action.kiddo not in state.playground:
            raise IllegalAction(N_("That kiddo is not in the playground."))
        covered = []
        cards = _cards_of_mask(state, seat, action.mask)
        check_presents(state, seat, action.kiddo, covered, cards)
        _start(state, seat, Basic.FULFIL, out)
    fulfil(state, seat, action.kiddo, covered, cards, out)
    return True


def _caga(state: NoNState, seat: int, action: A.CagaTio, out: list[Event]) -> bool:
    _needs_creatures(state)
    if not usable(state, seat, Creature.CAGA_TIO):
        raise IllegalAction(
            N_("You have no {creature} you can play this turn."),
            creature=creature_kind_words(Creature.CAGA_TIO),
        )
    task = top(state)
    if isinstance(task, FulfilTask) and task.seat == seat:
        if action.kiddo != task.kiddo:
            raise IllegalAction(N_("You are fulfilling {kiddo}'s wish."), kiddo=kiddo_name_words(task.kiddo))
        covered = task.covered
    else:
        if action.kiddo not in state.playground:
            raise IllegalAction(N_("That kiddo is not in the playground."))
        covered = []
        extra = _basic_context(state, seat, Basic.FULFIL)
        out_of_turn = seat != _active(state)
        out.append(
            BasicStarted(seat=seat, basic=Basic.FULFIL.value, out_of_turn=out_of_turn, extra=extra or "")
        )
        state.tasks.append(FulfilTask(seat=seat, kiddo=action.kiddo, own_turn=extra is None))
    if action.colour not in needed_colours(action.kiddo, covered):
        raise IllegalAction(
            N_("{kiddo} has no open {colour} slot."),
            kiddo=kiddo_name_words(action.kiddo),
            colour=colour_words(action.colour),
        )
    play_creature(state, seat, Creature.CAGA_TIO, out, kiddo=action.kiddo, colour=action.colour)
    return True


def _abandon(state: NoNState, seat: int, action: A.Abandon, out: list[Event]) -> bool:
    expect_top(state, seat, FulfilTask, N_("You cannot abandon a Fulfill now."))
    state.tasks.pop()
    out.append(FulfilAbandoned(seat=seat))
    return True


# -- free actions ---------------------------------------------------------------------------------
def _free(state: NoNState, seat: int, creature: Creature) -> None:
    """Common checks of an own-turn free creature play (spec 4.8)."""
    _needs_creatures(state)
    expect_top(state, seat, TurnTask, N_("You cannot play a creature now."))
    timing = CREATURES[creature].timing
    if timing in ("reaction", "fulfil"):
        raise IllegalAction(
            N_("{creature} cannot be played as a free action."), creature=creature_kind_words(creature)
        )
    if not usable(state, seat, creature):
        raise IllegalAction(
            N_("You have no {creature} you can play this turn."), creature=creature_kind_words(creature)
        )
    assert state.turn is not None
    if timing == "post" and state.turn.basic is None:
        raise IllegalAction(
            N_("{creature} can only be played after your basic action."),
            creature=creature_kind_words(Creature.SNOW_MAIDEN),
        )
    state.turn.start_open = False


def _play(state: NoNState, seat: int, action: A.PlayCreature, out: list[Event]) -> bool:
    if CREATURES[action.creature].target not in ("",) or action.creature == Creature.REINDEER:
        raise IllegalAction(
            N_("{creature} is not played this way."), creature=creature_kind_words(action.creature)
        )
    _free(state, seat, action.creature)
    play_creature(state, seat, action.creature, out)
    return True


def _play_on(state: NoNState, seat: int, action: A.PlayOnPlayer, out: list[Event]) -> bool:
    if CREATURES[action.creature].target != "seat":
        raise IllegalAction(
            N_("{creature} does not target a player."), creature=creature_kind_words(action.creature)
        )
    _free(state, seat, action.creature)
    if action.seat == seat or not 0 <= action.seat < state.num_players:
        raise IllegalAction(N_("Choose another player."))
    if action.creature == Creature.MR_SCROOGE and action.seat not in scrooge_targets(state, seat):
        raise IllegalAction(
            N_("That player already has a {creature} waiting."),
            creature=creature_kind_words(Creature.MR_SCROOGE),
        )
    play_creature(state, seat, action.creature, out, target=action.seat)
    return True


def _krampus(state: NoNState, seat: int, action: A.Krampus, out: list[Event]) -> bool:
    _free(state, seat, Creature.KRAMPUS)
    play_creature(state, seat, Creature.KRAMPUS, out, present=action.present)
    return True


def _mrs_claus(state: NoNState, seat: int, action: A.MrsClaus, out: list[Event]) -> bool:
    _free(state, seat, Creature.MRS_CLAUS)
    if action.kiddo not in state.playground:
        raise IllegalAction(N_("That kiddo is not in the playground."))
    play_creature(state, seat, Creature.MRS_CLAUS, out, kiddo=action.kiddo)
    return True


def _reindeer(state: NoNState, seat: int, action: A.Reindeer, out: list[Event]) -> bool:
    _free(state, seat, Creature.REINDEER)
    cards = usable(state, seat, Creature.REINDEER)
    if action.count not in REINDEER_POINTS:
        raise IllegalAction(N_("Play 1 to 4 Reindeer together."))
    if action.count > len(cards):
        raise IllegalAction(N_("You have only {count} Reindeer you can play this turn."), count=len(cards))
    for card in cards[: action.count]:
        take_creature(state, seat, card)
        state.creature_discard.append(card)
    points = REINDEER_POINTS[action.count]
    out.append(ReindeerPlayed(seat=seat, count=action.count, points=points))
    add_points(state, seat, points, "creatures", f"{action.count} Reindeer", out)
    return True


def _end_turn(state: NoNState, seat: int, action: A.EndTurn, out: list[Event]) -> bool:
    expect_top(state, seat, TurnTask, N_("You cannot end your turn now."))
    assert state.turn is not None
    if state.turn.basic is None:
        raise IllegalAction(N_("Take your basic action (Craft, Summon or Fulfill) first."))
    state.tasks.pop()
    state.tasks.append(EndTurnTask())
    return True


_HANDLERS: dict[type, Handler] = {
    A.ChooseGiver: _giver,
    A.Craft: _craft,
    A.TakePresent: _take,
    A.Summon: _summon,
    A.Keep: _keep,
    A.Tuck: _tuck,
    A.Fulfil: _fulfil,
    A.CagaTio: _caga,
    A.Abandon: _abandon,
    A.PlayCreature: _play,
    A.PlayOnPlayer: _play_on,
    A.Krampus: _krampus,
    A.MrsClaus: _mrs_claus,
    A.Reindeer: _reindeer,
    A.SantaSearch: _search,
    A.BefanaDiscard: _befana,
    A.EndTurn: _end_turn,
    A.React: _react,
    A.Pass: _pass,
    A.CloseWindow: _close,
    A.ElvesPick: _elves_pick,
    A.ChristkindlDraw: _ck_draw,
    A.WolverineTake: _wolverine_take,
    A.Decline: _decline,
}
