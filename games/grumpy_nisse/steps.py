"""The automatic steps of a trick and of a round (spec 5.1, 5.2 T3-T11, 5.4, 5.5).

Each step appends its events to `out` and leaves the state at the next decision (or GAME_OVER).
The card effects after a trick (T7, T8) live in `effects.py`.
"""

from __future__ import annotations

from collections.abc import Callable

from games.core import Audience, Event
from games.grumpy_nisse import rules
from games.grumpy_nisse.data import (
    DETERMINATION_CARDS,
    DEVILISH_WINS,
    HAND_SIZE,
    LAST_SPACE,
    ROUNDS,
    SHORTCUT_AT,
    SHORTCUT_FROM,
    SHORTCUT_TO,
    TRACK,
    TRICKS_DISCARD,
    WIN_REASONS,
    Phase,
    Role,
    Shortcut,
    TrackEvent,
)
from games.grumpy_nisse.decks import draw, shuffle_deck
from games.grumpy_nisse.effects import start_effect
from games.grumpy_nisse.events import (
    CardsDrawn,
    Determination,
    DevilishPlan,
    GameOver,
    HandsRefilled,
    Panic,
    PanicDiscarded,
    PawnMoved,
    RoundEnded,
    RoundStarted,
    ShortcutChanged,
    SpyEnded,
    TorechTricks,
    TrickWon,
)
from games.grumpy_nisse.models import GNState, TrickRecord
from games.grumpy_nisse.tricks import resolve, roller_from

ORDEP = LAST_SPACE + 1  # `pawn_to` of the winning trick


# -- rounds -----------------------------------------------------------------------------------------
def start_round(state: GNState, round_no: int, out: list[Event]) -> None:
    """Round 1: the drafted cards; round 2: each player's own discard pile. Violet leads."""
    state.round = round_no
    state.trick_in_round = 0
    state.spy_until = [None, None]
    for seat in rules.SEATS:
        cards = state.collections[seat] if round_no == 1 else state.discards[seat]
        shuffle_deck(state, seat, list(cards))
        state.discards[seat] = []
        state.hands[seat] = []
        draw(state, seat, HAND_SIZE)
    state.leader = rules.violet(state)
    out.append(
        RoundStarted(
            round=round_no, leader=state.leader, deck_size=len(state.decks[0]), hand_size=len(state.hands[0])
        )
    )
    for seat in rules.SEATS:
        out.append(CardsDrawn(seat=seat, cards=list(state.hands[seat]), audience=Audience.only(seat)))
    start_trick(state)


def start_trick(state: GNState) -> None:
    state.trick_no += 1
    state.trick_in_round += 1
    state.trick_winner = None
    state.phase = Phase.LEAD


def game_over(state: GNState, out: list[Event], role: Role, reason: str, event: TrackEvent | None) -> None:
    state.phase = Phase.GAME_OVER
    state.winner = rules.seat_of(state, role)
    state.win_reason = WIN_REASONS[reason].format(wins=DEVILISH_WINS)
    state.panic_queue = []
    state.effect_queue = []
    state.effect_seat = None
    out.append(GameOver(winner=state.winner, role=role, reason=state.win_reason, event=event))


# -- T3-T6: resolve, move, track event ---------------------------------------------------------------
def resolve_trick(state: GNState, out: list[Event]) -> None:
    leader, follower = state.leader, rules.other(state.leader)
    lead, follow = state.table[leader], state.table[follower]
    assert lead is not None and follow is not None
    space, trump = state.pawn, rules.trump(state)
    result = resolve(lead, follow, trump, roller_from(state.rng.below))
    winner = leader if result.lead_wins else follower
    state.trick_winner = winner
    state.wins[winner][state.round - 1] += 1
    out.append(
        TrickWon(
            winner=winner,
            leader=leader,
            lead_card=lead,
            follow_card=follow,
            space=space,
            trump=trump,
            rule=result.rule,
            lead_dice=result.lead_dice,
            follow_dice=result.follow_dice,
        )
    )
    violet_won = winner == rules.violet(state)
    _move(state, space, violet_won, out)
    state.last_trick = TrickRecord(
        round=state.round,
        trick=state.trick_in_round,
        space=space,
        trump=trump,
        leader=leader,
        lead_card=lead,
        follow_card=follow,
        winner=winner,
        rule=result.rule,
        lead_dice=result.lead_dice,
        follow_dice=result.follow_dice,
        pawn_from=space,
        pawn_to=ORDEP if state.phase == Phase.GAME_OVER else state.pawn,
    )
    if state.phase == Phase.GAME_OVER:
        return
    event = TRACK[space].event
    if event in _TRACK_EVENTS:
        _TRACK_EVENTS[event](state, space, violet_won, out)
        if state.phase == Phase.GAME_OVER:
            return
    state.effect_queue = [winner, rules.other(winner)]
    advance(state, out)


