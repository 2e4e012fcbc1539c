"""Decisions closed by the clock in the bot (Naughty or Nice reaction windows): the deadline is
stored with the action that opened the window, shown as a countdown, scheduled again after a
restart, and its expiry goes through the same commit as a click, from the system seat only."""

from __future__ import annotations

import json
import random
from typing import Any

from games.core import SYSTEM_SEAT
from tests.bot.harness import Harness, choose_option, make_users
from tests.bot.test_naughty_or_nice import random_click

GAME = "naughty-or-nice"


async def _open_window(h: Harness, secrecy: bool, seed: int, clock: str = "off"):
    users = make_users(3)
    interaction = await h.command("play", users[0], GAME)
    lobby = interaction.original
    game_id = int(lobby.custom_ids()[0].split(":")[1])
    await choose_option(h, users[0], lobby, game_id, "reaction_secrecy", str(secrecy).lower())
    await choose_option(h, users[0], lobby, game_id, "clock", clock)
    for user in users[1:]:
        await h.discord.click(user, lobby, f"lobby:{game_id}:join")
    await h.discord.click(users[0], lobby, f"lobby:{game_id}:start")
    rng = random.Random(seed)
    for _ in range(3000):
        game = await h.game(game_id)
        assert game.record.status == "running"
        if game.rules.timer(game.state) is not None:
            return lobby, game_id, users
        await random_click(h, lobby, game_id, users, rng)
    raise AssertionError("no reaction window opened")


async def test_window_deadline_is_stored_shown_scheduled_and_survives_a_restart(harness: Harness) -> None:
    clock = harness.service.clock
    lobby, game_id, users = await _open_window(harness, secrecy=True, seed=1)
    game = await harness.game(game_id)
    timer = game.rules.timer(game.state)
    deadline = game.record.deadline
    assert deadline is not None and 0 < deadline - clock() <= timer.seconds + 1
    assert harness.table.pipeline.wakeups.windows.pending()[game_id] == (game.decision, deadline)
    assert f"<t:{int(deadline)}:R>" in lobby.text()  # the table's countdown
    await harness.boot()  # restart: the deadline comes back from the database
    assert (await harness.game(game_id)).record.deadline == deadline
    await harness.table.restart.resume(pause=0)
    assert harness.table.pipeline.wakeups.windows.pending()[game_id] == (game.decision, deadline)


async def test_expiry_closes_the_window_from_the_system_seat_and_is_logged(harness: Harness) -> None:
    lobby, game_id, users = await _open_window(harness, secrecy=True, seed=2)
    game = await harness.game(game_id)
    decision, version = game.decision, game.record.version
    # nobody can close the window by a (forged) click
    for user in users:
        await harness.discord.click(
            user, lobby, f"act:{game_id}:{decision}:close_window", check_present=False
        )
    assert (await harness.game(game_id)).record.version == version
    await harness.table.pipeline.close_window(game_id, decision)
    after = await harness.game(game_id)
    assert after.record.version == version + 1 and after.decision != decision
    last = (await harness.service.store.get_actions(game_id))[-1]
    assert last.seat == SYSTEM_SEAT and json.loads(last.action_json)["kind"] == "close_window"
    # a late expiry of the same window does nothing
    await harness.table.pipeline.close_window(game_id, decision)
    assert (await harness.game(game_id)).record.version == version + 1
    if after.rules.timer(after.state) is None:
        assert after.record.deadline is None
        assert game_id not in harness.table.pipeline.wakeups.windows.pending()


async def test_the_turn_clock_never_names_who_may_react_in_a_secret_window(harness: Harness) -> None:
    lobby, game_id, users = await _open_window(harness, secrecy=True, seed=1, clock="fast")
    game = await harness.game(game_id)
    assert game.record.clock_deadline is not None and not game.clock_applies()
    assert "Turn clock" not in lobby.text()
    posted = len(harness.discord.channels[lobby.channel_id])
    await harness.table.pipeline.clock_warning(game_id, game.decision)
    await harness.table.pipeline.clock_expiry(game_id, game.decision)
    assert len(harness.discord.channels[lobby.channel_id]) == posted  # no warning, nothing forced
    assert (await harness.game(game_id)).record.version == game.record.version


