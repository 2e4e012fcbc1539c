"""/play and the lobby: Join, Leave, Start, Cancel."""

from __future__ import annotations

import asyncio

import discord

from tests.bot.harness import CHANNEL, Harness, make_users


async def _lobby(h: Harness, host):
    interaction = await h.command("play", host, "secret-krampus")
    message = interaction.original
    return message, int(message.custom_ids()[0].split(":")[1])


async def test_play_posts_a_lobby_with_the_host_seated(harness: Harness) -> None:
    (host,) = make_users(1)
    message, game_id = await _lobby(harness, host)
    assert message.channel_id == CHANNEL
    text = message.text()
    assert "5-10 players" in text and "1. Dasher" in text
    assert [cid.rsplit(":", 1)[1] for cid in message.custom_ids()] == [
        "join",
        "leave",
        "start",
        "cancel",
        "addai",
        "removeai",
        "clock",  # the turn clock select every game has
    ]
    assert [item.item.label for item in message.items()[:6]] == [
        "Join",
        "Leave",
        "Start",
        "Cancel",
        "Add AI",
        "Remove AI",
    ]
    game = await harness.game(game_id)
    assert game.record.table_message_id == message.id


async def test_join_leave_and_start_rules(harness: Harness) -> None:
    users = make_users(6)
    message, game_id = await _lobby(harness, users[0])
    click = harness.discord.click
    await click(users[0], message, f"lobby:{game_id}:start")
    assert "needs 5-10 players; 1 seated" in harness.discord.last_ephemeral(users[0]).content
    for user in users[1:5]:
        await click(user, message, f"lobby:{game_id}:join")
    await click(users[1], message, f"lobby:{game_id}:join")
    assert "already seated" in harness.discord.last_ephemeral(users[1]).content
    await click(users[2], message, f"lobby:{game_id}:leave")
    assert "Prancer" not in message.text()
    await click(users[5], message, f"lobby:{game_id}:leave")
    assert "not seated" in harness.discord.last_ephemeral(users[5]).content
    await click(users[0], message, f"lobby:{game_id}:leave")
    assert "host cannot leave" in harness.discord.last_ephemeral(users[0]).content
    await click(users[5], message, f"lobby:{game_id}:join")
    await click(users[1], message, f"lobby:{game_id}:start")
    assert "Only the host" in harness.discord.last_ephemeral(users[1]).content
    await click(users[0], message, f"lobby:{game_id}:start")
    game = await harness.game(game_id)
    assert game.record.status == "running"
    assert game.names == ["Dasher", "Dancer", "Vixen", "Comet", "Cupid"]
    assert f"Secret Krampus #{game_id}" in message.text()
    # a second Start (an old copy of the lobby) is refused
    await click(users[0], message, f"lobby:{game_id}:start", check_present=False)
    assert "already started" in harness.discord.last_ephemeral(users[0]).content


async def test_table_is_full_at_the_maximum(harness: Harness) -> None:
    users = make_users(11)
    message, game_id = await _lobby(harness, users[0])
    for user in users[1:10]:
        await harness.discord.click(user, message, f"lobby:{game_id}:join")
    await harness.discord.click(users[10], message, f"lobby:{game_id}:join")
    assert "full" in harness.discord.last_ephemeral(users[10]).content
    assert len((await harness.game(game_id)).seats) == 10


async def test_racing_joins_never_overfill(harness: Harness) -> None:
    users = make_users(12, start=100)
    message, game_id = await _lobby(harness, users[0])
    await asyncio.gather(*(harness.discord.click(u, message, f"lobby:{game_id}:join") for u in users[1:]))
    assert len((await harness.game(game_id)).seats) == 10


async def test_one_game_per_player_per_channel_but_many_per_server(harness: Harness) -> None:
    users = make_users(3)
    message, game_id = await _lobby(harness, users[0])
    await harness.command("play", users[0], "secret-krampus")
    assert "already seated in a game in this channel" in harness.discord.last_ephemeral(users[0]).content
    other, other_id = await _lobby(harness, users[1])
    await harness.discord.click(users[1], message, f"lobby:{game_id}:join")
    assert "already seated" in harness.discord.last_ephemeral(users[1]).content
    # another channel of the same server is fine
    interaction = await harness.command("play", users[0], "secret-krampus", channel=777)
    assert interaction.original.channel_id == 777


async def test_cancel_closes_the_lobby(harness: Harness) -> None:
    users = make_users(2)
    message, game_id = await _lobby(harness, users[0])
    await harness.discord.click(users[1], message, f"lobby:{game_id}:cancel")
    assert "Only the host" in harness.discord.last_ephemeral(users[1]).content
    await harness.discord.click(users[0], message, f"lobby:{game_id}:cancel")
    assert "cancelled" in message.text()
    assert message.custom_ids() == []
    assert (await harness.game(game_id)).record.status == "cancelled"
    await harness.discord.click(users[1], message, f"lobby:{game_id}:join", check_present=False)
    assert "cancelled" in harness.discord.last_ephemeral(users[1]).content