def _move(state: GNState, space: int, violet_won: bool, out: list[Event]) -> None:
    """Spec 5.4, the shortcut included."""
    if not violet_won:
        if space == SHORTCUT_AT and state.shortcut == Shortcut.ARMED:
            state.shortcut = Shortcut.LOST
            out.append(ShortcutChanged(armed=False))
        return
    if space == LAST_SPACE:
        game_over(state, out, Role.VIOLET, "ordep", None)
        return
    jump = space == SHORTCUT_AT and state.shortcut == Shortcut.ARMED
    if jump:
        state.pawn = SHORTCUT_TO
        state.shortcut = Shortcut.USED
    else:
        state.pawn = space + 1
    out.append(PawnMoved(from_space=space, to_space=state.pawn, shortcut=jump))
    if space == SHORTCUT_FROM and state.shortcut == Shortcut.AVAILABLE:
        state.shortcut = Shortcut.ARMED
        out.append(ShortcutChanged(armed=True))


def _torech_tricks(state: GNState, space: int, violet_won: bool, out: list[Event]) -> None:
    if violet_won or state.tricks_done:
        return
    discarded: list[list[str]] = []
    for seat in rules.SEATS:
        cards = state.decks[seat][:TRICKS_DISCARD]
        del state.decks[seat][: len(cards)]
        state.discards[seat].extend(cards)
        discarded.append(cards)
    state.tricks_done = True
    out.append(TorechTricks(discarded=discarded))


def _devilish_plan(state: GNState, space: int, violet_won: bool, out: list[Event]) -> None:
    if violet_won:
        return
    state.devilish_count += 1
    out.append(DevilishPlan(count=state.devilish_count, needed=DEVILISH_WINS))
    if state.devilish_count >= DEVILISH_WINS:
        game_over(state, out, Role.TORECH, "devilish", TrackEvent.DEVILISH_PLAN)


def _determination(state: GNState, space: int, violet_won: bool, out: list[Event]) -> None:
    if state.determination_done:
        return
    state.determination_done = True
    returned: list[list[str]] = [[], []]
    if violet_won:
        for seat in rules.SEATS:
            pile = state.discards[seat]
            chosen = state.rng.shuffled(pile)[: min(DETERMINATION_CARDS, len(pile))]
            if not chosen:
                continue
            state.discards[seat] = [card for card in pile if card not in chosen]
            shuffle_deck(state, seat, state.decks[seat] + chosen)
            returned[seat] = chosen
    out.append(Determination(violet_won=violet_won, returned=returned))


def _panic(state: GNState, space: int, violet_won: bool, out: list[Event]) -> None:
    if violet_won or space in state.panic_done:
        return
    state.panic_done.append(space)
    state.panic_queue = [rules.seat_of(state, Role.TORECH), rules.violet(state)]
    out.append(Panic(space=space))


_TRACK_EVENTS: dict[TrackEvent, Callable[[GNState, int, bool, list[Event]], None]] = {
    TrackEvent.TORECH_TRICKS: _torech_tricks,
    TrackEvent.DEVILISH_PLAN: _devilish_plan,
    TrackEvent.DETERMINATION: _determination,
    TrackEvent.PANIC: _panic,
    # TrackEvent.SHORTCUT acts on the movement itself (`_move`).
}


# -- T6 panic, T7/T8 effects, then T9-T11 ---------------------------------------------------------------
def advance(state: GNState, out: list[Event]) -> None:
    """Go on after the trick is decided (or after a decision of these steps) to the next decision."""
    while state.panic_queue:
        seat = state.panic_queue[0]
        if state.hands[seat]:
            state.phase = Phase.PANIC_DISCARD
            return
        out.append(PanicDiscarded(seat=seat, card=None))
        state.panic_queue.pop(0)
    while state.effect_queue:
        seat = state.effect_queue.pop(0)
        if start_effect(state, seat, out):
            return
    finish_trick(state, out)


def finish_trick(state: GNState, out: list[Event]) -> None:
    """T9 cleanup, T10 refill (to 4), the Spy's end, T11 next trick or the end of the round."""
    state.effect_seat = None
    for seat in rules.SEATS:
        card = state.table[seat]
        assert card is not None
        state.discards[seat].append(card)
    state.table = [None, None]
    drawn = []
    for seat in rules.SEATS:
        cards = draw(state, seat, max(0, HAND_SIZE - len(state.hands[seat])))
        drawn.append(len(cards))
        if cards:
            out.append(CardsDrawn(seat=seat, cards=cards, audience=Audience.only(seat)))
    out.append(HandsRefilled(drawn=drawn, deck_sizes=[len(deck) for deck in state.decks]))
    for seat in rules.SEATS:
        until = state.spy_until[seat]
        if until is not None and until <= state.trick_no:
            end_spy(state, seat, out)
    winner = state.trick_winner
    assert winner is not None
    if any(state.hands[seat] for seat in rules.SEATS):
        start_trick(state)
        state.leader = winner
        return
    out.append(RoundEnded(round=state.round, pawn=state.pawn))
    for seat in rules.SEATS:
        if state.spy_until[seat] is not None:
            end_spy(state, seat, out)
    if state.round >= ROUNDS:
        game_over(state, out, Role.TORECH, "time", None)
    else:
        start_round(state, state.round + 1, out)


def end_spy(state: GNState, seat: int, out: list[Event]) -> None:
    state.spy_until[seat] = None
    out.append(SpyEnded(seat=seat, target=rules.other(seat)))
