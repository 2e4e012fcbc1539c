"""/leave and /replace hand a running game's seat to an AI; in a two-player game the player who
stays may take the win instead."""

from __future__ import annotations

import asyncio
import random

import bot.answers
from bot.i18n import using
from tests.bot.fakes import FakeMessage, FakeUser
from tests.bot.harness import CHANNEL, Harness, make_users, play_random_click
from tests.bot.test_ai_seats import settle  # (bounded: a stuck AI fails the test, not hangs it)


async def test_leaving_a_running_game_hands_the_seat_to_an_ai_who_plays_on(harness: Harness) -> None:
    users = make_users(5)
    table, game_id = await harness.open_table(users)
    await harness.command("leave", users[3])
    game = await harness.game(game_id)
    assert game.seats[3].user_id < 0 and game.seats[3].display_name.endswith("(AI)")
    notice = harness.discord.channels[CHANNEL][-1].text()
    assert "Prancer" not in notice and "Vixen left the game" in notice and "(AI)" in notice
    assert "(AI)" in table.text()
    # the game goes on to the end with the AI in seat 3
    rng = random.Random(2)
    humans = users[:3]
    for _ in range(3000):
        await settle(harness)
        game = await harness.game(game_id)
        if game.record.status != "running":
            break
        waiting = [s for s in game.to_decide() if s != 3]
        if waiting and min(waiting) < 3:
            await play_random_click(harness, table, game_id, humans, rng)
        elif waiting:  # seat 4 (still a person) must act
            await play_random_click(harness, table, game_id, users, rng)
        else:
            await asyncio.sleep(0.001)
    assert (await harness.game(game_id)).record.status == "finished"
    await harness.command("leave", users[3])
    assert "not seated" in harness.discord.last_ephemeral(users[3]).text()


async def test_only_the_host_replaces_an_absent_player(harness: Harness) -> None:
    users = make_users(5)
    table, game_id = await harness.open_table(users)
    await harness.command("replace", users[1], users[2])
    assert "Only the host" in harness.discord.last_ephemeral(users[1]).text()
    await harness.command("replace", users[0], users[2])
    game = await harness.game(game_id)
    assert game.seats[2].user_id < 0
    assert "Dasher replaced Prancer" in harness.discord.channels[CHANNEL][-1].text()


async def test_an_ai_taking_a_seat_keeps_its_players_name_marked(harness: Harness) -> None:
    """What the seat did before (votes cast, roles known, the end's roles) stays under the name of
    the player who did it: the AI that plays on is "Vixen (AI)", not a stranger."""
    users = make_users(5)
    _table, game_id = await harness.open_table(users)
    await harness.command("leave", users[3])
    notice = harness.discord.channels[CHANNEL][-1].text()
    assert "Vixen left the game: **Vixen (AI)** plays that seat" in notice
    await harness.command("replace", users[0], users[2])
    notice = harness.discord.channels[CHANNEL][-1].text()
    assert "Dasher replaced Prancer: **Prancer (AI)** plays" in notice
    game = await harness.game(game_id)
    assert game.names == ["Dasher", "Dancer", "Prancer (AI)", "Vixen (AI)", "Comet"]
    assert game.is_ai(2) and game.is_ai(3) and game.seats[2].user_id != game.seats[3].user_id
    with using("hu"):  # (the mark in the reader's language)
        assert game.names[3] == "Vixen (MI)"


