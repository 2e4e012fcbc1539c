"""A whole game of every game, written through GameStore (SQLite and PostgreSQL), reads back a log
that replays to the stored state."""

from __future__ import annotations

import pytest

from bot.migrate_db import check_game
from bot.plugins import PLUGINS
from storage import Database, GameStore
from tests.storage.play import GAMES, play_random_game


@pytest.mark.parametrize("game", GAMES)
async def test_a_whole_game_replays_to_the_stored_state(store, game):
    game_id = await play_random_game(store, PLUGINS.get(game), seed=7)
    record = await store.get_game(game_id)
    actions = await store.get_actions(game_id)
    assert record is not None and record.status == "finished" and record.version == len(actions) > 0
    assert await store.results.games_without_results() == []
    assert [a.seq for a in actions] == list(range(1, len(actions) + 1))
    assert await check_game(store, record) is None


async def test_a_tampered_state_is_caught(store, db):
    game_id = await play_random_game(store, PLUGINS.get(GAMES[0]), seed=3, max_actions=5)
    rules = PLUGINS.get(GAMES[0]).rules
    seats = len(await store.get_seats(game_id))
    fake = rules.dump_state(rules.new_game(seats, rules.parse_options({}), 4))  # another seed's
    async with db.transaction() as conn:
        await conn.execute("UPDATE games SET state_json = ? WHERE id = ?", (fake, game_id))
    tampered = await store.get_game(game_id)
    assert tampered is not None
    assert await check_game(store, tampered) == "its log replays to another state than the stored one"


@pytest.mark.parametrize("game", ["secret-krampus"])
async def test_the_bot_plays_a_whole_game_on_this_backend(db_url, tmp_path, monkeypatch, game):
    """`python -m bot simulate`'s path (service, pipeline, AI turns, delivery), on `db_url`."""
    import bot.simulate

    class OnThisBackend:
        @staticmethod
        async def open(url: str) -> Database:
            return await Database.open(db_url)

    monkeypatch.setattr(bot.simulate, "Database", OnThisBackend)
    plugin = PLUGINS.get(game)
    messenger = bot.simulate.PrintingMessenger(tmp_path, echo=False)
    game_id = await bot.simulate.simulate(game, plugin.min_players, tmp_path, {}, messenger)
    async with await Database.open(db_url) as db:
        store = GameStore(db)
        record = await store.get_game(game_id)
        assert record is not None and record.status == "finished"
        assert await check_game(store, record) is None
        assert len(await store.get_seats(game_id)) == plugin.min_players
