"""What committed changes ask the Discord side to show, kept per game until it is delivered.

The pipeline (`bot.pipeline`) fills a game's `Outbox` inside the game's lock, right after each
commit; the delivery (`bot.delivery`) empties it after the lock is released, always rendering the
newest committed game, so a slow delivery of an older change can never show an older state over a
newer one. One-shot items (private news, notifications, channel posts) are queued in commit order
and each is delivered once. No Discord here.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from games.core import Event

if TYPE_CHECKING:
    from bot.loaded_game import LoadedGame

#: the latest changes whose events the table may still have to tell (`Outbox.table_news`); each
#: game's table tells at most its last 5-8 lines of them anyway
KEPT_CHANGES = 8


@dataclass(frozen=True)
class Notice:
    """`seat` must now decide `decision` and has not been playing along: tell them once."""

    seat: int
    decision: int


@dataclass(frozen=True)
class Post:
    """A message for the game's channel: `kind` "ended" (the end, with a Rematch button), "clock"
    (the turn clock's "time ran out": the game's latest only) or "text" (`text` as it is, e.g.
    the turn clock's warning)."""

    kind: str
    text: str = ""
    mentions: tuple[int, ...] = ()  # user ids the post names (and calls: deleted once it is over)
    #: of them, those it may push (None: all): not one already told of the decision
    pings: tuple[int, ...] | None = None


@dataclass
class Change:
    """One committed command, as the pipeline returns it to the handler that ran it."""

    game: LoadedGame  # as committed
    events: list[Event] = field(default_factory=list)
    #: the seat whose person acted (its private message is answered through the interaction)
    actor: int | None = None
    posts: list[Post] = field(default_factory=list)  # channel posts this change makes

    @property
    def version(self) -> int:
        return self.game.record.version


@dataclass
class Outbox:
    """Everything not yet delivered for one game."""

    game: LoadedGame  # the newest committed game
    #: the number of the newest change (a count kept here: not `record.version`, which lobby
    #: edits do not bump); the table's news is told by these numbers
    changes: int = 0
    table_events: list[Event] = field(default_factory=list)  # the newest change's events
    #: (change number, events) of the latest changes, the newest last (`table_news`)
    recent: deque[tuple[int, list[Event]]] = field(default_factory=lambda: deque(maxlen=KEPT_CHANGES))
    forgotten: int = 0  # the newest change number that fell out of `recent`
    news: dict[int, list[Event]] = field(default_factory=dict)  # seat -> private news
    notices: list[Notice] = field(default_factory=list)
    posts: list[Post] = field(default_factory=list)
    #: seats whose private message must be redrawn even if it looks the same (seat changed hands)
    redraw: set[int] = field(default_factory=set)

    def add(self, change: Change) -> None:
        self.game = change.game
        self._counted(change.events)
        rules = change.game.rules
        for event in change.events:
            if event.audience.is_public:  # told on the table; in private too to whom it is done
                for seat in rules.done_to(event):
                    self.news.setdefault(seat, []).append(event)
                continue
            for seat in range(len(change.game.seats)):
                if event.audience.includes(seat):
                    self.news.setdefault(seat, []).append(event)

    def replay(self, logged: Sequence[tuple[int, list[Event]]]) -> None:
        """After a restart: the newest logged changes (each its acting seat and events, oldest
        first) as if just made, so that the messages redrawn then keep telling what happened: the
        table since the newest change it tells (`newest_told`), a seat's private message what
        was done to it since its own last action (which it saw; as ever, only what its renderer
        finds worth telling by itself: not the echo of a secret vote its message never showed)."""
        for seat, events in logged:
            self.news.pop(seat, None)
            self.add(Change(self.game, events))

    def newest_told(self, told: Callable[[Event], bool]) -> int | None:
        """The change number just before the newest known change with a public event the table
        `told`: where its news starts when what it shows is not known (after a restart)."""
        for number, events in reversed(self.recent):
            if any(told(event) for event in events if event.audience.is_public):
                return number - 1
        return None

    def table_news(self, after: int | None) -> list[Event]:
        """The events of every change after change number `after` that made public ones, oldest first:
        what the table tells when its last write showed `after` (its edits in between were
        coalesced, `bot.pacing`). The newest change's alone when `after` is not known, not older
        than the newest, or the changes are not known (`overtaken`)."""
        if after is None or after >= self.changes or not self.recent:
            return self.table_events
        return [event for number, events in self.recent if number > after for event in events]

    def quiet_since(self, number: int, told: Callable[[Event], bool]) -> bool:
        """No change after change `number` made a public event the table `told` (as far as this outbox
        knows)."""
        if self.forgotten > number:  # (changes since then fell out of `recent`: not known)
            return False
        since = (event for n, events in self.recent if n > number for event in events)
        return not any(told(event) for event in since if event.audience.is_public)

    def overtaken(self, game: LoadedGame, changes: Sequence[list[Event]]) -> None:
        """Another process committed `game` (newer than this outbox's) by `changes` (each its
        events, oldest first, as logged: the newest of them): the table tells them as if made
        here (their private news that process delivered)."""
        self.game = game
        for events in changes or [[]]:
            self._counted(events)

    def _counted(self, events: Sequence[Event]) -> None:
        """A new change with `events`: the newest, and one the table may tell."""
        self.changes += 1
        self.table_events = list(events)
        if any(event.audience.is_public for event in events):  # (all the table can tell)
            if len(self.recent) == self.recent.maxlen:
                self.forgotten = self.recent[0][0]
            self.recent.append((self.changes, self.table_events))
