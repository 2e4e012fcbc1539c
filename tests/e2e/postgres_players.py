"""`Players` over a PostgreSQL database: the same scripted players (they act only by clicking what
Discord shows them), reading the committed game from PostgreSQL (asyncpg, read-only queries)
instead of a SQLite file, for bots that share one PostgreSQL database (several shard processes).

    pool = await asyncpg.create_pool(url)
    table = PostgresPlayers(loop, pool, channel_id, [201, 202], seed=1, game="christmas-tree")
    await table.open()
    while await table.step() is not None: ...
    assert await replayed_state_pg(pool, table.game_id) == (await table.current()).state
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bot.plugins import PLUGINS
from tests.e2e.players import Players, Snapshot
from tests.loopback import LoopbackDiscord

_GAME = (
    "SELECT status, version, state_json, table_message_id, seed, game_name, options_json "
    "FROM games WHERE id = $1"
)
_SEATS = "SELECT user_id FROM seats WHERE game_id = $1 ORDER BY seat"
_LOG = "SELECT seq, seat, action_json FROM actions WHERE game_id = $1 ORDER BY seq"


async def read_game_pg(pool: Any, game_id: int) -> Snapshot:
    """The committed game (`pool`: an asyncpg pool or connection)."""
    row = await pool.fetchrow(_GAME, game_id)
    if row is None:
        raise LookupError(f"no game {game_id} in the database")
    users = [seat["user_id"] for seat in await pool.fetch(_SEATS, game_id)]
    rules = PLUGINS.get(row["game_name"]).rules
    state = rules.load_state(row["state_json"]) if row["state_json"] else None
    return Snapshot(
        row["status"],
        row["version"],
        state,
        row["table_message_id"],
        users,
        row["seed"],
        rules,
        json.loads(row["options_json"]),
    )


async def read_log_pg(pool: Any, game_id: int) -> list[tuple[int, int, str]]:
    return [(r["seq"], r["seat"], r["action_json"]) for r in await pool.fetch(_LOG, game_id)]


async def replayed_state_pg(pool: Any, game_id: int) -> Any:
    """The game's state recomputed from its seed and its action log alone."""
    snap = await read_game_pg(pool, game_id)
    rules = snap.rules
    actions = [(seat, rules.load_action(action)) for _, seat, action in await read_log_pg(pool, game_id)]
    return rules.replay(len(snap.user_ids), rules.parse_options(snap.options), snap.seed, actions)


class PostgresPlayers(Players):
    """Everyone at one table, reading the game from PostgreSQL (`await current()`; the SQLite
    `snapshot()` is not available)."""

    def __init__(
        self,
        loop: LoopbackDiscord,
        pool: Any,
        channel_id: int,
        user_ids: list[int],
        seed: int,
        game: str = "secret-krampus",
        options: dict[str, str] | None = None,
    ) -> None:
        super().__init__(loop, Path("/nonexistent/postgres"), channel_id, user_ids, seed, game, options)
        self.pool = pool
        self.reads = 0  # games read (two queries each): the load benchmark counts its own queries

    def snapshot(self) -> Snapshot:
        raise TypeError("this table's game is in PostgreSQL: use `await players.current()`")

    async def current(self) -> Snapshot:
        self.reads += 1
        return await read_game_pg(self.pool, self.game_id)
