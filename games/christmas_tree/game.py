"""`ChristmasTree`: the `GameRules` for Christmas Tree, wiring the engine and views together."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel

from games.christmas_tree import clock, engine, rules
from games.christmas_tree.data import Mode, Phase
from games.christmas_tree.events import CTEvent
from games.christmas_tree.models import ChristmasTreeOptions, CTAction, CTState, CTView
from games.christmas_tree.views import build_view
from games.core import Event, GameRules, Outcome
from games.core.words import N_, Words


class ChristmasTree(GameRules[CTState, Any]):
    name: ClassVar[str] = "christmas-tree"
    # i18n: the game's name. The Hungarian publisher's German edition kept "Christmas Tree" as its
    # title: kept in every language
    title: ClassVar[str] = N_("Christmas Tree")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    options_model: ClassVar[type[BaseModel]] = ChristmasTreeOptions
    state_model: ClassVar[type[CTState]] = CTState
    action_type: ClassVar[Any] = CTAction
    event_type: ClassVar[Any] = CTEvent

    def new_game(self, num_seats: int, options: BaseModel, seed: int) -> CTState:
        self.check_player_count(num_seats)
        if not isinstance(options, ChristmasTreeOptions):
            options = ChristmasTreeOptions.model_validate(options.model_dump())
        return engine.new_state(num_seats, Mode(options.mode), seed)

    def to_decide(self, state: CTState) -> frozenset[int]:
        return rules.to_decide(state)

    def legal_actions(self, state: CTState, seat: int) -> list[Any]:
        return rules.legal_actions(state, seat)

    def can_act(self, state: CTState, seat: int) -> bool:
        return rules.can_act(state, seat)

    def _apply(self, state: CTState, seat: int, action: Any) -> list[Event]:
        return engine.apply_action(state, seat, action)

    def decision_label(self, state: CTState) -> str | None:
        return clock.decision_label(state)

    def default_action(self, state: CTState, seat: int) -> Any:
        """The turn clock's forced action: the table in `games.christmas_tree.clock`."""
        return clock.default_action(state, seat)

    def view(self, state: CTState, seat: int | None) -> CTView:
        return build_view(state, seat)

    def outcome(self, state: CTState) -> Outcome | None:
        if state.phase != Phase.GAME_OVER:
            return None
        winners = rules.winners(state)
        totals = [rules.total(state, seat) for seat in range(state.num_players)]
        if len(winners) > 1:
            text = N_(
                "The most beautiful tree scores {points} points (a shared win: there is no tiebreaker). "
                "Scores: {scores}."
            )
        else:
            text = N_("The most beautiful tree scores {points} points. Scores: {scores}.")
        summary = Words(text, points=max(totals), scores=", ".join(map(str, totals)))
        return Outcome(winners=frozenset(winners), summary=summary)


__all__ = ["ChristmasTree"]
