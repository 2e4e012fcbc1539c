"""What only PostgreSQL has: URLs, the schema_version table and its lock, the append-only trigger,
several processes (pools) writing one game at once. The tests of both backends are in the other
files (their `db` fixture runs on each); these skip, with the reason, where no server answers."""

from __future__ import annotations

import asyncio

import pytest

from storage import LATEST, POSTGRES_MIGRATIONS, Database, DatabaseError, DatabaseTooNew, GameStore
from tests.storage.conftest import PG_ADMIN_URL, with_database

asyncpg = pytest.importorskip("asyncpg", reason="asyncpg is not installed (pip install -e '.[dev]')")
postgres = pytest.importorskip("storage.postgres")


async def _raw(url: str, sql: str, *args):
    conn = await asyncpg.connect(url)
    try:
        return await conn.fetch(sql, *args)
    finally:
        await conn.close()


async def _tables(url: str) -> set[str]:
    rows = await _raw(url, "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
    return {r[0] for r in rows}


# -- without a server ----------------------------------------------------------------------


def test_placeholders_become_numbered_outside_quotes_and_comments():
    sql = "SELECT ?, '?', \"a?\" FROM t -- why?\nWHERE a = ? AND b IN (?, ?)"
    assert (
        postgres.to_postgres(sql) == "SELECT $1, '?', \"a?\" FROM t -- why?\nWHERE a = $2 AND b IN ($3, $4)"
    )
    assert postgres.to_postgres("SELECT 1") == "SELECT 1"


@pytest.mark.parametrize(
    ("url", "dsn", "shown"),
    [
        (
            "postgresql://bot@db:5433/games",
            "postgresql://bot@db:5433/games",
            "postgresql://bot@db:5433/games",
        ),
        ("postgres://bot:s3cret@db/games", "postgresql://bot:s3cret@db/games", "postgresql://bot@db/games"),
        (
            " postgresql+asyncpg://bot@db/games?sslmode=disable ",
            "postgresql://bot@db/games?sslmode=disable",
            "postgresql://bot@db/games",
        ),
    ],
)
def test_postgres_urls(url, dsn, shown):
    assert postgres.postgres_dsn(url) == (dsn, shown)


@pytest.mark.parametrize(
    "url", ["postgresql://bot@db:5432", "postgresql://bot@db/", "postgres://bot:pw@db/?sslmode=off"]
)
def test_a_url_without_a_database_name_is_refused(url, monkeypatch):
    """(libpq then takes the user's name: an operator's tables went into the `postgres` database.)"""
    monkeypatch.delenv("PGDATABASE", raising=False)
    with pytest.raises(DatabaseError, match="names no database: add its name, e.g. postgresql://bot@db"):
        postgres.postgres_dsn(url)
    assert postgres.postgres_dsn("postgresql://bot@db/?dbname=games")[1] == "postgresql://bot@db/"
    monkeypatch.setenv("PGDATABASE", "games")  # (named outside the URL, as libpq takes it)
    assert postgres.postgres_dsn(url)[1].startswith("postgresql://bot@db")


async def test_unreachable_server_is_one_clear_line_without_the_password():
    with pytest.raises(
        DatabaseError, match="Cannot open the database postgresql://bot@127.0.0.1:1/x"
    ) as info:
        await Database.open("postgresql://bot:s3cret@127.0.0.1:1/x")
    assert "s3cret" not in str(info.value) and "\n" not in str(info.value)


# -- opening and migrations ----------------------------------------------------------------


async def test_open_migrates_to_latest(pg_url):
    async with await Database.open(pg_url) as db:
        assert db.dialect == "postgresql" and db.schema_version == LATEST
        assert (await db.fetchone("SELECT version FROM schema_version"))[0] == LATEST
    assert {"games", "seats", "actions", "results", "meta", "schema_version"} <= await _tables(pg_url)
    # Discord ids and seeds need 64 bits.
    types = dict(
        await _raw(
            pg_url, "SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'games'"
        )
    )
    assert types["id"] == types["channel_id"] == types["seed"] == "bigint"
    assert types["deadline"] == "double precision"


async def test_missing_database_is_a_clear_error(postgres_url):
    with pytest.raises(DatabaseError, match="the database does not exist") as info:
        await Database.open(with_database(PG_ADMIN_URL, "no_such_database_here"))
    assert "\n" not in str(info.value)


async def test_database_too_new_is_refused_and_untouched(pg_url):
    async with await Database.open(pg_url):
        pass
    await _raw(pg_url, "UPDATE schema_version SET version = $1", LATEST + 5)
    await _raw(pg_url, "CREATE TABLE future (x INTEGER)")
    before = await _tables(pg_url)
    with pytest.raises(DatabaseTooNew, match=f"schema version {LATEST + 5}") as info:
        await Database.open(pg_url)
    assert "\n" not in str(info.value) and isinstance(info.value, DatabaseError)
    assert await _tables(pg_url) == before
    assert (await _raw(pg_url, "SELECT version FROM schema_version"))[0][0] == LATEST + 5


async def test_failed_migration_is_rolled_back_and_reported(pg_url, monkeypatch):
    broken = [*POSTGRES_MIGRATIONS, "CREATE TABLE extra (x INTEGER); CREATE TABLE games (y INTEGER);"]
    monkeypatch.setattr(postgres, "POSTGRES_MIGRATIONS", broken)
    monkeypatch.setattr(postgres, "LATEST", len(broken))
    with pytest.raises(DatabaseError, match=f"schema version {len(broken)} failed") as info:
        await Database.open(pg_url)
    message = str(info.value)
    assert "\n" not in message and f"it was left at version {len(POSTGRES_MIGRATIONS)}" in message
    # The earlier steps committed on their own; the failed one left no trace.
    assert (await _raw(pg_url, "SELECT version FROM schema_version"))[0][0] == len(POSTGRES_MIGRATIONS)
    assert "extra" not in await _tables(pg_url)


async def test_processes_starting_at_once_migrate_one_after_the_other(pg_url, monkeypatch):
    """Each step holds the advisory lock: steps never run twice or at once, whatever the timing."""
    running = []
    ran = []

    async def slow_step(conn):
        running.append(1)
        assert len(running) == 1, "two processes migrate at once"
        await asyncio.sleep(0.05)
        await conn.execute("INSERT INTO meta (key, value) VALUES (?, ?)", ("step", "done"))
        ran.append(1)
        running.pop()

    steps = [*POSTGRES_MIGRATIONS, slow_step]
    monkeypatch.setattr(postgres, "POSTGRES_MIGRATIONS", steps)
    monkeypatch.setattr(postgres, "LATEST", len(steps))
    dbs = await asyncio.gather(*(Database.open(pg_url) for _ in range(4)))
    try:
        assert [db.schema_version for db in dbs] == [len(steps)] * 4
        assert ran == [1]
    finally:
        for db in dbs:
            await db.close()


# -- the store -----------------------------------------------------------------------------


@pytest.fixture
async def pg_store(pg_url):
    db = await Database.open(pg_url)
    yield GameStore(db)
    await db.close()


async def _running(store: GameStore, channel: int = 10) -> int:
    lobby = await store.lobbies.create(
        guild_id=1, channel_id=channel, game_name="g", host_id=100, host_name="Host", options={}, seed=2**62
    )
    await store.lobbies.add_seat(lobby.id, 200, "Bob")
    await store.lobbies.start(lobby.id, '{"turn": 0}')
    return lobby.id


async def _act(store: GameStore, game_id: int, version: int, who: int = 0) -> int:
    return await store.record_action(
        game_id,
        expected_version=version,
        seat=who,
        user_id=100 + who,
        action_json=f'{{"move": {version}, "by": {who}}}',
        events_json="[]",
        state_json=f'{{"turn": {version + 1}, "by": {who}}}',
        status="running",
    )


@pytest.mark.parametrize("sql", ["UPDATE actions SET seat = 1", "DELETE FROM actions", "TRUNCATE actions"])
async def test_action_log_is_append_only_even_for_truncate(pg_store, sql):
    game = await _running(pg_store)
    await _act(pg_store, game, 0)
    with pytest.raises(asyncpg.IntegrityConstraintViolationError, match="append-only"):
        async with pg_store.db.transaction() as conn:
            await conn.execute(sql)
    assert len(await pg_store.get_actions(game)) == 1


async def test_grouped_writes_each_commit_alone(pg_store):
    """No group commit here: a refused action does not touch another game's action."""
    first, second = await _running(pg_store, 10), await _running(pg_store, 11)
    results = await asyncio.gather(
        _act(pg_store, first, 3), _act(pg_store, second, 0), return_exceptions=True
    )
    assert type(results[0]).__name__ == "VersionConflict" and results[1] == 1
    assert [(await pg_store.get_game(g)).version for g in (first, second)] == [0, 1]


async def test_two_processes_writing_one_game_exactly_one_wins_per_version(pg_url):
    """Two pools (as two bot processes) send the same game's next action at once, over and over:
    each version is won by exactly one, whose snapshot and log row are the ones stored."""
    first_db, second_db = await Database.open(pg_url), await Database.open(pg_url)
    try:
        stores = [GameStore(first_db), GameStore(second_db)]
        game = await _running(stores[0])
        winners = []
        for version in range(20):
            results = await asyncio.gather(
                *(_act(store, game, version, who) for who, store in enumerate(stores)), return_exceptions=True
            )
            won = [who for who, r in enumerate(results) if r == version + 1]
            lost = [r for r in results if isinstance(r, BaseException)]
            assert len(won) == 1 and len(lost) == 1 and type(lost[0]).__name__ == "VersionConflict", results
            winners.append(won[0])
        for store in stores:
            record = await store.get_game(game)
            actions = await store.get_actions(game)
            assert record.version == 20 and record.state_json == f'{{"turn": 20, "by": {winners[-1]}}}'
            assert [(a.seq, a.seat) for a in actions] == [(v + 1, w) for v, w in enumerate(winners)]
    finally:
        await first_db.close()
        await second_db.close()


async def test_two_processes_joining_and_claiming_at_once(pg_url):
    """A full lobby stays full, and a rematch is claimed once, across two pools."""
    first_db, second_db = await Database.open(pg_url), await Database.open(pg_url)
    try:
        stores = [GameStore(first_db), GameStore(second_db)]
        lobby = await stores[0].lobbies.create(
            guild_id=None, channel_id=5, game_name="g", host_id=1, host_name="H", options={}, seed=1
        )
        joins = await asyncio.gather(
            *(stores[i % 2].lobbies.add_seat(lobby.id, 10 + i, f"P{i}", max_seats=4) for i in range(8)),
            return_exceptions=True,
        )
        assert sum(not isinstance(j, BaseException) for j in joins) == 3
        assert [s.seat for s in await stores[1].get_seats(lobby.id)] == [0, 1, 2, 3]
        rematches = await asyncio.gather(
            *(
                store.lobbies.create(
                    guild_id=None,
                    channel_id=5,
                    game_name="g",
                    host_id=1,
                    host_name="H",
                    options={},
                    seed=2,
                    claim=f"rematch:{lobby.id}",
                )
                for store in stores
            ),
            return_exceptions=True,
        )
        made = [r for r in rematches if not isinstance(r, BaseException)]
        refused = [r for r in rematches if isinstance(r, BaseException)]
        assert len(made) == 1 and type(refused[0]).__name__ == "StorageConflict"
        assert str(refused[0]) == str(made[0].id)
        assert len(await stores[0].live_games()) == 2
    finally:
        await first_db.close()
        await second_db.close()


async def test_a_game_lock_held_elsewhere_too_long_is_given_up(pg_url, monkeypatch):
    """A process that hangs holding a game's lock (a frozen machine: the server keeps its session
    until it notices) held up every other process's clicks on that game and, eight such games,
    their overdue wake-ups: the lock is waited for `LOCK_WAIT` at most. Sessions ask the server to
    notice a vanished client within about a minute (keepalives) and end a transaction left
    open by a frozen process."""
    from storage import GameLockTimeout

    monkeypatch.setattr(postgres, "LOCK_WAIT", 0.3)
    db = await Database.open(pg_url)
    hung = await asyncpg.connect(pg_url)
    try:
        await hung.execute("SELECT pg_advisory_lock($1, $2)", postgres.GAME_LOCK, 7)

        async def take_7() -> None:
            async with db.game_lock(7):
                pass

        pid = await hung.fetchval("SELECT pg_backend_pid()")
        other = await asyncpg.connect(PG_ADMIN_URL)  # (another database on the server, same keys)
        try:
            await other.execute("SELECT pg_advisory_lock($1, $2)", postgres.GAME_LOCK, 7)
            with pytest.raises(GameLockTimeout, match=f"by pid {pid} from "):  # (who holds it: ours)
                await asyncio.wait_for(take_7(), 5)  # (a TimeoutError if it waits on and on)
        finally:
            await other.close()
        async with db.game_lock(8):  # (other games are free, and the pool's connection is back)
            pass
        await hung.execute("SELECT pg_advisory_unlock($1, $2)", postgres.GAME_LOCK, 7)
        async with db.game_lock(7):
            pass
        for pool in (db._pool, db._lock_pool):
            async with pool.acquire() as conn:
                assert await conn.fetchval("SHOW tcp_keepalives_idle") == "30"
                assert await conn.fetchval("SHOW idle_in_transaction_session_timeout") == "1min"
    finally:
        await hung.close()
        await db.close()


async def test_the_writes_under_a_game_lock_need_the_lock_still_held(pg_url):
    """A game's lock is a session's: if its connection alone dies (the process lives on), the
    server releases it and another process takes the game. The holder's writes ran on other
    connections and went on committing beside the new holder's; they run on the lock's own
    connection now, so the first write after the loss fails and nothing of it is kept."""
    async with asyncio.timeout(60):  # (a failure showing where it waits, never a hung run)
        await _lock_lost_while_held(pg_url)


async def _lock_lost_while_held(pg_url: str) -> None:
    first, second = await Database.open(pg_url), await Database.open(pg_url)
    admin = await asyncpg.connect(pg_url)
    try:
        await admin.execute("CREATE TABLE lock_test (n INTEGER)")
        async with first.game_lock(7):
            holder = await admin.fetchval(
                "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND objid = 7 AND "
                "database = (SELECT oid FROM pg_database WHERE datname = current_database())"
            )
            async with first.transaction() as conn:  # (on the lock's connection)
                assert (await conn.fetchone("SELECT pg_backend_pid()"))[0] == holder
                await conn.execute("INSERT INTO lock_test VALUES (1)")

            async def elsewhere() -> int:  # (another task of the process: the pool's connections)
                async with first.transaction() as conn:
                    return int((await conn.fetchone("SELECT pg_backend_pid()"))[0])

            assert await asyncio.create_task(elsewhere()) != holder
            await admin.execute("SELECT pg_terminate_backend($1)", holder)
            taken, done = asyncio.Event(), asyncio.Event()

            async def other_process() -> None:
                async with second.game_lock(7):  # (the lock went with its connection)
                    taken.set()
                    await done.wait()

            other = asyncio.create_task(other_process())
            await asyncio.wait_for(taken.wait(), 5)
            with pytest.raises((asyncpg.PostgresError, asyncpg.InterfaceError, OSError)):
                async with first.transaction() as conn:
                    await conn.execute("INSERT INTO lock_test VALUES (2)")
            done.set()
            await other
        assert [r[0] for r in await admin.fetch("SELECT n FROM lock_test")] == [1]
        async with first.game_lock(8), first.transaction() as conn:  # (the lost connection replaced)
            await conn.execute("INSERT INTO lock_test VALUES (3)")
        assert sorted(r[0] for r in await admin.fetch("SELECT n FROM lock_test")) == [1, 3]
    finally:
        await admin.close()
        await first.close()
        await second.close()


async def test_a_row_held_too_long_under_a_game_lock_is_a_lock_timeout(pg_url, monkeypatch):
    """The step's transactions run on the game lock's connection, whose waits end after
    `LOCK_WAIT` (its ``lock_timeout``): a row another transaction holds that long is the same
    "busy" as the game's lock, not a bare database error."""
    from storage import GameLockTimeout

    monkeypatch.setattr(postgres, "LOCK_WAIT", 0.3)
    db = await Database.open(pg_url)
    admin = await asyncpg.connect(pg_url)
    try:
        await admin.execute("CREATE TABLE lock_rows (n INTEGER); INSERT INTO lock_rows VALUES (1)")
        async with admin.transaction():
            await admin.execute("SELECT n FROM lock_rows FOR UPDATE")  # (held by "another process")
            async with db.game_lock(9):
                with pytest.raises(GameLockTimeout, match="a row the game's step needs was held"):
                    async with asyncio.timeout(10), db.transaction() as conn:
                        await conn.execute("UPDATE lock_rows SET n = 2")
    finally:
        await admin.close()
        await db.close()
