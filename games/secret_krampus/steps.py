"""The automatic steps of the state machine: failed votes, chaos, enactment, orders, new rounds.

Spec 4.3 and 4.5-4.9. Each step appends its events to `out` and leaves the state at the next
decision point (or GAME_OVER).
"""

from __future__ import annotations

from typing import Literal

from games.core import Audience, Event
from games.core.words import N_
from games.secret_krampus.data import (
    BOARDS,
    DRAW_SIZE,
    FAILED_VOTE_CHAOS_AT,
    NAUGHTY_WIN_AT,
    NICE_WIN_AT,
    TARGETED_ORDERS,
    Card,
    Phase,
    Team,
)
from games.secret_krampus.events import (
    CardPlaced,
    Chaos,
    FailedVoteTrack,
    GameOver,
    NewCandidate,
    Reshuffled,
)
from games.secret_krampus.events_orders import (
    OrderStarted,
    TopCardsSeen,
)
from games.secret_krampus.models import SKState
from games.secret_krampus.rules import winners

#: Why a game ended: marked texts with the rules' numbers written out (the state and the log keep
#: the English sentence, which is its catalogue key; `tests/games/secret_krampus` checks the numbers).
WIN_REASONS = {
    "nice_cards": N_("5 Nice gifts were delivered, so Christmas is saved."),
    "naughty_cards": N_("The 6th Naughty gift is on the board, so Christmas is ruined."),
    "krampus_elected": N_("Krampus was elected Sleigh Loader with 3 or more Naughty gifts on the board."),
    "krampus_stabled": N_("Krampus was sent to the stables."),
}
#: Reasons stored by games before they were reworded -> the wording now (a 6-player game starts
#: with a Naughty gift on the board: "6 Naughty gifts were delivered" overcounted by one).
REWORDED = {
    "6 Naughty gifts were delivered, so Christmas is ruined.": WIN_REASONS["naughty_cards"],
    "Krampus was elected Sleigh Loader with 3 or more Naughty gifts delivered.": WIN_REASONS[
        "krampus_elected"
    ],
}


def win_reason_now(stored: str | None) -> str | None:
    """A stored game's reason as worded now (`REWORDED`)."""
    return REWORDED.get(stored, stored) if stored else stored


def fail(state: SKState, out: list[Event], cause: Literal["vote", "heads_together"]) -> None:
    """A failed vote (or a Heads Together double NO): advance the track, maybe chaos (4.5, 4.7)."""
    state.failed_votes += 1
    out.append(FailedVoteTrack(failed_votes=state.failed_votes, cause=cause))
    reshuffle_check(state, out)
    if state.failed_votes >= FAILED_VOTE_CHAOS_AT:
        chaos(state, out)
        if state.phase == Phase.GAME_OVER:
            return
    next_round(state, out)


def chaos(state: SKState, out: list[Event]) -> None:
    """Spec 4.8: the top card is placed; its order is ignored; track and term limits reset."""
    card = state.draw_pile.pop(0)
    out.append(Chaos(card=card))
    place(state, out, card, by_chaos=True)
    if state.phase == Phase.GAME_OVER:
        return
    state.failed_votes = 0
    state.term_limited = []
    reshuffle_check(state, out)


def place(state: SKState, out: list[Event], card: Card, by_chaos: bool) -> None:
    """ENACT steps 1-2: place the card, reset the track, check the count wins."""
    if card == Card.NICE:
        state.nice_count += 1
    else:
        state.naughty_count += 1
    state.failed_votes = 0
    out.append(
        CardPlaced(
            card=card,
            by_chaos=by_chaos,
            nice_count=state.nice_count,
            naughty_count=state.naughty_count,
        )
    )
    if state.nice_count >= NICE_WIN_AT:
        game_over(state, out, Team.NICE, "nice_cards")
    elif state.naughty_count >= NAUGHTY_WIN_AT:
        game_over(state, out, Team.NAUGHTY, "naughty_cards")


def enact(state: SKState, out: list[Event], card: Card, by_government: bool) -> None:
    """Spec 4.6 step 4, for a government's card."""
    place(state, out, card, by_chaos=not by_government)
    if state.phase == Phase.GAME_OVER:
        return
    reshuffle_check(state, out)
    order = BOARDS[state.board].get(state.naughty_count) if card == Card.NAUGHTY else None
    if order is None:
        next_round(state, out)
        return
    assert state.lm is not None
    out.append(OrderStarted(order=order, lm=state.lm))
    if order in TARGETED_ORDERS:
        state.pending_order = order
        state.phase = Phase.ORDER
        return
    # CHECKING_IT_TWICE resolves by itself: the LM sees the top 3, order unchanged.
    top = state.draw_pile[:DRAW_SIZE]
    state.checked_cards[state.lm] = list(top)
    out.append(TopCardsSeen(lm=state.lm, cards=list(top), audience=Audience.only(state.lm)))
    next_round(state, out)


def reshuffle_check(state: SKState, out: list[Event]) -> None:
    if len(state.draw_pile) >= DRAW_SIZE:
        return
    state.draw_pile = state.rng.shuffled(state.draw_pile + state.discard_pile)
    state.discard_pile = []
    out.append(Reshuffled(draw_pile_size=len(state.draw_pile)))


def next_round(state: SKState, out: list[Event]) -> None:
    """P1 NEXT_CANDIDATE (spec 4.3)."""
    state.lm = state.sl = state.sl_candidate = None
    state.hand = []
    state.pending_order = None
    resumed = state.special_election
    if state.special_candidate is not None:
        state.lm_candidate = state.special_candidate
        state.special_candidate = None
        state.special_election = True
    else:
        seat = state.rotation_seat
        while True:
            seat = (seat + 1) % state.num_players
            if state.in_play[seat]:
                break
        state.lm_candidate = state.rotation_seat = seat
        state.special_election = False
    state.phase = Phase.NOMINATION
    out.append(
        NewCandidate(
            seat=state.lm_candidate,
            special=state.special_election,
            resumed=resumed and not state.special_election,
        )
    )


def game_over(state: SKState, out: list[Event], winner: Team, reason: str) -> None:
    state.phase = Phase.GAME_OVER
    state.winner = winner
    state.win_reason = WIN_REASONS[reason]
    state.pending_order = None
    state.hand = []
    out.append(
        GameOver(
            winner=winner,
            reason=state.win_reason,
            winners=winners(state),
            roles=list(state.roles),
        )
    )
