"""The one path every click takes: check seat -> per-game lock -> load -> decision check ->
apply -> commit. No Discord here: `bot.table.Table` holds the game lock, calls this, then
renders what it returns before releasing the lock.

Nothing is acknowledged before it is committed: `act` returns only after the snapshot and the
action log row are in SQLite, and any refusal raises a `UserError` with nothing written.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from bot.clock import FORCED_BY_CLOCK, clock_seconds
from bot.errors import (
    BadComponent,
    GameNotFound,
    NotAPlayer,
    NotYourTurn,
    StaleDecision,
    UserError,
)
from bot.service_lobby import LobbyActions, closed_reason
from games.core import SYSTEM_SEAT, Event, GameRules, GameState, IllegalAction, Outcome
from games.registry import GAMES, GameInfo
from storage import GameRecord, GameStore, SeatRecord, StorageConflict

LIVE = ("lobby", "running")


@dataclass
class LoadedGame:
    """A game as stored: its record, seats and (once started) its parsed state."""

    record: GameRecord
    seats: list[SeatRecord]
    info: GameInfo
    state: GameState | None = None

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def rules(self) -> GameRules:
        assert self.info.rules is not None
        return self.info.rules

    @property
    def names(self) -> list[str]:
        return [seat.display_name for seat in self.seats]

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
        assert self.state is not None
        return self.rules.view(self.state, seat)


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


class GameService(LobbyActions):
    def __init__(self, store: GameStore, *, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock  # Unix time, for timer deadlines
        self._locks: dict[int, asyncio.Lock] = {}
        self._channel_locks: dict[int, asyncio.Lock] = {}
        self._running: dict[int, LoadedGame] = {}  # write-through cache of running games

    def lock(self, game_id: int) -> asyncio.Lock:
        """The game's lock. Every method that changes a game must be called with it held, and the
        caller keeps holding it while it renders the result, so table edits stay in order."""
        return self._locks.setdefault(game_id, asyncio.Lock())

    def forget(self, game_id: int) -> None:
        """Drop a finished game's lock (a later click simply makes a new one)."""
        lock = self._locks.get(game_id)
        if lock is not None and not lock.locked():
            del self._locks[game_id]

    def _require_lock(self, game_id: int) -> None:
        if not self.lock(game_id).locked():
            raise RuntimeError(f"game {game_id} changed without holding its lock")

    # -- loading ---------------------------------------------------------------------------
    async def load(self, game_id: int) -> LoadedGame:
        """The game as last committed. Running games are served from a write-through cache
        (this process is the only writer; every write below goes through `_written`)."""
        cached = self._running.get(game_id)
        if cached is not None:
            return cached
        record = await self.store.get_game(game_id)
        if record is None:
            raise GameNotFound("That game does not exist (any more).")
        info = GAMES.get(record.game_name)
        if info is None or info.rules is None:
            raise GameNotFound("That game is not available in this version of the bot.")
        seats = await self.store.get_seats(game_id)
        state = info.rules.load_state(record.state_json) if record.state_json else None
        game = LoadedGame(replace(record, state_json=None), seats, info, state)
        if record.status == "running":
            self._running[game_id] = game
        return game

    def _written(self, game_id: int, game: LoadedGame | None = None) -> None:
        """Keep the cache true after a committed write: store the new game, or forget it."""
        if game is not None and game.record.status == "running":
            self._running[game_id] = game
        else:
            self._running.pop(game_id, None)

    async def set_table_message(self, game_id: int, message_id: int) -> None:
        await self.store.set_table_message(game_id, message_id)
        self._written(game_id)

    async def set_dm(self, game_id: int, seat: int, *, dm_open: bool, dm_message_id: int | None) -> None:
        await self.store.set_dm(game_id, seat, dm_open=dm_open, dm_message_id=dm_message_id)
        self._written(game_id)

    async def live_games(self) -> list[LoadedGame]:
        return [await self.load(record.id) for record in await self.store.live_games()]

    async def game_for_user(self, channel_id: int, user_id: int) -> LoadedGame:
        """The live game `user_id` sits in in this channel (a user sits in at most one)."""
        records = await self.store.user_games_in_channel(channel_id, user_id, statuses=LIVE)
        if not records:
            raise GameNotFound("You are not seated in a game in this channel.")
        return await self.load(records[-1].id)

    # -- the action path -------------------------------------------------------------------
    async def act(self, game_id: int, user_id: int, decision: int, code: str) -> ActionResult:
        self._require_lock(game_id)
        game = await self.load(game_id)
        if game.record.status != "running":
            raise StaleDecision(closed_reason(game.record.status))
        seat = game.seat_of(user_id)
        if seat is None:
            raise NotAPlayer("You are not playing in this game.")
        if game.decision != decision:
            raise StaleDecision("That choice is already over; use the latest message.")
        rules, state = game.rules, game.state
        assert state is not None
        try:
            action = rules.decode_action(code)
        except ValueError:
            raise BadComponent("That button is not valid.") from None
        if not rules.legal_actions(state, seat):
            raise NotYourTurn(_waiting_reason(game))
        return await self._apply_and_commit(game, seat, user_id, action)

    async def act_as_ai(self, game_id: int, seat: int, action: Any) -> ActionResult:
        """An AI seat's action, through the same checks and commit as a click."""
        self._require_lock(game_id)
        game = await self.load(game_id)
        if game.record.status != "running" or not game.is_ai(seat):
            raise StaleDecision("That AI seat has nothing to do.")
        return await self._apply_and_commit(game, seat, game.user_of(seat), action)

    async def history(self, game_id: int) -> list[Event]:
        """Every event of the game so far, in order (from the action log), for AI seats."""
        game = await self.load(game_id)
        events: list[Event] = []
        for record in await self.store.get_actions(game_id):
            events += game.rules.load_events(record.events_json)
        return events

    async def act_on_timer(self, game_id: int, decision: int) -> ActionResult | None:
        """The clock closes `decision`: apply its timer's action from `SYSTEM_SEAT` through the
        same commit as a click. None if that decision is already over (nothing to do)."""
        self._require_lock(game_id)
        game = await self.load(game_id)
        if game.record.status != "running" or game.decision != decision or game.state is None:
            return None
        timer = game.rules.timer(game.state)
        if timer is None:
            return None
        return await self._apply_and_commit(game, SYSTEM_SEAT, 0, timer.action)

    async def _apply_and_commit(self, game: LoadedGame, seat: int, user_id: int, action: Any) -> ActionResult:
        rules, state = game.rules, game.state
        assert state is not None
        decision = game.decision
        try:
            new_state, events = rules.apply(state, seat, action)
        except IllegalAction as error:
            raise UserError(error.reason) from None
        outcome = rules.outcome(new_state)
        status = "finished" if outcome is not None else "running"
        deadline = self._deadline(game, new_state) if status == "running" else None
        clock_deadline = self._clock_deadline(game, new_state) if status == "running" else None
        try:
            version = await self.store.record_action(
                game.id,
                expected_version=game.record.version,
                seat=seat,
                user_id=user_id,
                action_json=action.model_dump_json(),
                events_json=rules.dump_events(events),
                state_json=rules.dump_state(new_state),
                status=status,
                deadline=deadline,
                winners=outcome.winners if outcome is not None else None,
                clock_deadline=clock_deadline,
            )
        except StorageConflict:
            raise StaleDecision("Someone else acted first; look at the latest message.") from None
        record = replace(
            game.record, version=version, status=status, deadline=deadline, clock_deadline=clock_deadline
        )
        after = LoadedGame(record, game.seats, game.info, new_state)
        self._written(game.id, after)
        return ActionResult(after, seat, events, decision_before=decision)

    def _deadline(self, game: LoadedGame, new_state: GameState) -> float | None:
        """When `new_state`'s timer runs out: kept while the same decision stays open (one of
        several reactors answered), started afresh when a new timed decision opens."""
        timer = game.rules.timer(new_state)
        if timer is None:
            return None
        if game.record.deadline is not None and game.rules.decision(new_state) == game.decision:
            return game.record.deadline
        return self.clock() + timer.seconds

    def _clock_deadline(self, game: LoadedGame, new_state: GameState) -> float | None:
        """The turn clock of `new_state`'s decision: kept while the same decision stays open,
        started afresh for a new one (None when the lobby chose no clock)."""
        seconds = clock_seconds(game.record.options)
        if seconds is None:
            return None
        if game.record.clock_deadline is not None and game.rules.decision(new_state) == game.decision:
            return game.record.clock_deadline
        return self.clock() + seconds

    async def act_forced(self, game_id: int, seat: int, action: Any) -> ActionResult:
        """The turn clock's default action for `seat`, logged with user id 0 (forced)."""
        self._require_lock(game_id)
        game = await self.load(game_id)
        if game.record.status != "running":
            raise StaleDecision(closed_reason(game.record.status))
        return await self._apply_and_commit(game, seat, FORCED_BY_CLOCK, action)

    async def set_timeouts(self, game_id: int, seat: int, timeouts: int) -> LoadedGame:
        self._require_lock(game_id)
        await self.store.set_timeouts(game_id, seat, timeouts)
        self._written(game_id)
        return await self.load(game_id)

    async def backfill_results(self) -> int:
        """Store the results of finished games that have none (finished before results were
        kept), from their final state. Returns how many games were filled in."""
        count = 0
        for record in await self.store.games_without_results():
            info = GAMES.get(record.game_name)
            if info is None or info.rules is None or not record.state_json:
                continue
            outcome = info.rules.outcome(info.rules.load_state(record.state_json))
            if outcome is not None:
                await self.store.record_results(record.id, outcome.winners)
                count += 1
        return count

    async def ensure_deadline(self, game_id: int) -> LoadedGame:
        """A running game whose decision has a timer (or a turn clock) but no stored deadline (it
        just started, or the bot stopped between a commit and storing it) gets one from now."""
        self._require_lock(game_id)
        game = await self.load(game_id)
        if game.record.status != "running" or game.state is None:
            return game
        timer = game.rules.timer(game.state)
        if timer is not None and game.record.deadline is None:
            deadline = self.clock() + timer.seconds
            await self.store.set_deadline(game_id, deadline)
            game = LoadedGame(replace(game.record, deadline=deadline), game.seats, game.info, game.state)
            self._written(game_id, game)
        seconds = clock_seconds(game.record.options)
        if seconds is not None and game.record.clock_deadline is None:
            clock_deadline = self.clock() + seconds
            await self.store.set_clock(game_id, clock_deadline)
            game = LoadedGame(
                replace(game.record, clock_deadline=clock_deadline), game.seats, game.info, game.state
            )
            self._written(game_id, game)
        return game


def _waiting_reason(game: LoadedGame) -> str:
    waiting = sorted(game.to_decide())
    names = ", ".join(game.names[seat] for seat in waiting) or "nobody"
    return f"It is not your turn - waiting for {names}."
