"""Posts in a game's channel that Discord failed to take (`FakeDiscord.failing_posts`: a server
error once discord.py's own retries are used up) or made but whose answer was lost
(`FakeDiscord.lost_post_answers`): each is posted again a moment later under the same nonce, so
it comes exactly once (`bot.channel_posts`; the table: `bot.table_message`). A mention is posted
again only while its decision is on. And a game's end is shown in every message even when Discord
fails the first writes of it, although the game is then over and forgotten, and after an outage
longer than the tries (then edited every few minutes until Discord takes it)."""

from __future__ import annotations

import random

import pytest

from bot.attention import IDLE_SECONDS
from bot.messenger import RETRIES
from tests.bot.fakes import FakeMessage
from tests.bot.harness import Clock, Harness, make_users, play_random_click
from tests.bot.test_notifications import nominate

CHANNEL = 555  # the harness's channel
KINDS = ["failing", "lost"]


@pytest.fixture
def h(h: Harness) -> Harness:
    """The conftest's bot, making again at once the writes Discord failed to take."""
    assert h.table is not None
    delivery = h.table.delivery
    delivery.tables.retry_after = delivery.privates.new_dms.retry_after = 0.01
    delivery.posts.retry_after = 0.01
    delivery.sends.settle_after = 0.01
    return h


def _fail_posts(h: Harness, kind: str, times: int) -> None:
    failures = h.discord.failing_posts if kind == "failing" else h.discord.lost_post_answers
    failures[CHANNEL] = times


def _left(h: Harness) -> int:
    return h.discord.failing_posts.get(CHANNEL, 0) + h.discord.lost_post_answers.get(CHANNEL, 0)


async def _settled(h: Harness) -> None:
    assert h.table is not None
    await h.table.delivery.pacer.settle(timeout=5)


def _with_controls(h: Harness, prefix: str) -> list[FakeMessage]:
    return [m for m in h.discord.channel(CHANNEL) if any(c.startswith(prefix) for c in m.custom_ids())]


async def test_a_table_post_whose_tries_are_used_up_leaves_neither_a_table_nor_a_note(
    h: Harness, clock: Clock
) -> None:
    users = make_users(5)
    table, game_id = await h.open_table(users)
    _fail_posts(h, "lost", RETRIES + 1)  # Discord makes it at every try, the answer always lost
    await h.bury_table(CHANNEL)
    await _settled(h)
    assert _left(h) == 0, "not tried that often"
    tables = [m.id for m in h.discord.channel(CHANNEL) if f"mine:{game_id}" in m.custom_ids()]
    assert tables == [(await h.game(game_id)).record.table_message_id] == [table.id]
    assert list(await h.service.store.sends.unfinished(clock.now + 1, clock.now)) == []


@pytest.mark.parametrize("kind", KINDS)
async def test_a_table_posted_again_comes_once(h: Harness, kind: str) -> None:
    users = make_users(5)
    table, game_id = await h.open_table(users)
    _fail_posts(h, kind, 2)
    await h.bury_table(CHANNEL)
    await _settled(h)
    assert _left(h) == 0, "not posted again"
    moved = (await h.game(game_id)).record.table_message_id
    assert moved != table.id
    assert [m.id for m in _with_controls(h, "mine:")] == [moved], "not exactly one table"


@pytest.mark.parametrize("kind", KINDS)
async def test_the_end_posted_again_comes_once(h: Harness, kind: str) -> None:
    users = make_users(2)
    table, game_id = await h.open_table(users, "grumpy-nisse")
    _fail_posts(h, kind, 2)  # (the end is the game's only channel post)
    rng = random.Random(5)
    for _ in range(1000):
        if (await h.game(game_id)).record.status != "running":
            break
        assert await play_random_click(h, table, game_id, users, rng)
    assert (await h.game(game_id)).record.status == "finished"
    await _settled(h)
    assert _left(h) == 0, "not posted again"
    assert len(_with_controls(h, "rematch:")) == 1, "not exactly one end post"


async def test_a_mention_is_posted_again_while_its_decision_is_on(h: Harness, clock: Clock) -> None:
    users = make_users(5)
    h.discord.closed_dms = {u.id for u in users}
    table, game_id = await h.open_table(users)
    clock.now += IDLE_SECONDS + 1
    _fail_posts(h, "failing", 1)
    candidate = await nominate(h, table, users, await h.game(game_id))
    await _settled(h)
    after = await h.game(game_id)
    voters = sorted(after.user_of(s) for s in after.humans_to_decide() if users[s] != candidate)
    assert [sorted(m.pings) for m in h.discord.channel(CHANNEL) if m.pings] == [voters]


@pytest.mark.parametrize("kind", KINDS)
async def test_a_mention_is_not_posted_again_once_its_decision_is_over(
    h: Harness, clock: Clock, kind: str
) -> None:
    """Nor left up, when Discord made it although its answer was lost."""
    assert h.table is not None
    h.table.delivery.posts.retry_after = 0.5
    users = make_users(5)
    h.discord.closed_dms = {u.id for u in users}
    table, game_id = await h.open_table(users)
    clock.now += IDLE_SECONDS + 1
    _fail_posts(h, kind, 1)
    await nominate(h, table, users, await h.game(game_id))
    game = await h.game(game_id)
    rng = random.Random(2)
    for _ in range(20):  # everyone votes before the mention is posted again
        if (await h.game(game_id)).decision != game.decision:
            break
        assert await play_random_click(h, table, game_id, users, rng)
    assert (await h.game(game_id)).decision != game.decision
    await _settled(h)
    assert [m for m in h.discord.channel(CHANNEL) if m.pings] == []


@pytest.mark.parametrize("failures", [2, RETRIES + 3], ids=["its-first-writes", "past-the-tries"])
async def test_the_end_is_shown_although_discord_failed_its_first_writes(h: Harness, failures: int) -> None:
    users = make_users(5)
    table, game_id = await h.open_table(users)
    await _settled(h)
    game = await h.game(game_id)
    dms = [seat.dm_message_id for seat in game.seats]
    assert all(dms)
    h.discord.failing_edits = {message_id: failures for message_id in [table.id, *dms] if message_id}
    await h.command("abandon", users[0], None)
    await _settled(h)
    assert not any(h.discord.failing_edits.values()), "not written again"
    assert not table.custom_ids(), "the table still shows controls"
    for user in users:
        living = h.discord.dms[user.id][-1]
        assert "abandoned" in living.text() and not living.custom_ids(), living.text()
