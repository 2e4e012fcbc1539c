"""Telling people it is their turn, for every registered game: a decision that becomes an idle
player's (no action of theirs in the game for a minute) gets exactly one notification Discord
delivers (a new DM: the living private message with the controls, or a link to the table; a
channel mention when DMs are closed), and nothing else notifies anyone."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.attention import IDLE_SECONDS
from bot.loaded_game import LoadedGame
from bot.plugins import PLUGINS
from bot.table_message import BURIED_AFTER
from storage.calls import Call
from tests.bot.fakes import FakeMessage, FakeUser
from tests.bot.harness import (
    CHANNEL,
    Clock,
    Harness,
    make_users,
    play_random_click,
    private_message,
)


def newly_deciding(before: LoadedGame, after: LoadedGame) -> set[int]:
    """The people a decision just became theirs."""
    if after.record.status != "running":
        return set()
    was = set(before.humans_to_decide())
    return {seat for seat in after.humans_to_decide() if after.decision != before.decision or seat not in was}


def notified(h: Harness, mark: int) -> list[int]:
    """User ids Discord would notify since `mark` (in `FakeMessenger.pinged`): each DM sent
    with a push, each user a channel post mentions."""
    return sorted(h.messenger.pinged[mark:])


def your_turn_dms(h: Harness, user: FakeUser) -> list[FakeMessage]:
    return [m for m in h.discord.dms.get(user.id, []) if (m.content or "").startswith("\N{BELL}")]


def everyone_told(h: Harness, users: list[FakeUser]) -> list[FakeMessage]:
    return [m for u in users for m in your_turn_dms(h, u)]


async def nominate(h: Harness, table: FakeMessage, users: list[FakeUser], game: LoadedGame) -> FakeUser:
    """Secret Krampus's List Maker candidate nominates on the table (then everyone else votes);
    returns the candidate."""
    candidate = users[game.state.lm_candidate]
    pick = next(cid for cid in table.custom_ids() if cid.startswith("pick:"))
    await h.discord.click(candidate, table, pick, [table.item(pick).item.options[0].value])
    return candidate


async def vote_called(h: Harness, clock: Clock) -> tuple[list[FakeUser], FakeMessage, int]:
    """A Secret Krampus table of 5 whose players have been away for a minute; the candidate
    nominates, so the vote is the others' (each told by a "your turn" DM)."""
    users = make_users(5)
    table, game_id = await h.open_table(users)
    clock.now += IDLE_SECONDS + 1
    await nominate(h, table, users, await h.game(game_id))
    return users, table, game_id


def channel_count(h: Harness) -> int:
    return sum(len(ms) for ms in h.discord.channels.values())


@pytest.mark.parametrize("idle", [True, False])
@pytest.mark.parametrize("name", PLUGINS.names())
async def test_one_notification_per_decision_that_becomes_an_idle_players(
    h: Harness, clock: Clock, name: str, idle: bool
) -> None:
    users, table, game_id = await h.open_any(name)
    rng = random.Random(name)
    expected_total = 0
    for _ in range(400):
        before = await h.game(game_id)
        if before.record.status != "running":
            break
        if idle:
            clock.now += IDLE_SECONDS + 1  # everyone has been away for a minute
        mark = len(h.messenger.pinged)
        clicked: list[int] = []
        assert await play_random_click(h, table, game_id, users, rng, clicked, anywhere=rng.random() < 0.5)
        after = await h.game(game_id)
        expected: set[int] = set()
        if after.record.version != before.record.version and idle:
            expected = newly_deciding(before, after) - set(clicked)  # who acted is playing along
        assert notified(h, mark) == sorted(after.user_of(s) for s in expected), (
            f"after {clicked} at decision {before.decision} -> {after.decision}"
        )
        expected_total += len(expected)
        assert all(len(your_turn_dms(h, u)) <= 1 for u in users), "an older 'your turn' DM is kept"
        deciding = {after.user_of(s) for s in after.humans_to_decide()} if after.state else set()
        stale = [u.display_name for u in users if your_turn_dms(h, u) and u.id not in deciding]
        assert stale == [], "a 'your turn' DM stays after the decision is no longer theirs"
    if idle:
        assert expected_total > 3  # the game really handed decisions to idle players
    if (await h.game(game_id)).record.status != "running":
        assert everyone_told(h, users) == []  # none true any more


