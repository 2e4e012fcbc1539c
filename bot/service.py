"""The game service: load, check, apply and commit, with a per-game lock and a write-through
cache of running games. No Discord here (`import bot.service` loads neither discord nor Pillow):
`bot.pipeline.Pipeline` runs every change through it inside the game's lock, schedules the game's
wake-ups from the committed state and queues what the Discord side must show.

Nothing is acknowledged before it is committed: `act` returns only after the snapshot and the
action log row are stored, and any refusal raises a `UserError` with nothing written. A storage
conflict (someone else wrote the game) drops the cached game, so the next load reads the truth.

Several processes on one PostgreSQL database (`Database.shared`): a game's lock is also taken in
the database (`Database.game_lock`, an advisory lock), so the processes take turns on a game as
the coroutines of one process do; and a cached game is checked against the database on every
load (one query: its version, row bookkeeping and seats), reloaded when another process committed
a newer version, patched when only its bookkeeping (which DM is living, ...) changed. On SQLite
(one process) the cache is trusted as before.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any
from weakref import WeakValueDictionary

from bot.clock import FORCED_BY_CLOCK, carried_deadline, clock_seconds
from bot.errors import (
    BadComponent,
    GameNotFound,
    NotAPlayer,
    NotYourTurn,
    StaleDecision,
    closed_reason,
    not_your_turn,
    refusal,
)
from bot.game_lock import GameLock
from bot.i18n import _, translated
from bot.loaded_game import ActionResult, LoadedGame
from bot.plugins import PLUGINS
from bot.service_lobby import LobbyActions
from bot.service_seats import SeatActions
from games.core import SYSTEM_SEAT, Event, IllegalAction
from storage import LIVE, Database, GameStore, StorageConflict
from storage.calls import Call


class GameService(LobbyActions, SeatActions):
    def __init__(
        self,
        store: GameStore,
        *,
        clock: Callable[[], float] = time.time,
        new_seed: Callable[[], int] = lambda: secrets.randbits(62),
    ) -> None:
        self.store = store
        self.clock = clock  # Unix time, for timer deadlines
        self.new_seed = new_seed  # each new game's shuffle (tests pass a repeatable one)
        #: Each game's (channel's) lock while anyone holds it or waits for it: a lock nobody
        #: refers to is dropped (a game over is forgotten), and made anew if asked for again.
        self._locks: WeakValueDictionary[int, asyncio.Lock] = WeakValueDictionary()
        self._channel_locks: WeakValueDictionary[int, asyncio.Lock] = WeakValueDictionary()
        self._running: dict[int, LoadedGame] = {}  # write-through cache of running games
        self._locales: dict[int, str] = {}  # user -> the locale last remembered for them here
        db = getattr(store, "db", None)
        #: Several processes share the database (PostgreSQL): locks and cache go through it.
        self.shared: bool = bool(getattr(db, "shared", False))
        self._db: Database | None = db if self.shared else None
        #: When a game must next act on its own, stored with each action (set by the pipeline;
        #: kept only when `shared`): `next_wake(game_after, None)`.
        self.next_wake: Callable[[LoadedGame, float | None], float | None] | None = None

    def lock(self, game_id: int, *, refuse_when_busy: bool = False) -> GameLock:
        """The game's lock. Every method that changes a game must be called with it held
        (`bot.pipeline.Pipeline.run` takes it, `refuse_when_busy`). It is released before the
        change is shown: the messages keep their order by their own locks and by always drawing
        the newest committed game (`bot.outbox`). With several processes on one database it is
        also the database's lock of the game (`GameLock`)."""
        local = self._locks.setdefault(game_id, asyncio.Lock())
        return GameLock(local, self._db, game_id, refuse_when_busy=refuse_when_busy)

    def unshared_lock(self, game_id: int) -> GameLock:
        """The lock of a game no other process can reach yet (a lobby not yet posted): this
        process's only, so it may be taken while another game's is held (each database lock held
        holds one of a few connections: two at once could wait for ever for a third)."""
        return GameLock(self._locks.setdefault(game_id, asyncio.Lock()), None, game_id)

    def _require_lock(self, game_id: int) -> None:
        """A guard against a change made outside `Pipeline.run`: the game's lock in this process
        must be held (by someone: which task holds it is not known)."""
        if not self.lock(game_id).locked():
            raise RuntimeError(f"game {game_id} changed while nobody in this process held its lock")

    # -- loading ---------------------------------------------------------------------------
    async def load(self, game_id: int) -> LoadedGame:
        """The game as last committed. Running games are served from a write-through cache
        (every write below goes through `_written`); with several processes on one database the
        cached game is first checked against the stored one (`_fresh`)."""
        cached = self._running.get(game_id)
        if cached is not None:
            if not self.shared:
                return cached
            fresh = await self._fresh(cached)
            if fresh is not None:
                return fresh
        record = await self.store.get_game(game_id)
        if record is None:
            raise GameNotFound(_("That game does not exist (any more)."))
        if record.game_name not in PLUGINS:
            raise GameNotFound(_("That game is not available in this version of the bot."))
        info = PLUGINS.get(record.game_name)
        seats = await self.store.get_seats(game_id)
        state = info.rules.load_state(record.state_json) if record.state_json else None
        game = LoadedGame(replace(record, state_json=None), seats, info, state)
        if record.status == "running":
            self._running[game_id] = game
        return game

    async def _fresh(self, cached: LoadedGame) -> LoadedGame | None:
        """The cached game brought up to date with one query, or None if another process
        committed a newer version (or ended it): then the caller loads it anew."""
        fresh = await self.store.freshness(cached.id)
        record = cached.record
        if fresh is None or fresh.version != record.version or fresh.status != record.status:
            self._running.pop(cached.id, None)
            return None
        record = replace(
            record,
            table_message_id=fresh.table_message_id,
            deadline=fresh.deadline,
            clock_deadline=fresh.clock_deadline,
            wake_at=fresh.wake_at,
            warned_for=fresh.warned_for,
            host_id=fresh.host_id,  # (hosting passed on in another process)
        )
        if record == cached.record and fresh.seats == cached.seats:
            return cached
        game = self._running[cached.id] = replace(cached, record=record, seats=fresh.seats)
        return game

    def _written(self, game_id: int, game: LoadedGame | None = None) -> None:
        """Keep the cache true after a committed write: store the new game, or forget it."""
        if game is not None and game.record.status == "running":
            self._running[game_id] = game
        else:
            self._running.pop(game_id, None)

    async def set_table_message(
        self, game_id: int, message_id: int, replaces: Call | None = None, taken_at: float = 0.0
    ) -> LoadedGame:
        """Which message is the game's table (delivery bookkeeping, not a change of the game);
        `replaces`: the old one, taken to be deleted (`storage.calls`)."""
        self._require_lock(game_id)
        await self.store.set_table_message(game_id, message_id, replaces, taken_at)
        return await self._patched(game_id, lambda g: g.with_record(table_message_id=message_id))

    async def set_dm(
        self, game_id: int, seat: int, *, dm_open: bool, dm_message_id: int | None
    ) -> LoadedGame:
        """Whether the seat's DMs are open and which DM is its living private message."""
        self._require_lock(game_id)
        await self.store.set_dm(game_id, seat, dm_open=dm_open, dm_message_id=dm_message_id)
        return await self._patched(
            game_id,
            lambda g: g.with_seats(lambda s: s.seat == seat, dm_open=dm_open, dm_message_id=dm_message_id),
        )

    async def set_wake(self, game_id: int, wake_at: float | None) -> LoadedGame:
        """When the game must next act on its own (stored for any process to run it)."""
        self._require_lock(game_id)
        await self.store.set_wake(game_id, wake_at)
        return await self._patched(game_id, lambda g: g.with_record(wake_at=wake_at))

    async def set_warned(self, game_id: int, clock_deadline: float) -> tuple[bool, LoadedGame]:
        """Note that the clock warning for `clock_deadline` is posted now: (whether it was not
        yet, the game after)."""
        self._require_lock(game_id)
        first = await self.store.set_warned(game_id, clock_deadline)
        game = await self._patched(game_id, lambda g: g.with_record(warned_for=clock_deadline))
        return first, game

    async def set_private_view(
        self, game_id: int, seat: int, *, token: str | None, at: float | None, message_id: int | None
    ) -> LoadedGame:
        """Which ephemeral view the seat plays from (its id, and the token of the latest
        interaction on it, which can edit it for 15 minutes)."""
        self._require_lock(game_id)
        await self.store.set_private_view(game_id, seat, token, at, message_id)
        return await self._patched(
            game_id,
            lambda g: g.with_seats(
                lambda s: s.seat == seat, private_token=token, private_token_at=at, view_message_id=message_id
            ),
        )

    async def _patched(self, game_id: int, patch: Callable[[LoadedGame], LoadedGame]) -> LoadedGame:
        """The game after a bookkeeping write: the cached game patched (it stays the newest)."""
        cached = self._running.get(game_id)
        if cached is None:
            return await self.load(game_id)
        game = self._running[game_id] = patch(cached)
        return game

    async def remember_locale(self, user_id: int, locale: str) -> None:
        """A player's language (the Discord locale of their latest interaction) reaches their seats
        in every game not over, for what the bot sends them unprompted. Written only when it
        differs from what this process last saw of them (a rare write)."""
        if user_id <= 0 or self._locales.get(user_id) == locale:
            return
        if len(self._locales) > 100_000:
            self._locales.clear()
        self._locales[user_id] = locale
        if not await self.store.settings.remember_locale(user_id, locale):
            return
        for game_id in [g.id for g in self._running.values() if g.seat_of(user_id) is not None]:
            async with self.lock(game_id):
                await self._patched(
                    game_id, lambda g: g.with_seats(lambda s: s.user_id == user_id, locale=locale)
                )

    async def live_games(self) -> list[LoadedGame]:
        return [await self.load(record.id) for record in await self.store.live_games()]

    async def game_for_user(self, channel_id: int, user_id: int) -> LoadedGame:
        """The live game `user_id` sits in in this channel (a user sits in at most one)."""
        records = await self.store.user_games_in_channel(channel_id, user_id, statuses=LIVE)
        if not records:
            raise GameNotFound(_("You are not seated in a game in this channel."))
        return await self.load(records[-1].id)

    # -- the action path -------------------------------------------------------------------
    async def act(self, game_id: int, user_id: int, decision: int, code: str) -> ActionResult:
        """A person's click: their seat, the decision it answers, the action's code. A person
        who acts by themselves starts counting clock timeouts from zero again (same commit)."""
        self._require_lock(game_id)
        game = await self.load(game_id)
        if game.record.status != "running":
            raise StaleDecision(closed_reason(game.record.status))
        seat = game.seat_of(user_id)
        if seat is None:
            raise NotAPlayer(_("You are not playing in this game."))
        if game.decision != decision:
            raise StaleDecision(_("That choice is already over; use the latest message."))
        rules, state = game.rules, game.state
        assert state is not None
        try:
            action = rules.decode_action(code)
        except ValueError:
            raise BadComponent(_("That button is not valid.")) from None
        if not game.can_act(seat):
            idle = rules.idle_reason(state, seat)  # the game's own words, marked for the catalogues
            raise NotYourTurn(
                translated(idle) if idle else not_your_turn([game.names[s] for s in sorted(game.to_decide())])
            )
        timeouts = (seat, 0) if game.seats[seat].timeouts else None
        return await self._apply_and_commit(game, seat, user_id, action, timeouts=timeouts)

    async def act_as_ai(self, game_id: int, seat: int, action: Any) -> ActionResult:
        """An AI seat's action, through the same checks and commit as a click."""
        self._require_lock(game_id)
        game = await self.load(game_id)
        if game.record.status != "running" or not game.is_ai(seat):
            raise StaleDecision(_("That AI seat has nothing to do."))
        return await self._apply_and_commit(game, seat, game.user_of(seat), action)

    async def history(self, game_id: int) -> list[Event]:
        """Every event of the game so far, in order (from the action log), for AI seats."""
        game = await self.load(game_id)
        events: list[Event] = []
        for record in await self.store.get_actions(game_id):
            events += game.rules.load_events(record.events_json)
        return events

    async def recent_changes(
        self, game: LoadedGame, count: int, after: int = 0
    ) -> list[tuple[int, list[Event]]]:
        """The game's newest `count` logged actions after version `after`, oldest first: each its
        seat and events."""
        records = [r for r in await self.store.recent_actions(game.id, count) if r.seq > after]
        return [(record.seat, game.rules.load_events(record.events_json)) for record in records]

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

    async def _apply_and_commit(
        self,
        game: LoadedGame,
        seat: int,
        user_id: int,
        action: Any,
        *,
        timeouts: tuple[int, int] | None = None,
    ) -> ActionResult:
        rules, state = game.rules, game.state
        assert state is not None
        decision = game.decision
        try:
            new_state, events = rules.apply(state, seat, action)
        except IllegalAction as error:
            raise refusal(error) from None
        outcome = rules.outcome(new_state)
        status = "finished" if outcome is not None else "running"
        deadline: float | None = None  # the reaction window's, then the turn clock's
        clock_deadline: float | None = None
        if status == "running":
            same, now, timer = rules.decision(new_state) == decision, self.clock(), rules.timer(new_state)
            deadline = carried_deadline(game.record.deadline, same, timer.seconds if timer else None, now)
            turn_clock = clock_seconds(game.record.options)
            clock_deadline = carried_deadline(game.record.clock_deadline, same, turn_clock, now)
        record = replace(
            game.record,
            version=game.record.version + 1,
            status=status,
            deadline=deadline,
            clock_deadline=clock_deadline,
            wake_at=None,
        )
        seats = game.seats
        if timeouts is not None:
            seats = [replace(s, timeouts=timeouts[1]) if s.seat == timeouts[0] else s for s in seats]
        after = LoadedGame(record, seats, game.info, new_state)
        if self.shared and self.next_wake is not None and status == "running":
            after.record = record = replace(record, wake_at=self.next_wake(after, None))
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
                timeouts=timeouts,
                wake_at=record.wake_at,
            )
        except StorageConflict:
            self._written(game.id)  # the cached game is stale: read the stored one next time
            raise StaleDecision(_("Someone else acted first; look at the latest message.")) from None
        assert version == record.version
        self._written(game.id, after)
        return ActionResult(after, seat, events)

    async def act_forced(self, game_id: int, seat: int, action: Any, *, timed_out: bool) -> ActionResult:
        """The turn clock's default action for `seat`, logged with user id 0 (forced). The
        seat's first forced action of an expiry (`timed_out`) counts one more timeout in a row,
        in the same commit."""
        self._require_lock(game_id)
        game = await self.load(game_id)
        if game.record.status != "running":
            raise StaleDecision(closed_reason(game.record.status))
        timeouts = (seat, game.seats[seat].timeouts + 1) if timed_out else None
        return await self._apply_and_commit(game, seat, FORCED_BY_CLOCK, action, timeouts=timeouts)

    async def ensure_deadline(self, game_id: int) -> LoadedGame:
        """A running game whose decision has a timer (or a turn clock) but no stored deadline gets
        one from now: a game just started (the start stores none; a restart right after the start
        finds none either). A commit stores each action's deadlines with it."""
        self._require_lock(game_id)
        game = await self.load(game_id)
        if game.record.status != "running" or game.state is None:
            return game
        timer = game.rules.timer(game.state)
        if timer is not None and game.record.deadline is None:
            deadline = self.clock() + timer.seconds
            await self.store.set_deadline(game_id, deadline)
            game = game.with_record(deadline=deadline)
            self._written(game_id, game)
        seconds = clock_seconds(game.record.options)
        if seconds is not None and game.record.clock_deadline is None:
            clock_deadline = self.clock() + seconds
            await self.store.set_clock(game_id, clock_deadline)
            game = game.with_record(clock_deadline=clock_deadline)
            self._written(game_id, game)
        return game
