"""The SQLite connection: opening, pragmas, migrations and explicit transactions.

One :class:`Database` wraps one ``aiosqlite`` connection opened with ``isolation_level=None``
(so Python's ``sqlite3`` never starts or commits transactions behind our back). Writes go
through :meth:`Database.transaction`, which issues ``BEGIN IMMEDIATE`` / ``COMMIT`` /
``ROLLBACK`` itself. An ``asyncio.Lock`` makes sure statements of two coroutines never
interleave on the shared connection.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from typing import Any

import aiosqlite

from storage.migrations import LATEST, MIGRATIONS, split_statements

log = logging.getLogger(__name__)

MEMORY = ":memory:"
BUSY_TIMEOUT_MS = 5000

_URL_HELP = (
    "DATABASE_URL must be a SQLite URL like sqlite:///data/bot.db "
    "(relative path), sqlite:////var/lib/bot/bot.db (absolute path) or sqlite:// (in memory)"
)
_SCHEMES = ("sqlite://", "sqlite+aiosqlite://")


class DatabaseError(Exception):
    """The database cannot be used. The message is one line, written for a server admin."""


class DatabaseTooNew(DatabaseError):
    """The database was written by a newer version of the bot; it is left untouched."""


def database_path_from_url(url: str) -> str:
    """Turn a SQLAlchemy-style SQLite URL into a path for ``sqlite3.connect``.

    ``sqlite:///data/bot.db`` -> ``data/bot.db`` (relative to the working directory),
    ``sqlite:////var/lib/bot/bot.db`` -> ``/var/lib/bot/bot.db``, ``sqlite://`` and
    ``sqlite:///:memory:`` -> ``:memory:``. The ``sqlite+aiosqlite://`` spelling is accepted too.
    Anything else raises :class:`DatabaseError`.
    """
    text = (url or "").strip()
    lowered = text.lower()
    for scheme in _SCHEMES:
        if lowered.startswith(scheme):
            rest = text[len(scheme) :]
            break
    else:
        shown = text.split("://", 1)[0] + "://..." if "://" in text else repr(text)
        raise DatabaseError(f"{_URL_HELP}; got {shown}.")
    if rest == "":
        return MEMORY
    if not rest.startswith("/"):
        # sqlite://host/... : SQLite has no host part.
        raise DatabaseError(f"{_URL_HELP}; got a host name in {text!r}.")
    path = rest[1:]
    if path == "":
        raise DatabaseError(f"{_URL_HELP}; got no file name in {text!r}.")
    if "?" in path:
        raise DatabaseError(f"{_URL_HELP}; URL options (?...) are not supported in {text!r}.")
    return path


class Database:
    """One SQLite connection with explicit transactions. Create it with :meth:`open`.

    Reads outside a transaction use :meth:`fetchone` / :meth:`fetchall`; writes use
    ``async with db.transaction() as conn:`` and execute on ``conn`` directly. Inside a
    transaction do not call :meth:`fetchone`, :meth:`fetchall` or :meth:`transaction` on the same
    ``Database`` (that would wait for its own lock); a ``RuntimeError`` says so instead.
    """

    def __init__(self, conn: aiosqlite.Connection, path: str, schema_version: int) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()
        self._owner: object | None = None
        self.path = path
        self.schema_version = schema_version

    # -- opening and closing -------------------------------------------------------------

    @classmethod
    async def open(cls, url: str) -> Database:
        """Open (creating if needed) the database at ``url`` and migrate it to :data:`LATEST`.

        Raises :class:`DatabaseTooNew` if the file's schema is newer than this code (nothing
        is written to it), and :class:`DatabaseError` with a one-line message if the file
        cannot be opened, is not a database, is read-only, or a migration fails.
        """
        path = database_path_from_url(url)
        if path != MEMORY:
            _make_parent_directory(path)
        try:
            conn = await aiosqlite.connect(path, isolation_level=None)
        except sqlite3.Error as exc:
            raise DatabaseError(_explain(path, exc)) from exc
        try:
            conn.row_factory = sqlite3.Row
            version = await _prepare(conn, path)
            version = await _migrate(conn, path, version)
        except BaseException:
            await conn.close()
            raise
        return cls(conn, path, version)

    async def close(self) -> None:
        """Wait for any running transaction, then close the connection. Safe to call twice."""
        async with self._lock:
            await self._conn.close()

    async def __aenter__(self) -> Database:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    # -- transactions and reads ----------------------------------------------------------

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """``BEGIN IMMEDIATE`` ... ``COMMIT``; on any exception ``ROLLBACK`` and re-raise.

        Yields the ``aiosqlite.Connection``. Holds the database lock for the whole block, so
        no other coroutine's statements run in between; ``BEGIN IMMEDIATE`` takes SQLite's
        write lock up front, so other processes wait (up to ``busy_timeout``) instead of
        failing half-way with ``SQLITE_BUSY``.
        """
        self._check_not_reentrant()
        async with self._lock:
            self._owner = _current_task()
            try:
                try:
                    await self._conn.execute("BEGIN IMMEDIATE")
                except BaseException:
                    # If we were cancelled, BEGIN still runs on the worker thread: undo it.
                    await self._rollback_quietly()
                    raise
                try:
                    yield self._conn
                except BaseException:
                    await self._rollback_quietly()
                    raise
                try:
                    await self._conn.execute("COMMIT")
                except BaseException:
                    await self._rollback_quietly()
                    raise
            finally:
                self._owner = None

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> sqlite3.Row | None:
        """Run one read query outside any transaction and return its first row (or None)."""
        self._check_not_reentrant()
        async with self._lock:
            async with self._conn.execute(sql, tuple(params)) as cursor:
                return await cursor.fetchone()

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
        """Run one read query outside any transaction and return all its rows."""
        self._check_not_reentrant()
        async with self._lock:
            async with self._conn.execute(sql, tuple(params)) as cursor:
                return list(await cursor.fetchall())

    def _check_not_reentrant(self) -> None:
        if self._owner is not None and self._owner is _current_task():
            raise RuntimeError("already inside Database.transaction(): use the connection it yielded")

    async def _rollback_quietly(self) -> None:
        try:
            await self._conn.execute("ROLLBACK")
        except sqlite3.OperationalError:
            pass  # no transaction was active (BEGIN failed, or COMMIT already ended it)


def _current_task() -> object | None:
    return asyncio.current_task()


# -- opening helpers -----------------------------------------------------------------------


def _make_parent_directory(path: str) -> None:
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


async def _prepare(conn: aiosqlite.Connection, path: str) -> int:
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
        async with conn.execute("PRAGMA journal_mode = WAL") as cursor:
            mode = (await cursor.fetchone())[0]
        if mode.lower() != "wal" and path != MEMORY:
            log.warning("SQLite refused WAL mode for %s (journal_mode=%s)", path, mode)
        # FULL: every commit is on disk before the player is answered, so an acknowledged
        # action survives a power cut too, not only a crash of the bot (NORMAL would).
        await conn.execute("PRAGMA synchronous = FULL")
    except sqlite3.Error as exc:
        raise DatabaseError(_explain(path, exc)) from exc
    return version


async def _user_version(conn: aiosqlite.Connection) -> int:
    async with conn.execute("PRAGMA user_version") as cursor:
        return int((await cursor.fetchone())[0])


async def _migrate(conn: aiosqlite.Connection, path: str, version: int) -> int:
    """Apply the missing migrations, each in its own transaction with its version bump."""
    while version < LATEST:
        target = version + 1
        try:
            await conn.execute("BEGIN IMMEDIATE")
            try:
                # Another process may have migrated while we waited for the write lock.
                current = await _user_version(conn)
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


def _explain(path: str, exc: sqlite3.Error) -> str:
    """A one-line, admin-readable message for a failure to open ``path``."""
    detail = _one_line(exc)
    reason = _REASONS.get(detail.lower(), detail)
    return f"Cannot open the database {path!r}: {reason}."
