"""Clicks on a seat's private message (`bot.private_clicks`) that race a newer one."""

from __future__ import annotations

import pytest

from bot.i18n import _
from bot.private_clicks import GONE_DM, OUTDATED_DM
from tests.bot.fakes import FakeMessage
from tests.bot.harness import Harness, make_users


@pytest.mark.parametrize("gone", [True, False], ids=["older-deleted", "older-kept"])
async def test_a_click_on_a_dm_replaced_while_it_came_leaves_the_newer_one_living(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, gone: bool
) -> None:
    """A click passed its checks on the seat's living DM, and a newer DM was sent before it was
    answered (two processes: the other announced a decision; seen in
    `tests/e2e/test_shards_games.py`). The newer DM stays the living one: the click's answer does
    not take it as replaced (it deleted the newer DM, and a third one was sent), and the clicked
    one, if still there, says it is out of date, without controls."""
    users = make_users(3)
    table, game_id = await harness.open_table(users, "christmas-tree")
    user = users[1]
    game = await harness.game(game_id)
    seat = game.seat_of(user.id)
    assert seat is not None
    older = harness.discord.last_dm(user)
    pick = next(cid for cid in older.custom_ids() if cid.startswith("pick:"))
    clicks = harness.table.delivery.clicks
    real_answer = clicks.answer
    newer: list[FakeMessage] = []

    async def raced(interaction, game_id, seat, draft=None):  # noqa: ANN001, ANN202
        sent = await clicks.messages.refresh(game_id=game_id, seat=seat, fresh=True)
        assert sent
        newer.append(harness.discord.last_dm(user))
        if not gone:  # (its sender deletes it; with two processes, maybe not this one)
            harness.discord.dms[user.id].insert(0, older)
            harness.discord.messages[older.id] = older
        await real_answer(interaction, game_id, seat, draft)

    monkeypatch.setattr(clicks, "answer", raced)
    await harness.discord.click(user, older, pick, [older.item(pick).item.options[0].value])

    after = await harness.game(game_id)
    assert after.record.version == game.record.version + 1  # the click counted
    assert newer and newer[0].id > older.id
    assert after.seats[seat].dm_message_id == newer[0].id
    shown = [dm for dm in harness.discord.dms[user.id] if dm.id != older.id]
    assert [dm.id for dm in shown] == [newer[0].id]  # not deleted, and no third one
    if gone:
        assert harness.discord.last_ephemeral(user).text() == _(GONE_DM)
    else:
        assert older.text() == _(OUTDATED_DM) and older.custom_ids() == []
