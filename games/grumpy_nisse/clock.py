"""The turn clock's default for each Grumpy Nisse decision (`GrumpyNisse.default_action`).

The draft is public, so its defaults are the first legal choice (the first unused die in roll
order, the first card of its row, left to right). Hands are kept in the order the cards were
drawn from a shuffled deck (never sorted), so "the first card in hand" is the seat's oldest
card: a rule that does not look at what the cards are.

| decision | default |
|---|---|
| draft pick | the first unused die (roll order) and the first card it allows (grid order) |
| final pick | the first card left in the grid (grid order) |
| lead / follow | the first card in hand (the oldest) |
| panic discard | the first card in hand |
| Recover (2): take a card? | `recover_skip` (the effect is optional) |
| Recover (2): put a card back | the first card in hand other than the recovered one |
| Foresight (4) | keep the order (`reorder.012`) |
| Rummage (7): card under the deck | the first card in hand |

Every default moves the game on, so a game where both players time out ends.
"""

from __future__ import annotations

from games.core.words import N_
from games.grumpy_nisse import rules
from games.grumpy_nisse.data import Phase
from games.grumpy_nisse.models import (
    Bottom,
    GNState,
    PanicDiscard,
    Pick,
    Play,
    RecoverPut,
    RecoverSkip,
    Reorder,
    Take,
)

#: Each decision's public name (i18n: read as "Time ran out for the draft pick: the clock chose for Ben").
LABELS = {
    Phase.DRAFT: N_("the draft pick"),
    Phase.FINAL_PICK: N_("the last pick"),
    Phase.LEAD: N_("leading a card"),
    Phase.FOLLOW: N_("following the lead"),
    Phase.PANIC_DISCARD: N_("the panic discard"),
    Phase.RECOVER_TAKE: N_("using Recover"),
    Phase.RECOVER_PUT: N_("using Recover"),
    Phase.FORESIGHT: N_("using Foresight"),
    Phase.RUMMAGE: N_("using Rummage"),
}


def default_action(state: GNState, seat: int):
    """The clock's forced action for `seat`, or None when `seat` is not deciding now."""
    if seat != rules.deciding_seat(state):
        return None
    phase = state.phase
    hand = state.hands[seat]
    if phase == Phase.DRAFT:
        die = rules.unused_dice(state)[0]
        return Pick(die=die, card=rules.cards_for_die(state, die)[0])
    if phase == Phase.FINAL_PICK:
        return Take(card=rules.grid_cards(state)[0])
    if phase in (Phase.LEAD, Phase.FOLLOW):
        return Play(card=hand[0])
    if phase == Phase.PANIC_DISCARD:
        return PanicDiscard(card=hand[0])
    if phase == Phase.RECOVER_TAKE:
        return RecoverSkip()
    if phase == Phase.RECOVER_PUT:
        return RecoverPut(card=rules.putback_choices(state, seat)[0])
    if phase == Phase.FORESIGHT:
        return Reorder(order=rules.reorder_codes(len(state.foresight))[0])
    if phase == Phase.RUMMAGE:
        return Bottom(card=hand[0])
    return None


def decision_label(state: GNState) -> str | None:
    """The current decision's public name, for the turn clock's post (`GameRules.decision_label`)."""
    return LABELS.get(state.phase)
