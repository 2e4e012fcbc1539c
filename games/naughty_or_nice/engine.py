"""The action handlers: check one action against the task on top, apply it, run the automatic steps.

Each handler works on the private copy `apply` hands it (so a refusal after a partial change is
harmless) and returns True when it closed the current decision (see `games.core.dispatch`).
"""

from __future__ import annotations

from games.core import SYSTEM_SEAT, Audience, Event, IllegalAction
from games.core.dispatch import dispatch
from games.naughty_or_nice import actions as A
from games.naughty_or_nice.basic import (
    check_presents,
    fulfil,
    keep,
    needed_colours,
    summon,
    take_present,
)
from games.naughty_or_nice.cards import (
    add_points,
    after_midnight,
    gain_present,
    has_ability,
    remove_kiddo,
    take_creature,
    usable,
)
from games.naughty_or_nice.creatures import play_creature, remaining_batch
from games.naughty_or_nice.data import (
    CREATURE_OF,
    CREATURES,
    GIVERS,
    KIDDOS,
    LEVELS,
    PRESENT_TYPE_OF,
    PRESENTS,
    REINDEER_POINTS,
    Basic,
    Creature,
    Giver,
    SearchSource,
)
from games.naughty_or_nice.events import (
    AnswerRecorded,
    BasicStarted,
    Declined,
    ElvesPicked,
    FulfilAbandoned,
    KiddoTaken,
    ReindeerPlayed,
    Searched,
    SearchSeen,
    Tucked,
    WolverineTook,
)
from games.naughty_or_nice.flow import choose_giver, run
from games.naughty_or_nice.models import (
    ChooseGiverTask,
    ChristkindlTask,
    CraftTask,
    ElvesTask,
    EndTurnTask,
    ExtraBasicTask,
    FulfilTask,
    KeepTask,
    NoNState,
    TuckTask,
    TurnTask,
    WindowTask,
    WolverineTakeTask,
)
from games.naughty_or_nice.reactions import all_answered, close_window
from games.naughty_or_nice.rules import scrooge_targets, top


def apply_action(state: NoNState, seat: int, action: object) -> list[Event]:
    if state.over:
        raise IllegalAction("The game is over.")
    if isinstance(action, A.CloseWindow):
        if seat != SYSTEM_SEAT:
            raise IllegalAction("Only the clock closes a reaction window.")
    elif not 0 <= seat < state.num_players:
        raise IllegalAction("You are not playing in this game.")
    events = dispatch(_HANDLERS, state, seat, action, "Naughty or Nice")
    run(state, events)
    return events


def _top(state: NoNState, seat: int, kind: type, what: str):
    task = top(state)
    if not isinstance(task, kind) or getattr(task, "seat", seat) != seat:
        raise IllegalAction(f"You cannot {what} now.")
    return task


def _needs_creatures(state: NoNState) -> None:
    if not LEVELS[state.level].creatures:
        raise IllegalAction(f"There are no creatures at level {state.level}.")


# -- setup ----------------------------------------------------------------------------------------
def _giver(state: NoNState, seat: int, action: A.ChooseGiver, out: list[Event]) -> bool:
    _top(state, seat, ChooseGiverTask, "choose a gift giver")
    if any(p.giver == action.giver for p in state.players):
        raise IllegalAction(f"{GIVERS[action.giver].name} is already taken.")
    choose_giver(state, seat, action.giver, out)
    return True


# -- basic actions --------------------------------------------------------------------------------
def _basic_context(state: NoNState, seat: int, basic: Basic) -> bool:
    """Consume the right to a basic action; True if it is the active player's own one."""
    task = top(state)
    if isinstance(task, TurnTask) and task.seat == seat:
        assert state.turn is not None
        if state.turn.basic is not None:
            raise IllegalAction("You already took your basic action this turn.")
        state.turn.start_open = False
        return True
    if isinstance(task, ExtraBasicTask) and task.seat == seat:
        if task.fixed not in (None, basic):
            raise IllegalAction(f"Snow Maiden repeats your {task.fixed.title()}, not {basic.title()}.")
        state.tasks.pop()
        return False
    raise IllegalAction("You cannot take a basic action now.")


