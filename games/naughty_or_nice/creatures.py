"""Playing a creature (spec 4.3) and the written effects of section 2.4."""

from __future__ import annotations

from collections.abc import Callable

from games.core import Audience, Event
from games.core.words import N_
from games.naughty_or_nice.cards import (
    add_points,
    creature_points,
    draw_present,
    gain_creature,
    gain_present,
    has_ability,
    remove_kiddo,
    seat_of,
    take_creature,
    usable,
)
from games.naughty_or_nice.data import (
    CREATURE_OF,
    CREATURES,
    LEVELS,
    PRESENT_TYPE_OF,
    TARGETS_A_PLAYER,
    TARGETS_EVERYONE,
    Colour,
    Creature,
    Giver,
    PresentType,
    present_colour,
)
from games.naughty_or_nice.events import (
    CreaturePlayed,
    EffectCancelled,
    EffectStands,
    ElvesRevealed,
    KiddoTaken,
    KrampusGave,
    OfferedExtra,
    PresentDrawn,
    PresentTaken,
    ScroogePlaced,
    Stole,
    Stolen,
    Waiting,
)
from games.naughty_or_nice.models import (
    AfterCreatureTask,
    ChristkindlTask,
    ElvesTask,
    ExtraBasicTask,
    FulfilTask,
    KiddoWon,
    NoNState,
    ResolveTask,
    WolverineTakeTask,
)
from games.naughty_or_nice.reactions import clockwise_from, open_tomte_window


def play_creature(
    state: NoNState,
    seat: int,
    creature: Creature,
    out: list[Event],
    *,
    target: int = -1,
    present: PresentType | None = None,
    kiddo: str | None = None,
    colour: Colour | None = None,
    fulfiller: int = -1,
) -> None:
    """The card leaves the hand, scores, and waits for its Tomte chain (spec 4.3 steps 1-3)."""
    card = usable(state, seat, creature)[0]
    take_creature(state, seat, card)
    state.in_play.append(card)
    points = creature_points(state, seat, creature)
    out.append(
        CreaturePlayed(
            seat=seat,
            creature=creature,
            target=target,
            present=present,
            kiddo=kiddo,
            colour=colour,
            points=points,
        )
    )
    add_points(state, seat, points, "creatures", CREATURES[creature].name, out)
    state.tasks.append(
        ResolveTask(
            seat=seat,
            creature=creature,
            card=card,
            target=target,
            present=present,
            kiddo=kiddo,
            colour=colour,
            fulfiller=fulfiller,
        )
    )
    open_tomte_window(state, seat, creature, out)


def resolve(state: NoNState, task: ResolveTask, out: list[Event]) -> None:
    """Spec 4.3 steps 4-6 (and 5.2.5: the effect applies iff the chain has an even length)."""
    state.in_play.remove(task.card)
    cancelled = len(task.tomtes) % 2 == 1
    victims = [task.seat, *task.tomtes[:-1]] if task.tomtes else []
    state.tasks.append(
        AfterCreatureTask(
            seat=task.seat,
            creature=task.creature,
            target=task.target,
            fulfiller=task.fulfiller,
            tomte_victims=victims,
            tomtes=task.tomtes,
        )
    )
    if task.creature == Creature.MR_SCROOGE and not cancelled:
        state.players[task.target].scrooge = task.card
    else:
        state.creature_discard.append(task.card)
    if cancelled:
        out.append(EffectCancelled(seat=task.seat, creature=task.creature, tomtes=list(task.tomtes)))
        return
    if task.tomtes:
        out.append(EffectStands(seat=task.seat, creature=task.creature, tomtes=list(task.tomtes)))
    _EFFECTS[task.creature](state, task, out)


