"""The SQLite database (the embedded default): :class:`SqliteDatabase`, opened by
:meth:`storage.db.Database.open` for a ``sqlite:///...`` URL.

One :class:`SqliteDatabase` wraps one ``aiosqlite`` connection opened with ``isolation_level=None``
(so Python's ``sqlite3`` never starts or commits transactions behind our back). Writes go
through :meth:`Database.transaction`, which issues ``BEGIN IMMEDIATE`` / ``COMMIT`` /
``ROLLBACK`` itself. An ``asyncio.Lock`` makes sure statements of two coroutines never
interleave on the shared connection.

Group commit (:meth:`SqliteDatabase.grouped`): writes that wait for the connection at the same time
run in one transaction, each inside its own ``SAVEPOINT`` (a failing one is rolled back alone),
and share its one ``COMMIT`` (one fsync); each caller returns only after that ``COMMIT``.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import aiosqlite

from storage.db import Connection, Database, DatabaseError, DatabaseTooNew, Row, Work
from storage.migrations import LATEST, MIGRATIONS, split_statements

log = logging.getLogger(__name__)

MEMORY = ":memory:"
BUSY_TIMEOUT_MS = 5000
#: At most this many grouped writes share one transaction (bounds how long one group holds
#: the connection).
GROUP_MAX = 64

T = TypeVar("T")

_URL_HELP = (
    "DATABASE_URL must be a SQLite URL like sqlite:///data/bot.db "
    "(relative path), sqlite:////var/lib/bot/bot.db (absolute path) or sqlite:// (in memory), "
    "or a PostgreSQL URL like postgresql://user@host:5432/dbname"
)
_SCHEMES = ("sqlite://", "sqlite+aiosqlite://")


class SqliteConnection:
    """:class:`Connection` over the ``aiosqlite`` connection of a :class:`SqliteDatabase`."""

    dialect = "sqlite"
    __slots__ = ("raw",)

    def __init__(self, raw: aiosqlite.Connection) -> None:
        self.raw = raw

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        cursor = await self.raw.execute(sql, tuple(params))
        return cursor.rowcount

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        cursor = await self.raw.execute(sql, tuple(params))
        assert cursor.lastrowid is not None  # set by a successful INSERT
        return cursor.lastrowid

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        rows = await self.raw.execute_fetchall(sql, tuple(params))
        return next(iter(rows), None)

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self.raw.execute_fetchall(sql, tuple(params)))


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


class SqliteDatabase(Database):
    """One SQLite connection with explicit transactions. Create it with :meth:`Database.open`.

    Inside a transaction, :meth:`fetchone`, :meth:`fetchall` or :meth:`transaction` on the same
    database would wait for its own lock; a ``RuntimeError`` says so instead.
    """

    dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection, path: str, schema_version: int) -> None:
        self._conn = conn
        self._adapter = SqliteConnection(conn)
        self._lock = asyncio.Lock()
        self._owner: object | None = None
        self._waiting: list[tuple[Work, asyncio.Future[Any]]] = []  # grouped writes not yet run
        self._grouper: asyncio.Task[None] | None = None
        self.path = path
        self.location = path
        self.schema_version = schema_version

    # -- opening and closing -------------------------------------------------------------

    @classmethod
    async def connect(cls, url: str) -> SqliteDatabase:
        """Open (creating if needed) the SQLite file of ``url`` and migrate it to :data:`LATEST`
        (see :meth:`Database.open`; also refused: a file that is not a database, or read-only)."""
        path = database_path_from_url(url)
        if path != MEMORY:
            _make_parent_directory(path)
        connecting = aiosqlite.connect(path, isolation_level=None)
        try:
            conn = await connecting
        except sqlite3.Error as exc:
            await _worker_stopped(connecting)
            raise DatabaseError(_explain(path, exc)) from exc
        try:
            conn.row_factory = sqlite3.Row
            version = await _prepare(conn, path)
            version = await _migrate(SqliteConnection(conn), path, version)
        except BaseException:
            await conn.close()
            raise
        return cls(conn, path, version)

    async def close(self) -> None:
        """Wait for any running transaction, then close the connection. Safe to call twice."""
        async with self._lock:
            await self._conn.close()

    # -- transactions and reads ----------------------------------------------------------

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        """``BEGIN IMMEDIATE`` ... ``COMMIT``; on any exception ``ROLLBACK`` and re-raise.

        Yields the connection (a :class:`SqliteConnection`). Holds the database lock for the whole block, so
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
                    yield self._adapter
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

    async def grouped(self, work: Callable[[Connection], Awaitable[T]]) -> T:
        """Run ``work(conn)`` as a write committed together with the other grouped writes that
        wait at the same time (group commit: one ``BEGIN IMMEDIATE`` ... ``COMMIT``, one fsync,
        for all of them). Returns ``work``'s result only once its writes are committed; if
        ``work`` raises, its own writes are rolled back (its ``SAVEPOINT``) and the exception is
        raised here, while the others still commit; if the ``COMMIT`` fails, every member of the
        group gets the error and none of them is written.

        ``work`` must only use the connection it is given (like a :meth:`transaction` block) and
        must not depend on when it runs: it runs in a task of the database, after the writes
        queued before it.
        """
        self._check_not_reentrant()
        done: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._waiting.append((work, done))
        if self._grouper is None or self._grouper.done():
            self._grouper = asyncio.create_task(self._run_groups(), name="storage-group-commit")
        return await done

    async def _run_groups(self) -> None:
        while self._waiting:
            async with self._lock:
                group = [(w, f) for w, f in self._waiting[:GROUP_MAX] if not f.cancelled()]
                del self._waiting[:GROUP_MAX]
                if group:
                    self._owner = _current_task()
                    try:
                        await self._run_group(group)
                    finally:
                        self._owner = None

    async def _run_group(self, group: list[tuple[Work, asyncio.Future[Any]]]) -> None:
        """One transaction for the group. Its first member runs without a SAVEPOINT (one failing
        rolls the transaction back, and the others start another); each later member runs in
        its own SAVEPOINT, rolled back alone if it fails."""
        pending = list(group)
        while pending:
            first_work, first = pending[0]
            committed: list[tuple[asyncio.Future[Any], Any]] = []
            failed: list[tuple[asyncio.Future[Any], BaseException]] = []
            try:
                await self._conn.execute("BEGIN IMMEDIATE")
                try:
                    committed.append((first, await first_work(self._adapter)))
                except Exception as error:
                    await self._rollback_quietly()
                    _settle([], [(first, error)])
                    pending = pending[1:]
                    continue
                for work, done in pending[1:]:
                    await self._conn.execute("SAVEPOINT grouped")
                    try:
                        value = await work(self._adapter)
                    except Exception as error:
                        await self._conn.execute("ROLLBACK TO grouped")
                        await self._conn.execute("RELEASE grouped")
                        failed.append((done, error))
                        continue
                    await self._conn.execute("RELEASE grouped")
                    committed.append((done, value))
                await self._conn.execute("COMMIT")
            except BaseException as error:
                await self._rollback_quietly()
                # Nothing of this transaction is written: each member gets this error (or its own).
                own = {id(done): e for done, e in failed}
                _settle([], [(done, own.get(id(done)) or _group_error(error)) for _, done in pending])
                if not isinstance(error, Exception):
                    raise  # the database's own task was cancelled (closing): pass it on
                return
            _settle(committed, failed)
            pending = []

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> Row | None:
        self._check_not_reentrant()
        async with self._lock:
            return await self._adapter.fetchone(sql, tuple(params))

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        self._check_not_reentrant()
        async with self._lock:
            return await self._adapter.fetchall(sql, tuple(params))

    def _check_not_reentrant(self) -> None:
        if self._owner is not None and self._owner is _current_task():
            raise RuntimeError("already inside Database.transaction(): use the connection it yielded")

    async def _rollback_quietly(self) -> None:
        try:
            await self._conn.execute("ROLLBACK")
        except sqlite3.OperationalError:
            pass  # no transaction was active (BEGIN failed, or COMMIT already ended it)
        except ValueError:
            pass  # the connection is closed (the database was closed meanwhile): nothing to undo


