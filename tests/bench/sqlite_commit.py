"""The yardstick: one bare SQLite WAL commit of a game snapshot, with the bot's own pragmas."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from games.secret_krampus import SecretKrampus
from storage import Database


def yardstick_snapshot(seed: int = 1) -> str:
    """The snapshot the yardstick commits: a new seven-player Secret Krampus game."""
    rules = SecretKrampus()
    return rules.dump_state(rules.new_game(7, rules.parse_options(None), seed))


async def bare_commit_seconds(snapshot: str, commits: int = 500) -> float:
    """Mean seconds of BEGIN IMMEDIATE; UPDATE one snapshot; COMMIT on the bot's database setup."""
    with tempfile.TemporaryDirectory() as folder:
        db = await Database.open(f"sqlite:///{Path(folder) / 'bench.db'}")
        try:
            async with db.transaction() as conn:
                await conn.execute("CREATE TABLE snap (id INTEGER PRIMARY KEY, state TEXT)")
                await conn.execute("INSERT INTO snap VALUES (1, ?)", (snapshot,))
            start = time.perf_counter()
            for i in range(commits):
                async with db.transaction() as conn:
                    await conn.execute("UPDATE snap SET state = ? WHERE id = 1", (snapshot + str(i % 10),))
            return (time.perf_counter() - start) / commits
        finally:
            await db.close()
