"""The one path every change to a game takes:

    lock -> load -> checks -> apply -> commit -> wake-ups from the committed state -> outbox

`Pipeline.run(game_id, step)` takes the game's lock, runs `step` (which loads, checks, applies and
commits through `GameService`, raising `UserError` with nothing written on a refusal), then, still
inside the lock and from the committed game, re-schedules the game's wake-ups (AI turn, reaction
window, turn clock) and queues what the players must be shown in the game's `Outbox`: the table,
private news, a notification for each player a decision became theirs while they were not playing
along, channel posts. After the lock is released, `deliver(game_id)` (the Discord side) empties
the outbox, always from the newest committed game.

Clicks, AI turns, reaction-window timers, the turn clock's warning and expiry, start, leave,
replace, reclaim, abandon, take-the-win and rematch all come through here. No Discord here.

Several processes on one PostgreSQL database (`GameService.shared`): the lock is also the
database's lock of the game, and every step stores when the game must next act on its own
(`wake_at`, in the action's own transaction, or right after a step that changed it otherwise).
Each process polls (`bot.wake_poller`) for games whose `wake_at` is overdue (the process that
committed runs its own timers first) and runs what is due through the same handlers, which all
re-check the game's version or decision under the lock: a wake-up run by two processes is applied
once, and one whose process died is run by another within a few seconds.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from bot.ai_seats import policy_for
from bot.attention import Attention
from bot.clock import TIMEOUTS_BEFORE_AI, ClockExpiry
from bot.errors import UserError
from bot.i18n import _, using
from bot.loaded_game import LoadedGame
from bot.outbox import KEPT_CHANGES, Change, Notice, Outbox, Post
from bot.service import GameService
from bot.settings import AI_DELAY
from bot.wake_poller import WakePoller
from bot.wakeups import Wakeups
from games.core import Event
from games.core.ai import RandomPolicy, ai_rng, decide

log = logging.getLogger(__name__)

#: At most this many forced actions per clock expiry (each re-checked; never reached in play).
MAX_FORCED = 200

Step = Callable[[], Awaitable[Change]]
Deliver = Callable[[int], Awaitable[None]]


async def _nothing_to_deliver(game_id: int) -> None:
    return None


class Pipeline:
    def __init__(self, service: GameService, *, ai_pause: float = AI_DELAY) -> None:
        self.service = service
        self.clock = service.clock
        self.wakeups = Wakeups(
            clock=service.clock,
            ai_pause=ai_pause,
            on_ai_turn=self.ai_turn,
            on_window=self.close_window,
            on_clock_warning=self.clock_warning,
            on_clock_expiry=self.clock_expiry,
        )
        #: Empties a game's outbox onto Discord: `bot.delivery.Delivery.deliver`, which sets it
        #: (the pipeline imports no Discord); nothing until then (tests of the service alone).
        self.deliver: Deliver = _nothing_to_deliver
        #: Also run by `stop` (the Discord side's trailing writes; `Delivery` adds them).
        self.on_stop: list[Callable[[], Awaitable[None]]] = []
        self.outboxes: dict[int, Outbox] = {}
        #: who is playing along, and which decisions were looked at: whom a commit notifies
        self.attention = Attention(service.store, service.clock, shared=service.shared)
        self._histories: dict[int, tuple[int, list[Event]]] = {}  # game -> (version, events), for AIs
        service.next_wake = self.wakeups.next_wake  # (the service stores it with each commit)
        #: several processes: runs any game's overdue wake-ups (`wake`)
        self.poller = WakePoller(service, self.wake)

    async def stop(self) -> None:
        await self.poller.stop()
        await self.wakeups.stop()
        for stop in self.on_stop:
            await stop()

    # -- the path ------------------------------------------------------------------------------
    async def run(self, game_id: int, step: Step, *, user_id: int | None = None) -> Change:
        """Run `step` in the game's lock, then schedule and queue from what it committed.
        `user_id`: the person whose command this is (they are playing along from now). A game
        another process holds too long is refused before anything changes (`GameBusy`)."""
        async with self.service.lock(game_id, refuse_when_busy=True):
            before = await self._loaded(game_id)
            change = await step()
            if self.service.shared:
                change.game = await self._store_wake(change.game)
            told = self.committed(before, change, user_id)
            if told:  # (where this process may not know who is idle)
                outbox = self.outboxes.get(game_id)
                idle = await self.attention.keep_idle(change.game, told)
                if outbox is not None:
                    outbox.notices = [n for n in outbox.notices if n not in told or n in idle]
        return change

    async def _store_wake(self, game: LoadedGame) -> LoadedGame:
        """Several processes: make the stored `wake_at` match the game (with its lock held)."""
        stored = game.record.wake_at
        wake = self.wakeups.next_wake(game, stored)
        if game.record.status != "running" or wake == stored:
            return game
        if wake is not None and stored is not None and abs(wake - stored) < 0.001:
            return game
        return await self.service.set_wake(game.id, wake)

    # -- the safety net of several processes: an overdue wake-up of any game (`bot.wake_poller`) --
    async def wake(self, game_id: int) -> None:
        """Run what of the game is due now (each handler re-checks it under the lock); with
        nothing due, store the game's right `wake_at`."""
        game = await self._loaded(game_id)
        if game is None or game.record.status != "running" or game.state is None:
            return
        now, record = self.clock(), game.record
        if record.deadline is not None and record.deadline <= now and game.rules.timer(game.state):
            return await self.close_window(game_id, game.decision)
        if game.ai_to_decide():
            return await self.ai_turn(game_id, record.version)
        warning, deadline = self.wakeups.clock_times(game)  # (the same moments its timers wait for)
        if deadline is not None and deadline <= now:
            return await self.clock_expiry(game_id, game.decision)
        if warning is not None and warning <= now:
            return await self.clock_warning(game_id, game.decision)
        async with self.service.lock(game_id):
            game = await self._loaded(game_id)
            if game is not None:
                await self._store_wake(game)

    def committed(self, before: LoadedGame | None, change: Change, user_id: int | None) -> list[Notice]:
        """Inside the lock, after a commit: wake-ups and the outbox, from the committed game.
        Returns the notifications it queued."""
        game = change.game
        now = self.clock()
        if user_id is not None and user_id > 0:
            self.attention.seen(game.id, user_id)
        self.wakeups.sync(game)
        outbox = self.outboxes.get(game.id)
        if outbox is None:
            outbox = self.outboxes[game.id] = Outbox(game)  # (`add` below makes `game` its newest)
        outbox.add(change)
        outbox.posts += change.posts
        cached = self._histories.get(game.id)
        if cached is not None and cached[0] == game.record.version - 1 and change.events:
            self._histories[game.id] = (game.record.version, cached[1] + list(change.events))
        queued = len(outbox.notices)
        status, was = game.record.status, before.record.status if before is not None else None
        if status != was and status != "lobby":  # (the operator's log: a game started, or is over)
            now_is = "started" if status == "running" else status
            log.info("game %s (%s, %d seats) %s", game.id, game.record.game_name, len(game.seats), now_is)
        if status == "running":
            outbox.notices += self.attention.queue(before, game, now)
        elif before is not None and before.record.status == "running" and game.outcome() is not None:
            outbox.posts.append(Post("ended"))
        told = outbox.notices[queued:]
        if not game.record.live:
            self._forget(game.id)
            self.poller.forget(game.id)
        return told

    def latest(self, outbox: Outbox) -> Outbox:
        """The newest outbox of `outbox`'s game, or `outbox` itself once the game is over and
        forgotten (a write made again draws what the game shows now, its end included)."""
        return self.outboxes.get(outbox.game.id) or outbox

    def outbox(self, game_id: int) -> Outbox | None:
        """The game's outbox: what is to show of it, from its newest committed game (None: this
        process holds none, e.g. the game is over and forgotten)."""
        return self.outboxes.get(game_id)

    def outbox_holding(self, game: LoadedGame) -> Outbox:
        """The game's outbox (made if there is none), now holding `game`, the newest committed
        game."""
        outbox = self.outboxes.get(game.id)
        if outbox is None:
            outbox = self.outboxes[game.id] = Outbox(game)
        outbox.game = game
        return outbox

    def bookkept(self, game: LoadedGame) -> None:
        """After a bookkeeping write (which message is the table, a seat's DM or view): the
        outbox holds `game` if it is the same version (a newer commit holds its own)."""
        outbox = self.outboxes.get(game.id)
        if outbox is not None and outbox.game.record.version == game.record.version:
            outbox.game = game

    def _forget(self, game_id: int) -> None:
        self._histories.pop(game_id, None)
        self.attention.forget(game_id)

    async def _loaded(self, game_id: int) -> LoadedGame | None:
        try:
            return await self.service.load(game_id)
        except UserError:
            return None

    async def resume(self, game_id: int) -> Change:
        """After a restart: store any missing deadline, schedule the wake-ups, queue a redraw."""

        async def step() -> Change:
            return Change(await self.service.ensure_deadline(game_id))

        change = await self.run(game_id, step)
        outbox = self.outboxes[game_id]
        outbox.redraw.update(range(len(change.game.seats)))
        if change.game.record.status == "running":  # (what the messages told is told again)
            outbox.replay(await self.service.recent_changes(change.game, KEPT_CHANGES))
        return change

    # -- wake-ups: each one is a command through `run`, then delivered --------------------------
    async def ai_turn(self, game_id: int, version: int) -> None:
        """The first AI seat that must decide acts, from its own view and seen events only."""

        async def step() -> Change:
            game = await self.service.load(game_id)
            seats = game.ai_to_decide()
            if game.record.version != version or not seats:
                return Change(game)
            seat = seats[0]
            history = await self._history(game)
            rng = ai_rng(game.record.seed, seat, version)
            assert game.state is not None
            try:
                action = decide(game.rules, game.state, seat, policy_for(game.record.game_name), history, rng)
            except Exception:  # an AI's bug must never stall a table: a random legal move instead
                log.exception("AI of game %s seat %s failed; playing a random legal move", game_id, seat)
                action = decide(game.rules, game.state, seat, RandomPolicy(), history, rng)
            try:  # (a storage error is raised, as from any step: it is not the AI's)
                result = await self.service.act_as_ai(game_id, seat, action)
            except UserError as error:
                if type(error) is not UserError:  # (not the rules' refusal, `bot.errors.refusal`)
                    raise
                log.error("game %s seat %s: the rules refused its AI move (%s)", game_id, seat, error)
                action = decide(game.rules, game.state, seat, RandomPolicy(), history, rng)
                result = await self.service.act_as_ai(game_id, seat, action)
            return Change(result.game, result.events)

        await self.run(game_id, step)
        await self.deliver(game_id)

    async def _history(self, game: LoadedGame) -> list[Event]:
        cached = self._histories.get(game.id)
        if cached is None or cached[0] != game.record.version:
            cached = (game.record.version, await self.service.history(game.id))
            self._histories[game.id] = cached
        return cached[1]

    async def close_window(self, game_id: int, decision: int) -> None:
        """A decision's own timer ran out (a reaction window): its action, from the system seat."""

        async def step() -> Change:
            result = await self.service.act_on_timer(game_id, decision)
            if result is None:
                return Change(await self.service.load(game_id))
            return Change(result.game, result.events)

        try:
            await self.run(game_id, step)
        except UserError as error:
            log.warning("timer of game %s refused: %s", game_id, error.message)
            return
        await self.deliver(game_id)

    async def clock_warning(self, game_id: int, decision: int) -> None:
        """A quarter of the turn clock is left: one channel post mentioning who must decide."""

        async def step() -> Change:
            game = await self.service.load(game_id)
            waiting = game.humans_to_decide()
            deadline = game.record.clock_deadline
            # (not once the deadline passed: after a restart the expiry comes at once)
            due = game.clock_applies() and game.decision == decision and bool(waiting)
            if due and deadline is not None and deadline > self.clock():
                # once per deadline (stored: not again after a restart, nor by another process)
                first, game = await self.service.set_warned(game_id, deadline)
                if not first:
                    return Change(game)
                named = [game.user_of(seat) for seat in waiting]
                # (pushed only those not told of this decision yet: one push per decision)
                pings = tuple(
                    game.user_of(s) for s in waiting if not self.attention.was_pushed(game.id, decision, s)
                )
                at = " ".join(f"<@{u}>" for u in named)
                with using(game.record.locale):  # a channel post: the table's language
                    values: dict[str, object] = {"game": _(game.info.title), "number": game.id}
                    values["deadline"] = int(deadline)
                    if len(named) == 1:  # (one player and several are told apart: "dich" / "euch")
                        text = _(
                            "\N{ALARM CLOCK} {mention}: {game} #{number} is waiting for you. "
                            "Time runs out <t:{deadline}:R>, then the clock chooses for you.",
                            mention=at,
                            **values,
                        )
                    else:
                        text = _(
                            "\N{ALARM CLOCK} {mentions}: {game} #{number} is waiting for you. "
                            "Time runs out <t:{deadline}:R>, then the clock chooses for you.",
                            mentions=at,
                            **values,
                        )
                return Change(game, posts=[Post("text", text, tuple(named), pings=pings)])
            return Change(game)

        await self.run(game_id, step)
        await self.deliver(game_id)

    async def clock_expiry(self, game_id: int, decision: int) -> None:
        """Every person still deciding gets the game's default action (one at a time, each
        re-checked); a seat out of time twice in a row is handed to an AI. The channel is told
        whose choice the clock made, never what it was."""
        done = ClockExpiry()

        async def step() -> Change:
            events: list[Event] = []
            skip: set[int] = set()
            forced: list[int] = []
            for _attempt in range(MAX_FORCED):  # a seat may need several (one Shiny! card at a time)
                game = await self.service.load(game_id)
                if not game.clock_applies() or game.decision != decision:
                    break
                seats = [seat for seat in game.humans_to_decide() if seat not in skip]
                if not seats:
                    break
                seat = seats[0]
                assert game.state is not None
                if done.decision is None:  # (the decision as it was when the time ran out)
                    done.decision = game.rules.decision_label(game.state)
                action = game.rules.default_action(game.state, seat)
                if action is None:
                    skip.add(seat)
                    continue
                try:
                    result = await self.service.act_forced(
                        game_id, seat, action, timed_out=seat not in forced
                    )
                except UserError:
                    skip.add(seat)
                    continue
                events += result.events
                if seat not in forced:
                    forced.append(seat)
            game = await self.service.load(game_id)
            done.forced = [game.names[seat] for seat in forced]
            for seat in forced:
                if game.record.status == "running" and not game.is_ai(seat):
                    if game.seats[seat].timeouts >= TIMEOUTS_BEFORE_AI:
                        name = game.names[seat]
                        game = await self.service.hand_to_ai(game_id, seat, owner=(game.user_of(seat), name))
                        done.handed.append(name)
            if done.forced:
                with using(game.record.locale):  # a channel post: the table's language
                    text = done.text()
                return Change(game, events, posts=[Post("clock", text)])
            return Change(game, events)

        await self.run(game_id, step)
        await self.deliver(game_id)
