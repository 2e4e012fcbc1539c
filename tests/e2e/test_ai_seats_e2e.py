"""A lobby with AI seats plays to the end over the loopback Discord with the real bot process:
the AI seats act on their own (through the same path as clicks), are never DMed, and the log
replays to the final state."""

from __future__ import annotations

import pytest

from bot.plugins import PLUGINS
from tests.e2e.conftest import USERS
from tests.e2e.players import Players, read_log, replayed_state
from tests.loopback import message_custom_ids
from tests.loopback.botproc import run_bot

GAMES = PLUGINS.names()


@pytest.fixture
async def fast_ai_bot(loop, tmp_path):
    async with run_bot(loop, tmp_path / "bot.db", env={"AI_DELAY_SECONDS": "0.02"}) as process:
        yield process


@pytest.mark.parametrize("game", GAMES)
async def test_one_human_and_ai_seats_play_to_the_end(loop, fast_ai_bot, game: str) -> None:
    bot = fast_ai_bot
    host = USERS[0]
    table = Players(loop, bot.db_path, loop.channel_ids[0], [host], 1, game)
    opened = await (
        await loop.slash(host, loop.channel_ids[0], "play", {"game": game, "fill_with_ai": True})
    ).settled(10)
    assert opened.error is None, opened.error
    lobby = opened.message
    table.game_id = int(message_custom_ids(lobby)[0].split(":")[1])
    assert "(AI)" in loop.public_text()
    started = await (await loop.click(host, int(lobby["id"]), f"lobby:{table.game_id}:start")).settled(10)
    assert started.in_place, started.text()
    for _ in range(20_000):
        result = await table.human_step()
        if result is None:
            break
        if result is not False:
            assert result.acknowledged and result.latency < 3.0, result.text()
    snap = table.snapshot()
    assert snap.status == "finished"
    log = read_log(bot.db_path, table.game_id)
    assert any(seat > 0 for _, seat, _ in log), "the AI seats acted"
    assert replayed_state(bot.db_path, table.game_id) == snap.state
    # the bot paces its writes per channel (at most 5 in 5 s): the end may come seconds later
    await loop.wait_for(lambda: "is over" in loop.public_text(), timeout=15)
    assert loop.call_counts()["errors"] == 0
