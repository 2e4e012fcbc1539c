"""`python -m bot migrate-db`: a SQLite database copied into PostgreSQL, every row and id kept,
every game checked to replay to its stored state."""

from __future__ import annotations

import pytest

from bot.migrate_db import TABLES, MigrationError, migrate, run
from bot.plugins import PLUGINS
from storage import Database, GameStore
from storage.calls import CHANNEL, Call
from storage.sends import Send
from tests.storage.play import GAMES, play_random_game


async def _everything(db: Database) -> dict[str, list[tuple]]:
    out = {}
    for table, columns in TABLES.items():
        rows = await db.fetchall(f"SELECT {', '.join(columns)} FROM {table}")
        out[table] = sorted((tuple(r) for r in rows), key=repr)
    return out


@pytest.fixture
async def sqlite_db(tmp_path):
    db = await Database.open(f"sqlite:///{tmp_path / 'bot.db'}")
    store = GameStore(db)
    for channel, game in enumerate(GAMES):
        await play_random_game(store, PLUGINS.get(game), seed=channel, channel_id=channel)
    running = await play_random_game(store, PLUGINS.get(GAMES[0]), seed=9, channel_id=99, max_actions=3)
    await store.set_wake(running, 1234.5)  # (the timers' bookkeeping of a running game)
    await store.set_warned(running, 999.0)
    lobby = await store.lobbies.create(
        guild_id=None,
        channel_id=7,
        game_name="grumpy-nisse",
        host_id=5,
        host_name="Lobby",
        options={},
        seed=1,
    )
    await store.set_dm(lobby.id, 0, dm_open=True, dm_message_id=2**60)
    await store.calls.put(1, Call(7, 2**60 + 1, decision=3, seat=0))
    await store.calls.put(1, Call(CHANNEL, 2**60 + 2, decision=3, channel_id=0))
    taken = Call(8, 2**60 + 3, decision=3, seat=1)
    await store.calls.put(1, taken)
    assert await store.calls.remove(1, taken, 1.5)  # taken to be deleted, not yet deleted
    await store.sends.begin(Send(2**62 + 1, 7, 1, seat=0), 2.5)  # a DM under way
    await store.settings.set_guild_locale(1, "hu")
    await store.lobbies.create(
        guild_id=1,
        channel_id=8,
        game_name="a-game-long-gone",
        host_id=5,
        host_name="X",
        options={},
        seed=1,
        claim="rematch:1",
    )
    yield db
    await db.close()


async def test_migrate_copies_everything_and_checks_every_game(sqlite_db, pg_url):
    async with await Database.open(pg_url) as target:
        report = await migrate(sqlite_db, target)
        assert await _everything(target) == await _everything(sqlite_db)
        assert report.copied["games"] == len(GAMES) + 3 and report.copied["actions"] > 100
        assert report.replayed == len(GAMES) + 1
        assert sorted(why for _, why in report.not_replayed) == [
            "not started",
            "this bot has no game called 'a-game-long-gone'",
        ]
        # New games continue after the copied ids.
        new = await GameStore(target).lobbies.create(
            guild_id=1, channel_id=1, game_name="g", host_id=1, host_name="H", options={}, seed=1
        )
        assert new.id == len(GAMES) + 4
        with pytest.raises(MigrationError, match="already holds"):
            await migrate(sqlite_db, target)


async def test_every_table_and_column_is_copied(sqlite_db):
    rows = await sqlite_db.fetchall("SELECT name FROM sqlite_master WHERE type = 'table'")
    assert {row[0] for row in rows if not row[0].startswith("sqlite_")} == set(TABLES)
    for table, columns in TABLES.items():
        schema = await sqlite_db.fetchall(f"PRAGMA table_info({table})")
        assert sorted(row[1] for row in schema) == sorted(columns), table
    empty = [table for table in TABLES if not await sqlite_db.fetchall(f"SELECT * FROM {table}")]
    assert empty == []  # the copy test below copies a row of each


async def test_a_game_that_does_not_replay_stops_the_copy(sqlite_db, pg_url):
    async with sqlite_db.transaction() as conn:
        await conn.execute("UPDATE games SET seed = seed + 1 WHERE id = 1")
    async with await Database.open(pg_url) as target:
        with pytest.raises(MigrationError, match=r"^game 1 \("):
            await migrate(sqlite_db, target)


async def test_command_prints_what_it_copied(tmp_path, pg_url, capsys):
    db = await Database.open(f"sqlite:///{tmp_path / 'one.db'}")
    try:
        await play_random_game(GameStore(db), PLUGINS.get(GAMES[1]), seed=1)
    finally:
        await db.close()
    assert await run(f"sqlite:///{tmp_path / 'one.db'}", pg_url) == 0
    out = capsys.readouterr().out
    assert "Copied 1 game, 2 seats," in out and "1 game replays to its stored state" in out
    assert await run(f"sqlite:///{tmp_path / 'one.db'}", pg_url) == 1
    assert "Not copied: the target database already holds 1 game;" in capsys.readouterr().err
    assert await run(pg_url, pg_url) == 2
    missing = tmp_path / "typo.db"
    assert await run(f"sqlite:///{missing}", pg_url) == 2
    assert f"There is no SQLite database at {missing}: nothing to copy." in capsys.readouterr().err
    assert not missing.exists()  # not created empty by the attempt
    assert "0 new messages under way" in out and "messages to delete" in out  # (plurals: "to deletes")


async def test_a_database_a_bot_still_uses_is_not_copied(tmp_path, pg_url, capsys):
    """A bot still running on the file would go on playing there without the copy."""
    from storage.sqlite_setup import only_process_on

    url = f"sqlite:///{tmp_path / 'busy.db'}"
    held = only_process_on(url)  # (as `python -m bot` holds it)
    running = await Database.open(url)
    try:
        assert await run(url, pg_url) == 2
        assert "another bot process is using" in capsys.readouterr().err
    finally:
        assert held is not None
        held.close()
        await running.close()
    assert await run(url, pg_url) == 0
