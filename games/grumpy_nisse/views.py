"""Per-seat views: the one door from the hidden state to a renderer (spec 6, public vs secret).

Everyone sees the draft (grid, dice, collections), the pawn, the track and its event states, the
played cards, the face-up discard piles, the counts of hands and decks and every die roll. A seat
also sees its own hand, what it knows of its own deck order (Foresight, Rummage), the cards of its
current effect choice and, while its Spy (6) lasts, the opponent's hand. Never the other hand
otherwise, never a deck's order.
"""

from __future__ import annotations

from functools import lru_cache

from games.core import encode_action
from games.grumpy_nisse import rules
from games.grumpy_nisse.data import (
    DEVILISH_WINS,
    DRAFT_ROLLS,
    EFFECTS,
    EVENT_TEXT,
    ROUNDS,
    SUITS,
    TRACK,
    Phase,
    Shortcut,
    TrackEvent,
    card_name,
    effect_of,
)
from games.grumpy_nisse.models import (
    Bottom,
    GNState,
    PanicDiscard,
    Pick,
    Play,
    RecoverPut,
    RecoverSkip,
    RecoverTake,
    Reorder,
    Take,
)
from games.grumpy_nisse.view_models import (
    ChoiceView,
    DieView,
    EffectView,
    GNView,
    PendingEffect,
    PlayerView,
    ResultView,
    SpaceView,
    SuitView,
)

SUIT_VIEWS = [SuitView(suit=s, letter=i.letter, name=i.name, colour=i.colour) for s, i in SUITS.items()]
EFFECT_VIEWS = [EffectView(value=v, effect=i.effect, label=i.label, text=i.text) for v, i in EFFECTS.items()]


def _role(state: GNState, seat: int) -> str:
    return rules.role_of(state, seat).value.title()


#: The last space of each event on the track (a Panic is on each of its spaces on its own).
LAST_SPACE = {event: max(s for s, info in TRACK.items() if info.event == event) for event in TrackEvent}


def event_state(state: GNState, space: int) -> str | None:
    """The event's state on `space`: "open" while it can still happen, "armed" (the shortcut after a
    win on 5), "k/3" (the devilish plan), "done"/"used"/"lost" once it happened or was cancelled, and
    "missed" once it never can (the pawn has gone past it, or the game is over)."""
    event = TRACK[space].event
    if event is None:
        return None
    last = LAST_SPACE[event] if event != TrackEvent.PANIC else space
    gone = state.pawn > last or state.phase == Phase.GAME_OVER
    if event == TrackEvent.SHORTCUT:
        if state.shortcut in (Shortcut.AVAILABLE, Shortcut.ARMED):
            return "missed" if gone else ("open" if state.shortcut == Shortcut.AVAILABLE else "armed")
        return state.shortcut.value.lower()
    if event == TrackEvent.DEVILISH_PLAN:
        if state.devilish_count >= DEVILISH_WINS:
            return "done"
        return "missed" if gone else f"{state.devilish_count}/{DEVILISH_WINS}"
    done = {
        TrackEvent.TORECH_TRICKS: state.tricks_done,
        TrackEvent.DETERMINATION: state.determination_done,
        TrackEvent.PANIC: space in state.panic_done,
    }[event]
    return "done" if done else ("missed" if gone else "open")


def track(state: GNState) -> list[SpaceView]:
    return [_space(space, event_state(state, space), space == state.pawn) for space in TRACK]


@lru_cache(maxsize=1024)  # (frozen: one model per space and state, shared by every view)
def _space(space: int, event_state: str | None, pawn_here: bool) -> SpaceView:
    s = TRACK[space]
    return SpaceView(
        space=s.space,
        group=s.group,
        colour=s.colour,
        trump=s.trump,
        event=s.event,
        event_name=None if s.event is None else EVENT_TEXT[s.event][0],
        event_text=None if s.event is None else EVENT_TEXT[s.event][1],
        event_state=event_state,
        pawn_here=pawn_here,
    )


def status(state: GNState) -> str:
    phase = state.phase
    seat = rules.deciding_seat(state)
    who = "" if seat is None else _role(state, seat)
    if phase == Phase.DRAFT:
        return f"Roll {state.roll_no} of {DRAFT_ROLLS}: {who} picks a card with a die ({state.pick_no} of 3)."
    if phase == Phase.FINAL_PICK:
        return f"{who} takes one of the last {len(rules.grid_cards(state))} cards."
    if phase == Phase.LEAD:
        return f"Round {state.round}, trick {state.trick_in_round}: {who} leads."
    if phase == Phase.FOLLOW:
        lead = state.table[state.leader]
        return f"{who} follows {card_name(lead) if lead else 'the lead'}."
    if phase == Phase.PANIC_DISCARD:
        return f"Torech panics: {who} discards a card."
    if phase in (Phase.RECOVER_TAKE, Phase.RECOVER_PUT):
        return f"{who} uses Recover (2)."
    if phase == Phase.FORESIGHT:
        return f"{who} reorders the top of the deck (Foresight, 4)."
    if phase == Phase.RUMMAGE:
        return f"{who} puts a card under the deck (Rummage, 7)."
    return state.win_reason or "The game is over."


