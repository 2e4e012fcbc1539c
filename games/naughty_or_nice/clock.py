"""The turn clock's default for each Naughty or Nice decision (`NaughtyOrNice.default_action`).

Spec 5.4 fixes the out-of-turn ones; the others take the choice that reveals nothing and keeps
the game moving. No default looks at what the seat holds (a Fulfill would tell the table which
kiddos the hand can cover, so the clock never fulfils):

| decision | default |
|---|---|
| choose a gift giver | the first one still free, in the rulebook's order |
| own turn, before the basic action | CRAFT (no start ability, no creature) |
| own turn, after the basic action | `end_turn` |
| Craft: take a present | the top of the present deck (blind), else the first offer-row card |
| Summon: keep a card | the first card drawn (creature main part before the bottom stack) |
| Santa: tuck the Reindeer? | no |
| Elves pick | the lowest-index card left (spec 5.4) |
| Christkindl's draw | decline (spec 5.4) |
| Ded Moroz / Snow Maiden extra basic action | decline (spec 5.4) |
| Papa Wolverine's take | the first 2 cards of the batch (spec 5.4) |
| a Fulfill opened by Caga Tio | abandon (the presents stay in hand) |
| reaction window (Tomte, Papa Wolverine) | pass (spec 5: no answer counts as PASS) |

A game where every player times out ends: every turn crafts, and once the presents are all in
hands nobody gains a card, so the stalemate rule (spec 4.10.5) ends it.
"""

from __future__ import annotations

from games.core.words import N_
from games.naughty_or_nice import rules
from games.naughty_or_nice.actions import (
    Abandon,
    ChooseGiver,
    Craft,
    Decline,
    ElvesPick,
    EndTurn,
    Keep,
    Pass,
    TakePresent,
    Tuck,
    WolverineTake,
)
from games.naughty_or_nice.creatures import remaining_batch
from games.naughty_or_nice.data import LEVELS, Giver
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

#: Papa Wolverine takes up to this many batch cards (spec 5.3).
WOLVERINE_TAKES = 2

#: Each decision's public name (i18n: read as "Time ran out for the Craft: the clock chose for Ben").
LABELS: dict[type, str] = {
    ChooseGiverTask: N_("choosing a gift giver"),
    CraftTask: N_("the Craft"),
    KeepTask: N_("keeping a summoned creature"),
    TuckTask: N_("the tuck under Rudolf"),
    ElvesTask: N_("the Elves' pick"),
    ChristkindlTask: N_("Christkindl's draw"),
    WolverineTakeTask: N_("Papa Wolverine's take"),
    ExtraBasicTask: N_("the extra basic action"),
    FulfilTask: N_("the Fulfill"),
}


def default_action(state: NoNState, seat: int):
    """The clock's forced action for `seat`, or None when `seat` is not deciding now (or, never
    seen in play, a Craft with nothing left to take)."""
    if seat not in rules.to_decide(state):
        return None
    task = rules.top(state)
    if isinstance(task, WindowTask):
        return Pass()
    if isinstance(task, ChooseGiverTask):
        taken = {p.giver for p in state.players}
        return ChooseGiver(giver=next(g for g in Giver if g not in taken))
    if isinstance(task, TurnTask):
        return Craft() if state.turn is not None and state.turn.basic is None else EndTurn()
    if isinstance(task, CraftTask):
        if state.present_deck or state.present_discard:
            return TakePresent(source=-1)  # the top of the deck, seen only by the drawer
        return TakePresent(source=0) if state.offer else None
    if isinstance(task, KeepTask):
        return Keep(index=0)
    if isinstance(task, TuckTask):
        return Tuck(yes=False)
    if isinstance(task, ElvesTask):
        return ElvesPick(index=0)
    if isinstance(task, (ChristkindlTask, ExtraBasicTask)):
        return Decline()
    if isinstance(task, WolverineTakeTask):
        size = min(WOLVERINE_TAKES, len(remaining_batch(state)))
        return WolverineTake(mask=(1 << size) - 1)
    if isinstance(task, FulfilTask):
        return Abandon()
    return None


#: The active player's own turn before its basic action, by whether the level has creatures (and
#: so Summon): what is to be chosen ("the turn" after "Your turn" in a push said nothing); after
#: it, `END_OF_TURN`.
BASIC_LABELS = {True: N_("Craft, Summon or Fulfill"), False: N_("Craft or Fulfill")}
END_OF_TURN = N_("the end of the turn")


def decision_label(state: NoNState) -> str | None:
    """The current decision's public name, for the turn clock's post and a push
    (`GameRules.decision_label`)."""
    task = rules.top(state)
    if isinstance(task, TurnTask):
        if state.turn is not None and state.turn.basic is not None:
            return END_OF_TURN
        return BASIC_LABELS[LEVELS[state.level].creatures]
    return LABELS.get(type(task))
