"""The Secret Krampus state machine (spec sections 3 and 4): setup and the six actions.

`apply_action` mutates the state it is given (the caller hands it a private copy) and returns the
events. Chance only ever comes from `state.rng`. Automatic steps live in `steps.py`, read-only
questions in `rules.py`.
"""

from __future__ import annotations

from games.core import Audience, Event, IllegalAction
from games.core.dispatch import Handler, dispatch
from games.core.rng import Rng
from games.core.words import N_
from games.secret_krampus.data import (
    DRAW_SIZE,
    ONLY_LM_TERM_LIMITED,
    PEEK_SHOWS,
    SETUPS,
    Card,
    Order,
    Phase,
    Role,
    Team,
    cards_in_game,
)
from games.secret_krampus.events import (
    CardChosen,
    CardsDrawn,
    CardsPassed,
    Elected,
    HeadsTogetherCard,
    HeadsTogetherResult,
    HeadsTogetherStarted,
    HtVoteRecorded,
    LmDiscarded,
    Nominated,
    NotKrampus,
    VoteRecorded,
    VotesRevealed,
)
from games.secret_krampus.events_orders import (
    Peeked,
    PeekResult,
    Stabled,
    SuccessorSelected,
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
from games.secret_krampus.rules import (
    eligible_sl,
    heads_together_active,
    krampus_check_active,
    living,
    order_targets,
)
from games.secret_krampus.steps import enact, fail, game_over, next_round


# -- setup (spec section 3) ---------------------------------------------------------------------
def new_state(num_players: int, seed: int) -> SKState:
    setup = SETUPS[num_players]
    rng = Rng(seed=seed)
    cards = cards_in_game(num_players)
    deck = [card for card, count in cards.items() for _ in range(count)]
    for _ in range(setup.preplaced_naughty):
        deck.remove(Card.NAUGHTY)
    draw_pile = rng.shuffled(deck)
    title_holder = rng.below(num_players)
    pool = [role for role, count in setup.roles.items() for _ in range(count)]
    roles = rng.shuffled(pool)
    state = SKState(
        rng=rng,
        num_players=num_players,
        board=setup.board,
        roles=roles,
        in_play=[True] * num_players,
        peeked=[False] * num_players,
        cleared=[False] * num_players,
        title_holder=title_holder,
        rotation_seat=title_holder,
        naughty_count=setup.preplaced_naughty,
        draw_pile=draw_pile,
    )
    next_round(state, [])
    return state


# -- actions ------------------------------------------------------------------------------------
def apply_action(state: SKState, seat: int, action: object) -> list[Event]:
    if not 0 <= seat < state.num_players:
        raise IllegalAction(N_("You are not playing in this game."))
    if state.phase == Phase.GAME_OVER:
        raise IllegalAction(N_("The game is over."))
    if not state.in_play[seat]:
        raise IllegalAction(N_("You are in the stables and take no part in the game."))
    return dispatch(_HANDLERS, state, seat, action, "Secret Krampus")


def _nominate(state: SKState, seat: int, action: Nominate, out: list[Event]) -> bool:
    if state.phase != Phase.NOMINATION:
        raise IllegalAction(N_("It is not time to nominate a Sleigh Loader."))
    if seat != state.lm_candidate:
        raise IllegalAction(N_("Only the List Maker candidate can nominate."))
    target = action.seat
    if target == seat:
        raise IllegalAction(N_("You cannot nominate yourself."))
    if not 0 <= target < state.num_players:
        raise IllegalAction(N_("That seat is not in this game."))
    if not state.in_play[target]:
        raise IllegalAction(N_("That player is in the stables."))
    if target not in eligible_sl(state):
        raise IllegalAction(N_("That player is term-limited."))
    state.sl_candidate = target
    state.votes = {}
    state.phase = Phase.VOTING
    out.append(Nominated(lm_candidate=seat, sl_candidate=target))
    return True


def _vote(state: SKState, seat: int, action: Vote, out: list[Event]) -> bool:
    if state.phase != Phase.VOTING:
        raise IllegalAction(N_("There is no election to vote in now."))
    changed = seat in state.votes
    if changed and state.votes[seat] == action.yes:
        raise IllegalAction(N_("You already voted YES.") if action.yes else N_("You already voted NO."))
    state.votes[seat] = action.yes
    # Only the voter hears of it: who has voted shows in the views (`has_voted`), and a changed
    # vote must change nothing anyone else sees (spec 4.5).
    out.append(VoteRecorded(seat=seat, yes=action.yes, changed=changed, audience=Audience.only(seat)))
    if any(voter not in state.votes for voter in living(state)):
        return False
    _close_election(state, out)
    return True


def _close_election(state: SKState, out: list[Event]) -> None:
    votes = dict(sorted(state.votes.items()))
    yes_count = sum(votes.values())
    passed = yes_count > len(living(state)) / 2
    state.votes = {}
    state.last_votes = votes
    out.append(
        VotesRevealed(votes=votes, yes_count=yes_count, no_count=len(votes) - yes_count, passed=passed)
    )
    if not passed:
        fail(state, out, "vote")
        return
    lm, sl = state.lm_candidate, state.sl_candidate
    assert lm is not None and sl is not None
    state.lm, state.sl = lm, sl
    state.term_limited = [lm] if state.num_players in ONLY_LM_TERM_LIMITED else [lm, sl]
    out.append(Elected(lm=lm, sl=sl))
    if krampus_check_active(state):
        if state.roles[sl] == Role.KRAMPUS:
            game_over(state, out, Team.NAUGHTY, "krampus_elected")
            return
        state.cleared[sl] = True
        out.append(NotKrampus(seat=sl))
    state.hand = state.draw_pile[:DRAW_SIZE]
    del state.draw_pile[:DRAW_SIZE]
    state.phase = Phase.LM_DISCARD
    out.append(CardsDrawn(lm=lm, cards=list(state.hand), audience=Audience.only(lm)))


def _discard(state: SKState, seat: int, action: Discard, out: list[Event]) -> bool:
    if state.phase != Phase.LM_DISCARD:
        raise IllegalAction(N_("It is not time to discard."))
    if seat != state.lm:
        raise IllegalAction(N_("Only the List Maker discards now."))
    if not 0 <= action.index < len(state.hand):
        raise IllegalAction(N_("There is no such card."))
    state.discard_pile.append(state.hand.pop(action.index))
    state.phase = Phase.SL_CHOOSE
    assert state.sl is not None
    out.append(LmDiscarded(lm=seat, sl=state.sl))
    out.append(CardsPassed(sl=state.sl, cards=list(state.hand), audience=Audience.some({seat, state.sl})))
    return True


def _play(state: SKState, seat: int, action: Play, out: list[Event]) -> bool:
    if state.phase != Phase.SL_CHOOSE:
        raise IllegalAction(N_("It is not time to choose a card."))
    if seat != state.sl:
        raise IllegalAction(N_("Only the Sleigh Loader chooses the card."))
    if not 0 <= action.index < len(state.hand):
        raise IllegalAction(N_("There is no such card."))
    chosen = state.hand.pop(action.index)
    state.discard_pile.extend(state.hand)
    state.hand = []
    if heads_together_active(state):
        assert state.lm is not None
        state.ht_card = chosen
        state.ht_votes = {}
        state.phase = Phase.HEADS_TOGETHER_VOTE
        out.append(HeadsTogetherStarted(lm=state.lm, sl=seat))
        out.append(HeadsTogetherCard(card=chosen, audience=Audience.some({state.lm, seat})))
        return True
    out.append(CardChosen(sl=seat, card=chosen, audience=Audience.only(seat)))
    enact(state, out, chosen, by_government=True)
    return True


def _ht_vote(state: SKState, seat: int, action: HeadsTogetherVote, out: list[Event]) -> bool:
    if state.phase != Phase.HEADS_TOGETHER_VOTE:
        raise IllegalAction(N_("There is no Heads Together vote now."))
    if seat not in (state.lm, state.sl):
        raise IllegalAction(N_("Only the List Maker and the Sleigh Loader vote on Heads Together."))
    if seat in state.ht_votes:
        raise IllegalAction(N_("You already voted on Heads Together."))
    state.ht_votes[seat] = action.yes
    out.append(HtVoteRecorded(seat=seat, yes=action.yes, audience=Audience.only(seat)))
    if len(state.ht_votes) < 2:
        return False
    card = state.ht_card
    assert card is not None
    played = any(state.ht_votes.values())
    state.ht_votes = {}
    state.ht_card = None
    out.append(HeadsTogetherResult(played=played))
    if played:
        enact(state, out, card, by_government=True)
    else:
        state.discard_pile.append(card)
        fail(state, out, "heads_together")
    return True


def _target(state: SKState, seat: int, action: ChooseTarget, out: list[Event]) -> bool:
    if state.phase != Phase.ORDER:
        raise IllegalAction(N_("There is no Santa's Order to carry out now."))
    if seat != state.lm:
        raise IllegalAction(N_("Only the List Maker carries out Santa's Order."))
    target = action.seat
    if target == seat:
        raise IllegalAction(N_("You must choose another player."))
    if not 0 <= target < state.num_players:
        raise IllegalAction(N_("That seat is not in this game."))
    if not state.in_play[target]:
        raise IllegalAction(N_("That player is in the stables."))
    if target not in order_targets(state):
        raise IllegalAction(N_("That player has already been peeked."))
    order = state.pending_order
    state.pending_order = None
    if order == Order.PEEK:
        side = PEEK_SHOWS[state.roles[target]]
        state.peeked[target] = True
        state.peek_results.setdefault(seat, {})[target] = side
        out.append(Peeked(lm=seat, target=target))
        out.append(PeekResult(target=target, side=side, audience=Audience.only(seat)))
    elif order == Order.SUCCESSOR_SELECTOR:
        state.special_candidate = target
        out.append(SuccessorSelected(lm=seat, target=target))
    elif order == Order.STABLE_LEADERSHIP:
        state.in_play[target] = False
        state.stabled_by[target] = seat
        was_krampus = state.roles[target] == Role.KRAMPUS
        out.append(Stabled(lm=seat, target=target, was_krampus=was_krampus))
        if was_krampus:
            game_over(state, out, Team.NICE, "krampus_stabled")
            return True
        state.cleared[target] = True
    next_round(state, out)
    return True


_HANDLERS: dict[type, Handler] = {
    Nominate: _nominate,
    Vote: _vote,
    Discard: _discard,
    Play: _play,
    HeadsTogetherVote: _ht_vote,
    ChooseTarget: _target,
}
