"""Opening a database by URL and the interface both dialects share.

:meth:`Database.open` picks the dialect from the URL: ``sqlite:///...`` is
:class:`storage.sqlite.SqliteDatabase`, ``postgresql://...`` (or ``postgres://``) is
:class:`storage.postgres.PostgresDatabase`. Both hand out a :class:`Connection` inside
transactions (``execute`` / ``fetchone`` / ``fetchall`` / ``insert`` with ``?`` placeholders, rows
indexable by name and position), so the store's SQL is written once and runs on both.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar

if TYPE_CHECKING:
    from storage.shard_claims import ShardClaims

T = TypeVar("T")

POSTGRES_SCHEMES = ("postgresql://", "postgres://", "postgresql+asyncpg://")


class DatabaseError(Exception):
    """The database cannot be used. The message is one line, written for a server admin."""


class DatabaseTooNew(DatabaseError):
    """The database was written by a newer version of the bot; it is left untouched."""


#: How long a game's lock held by another process is waited for at a time (seconds) before
#: `GameLockTimeout` (several processes only): a step that would change the game is then refused,
#: anything else waits again (`bot.game_lock.GameLock`).
LOCK_WAIT = 20.0


class GameLockTimeout(Exception):
    """Another process held a game's lock for longer than a waiter waits (`Database.game_lock`):
    it is busy with the game, or it hangs (a frozen machine's session lives on until the server
    notices it is gone)."""


class Row(Protocol):
    """A result row: ``row["column"]``, ``row[0]``, iteration over the values, ``len``
    (``sqlite3.Row`` and ``asyncpg.Record`` both are one)."""

    def __getitem__(self, key: Any, /) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...

    def __len__(self) -> int: ...


class Connection(Protocol):
    """A connection inside a transaction, the same for both dialects. SQL uses ``?`` placeholders
    (PostgreSQL's are ``$1, $2, ...``: translated)."""

    #: ``"sqlite"`` or ``"postgresql"``.
    dialect: str

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; returns how many rows it changed (0 for statements that change none)."""
        ...

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one ``INSERT`` into a table whose key is ``id``; returns the new row's ``id``."""
        ...

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        """The first row of a query, or None."""
        ...

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """All rows of a query."""
        ...


Work = Callable[[Connection], Awaitable[Any]]


def is_postgres_url(url: str) -> bool:
    return (url or "").strip().lower().startswith(POSTGRES_SCHEMES)


class Database(ABC):
    """A database of games, SQLite or PostgreSQL: open it with :meth:`open`.

    Reads outside a transaction use :meth:`fetchone` / :meth:`fetchall`; writes use
    ``async with db.transaction() as conn:`` and execute on ``conn`` (a :class:`Connection`), or
    :meth:`grouped`. Inside a transaction do not call :meth:`fetchone`, :meth:`fetchall` or
    :meth:`transaction` on the same ``Database``; a ``RuntimeError`` says so.
    """

    #: ``"sqlite"`` or ``"postgresql"``.
    dialect: ClassVar[str]
    #: The schema version the database is at (:data:`storage.migrations.LATEST` once open).
    schema_version: int
    #: Where the database is, for messages: the SQLite path, or the PostgreSQL URL without its
    #: password.
    location: str
    #: Whether several processes may write to it at once (PostgreSQL): then a game's lock is also
    #: taken in the database (:meth:`game_lock`) and cached games are checked against it.
    shared: ClassVar[bool] = False
    #: Several processes: which runs which gateway shards (PostgreSQL); None where one process
    #: runs them all (SQLite).
    shards: ShardClaims | None = None

    def game_lock(self, key: int) -> AbstractAsyncContextManager[None]:
        """Hold the database-wide lock of ``key`` (a game id) for the block: on PostgreSQL a
        session advisory lock, so processes sharing the database take turns on a game; on SQLite
        (one process) nothing (the caller's in-process lock is enough)."""
        return _no_lock()

    @classmethod
    async def open(cls, url: str) -> Database:
        """Open the database ``url`` names (creating a SQLite file if needed) and migrate it to
        the latest schema version.

        Raises :class:`DatabaseTooNew` if its schema is newer than this code (nothing is written
        to it), and :class:`DatabaseError` with a one-line message if it cannot be opened or
        reached, or a migration fails.
        """
        if is_postgres_url(url):
            try:
                from storage.postgres import PostgresDatabase
            except ImportError as exc:  # asyncpg missing
                raise DatabaseError(
                    f"DATABASE_URL names a PostgreSQL database, but {exc.name or 'asyncpg'} is not "
                    "installed: pip install asyncpg (or pip install -e . again)."
                ) from exc
            return await PostgresDatabase.connect(url)
        from storage.sqlite import SqliteDatabase  # (it builds on this module)

        return await SqliteDatabase.connect(url)

    async def server_time(self) -> float | None:
        """The database server's Unix time, the clock several processes share (PostgreSQL), or
        None where the database is this process's alone (SQLite)."""
        return None

    @abstractmethod
    async def close(self) -> None:
        """Wait for running transactions, then close. Safe to call twice."""

    async def __aenter__(self) -> Database:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Connection]:
        """One transaction: committed at the end of the block, rolled back on any exception."""

    @abstractmethod
    async def grouped(self, work: Callable[[Connection], Awaitable[T]]) -> T:
        """Run ``work(conn)`` as a write of its own (its writes are rolled back alone if it
        raises); return its result once those writes are committed. ``work`` must only use the
        connection it is given and must not depend on when it runs."""

    async def write(self, sql: str, params: Sequence[Any] = ()) -> int:
        """One statement as a write of its own (:meth:`grouped`); returns the rows it changed.
        The small writes of play (a DM's id, a notification kept or taken) go this way: on
        SQLite they share the group's one call to the database's thread and its one COMMIT,
        where a transaction of their own costs three calls, each waiting for the event loop
        again, while every other write waits for it."""

        async def one(conn: Connection) -> int:
            return await conn.execute(sql, params)

        return await self.grouped(one)

    async def take_stale(self, table: str, key: str, stamp: str, before: float, now: float) -> list[Row]:
        """The rows of `table` whose `stamp` (Unix time) is before `before`, in `key` order, each
        taken by one caller: its `stamp` set to `now` only where it is still the one read (another
        process may take it first). Work a stopped process left undone (`storage.calls`,
        `storage.sends`). The names are the code's own, never a player's input."""
        rows = await self.fetchall(f"SELECT * FROM {table} WHERE {stamp} < ? ORDER BY {key}", (before,))
        update = f"UPDATE {table} SET {stamp} = ? WHERE {key} = ? AND {stamp} = ?"
        return [row for row in rows if await self.write(update, (now, row[key], row[stamp]))]

    @abstractmethod
    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> Row | None:
        """Run one read query outside any transaction and return its first row (or None)."""

    @abstractmethod
    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        """Run one read query outside any transaction and return all its rows."""


@asynccontextmanager
async def _no_lock() -> AsyncIterator[None]:
    yield