def _start(state: NoNState, seat: int, basic: Basic, out: list[Event]) -> None:
    own = _basic_context(state, seat, basic)
    if own:
        assert state.turn is not None
        state.turn.basic = basic
    out.append(BasicStarted(seat=seat, basic=basic.value, out_of_turn=seat != _active(state)))


def _active(state: NoNState) -> int:
    return state.turn.seat if state.turn is not None else -1


def _craft(state: NoNState, seat: int, action: A.Craft, out: list[Event]) -> bool:
    _start(state, seat, Basic.CRAFT, out)
    state.tasks.append(CraftTask(seat=seat, remaining=LEVELS[state.level].craft_draws))
    return True


def _take(state: NoNState, seat: int, action: A.TakePresent, out: list[Event]) -> bool:
    task = _top(state, seat, CraftTask, "take a present")
    take_present(state, seat, action.source, "craft", out)
    task.remaining -= 1
    return True


def _summon(state: NoNState, seat: int, action: A.Summon, out: list[Event]) -> bool:
    _needs_creatures(state)
    _start(state, seat, Basic.SUMMON, out)
    summon(state, seat, "Summon", out)
    return True


def _keep(state: NoNState, seat: int, action: A.Keep, out: list[Event]) -> bool:
    task = _top(state, seat, KeepTask, "keep a summoned creature")
    if not 0 <= action.index < len(task.cards):
        raise IllegalAction("There is no such summoned card.")
    state.tasks.pop()
    keep(state, task, action.index, out)
    return True


def _tuck(state: NoNState, seat: int, action: A.Tuck, out: list[Event]) -> bool:
    task = _top(state, seat, TuckTask, "tuck a Reindeer")
    state.tasks.pop()
    if action.yes:
        take_creature(state, seat, task.card)
        state.players[seat].rudolf.append(task.card)
        out.append(Tucked(seat=seat, count=len(state.players[seat].rudolf)))
    return True


def _cards_of_mask(state: NoNState, seat: int, mask: int) -> list[str]:
    hand = state.players[seat].presents
    if mask < 0 or mask >= 1 << len(hand):
        raise IllegalAction("Those are not cards in your hand.")
    return [card for i, card in enumerate(hand) if mask >> i & 1]


def _fulfil(state: NoNState, seat: int, action: A.Fulfil, out: list[Event]) -> bool:
    task = top(state)
    if isinstance(task, FulfilTask) and task.seat == seat:
        if action.kiddo != task.kiddo:
            raise IllegalAction(f"You are fulfilling {KIDDOS[task.kiddo].name}'s wish.")
        covered = task.covered
        cards = _cards_of_mask(state, seat, action.mask)
        check_presents(state, seat, action.kiddo, covered, cards)
        state.tasks.pop()
        if task.own_turn:
            assert state.turn is not None
            state.turn.basic = Basic.FULFIL
    else:
        if action.kiddo not in state.playground:
            raise IllegalAction("That kiddo is not in the playground.")
        covered = []
        cards = _cards_of_mask(state, seat, action.mask)
        check_presents(state, seat, action.kiddo, covered, cards)
        _start(state, seat, Basic.FULFIL, out)
    fulfil(state, seat, action.kiddo, covered, cards, out)
    return True


def _caga(state: NoNState, seat: int, action: A.CagaTio, out: list[Event]) -> bool:
    _needs_creatures(state)
    if not usable(state, seat, Creature.CAGA_TIO):
        raise IllegalAction("You have no Caga Tió you can play this turn.")
    task = top(state)
    if isinstance(task, FulfilTask) and task.seat == seat:
        if action.kiddo != task.kiddo:
            raise IllegalAction(f"You are fulfilling {KIDDOS[task.kiddo].name}'s wish.")
        covered = task.covered
    else:
        if action.kiddo not in state.playground:
            raise IllegalAction("That kiddo is not in the playground.")
        covered = []
        own = _basic_context(state, seat, Basic.FULFIL)
        out.append(BasicStarted(seat=seat, basic=Basic.FULFIL.value, out_of_turn=seat != _active(state)))
        state.tasks.append(FulfilTask(seat=seat, kiddo=action.kiddo, own_turn=own))
    if action.colour not in needed_colours(action.kiddo, covered):
        raise IllegalAction(f"{KIDDOS[action.kiddo].name} has no open {action.colour.value} slot.")
    play_creature(state, seat, Creature.CAGA_TIO, out, kiddo=action.kiddo, colour=action.colour)
    return True


