"""Per-seat views: the one door from the hidden state to a renderer (spec 6).

Everyone sees the play areas, running totals, hand sizes, the discard pile, pile sizes, the
declarations and the draws made under one, the steal in progress, who has finished orienting,
and at the end every orientation, the die, the allocation and the scores. A seat also sees its
own hand, its own draws of this turn, its own pending orientations and its legal choices. Never
another seat's hand, private draws or orientations, never the order of the draw pile.
"""

from __future__ import annotations

from functools import lru_cache

from games.core import encode_action
from games.naughty_and_nice import rules
from games.naughty_and_nice.data import (
    END_TRIGGER,
    HAND_LIMIT,
    MAX_DRAWS,
    CardType,
    Declaration,
    Phase,
    card,
    counts_face_up,
)
from games.naughty_and_nice.events import card_text
from games.naughty_and_nice.models import DrawnCard, NNState, PlayerResult
from games.naughty_and_nice.scoring import type_total
from games.naughty_and_nice.steps import is_last_turn
from games.naughty_and_nice.view_models import (
    CardInfo,
    ChoiceView,
    DrawnView,
    FinalScore,
    NNView,
    PlayerPublic,
    ShinyView,
    StealView,
)

_DECLARE_LABEL = {
    Declaration.NONE: "Draw a card without declaring",
    Declaration.NAUGHTY: "Declare Naughty and draw (NICE cards drawn are discarded)",
    Declaration.NICE: "Declare Nice and draw (NAUGHTY cards drawn are discarded)",
}


@lru_cache(maxsize=1024)
def info(card_id: str) -> CardInfo:
    c = card(card_id)
    return CardInfo(id=c.id, name=c.name, type=c.type, value=c.value)


def _drawn(drawn: list[DrawnCard]) -> list[DrawnView]:
    return [DrawnView(card=info(d.card), kept=d.kept) for d in drawn]


def _player(state: NNState, seat: int) -> PlayerPublic:
    area = state.play_areas[seat]
    shinies = rules.shinies_in_play(state, seat)
    orienting = state.phase == Phase.ORIENT
    return PlayerPublic(
        seat=seat,
        is_active=seat == state.active_seat and state.phase not in (Phase.ORIENT, Phase.GAME_OVER),
        hand_size=len(state.hands[seat]),
        cards_in_play=[info(c) for c in area],
        cards_in_play_count=len(area),
        nice_total=type_total(area, CardType.NICE),
        naughty_total=type_total(area, CardType.NAUGHTY),
        shiny_count=len(shinies),
        shiny_total=sum(card(c).value for c in shinies),
        must_orient=orienting and bool(shinies),
        oriented=orienting and bool(shinies) and rules.has_oriented(state, seat),
    )


def _final(result: PlayerResult, winners: list[int]) -> FinalScore:
    data = result.model_dump(exclude={"shinies"})
    shinies = [
        ShinyView(card=info(s.card), face_up=s.face_up, counts=s.counts, side=s.side) for s in result.shinies
    ]
    return FinalScore(**data, shinies=shinies, winner=result.seat in winners)


def _steal(state: NNState) -> StealView | None:
    steal = state.steal
    if steal is None or state.phase != Phase.STEAL:
        return None
    return StealView(
        seat=state.active_seat,
        target=steal.target,
        shiny=info(steal.shiny),
        budget=card(steal.shiny).value,
        budget_left=steal.budget_left,
        taken=[info(c) for c in steal.taken],
    )


def choice(state: NNState, action) -> ChoiceView:
    """A legal action in readable form."""
    kind = action.kind
    fields = action.model_dump(exclude={"kind"})
    card_id = fields.get("card")
    view = ChoiceView(
        code=encode_action(action),
        kind=kind,
        label="",
        card=None if card_id is None else info(card_id),
        target=fields.get("target"),
        declaration=fields.get("declaration"),
        face_up=fields.get("face_up"),
    )
    if kind == "declare":
        view.label = _DECLARE_LABEL[action.declaration]
    elif kind == "draw":
        view.label = f"Draw another card ({state.draws_this_turn + 1} of {MAX_DRAWS})"
    elif kind == "stop":
        view.label = "Stop drawing"
    elif kind in ("play", "take"):
        view.label = f"{kind.capitalize()} {card_text(card_id)}"
    elif kind == "stop_taking":
        view.label = "Take nothing more"
    elif kind == "declare_end":
        view.label = "Declare the end: the game ends after your next turn"
    elif kind == "pass":
        view.label = "Do not declare the end"
    elif kind == "orient":
        view.label = f"{card(card_id).name}: {'face up' if action.face_up else 'face down'}"
    return view


def build_view(state: NNState, seat: int | None) -> NNView:
    declared = state.declaration not in (None, Declaration.NONE)
    view = NNView(
        seat=seat,
        num_players=state.num_players,
        phase=state.phase,
        active_seat=state.active_seat,
        turn_no=state.turn_no,
        first_seat=state.first_seat,
        declaration=state.declaration,
        draws_this_turn=state.draws_this_turn,
        max_draws=MAX_DRAWS,
        hand_limit=HAND_LIMIT,
        end_trigger=END_TRIGGER,
        draw_pile_size=len(state.draw_pile),
        discard_pile_size=len(state.discard_pile),
        discard_pile=[info(c) for c in state.discard_pile],
        players=[_player(state, s) for s in range(state.num_players)],
        to_decide=sorted(rules.to_decide(state)),
        end_trigger_met=rules.end_trigger_met(state),
        end_declared_by=state.end_declared_by,
        end_declared_turn_no=state.end_declared_turn_no,
        last_turn=is_last_turn(state) and state.phase not in (Phase.ORIENT, Phase.GAME_OVER),
        shown_draws=_drawn(state.drawn_this_turn) if declared else [],
        steal=_steal(state),
        die_roll=state.die_roll,
        face_up_counts=None if state.die_roll is None else counts_face_up(state.die_roll),
        end_reason=state.end_reason,
        results=[_final(r, state.winners) for r in state.results],
        winners=list(state.winners),
    )
    if seat is None or not rules.is_player(state, seat):
        return view
    view.hand = [info(c) for c in state.hands[seat]]
    if seat == state.active_seat and state.phase not in (Phase.ORIENT, Phase.GAME_OVER):
        view.my_draws = _drawn(state.drawn_this_turn)
    if state.phase == Phase.ORIENT:
        view.my_orientations = dict(state.orientations.get(seat, {}))
    view.choices = [choice(state, action) for action in rules.legal_actions(state, seat)]
    return view
