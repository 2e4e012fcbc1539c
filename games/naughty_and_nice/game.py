"""`NaughtyAndNice`: the `GameRules` for Naughty & Nice, wiring the engine and views together."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel

from games.core import Event, GameRules, NoOptions, Outcome
from games.core.words import N_, Words, listing
from games.naughty_and_nice import clock, engine, rules
from games.naughty_and_nice.data import Phase
from games.naughty_and_nice.events import NNEvent
from games.naughty_and_nice.models import NNAction, NNState
from games.naughty_and_nice.view_models import NNView
from games.naughty_and_nice.views import build_view


class NaughtyAndNice(GameRules[NNState, Any]):
    name: ClassVar[str] = "naughty-and-nice"
    title: ClassVar[str] = N_("Naughty & Nice")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    options_model: ClassVar[type[BaseModel]] = NoOptions
    state_model: ClassVar[type[NNState]] = NNState
    action_type: ClassVar[Any] = NNAction
    event_type: ClassVar[Any] = NNEvent

    def new_game(self, num_seats: int, options: BaseModel, seed: int) -> NNState:
        self.check_player_count(num_seats)
        return engine.new_state(num_seats, seed)

    def to_decide(self, state: NNState) -> frozenset[int]:
        return rules.to_decide(state)

    def legal_actions(self, state: NNState, seat: int) -> list[Any]:
        return rules.legal_actions(state, seat)

    def _apply(self, state: NNState, seat: int, action: Any) -> list[Event]:
        return engine.apply_action(state, seat, action)

    def decision_label(self, state: NNState) -> str | None:
        return clock.decision_label(state)

    def default_action(self, state: NNState, seat: int) -> Any:
        """The turn clock's forced action: the table in `games.naughty_and_nice.clock`."""
        return clock.default_action(state, seat)

    def view(self, state: NNState, seat: int | None) -> NNView:
        return build_view(state, seat)

    def outcome(self, state: NNState) -> Outcome | None:
        if state.phase != Phase.GAME_OVER:
            return None
        best = next(r for r in state.results if r.seat == state.winners[0])
        scores = listing(
            [
                # i18n: a final score and the difference between the Naughty and Nice totals
                Words(N_("{score} (difference {difference})"), score=r.score, difference=r.difference)
                for r in state.results
            ]
        )
        template = (
            N_(
                "The best score is {score} with a difference of {difference} (a shared win). "
                "Die roll {roll}. Scores by seat: {scores}."
            )
            if len(state.winners) > 1
            else N_(
                "The best score is {score} with a difference of {difference}. "
                "Die roll {roll}. Scores by seat: {scores}."
            )
        )
        summary = Words(
            template, score=best.score, difference=best.difference, roll=state.die_roll, scores=scores
        )
        return Outcome(winners=frozenset(state.winners), summary=summary)


__all__ = ["NaughtyAndNice"]
