"""Which process runs which gateway shards, for several processes on one PostgreSQL database.

Each process holds, on a connection of its own for as long as it runs, a shared advisory lock
naming its `SHARD_COUNT` and an exclusive one per shard it runs (`SHARD_IDS`). So a process
started with another count than the running ones, or with a shard another one runs already (two
sessions of one shard get every event of its servers twice), is refused at its start, saying
which process is in the way; and any process can tell which shards run nowhere (`missing`: the
servers on them get no answers). The server drops a process's locks with its connection, also when
the process is killed or its machine is gone (TCP keepalives: about a minute), so nothing is left
to clean up. SQLite has none of this: one process runs every shard there
(`storage.sqlite_setup.only_process_on`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Sequence
from typing import Any

import asyncpg  # type: ignore[import-untyped]

from storage.db import DatabaseError

log = logging.getLogger(__name__)

#: The advisory locks' first keys ("shar", "cnt#" and "strt" in ASCII); the second is the shard id,
#: the shard count, or 0.
SHARD_LOCK = 0x73686172
COUNT_LOCK = 0x636E7423
STARTUP_LOCK = 0x73747274
#: How long another process may stand in the way of a claim before it is refused (seconds): more
#: than a stopping process takes to let go (its clicks and wake-ups under way may take 5 s each,
#: then it disconnects), and how often it is tried again meanwhile.
PATIENCE = 30.0
RETRY_EVERY = 0.5

_THIS_DATABASE = "l.database = (SELECT oid FROM pg_database WHERE datname = current_database())"
_HELD = (
    "SELECT l.objid, a.pid, a.client_addr FROM pg_locks AS l JOIN pg_stat_activity AS a ON a.pid = l.pid "
    f"WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2 AND l.classid = $1 AND {_THIS_DATABASE}"
)


class ShardsTaken(DatabaseError):
    """Another running process stands in the way of this one's shards (one line, for the
    operator)."""


def _who(row: Any) -> str:
    return f"pid {row['pid']} from {row['client_addr'] or 'a local socket'}"


class ShardClaims:
    """This process's claim on its shards (`claim`), and what the others run (`missing`)."""

    def __init__(self, dsn: str, settings: dict[str, str], timeout: float) -> None:
        self._dsn, self._settings, self._timeout = dsn, settings, timeout
        self._raw: Any = None  # the connection holding the claim
        self.claimed: tuple[int, tuple[int, ...]] | None = None  # (count, ids)

    async def claim(self, count: int, ids: Sequence[int], patience: float | None = None) -> None:
        """Hold shards `ids` of `count` while this process runs, or raise `ShardsTaken` (holding
        nothing) once another process has stood in the way for `patience` seconds (one stopping
        as this one starts lets go within moments). Processes starting at once take turns
        (`STARTUP_LOCK`)."""
        patience = PATIENCE if patience is None else patience
        give_up = time.monotonic() + patience
        told = False
        while True:
            try:
                return await self._claim(count, ids)
            except ShardsTaken as error:
                if time.monotonic() >= give_up:
                    raise
                if not told:
                    told = True
                    log.info("%s Waiting up to %.0f s for it to stop.", error, patience)
            await asyncio.sleep(RETRY_EVERY)

    async def _claim(self, count: int, ids: Sequence[int]) -> None:
        await self.release()
        try:
            raw = await asyncpg.connect(self._dsn, server_settings=self._settings, timeout=self._timeout)
        except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise DatabaseError(f"cannot connect to hold this process's shards: {exc}") from exc
        try:
            async with raw.transaction():
                await raw.execute("SELECT pg_advisory_xact_lock($1)", STARTUP_LOCK)
                own = await raw.fetchval("SELECT pg_backend_pid()")
                for row in await raw.fetch(_HELD, COUNT_LOCK):
                    if row["objid"] != count and row["pid"] != own:
                        raise ShardsTaken(
                            f"another bot process ({_who(row)}) runs SHARD_COUNT={row['objid']}, this one "
                            f"{count}: every process on one database needs the same SHARD_COUNT."
                        )
                await raw.execute("SELECT pg_advisory_lock_shared($1, $2)", COUNT_LOCK, count)
                held = {row["objid"]: row for row in await raw.fetch(_HELD, SHARD_LOCK)}
                for shard in ids:
                    if shard in held:
                        raise ShardsTaken(
                            f"shard {shard} runs in another bot process already ({_who(held[shard])}): "
                            "give each process its own SHARD_IDS."
                        )
                    if not await raw.fetchval("SELECT pg_try_advisory_lock($1, $2)", SHARD_LOCK, shard):
                        raise ShardsTaken(f"shard {shard} was taken by another bot process just now.")
        except BaseException as exc:
            with contextlib.suppress(Exception):
                await raw.close()
            if isinstance(exc, (OSError, asyncpg.PostgresError, asyncpg.InterfaceError)):
                raise DatabaseError(f"cannot hold this process's shards: {exc}") from exc
            raise
        self._raw, self.claimed = raw, (count, tuple(ids))

    @property
    def holding(self) -> bool:
        """Whether the claim's connection still holds it (a lost connection lost the claim)."""
        return self._raw is not None and not self._raw.is_closed()

    async def missing(self) -> list[int]:
        """The shards of this process's count that no process runs now (its own included)."""
        if self.claimed is None or not self.holding:
            return []
        count = self.claimed[0]
        running = {row["objid"] for row in await self._raw.fetch(_HELD, SHARD_LOCK)}
        return [shard for shard in range(count) if shard not in running]

    async def release(self) -> None:
        raw, self._raw = self._raw, None
        if raw is not None:
            with contextlib.suppress(Exception):
                await raw.close()
