"""Per-seat views: the one door from the hidden state to a renderer (spec 4.10)."""

from __future__ import annotations

from games.secret_krampus import rules
from games.secret_krampus.data import (
    BOARDS,
    FAILED_VOTE_CHAOS_AT,
    KNOWLEDGE_GROUP,
    KNOWS_ROLES,
    NAUGHTY_WIN_AT,
    NAUGHTY_WIN_SPACE,
    NICE_WIN_AT,
    TEAM_OF_ROLE,
    Phase,
    Role,
    Team,
)
from games.secret_krampus.models import PlayerPublic, SKState, SKView
from games.secret_krampus.steps import win_reason_now


def revealed_roles(state: SKState, abandoned: bool = False) -> dict[int, Role]:
    """Roles everyone may see: all at game end or once the game is abandoned; a stabled Krampus
    (which also ends the game)."""
    if state.phase == Phase.GAME_OVER or abandoned:
        return dict(enumerate(state.roles))
    return {
        seat: role
        for seat, role in enumerate(state.roles)
        if role == Role.KRAMPUS and not state.in_play[seat]
    }


def setup_knowledge(state: SKState, seat: int) -> dict[int, Role]:
    """Table 3.1: own role, the roles shown at setup, and the Nice Elves that follows from them."""
    own = state.roles[seat]
    shown = KNOWS_ROLES[KNOWLEDGE_GROUP[state.num_players]][own]
    known = {s: role for s, role in enumerate(state.roles) if s == seat or role in shown}
    naughty_team = {s for s, role in enumerate(state.roles) if TEAM_OF_ROLE[role] == Team.NAUGHTY}
    if naughty_team <= known.keys():
        known = dict(enumerate(state.roles))
    return dict(sorted(known.items()))


def build_view(state: SKState, seat: int | None, abandoned: bool = False) -> SKView:
    """`abandoned`: the game was stopped before its end; every role is shown, as at the end."""
    spaces = BOARDS[state.board]
    board_orders: list[str | None] = [
        None if order is None else order.value for _, order in sorted(spaces.items())
    ]
    board_orders.append(NAUGHTY_WIN_SPACE)
    public_roles = revealed_roles(state, abandoned)
    voting = state.phase == Phase.VOTING
    players = [
        PlayerPublic(
            seat=s,
            in_play=state.in_play[s],
            peeked=state.peeked[s],
            term_limited=s in state.term_limited,
            has_voted=voting and s in state.votes,
            not_krampus=state.cleared[s],
            revealed_role=public_roles.get(s),
            stabled_by=state.stabled_by.get(s),
        )
        for s in range(state.num_players)
    ]
    view = SKView(
        seat=seat,
        num_players=state.num_players,
        board=state.board,
        board_orders=board_orders,
        nice_count=state.nice_count,
        naughty_count=state.naughty_count,
        nice_win_at=NICE_WIN_AT,
        naughty_win_at=NAUGHTY_WIN_AT,
        failed_votes=state.failed_votes,
        failed_votes_chaos_at=FAILED_VOTE_CHAOS_AT,
        draw_pile_size=len(state.draw_pile),
        discard_pile_size=len(state.discard_pile),
        phase=state.phase,
        pending_order=state.pending_order,
        title_holder=state.title_holder,
        lm_candidate=state.lm_candidate,
        sl_candidate=state.sl_candidate,
        special_election=state.special_election,
        lm=state.lm,
        sl=state.sl,
        players=players,
        eligible=rules.eligible(state),
        to_decide=sorted(rules.to_decide(state)),
        last_votes=None if state.last_votes is None else dict(state.last_votes),
        krampus_check_active=rules.krampus_check_active(state),
        heads_together_active=rules.heads_together_active(state),
        winner=state.winner,
        win_reason=win_reason_now(state.win_reason),
        abandoned=abandoned,
    )
    if seat is None or not 0 <= seat < state.num_players:
        return view
    _fill_private(view, state, seat, abandoned)
    return view


def _fill_private(view: SKView, state: SKState, seat: int, abandoned: bool) -> None:
    view.my_role = state.roles[seat]
    view.known_roles = {**setup_knowledge(state, seat), **revealed_roles(state, abandoned)}
    view.known_roles = dict(sorted(view.known_roles.items()))
    if state.phase == Phase.VOTING:
        view.my_vote = state.votes.get(seat)
    if state.phase == Phase.LM_DISCARD and seat == state.lm:
        view.hand = list(state.hand)
    if state.phase == Phase.SL_CHOOSE:
        if seat == state.sl:
            view.hand = list(state.hand)
        elif seat == state.lm:
            view.passed_cards = list(state.hand)
    if state.phase == Phase.HEADS_TOGETHER_VOTE and seat in (state.lm, state.sl):
        view.ht_card = state.ht_card
        view.my_ht_vote = state.ht_votes.get(seat)
    view.peek_results = dict(sorted(state.peek_results.get(seat, {}).items()))
    cards = state.checked_cards.get(seat)
    view.checked_cards = None if cards is None else list(cards)
