"""`NaughtyOrNice`: the `GameRules` for Naughty or Nice, wiring the engine and views together."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel

from games.core import Event, GameRules, Outcome, Timer
from games.core.words import N_, Words
from games.naughty_or_nice import clock, engine, flow, rules
from games.naughty_or_nice.actions import CloseWindow, NoNAction
from games.naughty_or_nice.events import (
    EffectCancelled,
    EffectStands,
    KrampusGave,
    NoNEvent,
    NothingToLose,
    Scored,
    ScroogePlaced,
    Stole,
    Tucked,
)
from games.naughty_or_nice.models import NoNOptions, NoNState, WindowTask
from games.naughty_or_nice.viewmodels import NoNView
from games.naughty_or_nice.views import build_view


class NaughtyOrNice(GameRules[NoNState, Any]):
    name: ClassVar[str] = "naughty-or-nice"
    title: ClassVar[str] = N_("Naughty or Nice")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    options_model: ClassVar[type[BaseModel]] = NoNOptions
    state_model: ClassVar[type[NoNState]] = NoNState
    action_type: ClassVar[Any] = NoNAction
    event_type: ClassVar[Any] = NoNEvent

    def new_game(self, num_seats: int, options: BaseModel, seed: int) -> NoNState:
        self.check_player_count(num_seats)
        assert isinstance(options, NoNOptions)
        return flow.new_state(num_seats, options, seed)

    def to_decide(self, state: NoNState) -> frozenset[int]:
        return rules.to_decide(state)

    def legal_actions(self, state: NoNState, seat: int) -> list[Any]:
        return rules.legal_actions(state, seat)

    def _apply(self, state: NoNState, seat: int, action: Any) -> list[Event]:
        return engine.apply_action(state, seat, action)

    def decision_label(self, state: NoNState) -> str | None:
        return clock.decision_label(state)

    def default_action(self, state: NoNState, seat: int) -> Any:
        """The turn clock's forced action: the table in `games.naughty_or_nice.clock`."""
        return clock.default_action(state, seat)

    def view(self, state: NoNState, seat: int | None) -> NoNView:
        return build_view(state, seat)

    def idle_reason(self, state: NoNState, seat: int) -> str | None:
        """During a reaction window every seat without a choice hears the same words: who may
        react is secret (spec 5.1), so the bot must not name the seats it waits for."""
        if isinstance(rules.top(state), WindowTask):
            return N_("A reaction window is open: wait for it to close.")
        return None

    def done_to(self, event: Event) -> frozenset[int]:
        """Krampus makes a player give a present (to its player), the Jólakötturinn (or another)
        costs them points (or would: they have none; told to whose card it was too), Mr Scrooge
        makes them miss a turn, a steal finds nothing to take, a Tomte chain cancels their creature
        or not (told to the chain's players too: was their Tomte the one that counted),
        Santa's Reindeer goes under Rudolf: each told in their private message too."""
        if isinstance(event, KrampusGave) and event.seat != event.to:
            return frozenset({event.seat, event.to})
        if isinstance(event, Stole) and not event.count:
            return frozenset({event.thief})
        if isinstance(event, EffectCancelled | EffectStands):  # (a Tomte chain's outcome)
            return frozenset({event.seat, *event.tomtes})
        if isinstance(event, Scored) and event.points < 0 or isinstance(event, NothingToLose):
            return frozenset({event.seat} | ({event.by} if event.by is not None else set()))
        if isinstance(event, ScroogePlaced) and event.seat != event.target:
            return frozenset({event.target})
        if isinstance(event, Tucked):  # (Santa's gained Reindeer is not in his hand)
            return frozenset({event.seat})
        return frozenset()

    def timer(self, state: NoNState) -> Timer | None:
        if isinstance(rules.top(state), WindowTask):
            return Timer(
                seconds=state.options.reaction_seconds,
                action=CloseWindow(),
                label=N_("Reaction window"),
            )
        return None

    def outcome(self, state: NoNState) -> Outcome | None:
        if not state.over:
            return None
        scores = ", ".join(str(p.score) for p in state.players)
        if state.end_reason == "midnight":
            summary = Words(N_("Game over: Midnight struck. Scores in seat order: {scores}."), scores=scores)
        else:
            summary = Words(
                N_("Game over: a whole round with nothing gained. Scores in seat order: {scores}."),
                scores=scores,
            )
        return Outcome(winners=frozenset(state.winners), summary=summary)


__all__ = ["NaughtyOrNice"]
