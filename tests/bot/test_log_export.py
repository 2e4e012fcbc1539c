"""/log shows only what the rules made public; /export gives a finished game as JSON that replays
to the identical final state, for every game."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import AsyncIterator

import discord
import pytest

import bot.answers
from bot.plugins import PLUGINS
from bot.table_stats import backfill_results
from games.core.export import GameExport, replay_export
from tests.bot.fakes import FakeUser
from tests.bot.harness import CHANNEL, Harness, make_users, play_random_click
from tests.leaks import public_leaks

BUILT = PLUGINS.names()


async def _finish_with_ai(h: Harness, name: str, seed: int) -> tuple[int, FakeUser]:
    (host,) = make_users(1)
    h.discord.channel(CHANNEL)  # the fake knows a channel's server once it exists
    lobby = (await h.command("play", host, name, True)).original
    game_id = int(lobby.custom_ids()[0].split(":")[1])
    await h.discord.click(host, lobby, f"lobby:{game_id}:start")
    rng = random.Random(seed)
    for _ in range(5000):
        while h.table.pipeline.wakeups.ai_turns.busy():
            await asyncio.sleep(0.001)
        game = await h.game(game_id)
        if game.record.status != "running":
            return game_id, host
        if 0 in game.to_decide():
            await play_random_click(h, lobby, game_id, [host], rng)
        else:
            await asyncio.sleep(0.001)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("name", BUILT)
async def test_export_replays_to_the_identical_final_state(harness: Harness, name: str) -> None:
    game_id, host = await _finish_with_ai(harness, name, seed=3)
    await harness.command("export", host, None)  # (a player: the file holds every secret choice)
    refused = harness.discord.last_ephemeral(host)
    assert refused.text().startswith("Only members with Manage Server can export") and not refused.files
    interaction = await harness.command("export", host, None, manage_guild=True)
    reply = harness.discord.last_ephemeral(host)
    (data,) = reply.files.values()
    exported = GameExport.model_validate_json(data)
    game = await harness.game(game_id)
    assert exported.game == name and exported.seed == game.record.seed
    assert [s.ai for s in exported.seats] == [False] + [True] * (len(game.seats) - 1)
    assert len(exported.actions) == game.record.version
    assert replay_export(game.rules, exported) == game.state
    assert interaction.response.is_done()


async def test_export_is_refused_while_the_game_runs(harness: Harness) -> None:
    users = make_users(5)
    _, game_id = await harness.open_table(users)
    await harness.command("export", users[0], None, manage_guild=True)
    assert "once it is over" in harness.discord.last_ephemeral(users[0]).text()
    await harness.command("export", users[1], game_id, manage_guild=True)  # (by its number: "no such game")
    assert "once it is over" in harness.discord.last_ephemeral(users[1]).text()
    await harness.command("export", users[1], game_id + 1, manage_guild=True)
    assert "There is no such game #" in harness.discord.last_ephemeral(users[1]).text()
    # a spectator (or a player whose seat an AI keeps): the game is here all the same, not over
    await harness.command("export", FakeUser(999, "Grinch"), None, manage_guild=True)
    assert "once it is over" in harness.discord.ephemeral[999][-1].text()


async def test_log_shows_only_public_events_even_to_spectators(harness: Harness) -> None:
    users = make_users(5)
    table, game_id = await harness.open_table(users)
    rng = random.Random(4)
    for _ in range(60):
        if not await play_random_click(harness, table, game_id, users, rng):
            break
    spectator = FakeUser(999, "Grinch")
    await harness.command("log", spectator, None)
    text = harness.discord.last_ephemeral(spectator).text()
    game = await harness.game(game_id)
    assert "what happened" in text and "vote" in text
    assert "Only what everyone saw." in text and "/export" not in text  # (a moderator's tool)
    assert public_leaks(text, game.state, game.names) == []
    private = [
        event.describe(game.names)
        for record in await harness.service.store.get_actions(game_id)
        for event in game.rules.load_events(record.events_json)
        if not event.audience.is_public
    ]
    assert private and not any(line in text for line in private)


def test_a_tampered_export_is_refused() -> None:
    rules = PLUGINS.get("grumpy-nisse").rules
    export = GameExport(game="christmas-tree", options={}, seed=1, seats=[], actions=[])
    with pytest.raises(ValueError, match="not 'grumpy-nisse'"):
        replay_export(rules, export)
    assert json.loads(export.model_dump_json())["format"] == 1


async def test_stats_and_leaderboard_count_wins_with_ai_apart(harness: Harness) -> None:
    game_ids = []
    for seed in range(3):
        game_id, host = await _finish_with_ai(harness, "grumpy-nisse", seed=seed)
        game_ids.append(game_id)
    wins = 0
    for game_id in game_ids:
        game = await harness.game(game_id)
        wins += 0 in game.outcome().winners
    await harness.command("stats", host, None)
    text = harness.discord.last_ephemeral(host).text()
    assert f"The Grumpy Nisse: {wins}/3 won" in text
    await harness.command("leaderboard", host, "grumpy-nisse")
    board = harness.discord.last_ephemeral(host).text()  # like /stats: only the asker sees it
    assert f"1. {host.display_name} - {wins}/3 won" in board  # (a name: a mention may not show)
    assert f"All AI seats together (not ranked): {3 - wins}/3 won" in board
    assert "Ranked by games won, then by the share of games won." in board  # (5/50 above 4/4)
    # a restart backfills nothing twice
    assert await backfill_results(harness.service) == 0


async def test_rematch_opens_a_new_lobby_with_the_same_seats_and_options(
    harness: Harness, monkeypatch
) -> None:
    game_id, host = await _finish_with_ai(harness, "christmas-tree", seed=5)
    old = await harness.game(game_id)
    end = harness.discord.channels[CHANNEL][-1]
    assert f"rematch:{game_id}" in end.custom_ids()
    stranger = FakeUser(999, "Grinch")
    await harness.discord.click(stranger, end, f"rematch:{game_id}")
    assert "Only the players" in harness.discord.last_ephemeral(stranger).text()
    held: set[int] = set()
    most_held = 0

    class SharedLocks:  # a database's game locks, as with several processes (PostgreSQL), counted
        @contextlib.asynccontextmanager
        async def game_lock(self, key: int) -> AsyncIterator[None]:
            nonlocal most_held
            held.add(key)
            most_held = max(most_held, len(held))
            try:
                yield
            finally:
                held.discard(key)

    monkeypatch.setattr(harness.service, "_db", SharedLocks())
    harness.discord.bot_permissions[CHANNEL] = discord.Permissions(view_channel=True, attach_files=True)
    await harness.discord.click(host, end, f"rematch:{game_id}")  # (the bot may no longer post here)
    assert "I need **Send Messages**, **Embed Links**" in harness.discord.last_ephemeral(host).text()
    assert harness.discord.channels[CHANNEL][-1] is end
    del harness.discord.bot_permissions[CHANNEL]
    await harness.discord.click(host, end, f"rematch:{game_id}")
    lobby = harness.discord.channels[CHANNEL][-1]
    assert "Rematch!" in lobby.text()
    assert most_held == 1  # (each database lock held holds one of a few connections)
    new_id = int(lobby.custom_ids()[0].split(":")[1])
    new = await harness.game(new_id)
    assert new.record.status == "lobby" and new.record.options == old.record.options
    assert [s.display_name for s in new.seats] == [s.display_name for s in old.seats]
    await harness.discord.click(host, end, f"rematch:{game_id}")
    assert f"You are in the rematch already: game #{new_id}." in harness.discord.last_ephemeral(host).text()
    await harness.discord.click(host, lobby, f"lobby:{new_id}:start")
    assert (await harness.game(new_id)).record.status == "running"


async def test_log_is_complete_and_paged(harness: Harness) -> None:
    users = make_users(5)
    table, game_id = await harness.open_table(users)
    rng = random.Random(5)
    for _ in range(150):
        if not await play_random_click(harness, table, game_id, users, rng):
            break
    lines = await harness.table.history.public_log(game_id)
    spectator = FakeUser(999, "Grinch")
    await harness.command("log", spectator, None)
    message = harness.discord.last_ephemeral(spectator)
    pages = [message.text()]  # the newest page first
    assert "Newer" in pages[0] and len(message.text()) < 2200
    while not message.item(message.custom_ids()[0]).item.disabled:  # "Older" until the first page
        await harness.discord.click(spectator, message, message.custom_ids()[0])
        pages.append(message.text())
    assert len(pages) > 1 and f"(1/{len(pages)})" in pages[-1]
    shown = "\n".join(reversed(pages))
    assert all(f"- {line}" in shown for line in lines)  # every line, none cut off
    assert not shown.startswith("...") and "┃ ..." not in shown


async def test_a_log_page_turned_late_is_acknowledged_first(harness: Harness, monkeypatch) -> None:
    """A long game's log takes a while to replay: past `ACKNOWLEDGE_AFTER` the page button is
    acknowledged (a deferred update) and the page shown through the interaction."""
    monkeypatch.setattr(bot.answers, "ACKNOWLEDGE_AFTER", 0.05)
    users = make_users(5)
    table, game_id = await harness.open_table(users)
    rng = random.Random(5)
    for _ in range(60):
        assert await play_random_click(harness, table, game_id, users, rng)
    spectator = FakeUser(999, "Grinch")
    await harness.command("log", spectator, None)
    message = harness.discord.last_ephemeral(spectator)
    newest = message.text()
    assert harness.table is not None
    history = harness.table.history
    log_page = history.log_page

    async def slow(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        await asyncio.sleep(0.2)
        return await log_page(*args, **kwargs)

    monkeypatch.setattr(history, "log_page", slow)
    older = await harness.discord.click(spectator, message, message.custom_ids()[0])
    assert older.response.kind == "defer" and message.text() != newest and "Older" in message.text()


async def test_the_log_names_what_a_player_did_before_an_ai_took_their_seat(harness: Harness) -> None:
    """After /leave, /log read "Dasher (AI) takes Odin as gift giver" for the person's own moves:
    each line names the seat as it was played then."""
    users = make_users(3)
    table, game_id = await harness.open_table(users, "naughty-or-nice")
    rng = random.Random(3)
    while not any(a.seat == 1 and a.user_id > 0 for a in await harness.service.store.get_actions(game_id)):
        assert await play_random_click(harness, table, game_id, users, rng)
    await harness.command("leave", users[1])
    game = await harness.game(game_id)
    for _ in range(200):  # until the AI in seat 1 has acted too
        actions = await harness.service.store.get_actions(game_id)
        if any(a.seat == 1 and a.user_id < 0 for a in actions):
            break
        while harness.table.pipeline.wakeups.ai_turns.busy():
            await asyncio.sleep(0.001)
        if set((await harness.game(game_id)).to_decide()) - {1}:
            await play_random_click(harness, table, game_id, [users[0], FakeUser(-1, "?"), users[2]], rng)
        else:
            await asyncio.sleep(0.001)
    lines = await harness.table.history.public_log(game_id)
    person, ai = "Dancer", game.names[1]
    assert ai == "Dancer (AI)"
    first_ai = next(i for i, line in enumerate(lines) if ai in line)
    assert any(person in line and ai not in line for line in lines[:first_ai])
    assert not any(ai in line for line in lines[:first_ai])


async def test_the_log_of_an_abandoned_game_says_so(harness: Harness) -> None:
    """/log after /abandon stopped at the last action, as if the game were still on."""
    users = make_users(5)
    table, game_id = await harness.open_table(users)
    rng = random.Random(2)
    for _ in range(5):
        await play_random_click(harness, table, game_id, users, rng)
    await harness.command("log", users[1], None)
    assert "The game was abandoned." not in harness.discord.last_ephemeral(users[1]).text()
    await harness.command("abandon", users[0], None)
    assert (await harness.game(game_id)).record.status == "abandoned"
    await harness.command("log", users[1], game_id)
    text = harness.discord.last_ephemeral(users[1]).text()
    assert "The game was abandoned." in text and "once it is over" not in text, text


async def test_a_command_without_a_number_means_the_game_being_played_here(harness: Harness) -> None:
    """A channel keeps every game it had: a spectator's `/log` asked which of all of them (past
    Discord's 2,000 characters after a few hundred games); it shows the one being played. A
    second `/abandon` (a double tap) of a host with Manage Server ended the next game here: a
    game not theirs is ended by its number only. `/log` of a lobby says it has not started."""
    spectator = FakeUser(999, "Grinch")
    first, second = make_users(2), make_users(2, start=3)
    _, old = await harness.open_table(first, "grumpy-nisse")
    await harness.command("abandon", first[0], None, manage_guild=True)
    assert (await harness.game(old)).record.status == "abandoned"
    _, running = await harness.open_table(second, "grumpy-nisse")
    await harness.command("log", spectator, None)
    assert f"#{running} - what happened" in harness.discord.last_ephemeral(spectator).text()
    await harness.command("abandon", first[0], None, manage_guild=True)  # (the double tap)
    said = harness.discord.last_ephemeral(first[0]).content
    assert f"Your game here (#{old}) is already over." in said, said
    assert (await harness.game(running)).record.status == "running"
    await harness.command("abandon", spectator, None, manage_guild=True)
    said = harness.discord.last_ephemeral(spectator).content
    assert f"say which with the `game` option: #{running}." in said, said
    assert (await harness.game(running)).record.status == "running"
    lobby = await harness.command("play", make_users(1, start=6)[0], "grumpy-nisse")
    assert lobby.original is not None
    await harness.command("abandon", second[0], running)
    await harness.command("log", spectator, None)  # (the newest game ended here, not the lobby)
    assert f"#{running} - what happened" in harness.discord.last_ephemeral(spectator).text()


async def test_the_log_of_a_lobby_says_it_has_not_started(harness: Harness) -> None:
    spectator = FakeUser(999, "Grinch")
    await harness.command("play", make_users(1)[0], "grumpy-nisse")
    await harness.command("log", spectator, None)
    said = harness.discord.last_ephemeral(spectator).content
    assert said == "This game has not started.", said
    # also for its player when the channel had other games (theirs, not another group's old one)
    first = make_users(2, start=3)
    _, old = await harness.open_table(first, "grumpy-nisse")
    await harness.command("abandon", first[0], None)
    newcomer = make_users(1, start=6)[0]
    await harness.command("play", newcomer, "grumpy-nisse")
    await harness.command("log", newcomer, None)
    said = harness.discord.last_ephemeral(newcomer).content
    assert said == "This game has not started.", said


async def test_abandon_without_a_number_ends_the_game_its_caller_hosts(harness: Harness) -> None:
    """A host whose seat an AI keeps (their timeouts) who then sat down in another group's
    lobby: `/abandon` took the newest game they were in and was refused ("only the host")."""
    host, guest = make_users(2)
    _, hosted = await harness.open_table([host, guest], "grumpy-nisse")
    async with harness.service.lock(hosted):
        await harness.service.hand_to_ai(hosted, 0, owner=(host.id, host.display_name))
    other = make_users(1, start=5)[0]
    lobby = await harness.command("play", other, "grumpy-nisse")
    assert lobby.original is not None
    newer = int(lobby.original.custom_ids()[0].split(":")[1])
    await harness.discord.click(host, lobby.original, f"lobby:{newer}:join")
    assert (await harness.game(newer)).seat_of(host.id) is not None
    await harness.command("abandon", host, None)
    assert (await harness.game(hosted)).record.status == "abandoned"
    assert (await harness.game(newer)).record.status == "lobby"
