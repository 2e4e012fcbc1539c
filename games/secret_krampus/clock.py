"""The turn clock's default for each Secret Krampus decision (`SecretKrampus.default_action`).

Every default follows from public facts or from a card's position in a hand whose order is the
shuffled draw order, so it never tells the others anything about the seat's role or cards:

| decision | default |
|---|---|
| nominate a Sleigh Loader | the first eligible seat clockwise from the List Maker candidate |
| election vote | NO (spec decision 12: "force missing votes to NO") |
| List Maker discards | the first card in draw order (the shuffled deck's order, not sorted) |
| Sleigh Loader plays | the first of the two passed cards (still in draw order) |
| Heads Together vote | YES (a veto needs both NOs; see below) |
| Santa's Order target | the first valid target clockwise from the List Maker |

A Heads Together NO default would tell the other officer's secret vote: everyone sees whom the
clock chose for, and the outcome is public. With YES the card is placed whatever the other voted.

A game where every seat only ever times out still ends: every election fails, so every third
one places the top card by chaos, and the board fills up.
"""

from __future__ import annotations

from games.core.words import N_
from games.secret_krampus import rules
from games.secret_krampus.data import Phase
from games.secret_krampus.models import (
    ChooseTarget,
    Discard,
    HeadsTogetherVote,
    Nominate,
    Play,
    SKState,
    Vote,
)

#: Each decision's public name (i18n: read as "Time ran out for the vote: the clock chose for Ben").
LABELS = {
    Phase.NOMINATION: N_("the Sleigh Loader nomination"),
    Phase.VOTING: N_("the vote"),
    Phase.LM_DISCARD: N_("the List Maker's discard"),
    Phase.SL_CHOOSE: N_("the Sleigh Loader's delivery"),
    Phase.HEADS_TOGETHER_VOTE: N_("the Heads Together vote"),
    Phase.ORDER: N_("the target of Santa's Order"),
}


def clockwise_first(state: SKState, start: int, seats: list[int]) -> int:
    """Of `seats`, the first one clockwise after `start`."""
    return min(seats, key=lambda seat: (seat - start - 1) % state.num_players)


def default_action(state: SKState, seat: int):
    """The clock's forced action for `seat`, or None when `seat` is not deciding now."""
    if seat not in rules.to_decide(state):
        return None
    phase = state.phase
    if phase == Phase.NOMINATION:
        assert state.lm_candidate is not None
        return Nominate(seat=clockwise_first(state, state.lm_candidate, rules.eligible_sl(state)))
    if phase == Phase.VOTING:
        return Vote(yes=False)
    if phase == Phase.LM_DISCARD:
        return Discard(index=0)
    if phase == Phase.SL_CHOOSE:
        return Play(index=0)
    if phase == Phase.HEADS_TOGETHER_VOTE:
        return HeadsTogetherVote(yes=True)
    if phase == Phase.ORDER:
        assert state.lm is not None
        return ChooseTarget(seat=clockwise_first(state, state.lm, rules.order_targets(state)))
    return None


def decision_label(state: SKState) -> str | None:
    """The current decision's public name, for the turn clock's post (`GameRules.decision_label`)."""
    return LABELS.get(state.phase)