@pytest.mark.parametrize("name", PLUGINS.names())
async def test_dms_that_tell_of_no_new_decision_are_silent(h: Harness, name: str) -> None:
    """Everyone is playing along (nobody idle for a minute): the first DMs at the start, and
    everything up to the end played from the channel's views, push nothing; the DMs are there."""
    users, table, game_id = await h.open_any(name)
    first = [h.discord.dms[u.id][-1] for u in users]
    assert all(message.silent for message in first), [m.content for m in first]
    for user in users:
        await h.discord.click(user, table, f"mine:{game_id}")
    rng = random.Random(name)
    while await play_random_click(h, table, game_id, users, rng):
        pass
    assert (await h.game(game_id)).record.status != "running"
    assert h.messenger.pinged == []


async def test_players_idle_since_they_joined_are_told_of_their_first_decision(
    h: Harness, clock: Clock
) -> None:
    users = make_users(6)
    interaction = await h.command("play", users[0], "secret-krampus")
    lobby = interaction.original
    assert lobby is not None
    game_id = int(lobby.custom_ids()[0].split(":")[1])
    for user in users[1:]:
        await h.discord.click(user, lobby, f"lobby:{game_id}:join")
    clock.now += IDLE_SECONDS + 1  # the players wander off; the host comes back and starts
    await h.discord.click(users[0], lobby, f"lobby:{game_id}:start")
    game = await h.game(game_id)
    deciding = {game.user_of(s) for s in game.humans_to_decide()} - {users[0].id}
    assert deciding  # (the seed gives the first decision to someone who is not the host)
    assert sorted(h.messenger.pinged) == sorted(deciding)
    silent = [u.id for u in users if h.discord.dms[u.id][-1].silent]
    assert sorted(silent) == sorted(u.id for u in users if u.id not in deciding)


async def test_closed_dms_get_one_channel_mention(h: Harness, clock: Clock) -> None:
    users = make_users(5)
    h.discord.closed_dms = {u.id for u in users}
    table, game_id = await h.open_table(users)
    game = await h.game(game_id)
    clock.now += IDLE_SECONDS + 1
    mark = channel_count(h)
    candidate = await nominate(h, table, users, game)  # every voter (idle) is mentioned, in one post
    posts = [m for ms in h.discord.channels.values() for m in ms][mark:]
    after = await h.game(game_id)
    voters = sorted(after.user_of(s) for s in after.humans_to_decide() if users[s] != candidate)
    assert [sorted(p.pings) for p in posts if p.pings] == [voters]


async def test_a_channel_mention_says_where_the_decision_is_made(h: Harness, clock: Clock) -> None:
    """A vote is on the table itself; the List Maker's discard is in their view ("My role &
    cards"): the mention says which (both read "your choices: My role & cards" before)."""
    users = make_users(5)
    h.discord.closed_dms = {u.id for u in users}
    table, game_id = await h.open_table(users)
    clock.now += IDLE_SECONDS + 1
    candidate = await nominate(h, table, users, await h.game(game_id))
    vote = [m for m in h.discord.channels[CHANNEL] if m.pings][-1]
    assert (
        "your turn in **Secret Krampus #1** \N{EN DASH} the vote, on the table." in vote.text()
    )  # (what for)
    assert "My role & cards" not in vote.text() and candidate.id not in vote.pings
    yes = next(cid for cid in table.custom_ids() if cid.endswith(":vote.1"))
    await h.discord.click(candidate, table, yes)
    clock.now += IDLE_SECONDS + 1  # the candidate wanders off while the others vote yes
    for user in users:
        if user != candidate:
            await h.discord.click(user, table, yes)
    game = await h.game(game_id)
    assert game.state is not None and game.state.phase.name == "LM_DISCARD"
    discard = [m for m in h.discord.channels[CHANNEL] if m.pings][-1]
    assert list(discard.pings) == [candidate.id] and discard is not vote
    assert "(your choices: **My role & cards** on the table)" in discard.text()


