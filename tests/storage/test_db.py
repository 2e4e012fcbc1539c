"""Opening, URLs, pragmas, migrations and transactions of storage.db and storage.sqlite (the
tests that take `db` or `db_url` run on SQLite and on PostgreSQL; the PostgreSQL-only ones are in
test_postgres.py)."""

from __future__ import annotations

import asyncio
import importlib
import os
import sqlite3

import pytest

import storage.sqlite_setup
from storage import LATEST, Database, DatabaseError, DatabaseTooNew, database_path_from_url
from storage.migrations import MIGRATIONS, POSTGRES_MIGRATIONS, split_statements

# -- URLs ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "path"),
    [
        ("sqlite:///data/bot.db", "data/bot.db"),
        ("sqlite:///bot.db", "bot.db"),
        ("sqlite:////var/lib/bot/bot.db", "/var/lib/bot/bot.db"),
        ("sqlite://", ":memory:"),
        ("sqlite:///:memory:", ":memory:"),
        ("  sqlite:///data/bot.db\n", "data/bot.db"),
        ("SQLite:///data/bot.db", "data/bot.db"),
        ("sqlite+aiosqlite:///data/bot.db", "data/bot.db"),
    ],
)
def test_database_path_from_url(url, path):
    assert database_path_from_url(url) == path


@pytest.mark.parametrize(
    "url",
    [
        "",
        "postgres://user:secret@host/db",
        "mysql://",
        "data/bot.db",
        "sqlite:data/bot.db",
        "sqlite:///",
        "sqlite://host/bot.db",
        "sqlite:///bot.db?mode=ro",
    ],
)
def test_database_path_from_url_rejects(url):
    with pytest.raises(DatabaseError, match=r"^DATABASE_URL must be a SQLite URL like sqlite:///"):
        database_path_from_url(url)


def test_rejected_url_does_not_echo_credentials():
    with pytest.raises(DatabaseError) as info:
        database_path_from_url("postgres://user:secret@host/db")
    assert "secret" not in str(info.value)


# -- opening -------------------------------------------------------------------------------


@pytest.mark.sqlite_only
async def test_open_creates_directory_and_migrates_to_latest(db_path, db_url):
    assert not db_path.parent.exists()
    db = await Database.open(db_url)
    try:
        assert db.schema_version == LATEST
        assert (await db.fetchone("PRAGMA user_version"))[0] == LATEST
        tables = {r[0] for r in await db.fetchall("SELECT name FROM sqlite_master")}
        assert {"games", "seats", "actions", "meta", "games_channel_status"} <= tables
    finally:
        await db.close()
    assert db_path.is_file()


@pytest.mark.sqlite_only
async def test_pragmas(db):
    assert (await db.fetchone("PRAGMA journal_mode"))[0] == "wal"
    assert (await db.fetchone("PRAGMA foreign_keys"))[0] == 1
    assert (await db.fetchone("PRAGMA busy_timeout"))[0] == 5000
    assert (await db.fetchone("PRAGMA synchronous"))[0] == 2  # FULL: acknowledged means on disk


async def test_reopen_is_idempotent(db_url):
    for _ in range(3):
        db = await Database.open(db_url)
        assert db.schema_version == LATEST
        await db.close()


async def test_close_twice_is_fine(db):
    await db.close()
    await db.close()


async def test_in_memory_database():
    async with await Database.open("sqlite://") as db:
        assert db.schema_version == LATEST
        assert (await db.fetchone("SELECT COUNT(*) FROM games"))[0] == 0


@pytest.mark.sqlite_only
async def test_database_too_new_is_refused_and_untouched(db_path, db_url):
    db_path.parent.mkdir()
    raw = sqlite3.connect(db_path)
    raw.execute("CREATE TABLE future (x)")
    raw.execute(f"PRAGMA user_version = {LATEST + 5}")
    raw.commit()
    raw.close()
    before = db_path.read_bytes()

    with pytest.raises(DatabaseTooNew, match=f"schema version {LATEST + 5}") as info:
        await Database.open(db_url)
    assert "\n" not in str(info.value)
    assert isinstance(info.value, DatabaseError)
    assert db_path.read_bytes() == before
    assert not os.path.exists(f"{db_path}-wal")


