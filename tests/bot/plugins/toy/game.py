"""`CountToTen`: the toy game's models and `GameRules` (pure: no Discord, no global random)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field

from games.core import Action, Event, GameRules, GameState, IllegalAction, Outcome, Rng


class CountOptions(BaseModel):
    target: int = Field(10, ge=5, le=15, title="Target", description="the number that wins")


class CountState(GameState):
    num_players: int
    target: int
    counter: int = 0
    turn: int = 0
    winner: int | None = None


class Add(Action):
    kind: Literal["add"] = "add"
    amount: int = Field(ge=1, le=2)


class Added(Event):
    kind: Literal["added"] = "added"
    seat: int
    amount: int
    total: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} adds {self.amount}: {self.total}"


class CountView(BaseModel):
    """Everything is public: the view is the same for every seat but `my_seat`."""

    my_seat: int | None
    counter: int
    target: int
    turn: int
    winner: int | None
    amounts: list[int]


class CountToTen(GameRules[CountState, Add]):
    name: ClassVar[str] = "toy-count"
    title: ClassVar[str] = "Count to Ten"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 3
    options_model: ClassVar[type[BaseModel]] = CountOptions
    state_model: ClassVar[type[GameState]] = CountState
    action_type: ClassVar[Any] = Add
    event_type: ClassVar[Any] = Added

    def new_game(self, num_seats: int, options: BaseModel, seed: int) -> CountState:
        self.check_player_count(num_seats)
        target = CountOptions.model_validate(options.model_dump()).target
        rng = Rng(seed=seed)
        return CountState(rng=rng, num_players=num_seats, target=target, turn=rng.below(num_seats))

    def _amounts(self, state: CountState) -> list[int]:
        return [a for a in (1, 2) if state.counter + a <= state.target] if state.winner is None else []

    def to_decide(self, state: CountState) -> frozenset[int]:
        return frozenset() if state.winner is not None else frozenset({state.turn})

    def legal_actions(self, state: CountState, seat: int) -> list[Add]:
        return [Add(amount=a) for a in self._amounts(state)] if seat == state.turn else []

    def _apply(self, state: CountState, seat: int, action: Add) -> list[Event]:
        if seat != state.turn:
            raise IllegalAction("It is not your turn.")
        if action.amount not in self._amounts(state):
            raise IllegalAction(f"The counter may not pass {state.target}.")
        state.counter += action.amount
        if state.counter == state.target:
            state.winner = seat
        else:
            state.turn = (seat + 1) % state.num_players
        state.decision += 1
        return [Added(seat=seat, amount=action.amount, total=state.counter)]

    def decision_label(self, state: CountState) -> str | None:
        return "adding to the counter"  # (a real game marks it: N_ of games.core.words)

    def default_action(self, state: CountState, seat: int) -> Add | None:
        return Add(amount=1) if seat in self.to_decide(state) else None

    def view(self, state: CountState, seat: int | None) -> CountView:
        return CountView(
            my_seat=seat,
            counter=state.counter,
            target=state.target,
            turn=state.turn,
            winner=state.winner,
            amounts=self._amounts(state),
        )

    def outcome(self, state: CountState) -> Outcome | None:
        if state.winner is None:
            return None
        summary = f"Seat {state.winner + 1} reached {state.target}."
        return Outcome(winners=frozenset({state.winner}), summary=summary)
