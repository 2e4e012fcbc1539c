"""Private messages that stay true, for every registered game, by random play through the real
handlers: at most one private message per seat has enabled game controls and they answer the
current decision; nothing anywhere keeps controls of a decision that is over; at the end no
message has game controls at all (Rematch aside) and every private message shows the end.
With DMs open, with every DM closed (the ephemeral view), with players who play from their
ephemeral views though their DMs are open (the DM is parked; a view not clicked for 14 minutes
hands the controls back to the DM), and with restarts mid-game (a restarted bot still edits the
ephemeral views through their stored interaction tokens)."""

from __future__ import annotations

import random

import pytest

from bot.plugins import PLUGINS
from tests.bot.fakes import FakeMessage, FakeUser
from tests.bot.harness import Harness, make_users, play_random_click, table_size

#: Components that send or prepare a game decision (not "My role & cards", not Rematch).
DECISION_PREFIXES = ("act:", "pick:", "draft:", "dsel:")


def decision_controls(message: FakeMessage, game_id: int) -> list[str]:
    return [
        cid
        for cid in message.custom_ids()
        if cid.startswith(DECISION_PREFIXES)
        and cid.split(":")[1] == str(game_id)
        and not _disabled(message, cid)
    ]


def _disabled(message: FakeMessage, custom_id: str) -> bool:
    return bool(getattr(message.item(custom_id).item, "disabled", False))


def private_messages(h: Harness, user: FakeUser) -> list[FakeMessage]:
    return [*h.discord.dms.get(user.id, []), *h.discord.ephemeral.get(user.id, [])]


async def check_controls(h: Harness, game_id: int, users: list[FakeUser]) -> None:
    game = await h.game(game_id)
    current = game.decision if game.record.status == "running" else None
    for user in users:
        live = [m for m in private_messages(h, user) if decision_controls(m, game_id)]
        assert len(live) <= 1, f"{user.display_name} has {len(live)} private messages with controls"
        for message in live:
            decisions = {int(cid.split(":")[2]) for cid in decision_controls(message, game_id)}
            assert decisions == {current}, (user.display_name, decisions, current, message.text())
    for messages in h.discord.channels.values():
        for message in messages:
            decisions = {int(cid.split(":")[2]) for cid in decision_controls(message, game_id)}
            assert decisions <= {current}, ("stale controls on the table", decisions, current)


def players_for(name: str) -> int:
    plugin = PLUGINS.get(name)
    return table_size(plugin)


@pytest.mark.parametrize(
    "variant",
    [
        pytest.param("dms", marks=pytest.mark.draws_pictures),  # every game's pictures, through the bot
        "closed-dms",
        "restarts",
        "closed-dms-restarts",
        "views",
        "views-restarts",
    ],
)
@pytest.mark.parametrize("name", PLUGINS.names())
async def test_random_play_keeps_private_messages_true(harness: Harness, name: str, variant: str) -> None:
    users = make_users(players_for(name))
    closed = variant.startswith("closed-dms")
    views = variant.startswith("views")
    now = [1_800_000_000.0]
    harness.clock = lambda: now[0]
    if closed:
        harness.discord.closed_dms = {u.id for u in users}
    table, game_id = await harness.open_table(users, name)
    rng = random.Random(f"{name}-{variant}")
    steps = 0
    while True:
        game = await harness.game(game_id)
        if game.record.status != "running":
            break
        if closed:  # whoever must decide opens "My role & cards" (the ephemeral view),
            for seat in sorted(game.to_decide()):  # now and then again though one is open already
                controls = any(decision_controls(m, game_id) for m in private_messages(harness, users[seat]))
                if not controls or rng.random() < 0.2:
                    await harness.discord.click(users[seat], table, f"mine:{game_id}")
        if views and rng.random() < 0.1:  # someone opens their view in the channel (DMs open)
            seat = rng.randrange(len(users))
            await harness.discord.click(users[seat], table, f"mine:{game_id}")
            await check_controls(harness, game_id, users)
        # time passes (the bot looks for views about to expire every 20 s: their 14 minutes pass)
        now[0] += rng.choice([1.0, 5.0, 15.0, 15.0])
        if views:
            await harness.table.delivery.privates.expire_views()
            await check_controls(harness, game_id, users)
        # half the clicks choose among the private message's controls too (hand cards, creatures
        # that open reaction windows), not only the table's when it has some
        assert await play_random_click(harness, table, game_id, users, rng, anywhere=rng.random() < 0.5)
        await check_controls(harness, game_id, users)
        steps += 1
        if variant.endswith("restarts") and steps % 37 == 0:
            await harness.boot()
            await harness.table.restart.resume(pause=0)
            await check_controls(harness, game_id, users)
        assert steps < 5000
    game = await harness.game(game_id)
    assert game.record.status == "finished"
    everything = [m for ms in harness.discord.channels.values() for m in ms]
    everything += [m for u in users for m in private_messages(harness, u)]
    assert not [m.text() for m in everything if decision_controls(m, game_id)]
    # every seat's living private message shows the end: no controls, and who won (the renderer
    # draws a finished game's end: `bot.render.base.private_result`, or the game's own words)
    for user in users:
        dms = [m for m in harness.discord.dms.get(user.id, []) if m.embeds]
        if not closed:
            assert dms and not dms[-1].custom_ids()
            said = dms[-1].text().lower()
            assert any(w in said for w in ("win", "lose")), f"{name}: no winner in the last DM: {said}"
    assert "is over" in "\n".join(m.text() for m in everything)


@pytest.mark.parametrize("name", PLUGINS.names())
async def test_abandoning_shows_the_end_in_every_private_message(harness: Harness, name: str) -> None:
    users = make_users(players_for(name))
    rng = random.Random(name)
    for clicks in (6, 3, 1):  # (mid-game: a short game may be over within 6 clicks)
        table, game_id = await harness.open_table(users, name)
        for _ in range(clicks):
            assert await play_random_click(harness, table, game_id, users, rng)
        if (await harness.game(game_id)).record.status == "running":
            break
    running = {user.id: _description(harness, user) for user in users}
    await harness.command("abandon", users[0], None)
    assert (await harness.game(game_id)).record.status == "abandoned"
    for user in users:
        for message in private_messages(harness, user):
            assert not decision_controls(message, game_id), message.text()
        living = [m for m in harness.discord.dms[user.id] if m.embeds][-1]
        assert "abandoned" in living.text() and not living.custom_ids()
        # it says so once, and nothing of what the seat was doing (whose turn, what to choose)
        ended = _description(harness, user)
        assert ended.endswith(ABANDONED) and ended.count("abandoned") == 1, ended
        assert not set(running[user.id].splitlines()) & set(ended.splitlines()), (running[user.id], ended)
    assert not table.custom_ids()


ABANDONED = "**This game was abandoned.** It stays recorded."


def _description(harness: Harness, user: FakeUser) -> str:
    """What the user's living DM says under its title."""
    living = [m for m in harness.discord.dms[user.id] if m.embeds][-1]
    return living.embeds[0].description or ""
