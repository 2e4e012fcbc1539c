"""Group commit: actions recorded at the same moment share one transaction and one COMMIT, each
is committed before its caller returns, and one failing loses nothing of the others."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3

import pytest

import storage.sqlite
from storage import Database, GameStore, VersionConflict

pytestmark = pytest.mark.sqlite_only  # SQLite's group commit (PostgreSQL: test_postgres.py)


async def _game(store: GameStore, channel: int) -> int:
    lobby = await store.lobbies.create(
        guild_id=1, channel_id=channel, game_name="g", host_id=100, host_name="Host", options={}, seed=1
    )
    await store.lobbies.add_seat(lobby.id, 200, "Bob")
    await store.lobbies.start(lobby.id, '{"turn": 0}')
    return lobby.id


async def _act(store: GameStore, game_id: int, version: int, *, status: str = "running") -> int:
    return await store.record_action(
        game_id,
        expected_version=version,
        seat=0,
        user_id=100,
        action_json=f'{{"move": {version}}}',
        events_json="[]",
        state_json=f'{{"turn": {version + 1}}}',
        status=status,
    )


@pytest.fixture
async def statements(db):
    """Every statement run on the database's connection, in order (its first word)."""
    seen: list[str] = []
    await db._conn.set_trace_callback(lambda sql: seen.append(sql.split()[0].upper() if sql.split() else sql))
    yield seen
    with contextlib.suppress(ValueError):  # (a test may have closed the database)
        await db._conn.set_trace_callback(None)


@pytest.fixture
def hops(db, monkeypatch):
    """Every call from the event loop to the database's thread (aiosqlite's), counted."""
    seen: list[str] = []
    execute = db._conn._execute

    def counted(fn, *args, **kwargs):
        seen.append(getattr(fn, "__name__", repr(fn)))
        return execute(fn, *args, **kwargs)

    monkeypatch.setattr(db._conn, "_execute", counted)
    return seen


def _committed(db_path, sql: str) -> list[tuple]:
    """Read through another connection: only what is committed (and on disk) is visible."""
    with sqlite3.connect(db_path) as conn:
        return conn.execute(sql).fetchall()


async def test_two_concurrent_actions_share_one_commit_and_both_are_durable(store, db, db_path, statements):
    first, second = await _game(store, 10), await _game(store, 11)
    statements.clear()
    assert await asyncio.gather(_act(store, first, 0), _act(store, second, 0)) == [1, 1]
    assert statements.count("BEGIN") == 1 and statements.count("COMMIT") == 1
    # The first runs in the transaction itself, the second in a savepoint of its own.
    assert statements == ["BEGIN", "UPDATE", "INSERT", "SAVEPOINT", "UPDATE", "INSERT", "RELEASE", "COMMIT"]
    assert _committed(db_path, "SELECT id, version, state_json FROM games ORDER BY id") == [
        (first, 1, '{"turn": 1}'),
        (second, 1, '{"turn": 1}'),
    ]
    assert _committed(db_path, "SELECT game_id, seq FROM actions ORDER BY game_id") == [
        (first, 1),
        (second, 1),
    ]
    await db.close()  # and after closing, from the file alone
    async with await Database.open(f"sqlite:///{db_path}") as again:
        assert [(r[0], r[1]) for r in await again.fetchall("SELECT game_id, seq FROM actions")] == [
            (first, 1),
            (second, 1),
        ]


async def test_a_lone_action_is_one_plain_transaction(store, statements):
    game = await _game(store, 10)
    statements.clear()
    assert await _act(store, game, 0) == 1
    assert statements == ["BEGIN", "UPDATE", "INSERT", "COMMIT"]


async def test_a_group_is_one_call_to_the_database_thread(store, db, hops, statements):
    """Every statement of a group runs in one hop to the database's thread: on a busy event loop
    each hop waits for the loop again, so a hop per statement bounded the actions committed per
    second (1,000 tables on a slow machine: about 32)."""
    games = [await _game(store, 10 + i) for i in range(8)]
    hops.clear()
    statements.clear()
    async with db.transaction() as conn:  # holds the connection while eight actions arrive
        tasks = [asyncio.create_task(_act(store, g, 0)) for g in games]
        await asyncio.sleep(0.01)
        await conn.execute("UPDATE meta SET value = value WHERE key = 'none'")
    held = len(hops)  # the holder's BEGIN, UPDATE and COMMIT
    assert [await t for t in tasks] == [1] * 8
    assert len(hops) - held == 1
    assert statements.count("UPDATE") == 9 and statements.count("INSERT") == 8


