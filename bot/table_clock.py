"""The turn clock on Discord (rules in `bot.clock`), mixed into `bot.table.Table`: a warning in
the channel when a quarter of the time is left, the games' default actions at the deadline, an AI
for a seat that keeps running out of time, and `/reclaim` to take the seat back."""

from __future__ import annotations

import discord

from bot.answers import answers_errors
from bot.clock import TIMEOUTS_BEFORE_AI, WARN_SHARE, clock_seconds
from bot.errors import NotAPlayer, UserError
from bot.render.base import Payload
from bot.service import ActionResult, LoadedGame

#: At most this many forced actions per expiry (each re-checked; a guard, never reached in play).
MAX_FORCED = 200


class TableClock:
    def _schedule_clock(self, game: LoadedGame) -> None:
        """Keep the warning and the expiry in step with the game's decision and clock deadline."""
        deadline = game.record.clock_deadline
        seconds = clock_seconds(game.record.options)
        if deadline is None or seconds is None or game.record.status != "running":
            self.clock_warnings.cancel(game.id)
            self.clock_expiries.cancel(game.id)
            return
        self.clock_warnings.schedule(game.id, game.decision, deadline - seconds * WARN_SHARE)
        self.clock_expiries.schedule(game.id, game.decision, deadline)

    async def on_clock_warning(self, game_id: int, decision: int) -> None:
        game = await self.service.load(game_id)
        if not game.clock_applies() or game.decision != decision:
            return
        waiting = game.humans_to_decide()
        if not waiting or game.record.clock_deadline is None:
            return
        mentions = " ".join(f"<@{game.user_of(seat)}>" for seat in waiting)
        await self.messenger.send_channel(
            game.record.channel_id,
            Payload(
                content=f"\N{ALARM CLOCK} {mentions}: {game.info.title} #{game.id} is waiting for you. "
                f"Time runs out <t:{int(game.record.clock_deadline)}:R>, then the bot chooses for you."
            ),
        )

    async def on_clock_expiry(self, game_id: int, decision: int) -> None:
        """Every person still deciding gets the game's default action (one at a time, each
        re-checked); who was forced is said in the channel, never what was chosen."""
        results: list[ActionResult] = []
        forced: list[int] = []  # seats the clock chose for, in order
        handed: list[str] = []
        async with self.service.lock(game_id):
            skip: set[int] = set()
            for _ in range(MAX_FORCED):  # a seat may need several (one Shiny! card at a time)
                game = await self.service.load(game_id)
                if not game.clock_applies() or game.decision != decision:
                    break
                seats = [seat for seat in game.humans_to_decide() if seat not in skip]
                if not seats:
                    break
                seat = seats[0]
                action = game.rules.default_action(game.state, seat)
                if action is None:
                    skip.add(seat)
                    continue
                try:
                    results.append(await self.service.act_forced(game_id, seat, action))
                except UserError:
                    skip.add(seat)
                    continue
                if seat not in forced:
                    forced.append(seat)
            for seat in forced:
                game = await self.service.load(game_id)
                if game.record.status != "running" or game.is_ai(seat):
                    continue
                timeouts = game.seats[seat].timeouts + 1
                game = await self.service.set_timeouts(game_id, seat, timeouts)
                if timeouts >= TIMEOUTS_BEFORE_AI:
                    name = game.names[seat]
                    await self.service.hand_to_ai(game_id, seat, owner=(game.user_of(seat), name))
                    handed.append(name)
            if not results:
                return
            game = await self.service.load(game_id)
            events = [event for result in results for event in result.events]
            await self._refresh_table(game, self.table_payload(game, events))
        names = [results[0].game.names[seat] for seat in forced]
        text = f"\N{ALARM CLOCK} Time ran out: the clock chose for {', '.join(names)}."
        if handed:
            text += (
                f" {', '.join(handed)} ran out of time {TIMEOUTS_BEFORE_AI} times in a row: an AI plays "
                "for them now; `/reclaim` takes the seat back."
            )
        await self.messenger.send_channel(game.record.channel_id, Payload(content=text))
        for result in results:
            await self._notify(result, skip=())
        last = results[-1]
        last.game = game
        await self._after_action(last)

    async def _reset_timeouts(self, game: LoadedGame, seat: int) -> LoadedGame:
        """A person who acted by themselves starts counting timeouts from zero again."""
        if game.seats[seat].timeouts:
            return await self.service.set_timeouts(game.id, seat, 0)
        return game

    @answers_errors
    async def reclaim(self, interaction: discord.Interaction) -> None:
        """Take back the seat an AI plays after your timeouts."""
        user = interaction.user
        try:
            records = await self.service.store.games_in_channel(interaction.channel_id, statuses=("running",))
            for record in records:
                game = await self.service.load(record.id)
                seat = next((s.seat for s in game.seats if s.owner_id == user.id), None)
                if seat is not None:
                    break
            else:
                raise NotAPlayer("No AI is keeping a seat for you in this channel.")
            async with self.service.lock(game.id):
                game = await self.service.reclaim(game.id, seat)
                await self._refresh_table(game, self.table_payload(game))
        except UserError as error:
            await self.refuse(interaction, error.message)
            return
        self._schedule_ai(game)
        await interaction.response.send_message(
            f"Welcome back, {user.display_name}: you play your seat in {game.info.title} #{game.id} again."
        )
        await self._send_private(game, [seat], ())
