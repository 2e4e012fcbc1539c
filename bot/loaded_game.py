"""A game as the bot holds it between commits: `LoadedGame` (its stored record and seats, the
plugin that plays it, its parsed state) and `ActionResult` (one committed action), and the views
of the states drawn last (`RecentViews`). Read-only helpers only: loading and committing are
`bot.service.GameService`'s. No Discord here."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.i18n import _
from bot.names import shown_name
from bot.plugins import GamePlugin
from games.core import Event, GameRules, GameState, Outcome
from storage import GameRecord, SeatRecord

AI_MARK = " (AI)"


class RecentViews:
    """The seats' views of the states drawn last: a state's views are made once and shared by
    everything that draws them while its change is shown (views are read-only data), and only
    the last `size` are kept. So a running game waits for its next action holding none: its
    seats' views would be most of the objects it holds, and every full garbage collection walks
    what is held (1,000 games: pauses of ~300 ms every few seconds while they were kept)."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._views: OrderedDict[tuple[int, int | None], tuple[GameState, Any]] = OrderedDict()

    def get(self, state: GameState, seat: int | None, make: Callable[[], Any]) -> Any:
        """`seat`'s view of `state`, made by `make` unless it is kept."""
        key = (id(state), seat)  # the entry holds `state`: its id is not reused while kept
        made = self._views.get(key)
        if made is not None and made[0] is state:
            self._views.move_to_end(key)
            return made[1]
        view = make()
        self._views[key] = (state, view)
        if len(self._views) > self.size:
            self._views.popitem(last=False)
        return view

    def kept(self) -> list[tuple[GameState, int | None, Any]]:
        """(state, seat, view) of every kept view (tests)."""
        return [(state, key[1], view) for key, (state, view) in self._views.items()]


#: The views of the whole process.
VIEWS = RecentViews()


def _ai_named(stored: str) -> str:
    """ "Jingle (AI)" -> "Jingle (MI)" in Hungarian: the AI mark in the reader's language."""
    bare = stored.removesuffix(AI_MARK)
    return _("{name} (AI)", name=bare) if bare != stored else stored


@dataclass
class LoadedGame:
    """A game as stored: its record, seats and (once started) its parsed state."""

    record: GameRecord
    seats: list[SeatRecord]
    info: GamePlugin
    state: GameState | None = None

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def rules(self) -> GameRules:
        return self.info.rules

    @property
    def names(self) -> list[str]:
        """The seats' names as the reader sees them: an AI seat is stored as "Jingle (AI)" and
        marked in the reader's language (`bot.i18n`: names are drawn inside `using`)."""
        return [
            _ai_named(s.display_name) if s.user_id < 0 else shown_name(s.display_name) for s in self.seats
        ]

    def seat_of(self, user_id: int) -> int | None:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None

    def user_of(self, seat: int) -> int:
        return self.seats[seat].user_id

    def is_ai(self, seat: int) -> bool:
        """AI seats have negative user ids (no Discord user is ever negative)."""
        return self.seats[seat].user_id < 0

    def clock_applies(self) -> bool:
        """Whether the turn clock runs now: not while a decision closes on its own `Timer` (a
        reaction window), whose deciders may be secret and which ends by itself anyway."""
        return (
            self.state is not None
            and self.record.status == "running"
            and self.rules.timer(self.state) is None
        )

    def humans_to_decide(self) -> list[int]:
        """The seats of people that must decide now and have something to do, in seat order."""
        if self.state is None or self.record.status != "running":
            return []
        return [
            seat
            for seat in sorted(self.to_decide())
            if not self.is_ai(seat) and self.rules.legal_actions(self.state, seat)
        ]

    def ai_to_decide(self) -> list[int]:
        """The AI seats that must decide now and have something to do, in seat order."""
        if self.state is None or self.record.status != "running":
            return []
        return [
            seat
            for seat in sorted(self.to_decide())
            if self.is_ai(seat) and self.rules.legal_actions(self.state, seat)
        ]

    @property
    def decision(self) -> int:
        return self.rules.decision(self.state) if self.state is not None else 0

    def to_decide(self) -> frozenset[int]:
        if self.state is None or self.record.status != "running":
            return frozenset()
        return self.rules.to_decide(self.state)

    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.state) if self.state is not None else None

    def view(self, seat: int | None) -> Any:
        """What `seat` may know of the state (None: the public view), made once per state while
        it is among the states drawn last (`VIEWS`)."""
        state = self.state
        assert state is not None
        return VIEWS.get(state, seat, lambda: self.rules.view(state, seat))


@dataclass
class ActionResult:
    """A committed action: the game after it, the events it made and the decision before it."""

    game: LoadedGame
    seat: int
    events: list[Event]
    decision_before: int

    @property
    def decision_changed(self) -> bool:
        return self.game.decision != self.decision_before