async def test_replace_names_who_is_not_seated_and_refuses_your_own_seat(harness: Harness) -> None:
    """/replace of yourself left the game for good (a slip with a host's command), announced in
    the channel: now it is refused, pointing to /leave."""
    users = make_users(5)
    _, game_id = await harness.open_table(users)
    await harness.command("replace", users[0], FakeUser(999, "Grinch"))
    assert (
        harness.discord.last_ephemeral(users[0]).text() == "Grinch is not seated in a game in this channel."
    )
    posts = len(harness.discord.channels[CHANNEL])
    for user in users[:2]:  # the host, and another
        await harness.command("replace", user, user)
        assert harness.discord.last_ephemeral(user).text() == "To give up your own seat, use `/leave`."
    assert len(harness.discord.channels[CHANNEL]) == posts
    assert all(seat.user_id > 0 for seat in (await harness.game(game_id)).seats)
    # a bystander named like an AI seat of the game: not "An AI already plays Comet's seat."
    await harness.command("leave", users[4])  # (the AI that takes the seat is named after them)
    ai_named = next(s.display_name for s in (await harness.game(game_id)).seats if s.user_id < 0)
    await harness.command("replace", users[0], FakeUser(998, ai_named.removesuffix(" (AI)")))
    said = harness.discord.last_ephemeral(users[0]).text()
    assert said.endswith("is not seated in a game in this channel."), said


async def test_a_host_who_leaves_hands_the_hosting_to_the_next_player(harness: Harness) -> None:
    """A host who had left kept the power to replace the people still playing and to end the game
    for them, while those could do neither."""
    users = make_users(5)
    _, game_id = await harness.open_table(users)
    await harness.command("leave", users[0])
    game = await harness.game(game_id)
    assert game.record.host_id == users[1].id
    assert "Dancer hosts the game now." in harness.discord.channels[CHANNEL][-1].text()
    await harness.command("replace", users[0], users[2])
    assert "Only the host" in harness.discord.last_ephemeral(users[0]).text()
    await harness.command("replace", users[1], users[2])  # the new host may
    assert (await harness.game(game_id)).seats[2].user_id < 0
    assert "hosts the game" not in harness.discord.channels[CHANNEL][-1].text()
    await harness.command("abandon", users[0], None)
    assert (await harness.game(game_id)).record.status == "running"
    await harness.command("abandon", users[1], None)
    assert (await harness.game(game_id)).record.status == "abandoned"


async def _left_alone(harness: Harness) -> tuple[list[FakeUser], int, FakeMessage]:
    """A Grumpy Nisse game whose second player left: (the players, the game, the notice of it,
    which offers the first the win)."""
    users = make_users(2)
    lobby = (await harness.command("play", users[0], "grumpy-nisse")).original
    game_id = int(lobby.custom_ids()[0].split(":")[1])
    await harness.discord.click(users[1], lobby, f"lobby:{game_id}:join")
    await harness.discord.click(users[0], lobby, f"lobby:{game_id}:start")
    await harness.command("leave", users[1])
    return users, game_id, harness.discord.channels[CHANNEL][-1]


async def test_two_player_game_the_one_who_stays_may_take_the_win(harness: Harness) -> None:
    users, game_id, notice = await _left_alone(harness)
    assert f"forfeit:{game_id}:0" in notice.custom_ids()
    await harness.discord.click(FakeUser(999, "Grinch"), notice, f"forfeit:{game_id}:0")
    await harness.discord.click(users[0], notice, f"forfeit:{game_id}:0")
    await settle(harness)
    game = await harness.game(game_id)
    assert game.record.status == "finished"
    assert notice.text() == "Dasher took the win."
    posts = [m for m in harness.discord.channels[CHANNEL] if m.id != game.record.table_message_id]
    wins = [m for m in posts if "wins: the other player left" in m.text()]
    assert len(wins) == 1 and f"rematch:{game_id}" in wins[0].custom_ids()  # one end post, with Rematch
    table = harness.discord.messages[game.record.table_message_id]
    assert "wins: the other player left" in table.text() and not table.custom_ids()  # (one Rematch)
    await harness.command("stats", users[0], None)
    assert "1/1 won" in harness.discord.last_ephemeral(users[0]).text()
    # the leaver lost it (leaving kept a lost game out of their record), the AI seated for the
    # last moments neither played nor lost it
    await harness.command("stats", users[1], None)
    assert "0/1 won" in harness.discord.last_ephemeral(users[1]).text()
    await harness.command("leaderboard", users[1], "grumpy-nisse")
    board = harness.discord.last_ephemeral(users[1]).text()
    assert "2. Dancer - 0/1 won" in board and "(AI)" not in board, board
    assert await harness.service.store.results.ai_stats(harness.discord.guild_id, "grumpy-nisse") == (0, 0)


