"""Fixtures: a fresh file database per test (never a shared one)."""

from __future__ import annotations

import pytest

from storage import Database, GameStore


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "data" / "bot.db"


@pytest.fixture
def db_url(db_path):
    return f"sqlite:///{db_path}"  # db_path is absolute, so this is the sqlite://// form


@pytest.fixture
async def db(db_url):
    database = await Database.open(db_url)
    yield database
    await database.close()


@pytest.fixture
def store(db):
    return GameStore(db)


@pytest.fixture
async def lobby(store):
    """A lobby hosted by user 100 ("Host") in channel 10 of guild 1."""
    return await store.create_lobby(
        guild_id=1,
        channel_id=10,
        game_name="secret_krampus",
        host_id=100,
        host_name="Host",
        options={"rounds": 3},
        seed=42,
    )