def players(state: GNState) -> list[PlayerView]:
    return [
        PlayerView(
            seat=seat,
            role=rules.role_of(state, seat),
            collection=list(state.collections[seat]),
            hand_size=len(state.hands[seat]),
            deck_size=len(state.decks[seat]),
            discard=list(state.discards[seat]),
            unseen_cards=sorted(state.hands[seat] + state.decks[seat]),
            played=state.table[seat],
            wins_by_round=list(state.wins[seat]),
            tricks_won=sum(state.wins[seat]),
            sees_opponent_hand=state.spy_until[seat] is not None,
        )
        for seat in rules.SEATS
    ]


def dice(state: GNState) -> list[DieView]:
    return [
        DieView(
            value=value,
            used=used,
            wild=rules.is_wild(state, value),
            row=None if rules.is_wild(state, value) else value,
        )
        for value, used in zip(state.dice, state.dice_used, strict=True)
    ]


def pending_effect(state: GNState) -> PendingEffect | None:
    seat = state.effect_seat
    if seat is None:
        return None
    card = state.table[seat]
    assert card is not None
    count = len(state.foresight) if state.phase == Phase.FORESIGHT else len(state.rummaged)
    return PendingEffect(seat=seat, card=card, effect=effect_of(card), recovered=state.recovered, count=count)


def result(state: GNState) -> ResultView | None:
    if state.winner is None:
        return None
    return ResultView(
        winner=state.winner,
        role=rules.role_of(state, state.winner),
        reason=state.win_reason or "",
        pawn=state.pawn,
        devilish_count=state.devilish_count,
        wins_by_round=[list(w) for w in state.wins],
    )


def choice(action: object, state: GNState) -> ChoiceView:
    code = encode_action(action)  # type: ignore[arg-type]
    kind = action.kind  # type: ignore[attr-defined]
    card = getattr(action, "card", None)
    name = "" if card is None else card_name(card)
    if isinstance(action, Pick):
        how = "wild" if rules.is_wild(state, action.die) else f"row {action.die}"
        return ChoiceView(
            code=code, kind=kind, label=f"Die {action.die} ({how}): {name}", card=card, die=action.die
        )
    if isinstance(action, Reorder):
        order = [state.foresight[int(i)] for i in action.order]
        return ChoiceView(
            code=code, kind=kind, label="Top first: " + ", ".join(map(card_name, order)), order=order
        )
    if isinstance(action, RecoverSkip):
        return ChoiceView(code=code, kind=kind, label="Do not use Recover")
    labels: dict[type, str] = {
        Take: f"Take {name}",
        Play: f"Play {name}",
        PanicDiscard: f"Discard {name}",
        RecoverTake: f"Take back {name}",
        RecoverPut: f"Discard {name}",
        Bottom: f"Put {name} under the deck",
    }
    return ChoiceView(code=code, kind=kind, label=labels[type(action)], card=card)


def build_view(state: GNState, seat: int | None) -> GNView:
    drafting = state.phase in (Phase.DRAFT, Phase.FINAL_PICK)
    leader = state.leader
    view = GNView(
        seat=seat,
        phase=state.phase,
        status=status(state),
        to_decide=sorted(rules.to_decide(state)),
        violet=rules.violet(state),
        torech=rules.torech(state),
        players=players(state),
        suits=SUIT_VIEWS,
        effects=EFFECT_VIEWS,
        grid=[list(row) for row in state.grid],
        dice=dice(state),
        roll_no=state.roll_no,
        rolls_total=DRAFT_ROLLS,
        pick_no=state.pick_no,
        roller=rules.roller(state) if state.phase == Phase.DRAFT else None,
        picker=state.picker if drafting else None,
        round=state.round,
        rounds=ROUNDS,
        trick=state.trick_in_round,
        pawn=state.pawn,
        trump=rules.trump(state),
        track=track(state),
        leader=leader,
        lead_card=state.table[leader],
        follow_card=state.table[rules.other(leader)],
        last_trick=state.last_trick,
        shortcut=state.shortcut,
        tricks_done=state.tricks_done,
        devilish_count=state.devilish_count,
        devilish_needed=DEVILISH_WINS,
        determination_done=state.determination_done,
        panic_done=list(state.panic_done),
        panic_seat=state.panic_queue[0] if state.phase == Phase.PANIC_DISCARD else None,
        pending_effect=pending_effect(state),
        result=result(state),
    )
    if seat is None or seat not in rules.SEATS:
        return view
    _fill_private(view, state, seat)
    return view


def _fill_private(view: GNView, state: GNState, seat: int) -> None:
    view.my_role = rules.role_of(state, seat)
    view.hand = list(state.hands[seat])
    view.choices = [choice(action, state) for action in rules.legal_actions(state, seat)]
    if state.spy_until[seat] is not None:
        view.opponent_hand = list(state.hands[rules.other(seat)])
    if state.effect_seat == seat:
        view.foresight = list(state.foresight)
        view.rummaged = list(state.rummaged)
    deck = state.decks[seat]
    view.deck_known_top = [card for card in state.known_top[seat] if card in deck]
    view.deck_known_bottom = [card for card in state.known_bottom[seat] if card in deck]


__all__ = ["build_view"]
