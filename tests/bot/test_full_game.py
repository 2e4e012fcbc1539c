"""Whole Secret Krampus games driven only through the real handlers with fake interactions."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot import screens
from bot.render.secret_krampus import ROLE
from games.secret_krampus.data import Role
from tests.bot.harness import Harness, make_users, play_random_click
from tests.leaks import public_leaks


def _public_texts(h: Harness) -> list[str]:
    return [m.text() for messages in h.discord.channels.values() for m in messages]


@pytest.mark.parametrize("players,seed", [(5, 1), (7, 2), (10, 3)])
async def test_whole_game_by_clicks(harness: Harness, players: int, seed: int) -> None:
    users = make_users(players)
    table, game_id = await harness.open_table(users)
    game = await harness.game(game_id)
    assert game.record.status == "running"
    # every player got a DM with their own role and nothing more than table 3.1 allows
    for seat, user in enumerate(users):
        dm = harness.discord.dms[user.id][0].text()
        role = game.state.roles[seat]
        assert {"NICE_ELF": "Nice Elf", "NAUGHTY_ELF": "Naughty Elf", "KRAMPUS": "Krampus"}[role] in dm
        if role == Role.NICE_ELF:
            assert "What you know: Only your own role." in dm
    nice_seats = [seat for seat, role in enumerate(game.state.roles) if role == Role.NICE_ELF]
    rng = random.Random(seed)
    steps = 0
    while await play_random_click(harness, table, game_id, users, rng):
        steps += 1
        assert steps < 2000
        game = await harness.game(game_id)
        if game.record.status == "running":
            # no public message ever names a role before the end (unless Krampus was stabled, which ends it)
            public = "\n".join(_public_texts(harness))
            assert public_leaks(public, game.state, game.names) == []
            # a Nice Elf's private messages never name anyone else's role before the end
            for seat in nice_seats:
                for message in harness.discord.dms.get(users[seat].id, []):
                    assert "Naughty Elf" not in message.text() and "Krampus (team" not in message.text()
    game = await harness.game(game_id)
    assert game.record.status == "finished"
    outcome = game.outcome()
    end = table.text()
    assert "wins" in end and outcome.team.title() in end
    players = next(f.value for f in table.embeds[0].fields if f.name == "Players").splitlines()
    for seat, role in enumerate(game.state.roles):
        assert users[seat].display_name in players[seat]
        assert ROLE[role] in players[seat]  # every role is revealed at the end
    assert table.custom_ids() == []  # no components left on the end message
    # the log holds every action exactly once, in order
    actions = await harness.service.store.get_actions(game_id)
    assert [a.seq for a in actions] == list(range(1, game.record.version + 1))


async def test_restart_mid_game_old_buttons_still_work(harness: Harness) -> None:
    users = make_users(7)
    table, game_id = await harness.open_table(users)
    rng = random.Random(11)
    for _ in range(25):
        assert await play_random_click(harness, table, game_id, users, rng)
    before = await harness.game(game_id)
    await harness.boot()  # a new bot object on the same database
    after = await harness.game(game_id)
    assert after.record.version == before.record.version
    assert after.state == before.state
    # resume re-renders the table from the committed state
    assert await harness.table.restart.resume(pause=0) == 1
    steps = 0
    while await play_random_click(harness, table, game_id, users, rng):
        steps += 1
        assert steps < 2000
    assert (await harness.game(game_id)).record.status == "finished"


async def test_game_completes_with_every_dm_closed(harness: Harness) -> None:
    users = make_users(6)
    harness.discord.closed_dms = {u.id for u in users}
    table, game_id = await harness.open_table(users)
    assert not harness.discord.dms
    assert "DMs closed" in table.text()
    rng = random.Random(5)
    steps = 0
    while True:
        game = await harness.game(game_id)
        if game.record.status != "running":
            break
        # everyone who must decide privately opens "My role & cards" (the ephemeral fallback)
        for seat in game.to_decide():
            await harness.discord.click(users[seat], table, f"mine:{game_id}")
        assert await play_random_click(harness, table, game_id, users, rng)
        steps += 1
        assert steps < 3000
    assert (await harness.game(game_id)).record.status == "finished"


async def test_crash_between_commit_and_render_is_repaired_on_resume(harness: Harness) -> None:
    users = make_users(5)
    table, game_id = await harness.open_table(users)
    game = await harness.game(game_id)
    select = next(cid for cid in table.custom_ids() if cid.startswith("pick:"))
    value = table.item(select).item.options[0].value
    interaction = harness.discord.interaction(users[game.state.lm_candidate], 555, message=table)

    async def connection_lost(**kwargs: object) -> None:
        raise ConnectionResetError("gateway gone")

    interaction.response.edit_message = connection_lost  # the process dies while answering
    from bot.components import ActionSelect

    match = ActionSelect.__discord_ui_compiled_template__.fullmatch(select)
    item = await ActionSelect.from_custom_id(interaction, None, match)
    item._refresh_state(interaction, {"custom_id": select, "values": [value]})
    await item.callback(interaction)  # the error is logged; the answer never reached Discord
    assert "Vote!" not in table.text()  # the table never heard of it
    await harness.boot()  # restart
    assert (await harness.game(game_id)).record.version == 1  # the committed action is kept
    await harness.table.restart.resume(pause=0)
    assert "Vote!" in table.text()  # and the table is repaired from the committed state
    yes = next(cid for cid in table.custom_ids() if cid.endswith("vote.1"))
    await harness.discord.click(users[0], table, yes)
    assert (await harness.game(game_id)).state.votes == {0: True}


async def test_end_of_game_is_announced_once(harness: Harness) -> None:
    users = make_users(5)
    table, game_id = await harness.open_table(users)
    rng = random.Random(8)
    while await play_random_click(harness, table, game_id, users, rng):
        pass
    posts = [m.content for m in harness.discord.channels[555] if m.content and "is over" in m.content]
    assert len(posts) == 1
    outcome = (await harness.game(game_id)).outcome()
    assert outcome.summary in posts[0]


async def test_late_answer_falls_back_to_editing_the_table(harness: Harness) -> None:
    """Discord refuses an answer after 3 s (10062 Unknown interaction): the committed action is
    still shown, by editing the table message through the REST API."""
    from types import SimpleNamespace

    import discord

    users = make_users(5)
    table, game_id = await harness.open_table(users)
    game = await harness.game(game_id)
    select = next(cid for cid in table.custom_ids() if cid.startswith("pick:"))
    original_click = harness.discord.interaction

    def late_interaction(*args: object, **kwargs: object):
        interaction = original_click(*args, **kwargs)

        async def too_late(**_: object) -> None:
            raise discord.NotFound(
                SimpleNamespace(status=404, reason="Not Found"),
                {"code": 10062, "message": "Unknown interaction"},
            )

        interaction.response.edit_message = too_late
        return interaction

    harness.discord.interaction = late_interaction
    edits_before = harness.messenger.calls.count(("edit", table.id))
    await harness.discord.click(
        users[game.state.lm_candidate], table, select, [table.item(select).item.options[0].value]
    )
    assert harness.messenger.calls.count(("edit", table.id)) == edits_before + 1
    assert "Vote!" in table.text()


async def test_chat_reminders_for_silent_officers_and_the_stables(harness: Harness) -> None:
    users = make_users(5)
    table, game_id = await harness.open_table(users)
    game = await harness.game(game_id)
    assert await harness.table.commands.on_channel_message(555, users[0].id) is None  # nominating: talk away
    rng = random.Random(2)
    while (await harness.game(game_id)).state.phase != "LM_DISCARD":
        assert await play_random_click(harness, table, game_id, users, rng)
    game = await harness.game(game_id)
    lm = users[game.state.lm]
    reminder = await harness.table.commands.on_channel_message(555, lm.id)
    assert reminder is not None and "stay silent" in reminder
    assert await harness.table.commands.on_channel_message(555, lm.id) is None  # once per decision
    bystander = next(u for s, u in enumerate(users) if s not in (game.state.lm, game.state.sl))
    assert await harness.table.commands.on_channel_message(555, bystander.id) is None
    assert await harness.table.commands.on_channel_message(777, lm.id) is None  # another channel
    # the reminder stays only while it is true: once the List Maker has discarded it goes (they
    # piled up under the table), and a new one replaces it
    await harness.table.delivery.pacer.settle()
    posted = [m for m in harness.discord.channels[555] if "stay silent" in m.text()]
    assert len(posted) == 1
    while (await harness.game(game_id)).state.phase == "LM_DISCARD":
        assert await play_random_click(harness, table, game_id, users, rng)
    await harness.table.delivery.pacer.settle()
    assert posted[0] not in harness.discord.channels[555]
    game = await harness.game(game_id)
    if game.state.phase == "SL_CHOOSE":
        assert "stay silent" in (
            await harness.table.commands.on_channel_message(555, users[game.state.sl].id) or ""
        )
        await harness.table.delivery.pacer.settle()
        assert len([m for m in harness.discord.channels[555] if "stay silent" in m.text()]) == 1


async def test_a_chat_reminder_that_lands_after_the_end_goes_too(harness: Harness) -> None:
    """The reminder waits its turn in the channel; the game ended meanwhile (its end had settled
    the game's calls already): it is deleted once up, not left under the final table."""
    users = make_users(5)
    table, game_id = await harness.open_table(users)
    rng = random.Random(2)
    while (await harness.game(game_id)).state.phase != "LM_DISCARD":
        assert await play_random_click(harness, table, game_id, users, rng)
    lm = users[(await harness.game(game_id)).state.lm]
    send, go, waiting = harness.messenger.send_channel, asyncio.Event(), asyncio.Event()

    async def held(channel_id, payload, **kwargs):  # noqa: ANN001, ANN202 - the reminder's turn comes late
        if "stay silent" in (payload.content or ""):
            waiting.set()
            await go.wait()
        return await send(channel_id, payload, **kwargs)

    harness.messenger.send_channel = held  # type: ignore[method-assign]
    chat = asyncio.create_task(harness.table.commands.on_channel_message(555, lm.id))
    await waiting.wait()
    await harness.command("abandon", users[0], None)
    await harness.table.delivery.pacer.settle()
    go.set()
    assert "stay silent" in (await chat or "")
    await harness.table.delivery.pacer.settle()
    assert not [m.text() for m in harness.discord.channels[555] if "stay silent" in m.text()]


@pytest.mark.parametrize("players", [5, 6, 7, 8, 9, 10])
async def test_no_public_message_leaks_over_many_random_games(harness: Harness, players: int) -> None:
    """Against the engine's own state after every click: no role, hand card or current vote in
    any public message, in several random games at every player count."""
    for game_number in range(3):
        users = make_users(players, start=1000 * game_number + 100 * players)
        table, game_id = await harness.open_table(users)
        rng = random.Random(game_number * 31 + players)
        while await play_random_click(harness, table, game_id, users, rng):
            game = await harness.game(game_id)
            assert public_leaks(table.text(), game.state, game.names) == [], table.text()


def test_the_leak_checker_can_fail() -> None:
    from games.secret_krampus import SecretKrampus

    rules = SecretKrampus()
    state = rules.new_game(5, rules.parse_options(None), 1)
    names = ["A", "B", "C", "D", "E"]
    assert public_leaks("Players: 1. A", state, names) == []
    assert public_leaks("A - Krampus (team Naughty)", state, names)
    assert public_leaks("Discard \N{WRAPPED PRESENT} Nice", state, names)
    state.votes, state.last_votes = {0: True}, None
    assert public_leaks("Last election's votes: A Yes", state, names)


async def test_a_dm_sent_but_not_recorded_before_a_crash_is_the_one_that_plays(harness: Harness) -> None:
    """Killed between sending a seat's new DM and recording it: after the restart the player's
    newest DM (the unrecorded one) is the one their click counts on, and it is recorded."""
    users = make_users(3)
    table, game_id = await harness.open_table(users, "christmas-tree")
    user = users[1]
    game = await harness.game(game_id)
    seat = game.seat_of(user.id)
    assert seat is not None
    older = harness.discord.last_dm(user)
    newer_id = await harness.messenger.send_dm(user.id, screens.private_payload(game, seat), ping=False)
    assert newer_id is not None and newer_id > older.id
    await harness.boot()  # a new bot object on the same database: it knows only the older DM
    await harness.table.restart.resume(pause=0)
    newer = harness.discord.messages[newer_id]
    pick = next(cid for cid in newer.custom_ids() if cid.startswith("pick:"))
    await harness.discord.click(user, newer, pick, [newer.item(pick).item.options[0].value])
    after = await harness.game(game_id)
    assert after.record.version == game.record.version + 1, harness.discord.last_ephemeral(user).text()
    assert after.seats[seat].dm_message_id == newer_id
    assert older not in harness.discord.dms[user.id]  # the older one is deleted: one DM has controls
