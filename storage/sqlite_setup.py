"""Opening a SQLite database file for :class:`storage.sqlite.SqliteDatabase`: its directory, the
pragmas (WAL, ``synchronous = FULL``, foreign keys), the ordered migrations (each in its own
transaction with its ``user_version`` bump; a file newer than the code is refused), and one-line
messages an admin can act on when the file cannot be opened.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
import time
from typing import IO, TYPE_CHECKING

import aiosqlite

from storage.db import DatabaseError, DatabaseTooNew, is_postgres_url
from storage.migrations import LATEST, MIGRATIONS, split_statements

if TYPE_CHECKING:
    from storage.sqlite import SqliteConnection

log = logging.getLogger(__name__)

MEMORY = ":memory:"
BUSY_TIMEOUT_MS = 5000


def make_parent_directory(path: str) -> None:
    parent = os.path.dirname(path)
    if not parent:
        return
    try:
        os.makedirs(parent, exist_ok=True)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise DatabaseError(
            f"Cannot create the database directory {parent!r} for {path!r}: {reason}."
        ) from exc


async def worker_stopped(connection: aiosqlite.Connection) -> None:
    """After a failed connect aiosqlite stops its worker thread without waiting for it: wait (at
    most a second), so the thread's last word reaches an event loop that is still running."""
    thread = getattr(connection, "_thread", None)
    for _ in range(1000):
        if thread is None or not thread.is_alive():
            return
        await asyncio.sleep(0.001)


async def prepare(conn: aiosqlite.Connection, path: str) -> int:
    """Set the pragmas and return the current ``user_version``; refuse a too-new file."""
    try:
        await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        await conn.execute("PRAGMA foreign_keys = ON")
        # The first read of the file: a non-database fails here, before we write anything.
        version = await _user_version(conn)
        if version > LATEST:
            raise DatabaseTooNew(
                f"The database {path!r} has schema version {version}, but this version of the "
                f"bot only knows up to version {LATEST}. Upgrade the bot (or restore a backup "
                "made with this version); the database was not changed."
            )
        mode = await _wal_mode(conn)
        if mode.lower() != "wal" and path != MEMORY:
            log.warning("SQLite refused WAL mode for %s (journal_mode=%s)", path, mode)
        # FULL: every commit is on disk before the player is answered, so an acknowledged
        # action survives a power cut too, not only a crash of the bot (NORMAL would).
        await conn.execute("PRAGMA synchronous = FULL")
    except sqlite3.Error as exc:
        raise DatabaseError(explain(path, exc)) from exc
    return version


async def _wal_mode(conn: aiosqlite.Connection) -> str:
    """Switch to WAL; returns the journal mode now. Switching needs the file to itself, and SQLite
    answers "database is locked" at once (no busy wait) while another process is opening or
    migrating the same file: tried again for up to ``busy_timeout``."""
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            async with conn.execute("PRAGMA journal_mode = WAL") as cursor:
                row = await cursor.fetchone()
            assert row is not None  # a PRAGMA that sets a value answers one row
            return str(row[0])
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.05)


async def _user_version(conn: aiosqlite.Connection) -> int:
    async with conn.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    assert row is not None  # PRAGMA user_version always answers one row
    return int(row[0])


async def migrate(conn: SqliteConnection, path: str, version: int) -> int:
    """Apply the missing migrations, each in its own transaction with its version bump."""
    while version < LATEST:
        target = version + 1
        try:
            await conn.execute("BEGIN IMMEDIATE")
            try:
                # Another process may have migrated while we waited for the write lock.
                current = await _user_version(conn.raw)
                if current == version:
                    step = MIGRATIONS[version]
                    if isinstance(step, str):
                        for statement in split_statements(step):
                            await conn.execute(statement)
                    else:
                        await step(conn)
                    await conn.execute(f"PRAGMA user_version = {target}")
                    current = target
                await conn.execute("COMMIT")
            except BaseException:
                try:
                    await conn.execute("ROLLBACK")
                except sqlite3.OperationalError:
                    pass
                raise
        except sqlite3.Error as exc:
            raise DatabaseError(
                f"Upgrading the database {path!r} to schema version {target} failed "
                f"({_one_line(exc)}); it was left at version {version}."
            ) from exc
        if current > LATEST:
            raise DatabaseTooNew(
                f"The database {path!r} was upgraded to schema version {current} by a newer "
                f"bot while this one (version {LATEST}) was starting. Upgrade the bot."
            )
        if current == target:
            log.info("Database %s migrated to schema version %d", path, target)
        version = current
    return version


_REASONS = {
    "unable to open database file": (
        "the file cannot be opened (check the path exists and the bot's user may read and "
        "write it and its directory)"
    ),
    "file is not a database": "the file exists but is not a SQLite database",
    "attempt to write a readonly database": "the file or its directory is read-only for the bot",
    "database is locked": "another process is holding the database locked",
    "database disk image is malformed": "the database file is corrupt",
    "disk i/o error": "the disk reported an I/O error",
}


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


def explain(path: str, exc: sqlite3.Error) -> str:
    """A one-line, admin-readable message for a failure to open ``path``."""
    detail = _one_line(exc)
    reason = _REASONS.get(detail.lower(), detail)
    return f"Cannot open the database {path!r}: {reason}."


def only_process_on(url: str) -> IO[bytes] | None:
    """SQLite: an exclusive lock on the database file of `url`, taken before it is opened (an
    opening upgrades it) and held while this process runs (returned, to close at the end;
    `python -m bot` and `migrate-db` take it): a second bot on the same file (a deploy
    overlapping the old process, a manual start beside a service) is refused, before it touches
    the file, instead of playing the same games beside the first. None where there is nothing to
    hold (PostgreSQL, in memory, no `fcntl`). SQLite's own locks are of another kind (`fcntl`'s
    record locks): readers of the file are not kept out."""
    from storage.sqlite import database_path_from_url  # (it builds on this module)

    if is_postgres_url(url):
        return None
    path = database_path_from_url(url)
    if path == MEMORY:
        return None
    try:
        import fcntl
    except ImportError:  # (not on Windows: the README's rule stands alone there)
        return None
    make_parent_directory(path)
    try:
        held = open(path, "ab")  # noqa: SIM115  (held open while the bot runs; an empty new file is a new database)
    except OSError as exc:
        raise DatabaseError(f"Cannot open the database {path!r}: {exc.strerror}.") from None
    try:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        held.close()
        raise DatabaseError(
            f"another bot process is using {path}: only one may use a SQLite database "
            "(stop the other one first; several processes need PostgreSQL)."
        ) from None
    return held
