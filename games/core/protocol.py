"""The contract every game implements (OpenSpiel's Game/State split, boardgame.io's pure moves).

A game is a `GameRules` object (stateless, one per game name) plus pydantic models for its state,
actions, events, options and views. The bot only ever talks to a game through this class:

- `new_game(num_seats, options, seed)`: a fresh, fully dealt state; same seed, same game.
- `to_decide(state)`: the seats that must decide now, a set (votes and drafts are simultaneous).
- `legal_actions(state, seat)`: everything `seat` may do now (empty when it has nothing to do).
- `apply(state, seat, action)`: `Applied(new_state, events)`; an illegal action raises
  `IllegalAction` with a reason for the player, and the given state is never modified.
- `view(state, seat)`: what `seat` may know (`seat=None`: the public view, for the table and
  spectators). Renderers see only views, never the state: this is the one door to hidden info.
- `outcome(state)`: `None` while the game runs, an `Outcome` once it is over.
- `default_action(state, seat)`: what the turn clock does for a seat that ran out of time.
- `decision_label(state)`: the current decision's public name, for the turn clock's post and the
  "your turn" push.
- `check_player_count(num_seats)`: refuses a player count the game does not allow.
- `timer(state)`: a `Timer` when the current decision is closed by the clock (a reaction window),
  else None. The bot stores the deadline and, when it passes, applies `timer.action` from
  `SYSTEM_SEAT` through the same path as any click (logged, replayable). No engine has a clock.
- `decision(state)`: a counter naming the current decision. It moves on when a decision closes
  (a vote is counted, a card is chosen), not when one voter of several acts, so a component
  can carry it and a click on a decision that is over is refused without staling other voters.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Annotated, Any, ClassVar, Generic, NamedTuple, TypeVar, cast, get_args, get_origin

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from games.core.codes import decode_action, encode_action
from games.core.errors import IllegalAction
from games.core.models import Action, Event, Outcome
from games.core.rng import Rng
from games.core.words import N_, Words


class GameState(BaseModel):
    """Fields every game's state has. `decision` is bumped by the engine when a decision closes."""

    rng: Rng
    decision: int = 0


StateT = TypeVar("StateT", bound=GameState)
ActionT = TypeVar("ActionT", bound=Action)


#: The seat the bot acts from when a `Timer` runs out; never a player's seat, so no click can
#: send a timer's action (engines refuse it from any other seat).
SYSTEM_SEAT = -1


class Timer(BaseModel):
    """A decision that closes on the clock: after `seconds` the bot applies `action` (an action of
    the game, e.g. `close_window`) from `SYSTEM_SEAT`. `label` is shown with the countdown."""

    model_config = ConfigDict(frozen=True)

    seconds: float
    action: Action
    label: str


class Applied(NamedTuple):
    state: Any
    events: list[Event]


class NoOptions(BaseModel):
    """For games without lobby options."""