def _abandon(state: NoNState, seat: int, action: A.Abandon, out: list[Event]) -> bool:
    _top(state, seat, FulfilTask, "abandon a Fulfill")
    state.tasks.pop()
    out.append(FulfilAbandoned(seat=seat))
    return True


# -- free actions ---------------------------------------------------------------------------------
def _free(state: NoNState, seat: int, creature: Creature) -> None:
    """Common checks of an own-turn free creature play (spec 4.8)."""
    _needs_creatures(state)
    _top(state, seat, TurnTask, "play a creature")
    timing = CREATURES[creature].timing
    if timing in ("reaction", "fulfil"):
        raise IllegalAction(f"{CREATURES[creature].name} cannot be played as a free action.")
    if not usable(state, seat, creature):
        raise IllegalAction(f"You have no {CREATURES[creature].name} you can play this turn.")
    assert state.turn is not None
    if timing == "post" and state.turn.basic is None:
        raise IllegalAction("Snow Maiden can only be played after your basic action.")
    state.turn.start_open = False


def _play(state: NoNState, seat: int, action: A.PlayCreature, out: list[Event]) -> bool:
    if CREATURES[action.creature].target not in ("",) or action.creature == Creature.REINDEER:
        raise IllegalAction(f"{CREATURES[action.creature].name} is not played this way.")
    _free(state, seat, action.creature)
    play_creature(state, seat, action.creature, out)
    return True


def _play_on(state: NoNState, seat: int, action: A.PlayOnPlayer, out: list[Event]) -> bool:
    if CREATURES[action.creature].target != "seat":
        raise IllegalAction(f"{CREATURES[action.creature].name} does not target a player.")
    _free(state, seat, action.creature)
    if action.seat == seat or not 0 <= action.seat < state.num_players:
        raise IllegalAction("Choose another player.")
    if action.creature == Creature.MR_SCROOGE and action.seat not in scrooge_targets(state, seat):
        raise IllegalAction("That player already has a Mr Scrooge waiting.")
    play_creature(state, seat, action.creature, out, target=action.seat)
    return True


def _krampus(state: NoNState, seat: int, action: A.Krampus, out: list[Event]) -> bool:
    _free(state, seat, Creature.KRAMPUS)
    play_creature(state, seat, Creature.KRAMPUS, out, present=action.present)
    return True


def _mrs_claus(state: NoNState, seat: int, action: A.MrsClaus, out: list[Event]) -> bool:
    _free(state, seat, Creature.MRS_CLAUS)
    if action.kiddo not in state.playground:
        raise IllegalAction("That kiddo is not in the playground.")
    play_creature(state, seat, Creature.MRS_CLAUS, out, kiddo=action.kiddo)
    return True


def _reindeer(state: NoNState, seat: int, action: A.Reindeer, out: list[Event]) -> bool:
    _free(state, seat, Creature.REINDEER)
    cards = usable(state, seat, Creature.REINDEER)
    if action.count not in REINDEER_POINTS:
        raise IllegalAction("Play 1 to 4 Reindeer together.")
    if action.count > len(cards):
        raise IllegalAction(f"You have only {len(cards)} Reindeer you can play this turn.")
    for card in cards[: action.count]:
        take_creature(state, seat, card)
        state.creature_discard.append(card)
    points = REINDEER_POINTS[action.count]
    out.append(ReindeerPlayed(seat=seat, count=action.count, points=points))
    add_points(state, seat, points, "creatures", f"{action.count} Reindeer", out)
    return True


# -- start of turn abilities ----------------------------------------------------------------------
def _start_ability(state: NoNState, seat: int, giver: Giver) -> None:
    _top(state, seat, TurnTask, "use a start-of-turn ability")
    turn = state.turn
    assert turn is not None
    if not has_ability(state, seat, giver):
        raise IllegalAction(f"Only {GIVERS[giver].name} (level 4+) has that ability.")
    if not turn.start_open or turn.basic is not None:
        raise IllegalAction("Start-of-turn abilities come before anything else in your turn.")


