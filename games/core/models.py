"""The small data vocabulary every game shares: audiences, events, actions, outcomes."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, ConfigDict, SkipValidation


class Audience(BaseModel):
    """Who may see an event: everyone (`seats is None`) or exactly the listed seats."""

    model_config = ConfigDict(frozen=True)

    seats: frozenset[int] | None = None

    @classmethod
    def everyone(cls) -> Audience:
        return cls()

    @classmethod
    def only(cls, seat: int) -> Audience:
        return cls(seats=frozenset({seat}))

    @classmethod
    def some(cls, seats: Iterable[int]) -> Audience:
        return cls(seats=frozenset(seats))

    @property
    def is_public(self) -> bool:
        return self.seats is None

    def includes(self, seat: int | None) -> bool:
        """Whether `seat` may see it; `None` is the public (a spectator, the table message)."""
        return self.seats is None or (seat is not None and seat in self.seats)


class Event(BaseModel):
    """Something that happened. Each game subclasses it with a `kind: Literal[...]` and fields.

    `describe` turns it into one line for a log, given the seat names; it must only use the
    event's own fields, so showing an event to its audience can never leak more than it holds.
    """

    model_config = ConfigDict(frozen=True)

    kind: str
    audience: Audience = Audience()

    def describe(self, names: Sequence[str]) -> str:
        return self.kind.replace("_", " ")


class Action(BaseModel):
    """A decision a seat can send. Each game subclasses it with a `kind: Literal[...]`.

    Fields must be scalars (int, str, bool, enums) so the action has a short code for a
    component's custom_id (see `games.core.codes`).
    """

    model_config = ConfigDict(frozen=True)

    kind: str


ActionT = TypeVar("ActionT", bound=Action)


def made_once(kind: type[ActionT], *fields: str) -> Callable[..., ActionT]:
    """A constructor of `kind` taking the values of `fields` in order, which makes (and
    validates) each distinct action once and then hands out that one: actions are frozen, and
    the lists of legal actions, rebuilt for every seat at every state (hundreds long in some
    games), hold the same few again and again."""

    @functools.cache
    def make(*values: Any) -> ActionT:
        return kind(**dict(zip(fields, values, strict=True)))

    return make


class Outcome(BaseModel):
    """How a finished game ended."""

    model_config = ConfigDict(frozen=True)

    winners: frozenset[int]
    #: kept as given (not re-validated into a plain str), so a `games.core.words.Words` summary
    #: can still be shown in the reader's language
    summary: Annotated[str, SkipValidation]
    team: str | None = None


def visible_events(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events `seat` may see (`None`: only the public ones)."""
    return [event for event in events if event.audience.includes(seat)]
