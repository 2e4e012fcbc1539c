"""The turn clock's default for each Naughty & Nice decision (`NaughtyAndNice.default_action`).

Hands are kept in the order the cards came in (the shuffled deal, then each draw appended),
never sorted by value, so "the first card in hand" is the seat's oldest card: a rule that does
not look at what the cards are. Every default makes progress, so a game where every player
times out still ends (the draw pile drains into the play areas until nothing can be drawn).

| decision | default |
|---|---|
| declare (and draw the first card) | `declare.NONE`: no declaration |
| draw again or stop | `stop` |
| play a card (hand above 2) | the first card in hand, on oneself (a Shiny! on oneself steals nothing) |
| take a card with a Shiny! | `stop_taking` |
| declare the end or pass | `pass` |
| orient the Shiny! cards (end) | the first card without an orientation, FACE_UP (spec 5.1) |
"""

from __future__ import annotations

from games.core.words import N_
from games.naughty_and_nice import rules
from games.naughty_and_nice.data import Declaration, Phase
from games.naughty_and_nice.models import Declare, NNState, Orient, Pass, Play, Stop, StopTaking

#: Each decision's public name (i18n: read as "Time ran out for the declaration: the clock chose for Ben").
LABELS = {
    Phase.DECLARE: N_("the declaration"),
    Phase.DRAW: N_("drawing"),
    Phase.PLAY: N_("playing a card"),
    Phase.STEAL: N_("the Shiny! steal"),
    Phase.END_OF_TURN: N_("the end of the turn"),
    Phase.ORIENT: N_("turning the Shiny! cards"),
}


def default_action(state: NNState, seat: int):
    """The clock's forced action for `seat`, or None when `seat` is not deciding now."""
    if seat not in rules.to_decide(state):
        return None
    phase = state.phase
    if phase == Phase.ORIENT:
        chosen = state.orientations.get(seat, {})
        missing = [c for c in rules.shinies_in_play(state, seat) if c not in chosen]
        return Orient(card=missing[0], face_up=True) if missing else None
    if phase == Phase.DECLARE:
        return Declare(declaration=Declaration.NONE)
    if phase == Phase.DRAW:
        return Stop()
    if phase == Phase.PLAY:
        return Play(card=state.hands[seat][0], target=seat)
    if phase == Phase.STEAL:
        return StopTaking()
    if phase == Phase.END_OF_TURN:
        return Pass()
    return None


def decision_label(state: NNState) -> str | None:
    """The current decision's public name, for the turn clock's post (`GameRules.decision_label`)."""
    return LABELS.get(state.phase)
