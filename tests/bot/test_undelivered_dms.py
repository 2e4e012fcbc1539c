"""A new DM Discord fails to take (a server error once discord.py's retries are used up: not closed
DMs, `NotDelivered`) leaves the player's DMs open: the DM is sent again a moment later, and the
table does not tell the player their DMs are closed. A "your turn" DM that fails becomes the
channel mention closed DMs get."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.messenger import PICTURES, DiscordMessenger, NotDelivered
from bot.new_dms import DM_TRIES
from bot.pipeline import IDLE_SECONDS
from bot.render.base import Payload
from tests.bot.harness import Harness, make_users
from tests.bot.test_notifications import Clock, nominate


@pytest.fixture
async def h(tmp_path: Path) -> AsyncIterator[Harness]:
    harness = await Harness(tmp_path / "bot.db", clock=Clock()).boot()
    assert harness.table is not None
    harness.table.delivery.privates.new_dms.retry_after = 0.01
    yield harness
    await harness.close()


async def _settled(h: Harness) -> None:
    assert h.table is not None
    await h.table.delivery.pacer.settle(timeout=5)


async def test_a_dm_discord_failed_to_take_is_sent_again(h: Harness) -> None:
    users = make_users(5)
    h.discord.failing_dms = {users[0].id: DM_TRIES}  # the role DM of the start fails that often
    table, game_id = await h.open_table(users)
    await _settled(h)
    assert h.discord.failing_dms[users[0].id] == 0, "not tried again"
    game = await h.game(game_id)
    assert [seat.dm_open is not False for seat in game.seats] == [True] * 5
    assert "DMs closed" not in table.text()
    dms = h.discord.dms[users[0].id]
    assert len(dms) == 1 and "Secret Krampus" in dms[0].text()


async def test_a_dm_that_keeps_failing_waits_for_the_seats_next_change(h: Harness) -> None:
    users = make_users(5)
    h.discord.failing_dms = {users[0].id: DM_TRIES + 1}
    table, game_id = await h.open_table(users)
    await _settled(h)
    assert h.discord.failing_dms[users[0].id] == 0 and users[0].id not in h.discord.dms  # gave up
    assert (await h.game(game_id)).seats[0].dm_open is not False
    await nominate(h, table, users, await h.game(game_id))  # the game moves on: the DM comes
    await _settled(h)
    assert len(h.discord.dms[users[0].id]) == 1


async def test_a_your_turn_dm_that_fails_becomes_a_channel_mention(h: Harness) -> None:
    users = make_users(5)
    table, game_id = await h.open_table(users)
    await _settled(h)
    game = await h.game(game_id)
    h.discord.failing_dms = {u.id: 100 for u in users}
    assert isinstance(h.clock, Clock)
    h.clock.now += IDLE_SECONDS + 1
    candidate = await nominate(h, table, users, game)  # every other player votes, idle: told
    await _settled(h)
    after = await h.game(game_id)
    voters = sorted(after.user_of(s) for s in after.humans_to_decide() if users[s] != candidate)
    posts = [m for messages in h.discord.channels.values() for m in messages if m.pings]
    assert [sorted(p.pings) for p in posts] == [voters]
    assert all(seat.dm_open is not False for seat in after.seats)


def _refusal(status: int, code: int) -> discord.HTTPException:
    reply = SimpleNamespace(status=status, reason="")
    kinds = {403: discord.Forbidden, 503: discord.DiscordServerError}
    return kinds.get(status, discord.HTTPException)(reply, {"code": code, "message": ""})


@pytest.mark.parametrize(
    ("error", "closed"),
    [
        (_refusal(403, 50007), True),  # Cannot send messages to this user
        (_refusal(503, 0), False),  # once discord.py's own retries are used up
        (_refusal(400, 50035), False),
        (ConnectionResetError(104, "reset"), False),
    ],
)
async def test_only_a_refusal_means_closed_dms(error: Exception, closed: bool) -> None:
    async def send(**_: Any) -> Any:
        raise error

    channel = SimpleNamespace(send=send)
    client = SimpleNamespace(get_partial_messageable=lambda *_, **__: channel)
    drawing = PICTURES.drawing
    try:
        messenger = DiscordMessenger(client)  # type: ignore[arg-type]
        messenger._dm_channels[7] = 70  # its DM channel is open already
        if closed:
            assert await messenger.send_dm(7, Payload(content="hi"), ping=False) is None
        else:
            with pytest.raises(NotDelivered):
                await messenger.send_dm(7, Payload(content="hi"), ping=False)
    finally:
        PICTURES.drawing = drawing
