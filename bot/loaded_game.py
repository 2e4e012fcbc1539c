"""A game as the bot holds it between commits: `LoadedGame` (its stored record and seats, the
plugin that plays it, its parsed state) and `ActionResult` (one committed action), and the views
of the states drawn last (`StateMemo`). Read-only helpers only: loading and committing are
`bot.service.GameService`'s. No Discord here."""

from __future__ import annotations

import re
from collections import Counter, OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from typing import Any

from bot.i18n import _
from bot.names import shown_name
from bot.plugins import GamePlugin
from games.core import Event, GameRules, GameState, Outcome
from storage import GameRecord, SeatRecord

AI_MARK = " (AI)"


class StateMemo:
    """What was made from the states used last (a seat's view, whether a seat can act): each is
    made once per state and shared by everything that asks while the state's change is handled
    and shown (views are read-only data), and only the last `size` are kept. So a running game
    waits for its next action holding none of it: its seats' views would be most of the objects
    it holds, and every full garbage collection walks what is held (1,000 games: pauses of
    ~300 ms every few seconds while they were kept)."""

    def __init__(self, size: int = 512) -> None:
        self.size = size
        self._made: OrderedDict[tuple[int, Hashable], tuple[GameState, Any]] = OrderedDict()

    def get(self, state: GameState, what: Hashable, make: Callable[[], Any]) -> Any:
        """`what` of `state` (e.g. ("view", seat)), made by `make` unless it is kept."""
        key = (id(state), what)  # the entry holds `state`: its id is not reused while kept
        made = self._made.get(key)
        if made is not None and made[0] is state:
            self._made.move_to_end(key)
            return made[1]
        value = make()
        self._made[key] = (state, value)
        if len(self._made) > self.size:
            self._made.popitem(last=False)
        return value

    def kept(self) -> list[tuple[GameState, Hashable, Any]]:
        """(state, what, value) of everything kept (tests)."""
        return [(state, key[1], value) for key, (state, value) in self._made.items()]


#: What the whole process made from states last.
MEMO = StateMemo()


def _ai_named(stored: str) -> str:
    """ "Jingle (AI)" -> "Jingle (MI)" in Hungarian: the AI mark in the reader's language."""
    bare = stored.removesuffix(AI_MARK)
    return _("{name} (AI)", name=shown_name(bare)) if bare != stored else shown_name(stored)


def told_apart(names: list[str]) -> list[str]:
    """`names` with the ones that read alike (case aside) given their
    seat's number: a Naughty Elf's "Santa: Krampus" among four Santas told nothing, and votes and
    nominations could not be followed."""
    counts = Counter(name.casefold() for name in names)
    return [f"{name} ({n})" if counts[name.casefold()] > 1 else name for n, name in enumerate(names, 1)]


#: An AI mark at the end of a person's own name, in any of the bot's languages: dropped (a person
#: called "Holly (AI)" passed for an AI seat; the bot's AI seats avoid the people's names).
POSED_AS_AI = re.compile(r"\s*\((AI|KI|MI)\)$", re.IGNORECASE)


def _seat_name(seat: SeatRecord) -> str:
    if seat.user_id >= 0:
        return shown_name(POSED_AS_AI.sub("", shown_name(seat.display_name)))
    if seat.owner_name is not None:
        return _("{name} (AI)", name=shown_name(seat.owner_name))
    return _ai_named(seat.display_name)


@dataclass
class LoadedGame:
    """A game as stored: its record, seats and (once started) its parsed state."""

    record: GameRecord
    seats: list[SeatRecord]
    info: GamePlugin
    state: GameState | None = None

    def with_record(self, **changes: Any) -> LoadedGame:
        """The same game with its record's bookkeeping changed (e.g. ``wake_at``)."""
        return replace(self, record=replace(self.record, **changes))

    def with_seats(self, which: Callable[[SeatRecord], bool], **changes: Any) -> LoadedGame:
        """The same game with `changes` made to the seats `which` selects (bookkeeping)."""
        return replace(self, seats=[replace(s, **changes) if which(s) else s for s in self.seats])

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def drawn_from(self) -> tuple[int, str, tuple[tuple[int, int | None], ...]]:
        """What a drawing of the game depends on besides its state: its version, its status and
        who holds each seat (a game abandoned, or a seat changing hands, keeps its version)."""
        return (self.record.version, self.record.status, tuple((s.user_id, s.owner_id) for s in self.seats))

    @property
    def rules(self) -> GameRules:
        return self.info.rules

    @property
    def names(self) -> list[str]:
        """The seats' names as the reader sees them: an AI seat is stored as "Jingle (AI)" and
        marked in the reader's language (`bot.i18n`: names are drawn inside `using`); a seat an AI
        keeps for its player after timeouts keeps the player's name, marked ("Dancer (AI)"): what
        the table said of that seat (votes, roles known, the end's roles) stays readable. Seats
        whose names are alike (Discord's display names are not unique: "Santa" twice) are told
        apart by their seat's number: "Santa (1)", "Santa (3)"."""
        return told_apart([_seat_name(s) for s in self.seats])

    def seat_of(self, user_id: int) -> int | None:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None

    def user_of(self, seat: int) -> int:
        return self.seats[seat].user_id

    def reader_of(self, seat: int) -> int:
        """Who reads the seat's private message (`SeatRecord.reader`; negative: nobody)."""
        return self.seats[seat].reader

    def kept_for(self, user_id: int) -> int | None:
        """The seat an AI keeps for `user_id` after their timeouts (`/reclaim` takes it back)."""
        return next((s.seat for s in self.seats if s.user_id < 0 and s.owner_id == user_id), None)

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

    def must_decide(self, seat: int) -> bool:
        """Whether a person sits at `seat` and has a part in the current decision (something to
        do in it, in a running game: `to_decide` is empty otherwise)."""
        return seat in self.to_decide() and not self.is_ai(seat) and self.can_act(seat)

    def humans_to_decide(self) -> list[int]:
        """The seats of people that must decide now and have something to do, in seat order."""
        if self.state is None or self.record.status != "running":
            return []
        return [seat for seat in sorted(self.to_decide()) if not self.is_ai(seat) and self.can_act(seat)]

    def ai_to_decide(self) -> list[int]:
        """The AI seats that must decide now and have something to do, in seat order."""
        if self.state is None or self.record.status != "running":
            return []
        return [seat for seat in sorted(self.to_decide()) if self.is_ai(seat) and self.can_act(seat)]

    def can_act(self, seat: int) -> bool:
        """Whether `seat` has a legal action now (asked once per state: the pipeline, the
        delivery, the table and the wake-ups all ask)."""
        state = self.state
        assert state is not None
        return bool(MEMO.get(state, ("acts", seat), lambda: self.rules.can_act(state, seat)))

    def legal_codes(self, seat: int) -> frozenset[str]:
        """The codes of `seat`'s legal actions now (as the components carry them), made once per
        state (`MEMO`)."""
        state = self.state
        assert state is not None
        rules = self.rules
        return MEMO.get(
            state,
            ("codes", seat),
            lambda: frozenset(rules.encode_action(a) for a in rules.legal_actions(state, seat)),
        )

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
        it is among the states used last (`MEMO`)."""
        state = self.state
        assert state is not None
        return MEMO.get(state, ("view", seat), lambda: self.rules.view(state, seat))


@dataclass
class ActionResult:
    """A committed action: the game after it, the seat that acted and the events it made."""

    game: LoadedGame
    seat: int
    events: list[Event]