class GameRules(ABC, Generic[StateT, ActionT]):
    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_model: ClassVar[type[BaseModel]] = NoOptions
    state_model: ClassVar[type[GameState]]
    #: `Annotated[A | B | ..., Field(discriminator="kind")]` of the game's Action models.
    action_type: ClassVar[Any]
    #: The same for the game's Event models.
    event_type: ClassVar[Any]
    # Derived in __init_subclass__:
    action_types: ClassVar[dict[str, type[Action]]]
    _action_adapter: ClassVar[TypeAdapter[Any]]
    _events_adapter: ClassVar[TypeAdapter[Any]]

    # -- the contract ---------------------------------------------------------------------
    @abstractmethod
    def new_game(self, num_seats: int, options: BaseModel, seed: int) -> StateT: ...

    @abstractmethod
    def to_decide(self, state: StateT) -> frozenset[int]: ...

    @abstractmethod
    def legal_actions(self, state: StateT, seat: int) -> list[ActionT]: ...

    @abstractmethod
    def _apply(self, state: StateT, seat: int, action: ActionT) -> list[Event]:
        """Apply `action` to `state` in place (it is already a private copy) and return events."""

    @abstractmethod
    def view(self, state: StateT, seat: int | None) -> BaseModel: ...

    @abstractmethod
    def outcome(self, state: StateT) -> Outcome | None: ...

    # -- shared behaviour -----------------------------------------------------------------
    def apply(self, state: StateT, seat: int, action: ActionT) -> Applied:
        if self.outcome(state) is not None:
            raise IllegalAction(N_("The game is over."))
        # a private copy, through JSON (as snapshots are stored): 2-4x quicker than a deep copy
        new_state = type(state).model_validate_json(state.model_dump_json())
        events = self._apply(new_state, seat, action)
        return Applied(new_state, events)

    def decision(self, state: StateT) -> int:
        return state.decision

    def can_act(self, state: StateT, seat: int) -> bool:
        """Whether `seat` has any legal action now: `bool(legal_actions(...))`, which a game whose
        list is long may answer without making all of it (from the same rule definition)."""
        return bool(self.legal_actions(state, seat))

    def abandoned_view(self, state: StateT, seat: int | None) -> BaseModel:
        """The view once the game is abandoned before its end (default: the same as `view`). A
        game of hidden roles may show every role then, as at a finished game's end."""
        return self.view(state, seat)

    def idle_reason(self, state: StateT, seat: int) -> str | None:
        """Why `seat` has nothing to do now, in the game's own words (e.g. it is out of the game),
        or None: the bot then says whom it waits for."""
        return None

    def done_to(self, event: Event) -> frozenset[int]:
        """The seats a public `event` is done to (a card or points taken from or given to them, a
        turn they will miss, their creature cancelled, their hand shown), whose private message
        tells it too: the table's news may be gone, or cut short, by the time they look (default:
        none)."""
        return frozenset()

    def timer(self, state: StateT) -> Timer | None:
        """The clock on the current decision, if it has one (default: none)."""
        return None

    def decision_label(self, state: StateT) -> str | None:
        """A short public name of the current decision, for the turn clock's post ("Time ran out
        for the vote: ...") and the "your turn" push: a phrase marked for the catalogues (`N_`),
        from public facts only (default None: they name no decision)."""
        return None

    def default_action(self, state: StateT, seat: int) -> ActionT | None:
        """What the turn clock does for `seat` when its time for the current decision runs out
        (the bot applies it from that seat, logged as forced). It must be legal now and reveal
        nothing hidden: never a choice that depends on the seat's secret cards in a way others
        could read (e.g. pass, vote No, the first card in hand order, the face-up side). None: the
        clock waits (nothing sensible to force)."""
        legal = self.legal_actions(state, seat)
        return legal[0] if legal else None

    def check_player_count(self, num_seats: int) -> None:
        if not self.min_players <= num_seats <= self.max_players:
            raise IllegalAction(
                N_("{game} needs {least}-{most} players, not {count}."),
                game=Words(self.title),
                least=self.min_players,
                most=self.max_players,
                count=num_seats,
            )

    def parse_options(self, raw: dict[str, Any] | None) -> BaseModel:
        try:
            return self.options_model.model_validate(raw or {})
        except ValidationError as error:
            problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in error.errors())
            raise IllegalAction(N_("Those options are not valid: {problems}"), problems=problems) from error

    def encode_action(self, action: Action) -> str:
        return encode_action(action)

    def decode_action(self, code: str) -> ActionT:
        return decode_action(code, self._action_adapter, self.action_types)  # type: ignore[return-value]

    def load_action(self, data: str) -> ActionT:
        """An action from its JSON (as the action log stores it)."""
        return self._action_adapter.validate_json(data)

    def replay(
        self, num_seats: int, options: BaseModel, seed: int, actions: list[tuple[int, ActionT]]
    ) -> StateT:
        """The state after `actions` ((seat, action) pairs, in order) from a new game: a log
        replays to the identical state because everything, chance included, follows the seed."""
        state = self.new_game(num_seats, options, seed)
        for seat, action in actions:
            state = self.apply(state, seat, action).state
        return state

    def dump_state(self, state: StateT) -> str:
        return state.model_dump_json()

    def load_state(self, data: str) -> StateT:
        return self.state_model.model_validate_json(data)  # type: ignore[return-value]

    def dump_events(self, events: list[Event]) -> str:
        return self._events_adapter.dump_json(events).decode()

    def load_events(self, data: str) -> list[Event]:
        return self._events_adapter.validate_json(data)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Build the JSON adapters once from the subclass's `action_type` and `event_type`."""
        super().__init_subclass__(**kwargs)
        if "action_type" in cls.__dict__:
            cls._action_adapter = TypeAdapter(cls.action_type)
            # `action_type` is a union of the game's Action models (see its comment above).
            cls.action_types = {
                _kind_of(model): cast("type[Action]", model) for model in _union_members(cls.action_type)
            }
        if "event_type" in cls.__dict__:
            cls._events_adapter = TypeAdapter(list[cls.event_type])  # type: ignore[name-defined]


def _union_members(annotation: Any) -> list[type[BaseModel]]:
    """The models of `Annotated[A | B | ..., Field(discriminator=...)]` (or a bare union/model)."""
    if get_origin(annotation) is Annotated:
        annotation = get_args(annotation)[0]
    members = get_args(annotation) or (annotation,)
    return [m for m in members if isinstance(m, type) and issubclass(m, BaseModel)]


def _kind_of(model: type[BaseModel]) -> str:
    (kind,) = get_args(model.model_fields["kind"].annotation)
    return kind


__all__ = ["SYSTEM_SEAT", "Applied", "GameRules", "GameState", "IllegalAction", "NoOptions", "Timer"]
