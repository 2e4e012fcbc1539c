"""The flows behind every click and command: one path from interaction to committed action to
rendered messages. Refusals (`UserError`) become an ephemeral reason in one place (`refuse`).

Order of work for a game action: take the game's lock -> `GameService.act` (seat, decision,
legality, apply, commit) -> answer the interaction by editing the message that was clicked
(the table, or the player's private message) -> release the lock -> DM the seats that have
private news or a private decision. Nothing is shown before it is committed.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Sequence

import discord

from bot.ai_seats import ai_delay, policy_for
from bot.answers import answers_errors
from bot.components import MineButton, RematchButton
from bot.errors import GameNotFound, NotAPlayer, StaleDecision, UserError
from bot.messenger import Messenger
from bot.render import RENDERERS
from bot.render.base import GameRenderer, Payload, TableContext, new_view
from bot.render.lobby import closed_payload, lobby_payload
from bot.service import ActionResult, GameService, LoadedGame
from bot.shown_pictures import ShownPictures
from bot.table_clock import TableClock
from bot.table_commands import TableCommands
from bot.table_history import TableHistory
from bot.table_seats import TableSeats
from bot.table_stats import TableStats
from bot.timers import TimerTasks
from games.core import Event, visible_events
from games.core.ai import RandomPolicy, ai_rng, decide

log = logging.getLogger(__name__)

CLOSED_TEXT = {"cancelled": "lobby cancelled", "abandoned": "abandoned"}


class Table(TableCommands, TableHistory, TableStats, TableSeats, TableClock):
    """The click and action flows; slash commands, the log and export, stats, leaving players and
    the turn clock are in the mixins (`bot.table_*`), which use the attributes set here."""

    def __init__(self, service: GameService, messenger: Messenger, *, ai_delay: float = 1.5) -> None:
        self.service = service
        self.messenger = messenger
        self.ai_delay = ai_delay  # seconds an AI seat "thinks" before acting (0 in tests)
        self.ai_turns = TimerTasks(self.on_ai_turn, service.clock)
        self.clock_warnings = TimerTasks(self.on_clock_warning, service.clock)
        self.clock_expiries = TimerTasks(self.on_clock_expiry, service.clock)
        self._histories: dict[int, tuple[int, list[Event]]] = {}  # game -> (version, events)
        self._reminded: set[tuple[int, int, int]] = set()  # (game, decision, user) already told
        self.pictures = ShownPictures()
        self.timers = TimerTasks(self.on_timer, service.clock)

    async def stop(self) -> None:
        """Cancel every waiting timer, AI turn and clock (on shutdown: all are stored)."""
        for tasks in (self.timers, self.ai_turns, self.clock_warnings, self.clock_expiries):
            await tasks.stop()

    # -- rendering ---------------------------------------------------------------------------
    def renderer(self, game: LoadedGame) -> GameRenderer:
        return RENDERERS[game.record.game_name]

    def context(self, game: LoadedGame) -> TableContext:
        return TableContext(game.id, game.decision, game.names, game.info.title, game.record.deadline)

    def table_payload(self, game: LoadedGame, events: Sequence[Event] = ()) -> Payload:
        status = game.record.status
        if status == "lobby":
            host = game.names[0] if game.names else "?"
            return lobby_payload(game.id, game.info, game.names, host, game.record.options)
        if game.state is None:
            return closed_payload(game.id, game.info.title, CLOSED_TEXT.get(status, status))
        payload = self.renderer(game).table(game.view(None), self.context(game), visible_events(events, None))
        if status == "running":
            label = getattr(self.renderer(game), "private_button", "My role & cards")
            closed = [seat.display_name for seat in game.seats if seat.dm_open is False]
            if closed and payload.embeds:
                payload.embeds[-1].add_field(
                    name="\N{CLOSED MAILBOX WITH LOWERED FLAG} DMs closed",
                    value=f"{', '.join(closed)}: use **{label}** below (or `/hand`).",
                    inline=False,
                )
            waiting = game.humans_to_decide() if game.clock_applies() else []
            if game.record.clock_deadline is not None and waiting and payload.embeds:
                payload.embeds[-1].add_field(
                    name="\N{ALARM CLOCK} Turn clock",
                    value=f"{', '.join(game.names[s] for s in waiting)}: "
                    f"<t:{int(game.record.clock_deadline)}:R>, then the bot chooses.",
                    inline=False,
                )
            if payload.view is None:
                payload.view = discord.ui.View(timeout=None)
            payload.view.add_item(MineButton(game.id, label))
        else:
            payload.view = None
            if status == "abandoned" and payload.embeds:
                payload.embeds[0].title = f"{payload.embeds[0].title} (abandoned)"
                payload.embeds[0].description = "This game was abandoned. It stays recorded."
        return payload

    def private_payload(
        self, game: LoadedGame, seat: int, events: Sequence[Event] = (), draft: str | None = None
    ) -> Payload:
        return self.renderer(game).private(
            game.view(seat), self.context(game), visible_events(events, seat), draft
        )

    # -- answering -----------------------------------------------------------------------------
    async def refuse(self, interaction: discord.Interaction, message: str) -> None:
        """The one place a refusal is shown: an ephemeral reply to whoever clicked."""
        if interaction.response.is_done():
            await interaction.followup.send(message, ephemeral=True)
        else:
            await interaction.response.send_message(message, ephemeral=True)

    async def _answer_by_edit(self, interaction: discord.Interaction, payload: Payload) -> bool:
        """Edit the clicked message as the interaction's answer. The action is already committed,
        so if Discord refuses (e.g. the 3 s window passed), the caller repairs by REST instead."""
        message_id = interaction.message.id if interaction.message is not None else None
        try:
            await interaction.response.edit_message(
                **self.pictures.for_edit(message_id, payload).edit_kwargs()
            )
        except discord.HTTPException as error:
            log.warning("answering interaction %s failed: %s", getattr(interaction, "id", "?"), error)
            return False
        self.pictures.shown(message_id, payload)
        return True

    async def _refresh_table(self, game: LoadedGame, payload: Payload) -> None:
        message_id = game.record.table_message_id
        if message_id is not None and await self.messenger.edit_message(
            game.record.channel_id, message_id, self.pictures.for_edit(message_id, payload)
        ):
            self.pictures.shown(message_id, payload)
            return
        new_id = await self.messenger.send_channel(game.record.channel_id, payload)
        self.pictures.shown(new_id, payload)
        if new_id is not None:
            await self.service.set_table_message(game.id, new_id)

    # -- components ------------------------------------------------------------------------------
    @answers_errors
    async def on_lobby_click(self, interaction: discord.Interaction, game_id: int, op: str) -> None:
        user = interaction.user
        async with self.service.lock(game_id):
            try:
                if op == "join":
                    game = await self.service.join(game_id, user.id, user.display_name)
                elif op == "leave":
                    game = await self.service.leave(game_id, user.id)
                elif op == "start":
                    await self.service.start(game_id, user.id)
                    game = await self.service.ensure_deadline(game_id)  # timers, turn clock
                elif op == "addai":
                    game = await self.service.add_ai(game_id, user.id)
                elif op == "removeai":
                    game = await self.service.remove_ai(game_id, user.id)
                else:
                    game = await self.service.cancel(game_id, user.id)
            except UserError as error:
                await self.refuse(interaction, error.message)
                return
            payload = self.table_payload(game)
            if not await self._answer_by_edit(interaction, payload):
                await self._refresh_table(game, payload)
            if interaction.message is not None and game.record.table_message_id != interaction.message.id:
                await self.service.set_table_message(game_id, interaction.message.id)
            if op == "start":
                self.timers.schedule(game_id, game.decision, game.record.deadline)
                self._schedule_ai(game)
                self._schedule_clock(game)
        if op == "start":
            await self._deal(game)

    @answers_errors
    async def on_action(
        self, interaction: discord.Interaction, game_id: int, decision: int, code: str
    ) -> None:
        async with self.service.lock(game_id):
            try:
                result = await self.service.act(game_id, interaction.user.id, decision, code)
            except UserError as error:
                await self.refuse(interaction, error.message)
                return
            game = result.game
            if game.seats[result.seat].timeouts:  # acted in time: the timeouts count starts again
                game = result.game = await self.service.set_timeouts(game_id, result.seat, 0)
            on_table = (
                interaction.message is not None and interaction.message.id == game.record.table_message_id
            )
            table = self.table_payload(game, result.events)
            if on_table:
                if not await self._answer_by_edit(interaction, table):
                    await self._refresh_table(game, table)
            else:
                private = self.private_payload(game, result.seat, result.events)
                await self._answer_by_edit(interaction, private)
                await self._refresh_table(game, table)
        if on_table:
            note = self.renderer(game).acknowledge(
                game.view(result.seat),
                self.context(game),
                visible_events(result.events, result.seat),
            )
            if note:
                await interaction.followup.send(note, ephemeral=True)
        await self._notify(result, skip=() if on_table else (result.seat,))
        await self._after_action(result)

    async def _after_action(self, result: ActionResult) -> None:
        """Keep the game's timer in step with its new decision; announce the end."""
        game = result.game
        cached = self._histories.get(game.id)
        if cached is not None and cached[0] == game.record.version - 1:
            self._histories[game.id] = (game.record.version, cached[1] + list(result.events))
        self.timers.schedule(game.id, game.decision, game.record.deadline)
        self._schedule_ai(game)
        self._schedule_clock(game)
        outcome = game.outcome()
        if outcome is not None:
            self.timers.cancel(game.id)
            self._histories.pop(game.id, None)
            self.service.forget(game.id)
            ending = self.renderer(game).ending(game.view(None), self.context(game), outcome.summary)
            await self.messenger.send_channel(
                game.record.channel_id,
                Payload(
                    content=f"**{game.info.title} #{game.id} is over.** {ending}\n"
                    "The table message above shows how it ended.",
                    view=new_view(RematchButton(game.id)),
                ),
            )

    # -- AI seats ---------------------------------------------------------------------------------
    def _schedule_ai(self, game: LoadedGame) -> None:
        """If an AI seat must decide now, let it act after a short pause; else nothing waits."""
        if not game.ai_to_decide():
            self.ai_turns.cancel(game.id)
            return
        pause = ai_delay(self.ai_delay, game.record.seed, game.record.version)
        self.ai_turns.schedule(game.id, game.record.version, self.service.clock() + pause)

    async def _history(self, game: LoadedGame) -> list[Event]:
        cached = self._histories.get(game.id)
        if cached is None or cached[0] != game.record.version:
            cached = (game.record.version, await self.service.history(game.id))
            self._histories[game.id] = cached
        return cached[1]

    async def on_ai_turn(self, game_id: int, version: int) -> None:
        """The first AI seat that must decide acts, from its own view and seen events only,
        through the same commit and render as a click."""
        async with self.service.lock(game_id):
            game = await self.service.load(game_id)
            seats = game.ai_to_decide()
            if game.record.version != version or not seats:
                return
            seat = seats[0]
            history = await self._history(game)
            rng = ai_rng(game.record.seed, seat, version)
            try:
                action = decide(game.rules, game.state, seat, policy_for(game.record.game_name), history, rng)
                result = await self.service.act_as_ai(game_id, seat, action)
            except Exception:  # an AI bug must never stall a table: play a random legal move instead
                log.exception("AI of game %s seat %s failed; playing a random legal move", game_id, seat)
                action = decide(game.rules, game.state, seat, RandomPolicy(), history, rng)
                result = await self.service.act_as_ai(game_id, seat, action)
            await self._refresh_table(result.game, self.table_payload(result.game, result.events))
        await self._notify(result, skip=())
        await self._after_action(result)

    async def on_timer(self, game_id: int, decision: int) -> None:
        """The clock closes `decision` (e.g. a reaction window): the same commit and render as a
        click, from the system seat; then DMs and the next timer."""
        async with self.service.lock(game_id):
            try:
                result = await self.service.act_on_timer(game_id, decision)
            except UserError as error:
                log.warning("timer of game %s refused: %s", game_id, error.message)
                return
            if result is None:
                return
            await self._refresh_table(result.game, self.table_payload(result.game, result.events))
        await self._notify(result, skip=())
        await self._after_action(result)

    @answers_errors
    async def on_rematch(self, interaction: discord.Interaction, game_id: int) -> None:
        """A new lobby with the same seats and options, posted as a new message in the channel."""
        user = interaction.user
        async with self.service.lock(game_id):
            try:
                game, left_out = await self.service.rematch(game_id, user.id, user.display_name)
            except UserError as error:
                await self.refuse(interaction, error.message)
                return
        note = f" ({', '.join(left_out)} could not be seated: already in a game here.)" if left_out else ""
        payload = self.table_payload(game)
        payload.content = f"**Rematch!** {user.display_name} opened a new lobby.{note}"
        await interaction.response.send_message(**payload.send_kwargs())
        message = await interaction.original_response()
        await self.service.set_table_message(game.id, message.id)

    @answers_errors
    async def on_lobby_option(
        self, interaction: discord.Interaction, game_id: int, option: str, value: str
    ) -> None:
        async with self.service.lock(game_id):
            try:
                game = await self.service.set_option(game_id, interaction.user.id, option, value)
            except UserError as error:
                await self.refuse(interaction, error.message)
                return
            payload = self.table_payload(game)
            if not await self._answer_by_edit(interaction, payload):
                await self._refresh_table(game, payload)

    @answers_errors
    async def on_draft(
        self, interaction: discord.Interaction, game_id: int, decision: int, draft: str
    ) -> None:
        """Redraw the clicked private message with a choice half made. Reads only: no lock, no
        write; the finished choice is sent by an action component on the redrawn message."""
        try:
            game = await self.service.load(game_id)
            seat = game.seat_of(interaction.user.id)
            if seat is None:
                raise NotAPlayer("You are not playing in this game.")
            if game.record.status != "running" or game.decision != decision:
                raise StaleDecision("That choice is already over; use the latest message.")
        except UserError as error:
            await self.refuse(interaction, error.message)
            return
        await self._answer_by_edit(interaction, self.private_payload(game, seat, (), draft))

    @answers_errors
    async def on_show_private(self, interaction: discord.Interaction, game_id: int) -> None:
        try:
            game = await self.service.load(game_id)
            seat = game.seat_of(interaction.user.id)
            if seat is None:
                raise NotAPlayer("You are not playing in this game; the table shows everything public.")
            if game.state is None:
                raise GameNotFound("This game has not started.")
        except UserError as error:
            await self.refuse(interaction, error.message)
            return
        await interaction.response.send_message(
            **self.private_payload(game, seat).send_kwargs(), ephemeral=True
        )

    # -- private messages ---------------------------------------------------------------------------
    async def _deal(self, game: LoadedGame) -> None:
        """Send every seat its private view at the start (role, what it knows)."""
        await self._send_private(game, range(len(game.seats)), ())

    async def _notify(self, result: ActionResult, skip: Iterable[int]) -> None:
        """DM the seats with private news from this action or a new private decision."""
        game = result.game
        renderer = self.renderer(game)
        news = renderer.private_news(result.events)
        seats = {seat for seat in range(len(game.seats)) if any(e.audience.includes(seat) for e in news)}
        if result.decision_changed:
            seats |= {s for s in game.to_decide() if renderer.has_private_decision(game.view(s))}
        seats -= set(skip)
        await self._send_private(game, sorted(seats), result.events)

    async def _send_private(self, game: LoadedGame, seats: Iterable[int], events: Sequence[Event]) -> None:
        seats = [seat for seat in seats if not game.is_ai(seat)]  # AI seats read no messages
        if not seats:
            return
        payloads = [self.private_payload(game, seat, events) for seat in seats]
        sent = await asyncio.gather(
            *(
                self.messenger.send_dm(game.user_of(seat), payload)
                for seat, payload in zip(seats, payloads, strict=True)
            )
        )
        for payload, message_id in zip(payloads, sent, strict=True):
            self.pictures.shown(message_id, payload)
        flips = [
            (seat, message_id)
            for seat, message_id in zip(seats, sent, strict=True)
            if game.seats[seat].dm_open != (message_id is not None)
        ]
        if not flips:
            return
        async with self.service.lock(game.id):
            for seat, message_id in flips:
                await self.service.set_dm(
                    game.id, seat, dm_open=message_id is not None, dm_message_id=message_id
                )
            latest = await self.service.load(game.id)
            # The table's "DMs closed" notice changes unless DMs merely turned out to be open.
            notice_changed = any(not (game.seats[s].dm_open is None and m is not None) for s, m in flips)
            if notice_changed and latest.record.status == "running":
                await self._refresh_table(latest, self.table_payload(latest))