async def test_a_player_replaced_loses_the_game_and_an_abandoned_game_counts_for_no_one(
    harness: Harness,
) -> None:
    """Whatever the AI in their seat does after: the seat's result is theirs, a loss; and a game
    abandoned after someone left counts for nobody."""
    results = harness.service.store.results
    guild = harness.discord.guild_id
    for abandon in (False, True):
        users = make_users(5, start=1 if not abandon else 11)
        table, game_id = await harness.open_table(users)
        await harness.command("replace", users[0], users[3])  # (the host hands an absent seat on)
        if abandon:
            await harness.command("abandon", users[0], None)
            assert [r for r in await results.player_stats(guild, users[3].id)] == []
            continue
        rng = random.Random(4)
        for _ in range(3000):
            if (await harness.game(game_id)).record.status != "running":
                break
            await play_random_click(harness, table, game_id, users, rng)
            await settle(harness)
        assert (await harness.game(game_id)).record.status == "finished"
        assert await results.player_stats(guild, users[3].id) == [("secret-krampus", 1, 0)]
        assert await results.ai_stats(guild, "secret-krampus") == (0, 0)


async def test_take_the_win_and_rematch_answered_late_are_acknowledged_first(
    harness: Harness, monkeypatch
) -> None:
    """Both wait for the game's lock (held here by another change): past `ACKNOWLEDGE_AFTER`,
    "Take the win" is acknowledged (its message edited after), and Rematch gets Discord's
    "thinking" placeholder, which the new lobby takes the place of (it is the new game's table)."""
    monkeypatch.setattr(bot.answers, "ACKNOWLEDGE_AFTER", 0.05)
    users, game_id, notice = await _left_alone(harness)

    async def late(message, custom_id: str):  # noqa: ANN001, ANN202
        async with harness.service.lock(game_id):
            clicking = asyncio.create_task(harness.discord.click(users[0], message, custom_id))
            await asyncio.sleep(0.2)
            assert not clicking.done()
        return await clicking

    took = await late(notice, f"forfeit:{game_id}:0")
    assert took.response.kind == "defer" and notice.text() == "Dasher took the win."
    await settle(harness)
    end = next(m for m in harness.discord.channels[CHANNEL] if f"rematch:{game_id}" in m.custom_ids())
    rematch = await late(end, f"rematch:{game_id}")
    assert rematch.response.kind == "thinking" and rematch.original is not None
    new_lobby = rematch.original
    new_id = int(new_lobby.custom_ids()[0].split(":")[1])
    assert new_id != game_id and (await harness.game(new_id)).record.table_message_id == new_lobby.id
    assert "Rematch!" in new_lobby.text()


async def test_the_view_of_a_player_who_left_or_was_replaced_says_an_ai_plays_without_reclaim(
    harness: Harness,
) -> None:
    users = make_users(5)
    harness.discord.closed_dms = {users[2].id, users[3].id}
    table, game_id = await harness.open_table(users)
    for user in users[2:4]:
        await harness.discord.click(user, table, f"mine:{game_id}")  # their view: their private message
    await harness.command("leave", users[2])
    await harness.command("replace", users[0], users[3])
    for user in users[2:4]:
        view = harness.discord.last_ephemeral(user)
        assert view.text() == f"Secret Krampus #{game_id}: an AI plays your seat now."
        assert not view.custom_ids()  # (`/reclaim` takes back only a seat kept after timeouts)


async def test_a_player_is_told_in_their_language_that_an_ai_plays_their_seat(harness: Harness) -> None:
    """It was said in the table's language: English to a German player whose every other line
    was German."""
    users = make_users(5)
    users[2] = FakeUser(users[2].id, users[2].display_name, locale="de")
    harness.discord.closed_dms = {users[2].id}
    table, game_id = await harness.open_table(users)
    await harness.discord.click(users[2], table, f"mine:{game_id}")
    await harness.command("leave", users[2])
    with using("de"):
        from bot.i18n import _

        said = _("{game} #{number}: an AI plays your seat now.", game=_("Secret Krampus"), number=game_id)
    assert said != f"Secret Krampus #{game_id}: an AI plays your seat now."
    assert harness.discord.last_ephemeral(users[2]).text() == said


