"""The bot's process killed the moment Discord created a new DM or table message, before the bot
recorded its id (`FakeDiscord.killed_after_dm`, `killed_after_post`): after the restart, that
message is found again by its nonce and deleted (`bot.noted_sends`), so the players have only
the messages the bot knows of: one living DM each and one table, with their controls, and no
"your turn" (DM or mention) that nothing will delete."""

from __future__ import annotations

import contextlib

from bot.attention import IDLE_SECONDS
from storage.sends import Send
from tests.bot.fakes import FakeMessage, FakeUser, Killed
from tests.bot.harness import Clock, Harness, make_users
from tests.bot.test_notifications import nominate, your_turn_dms


async def _restart(h: Harness, clock: Clock) -> None:
    clock.now += 1
    await h.boot()
    assert h.table is not None
    await h.table.restart.resume(pause=0)


async def _unfinished(h: Harness, clock: Clock) -> list[object]:
    return list(await h.service.store.sends.unfinished(clock.now + 1, clock.now))


async def test_a_living_dm_sent_as_the_process_died_is_deleted_after_the_restart(
    h: Harness, clock: Clock
) -> None:
    users = make_users(5)
    h.discord.killed_after_dm = {users[0].id}  # dies as its role DM is created, at the start
    with contextlib.suppress(Killed):
        await h.open_table(users)
    assert not h.discord.killed_after_dm, "the DM was never sent"
    orphan = h.discord.dms[users[0].id][-1].id
    await _restart(h, clock)
    assert orphan not in h.discord.messages
    game = next(iter(await h.service.store.live_games()))
    loaded = await h.game(game.id)
    for seat, user in enumerate(users):
        dms = [m.id for m in h.discord.dms.get(user.id, [])]
        assert dms == [loaded.seats[seat].dm_message_id], f"seat {seat}: {dms}"
    assert await _unfinished(h, clock) == []


async def _buried_as_the_process_dies(h: Harness, kills: set[int]) -> tuple[FakeMessage, int]:
    """A game of 5 whose table chat buries: the process dies where `kills` (a `FakeDiscord` set
    of channels) says, as the table is posted anew. Returns the old table and the game."""
    table, game_id = await h.open_table(make_users(5))
    kills.add(table.channel_id)
    with contextlib.suppress(Killed):
        await h.bury_table(table.channel_id)
    assert not kills, "the process never reached the write it dies at"
    return table, game_id


async def test_the_old_table_goes_when_the_process_died_as_it_deleted_it(h: Harness, clock: Clock) -> None:
    """Posted anew and recorded, the process stopped before the old table was deleted: the
    next start deletes it (taken to be deleted as the new one was recorded)."""
    table, game_id = await _buried_as_the_process_dies(h, h.discord.killed_at_delete)
    new_table = (await h.game(game_id)).record.table_message_id
    assert new_table != table.id and table.id in h.discord.messages
    await _restart(h, clock)
    assert table.id not in h.discord.messages, "the old table is left with its controls"
    tables = [m.id for m in h.discord.channel(table.channel_id) if f"mine:{game_id}" in m.custom_ids()]
    assert tables == [new_table]


async def test_a_your_turn_sent_as_the_process_died_is_deleted_after_the_restart(
    h: Harness, clock: Clock
) -> None:
    users = make_users(5)
    table, game_id = await h.open_table(users)
    clock.now += IDLE_SECONDS + 1
    game = await h.game(game_id)
    voter: FakeUser = next(u for s, u in enumerate(users) if s != game.state.lm_candidate)
    h.discord.killed_after_dm = {voter.id}
    with contextlib.suppress(Killed):
        await nominate(h, table, users, game)
    assert not h.discord.killed_after_dm, "the DM was never sent"
    orphans = {m.id for m in your_turn_dms(h, voter)}
    assert orphans
    await _restart(h, clock)
    recorded = {call.message_id for call in await h.service.store.calls.of_game(game_id)}
    assert orphans & set(h.discord.messages) <= recorded, "a 'your turn' DM nothing will delete"
    assert await _unfinished(h, clock) == []


async def test_the_start_leaves_the_dms_this_process_is_sending_alone(h: Harness, clock: Clock) -> None:
    """A click in a restart's first moments sends a new DM while the start's recovery runs: its
    note is this process's, not a stopped one's, so the recovery does not take it (and delete
    the DM once Discord has made it)."""
    assert h.table is not None
    sends = h.table.delivery.sends
    clock.now += 1
    await sends.store.begin(Send(nonce=77, who=1, game_id=1, seat=0), clock.now)  # under way
    clock.now += 1
    assert await sends.finish() == 0
    assert [send.nonce for send in await _unfinished(h, clock)] == [77]


async def test_a_table_posted_anew_as_the_process_died_is_deleted_after_the_restart(
    h: Harness, clock: Clock
) -> None:
    table, game_id = await _buried_as_the_process_dies(h, h.discord.killed_after_post)
    orphan = h.discord.channel(table.channel_id)[-1].id
    await _restart(h, clock)
    assert orphan not in h.discord.messages
    tables = [m.id for m in h.discord.channel(table.channel_id) if f"mine:{game_id}" in m.custom_ids()]
    assert tables == [(await h.game(game_id)).record.table_message_id]
    assert await _unfinished(h, clock) == []


async def test_a_mention_posted_as_the_process_died_is_deleted_after_the_restart(
    h: Harness, clock: Clock
) -> None:
    users = make_users(5)
    h.discord.closed_dms = {u.id for u in users}  # told by a mention in the channel
    table, game_id = await h.open_table(users)
    clock.now += IDLE_SECONDS + 1
    h.discord.killed_after_post = {table.channel_id}
    with contextlib.suppress(Killed):
        await nominate(h, table, users, await h.game(game_id))
    assert not h.discord.killed_after_post, "no mention was posted"
    orphans = {m.id for m in h.discord.channel(table.channel_id) if m.pings}
    assert orphans
    await _restart(h, clock)
    recorded = {call.message_id for call in await h.service.store.calls.of_game(game_id)}
    assert orphans & set(h.discord.messages) <= recorded, "a mention nothing will delete"
    assert await _unfinished(h, clock) == []


async def test_a_dm_recorded_as_the_process_died_is_kept_after_the_restart(h: Harness, clock: Clock) -> None:
    """The process died after recording a new DM's id and before clearing its note: the restart
    finds it by its nonce and must keep it (the seat's living DM, with its controls). (A recovery
    that deleted whatever it found passed every test above.)"""
    users = make_users(5)
    assert h.table is not None
    sends = h.table.delivery.sends
    cleared = sends.recorded

    async def dies_once(nonce: int) -> None:
        sends.recorded = cleared  # type: ignore[method-assign]
        raise Killed

    sends.recorded = dies_once  # type: ignore[method-assign]
    with contextlib.suppress(Killed):
        await h.open_table(users)
    assert sends.recorded is cleared, "no DM was recorded"
    game = next(iter(await h.service.store.live_games()))
    before = {seat.seat: seat.dm_message_id for seat in (await h.game(game.id)).seats if seat.dm_message_id}
    assert before and len(await _unfinished(h, clock)) == 1
    await _restart(h, clock)
    after = (await h.game(game.id)).seats
    for seat, message_id in before.items():
        assert message_id in h.discord.messages and after[seat].dm_message_id == message_id, seat
    assert await _unfinished(h, clock) == []