def _search(state: NoNState, seat: int, action: A.SantaSearch, out: list[Event]) -> bool:
    _start_ability(state, seat, Giver.SANTA)
    assert state.turn is not None
    if state.turn.santa_searched:
        raise IllegalAction("You already searched this turn.")
    hand = state.players[seat].presents
    pair = [card for card in hand if PRESENT_TYPE_OF[card] == action.present][:2]
    if len(pair) < 2:
        raise IllegalAction(f"You need 2 {PRESENTS[action.present].name} (same type, not just colour).")
    state.turn.santa_searched = True
    for card in pair:
        hand.remove(card)
    state.present_discard.extend(pair)
    if after_midnight(state):
        out.append(Searched(seat=seat, present=action.present, source=action.source.value, found=False))
        add_points(state, seat, 1, "after_midnight", "search after Midnight", out)
        return True
    piles = {
        SearchSource.DISCARD: state.creature_discard,
        SearchSource.MAIN: state.creature_main,
        SearchSource.BOTTOM: state.creature_bottom,
    }
    pile = piles[action.source]
    out.append(SearchSeen(seat=seat, cards=list(pile), audience=Audience.only(seat)))
    found = next((c for c in pile if CREATURE_OF.get(c) == Creature.REINDEER), None)
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
        raise IllegalAction("You already discarded a kiddo this turn.")
    if action.kiddo not in state.playground:
        raise IllegalAction("That kiddo is not in the playground.")
    state.turn.befana_discarded = True
    state.kiddo_discard.append(action.kiddo)
    out.append(KiddoTaken(seat=seat, kiddo=action.kiddo, discarded=True))
    remove_kiddo(state, action.kiddo, out)
    return True


def _end_turn(state: NoNState, seat: int, action: A.EndTurn, out: list[Event]) -> bool:
    _top(state, seat, TurnTask, "end your turn")
    assert state.turn is not None
    if state.turn.basic is None:
        raise IllegalAction("Take your basic action (Craft, Summon or Fulfill) first.")
    state.tasks.pop()
    state.tasks.append(EndTurnTask())
    return True


# -- reactions and other interruptions ------------------------------------------------------------
def _answer(state: NoNState, seat: int, react: bool, out: list[Event]) -> bool:
    window = top(state)
    if not isinstance(window, WindowTask):
        raise IllegalAction("There is no reaction window open.")
    if seat not in window.eligible:
        raise IllegalAction("You have nothing to react with.")
    if seat in window.answers:
        raise IllegalAction("You already answered.")
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
        raise IllegalAction("There is no reaction window open.")
    close_window(state, out)
    return True


def _elves_pick(state: NoNState, seat: int, action: A.ElvesPick, out: list[Event]) -> bool:
    task = top(state)
    if not isinstance(task, ElvesTask) or task.order[0] != seat:
        raise IllegalAction("It is not your pick of the Elves' presents.")
    if not 0 <= action.index < len(task.cards):
        raise IllegalAction("There is no such revealed present.")
    card = task.cards.pop(action.index)
    task.order.pop(0)
    gain_present(state, seat, card)
    out.append(ElvesPicked(seat=seat, card=card))
    return True


def _ck_draw(state: NoNState, seat: int, action: A.ChristkindlDraw, out: list[Event]) -> bool:
    _top(state, seat, ChristkindlTask, "draw with Christkindl")
    state.tasks.pop()
    take_present(state, seat, action.source, "Christkindl", out)
    return True


def _wolverine_take(state: NoNState, seat: int, action: A.WolverineTake, out: list[Event]) -> bool:
    _top(state, seat, WolverineTakeTask, "take presents with Papa Wolverine")
    batch = remaining_batch(state)
    if action.mask < 0 or action.mask >= 1 << len(batch):
        raise IllegalAction("Those are not presents of the Fulfill.")
    cards = [card for i, card in enumerate(batch) if action.mask >> i & 1]
    if len(cards) > 2:
        raise IllegalAction("Papa Wolverine takes at most 2 presents.")
    state.tasks.pop()
    for card in cards:
        state.present_discard.remove(card)
        gain_present(state, seat, card)
    out.append(WolverineTook(seat=seat, cards=cards))
    return True


def _decline(state: NoNState, seat: int, action: A.Decline, out: list[Event]) -> bool:
    task = top(state)
    if not isinstance(task, ExtraBasicTask | ChristkindlTask) or task.seat != seat:
        raise IllegalAction("There is nothing to decline now.")
    state.tasks.pop()
    out.append(Declined(seat=seat))
    return True


_HANDLERS = {
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