async def test_a_new_dm_with_a_decision_says_why_it_came(h: Harness, clock: Clock) -> None:
    """A private decision of an idle player comes as a new DM carrying its controls: with only an
    embed, the phone's push said nothing. Its first line says whose turn it is, until it is
    answered."""
    users = make_users(5)
    table, game_id = await h.open_table(users)
    candidate = await nominate(h, table, users, await h.game(game_id))
    yes = next(cid for cid in table.custom_ids() if cid.endswith(":vote.1"))
    await h.discord.click(candidate, table, yes)
    clock.now += IDLE_SECONDS + 1  # the candidate wanders off while the others vote yes
    mark = len(h.messenger.pinged)
    for user in users:
        if user != candidate:
            await h.discord.click(user, table, yes)
    assert notified(h, mark) == [candidate.id]
    dm = h.discord.last_dm(candidate)
    assert dm.content == (
        "\N{BELL} Your turn in **Secret Krampus #1** \N{EN DASH} the List Maker's discard: your choices are "
        "below."
    )
    assert any(cid.startswith("act:") for cid in dm.custom_ids()) and not dm.silent
    await h.discord.click(candidate, dm, next(cid for cid in dm.custom_ids() if cid.startswith("act:")))
    assert not dm.content and h.discord.last_dm(candidate) is dm  # answered: the line goes


async def test_a_your_turn_dm_of_a_player_in_their_view_names_its_button(h: Harness, clock: Clock) -> None:
    """A player who plays from their view ("My role & cards") is told of a private decision by a
    short DM: it said only "go to the table", where nothing shows the choice (the view is gone
    once the app restarts). It names the button."""
    users = make_users(5)
    table, game_id = await h.open_table(users)
    candidate = await nominate(h, table, users, await h.game(game_id))
    await h.discord.click(candidate, table, f"mine:{game_id}")  # plays from the view from now on
    yes = next(cid for cid in table.custom_ids() if cid.endswith(":vote.1"))
    await h.discord.click(candidate, table, yes)
    clock.now += IDLE_SECONDS + 1
    for user in users:
        if user != candidate:
            await h.discord.click(user, table, yes)
    assert (await h.game(game_id)).state.phase.name == "LM_DISCARD"
    (told,) = your_turn_dms(h, candidate)
    assert "your choices are under **My role & cards** on the [table](" in told.content, told.content


async def test_a_view_player_s_turn_on_the_table_is_pushed_as_on_the_table(h: Harness, clock: Clock) -> None:
    """A Naughty or Nice turn is played on the table (Craft, Summon) and in the view (Fulfill):
    the push of a player who plays from their view sent them to "**My hand**" alone."""
    users = make_users(2)
    table, game_id = await h.open_table(users, "naughty-or-nice")
    await h.discord.click(users[0], table, f"mine:{game_id}")  # plays from the view from now on
    rng = random.Random(4)
    told: list[str] = []
    for _ in range(200):
        game = await h.game(game_id)
        if game.record.status != "running" or told:
            break
        clock.now += IDLE_SECONDS + 1
        before = len(your_turn_dms(h, users[0]))
        await play_random_click(h, table, game_id, users, rng)
        after = await h.game(game_id)
        turn = after.view(0).phase == "turn" and 0 in after.to_decide()
        told += [m.content for m in your_turn_dms(h, users[0])[before:] if turn]
    assert told, "no turn of the view player was pushed"
    assert "[go to the table](" in told[0] and "My hand" not in told[0], told[0]


