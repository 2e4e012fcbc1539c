"""Several processes on one PostgreSQL database: each holds its gateway shards in the database
(`storage.shard_claims`, claimed by `python -m bot` before it connects to Discord), and every
minute (`check`) tells the operator when a shard runs in no process (the servers on it get no
answers: a process stopped, or the processes' SHARD_IDS leave a gap), and claims its own again
when the connection holding them was lost. No Discord here; nothing where one process runs every
shard (SQLite).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from storage import Database, DatabaseError

log = logging.getLogger(__name__)

#: A shard missing this soon after the start is not told yet: processes start one after another.
GRACE = 120.0


def ranges(shards: list[int]) -> str:
    """[0, 1, 2, 5] -> "0-2,5" (as SHARD_IDS takes them)."""
    parts: list[str] = []
    for shard in shards:
        if parts and shard == int(parts[-1].rsplit("-", 1)[-1]) + 1:
            parts[-1] = f"{parts[-1].split('-')[0]}-{shard}"
        else:
            parts.append(str(shard))
    return ",".join(parts)


class ShardWatch:
    def __init__(self, db: Database, clock: Callable[[], float]) -> None:
        self.db = db
        self.clock = clock
        self.started = clock()
        self.told: list[int] = []  # the shards last told missing

    async def check(self) -> None:
        claims = self.db.shards
        if claims is None or claims.claimed is None:
            return
        if not claims.holding:  # (the database restarted, or the connection was cut)
            count, ids = claims.claimed
            try:
                await claims.claim(count, ids, patience=0)  # (the minute's chores wait for it)
            except DatabaseError as error:  # (taken meanwhile, or the database cannot be reached)
                log.error("this process lost its hold on its shards and cannot take them again: %s", error)
                return
            log.warning(
                "this process's hold on shards %s was lost (its database connection): taken again",
                ranges(list(ids)),
            )
        missing = await claims.missing()
        if self.clock() - self.started < GRACE or missing == self.told:
            return
        count = claims.claimed[0]
        if missing:
            log.warning(
                "shard(s) %s of %d run in no bot process: the servers on them get no answers (start a "
                "process with SHARD_COUNT=%d SHARD_IDS=%s)",
                ranges(missing),
                count,
                count,
                ranges(missing),
            )
        else:
            log.info("every shard of %d runs in a bot process again", count)
        self.told = missing
