"""The one path every click takes: check seat -> per-game lock -> load -> decision check ->
apply -> commit. No Discord here: `bot.table.Table` holds the game lock, calls this, then
renders what it returns before releasing the lock.

Nothing is acknowledged before it is committed: `act` returns only after the snapshot and the
action log row are in SQLite, and any refusal raises a `UserError` with nothing written.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from bot.errors import (
    BadComponent,
    GameNotFound,
    NotAllowed,
    NotAPlayer,
    NotYourTurn,
    StaleDecision,
    UserError,
)
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


class GameService:
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
            raise StaleDecision(_closed_reason(game.record.status))
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
        status = "finished" if rules.outcome(new_state) is not None else "running"
        deadline = self._deadline(game, new_state) if status == "running" else None
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
            )
        except StorageConflict:
            raise StaleDecision("Someone else acted first; look at the latest message.") from None
        record = replace(game.record, version=version, status=status, deadline=deadline)
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

    async def ensure_deadline(self, game_id: int) -> LoadedGame:
        """A running game whose decision has a timer but no stored deadline (it started with one,
        or the bot stopped between a commit and storing it) gets one from now."""
        self._require_lock(game_id)
        game = await self.load(game_id)
        if game.record.status != "running" or game.state is None or game.record.deadline is not None:
            return game
        timer = game.rules.timer(game.state)
        if timer is None:
            return game
        deadline = self.clock() + timer.seconds
        await self.store.set_deadline(game_id, deadline)
        after = LoadedGame(replace(game.record, deadline=deadline), game.seats, game.info, game.state)
        self._written(game_id, after)
        return after

    # -- lobbies ---------------------------------------------------------------------------
    async def open_lobby(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game_name: str,
        user_id: int,
        user_name: str,
        options: dict[str, Any] | None = None,
    ) -> LoadedGame:
        info = GAMES.get(game_name)
        if info is None:
            raise UserError(f"There is no game called {game_name!r}.")
        if info.rules is None:
            raise UserError(f"{info.title} is not ready yet - it is coming soon. Try Secret Krampus!")
        parsed = info.rules.parse_options(options or {})
        async with self._channel_lock(channel_id):
            await self._check_free(channel_id, user_id)
            record = await self.store.create_lobby(
                guild_id=guild_id,
                channel_id=channel_id,
                game_name=game_name,
                host_id=user_id,
                host_name=user_name,
                options=parsed.model_dump(mode="json"),
                seed=secrets.randbits(62),
            )
        return await self.load(record.id)

    async def join(self, game_id: int, user_id: int, user_name: str) -> LoadedGame:
        self._require_lock(game_id)
        game = await self._lobby(game_id)
        if game.seat_of(user_id) is not None:
            raise UserError("You are already seated in this lobby.")
        if len(game.seats) >= game.info.max_players:
            raise UserError(f"This table is full ({game.info.max_players} players).")
        async with self._channel_lock(game.record.channel_id):
            await self._check_free(game.record.channel_id, user_id)
            try:
                await self.store.add_seat(game_id, user_id, user_name, max_seats=game.info.max_players)
                self._written(game_id)
            except StorageConflict as error:
                raise UserError(str(error)) from None
        return await self.load(game_id)

    async def leave(self, game_id: int, user_id: int) -> LoadedGame:
        self._require_lock(game_id)
        game = await self._lobby(game_id)
        if game.seat_of(user_id) is None:
            raise UserError("You are not seated in this lobby.")
        if user_id == game.record.host_id:
            raise UserError("The host cannot leave; press Cancel to close the lobby.")
        await self.store.remove_seat(game_id, user_id)
        self._written(game_id)
        return await self.load(game_id)

    async def set_option(self, game_id: int, user_id: int, option: str, value: str) -> LoadedGame:
        """The host changes one lobby option; the game's options model validates it."""
        self._require_lock(game_id)
        game = await self._lobby(game_id)
        if user_id != game.record.host_id:
            raise NotAllowed("Only the host can change the options.")
        rules = game.rules
        if option not in rules.options_model.model_fields:
            raise BadComponent(f"{game.info.title} has no option {option!r}.")
        try:
            parsed = rules.parse_options({**game.record.options, option: value})
        except IllegalAction as error:
            raise UserError(error.reason) from None
        try:
            await self.store.set_options(game_id, parsed.model_dump(mode="json"))
        except StorageConflict as error:
            raise StaleDecision(str(error)) from None
        self._written(game_id)
        return await self.load(game_id)

    async def start(self, game_id: int, user_id: int) -> LoadedGame:
        self._require_lock(game_id)
        game = await self._lobby(game_id)
        if user_id != game.record.host_id:
            raise NotAllowed("Only the host can start the game.")
        count = len(game.seats)
        if not game.info.min_players <= count <= game.info.max_players:
            raise UserError(f"{game.info.title} needs {game.info.players_text}; {count} seated.")
        rules = game.rules
        options = rules.parse_options(game.record.options)
        state = rules.new_game(count, options, game.record.seed)
        try:
            await self.store.start_game(game_id, rules.dump_state(state))
            self._written(game_id)
        except StorageConflict:
            raise StaleDecision("This lobby has already started or closed.") from None
        return await self.load(game_id)

    async def cancel(self, game_id: int, user_id: int) -> LoadedGame:
        self._require_lock(game_id)
        game = await self._lobby(game_id)
        if user_id != game.record.host_id:
            raise NotAllowed("Only the host can cancel the lobby.")
        await self.store.set_status(game_id, "cancelled", from_statuses=("lobby",))
        self._written(game_id)
        return await self.load(game_id)

    async def abandon(self, game_id: int, user_id: int, *, can_manage_server: bool) -> LoadedGame:
        self._require_lock(game_id)
        game = await self.load(game_id)
        if game.record.status not in LIVE:
            raise StaleDecision(_closed_reason(game.record.status))
        if user_id != game.record.host_id and not can_manage_server:
            raise NotAllowed("Only the host or a member with Manage Server can abandon a game.")
        await self.store.set_status(game_id, "abandoned", from_statuses=LIVE)
        self._written(game_id)
        return await self.load(game_id)

    async def _lobby(self, game_id: int) -> LoadedGame:
        game = await self.load(game_id)
        if game.record.status != "lobby":
            raise StaleDecision(_closed_reason(game.record.status))
        return game

    def _channel_lock(self, channel_id: int) -> asyncio.Lock:
        """Serialises "is this user free in this channel?" with taking the seat (one game per
        user per channel). Always taken inside a game lock, never around one."""
        return self._channel_locks.setdefault(channel_id, asyncio.Lock())

    async def _check_free(self, channel_id: int, user_id: int) -> None:
        if await self.store.user_games_in_channel(channel_id, user_id, statuses=LIVE):
            raise UserError("You are already seated in a game in this channel; finish or leave it first.")


def _closed_reason(status: str) -> str:
    return {
        "lobby": "This game has not started yet.",
        "running": "This game has already started.",
        "finished": "This game is over.",
        "abandoned": "This game was abandoned.",
        "cancelled": "This lobby was cancelled.",
    }.get(status, "This game is not running.")


def _waiting_reason(game: LoadedGame) -> str:
    waiting = sorted(game.to_decide())
    names = ", ".join(game.names[seat] for seat in waiting) or "nobody"
    return f"It is not your turn - waiting for {names}."