async def test_refusals_say_what_happened_to_the_seat_and_the_game(harness: Harness) -> None:
    """True but misleading answers: "/replace Vixen" after Vixen left said she was not seated,
    "/hand" after the game said "spectators see only the table", "/abandon" by a player with
    no game here listed the lobbies of others (which they could not abandon anyway), and by one
    whose game is over said only the host could."""
    users = make_users(5)
    table, game_id = await harness.open_table(users)
    await harness.command("leave", users[3])
    await harness.command("replace", users[0], users[3])
    assert harness.discord.last_ephemeral(users[0]).text() == "An AI already plays Vixen's seat."
    await harness.command("abandon", users[0], None)
    await harness.command("hand", users[1])
    assert harness.discord.last_ephemeral(users[1]).text() == (
        f"Your game here (#{game_id}) is over: the table shows the end."
    )
    others = [FakeUser(200 + i, f"Host{i}") for i in range(2)]
    for host in others:  # two lobbies of other hosts
        await harness.command("play", host, "grumpy-nisse")
    await harness.command("abandon", users[1], None)  # (theirs is over: what they meant)
    assert harness.discord.last_ephemeral(users[1]).text() == f"Your game here (#{game_id}) is already over."
    await harness.command("abandon", FakeUser(300, "Nobody"), None)
    assert (
        "Only the host or a member with Manage Server"
        in harness.discord.last_ephemeral(FakeUser(300, "Nobody")).text()
    )
    await harness.command("abandon", others[0], None)  # (their own lobby, not "several games")
    assert "Host0 cancelled the lobby of" in harness.discord.channels[CHANNEL][-1].text()


async def test_hand_after_being_replaced_says_so_not_an_older_game_s_end(harness: Harness) -> None:
    """/hand of a player replaced in the running game #2 said "Your game here (#1) is over"."""
    users, first, notice = await _left_alone(harness)
    await harness.discord.click(users[0], notice, f"forfeit:{first}:0")
    lobby = (await harness.command("play", users[0], "grumpy-nisse")).original
    second = int(lobby.custom_ids()[0].split(":")[1])
    await harness.discord.click(users[1], lobby, f"lobby:{second}:join")
    await harness.discord.click(users[0], lobby, f"lobby:{second}:start")
    await harness.command("replace", users[0], users[1])
    await harness.command("hand", users[1])
    answer = harness.discord.last_ephemeral(users[1]).text()
    assert answer.startswith("You left your seat (or were replaced): its AI plays it to the end"), answer
    notice = next(
        m for m in reversed(harness.discord.channels[CHANNEL]) if f"forfeit:{second}:0" in m.custom_ids()
    )
    await harness.discord.click(users[0], notice, f"forfeit:{second}:0")
    await harness.command("hand", users[1])  # (not "spectators see only the table")
    answer = harness.discord.last_ephemeral(users[1]).text()
    assert answer == f"Your game here (#{second}) is over: the table shows the end.", answer


async def test_hand_after_leaving_is_told_by_who_left_not_by_name(harness: Harness) -> None:
    """(The seat was found by its AI's name, "<name> (AI)": a name with Markdown in it is stored
    escaped, and a nickname may change, so "snow_man" was told he was a spectator.)"""
    host, snowman = make_users(1)[0], FakeUser(77, "snow_man")
    lobby = (await harness.command("play", host, "grumpy-nisse")).original
    game_id = int(lobby.custom_ids()[0].split(":")[1])
    await harness.discord.click(snowman, lobby, f"lobby:{game_id}:join")
    await harness.discord.click(host, lobby, f"lobby:{game_id}:start")
    await harness.command("leave", snowman)
    await harness.command("hand", snowman)
    answer = harness.discord.last_ephemeral(snowman).text()
    assert answer.startswith("You left your seat (or were replaced)"), answer
