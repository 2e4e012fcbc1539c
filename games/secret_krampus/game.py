"""`SecretKrampus`: the `GameRules` for Secret Krampus, wiring the engine and views together."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel

from games.core import Event, GameRules, NoOptions, Outcome
from games.core.words import N_
from games.secret_krampus import clock, engine, rules
from games.secret_krampus.data import Phase
from games.secret_krampus.events import SKEvent
from games.secret_krampus.models import SKAction, SKState, SKView
from games.secret_krampus.steps import win_reason_now
from games.secret_krampus.views import build_view


class SecretKrampus(GameRules[SKState, Any]):
    name: ClassVar[str] = "secret-krampus"
    # i18n: the game's name: a fan-made reskin of Secret Hitler with no Hungarian or German
    # edition, so it keeps its English name.
    title: ClassVar[str] = N_("Secret Krampus")
    min_players: ClassVar[int] = 5
    max_players: ClassVar[int] = 10
    options_model: ClassVar[type[BaseModel]] = NoOptions
    state_model: ClassVar[type[SKState]] = SKState
    action_type: ClassVar[Any] = SKAction
    event_type: ClassVar[Any] = SKEvent

    def new_game(self, num_seats: int, options: BaseModel, seed: int) -> SKState:
        self.check_player_count(num_seats)
        return engine.new_state(num_seats, seed)

    def to_decide(self, state: SKState) -> frozenset[int]:
        return rules.to_decide(state)

    def legal_actions(self, state: SKState, seat: int) -> list[Any]:
        return rules.legal_actions(state, seat)

    def _apply(self, state: SKState, seat: int, action: Any) -> list[Event]:
        return engine.apply_action(state, seat, action)

    def decision_label(self, state: SKState) -> str | None:
        return clock.decision_label(state)

    def default_action(self, state: SKState, seat: int) -> Any:
        """The turn clock's forced action: the table in `games.secret_krampus.clock`."""
        return clock.default_action(state, seat)

    def view(self, state: SKState, seat: int | None) -> SKView:
        return build_view(state, seat)

    def abandoned_view(self, state: SKState, seat: int | None) -> SKView:
        """An abandoned game shows every role, as at the end (nobody wins)."""
        return build_view(state, seat, abandoned=True)

    def idle_reason(self, state: SKState, seat: int) -> str | None:
        if 0 <= seat < state.num_players and not state.in_play[seat] and state.phase != Phase.GAME_OVER:
            return N_("\N{HORSE} You are in the stables: you take no part in the rest of this game.")
        return None

    def outcome(self, state: SKState) -> Outcome | None:
        if state.phase != Phase.GAME_OVER or state.winner is None:
            return None
        return Outcome(
            winners=frozenset(rules.winners(state)),
            summary=win_reason_now(state.win_reason) or "",
            team=state.winner.value,
        )


__all__ = ["SecretKrampus"]
