"""PostgreSQL through asyncpg: a pool, transactions, migrations under an advisory lock.

Several bot processes (shards) may share one PostgreSQL database. PostgreSQL orders concurrent
writers itself (row locks), so unlike SQLite there is no process-wide write lock and no group
commit: :meth:`PostgresDatabase.grouped` runs its work in a transaction of its own, on a
connection of the pool. The store's SQL (``?`` placeholders) is shared with SQLite:
:class:`PostgresConnection` translates the placeholders to ``$1, $2, ...``.

Migrations (:data:`storage.migrations.POSTGRES_MIGRATIONS`) are tracked in the one-row table
``schema_version``; each step runs in its own transaction holding
``pg_advisory_xact_lock(MIGRATION_LOCK)``, so two processes starting at once migrate one after
the other, and the second finds the work done. A database newer than the code is refused before
anything is written.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import os
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from typing import Any, TypeVar
from urllib.parse import parse_qsl, urlsplit, urlunsplit

import asyncpg  # type: ignore[import-untyped]

from storage.db import (
    LOCK_WAIT,
    Connection,
    Database,
    DatabaseError,
    DatabaseTooNew,
    GameLockTimeout,
    Row,
    is_postgres_url,
)
from storage.migrations import LATEST, POSTGRES_MIGRATIONS
from storage.shard_claims import ShardClaims

log = logging.getLogger(__name__)

T = TypeVar("T")

#: The key of the advisory lock held while migrating (any constant; "xmas" in ASCII).
MIGRATION_LOCK = 0x786D6173
#: Connections per process: enough for the writes of many games at once.
POOL_MIN = 1
POOL_MAX = 10
CONNECT_TIMEOUT = 10.0
#: The first key of every game's advisory lock (the second is the game id): "game" in ASCII.
GAME_LOCK = 0x67616D65
#: Connections per process that hold game locks (a second pool, so a held lock never waits for a
#: connection of the first): at most this many games are locked at once per process. The
#: transactions of the task that holds a game's lock run on its lock connection
#: (`PostgresDatabase.transaction`), so none commits once the lock is lost: if that connection
#: alone dies, the server releases the lock and another process may take the game.
LOCK_POOL_MAX = 16
#: A game's lock is waited for `LOCK_WAIT` at a time (the lock pool's ``lock_timeout``), then
#: given up (`GameLockTimeout`): a process that hangs holding it (a frozen machine) must not hold
#: up the others' clicks and overdue wake-ups for as long as the server takes to notice it is gone.
#: Every session asks the server to notice a client that is gone (a dead machine, a cut network)
#: within about a minute (TCP keepalives), and ends a transaction left open that long by a frozen
#: process: its locks and row locks go with it. (PgBouncer in transaction mode cannot carry a
#: session's advisory locks: connect the bot to PostgreSQL itself.)
SESSION_SETTINGS = {
    "tcp_keepalives_idle": "30",
    "tcp_keepalives_interval": "10",
    "tcp_keepalives_count": "3",
    "idle_in_transaction_session_timeout": "60000",
}


class PostgresConnection:
    """:class:`storage.db.Connection` over one asyncpg connection (inside a transaction)."""

    dialect = "postgresql"
    __slots__ = ("raw",)

    def __init__(self, raw: Any) -> None:
        self.raw = raw

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return _rowcount(await self.raw.execute(to_postgres(sql), *params))

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        return int(await self.raw.fetchval(to_postgres(sql) + " RETURNING id", *params))

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        row: Row | None = await self.raw.fetchrow(to_postgres(sql), *params)
        return row

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self.raw.fetch(to_postgres(sql), *params))


async def _lock_holder(raw: Any, first: int, second: int) -> str:
    """Who holds the advisory lock (`first`, `second`): its session's pid, client address and
    state, for the log (a process stopped or hung on a live machine keeps its locks: restart it,
    or end the session with ``pg_terminate_backend(pid)``)."""
    try:
        row = await raw.fetchrow(
            "SELECT a.pid, a.client_addr, a.state, a.state_change FROM pg_locks AS l "
            "JOIN pg_stat_activity AS a ON a.pid = l.pid WHERE l.locktype = 'advisory' AND l.granted "
            "AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database()) "
            "AND l.classid = $1 AND l.objid = $2 AND l.objsubid = 2",  # (this database's: another
            first,  # bot's database on the same server has the same keys)
            second,
        )
    except Exception:  # (only for the log: never in place of the time-out itself)
        return "a session that could not be looked up"
    if row is None:
        return "a session that has let it go since"
    return f"pid {row[0]} from {row[1] or 'a local socket'} ({row[2]} since {row[3]})"


class PostgresDatabase(Database):
    """A pool of asyncpg connections to one PostgreSQL database. Open it with
    :meth:`Database.open` (``postgresql://user@host:port/dbname``)."""

    dialect = "postgresql"
    shared = True

    def __init__(
        self, pool: Any, location: str, schema_version: int, lock_pool: Any = None, dsn: str | None = None
    ) -> None:
        self._pool = pool
        self._lock_pool = lock_pool
        self._closed = False
        self._in_transaction: set[object] = set()  # tasks inside transaction()
        #: The game lock the running task holds here: the task and the lock's connection.
        self._held_lock: ContextVar[tuple[object, Any] | None] = ContextVar("held_game_lock", default=None)
        self.location = location
        self.schema_version = schema_version
        if dsn is not None:
            self.shards = ShardClaims(dsn, SESSION_SETTINGS, CONNECT_TIMEOUT)

    @classmethod
    async def connect(cls, url: str) -> PostgresDatabase:
        """Connect a pool to ``url`` and migrate the database (see :meth:`Database.open`)."""
        dsn, shown = postgres_dsn(url)
        try:
            pool = await asyncpg.create_pool(
                dsn,
                min_size=POOL_MIN,
                max_size=POOL_MAX,
                timeout=CONNECT_TIMEOUT,
                server_settings=SESSION_SETTINGS,
            )
        except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise DatabaseError(f"Cannot open the database {shown}: {_explain(exc)}.") from exc
        try:
            version = await _migrate(pool, shown)
            lock_pool = await asyncpg.create_pool(
                dsn,
                min_size=0,
                max_size=LOCK_POOL_MAX,
                timeout=CONNECT_TIMEOUT,
                server_settings={**SESSION_SETTINGS, "lock_timeout": str(int(LOCK_WAIT * 1000))},
            )
        except BaseException:
            await pool.close()
            raise
        return cls(pool, shown, version, lock_pool, dsn)

    async def close(self) -> None:
        if not self._closed:
            self._closed = True
            if self.shards is not None:
                await self.shards.release()
            if self._lock_pool is not None:
                await self._lock_pool.close()
            await self._pool.close()

    @asynccontextmanager
    async def game_lock(self, key: int) -> AsyncIterator[None]:
        """``pg_advisory_lock(GAME_LOCK, key)`` on a connection of the lock pool, held for the
        block. The pool's reset of the connection when it is given back
        (``pg_advisory_unlock_all``) releases it, however the block ends (even cancelled while
        waiting for the lock); a process that dies releases it with its connection. Waited for
        `LOCK_WAIT` at most (the session's ``lock_timeout``), then `GameLockTimeout`.

        The block's transactions (in this task) run on the lock's connection: should it die, the
        lock is gone and so is every later write of the block (it fails), so two processes
        never write for one game at once."""
        async with self._lock_pool.acquire() as raw:
            try:
                await raw.execute("SELECT pg_advisory_lock($1, $2)", GAME_LOCK, key)
            except asyncpg.LockNotAvailableError as exc:
                holder = await _lock_holder(raw, GAME_LOCK, key)
                raise GameLockTimeout(
                    f"game {key}'s lock was held for over {LOCK_WAIT:.0f} s by {holder}"
                ) from exc
            token = self._held_lock.set((asyncio.current_task(), raw))
            try:
                yield
            finally:
                self._held_lock.reset(token)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        """A transaction (READ COMMITTED; the store's conditional UPDATEs lock the rows they
        check): on the connection of the game lock this task holds (`game_lock`; its
        ``lock_timeout`` then bounds waits for rows too), else on one of the pool."""
        self._check_not_reentrant()
        task = asyncio.current_task()
        held = self._held_lock.get()
        async with _connection(held[1] if held and held[0] is task else self._pool) as raw:
            self._in_transaction.add(task)
            try:
                async with raw.transaction():
                    yield PostgresConnection(raw)
            except asyncpg.LockNotAvailableError as exc:  # (the lock connection's time limit)
                raise GameLockTimeout(
                    f"a row the game's step needs was held for over {LOCK_WAIT:.0f} s by another transaction"
                ) from exc
            finally:
                self._in_transaction.discard(task)

    async def grouped(self, work: Callable[[Connection], Awaitable[T]]) -> T:
        async with self.transaction() as conn:
            return await work(conn)

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> Row | None:
        self._check_not_reentrant()
        row: Row | None = await self._pool.fetchrow(to_postgres(sql), *params)
        return row

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        self._check_not_reentrant()
        return list(await self._pool.fetch(to_postgres(sql), *params))

    async def server_time(self) -> float | None:
        self._check_not_reentrant()
        return float(await self._pool.fetchval("SELECT extract(epoch FROM clock_timestamp())"))

    def _check_not_reentrant(self) -> None:
        if self._in_transaction and asyncio.current_task() in self._in_transaction:
            raise RuntimeError("already inside Database.transaction(): use the connection it yielded")


@asynccontextmanager
async def _connection(source: Any) -> AsyncIterator[Any]:
    """A connection of the pool ``source``, or ``source`` itself if it is one (held elsewhere)."""
    if isinstance(source, asyncpg.Pool):
        async with source.acquire() as raw:
            yield raw
    else:
        yield source


# -- SQL -----------------------------------------------------------------------------------


@functools.lru_cache(maxsize=1024)
def to_postgres(sql: str) -> str:
    """``?`` placeholders to ``$1, $2, ...`` (not inside quotes or ``--`` comments; dollar-quoted
    bodies are not recognised, so a ``?`` in a ``$$ ... $$`` body would be taken for one)."""
    out: list[str] = []
    number = 0
    i = 0
    while i < len(sql):
        char = sql[i]
        if char in "'\"":
            end = sql.find(char, i + 1)
            end = len(sql) - 1 if end < 0 else end
            out.append(sql[i : end + 1])
            i = end + 1
            continue
        if sql.startswith("--", i):
            end = sql.find("\n", i)
            end = len(sql) - 1 if end < 0 else end
            out.append(sql[i : end + 1])
            i = end + 1
            continue
        if char == "?":
            number += 1
            out.append(f"${number}")
        else:
            out.append(char)
        i += 1
    return "".join(out)


def _rowcount(status: str) -> int:
    """Rows changed, from a command tag such as ``UPDATE 1`` or ``INSERT 0 1`` (0 if none)."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


# -- URL -----------------------------------------------------------------------------------


def postgres_dsn(url: str) -> tuple[str, str]:
    """The DSN asyncpg takes for ``url`` and the URL to show in messages (no password)."""
    text = (url or "").strip()
    if not is_postgres_url(text):
        raise DatabaseError("not a PostgreSQL URL (postgresql://user@host:port/dbname)")
    parts = urlsplit(text)
    scheme = "postgresql"
    dsn = urlunsplit((scheme, parts.netloc, parts.path, parts.query, parts.fragment))
    host = parts.hostname or "localhost"
    netloc = (f"{parts.username}@" if parts.username else "") + host
    try:
        port = parts.port
    except ValueError:
        raise DatabaseError(f"DATABASE_URL has a malformed port: {scheme}://{netloc}...") from None
    if port is not None:
        netloc += f":{port}"
    named = parts.path.strip("/") or any(k in ("dbname", "database") for k, _ in parse_qsl(parts.query))
    # (unnamed, libpq takes the user's name: the bot's tables went into `postgres` for that user)
    if not named and not os.environ.get("PGDATABASE"):
        raise DatabaseError(
            f"DATABASE_URL names no database: add its name, e.g. {scheme}://{netloc}/christmas_bot"
        )
    return dsn, urlunsplit((scheme, netloc, parts.path, "", ""))


# -- migrations ----------------------------------------------------------------------------


async def _migrate(pool: Any, shown: str) -> int:
    """Apply the missing steps, each in its own transaction under the migration lock."""
    async with pool.acquire() as raw:
        while True:
            version = target = 0
            try:
                async with raw.transaction():
                    await raw.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
                    exists = await raw.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
                    version = await raw.fetchval("SELECT version FROM schema_version") if exists else 0
                    if version > LATEST:
                        raise DatabaseTooNew(
                            f"The database {shown} has schema version {version}, but this version of "
                            f"the bot only knows up to version {LATEST}. Upgrade the bot (or restore "
                            "a backup made with this version); the database was not changed."
                        )
                    if version == LATEST:
                        return version
                    target = version + 1
                    if not exists:
                        await raw.execute(
                            "CREATE TABLE schema_version (version INTEGER NOT NULL);"
                            "INSERT INTO schema_version (version) VALUES (0);"
                        )
                    step = POSTGRES_MIGRATIONS[version]
                    if isinstance(step, str):
                        await raw.execute(step)
                    else:
                        await step(PostgresConnection(raw))
                    await raw.execute("UPDATE schema_version SET version = $1", target)
            except (asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
                raise DatabaseError(
                    f"Upgrading the database {shown} to schema version {target or version + 1} failed "
                    f"({_one_line(exc)}); it was left at version {version}."
                ) from exc
            log.info("Database %s migrated to schema version %d", shown, target)


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


def _explain(exc: BaseException) -> str:
    if isinstance(exc, ConnectionRefusedError):
        return "nothing answers at that host and port (is PostgreSQL running?)"
    if isinstance(exc, TimeoutError):
        return "the server did not answer in time"
    if isinstance(exc, asyncpg.InvalidCatalogNameError):
        return f"the database does not exist ({_one_line(exc)})"
    if isinstance(exc, asyncpg.InvalidPasswordError | asyncpg.InvalidAuthorizationSpecificationError):
        return f"the server refused the user or password ({_one_line(exc)})"
    return _one_line(exc)