def _current_task() -> object | None:
    return asyncio.current_task()


def _settle(
    committed: list[tuple[asyncio.Future[Any], Any]], failed: list[tuple[asyncio.Future[Any], BaseException]]
) -> None:
    """Tell the members of a group how their write went (not those who stopped waiting)."""
    for done, value in committed:
        if not done.done():
            done.set_result(value)
    for done, error in failed:
        if not done.done():
            done.set_exception(error)


def _group_error(error: BaseException) -> BaseException:
    """The error each member of a failed group gets (a cancelled database task: a one-line
    ``sqlite3.OperationalError``, since the member itself was not cancelled)."""
    if isinstance(error, Exception):
        return error
    return sqlite3.OperationalError("the database was closed before this write was committed")


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


async def _worker_stopped(connection: aiosqlite.Connection) -> None:
    """After a failed connect aiosqlite stops its worker thread without waiting for it: wait (at
    most a second), so the thread's last word reaches an event loop that is still running."""
    thread = getattr(connection, "_thread", None)
    for _ in range(1000):
        if thread is None or not thread.is_alive():
            return
        await asyncio.sleep(0.001)


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
        mode = await _wal_mode(conn)
        if mode.lower() != "wal" and path != MEMORY:
            log.warning("SQLite refused WAL mode for %s (journal_mode=%s)", path, mode)
        # FULL: every commit is on disk before the player is answered, so an acknowledged
        # action survives a power cut too, not only a crash of the bot (NORMAL would).
        await conn.execute("PRAGMA synchronous = FULL")
    except sqlite3.Error as exc:
        raise DatabaseError(_explain(path, exc)) from exc
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


async def _migrate(conn: SqliteConnection, path: str, version: int) -> int:
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


def _explain(path: str, exc: sqlite3.Error) -> str:
    """A one-line, admin-readable message for a failure to open ``path``."""
    detail = _one_line(exc)
    reason = _REASONS.get(detail.lower(), detail)
    return f"Cannot open the database {path!r}: {reason}."
