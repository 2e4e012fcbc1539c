"""Read-only questions about a Secret Krampus state: who is living, eligible, asked, winning."""

from __future__ import annotations

from games.core import made_once
from games.secret_krampus.data import (
    HEADS_TOGETHER_FROM_NAUGHTY,
    KRAMPUS_CHECK_FROM_NAUGHTY,
    TEAM_OF_ROLE,
    Order,
    Phase,
)
from games.secret_krampus.models import (
    ChooseTarget,
    Discard,
    HeadsTogetherVote,
    Nominate,
    Play,
    SKState,
    Vote,
)

VOTE = made_once(Vote, "yes")
NOMINATE = made_once(Nominate, "seat")
DISCARD = made_once(Discard, "index")
PLAY = made_once(Play, "index")
HEADS_TOGETHER_VOTE = made_once(HeadsTogetherVote, "yes")
CHOOSE_TARGET = made_once(ChooseTarget, "seat")


def living(state: SKState) -> list[int]:
    return [seat for seat in range(state.num_players) if state.in_play[seat]]


def krampus_check_active(state: SKState) -> bool:
    return state.naughty_count >= KRAMPUS_CHECK_FROM_NAUGHTY


def heads_together_active(state: SKState) -> bool:
    return state.naughty_count >= HEADS_TOGETHER_FROM_NAUGHTY


def eligible_sl(state: SKState) -> list[int]:
    """Spec 4.4: living, not the LM candidate, not term-limited (safety rule: drop the limits)."""
    candidates = [seat for seat in living(state) if seat != state.lm_candidate]
    allowed = [seat for seat in candidates if seat not in state.term_limited]
    return allowed or candidates


def order_targets(state: SKState) -> list[int]:
    """Spec 2.6: another living player; for Peek one never peeked before."""
    targets = [seat for seat in living(state) if seat != state.lm]
    if state.pending_order == Order.PEEK:
        targets = [seat for seat in targets if not state.peeked[seat]]
    return targets


def eligible(state: SKState) -> list[int]:
    if state.phase == Phase.NOMINATION:
        return eligible_sl(state)
    if state.phase == Phase.ORDER:
        return order_targets(state)
    return []


def _seats(*seats: int | None) -> frozenset[int]:
    """The given seats that are filled (a role is always filled in the phases that name it)."""
    return frozenset(seat for seat in seats if seat is not None)


def to_decide(state: SKState) -> frozenset[int]:
    phase = state.phase
    if phase == Phase.NOMINATION:
        return _seats(state.lm_candidate)
    if phase == Phase.VOTING:
        return frozenset(seat for seat in living(state) if seat not in state.votes)
    if phase in (Phase.LM_DISCARD, Phase.ORDER):
        return _seats(state.lm)
    if phase == Phase.SL_CHOOSE:
        return _seats(state.sl)
    if phase == Phase.HEADS_TOGETHER_VOTE:
        return _seats(*(seat for seat in (state.lm, state.sl) if seat not in state.ht_votes))
    return frozenset()


def legal_actions(state: SKState, seat: int) -> list:
    phase = state.phase
    if phase == Phase.VOTING:
        # Voters who already voted may still change their vote (product decision); sending
        # the same vote again is not a change and is refused.
        if not (0 <= seat < state.num_players and state.in_play[seat]):
            return []
        return [VOTE(yes) for yes in (True, False) if state.votes.get(seat) != yes]
    if seat not in to_decide(state):
        return []
    if phase == Phase.NOMINATION:
        return [NOMINATE(target) for target in eligible_sl(state)]
    if phase == Phase.LM_DISCARD:
        return [DISCARD(i) for i in range(len(state.hand))]
    if phase == Phase.SL_CHOOSE:
        return [PLAY(i) for i in range(len(state.hand))]
    if phase == Phase.HEADS_TOGETHER_VOTE:
        return [HEADS_TOGETHER_VOTE(True), HEADS_TOGETHER_VOTE(False)]
    if phase == Phase.ORDER:
        return [CHOOSE_TARGET(target) for target in order_targets(state)]
    return []


def winners(state: SKState) -> list[int]:
    return [seat for seat, role in enumerate(state.roles) if TEAM_OF_ROLE[role] == state.winner]