async def test_a_click_in_a_window_is_refused_without_naming_anyone(harness: Harness) -> None:
    """Spec 5.1: neither the table nor a refused click tells who may react (default settings)."""
    lobby, game_id, users = await _open_window(harness, secrecy=False, seed=3)
    game = await harness.game(game_id)
    eligible = game.to_decide()
    assert eligible and not any(users[s].display_name in lobby.embeds[0].description for s in eligible)
    refusals = set()
    for seat, user in enumerate(users):
        if seat in eligible:
            continue
        await harness.discord.click(user, lobby, f"act:{game_id}:{game.decision}:react", check_present=False)
        refusals.add(harness.discord.last_ephemeral(user).text())
    assert len(refusals) == 1, refusals  # every other seat hears the same words
    (refusal,) = refusals
    assert "reaction window" in refusal.lower()
    assert not any(user.display_name in refusal for user in users)
    assert (await harness.game(game_id)).record.version == game.record.version


async def _idle_players_game(h: Harness, users: list) -> tuple[Any, int, list[float]]:
    """A started game of `users` on a clock the test moves (`now[0]`; a minute between clicks:
    nobody is "playing along"): (its table, its id, that clock)."""
    now = [h.clock()]
    h.clock = lambda: now[0]
    interaction = await h.command("play", users[0], GAME)
    lobby = interaction.original
    game_id = int(lobby.custom_ids()[0].split(":")[1])
    for user in users[1:]:
        await h.discord.click(user, lobby, f"lobby:{game_id}:join")
    await h.discord.click(users[0], lobby, f"lobby:{game_id}:start")
    return lobby, game_id, now


async def test_players_with_closed_dms_are_not_pinged_for_a_window(harness: Harness) -> None:
    """A channel ping for an eligible player whose DMs are closed would name who may react."""
    users = make_users(4)
    harness.discord.closed_dms.update(user.id for user in users)
    lobby, game_id, now = await _idle_players_game(harness, users)
    channel = harness.discord.channels[lobby.channel_id]
    rng = random.Random(4)
    windows = pings = 0
    for _ in range(3000):
        game = await harness.game(game_id)
        if game.record.status != "running" or windows >= 3:
            break
        posted = len(channel)
        now[0] += 61
        await random_click(harness, lobby, game_id, users, rng)
        game = await harness.game(game_id)
        pings += sum(bool(m.pings) for m in channel[posted:])
        if game.record.status == "running" and game.rules.timer(game.state) is not None:
            windows += 1
            assert not any(m.pings for m in channel[posted:]), "a ping during a reaction window"
    assert windows and pings, "players with closed DMs are pinged for other decisions"


async def test_a_window_s_push_says_it_is_a_reaction_and_when_it_closes(harness: Harness) -> None:
    """The push of a reaction window said "Your turn in ...: your choices are below." (it was
    another player's turn, and the window closes in seconds)."""
    users = make_users(4)
    lobby, game_id, now = await _idle_players_game(harness, users)
    rng = random.Random(4)
    told = []
    for _ in range(3000):
        game = await harness.game(game_id)
        if game.record.status != "running" or len(told) >= 2:
            break
        mark = len(harness.messenger.pinged)
        now[0] += 61
        await random_click(harness, lobby, game_id, users, rng)
        game = await harness.game(game_id)
        if game.record.status == "running" and game.rules.timer(game.state) is not None:
            for user_id in harness.messenger.pinged[mark:]:
                user = next(u for u in users if u.id == user_id)
                told.append(harness.discord.last_dm(user).content)
    assert told, "no window pinged anyone"
    for content in told:
        assert content.startswith("\N{ALARM CLOCK} Reaction window in **Naughty or Nice #1**:"), content
        assert "It closes <t:" in content and "Your turn" not in content