def after_creature(state: NoNState, task: AfterCreatureTask, out: list[Event]) -> None:
    """Triggered abilities: Ded Moroz (pushed first, runs last), then Christkindl's draws."""
    if not LEVELS[state.level].abilities:
        return
    moroz = seat_of(state, Giver.DED_MOROZ)
    if task.creature == Creature.SNOW_MAIDEN and moroz is not None and moroz != task.seat:
        offer_ded_moroz(state, out, by=task.seat)
    christkindl = seat_of(state, Giver.CHRISTKINDL)
    if christkindl is None:
        return
    # (creature, whose): each that targeted her (spec 2.3's list; a Tomte cancelling her creature)
    draws: list[tuple[Creature, int | None]] = [
        (Creature.TOMTE, task.tomtes[i] if i < len(task.tomtes) else None)
        for i, victim in enumerate(task.tomte_victims)
        if victim == christkindl
    ]
    if task.seat != christkindl and (
        task.creature in TARGETS_EVERYONE
        or (task.creature in TARGETS_A_PLAYER and task.target == christkindl)
        or (task.creature == Creature.PAPA_WOLVERINE and task.fulfiller == christkindl)
    ):
        draws.append((task.creature, task.seat))
    for creature, by in draws:
        reason = f"targeted by {CREATURES[creature].name}"
        state.tasks.append(ChristkindlTask(seat=christkindl, reason=reason, creature=creature, by=by))
    if draws:
        out.append(Waiting(seat=christkindl, what=N_("Christkindl may draw a present")))


def offer_ded_moroz(state: NoNState, out: list[Event], by: int, discarded: bool = False) -> None:
    """Ded Moroz's extra basic action for a Snow Maiden another player (`by`) played, or anyone
    discarded unplayed (spec 2.2.2)."""
    moroz = seat_of(state, Giver.DED_MOROZ)
    if moroz is None or not has_ability(state, moroz, Giver.DED_MOROZ):
        return
    state.tasks.append(ExtraBasicTask(seat=moroz, reason="ded_moroz", by=by, discarded=discarded))
    out.append(OfferedExtra(seat=moroz, reason="ded_moroz"))


# -- effects --------------------------------------------------------------------------------------
def _snow_maiden(state: NoNState, task: ResolveTask, out: list[Event]) -> None:
    assert state.turn is not None and state.turn.basic is not None
    repeats = 2 if has_ability(state, task.seat, Giver.DED_MOROZ) else 1
    for _ in range(repeats):
        state.tasks.append(ExtraBasicTask(seat=task.seat, fixed=state.turn.basic, reason="snow_maiden"))
    out.append(OfferedExtra(seat=task.seat, reason="snow_maiden"))


def _elves(state: NoNState, task: ResolveTask, out: list[Event]) -> None:
    cards = []
    for _ in range(state.num_players + 1):
        card = draw_present(state, out)
        if card is None:
            break
        cards.append(card)
    if not cards:
        out.append(ElvesRevealed(cards=[]))  # (told: the Elves did nothing)
        return
    others = clockwise_from(state, task.seat, [s for s in range(state.num_players) if s != task.seat])
    order = [task.seat, *others, task.seat][: len(cards)]
    out.append(ElvesRevealed(cards=cards))
    state.tasks.append(ElvesTask(cards=cards, order=order))


def _mrs_claus(state: NoNState, task: ResolveTask, out: list[Event]) -> None:
    assert task.kiddo is not None
    state.players[task.seat].kiddos.append(KiddoWon(card=task.kiddo, fulfilled=False))
    out.append(KiddoTaken(seat=task.seat, kiddo=task.kiddo))
    remove_kiddo(state, task.kiddo, out)


def _caga_tio(state: NoNState, task: ResolveTask, out: list[Event]) -> None:
    fulfil = next(t for t in reversed(state.tasks) if isinstance(t, FulfilTask))
    assert task.colour is not None
    fulfil.covered.append(task.colour)


def _papa_wolverine(state: NoNState, task: ResolveTask, out: list[Event]) -> None:
    if remaining_batch(state):
        state.tasks.append(WolverineTakeTask(seat=task.seat))
        out.append(Waiting(seat=task.seat, what=N_("Papa Wolverine takes up to 2 presents")))


def remaining_batch(state: NoNState) -> list[str]:
    return [card for card in state.batch if card in state.present_discard]


def _mr_scrooge(state: NoNState, task: ResolveTask, out: list[Event]) -> None:
    out.append(
        ScroogePlaced(seat=task.seat, target=task.target, no_turn_left=not has_turn_left(state, task.target))
    )


