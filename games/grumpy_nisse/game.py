"""`GrumpyNisse`: the `GameRules` for The Grumpy Nisse, wiring the engine and views together."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel

from games.core import Event, GameRules, Outcome
from games.grumpy_nisse import clock, engine, rules
from games.grumpy_nisse.data import Phase
from games.grumpy_nisse.draft import new_state
from games.grumpy_nisse.events import GNEvent, RoundStarted
from games.grumpy_nisse.events_effects import SpyStarted
from games.grumpy_nisse.events_track import Determination, DevilishPlan, PawnMoved, TorechTricks
from games.grumpy_nisse.models import GNAction, GNState, GrumpyNisseOptions
from games.grumpy_nisse.view_models import GNView
from games.grumpy_nisse.views import build_view


class GrumpyNisse(GameRules[GNState, Any]):
    name: ClassVar[str] = "grumpy-nisse"
    title: ClassVar[str] = "The Grumpy Nisse"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options_model: ClassVar[type[BaseModel]] = GrumpyNisseOptions
    state_model: ClassVar[type[GNState]] = GNState
    action_type: ClassVar[Any] = GNAction
    event_type: ClassVar[Any] = GNEvent

    def new_game(self, num_seats: int, options: BaseModel, seed: int) -> GNState:
        self.check_player_count(num_seats)
        if not isinstance(options, GrumpyNisseOptions):
            options = GrumpyNisseOptions.model_validate(options.model_dump())
        return new_state(options, seed)

    def to_decide(self, state: GNState) -> frozenset[int]:
        return rules.to_decide(state)

    def legal_actions(self, state: GNState, seat: int) -> list[Any]:
        return rules.legal_actions(state, seat)

    def _apply(self, state: GNState, seat: int, action: Any) -> list[Event]:
        return engine.apply_action(state, seat, action)

    def decision_label(self, state: GNState) -> str | None:
        return clock.decision_label(state)

    def default_action(self, state: GNState, seat: int) -> Any:
        """The turn clock's forced action: the table in `games.grumpy_nisse.clock`."""
        return clock.default_action(state, seat)

    def view(self, state: GNState, seat: int | None) -> GNView:
        return build_view(state, seat)

    def done_to(self, event: Event) -> frozenset[int]:
        """Torech tricks Violet takes the top of both decks, Violet's determination shuffles the
        discards back into them, a Spy shows its target's hand, the shortcut moves the pawn four
        spaces, the devilish plan counts a win, round 2 starts from the discard piles: each told in
        the private message of whom it is done to (both, for the last three), where the player
        plays."""
        if isinstance(event, TorechTricks):
            return frozenset(seat for seat, cards in enumerate(event.discarded) if cards)
        if isinstance(event, Determination):
            return frozenset(seat for seat, cards in enumerate(event.returned) if cards)
        if isinstance(event, PawnMoved) and event.shortcut:  # (four spaces at once: both are told)
            return frozenset({0, 1})
        if isinstance(event, DevilishPlan) or isinstance(event, RoundStarted) and event.round > 1:
            return frozenset({0, 1})  # (Torech's win condition; every card changed place)
        if isinstance(event, SpyStarted):
            return frozenset({event.target})
        return frozenset()

    def outcome(self, state: GNState) -> Outcome | None:
        if state.phase != Phase.GAME_OVER or state.winner is None:
            return None
        role = rules.role_of(state, state.winner)
        return Outcome(
            winners=frozenset({state.winner}),
            summary=f"{role.value.title()} wins: {state.win_reason}",
            team=role.value,
        )


__all__ = ["GrumpyNisse"]
