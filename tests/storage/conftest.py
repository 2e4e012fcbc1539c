"""Fixtures: a fresh database per test (never a shared one), on each backend.

Tests that take `db`, `db_url`, `store` or `backend` run twice: on a SQLite file and on a
PostgreSQL database (`@pytest.mark.sqlite_only` for the SQLite-specific ones). PostgreSQL: the
server of `TEST_DATABASE_URL` (default `postgresql://postgres@127.0.0.1:5432/postgres`, the local
one) gets one throwaway database `test_<random>` for the session, dropped at the end, emptied
before each test. With no server there, the PostgreSQL runs are skipped, and the run ends with one
line saying why and how to enable them.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import threading
from collections.abc import Awaitable, Iterator
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

import pytest

from storage import Database, GameStore

T = TypeVar("T")

PG_ADMIN_URL = os.environ.get("TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
_where = urlsplit(PG_ADMIN_URL)
PG_WHERE = f"{_where.hostname or 'localhost'}:{_where.port or 5432}"
_skipped: list[str] = []  # why the PostgreSQL runs were skipped (once set)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "sqlite_only: run with the SQLite backend only")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames:
        only = metafunc.definition.get_closest_marker("sqlite_only")
        metafunc.parametrize("backend", ["sqlite"] if only else ["sqlite", "postgresql"])


def run_apart(coro: Awaitable[T]) -> T:
    """Run `coro` on an event loop of its own in another thread (from sync fixtures, so the
    test's own event loop is left alone)."""
    result: list[Any] = []

    def main() -> None:
        try:
            result.append(("ok", asyncio.run(coro)))  # type: ignore[arg-type]
        except BaseException as error:
            result.append(("error", error))

    thread = threading.Thread(target=main)
    thread.start()
    thread.join()
    kind, value = result[0]
    if kind == "error":
        raise value
    return value


def with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, ""))


async def _admin(sql: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(PG_ADMIN_URL, timeout=5)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


def _unavailable() -> str | None:
    """Why PostgreSQL tests cannot run here, or None."""
    how = "set TEST_DATABASE_URL=postgresql://user@host:port/db to use another server"
    try:
        import asyncpg  # noqa: F401
    except ImportError:
        return "asyncpg is not installed (pip install -e '.[dev]')"
    try:
        run_apart(_admin("SELECT 1"))
    except Exception as error:
        detail = " ".join(str(error).split()) or type(error).__name__
        return f"PostgreSQL not reachable at {PG_WHERE} ({detail}); {how}"
    return None


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """The URL of this session's throwaway PostgreSQL database (skips if there is no server)."""
    if _skipped:
        pytest.skip(_skipped[0])
    reason = _unavailable()
    if reason is not None:
        _skipped.append(reason)
        pytest.skip(reason)
    name = f"test_{secrets.token_hex(6)}"
    run_apart(_admin(f'CREATE DATABASE "{name}"'))
    try:
        yield with_database(PG_ADMIN_URL, name)
    finally:
        run_apart(_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


async def empty_postgres(url: str) -> None:
    """Drop everything in the database (as if new)."""
    import asyncpg

    conn = await asyncpg.connect(url, timeout=5)
    try:
        await conn.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public;")
    finally:
        await conn.close()


@pytest.fixture
def pg_url(postgres_url):
    """An empty PostgreSQL database (skips, saying why, if there is no server)."""
    run_apart(empty_postgres(postgres_url))
    return postgres_url


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "data" / "bot.db"


@pytest.fixture
def db_url(backend, db_path, request):
    if backend == "sqlite":
        return f"sqlite:///{db_path}"  # db_path is absolute, so this is the sqlite://// form
    url = request.getfixturevalue("postgres_url")
    run_apart(empty_postgres(url))
    return url


@pytest.fixture
async def db(db_url):
    database = await Database.open(db_url)
    yield database
    await database.close()


@pytest.fixture
def store(db):
    return GameStore(db)


@pytest.fixture
def db_error(backend):
    """The base class of the backend driver's errors."""
    if backend == "sqlite":
        import sqlite3

        return sqlite3.Error
    import asyncpg

    return asyncpg.PostgresError


@pytest.fixture
def integrity_error(backend):
    """What the backend raises for a broken constraint or the append-only log's trigger."""
    if backend == "sqlite":
        import sqlite3

        return sqlite3.IntegrityError
    import asyncpg

    return asyncpg.IntegrityConstraintViolationError


@pytest.fixture
async def lobby(store):
    """A lobby hosted by user 100 ("Host") in channel 10 of guild 1."""
    return await store.lobbies.create(
        guild_id=1,
        channel_id=10,
        game_name="secret_krampus",
        host_id=100,
        host_name="Host",
        options={"rounds": 3},
        seed=42,
    )