async def test_a_channel_mention_goes_when_its_decision_is_over(h: Harness, clock: Clock) -> None:
    users = make_users(5)
    h.discord.closed_dms = {u.id for u in users}
    table, game_id = await h.open_table(users)
    rng = random.Random(3)
    mentions, called_to = 0, -1
    while (game := await h.game(game_id)).record.status == "running":
        for seat in game.to_decide():  # "My role & cards" (the fallback for closed DMs)
            await h.discord.click(users[seat], table, f"mine:{game_id}")
        clock.now += IDLE_SECONDS + 1
        mark = len(h.messenger.pinged)
        assert await play_random_click(h, table, game_id, users, rng)
        after = await h.game(game_id)
        if len(h.messenger.pinged) > mark:
            mentions, called_to = mentions + 1, after.decision
        posts = [m for m in h.discord.channel(555) if m.pings]
        assert len(posts) <= 1, [m.content for m in posts]
        assert not posts or after.decision == called_to, "a mention stays after its decision"
    assert mentions > 3  # several were posted, each replacing the one before
    assert [m for m in h.discord.channel(555) if m.pings] == []


async def test_a_mention_of_one_player_goes_once_they_have_chosen(h: Harness, clock: Clock) -> None:
    """A channel mention that called one player stayed until the whole decision was over (a
    Christmas Tree player who was ready saw "your turn" under the table for the rest of the
    turn, everyone else too): it goes once they have chosen, as a "your turn" DM does."""
    users = make_users(5)
    table, game_id = await h.open_table(users)
    game = await h.game(game_id)
    away = next(u for seat, u in enumerate(users) if seat != game.state.lm_candidate)
    h.discord.closed_dms = {away.id}  # (closed since: the "your turn" DM fails, so a mention)
    clock.now += IDLE_SECONDS + 1
    await nominate(h, table, users, game)
    (mention,) = [m for m in h.discord.channels[CHANNEL] if m.pings]
    assert list(mention.pings) == [away.id]
    await h.discord.click(away, table, next(cid for cid in table.custom_ids() if cid.endswith(":vote.1")))
    assert (await h.game(game_id)).state.phase.name == "VOTING"  # (the others have not voted)
    assert [m for m in h.discord.channels[CHANNEL] if m.pings] == []


async def test_your_turn_dms_follow_the_table_when_it_moves(h: Harness, clock: Clock) -> None:
    users = make_users(5)
    table, game_id = await h.open_table(users)
    game = await h.game(game_id)
    clock.now += IDLE_SECONDS + 1
    await nominate(h, table, users, game)  # the vote is everyone else's (idle)
    told = everyone_told(h, users)
    assert len(told) == len(users) - 1 and all(str(table.id) in m.content for m in told)
    for _ in range(BURIED_AFTER):
        await h.table.commands.on_channel_message(555, users[0].id)
    moved = (await h.game(game_id)).record.table_message_id
    assert moved != table.id
    told = everyone_told(h, users)
    assert len(told) == len(users) - 1
    assert all(str(moved) in m.content and str(table.id) not in m.content for m in told)
    # a voter leaves (an AI takes the seat): their "your turn" DM goes, the others' stay
    leaver = next(u for u in users if your_turn_dms(h, u))
    await h.command("leave", leaver)
    assert (await h.game(game_id)).decision == game.decision + 1  # the vote is still on
    assert your_turn_dms(h, leaver) == []
    assert len(everyone_told(h, users)) == len(users) - 2


async def test_a_buried_table_moves_to_the_bottom_at_most_once_a_minute(h: Harness, clock: Clock) -> None:
    users = make_users(5)
    table, game_id = await h.open_table(users)
    channel = h.discord.channel(555)
    chatter = users[0].id
    for _ in range(BURIED_AFTER - 1):
        await h.table.commands.on_channel_message(555, chatter)
    assert table in channel and (await h.game(game_id)).record.table_message_id == table.id
    await h.table.commands.on_channel_message(555, chatter)  # the tenth message: moved down
    moved = (await h.game(game_id)).record.table_message_id
    assert moved != table.id and table not in channel and channel[-1].id == moved
    assert f"mine:{game_id}" in channel[-1].custom_ids()
    for _ in range(3 * BURIED_AFTER):  # more chat within the minute: it stays put
        await h.table.commands.on_channel_message(555, chatter)
    assert (await h.game(game_id)).record.table_message_id == moved
    clock.now += 61
    await h.table.commands.on_channel_message(555, chatter)
    assert (await h.game(game_id)).record.table_message_id not in (moved, table.id)
    # the game goes on on the new table
    game = await h.game(game_id)
    new_table = channel[-1]
    assert await play_random_click(h, new_table, game_id, users, random.Random(2))
    assert (await h.game(game_id)).record.version == game.record.version + 1


