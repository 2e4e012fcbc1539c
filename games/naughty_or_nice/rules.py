"""Read-only questions about a state: who decides, what is legal (incl. the Fulfill subsets)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, product

from games.core import Action
from games.naughty_or_nice.actions import (
    Abandon,
    BefanaDiscard,
    CagaTio,
    ChooseGiver,
    ChristkindlDraw,
    Craft,
    Decline,
    ElvesPick,
    EndTurn,
    Fulfil,
    Keep,
    Krampus,
    MrsClaus,
    Pass,
    PlayCreature,
    PlayOnPlayer,
    React,
    Reindeer,
    SantaSearch,
    Summon,
    TakePresent,
    Tuck,
    WolverineTake,
)
from games.naughty_or_nice.basic import may_skip_black, needed_colours
from games.naughty_or_nice.cards import has_ability, may_tuck, usable
from games.naughty_or_nice.creatures import remaining_batch
from games.naughty_or_nice.data import (
    CREATURES,
    LEVELS,
    PRESENT_TYPE_OF,
    PRESENTS,
    REINDEER_POINTS,
    Basic,
    Colour,
    Creature,
    Giver,
    PresentType,
    SearchSource,
)
from games.naughty_or_nice.models import (
    ChooseGiverTask,
    ChristkindlTask,
    CraftTask,
    ElvesTask,
    ExtraBasicTask,
    FulfilTask,
    KeepTask,
    NoNState,
    TuckTask,
    TurnTask,
    WindowTask,
    WolverineTakeTask,
)


def top(state: NoNState):
    return state.tasks[-1] if state.tasks and not state.over else None


def extra_left(state: NoNState, seat: int, reason: str) -> int:
    """How many extra basic actions for `reason` are stacked for `seat` from the top down (the
    one being decided counted when it is still on the stack)."""
    left = 0
    for task in reversed(state.tasks):
        if not (isinstance(task, ExtraBasicTask) and task.seat == seat and task.reason == reason):
            break
        left += 1
    return left


def to_decide(state: NoNState) -> frozenset[int]:
    task = top(state)
    if task is None:
        return frozenset()
    if isinstance(task, WindowTask):
        return frozenset(s for s in task.eligible if s not in task.answers)
    if isinstance(task, ElvesTask):
        return frozenset(task.order[:1])
    return frozenset({task.seat})


# -- fulfil subsets -------------------------------------------------------------------------------
def fulfil_masks(state: NoNState, seat: int, kiddo: str, covered: list[Colour]) -> list[int]:
    """One mask per distinct multiset of present *types* that covers the open slots (copies of a
    type are identical, so only the lowest hand indices of each type are listed)."""
    hand = state.players[seat].presents
    need = needed_colours(kiddo, covered)
    variants = [need]
    if has_ability(state, seat, Giver.SAINT_NICHOLAS) and need[Colour.BLACK]:
        variants.append(need - Counter({Colour.BLACK: 1}))
    by_type: dict[PresentType, list[int]] = {}
    for index, card in enumerate(hand):
        by_type.setdefault(PRESENT_TYPE_OF[card], []).append(index)
    masks: set[int] = set()
    for variant in variants:
        per_colour = [_colour_choices(by_type, colour, count) for colour, count in variant.items()]
        for parts in product(*per_colour):
            masks.add(sum(parts))
    return sorted(masks)


def _colour_choices(by_type: dict[PresentType, list[int]], colour: Colour, count: int) -> list[int]:
    """The masks choosing `count` cards of `colour`, one per multiset of types."""
    types = [indices for t, indices in by_type.items() if PRESENTS[t].colour == colour]
    results: list[int] = []
    if count > 0:
        _choose(types, 0, count, 0, results)
    return results


def _choose(types: list[list[int]], i: int, left: int, mask: int, results: list[int]) -> None:
    """`_colour_choices`' search: take 0..`left` cards of the `i`-th type and go on (a module
    function, not a closure: a recursive closure is a reference cycle left to the garbage
    collector at every call)."""
    if left == 0:
        results.append(mask)
        return
    if i == len(types):
        return
    indices = types[i]
    for take in range(min(left, len(indices)), -1, -1):
        _choose(types, i + 1, left - take, mask | sum(1 << j for j in indices[:take]), results)


def can_fulfil(state: NoNState, seat: int, kiddo: str, covered: list[Colour]) -> bool:
    """Whether `fulfil_masks` has any mask, without listing them: the hand holds enough presents
    of every colour still needed (or, for Saint Nicholas, of all but one black)."""
    return _enough(needed_colours(kiddo, covered), _colours_held(state, seat), may_skip_black(state, seat))


def fulfillable(state: NoNState, seat: int) -> list[str]:
    """The playground's kiddos `can_fulfil` allows (the hand's colours counted once for all)."""
    have, skip_black = _colours_held(state, seat), may_skip_black(state, seat)
    return [k for k in state.playground if _enough(needed_colours(k, []), have, skip_black)]


def fulfillable_with_caga(state: NoNState, seat: int) -> list[str]:
    """The playground's kiddos the hand cannot fulfil alone but can with its usable Caga Tiós,
    each covering one missing slot (spec 4.6; a Tomte may still cancel one)."""
    cagas = _cagas(state, seat)
    if not cagas:
        return []
    return [k for k in state.playground if 0 < _short(state, seat, k, []) <= cagas]


def caga_dead_ends(state: NoNState, seat: int, actions: list[Action]) -> list[CagaTio]:
    """The Caga Tió plays among `actions` after which the hand (with its other Caga Tiós) can no
    longer finish the kiddo: legal (the card's points are kept, spec 4.6), but no way to a gift."""
    cagas = _cagas(state, seat)
    covered = {t.kiddo: t.covered for t in state.tasks if isinstance(t, FulfilTask) and t.seat == seat}
    return [
        a
        for a in actions
        if isinstance(a, CagaTio)
        and _short(state, seat, a.kiddo, [*covered.get(a.kiddo, []), a.colour]) > cagas - 1
    ]


def _cagas(state: NoNState, seat: int) -> int:
    return len(usable(state, seat, Creature.CAGA_TIO)) if LEVELS[state.level].creatures else 0


def _short(state: NoNState, seat: int, kiddo: str, covered: list[Colour]) -> int:
    """How many of the kiddo's open slots the hand cannot cover (Saint Nicholas skips a black)."""
    return _missing(needed_colours(kiddo, covered), _colours_held(state, seat), may_skip_black(state, seat))


def _colours_held(state: NoNState, seat: int) -> Counter[Colour]:
    return Counter(PRESENTS[PRESENT_TYPE_OF[card]].colour for card in state.players[seat].presents)


def _missing(need: Counter[Colour], have: Counter[Colour], skip_black: bool) -> int:
    """The slots of `need` that `have` cannot cover (one black fewer when it may be skipped)."""
    missing = need - have
    if skip_black and missing[Colour.BLACK]:
        missing[Colour.BLACK] -= 1
    return missing.total()


def _enough(need: Counter[Colour], have: Counter[Colour], skip_black: bool) -> bool:
    return _missing(need, have, skip_black) == 0


# -- legal actions --------------------------------------------------------------------------------
def _basic_actions(state: NoNState, seat: int, fixed: Basic | None) -> list[Action]:
    actions: list[Action] = []
    if fixed in (None, Basic.CRAFT):
        actions.append(Craft())
    if fixed in (None, Basic.SUMMON) and LEVELS[state.level].creatures:
        actions.append(Summon())
    if fixed in (None, Basic.FULFIL):
        for kiddo in state.playground:
            actions.extend(Fulfil(kiddo=kiddo, mask=m) for m in fulfil_masks(state, seat, kiddo, []))
        if usable(state, seat, Creature.CAGA_TIO):
            for kiddo in state.playground:
                actions.extend(_caga_actions(state, kiddo, []))
    return actions


def _caga_actions(state: NoNState, kiddo: str, covered: list[Colour]) -> list[Action]:
    return [CagaTio(kiddo=kiddo, colour=colour) for colour in needed_colours(kiddo, covered)]


def scrooge_targets(state: NoNState, seat: int) -> list[int]:
    return [s for s in range(state.num_players) if s != seat and state.players[s].scrooge is None]


def _free_creatures(state: NoNState, seat: int, post: bool) -> list[Action]:
    actions: list[Action] = []
    if not LEVELS[state.level].creatures:
        return actions
    others = [s for s in range(state.num_players) if s != seat]
    for creature, info in CREATURES.items():
        count = len(usable(state, seat, creature))
        if not count or info.timing in ("reaction", "fulfil"):
            continue
        if creature == Creature.SNOW_MAIDEN:
            if post:
                actions.append(PlayCreature(creature=creature))
        elif creature == Creature.REINDEER:
            actions.extend(Reindeer(count=k) for k in range(1, min(count, len(REINDEER_POINTS)) + 1))
        elif creature == Creature.MRS_CLAUS:
            actions.extend(MrsClaus(kiddo=kiddo) for kiddo in state.playground)
        elif creature == Creature.KRAMPUS:
            actions.extend(Krampus(present=ptype) for ptype in PresentType)
        elif creature == Creature.MR_SCROOGE:
            actions.extend(PlayOnPlayer(creature=creature, seat=t) for t in scrooge_targets(state, seat))
        elif info.target == "seat":
            actions.extend(PlayOnPlayer(creature=creature, seat=t) for t in others)
        else:
            actions.append(PlayCreature(creature=creature))
    return actions


def start_actions(state: NoNState, seat: int) -> list[Action]:
    turn = state.turn
    if turn is None or not turn.start_open or turn.basic is not None:
        return []
    actions: list[Action] = []
    if has_ability(state, seat, Giver.SANTA) and not turn.santa_searched:
        counts = Counter(PRESENT_TYPE_OF[card] for card in state.players[seat].presents)
        for ptype in PresentType:
            if counts[ptype] >= 2:
                actions.extend(SantaSearch(present=ptype, source=src) for src in SearchSource)
    if has_ability(state, seat, Giver.LA_BEFANA) and not turn.befana_discarded:
        actions.extend(BefanaDiscard(kiddo=kiddo) for kiddo in state.playground)
    return actions


def _turn_actions(state: NoNState, seat: int) -> list[Action]:
    turn = state.turn
    assert turn is not None
    if turn.basic is None:
        return [
            *start_actions(state, seat),
            *_basic_actions(state, seat, None),
            *_free_creatures(state, seat, post=False),
        ]
    return [*_free_creatures(state, seat, post=True), EndTurn()]


def _draw_sources(state: NoNState) -> list[int]:
    deck = [-1] if state.present_deck or state.present_discard else []
    return deck + list(range(len(state.offer)))


def legal_actions(state: NoNState, seat: int) -> list[Action]:
    task = top(state)
    if task is None or seat not in to_decide(state):
        return []
    if isinstance(task, ChooseGiverTask):
        taken = {p.giver for p in state.players}
        return [ChooseGiver(giver=g) for g in Giver if g not in taken]
    if isinstance(task, TurnTask):
        return _turn_actions(state, seat)
    if isinstance(task, CraftTask):
        return [TakePresent(source=s) for s in _draw_sources(state)]
    if isinstance(task, KeepTask):
        keeps: list[Action] = []
        for i, card in enumerate(task.cards):
            keeps.append(Keep(index=i))
            if may_tuck(state, seat, card):
                keeps.append(Keep(index=i, tuck=True))
        return keeps
    if isinstance(task, TuckTask):
        return [Tuck(yes=True), Tuck(yes=False)] if may_tuck(state, seat, task.card) else [Tuck(yes=False)]
    if isinstance(task, ElvesTask):
        return [ElvesPick(index=i) for i in range(len(task.cards))]
    if isinstance(task, ChristkindlTask):
        return [*(ChristkindlDraw(source=s) for s in _draw_sources(state)), Decline()]
    if isinstance(task, WolverineTakeTask):
        size = len(remaining_batch(state))
        return [
            WolverineTake(mask=sum(1 << i for i in combo))
            for k in range(3)
            for combo in combinations(range(size), k)
        ]
    if isinstance(task, ExtraBasicTask):
        return [*_basic_actions(state, seat, task.fixed), Decline()]
    if isinstance(task, FulfilTask):
        actions: list[Action] = [
            Fulfil(kiddo=task.kiddo, mask=m) for m in fulfil_masks(state, seat, task.kiddo, task.covered)
        ]
        if usable(state, seat, Creature.CAGA_TIO):
            actions.extend(_caga_actions(state, task.kiddo, task.covered))
        return [*actions, Abandon()]
    if isinstance(task, WindowTask):
        return [React(), Pass()]
    return []
