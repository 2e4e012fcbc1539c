"""The SQLite database (the embedded default): :class:`SqliteDatabase`, opened by
:meth:`storage.db.Database.open` for a ``sqlite:///...`` URL.

One :class:`SqliteDatabase` wraps one ``aiosqlite`` connection opened with ``isolation_level=None``
(so Python's ``sqlite3`` never starts or commits transactions behind our back). Writes go
through :meth:`Database.transaction`, which issues ``BEGIN IMMEDIATE`` / ``COMMIT`` /
``ROLLBACK`` itself. An ``asyncio.Lock`` makes sure statements of two coroutines never
interleave on the shared connection.

Group commit (:meth:`SqliteDatabase.grouped`): writes that wait for the connection at the same time
run in one transaction, each inside its own ``SAVEPOINT`` (a failing one is rolled back alone),
and share its one ``COMMIT`` (one fsync); each caller returns only after that ``COMMIT``. The
whole group runs in one call to the database's thread (`_group_in_thread`): every statement of
the group in one hop, where a statement each would wait for the event loop once more. On a busy
loop those hops, one after the other, were what bounded the actions committed per second.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import aiosqlite

from storage.db import Connection, Database, DatabaseError, Row, Work
from storage.sqlite_setup import MEMORY, explain, make_parent_directory, migrate, prepare, worker_stopped

log = logging.getLogger(__name__)

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


class _InThread:
    """:class:`Connection` for a grouped write run in the database's thread (`_group_in_thread`):
    each statement runs at once on the ``sqlite3`` connection, so the write's coroutine never
    suspends."""

    dialect = "sqlite"
    __slots__ = ("raw",)

    def __init__(self, raw: sqlite3.Connection) -> None:
        self.raw = raw

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return self.raw.execute(sql, tuple(params)).rowcount

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        cursor = self.raw.execute(sql, tuple(params))
        assert cursor.lastrowid is not None  # set by a successful INSERT
        return cursor.lastrowid

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        row: Row | None = self.raw.execute(sql, tuple(params)).fetchone()
        return row

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(self.raw.execute(sql, tuple(params)).fetchall())


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
        """Open (creating if needed) the SQLite file of ``url`` and migrate it to the latest schema
        (`storage.sqlite_setup`; see :meth:`Database.open`; also refused: a file that is not a
        database, or read-only)."""
        path = database_path_from_url(url)
        if path != MEMORY:
            make_parent_directory(path)
        connecting = aiosqlite.connect(path, isolation_level=None)
        try:
            conn = await connecting
        except sqlite3.Error as exc:
            await worker_stopped(connecting)
            raise DatabaseError(explain(path, exc)) from exc
        try:
            conn.row_factory = sqlite3.Row
            version = await prepare(conn, path)
            version = await migrate(SqliteConnection(conn), path, version)
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
        """One transaction for the group, run in one call to the database's thread
        (`_group_in_thread`); then each member is told how its write went."""
        try:
            raw = self._conn._conn  # aiosqlite's sqlite3 connection (ValueError once closed)
            outcomes = await self._conn._execute(_group_in_thread, raw, [work for work, _ in group])
        except BaseException as error:  # the connection closed meanwhile, or this task is cancelled
            # (a group already in the thread still ends there, committed or not: never
            # acknowledged, like a write cut off by a crash)
            _settle([], [(done, _group_error(error)) for _, done in group])
            if not isinstance(error, Exception):
                raise
            return
        committed = [(done, value) for (_, done), (ok, value) in zip(group, outcomes, strict=True) if ok]
        failed = [(done, value) for (_, done), (ok, value) in zip(group, outcomes, strict=True) if not ok]
        _settle(committed, failed)

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


def _group_in_thread(raw: sqlite3.Connection, works: list[Work]) -> list[tuple[bool, Any]]:
    """In the database's thread: the group's writes in one transaction, and how each went
    (True and its value, or False and its error). The first member runs without a SAVEPOINT
    (one failing rolls the transaction back, and the others start another); each later member
    runs in its own SAVEPOINT, rolled back alone if it fails. If the transaction itself fails
    (e.g. its COMMIT), nothing of it is written and each member gets that error (or its own)."""
    conn = _InThread(raw)
    outcomes: list[tuple[bool, Any]] = [(False, None)] * len(works)
    pending = list(range(len(works)))
    while pending:
        first = pending[0]
        ran: list[int] = []
        try:
            _control(raw, "BEGIN IMMEDIATE")
            try:
                outcomes[first] = (True, _at_once(works[first](conn)))
            except Exception as error:
                _rollback_in_thread(raw)
                outcomes[first] = (False, error)
                pending = pending[1:]
                continue
            ran.append(first)
            for member in pending[1:]:
                _control(raw, "SAVEPOINT grouped")
                try:
                    outcomes[member] = (True, _at_once(works[member](conn)))
                except Exception as error:
                    _control(raw, "ROLLBACK TO grouped")
                    _control(raw, "RELEASE grouped")
                    outcomes[member] = (False, error)
                else:
                    _control(raw, "RELEASE grouped")
                ran.append(member)
            _control(raw, "COMMIT")
        except Exception as error:
            _rollback_in_thread(raw)
            for member in pending:  # nothing of this transaction is written
                own_failure = member in ran and not outcomes[member][0]
                if not own_failure:
                    outcomes[member] = (False, error)
        pending = []
    return outcomes


def _control(raw: sqlite3.Connection, sql: str) -> None:
    """A transaction's own statement (BEGIN, SAVEPOINT, RELEASE, COMMIT ...) in a group."""
    raw.execute(sql)


def _rollback_in_thread(raw: sqlite3.Connection) -> None:
    try:
        raw.execute("ROLLBACK")
    except sqlite3.OperationalError:
        pass  # no transaction was active (BEGIN failed, or COMMIT already ended it)


def _at_once(write: Awaitable[T]) -> T:
    """Run a grouped write's coroutine, which only awaits its `_InThread` connection, to its
    end (it never suspends)."""
    if not isinstance(write, Coroutine):
        raise TypeError(f"a grouped write must be a coroutine, not {type(write).__name__}")
    try:
        write.send(None)
    except StopIteration as finished:
        value: T = finished.value
        return value
    write.close()
    raise RuntimeError("a grouped write awaited something other than its connection")


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
