"""The turn clock's default for each Christmas Tree decision (`ChristmasTree.default_action`).

Hands and objective cards are kept **sorted** by code, so "the first card" would tell the others
something about the cards kept (all of them sort after it). The clock therefore takes a card at a
*blind position*: an index drawn from a hash of the game's seed, the decision counter and the
seat. It is uniform over the positions and independent of what the cards are, so the card that
ends up revealed says nothing about the rest of the hand; it does not draw from `state.rng`, so
the game's random sequence is the same whether or not the clock fired.

| decision | default |
|---|---|
| choose an objective | the objective card at a blind position |
| the turn (nothing chosen) | `place` the card at a blind position, lowest legal cell, orientation 0 |
| the turn, staged (cookies open) | `done`: the staged card and planned cookies stand |

Every turn of a player who times out places a card, so a game where everyone times out ends.
"""

from __future__ import annotations

import hashlib

from games.christmas_tree import rules
from games.christmas_tree.data import ROTATIONS, Phase
from games.christmas_tree.models import ChooseObjective, CTState, Done, Place
from games.core.words import N_

#: Each decision's public name (i18n: read as "Time ran out for placing a card: the clock chose for Ben").
LABELS = {
    Phase.OBJECTIVES: N_("choosing an objective"),
    Phase.TURN: N_("placing a card"),
}


def blind_index(state: CTState, seat: int, size: int) -> int:
    """A position in [0, size) that depends on the seed, the decision and the seat only."""
    digest = hashlib.sha256(f"clock:{state.rng.seed}:{state.decision}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % size


def default_action(state: CTState, seat: int):
    """The clock's forced action for `seat`, or None when `seat` is not deciding now."""
    if seat not in rules.to_decide(state):
        return None
    if state.phase == Phase.OBJECTIVES:
        return ChooseObjective(index=blind_index(state, seat, len(state.objective_cards[seat])))
    if state.phase != Phase.TURN:
        return None
    if rules.is_staged(state, seat):
        return Done()
    cells = rules.legal_cells(state, seat)
    index = blind_index(state, seat, len(state.hands[seat].cards))
    return Place(card_index=index, cell=min(cells), rotation=ROTATIONS[0])


def decision_label(state: CTState) -> str | None:
    """The current decision's public name, for the turn clock's post (`GameRules.decision_label`)."""
    return LABELS.get(state.phase)
