"""After a start: this process's live games resumed (`Restart.resume`: their wake-ups scheduled
again, their messages redrawn from the committed state), by the bot's shards (`shard_filter`)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence

from bot.delivery import Delivery
from bot.errors import UserError
from bot.pipeline import Pipeline
from bot.service import GameService
from bot.table_stats import backfill_results

log = logging.getLogger(__name__)


class Restart:
    """The start's work on the games already live: `resume` (called once the bot is connected)."""

    def __init__(self, service: GameService, pipeline: Pipeline, delivery: Delivery) -> None:
        self.service = service
        self.pipeline = pipeline
        self.delivery = delivery

    async def resume(self, pause: float = 0.2) -> int:
        """After a restart: every live game's wake-ups scheduled again and its messages redrawn
        from the committed state (a crash may have come between a commit and its delivery).
        Spaced out to stay inside rate limits.

        Sharded over several processes: each resumes only the games of its own shards' servers
        (games outside a server belong to shard 0), so no two processes redraw the same game; the
        wake-ups of every game are anyone's anyway (`WakePoller.poll`, started here)."""
        await backfill_results(self.service)
        await self.delivery.sends.finish()  # DMs a killed process sent and never recorded
        await self.delivery.notifications.finish_deletes()
        self.pipeline.poller.start()
        mine = self._my_guilds()
        count = 0
        records = [record for record in await self.service.store.live_games() if mine(record.guild_id)]
        await self.delivery.notifications.take_notes({record.id for record in records})  # (settled below)
        queue, retried = [record.id for record in records], set()
        for game_id in queue:  # (a busy one once more, at the end)
            try:
                change = await self.pipeline.resume(game_id)
                if change.game.record.status == "running":  # (drafts lived in the messages)
                    for seat in range(len(change.game.seats)):
                        self.delivery.privates.slot(change.game, seat).restarted = True
                self.delivery.tables.watch_channel(change.game)
                await self.delivery.deliver(game_id)
            except UserError as error:  # another process holds it too long: the others go on
                log.warning("game %s not resumed (yet): %s", game_id, error.message)
                if game_id not in retried:
                    retried.add(game_id)
                    queue.append(game_id)
                continue
            except Exception:  # (a game that cannot be loaded or shown: the others are resumed)
                log.exception("game %s could not be resumed", game_id)
                continue
            count += 1
            await asyncio.sleep(pause)
        return count

    def _my_guilds(self) -> Callable[[int | None], bool]:
        """Whether a game of this server is this process's (by the bot's shards), as Discord
        routes its events: `(guild_id >> 22) % shard_count` is the shard; DMs go to shard 0."""
        client = getattr(self.delivery.messenger, "client", None)
        count, ids = getattr(client, "shard_count", None), getattr(client, "shard_ids", None)
        return shard_filter(count, ids)


def shard_filter(shard_count: int | None, shard_ids: Sequence[int] | None) -> Callable[[int | None], bool]:
    """Whether a game in `guild_id` (None: outside any server) belongs to one of `shard_ids` of
    `shard_count` shards. Not sharded, or all shards here: every game."""
    if not shard_count or shard_count <= 1 or shard_ids is None:
        return lambda guild_id: True
    mine = frozenset(shard_ids)
    return lambda guild_id: (0 if guild_id is None else (guild_id >> 22) % shard_count) in mine
