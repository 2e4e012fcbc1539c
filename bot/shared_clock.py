"""The clock of the moments several processes compare (reaction windows, the turn clock, when a
game must wake): Unix time as the database server keeps it, so a process whose machine's clock
is off neither ends another process's timers early nor runs them late. No Discord.

One process (SQLite) keeps its machine's clock: nothing compares its moments with another's.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import UTC, datetime

from storage import Database

log = logging.getLogger(__name__)

#: How often the server's clock is read again (seconds; several processes only).
SYNC_EVERY = 60.0
#: A reading whose round trip took longer than this is not trusted (seconds): half of it is
#: what the offset could be wrong by.
MOST_ROUND_TRIP = 0.2
#: After this many untrusted readings in a row, the log says so (once).
UNTRUSTED_TOLD = 5
#: An offset over this is logged as a warning (seconds): the wake-ups' grace is 2 s.
WARN_OFFSET = 1.0


class SharedClock:
    """Unix time: this machine's clock plus its offset from the database server's, read at the
    start and every `SYNC_EVERY` seconds (`sync`). Called like `time.time`."""

    __slots__ = ("_db", "_local", "_untrusted", "offset")

    def __init__(self, db: Database, local: Callable[[], float] = time.time) -> None:
        self._db = db
        self._local = local
        self._untrusted = 0  # readings in a row that took too long
        self.offset = 0.0

    def __call__(self) -> float:
        return self._local() + self.offset

    def iso(self) -> str:
        """Now as the store writes it (`storage.games.utc_now`'s form): when an action was made,
        compared with this clock (whether a player is playing along)."""
        return datetime.fromtimestamp(self(), UTC).isoformat(timespec="milliseconds")

    async def sync(self) -> None:
        """Read the server's clock and keep how far this machine's is from it (nothing where the
        database is this process's alone, or where the reading took too long to trust)."""
        before = self._local()
        server = await self._db.server_time()
        after = self._local()
        if server is None:
            return
        if after - before > MOST_ROUND_TRIP:
            self._untrusted += 1
            if self._untrusted == UNTRUSTED_TOLD:
                log.info(
                    "the database server's clock could not be read in under %.1f s %d times in a row: "
                    "this machine's clock is used as it is",
                    MOST_ROUND_TRIP,
                    UNTRUSTED_TOLD,
                )
            return
        self._untrusted = 0
        offset = server - (before + after) / 2
        if abs(offset) > WARN_OFFSET and abs(offset - self.offset) > WARN_OFFSET / 2:
            log.warning(
                "this machine's clock is %.1f s %s the database server's: the bot keeps the server's time "
                "(keep the machines' clocks in sync)",
                abs(offset),
                "behind" if offset > 0 else "ahead of",
            )
        self.offset = offset