@pytest.mark.sqlite_only
async def test_garbage_file_is_a_clear_error(db_path, db_url):
    db_path.parent.mkdir()
    garbage = b"this is a shopping list, not a database\n" * 200
    db_path.write_bytes(garbage)
    with pytest.raises(DatabaseError, match="not a SQLite database") as info:
        await Database.open(db_url)
    assert "\n" not in str(info.value)
    assert str(db_path) in str(info.value)
    assert db_path.read_bytes() == garbage


async def test_directory_that_cannot_be_created(tmp_path):
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where a directory should be")
    with pytest.raises(DatabaseError, match="Cannot create the database directory") as info:
        await Database.open(f"sqlite:///{blocker}/sub/bot.db")
    assert "\n" not in str(info.value)


async def test_path_is_a_directory(tmp_path):
    (tmp_path / "bot.db").mkdir()
    with pytest.raises(DatabaseError, match="cannot be opened") as info:
        await Database.open(f"sqlite:///{tmp_path}/bot.db")
    assert "\n" not in str(info.value)


@pytest.mark.skipif(os.geteuid() == 0, reason="root ignores file permissions")
async def test_permission_denied(tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        with pytest.raises(DatabaseError, match="Cannot open the database"):
            await Database.open(f"sqlite:///{locked}/bot.db")
    finally:
        locked.chmod(0o700)


# -- migrations ----------------------------------------------------------------------------


def test_latest_matches_migrations():
    assert LATEST == len(MIGRATIONS) >= 1


def test_split_statements_keeps_trigger_bodies_whole():
    script = """
        CREATE TABLE t (x TEXT DEFAULT 'a;b');
        CREATE TRIGGER t_no_delete BEFORE DELETE ON t
        BEGIN SELECT RAISE(ABORT, 'no; never'); END;
    """
    statements = split_statements(script)
    assert len(statements) == 2
    assert statements[1].endswith("END;")


@pytest.mark.sqlite_only
async def test_failed_migration_is_rolled_back_and_reported(db_path, db_url, monkeypatch):
    broken = [*MIGRATIONS, "CREATE TABLE extra (x); CREATE TABLE games (y);"]
    monkeypatch.setattr(storage.sqlite_setup, "MIGRATIONS", broken)
    monkeypatch.setattr(storage.sqlite_setup, "LATEST", len(broken))
    with pytest.raises(DatabaseError, match=f"schema version {len(broken)} failed") as info:
        await Database.open(db_url)
    assert "\n" not in str(info.value)

    raw = sqlite3.connect(db_path)
    try:
        # The earlier steps committed on their own; the failed one left no trace.
        assert raw.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
        names = {r[0] for r in raw.execute("SELECT name FROM sqlite_master")}
        assert "games" in names and "extra" not in names
    finally:
        raw.close()


async def test_callable_migration_step(backend, db_url, monkeypatch):
    async def add_default_meta(conn):
        await conn.execute("INSERT INTO meta (key, value) VALUES (?, 'ho ho ho')", ("greeting",))

    steps = [*(MIGRATIONS if backend == "sqlite" else POSTGRES_MIGRATIONS), add_default_meta]
    module = storage.sqlite_setup if backend == "sqlite" else importlib.import_module("storage.postgres")
    monkeypatch.setattr(module, "MIGRATIONS" if backend == "sqlite" else "POSTGRES_MIGRATIONS", steps)
    monkeypatch.setattr(module, "LATEST", len(steps))
    async with await Database.open(db_url) as db:
        assert db.schema_version == len(steps)
        assert (await db.fetchone("SELECT value FROM meta"))[0] == "ho ho ho"


async def test_two_processes_migrating_at_once(db_url):
    first, second = await asyncio.gather(Database.open(db_url), Database.open(db_url))
    try:
        assert first.schema_version == second.schema_version == LATEST
    finally:
        await first.close()
        await second.close()


# -- transactions --------------------------------------------------------------------------


async def test_transaction_commits(db):
    async with db.transaction() as conn:
        await conn.execute("INSERT INTO meta (key, value) VALUES ('a', '1')")
    assert (await db.fetchone("SELECT value FROM meta WHERE key = 'a'"))[0] == "1"


async def test_exception_inside_transaction_rolls_back(db):
    with pytest.raises(RuntimeError, match="boom"):
        async with db.transaction() as conn:
            await conn.execute("INSERT INTO meta (key, value) VALUES ('a', '1')")
            raise RuntimeError("boom")
    assert await db.fetchall("SELECT * FROM meta") == []
    # The connection is usable again afterwards.
    async with db.transaction() as conn:
        await conn.execute("INSERT INTO meta (key, value) VALUES ('b', '2')")
    assert len(await db.fetchall("SELECT * FROM meta")) == 1


async def test_constraint_violation_on_second_statement_rolls_back(db, integrity_error):
    with pytest.raises(integrity_error):
        async with db.transaction() as conn:
            await conn.execute(
                "INSERT INTO games (channel_id, game_name, status, host_id, seed, created_at, "
                "updated_at) VALUES (1, 'g', 'lobby', 1, 1, 'now', 'now')"
            )
            # Foreign keys are on: seat for a game that does not exist.
            await conn.execute(
                "INSERT INTO seats (game_id, seat, user_id, display_name) VALUES (999, 0, 1, 'x')"
            )
    assert (await db.fetchone("SELECT COUNT(*) FROM games"))[0] == 0


async def test_cancelled_transaction_rolls_back(db):
    entered = asyncio.Event()

    async def slow_writer():
        async with db.transaction() as conn:
            await conn.execute("INSERT INTO meta (key, value) VALUES ('a', '1')")
            entered.set()
            await asyncio.sleep(10)

    task = asyncio.create_task(slow_writer())
    await entered.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert await db.fetchall("SELECT * FROM meta") == []
    async with db.transaction() as conn:
        await conn.execute("INSERT INTO meta (key, value) VALUES ('b', '2')")


async def test_transactions_do_not_interleave(db):
    async def writer(key):
        async with db.transaction() as conn:
            await conn.execute("INSERT INTO meta (key, value) VALUES (?, 'start')", (key,))
            await asyncio.sleep(0.01)  # let the other coroutine try to run
            await conn.execute("UPDATE meta SET value = 'done' WHERE key = ?", (key,))

    await asyncio.gather(writer("a"), writer("b"), writer("c"))
    rows = await db.fetchall("SELECT value FROM meta")
    assert [r[0] for r in rows] == ["done"] * 3


async def test_reentrant_use_is_an_error_not_a_deadlock(db):
    async with db.transaction():
        with pytest.raises(RuntimeError, match="already inside"):
            await db.fetchone("SELECT 1")


async def test_committed_data_survives_reopen_and_is_seen_by_another_connection(db_url):
    first = await Database.open(db_url)
    async with first.transaction() as conn:
        await conn.execute("INSERT INTO meta (key, value) VALUES ('k', 'v')")
    second = await Database.open(db_url)
    try:
        assert (await second.fetchone("SELECT value FROM meta"))[0] == "v"
    finally:
        await second.close()
        await first.close()
    async with await Database.open(db_url) as third:
        assert (await third.fetchone("SELECT value FROM meta"))[0] == "v"


async def test_migration_8_moves_a_closed_dm_seats_view_id(backend, db_url, monkeypatch):
    """Before version 8 a seat with closed DMs kept its ephemeral view's id in dm_message_id;
    version 8 moves it to view_message_id (DM seats keep their DM's id)."""
    module = storage.sqlite_setup if backend == "sqlite" else importlib.import_module("storage.postgres")
    name = "MIGRATIONS" if backend == "sqlite" else "POSTGRES_MIGRATIONS"
    steps = getattr(module, name)
    assert len(steps) >= 8
    monkeypatch.setattr(module, name, steps[:7])
    monkeypatch.setattr(module, "LATEST", 7)
    async with await Database.open(db_url) as db, db.transaction() as conn:
        await conn.execute(
            "INSERT INTO games (id, channel_id, game_name, status, host_id, seed, created_at, updated_at) "
            "VALUES (1, 5, 'grumpy-nisse', 'running', 11, 3, 'now', 'now')"
        )
        await conn.execute(
            "INSERT INTO seats (game_id, seat, user_id, display_name, dm_open, dm_message_id, "
            "private_token, private_token_at) "
            "VALUES (1, 0, 11, 'a', 0, 900, 'tok', 1.5), (1, 1, 12, 'b', 1, 901, NULL, NULL)"
        )
    monkeypatch.setattr(module, name, steps)
    monkeypatch.setattr(module, "LATEST", len(steps))
    async with await Database.open(db_url) as db:
        assert db.schema_version == len(steps)
        rows = await db.fetchall("SELECT seat, dm_message_id, view_message_id FROM seats ORDER BY seat")
        assert [tuple(row) for row in rows] == [(0, None, 900), (1, 901, None)]