async def play_until_decided(h: Harness, table: FakeMessage, game_id: int, users: list[FakeUser]) -> int:
    """Random clicks until the current decision is over; returns how many."""
    rng, decision, clicks = random.Random(7), (await h.game(game_id)).decision, 0
    while (await h.game(game_id)).decision == decision:
        assert await play_random_click(h, table, game_id, users, rng)
        clicks += 1
    return clicks


async def test_a_your_turn_dm_sent_before_a_restart_goes_when_its_decision_ends(
    h: Harness, clock: Clock
) -> None:
    users, table, game_id = await vote_called(h, clock)
    told = {m.id for m in everyone_told(h, users)}
    assert len(told) == len(users) - 1
    await h.boot()  # a restart: the bot knows of them only from the store
    assert await play_until_decided(h, table, game_id, users) == len(users)  # everyone votes
    assert told & {m.id for m in everyone_told(h, users)} == set()
    assert await h.service.store.calls.of_game(game_id) == []


async def test_a_your_turn_dm_taken_to_be_deleted_before_a_restart_is_deleted_after_it(
    h: Harness, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The decision ended and the bot took its "your turn" DMs to delete them (a delete waits
    for spare room in Discord's global budget: minutes under load), then stopped before it did:
    the next start deletes them."""
    users, table, game_id = await vote_called(h, clock)
    told = {m.id for m in everyone_told(h, users)}

    async def stopped_first(call: Call) -> None:
        pass

    monkeypatch.setattr(h.table.delivery.notifications, "_delete_taken", stopped_first)
    await play_until_decided(h, table, game_id, users)
    assert await h.service.store.calls.of_game(game_id) == []  # taken
    assert told <= set(h.discord.messages)  # and not deleted
    clock.now += 1
    await h.boot()
    await h.table.restart.resume(pause=0)
    assert told & set(h.discord.messages) == set()
    assert await h.service.store.calls.unfinished(clock.now + 1, clock.now) == []


async def test_players_who_played_just_before_a_restart_are_not_told_after_it(
    h: Harness, clock: Clock
) -> None:
    users, table, game_id = await vote_called(h, clock)
    await play_until_decided(h, table, game_id, users)  # everyone has played now
    clock.now += IDLE_SECONDS / 2
    await h.boot()
    rng, seen = random.Random(11), set()
    for _ in range(12):  # decisions become others' than the clicker's, all within the minute
        game = await h.game(game_id)
        seen |= {game.user_of(seat) for seat in game.humans_to_decide()}
        assert await play_random_click(h, table, game_id, users, rng)
    assert len(seen) > 2 and h.messenger.pinged == []
    clock.now += IDLE_SECONDS  # now they are idle: the next decision that becomes theirs is told
    while not h.messenger.pinged:
        assert await play_random_click(h, table, game_id, users, rng)


async def test_players_who_just_started_a_game_are_not_told_after_a_restart(h: Harness, clock: Clock) -> None:
    """A restart seconds after the start: the players who joined had no action logged yet, so
    each first decision pinged them "Your turn" as if they had been away."""
    users = make_users(5)
    table, game_id = await h.open_table(users)
    clock.now += 2
    await h.boot()
    await h.table.restart.resume(pause=0)
    mark = len(h.messenger.pinged)
    await nominate(h, table, users, await h.game(game_id))  # the vote: the others' first decision
    assert len((await h.game(game_id)).humans_to_decide()) == 5
    assert notified(h, mark) == []
    assert everyone_told(h, users) == []


async def test_a_player_who_opens_their_cards_is_not_told_just_after(h: Harness, clock: Clock) -> None:
    """A decision became an idle player's, who opened "My hand" (or /hand) before the "your turn"
    went out: it pushed to their phone 0.3 s after they had looked."""
    from tests.bot.test_table_news import _act

    users = make_users(5)
    table, game_id = await h.open_table(users)
    clock.now += IDLE_SECONDS + 1
    nominator = users[min((await h.game(game_id)).to_decide())]
    await _act(h, game_id, users, random.Random(1))  # the nomination, committed, not yet delivered
    voters = [users[seat] for seat in sorted((await h.game(game_id)).humans_to_decide())]
    voters.remove(nominator)  # (they just acted)
    looking = voters[0]
    mark = len(h.messenger.pinged)
    await h.discord.click(looking, table, f"mine:{game_id}")
    await h.table.delivery.deliver(game_id)
    assert notified(h, mark) == sorted(user.id for user in voters[1:])


async def test_a_click_on_a_new_dm_does_not_wait_for_the_old_ones_delete(h: Harness, clock: Clock) -> None:
    """A new DM is the player's living message once sent: deleting the old one (a REST call, slow
    under load) and recording the new one happen after its lock is released, so a click on it is
    answered at once."""
    users = make_users(2)
    table, game_id = await h.open_table(users, "grumpy-nisse")
    held, release, told = asyncio.Event(), asyncio.Event(), []
    delete_dm = h.messenger.delete_dm

    async def slow_delete(user_id: int, message_id: int) -> None:
        message = next((m for m in h.discord.dms.get(user_id, []) if m.id == message_id), None)
        if message is not None and message.embeds and not held.is_set():  # an old living DM
            told.append(user_id)
            held.set()
            await release.wait()
        await delete_dm(user_id, message_id)

    h.messenger.delete_dm = slow_delete  # type: ignore[method-assign]
    rng = random.Random(5)
    for _ in range(100):  # idle players: a decision in a DM comes as a new DM
        clock.now += IDLE_SECONDS + 1
        playing = asyncio.create_task(play_random_click(h, table, game_id, users, rng))
        waiting = asyncio.create_task(held.wait())
        await asyncio.wait({playing, waiting}, return_when=asyncio.FIRST_COMPLETED)
        if held.is_set():
            break
        waiting.cancel()
        assert playing.result()
    assert held.is_set(), "no new DM replaced an old one"
    user = next(u for u in users if u.id == told[0])
    game = await h.game(game_id)
    new = private_message(h, user, game_id)
    choice = next(cid for cid in new.custom_ids() if f":{game_id}:{game.decision}:" in cid)
    values = [new.item(choice).item.options[0].value] if choice.startswith(("pick:", "dsel:")) else None
    clicking = asyncio.create_task(h.discord.click(user, new, choice, values))

    async def answered() -> None:  # the click's answer edits the new DM: the choice is made
        while choice in new.custom_ids():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(answered(), timeout=2)  # while the old DM's delete still waits
    assert not release.is_set() and (await h.game(game_id)).decision != game.decision
    release.set()
    await asyncio.gather(playing, clicking)


async def test_a_note_replaced_while_old_ones_are_deleted_is_deleted_once(h: Harness, clock: Clock) -> None:
    """Two notes out of date at once; while the first is deleted, the second player's note is
    replaced (which deletes theirs): that one was deleted again (Discord: 404 Unknown Message)."""
    users, table, game_id = await h.open_any("secret-krampus")
    game = await h.game(game_id)
    notifications = h.table.delivery.notifications
    deleted: list[int] = []

    async def delete_followup(token: str, message_id: int) -> None:
        deleted.append(message_id)
        if message_id == 1:  # meanwhile, the second player's note is replaced
            await notifications.noted(game_id, users[1].id, "t3", 3, game.decision, 1)

    h.messenger.delete_followup = delete_followup  # type: ignore[method-assign]
    stale = game.decision - 1  # (their decision is over)
    await notifications.noted(game_id, users[0].id, "t1", 1, stale, 0)
    await notifications.noted(game_id, users[1].id, "t2", 2, stale, 1)
    await notifications.settle(game)
    assert sorted(deleted) == [1, 2]  # each once; the new note stays