async def test_buttons_are_enabled_only_when_they_can_work(harness: Harness) -> None:
    """Start needs a valid player count, Remove AI an AI seat, Join and Add AI a free seat."""
    (host,) = make_users(1)
    message, game_id = await _lobby(harness, host)

    def enabled() -> set[str]:
        return {item.custom_id.rsplit(":", 1)[1] for item in message.items()[:6] if not item.item.disabled}

    assert enabled() == {"join", "leave", "cancel", "addai"}
    for _ in range(4):
        await harness.discord.click(host, message, f"lobby:{game_id}:addai")
    assert enabled() == {"join", "leave", "cancel", "addai", "removeai", "start"}
    for _ in range(5):
        await harness.discord.click(host, message, f"lobby:{game_id}:addai")
    assert enabled() == {"leave", "cancel", "removeai", "start"}  # 10 of 10 seated
    for _ in range(9):
        await harness.discord.click(host, message, f"lobby:{game_id}:removeai")
    assert enabled() == {"join", "leave", "cancel", "addai"}


async def test_option_values_read_as_words(harness: Harness) -> None:
    (host,) = make_users(1)
    interaction = await harness.command("play", host, "grumpy-nisse")
    text = interaction.original.text()
    assert "host_violet" not in text and "Host is Violet" in text
    assert "Roles:** Random - The bot draws who plays which side" in text


async def test_a_channel_where_the_bot_lacks_a_permission_gets_no_lobby(harness: Harness) -> None:
    """A channel whose overrides take away a permission the bot needs there (a picture it cannot
    attach, a post it cannot make) would break the game later, only logged: /play says at once
    which ones, in the host's language, and opens nothing."""
    (host,) = make_users(1)
    harness.discord.bot_permissions[CHANNEL] = discord.Permissions(
        view_channel=True, send_messages=True, embed_links=True
    )
    interaction = await harness.command("play", host, "secret-krampus")
    refusal = harness.discord.last_ephemeral(host).text()
    assert "**Attach Files**, **Read Message History**" in refusal and interaction.original.ephemeral_for
    assert harness.discord.channels.get(CHANNEL, []) == []
    assert await harness.service.store.games_in_channel(CHANNEL) == []
    host.locale = "de"
    await harness.command("play", host, "secret-krampus")
    assert "**Dateien anhängen**" in harness.discord.last_ephemeral(host).text()
    harness.discord.bot_permissions[CHANNEL] = discord.Permissions.all()  # a moderator allows it
    message, _game_id = await _lobby(harness, host)
    assert message.channel_id == CHANNEL


async def test_abandoning_a_lobby_cancels_it(harness: Harness) -> None:
    """/abandon of a lobby posted "... was abandoned by Mod. It stays recorded." and left an
    "abandoned" game of no moves for /log and /export: nothing was played, as the lobby's Cancel."""
    host, mod = make_users(2)
    message, game_id = await _lobby(harness, host)
    await harness.command("abandon", mod, game_id)
    assert "Only the host or a member with Manage Server can end a game." in (
        harness.discord.last_ephemeral(mod).text()
    )
    await harness.command("abandon", mod, game_id, manage_guild=True)
    assert (await harness.game(game_id)).record.status == "cancelled"
    said = harness.discord.channels[CHANNEL][-1].text()
    assert said == f"Dancer cancelled the lobby of Secret Krampus #{game_id}.", said
    await harness.command("export", mod, game_id, manage_guild=True)
    assert "Game #" not in harness.discord.last_ephemeral(mod).text()


async def test_an_ai_seat_is_not_named_like_a_person_at_the_table(harness: Harness) -> None:
    """A person called "Jingle" (or "Tinsel (AI)") sat beside the bot's "Jingle (AI)" (or
    passed for an AI seat)."""
    from tests.bot.fakes import FakeUser

    host, guest = FakeUser(1, "Jingle"), FakeUser(2, "Tinsel (AI)")
    message, game_id = await _lobby(harness, host)
    await harness.discord.click(guest, message, f"lobby:{game_id}:join")
    for _ in range(3):
        await harness.discord.click(host, message, f"lobby:{game_id}:addai")
    names = [seat.display_name for seat in (await harness.game(game_id)).seats]
    assert names[:2] == ["Jingle", "Tinsel (AI)"]
    ai = names[2:]
    assert len(ai) == 3 and not {"Jingle (AI)", "Tinsel (AI)"} & set(ai) and len(set(ai)) == 3, ai
    # and a person's own "(AI)" is not shown: they would pass for an AI seat
    shown = (await harness.game(game_id)).names
    assert shown[:2] == ["Jingle", "Tinsel"] and all(name.endswith(" (AI)") for name in shown[2:])