@pytest.mark.parametrize("failing_first", [True, False])
async def test_a_refused_action_does_not_lose_the_other(store, db_path, failing_first):
    first, second = await _game(store, 10), await _game(store, 11)
    calls = [_act(store, first, 5), _act(store, second, 0)]
    results = await asyncio.gather(*(calls if failing_first else calls[::-1]), return_exceptions=True)
    refused, done = results if failing_first else results[::-1]
    assert isinstance(refused, VersionConflict) and done == 1
    assert _committed(db_path, "SELECT id, version FROM games ORDER BY id") == [(first, 0), (second, 1)]
    assert _committed(db_path, "SELECT game_id, seq FROM actions") == [(second, 1)]


@pytest.mark.parametrize("failing_first", [True, False])
async def test_an_action_failing_after_its_first_write_is_rolled_back_alone(
    store, db, db_path, failing_first
):
    """The game row is updated, then the log insert fails (a row already holds that seq): that
    action's update is undone (the transaction, or its savepoint when it is not the first of
    the group), the other action of the group commits."""
    first, second = await _game(store, 10), await _game(store, 11)
    async with db.transaction() as conn:  # a stray log row where action 1 of `first` goes
        await conn.execute(
            "INSERT INTO actions (game_id, seq, seat, user_id, action_json, events_json, created_at) "
            "VALUES (?, 1, 0, 100, '{}', '[]', 'then')",
            (first,),
        )
    calls = [_act(store, first, 0), _act(store, second, 0)]
    results = await asyncio.gather(*(calls if failing_first else calls[::-1]), return_exceptions=True)
    failed, done = results if failing_first else results[::-1]
    assert isinstance(failed, sqlite3.IntegrityError) and done == 1
    assert _committed(db_path, "SELECT id, version, state_json FROM games ORDER BY id") == [
        (first, 0, '{"turn": 0}'),
        (second, 1, '{"turn": 1}'),
    ]
    assert _committed(db_path, "SELECT game_id, seq, created_at != 'then' FROM actions ORDER BY game_id") == [
        (first, 1, 0),
        (second, 1, 1),
    ]


async def test_a_failed_commit_fails_every_member_and_writes_nothing(store, db, db_path, monkeypatch):
    first, second = await _game(store, 10), await _game(store, 11)
    control = storage.sqlite._control

    def failing_commit(raw, sql):
        if sql == "COMMIT":
            raise sqlite3.OperationalError("disk I/O error")
        control(raw, sql)

    monkeypatch.setattr(storage.sqlite, "_control", failing_commit)
    results = await asyncio.gather(_act(store, first, 0), _act(store, second, 0), return_exceptions=True)
    monkeypatch.undo()
    assert [type(r) for r in results] == [sqlite3.OperationalError] * 2
    assert _committed(db_path, "SELECT version FROM games ORDER BY id") == [(0,), (0,)]
    assert _committed(db_path, "SELECT COUNT(*) FROM actions") == [(0,)]
    assert await _act(store, first, 0) == 1  # the connection is usable again


async def test_actions_waiting_behind_a_transaction_are_grouped(store, db, statements):
    games = [await _game(store, 10 + i) for i in range(5)]
    statements.clear()
    async with db.transaction() as conn:  # holds the connection while five actions arrive
        tasks = [asyncio.create_task(_act(store, g, 0)) for g in games]
        await asyncio.sleep(0.01)
        await conn.execute("UPDATE meta SET value = value WHERE key = 'none'")
    assert [await t for t in tasks] == [1] * 5
    assert statements.count("COMMIT") == 2  # the holder's, then one for the five actions


async def test_an_action_cancelled_before_its_group_ran_is_not_written(store, db, db_path):
    game = await _game(store, 10)
    async with db.transaction():
        task = asyncio.create_task(_act(store, game, 0))
        await asyncio.sleep(0.01)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
    await asyncio.sleep(0.05)  # the database's task has run by now
    assert _committed(db_path, "SELECT version FROM games") == [(0,)]
    assert await _act(store, game, 0) == 1


async def test_a_write_after_closing_fails_in_its_caller_not_in_the_database_task(db_url) -> None:
    """A write that comes while (or after) the database closes, e.g. a delivery finishing during
    shutdown: its caller gets the error (it used to wait for ever: the database's task died on
    the closed connection before answering); nothing escapes that task unretrieved."""
    database = await Database.open(db_url)
    escaped: list[dict] = []
    asyncio.get_running_loop().set_exception_handler(lambda loop, context: escaped.append(context))

    async def work(conn) -> None:
        await conn.execute("SELECT 1")

    await database.close()
    with pytest.raises(Exception) as raised:
        await asyncio.wait_for(database.grouped(work), 5)
    assert not isinstance(raised.value, TimeoutError), "the write was never answered"
    await asyncio.sleep(0)
    grouper = database._grouper  # type: ignore[attr-defined]
    assert grouper is not None and grouper.done()
    assert grouper.exception() is None, "the database's task failed with nobody to hear it"
    assert not escaped