def has_turn_left(state: NoNState, seat: int) -> bool:
    """Whether `seat` plays another turn after the current one (after Midnight each player has
    one more turn, spec 4.10: the final turns may be over for it)."""
    if state.final_turns_left is None or state.turn is None:
        return True
    after = state.final_turns_left - (0 if state.midnight_turn == state.turn_no else 1)
    distance = (seat - state.turn.seat) % state.num_players or state.num_players
    return distance <= after


def _jolakotturinn(state: NoNState, task: ResolveTask, out: list[Event]) -> None:
    reds = [sum(present_colour(card) == Colour.RED for card in player.presents) for player in state.players]
    fewest = min(reds)
    losers = [seat for seat, count in enumerate(reds) if count == fewest]
    loss = 3 if len(losers) == 1 else 2
    for seat in losers:
        add_points(state, seat, -loss, "jolakotturinn", "Jólakötturinn", out, by=task.seat)


def _mari_lwyd(state: NoNState, task: ResolveTask, out: list[Event]) -> None:
    victim = state.players[task.target]
    if not victim.creatures:
        out.append(Stole(thief=task.seat, victim=task.target, what="creature", count=0))
        return
    held = victim.creatures.pop(state.rng.below(len(victim.creatures)))
    out.append(Stole(thief=task.seat, victim=task.target, what="creature", count=1))
    out.append(
        Stolen(
            thief=task.seat,
            victim=task.target,
            cards=[held.card],
            audience=Audience.some({task.seat, task.target}),
        )
    )
    gain_creature(state, task.seat, held.card, out)


def _cringe(state: NoNState, task: ResolveTask, out: list[Event]) -> None:
    victim = state.players[task.target]
    stolen = []
    for _ in range(min(2, len(victim.presents))):
        stolen.append(victim.presents.pop(state.rng.below(len(victim.presents))))
    out.append(Stole(thief=task.seat, victim=task.target, what="present", count=len(stolen)))
    if stolen:
        out.append(
            Stolen(
                thief=task.seat,
                victim=task.target,
                cards=stolen,
                audience=Audience.some({task.seat, task.target}),
            )
        )
    for card in stolen:
        gain_present(state, task.seat, card)


def _krampus(state: NoNState, task: ResolveTask, out: list[Event]) -> None:
    others = clockwise_from(state, task.seat, [s for s in range(state.num_players) if s != task.seat])
    given = 0
    for seat in others:
        hand = state.players[seat].presents
        card = next((c for c in hand if PRESENT_TYPE_OF[c] == task.present), None)
        if card is None:
            continue
        hand.remove(card)
        gain_present(state, task.seat, card)
        out.append(KrampusGave(seat=seat, to=task.seat, card=card))
        given += 1
    if given:
        return
    drawn = []
    for _ in range(2):
        card = draw_present(state, out)
        if card is None:
            break
        drawn.append(card)
        gain_present(state, task.seat, card)
        out.append(PresentTaken(seat=task.seat, source=-1, why="Krampus"))
    if drawn:
        out.append(PresentDrawn(seat=task.seat, cards=drawn, audience=Audience.only(task.seat)))


def _nothing(state: NoNState, task: ResolveTask, out: list[Event]) -> None:
    """Tomte is only ever a reaction; Reindeer have no written effect."""


_EFFECTS: dict[Creature, Callable[[NoNState, ResolveTask, list[Event]], None]] = {
    Creature.SNOW_MAIDEN: _snow_maiden,
    Creature.ELVES: _elves,
    Creature.MRS_CLAUS: _mrs_claus,
    Creature.TOMTE: _nothing,
    Creature.CAGA_TIO: _caga_tio,
    Creature.REINDEER: _nothing,
    Creature.PAPA_WOLVERINE: _papa_wolverine,
    Creature.MR_SCROOGE: _mr_scrooge,
    Creature.JOLAKOTTURINN: _jolakotturinn,
    Creature.MARI_LWYD: _mari_lwyd,
    Creature.CRINGE: _cringe,
    Creature.KRAMPUS: _krampus,
}
assert set(_EFFECTS) == set(CREATURE_OF.values())
